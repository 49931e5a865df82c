"""Random-play speed: legal_actions plus apply of a uniformly random legal action, per second.

    python -m toledo.games.torres.bench [seconds]
"""

from __future__ import annotations

import random
import sys
import time

from . import data as D
from .state import new_game


def bench(seconds: float = 3.0, num_players: int | None = None, variant: str | None = None,
          seed: int = 0) -> float:
    """Actions per second in seeded random games (players and variants cycle unless fixed)."""
    rng = random.Random(f"bench:{seed}")
    actions = 0
    game = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        players = num_players or 2 + game % 3
        var = variant or D.VARIANTS[game // 3 % len(D.VARIANTS)]
        state = new_game(players, seed=seed * 100_003 + game, variant=var)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))], check=False)
            actions += 1
        game += 1
    return actions / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    seconds = float(args[0]) if args else 3.0
    for variant in D.VARIANTS:
        print(f"{variant:9s} {bench(seconds, variant=variant):9.0f} actions/s")
    print(f"{'all':9s} {bench(seconds):9.0f} actions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
