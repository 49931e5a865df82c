"""Golden playthroughs: seeded games between seeded random bots, written down step by step.

Each file in tests/golden/ holds one complete game:
- a header naming the players, the game seed and the bot seeds;
- for the first DETAILED_STEPS steps: the state `summary()`, the legal actions in order, the action chosen;
- then every further action, one line per turn (``turn 57 red: move 4Va 1, use, end``);
- the final summary, the score breakdown of each seat and the winners.

tests/test_golden.py regenerates the transcripts in memory and compares them line by line, so any
change to the rules, the order of legal actions, the text forms, the deal or the reshuffles shows
up as a diff. After an intended change, regenerate from the repository root with

    python -m tests.toledo.golden_gen

and review the diff of tests/golden/ before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from toledo import new_game
from toledo.ai.bots import RandomBot

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GAMES: tuple[tuple[int, int], ...] = ((2, 101), (3, 202), (4, 303))  # (players, seed)
DETAILED_STEPS = 40


def file_name(players: int, seed: int) -> str:
    return f"{players}p-seed{seed}.txt"


def transcript(players: int, seed: int) -> list[str]:
    """The lines of one golden playthrough."""
    bot_seeds = [seed * 10 + seat for seat in range(players)]
    bots = [RandomBot(s, "toledo") for s in bot_seeds]
    state = new_game(players, seed=seed)
    lines = [
        f"# Toledo golden playthrough: {players} players, game seed {seed}, random bots seeded {bot_seeds}",
        "# regenerate with: python -m tests.toledo.golden_gen",
    ]
    turn_line: list[str] = []
    while not state.is_terminal():
        seat = state.current
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal)
        if state.step < DETAILED_STEPS:
            lines.append(f"== step {state.step}")
            lines.extend(state.summary().splitlines())
            lines.append(f"legal ({len(legal)}): " + ", ".join(str(a) for a in legal))
            lines.append(f"chosen: {action}")
        else:
            if state.step == DETAILED_STEPS:
                lines.append(f"== from step {DETAILED_STEPS}: the actions, one line per turn")
            if not turn_line:
                turn_line.append(f"turn {state.turn} {state.colour_of(seat)}: ")
            turn_line.append(str(action))
        turn = state.turn
        state.apply(action)
        if turn_line and (state.turn != turn or state.is_terminal()):
            lines.append(turn_line[0] + ", ".join(turn_line[1:]))
            turn_line = []
    lines.append(f"== final after {state.step} actions, {state.turn} turns")
    lines.extend(state.summary().splitlines())
    for score_seat, score in enumerate(state.scores()):
        lines.append(
            f"score {state.colour_of(score_seat)}: total {score.total} = swords delivered {score.swords_delivered}"
            f" + swords in front {score.swords_in_front} + paintings {score.paintings} + gems {score.gems}"
            f" + movement tile {score.movement_tile}; cards {score.cards_in_hand} worth {score.hand_value}")
    lines.append("winners: " + ", ".join(state.colour_of(w) for w in state.winners()))
    return lines


def main() -> int:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for players, seed in GAMES:
        path = GOLDEN_DIR / file_name(players, seed)
        path.write_text("\n".join(transcript(players, seed)) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
