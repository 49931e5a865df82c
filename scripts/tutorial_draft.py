"""Draft a tutorial's script: play a two-player deal, the learner's seat steered toward a move of each
kind the first time one is possible, and print the game one turn a line, ready for a game's
`tutorial.py` (`_TURNS`), with each action's log line and what kind of move it was.

    .venv/bin/python scripts/tutorial_draft.py --game toledo --seed 32
    .venv/bin/python scripts/tutorial_draft.py --game torres --seed 9 --lines

How the stored tutorials were made: the learner (seat 1) plays the `greedy` level except where a kind
of move not seen yet is possible (Toledo: a challenge, a fencing tile, a sword, paying another player;
Torres: a passage, a climb, a new knight, the six-points card, a purchase, a tower's blocks spread),
the other seat plays `easy`; the steps were then placed by reading the game through.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the engine, from a checkout

STEER = {
    "toledo": ("CHALLENGE", "FENCE", "SWORD", "PAY_other"),
    "torres": ("PASS", "STEP_up", "PLACE", "PLAYk14", "BUY", "END_spread"),
}


def _kind(game: str, state: Any, action: Any) -> str:
    """What kind of move `action` is, finer than its kind where the steering needs it."""
    kind = action.kind.name
    if game == "toledo":
        from toledo.games.toledo import data as D

        if kind in ("PAY", "USE"):
            space = state.pawn_pos[state.active_pawn]
            if D.SPACE_KINDS[space] == D.SpaceKind.BUSINESS:
                return f"{kind}_{'own' if state.tile_owner[space] == state.current else 'other'}"
            return f"{kind}_{D.SPACE_KINDS[space].name}"
        if kind == "FENCE" and action.give_back >= 0:
            return "FENCE_back"
        return kind
    if kind == "STEP":
        rise = state.heights[action.to] - state.heights[action.sq]
        return "STEP_up" if rise == 1 else "STEP_down" if rise < 0 else "STEP_flat"
    if kind == "PLAY":
        return "PLAY" + str(action).split()[1]
    if kind == "END":
        return "END_spread" if any(action.spread) else "END"
    return kind


def draft(game: str, seed: int) -> list[tuple[int, list[tuple[str, str, str]]]]:
    """The game as turns: (seat, [(action text, kind, log line)])."""
    from toledo.ai.bots import make_bot
    from toledo.core import registry

    rules = registry.get(game)
    describe = importlib.import_module(f"{registry.info(game).module}.describe").describe
    state = rules.new_state(rules.make_setup(2, seed=seed))
    bots = [make_bot("greedy", seed * 10, game), make_bot("easy", seed * 10 + 1, game)]
    seen: set[str] = set()
    turns: list[tuple[int, list[tuple[str, str, str]]]] = []
    last_turn = -1
    while state.current_player >= 0:
        seat = state.current_player
        legal = state.legal_actions()
        action = None
        if seat == 0:
            for wanted in STEER[game]:
                if wanted not in seen:
                    action = next((a for a in legal if _kind(game, state, a) == wanted), None)
                    if action is not None:
                        break
        if action is None:
            action = bots[seat].choose(state.view(seat), legal)
        kind = _kind(game, state, action)
        if seat == 0:
            seen.add(kind)
        if not turns or turns[-1][0] != seat or state.turn != last_turn:
            turns.append((seat, []))
        last_turn = state.turn
        line = describe(state.apply(action), action, state).text("en")
        turns[-1][1].append((str(action), kind, line))
    return turns


def main() -> None:
    parser = OneLineParser(prog="tutorial_draft.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(STEER), default="toledo")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lines", action="store_true", help="also print each action's log line")
    args = parser.parse_args()
    count = 0
    for seat, actions in draft(args.game, args.seed):
        print(f'    "{", ".join(a for a, _, _ in actions)}",  # seat {seat + 1}, from action {count}')
        if args.lines:
            for offset, (action, kind, line) in enumerate(actions):
                print(f"    #   {count + offset:4d} {action:24s} {kind:14s} {line}")
        count += len(actions)


if __name__ == "__main__":
    main()
