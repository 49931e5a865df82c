"""Golden playthroughs of Torres: seeded random games, one per player count and variant, written down
action by action.

Each file in tests/torres/golden/ holds one complete game: a header naming the players, variant and
seeds, then one line per action (``step 12 blue: build d4 t1 | ...``) with a short summary of the
state after it (phase, round, AP, general supply, scores, castles as area/height, knights on the
board), and finally the full `summary()` and the winners.

tests/torres/test_torres_golden.py regenerates the transcripts in memory and compares them line by
line, so any change to the rules, the order of legal actions, the text forms or the shuffles shows up
as a diff. After an intended change, regenerate from the repository root with

    python -m tests.torres.golden_gen

and review the diff of tests/torres/golden/ before committing it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from toledo.games.torres import data as D
from toledo.games.torres.board import square_list
from toledo.games.torres.state import State, new_game

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GAMES: tuple[tuple[int, str, int], ...] = tuple(
    (players, variant, 100 * players + 10 * v) for v, variant in enumerate(D.VARIANTS) for players in (2, 3, 4))


def file_name(players: int, variant: str, seed: int) -> str:
    return f"{players}p-{variant}-seed{seed}.txt"


def short(st: State) -> str:
    """The state in one line: where the game is, the supply, the scores, the castles, the knights."""
    castles = " ".join(f"{m.bit_count()}/{max(st.heights[q] for q in square_list(m))}" for m in st.castles())
    knights = "/".join(str(st.knight_masks[s].bit_count()) for s in range(st.n))
    cards = "/".join(str(sum(h)) for h in st.hands)
    return (f"{st.stage.name.lower()} ph{st.phase + 1} r{st.rnd + 1} ap{st.ap} supply {st.supply} "
            f"scores {'/'.join(map(str, st.score))} knights {knights} cards {cards} castles {castles}")


def transcript(players: int, variant: str, seed: int) -> list[str]:
    """The lines of one golden playthrough."""
    rng = random.Random(f"golden:{players}:{variant}:{seed}")
    state = new_game(players, seed=seed, variant=variant)
    lines = [
        f"# Torres golden playthrough: {players} players, variant {variant}, game seed {seed}, "
        f"uniformly random legal actions (random.Random('golden:{players}:{variant}:{seed}'))",
        "# regenerate with: python -m tests.torres.golden_gen",
    ]
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        seat = state.current
        step = state.step
        state.apply(action)
        lines.append(f"step {step} {state.colour_of(seat)}: {action} | {short(state)}")
    lines.append(f"== final after {state.step} actions, {state.turn} turns")
    lines.extend(state.summary().splitlines())
    lines.append("winners: " + ", ".join(state.colour_of(w) for w in state.winners()))
    return lines


def main() -> int:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for players, variant, seed in GAMES:
        path = GOLDEN_DIR / file_name(players, variant, seed)
        path.write_text("\n".join(transcript(players, variant, seed)) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
