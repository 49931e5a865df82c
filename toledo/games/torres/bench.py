"""Random-play speed: legal_actions plus apply of a uniformly random legal action, per second.

    python -m toledo.games.torres.bench [seconds]

The figures are actions per second of processor time (`time.process_time`), so that a machine shared
with other work still gives comparable numbers; wall-clock figures are printed beside them. The
first use of each action builds its pooled value once (actions.py); one warm-up game per variant and
player count pays that before the clock starts, and its time is printed as the start-up cost.
"""

from __future__ import annotations

import random
import sys
import time

from . import data as D
from .state import new_game


def play_random(players: int, variant: str, seed: int, rng: random.Random) -> int:
    """One whole seeded game of uniformly random legal actions; how many actions it took."""
    state = new_game(players, seed=seed, variant=variant)
    actions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))], check=False)
        actions += 1
    return actions


def warm_up(seed: int = 0) -> float:
    """One game per variant and player count (fills the action pools); its processor seconds."""
    start = time.process_time()
    rng = random.Random(f"warm:{seed}")
    for variant in D.VARIANTS:
        for players in range(D.MIN_PLAYERS, D.MAX_PLAYERS + 1):
            play_random(players, variant, seed, rng)
    return time.process_time() - start


def bench(seconds: float = 3.0, num_players: int | None = None, variant: str | None = None,
          seed: int = 0) -> tuple[float, float]:
    """(actions per processor second, actions per wall-clock second) in seeded random games; player
    counts and variants cycle unless fixed."""
    rng = random.Random(f"bench:{seed}")
    actions = game = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        players = num_players or D.MIN_PLAYERS + game % (D.MAX_PLAYERS - D.MIN_PLAYERS + 1)
        var = variant or D.VARIANTS[game // 3 % len(D.VARIANTS)]
        actions += play_random(players, var, seed * 100_003 + game, rng)
        game += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return actions / cpu, actions / wall


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        seconds = float(args[0]) if args else 3.0
        if not 0 < seconds <= 3600:
            raise ValueError
    except ValueError:
        print(f"error: seconds must be a number above 0 and at most 3600, not {args[0][:20]!r}", file=sys.stderr)
        return 2
    print(f"start-up  {warm_up():9.2f} s (first use of every action, one game per variant and player count)")
    print(f"{'variant':9s} {'cpu':>9s} {'wall':>9s} actions/s")
    for variant in D.VARIANTS:
        cpu, wall = bench(seconds, variant=variant)
        print(f"{variant:9s} {cpu:9.0f} {wall:9.0f}")
    cpu, wall = bench(seconds)
    print(f"{'all':9s} {cpu:9.0f} {wall:9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
