"""Command line: `python -m toledo simulate | replay | bench` (the AI adds `tournament`).

Every failure caused by the user (a bad option, an unreadable or invalid file) ends with exit
status 2 and one line on standard error.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Callable, NoReturn, Sequence

from .ai import bots
from .core.errors import ToledoError
from .core.save import loads
from .games.toledo.state import State, new_game

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}


class UsageError(Exception):
    """A problem the user must fix; reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def play_game(num_players: int, seed: int, bot_names: Sequence[str]) -> State:
    """One whole game between bots; seat i is played by bot_names[i], seeded from `seed` and i."""
    players = [bots.make_bot(name, seed * 7919 + i) for i, name in enumerate(bot_names)]
    state = new_game(num_players, seed=seed)
    while not state.is_terminal():
        seat = state.current
        state.apply(players[seat].choose(state.view(seat), state.legal_actions()))
    return state


def _bot_list(text: str, players: int) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} players")
    known = bots.bot_names()
    for name in names:
        if name not in known:
            raise UsageError(f"unknown bot {name!r} (choose from {', '.join(known)})")
    return names


def cmd_simulate(args: argparse.Namespace) -> int:
    names = _bot_list(args.bots, args.players)
    games = []
    started = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        state = play_game(args.players, seed, names)
        games.append({
            "seed": seed, "actions": state.step, "turns": state.turn,
            "scores": [s.total for s in state.scores()], "winners": state.winners(),
            "breakdown": [s.__dict__ if hasattr(s, "__dict__") else _score_dict(s) for s in state.scores()],
        })
    wins = [0.0] * args.players
    for game in games:
        for w in game["winners"]:
            wins[w] += 1 / len(game["winners"])
    summary = {"players": args.players, "bots": names, "games": games, "wins": wins,
               "seconds": round(time.perf_counter() - started, 3)}
    print(json.dumps(summary, indent=1 if args.pretty else None))
    return 0


def _score_dict(score: object) -> dict[str, int]:
    return {name: getattr(score, name) for name in score.__slots__}  # type: ignore[attr-defined]


def cmd_replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        text = path.read_bytes()
    except OSError as err:
        raise UsageError(f"cannot read {args.file}: {err.strerror}") from None
    model, state = loads(text)
    names = [p.name for p in model.setup.players]
    result = {
        "actions": state.step, "finished": state.is_terminal(),
        "to_act": None if state.is_terminal() else names[state.current],
        "scores": {names[i]: _score_dict(s) for i, s in enumerate(state.scores())},
        "winners": [names[w] for w in state.winners()] if state.is_terminal() else [],
    }
    print(json.dumps(result, indent=1))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Random full games: actions per second, and the cost of legal-action generation and apply."""
    rng = random.Random(args.seed)
    games = actions = 0
    gen_time = apply_time = 0.0
    clock = time.perf_counter
    started = clock()
    while clock() - started < args.seconds or games == 0:
        state = new_game(2 + games % 3, seed=args.seed + games)
        while state.phase != 7:
            t0 = clock()
            legal = state._generate()
            t1 = clock()
            state.apply(legal[rng.randrange(len(legal))], check=False)
            t2 = clock()
            gen_time += t1 - t0
            apply_time += t2 - t1
            actions += 1
        games += 1
    timed = clock() - started
    # the headline figure without the per-call timers' own cost
    t0 = clock()
    n_plain = 0
    for g in range(max(1, games // 4)):
        state = new_game(2 + g % 3, seed=args.seed + g)
        while state.phase != 7:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))], check=False)
            n_plain += 1
    plain = clock() - t0
    print(json.dumps({
        "python": sys.version.split()[0], "games": games, "actions": actions,
        "games_per_second": round(games / timed, 2),
        "actions_per_second": round(n_plain / plain),
        "us_per_legal_actions": round(gen_time / actions * 1e6, 2),
        "us_per_apply": round(apply_time / actions * 1e6, 2),
        "mean_actions_per_game": round(actions / games, 1),
    }, indent=1))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m toledo", description="Toledo rules engine tools.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play bot games and print a JSON summary")
    sim.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    sim.add_argument("--games", type=_positive, default=10)
    sim.add_argument("--seed", type=_natural, default=0)
    sim.add_argument("--bots", default="random", help="one bot name for all seats, or one per seat, comma-separated")
    sim.add_argument("--pretty", action="store_true")
    rep = sub.add_parser("replay", help="validate and replay a save file, print the scores")
    rep.add_argument("file")
    bench = sub.add_parser("bench", help="measure the engine's speed on random games")
    bench.add_argument("--seconds", type=float, default=5.0)
    bench.add_argument("--seed", type=_natural, default=0)
    for name, hook in _EXTRA_COMMANDS:
        hook(sub)
    return parser


def _positive(text: str) -> int:
    value = _natural(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {text}")
    return value


# other modules (the AI's tournament) add sub-commands here: (name, function adding the sub-parser)
_EXTRA_COMMANDS: list[tuple[str, Callable[[argparse._SubParsersAction], None]]] = []
# Modules that register such commands, imported only when the command line runs: importing the AI
# (as the page does) must not pull in the command line and, with it, pydantic.
_COMMAND_MODULES: tuple[str, ...] = ("toledo.ai.tournament",)
COMMANDS.update({"simulate": cmd_simulate, "replay": cmd_replay, "bench": cmd_bench})


def _load_extra_commands() -> None:
    bots._load_builtin_levels()
    for name in _COMMAND_MODULES:
        importlib.import_module(name)


def main(argv: Sequence[str] | None = None) -> int:
    _load_extra_commands()
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except (UsageError, ToledoError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
