"""Command line: `python -m toledo simulate | replay | bench` for any game (the AI adds `tournament`).

Every failure caused by the user (a bad option, an unreadable, oversized or invalid file) ends with
exit status 2 and one line on standard error, never a traceback. Files are read with the same cap as
the page reads them, and only regular files (or `-` for standard input): a FIFO or a device is
refused before it is read. When the reader of the output goes away (`| head`) the command stops
quietly with status 141, as a process ended by SIGPIPE does; an output that cannot be written at all
(standard output closed, a full disk) ends with one line and status 74 (EX_IOERR), before the work
when it is closed from the start. With standard error closed the line is not written anywhere else.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import stat
import sys
import time
from typing import Any, Callable, Sequence

from ..ai import bots
from ..core import VERSION, registry
from ..core.boundary.excerpt import excerpt, one_line
from ..core.boundary.limits import MAX_DOCUMENT_BYTES, MAX_MESSAGE_CHARS
from ..core.boundary.text import decode_text
from ..core.errors import InputError, ToledoError
from .args import OutputError, UsageError, seats_for, _games, _natural, _Parser, _player_count, _seconds, emit, flush_output, \
    require_output

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}
DEFAULT_GAME = "toledo"
EXIT_USAGE = 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_OUTPUT = 74  # EX_IOERR: the output cannot be written


# --- games and bots ------------------------------------------------------------------------------------
def _game(name: str) -> Any:
    """The registered game `name`, or a UsageError when this build cannot play it yet."""
    try:
        return registry.get(name)
    except (ImportError, AttributeError, ToledoError):
        raise UsageError(f"the game {excerpt(name)} cannot be played in this version yet") from None


def play_game(num_players: int, seed: int, bot_names: Sequence[str], game: str = DEFAULT_GAME) -> Any:
    """One whole game between bots; seat i is played by bot_names[i], seeded from `seed` and i."""
    rules = _game(game)
    players = [bots.make_bot(name, seed * 7919 + i, game=game) for i, name in enumerate(bot_names)]
    state = rules.new_state(rules.make_setup(num_players, seed=seed))
    while not state.is_terminal():
        seat = state.current_player
        state.apply(players[seat].choose(state.view(seat), state.legal_actions()))
    return state


def _players(args: argparse.Namespace, game: Any) -> int:
    players = game.min_players if args.players is None else args.players
    return seats_for(game.title, game.min_players, game.max_players, players)


def _bot_list(text: str, players: int) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} players")
    known = bots.bot_names()
    for name in names:
        if name not in known:
            raise UsageError(f"unknown bot {excerpt(name)} (choose from {', '.join(known)})")
    return names


def _score_dict(score: object) -> dict[str, int]:
    if isinstance(score, int):  # a game that keeps plain totals (Torres)
        return {"total": score}
    if hasattr(score, "__dict__"):
        return dict(vars(score))
    return {name: getattr(score, name) for name in score.__slots__}  # type: ignore[attr-defined]


def _results(state: Any) -> dict[str, Any]:
    """Scores and winners where the game keeps them (else the protocol's returns)."""
    if hasattr(state, "scores") and hasattr(state, "winners"):
        scores = state.scores()
        return {"scores": [getattr(s, "total", s) for s in scores], "winners": state.winners(),
                "breakdown": [_score_dict(s) for s in scores] if all(hasattr(s, "total") for s in scores) else None}
    returns = state.returns()
    best = max(returns)
    return {"scores": returns, "winners": [i for i, r in enumerate(returns) if r == best], "breakdown": None}


# --- commands -------------------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    game = _game(args.game)
    players = _players(args, game)
    names = _bot_list(args.bots, players)
    games = []
    started = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        state = play_game(players, seed, names, game.name)
        games.append({"seed": seed, "actions": state.step, "turns": getattr(state, "turn", None), **_results(state)})
    wins = [0.0] * players
    for played in games:
        for w in played["winners"]:
            wins[w] += 1 / len(played["winners"])
    summary = {"game": game.name, "players": players, "bots": names, "games": games, "wins": wins,
               "seconds": round(time.perf_counter() - started, 3)}
    emit(json.dumps(summary, indent=1 if args.pretty else None))
    return 0


def read_input(path: str, max_bytes: int = MAX_DOCUMENT_BYTES) -> bytes:
    """The bytes of a regular file (or of standard input for '-'), at most `max_bytes`. A FIFO, a
    device or a directory is refused before anything is read, so nothing can block or run forever."""
    if path == "-":
        if sys.stdin is None:
            raise UsageError("cannot read standard input: it is closed")
        try:
            data = sys.stdin.buffer.read(max_bytes + 1)
        except (OSError, ValueError) as err:
            raise UsageError(f"cannot read standard input: {getattr(err, 'strerror', None) or 'it is closed'}") from None
    else:
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        except (OSError, ValueError) as err:
            raise UsageError(f"cannot read {excerpt(path, 60)}: {getattr(err, 'strerror', None) or 'bad path'}") from None
        try:
            regular = stat.S_ISREG(os.fstat(fd).st_mode)
        except OSError:
            regular = False
        if not regular:
            os.close(fd)
            raise UsageError(f"cannot read {excerpt(path, 60)}: not a regular file")
        with os.fdopen(fd, "rb") as file:
            try:
                data = file.read(max_bytes + 1)
            except OSError as err:
                raise UsageError(f"cannot read {excerpt(path, 60)}: {err.strerror or 'read error'}") from None
    if len(data) > max_bytes:
        raise UsageError(f"{excerpt(path, 60)} is too large to be a game (more than {max_bytes:,} bytes)")
    return data


def load_game(data: bytes) -> tuple[Any, Any]:
    """A save file's or a share link's bytes: its document and the replayed state (any game)."""
    from ..core.save import loads
    from ..core.share import decode

    text = decode_text(data, MAX_DOCUMENT_BYTES).strip()
    if not text.startswith("{") and "game=" in text[:4096]:
        return decode(text)
    return loads(text)


LINK_STARTS = ("http://", "https://", "game=", "#game=")  # a share link pasted as the argument itself


def cmd_replay(args: argparse.Namespace) -> int:
    given: str = args.file
    pasted = given.startswith(LINK_STARTS) and not os.path.exists(given)
    model, state = load_game(given.encode("utf-8", "surrogateescape") if pasted else read_input(given))
    names = [p.name for p in model.setup.players]
    over = state.is_terminal()
    result: dict[str, Any] = {"game": model.game, "actions": state.step, "finished": over,
                              "to_act": None if over else names[state.current_player]}
    if hasattr(state, "scores") and hasattr(state, "winners"):
        result["scores"] = {names[i]: _score_dict(s) for i, s in enumerate(state.scores())}
        result["winners"] = [names[w] for w in state.winners()] if over else []
    else:
        result["scores"] = dict(zip(names, state.returns()))
        result["winners"] = [names[i] for i, r in enumerate(state.returns()) if r == max(state.returns())] if over else []
    emit(json.dumps(result, indent=1))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Random full games: actions per second, and the cost of legal-action generation and apply."""
    game = _game(args.game)
    sizes = list(range(game.min_players, game.max_players + 1))
    rng = random.Random(args.seed)
    games = actions = 0
    gen_time = apply_time = 0.0
    clock = time.perf_counter
    started = clock()
    while clock() - started < args.seconds or games == 0:
        state = game.new_state(game.make_setup(sizes[games % len(sizes)], seed=args.seed + games))
        while not state.is_terminal():
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            state.apply(legal[rng.randrange(len(legal))])
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
        state = game.new_state(game.make_setup(sizes[g % len(sizes)], seed=args.seed + g))
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            n_plain += 1
    plain = clock() - t0
    emit(json.dumps({
        "game": game.name, "python": sys.version.split()[0], "games": games, "actions": actions,
        "games_per_second": round(games / timed, 2),
        "actions_per_second": round(n_plain / plain),
        "us_per_legal_actions": round(gen_time / actions * 1e6, 2),
        "us_per_apply": round(apply_time / actions * 1e6, 2),
        "mean_actions_per_game": round(actions / games, 1),
    }, indent=1))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m toledo", description="Board game engine tools (Toledo, Torres).")
    parser.add_argument("--version", action="version", version=f"%(prog)s {VERSION}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    games = registry.names()
    sim = sub.add_parser("simulate", help="play bot games and print a JSON summary")
    sim.add_argument("--game", choices=games, default=DEFAULT_GAME)
    sim.add_argument("--players", type=_player_count, default=None, help="default: the game's smallest number")
    sim.add_argument("--games", type=_games, default=10)
    sim.add_argument("--seed", type=_natural, default=0)
    sim.add_argument("--bots", default="random", help="one bot name for all seats, or one per seat, comma-separated")
    sim.add_argument("--pretty", action="store_true")
    rep = sub.add_parser("replay", help="validate and replay a save file or share link (any game), print the scores")
    rep.add_argument("file", help="a save file, a share link (in quotes) or a text file holding one, or - for "
                                  "standard input")
    bench = sub.add_parser("bench", help="measure a game engine's speed on random games")
    bench.add_argument("--game", choices=games, default=DEFAULT_GAME)
    bench.add_argument("--seconds", type=_seconds, default=5.0)
    bench.add_argument("--seed", type=_natural, default=0)
    for _name, hook in _EXTRA_COMMANDS:
        hook(sub)
    return parser


# other modules (the AI's tournament) add sub-commands here: (name, function adding the sub-parser)
_EXTRA_COMMANDS: list[tuple[str, Callable[[argparse._SubParsersAction], None]]] = []
# Modules that register such commands, imported only when the command line runs: importing the AI
# (as the page does) must not pull in the command line and, with it, pydantic.
_COMMAND_MODULES: tuple[str, ...] = ("toledo.cli.tournament",)
COMMANDS.update({"simulate": cmd_simulate, "replay": cmd_replay, "bench": cmd_bench})


def _load_extra_commands() -> None:
    bots._load_builtin_levels()
    for name in _COMMAND_MODULES:
        module = importlib.import_module(name)
        if module.NAME not in COMMANDS:
            COMMANDS[module.NAME] = module.run
            _EXTRA_COMMANDS.append((module.NAME, module.add_parser))


def _say(message: str) -> None:
    """The one error line, on standard error only (none when it is closed: never on standard output)."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(f"error: {one_line(message, MAX_MESSAGE_CHARS)}\n")
        stream.flush()
    except (OSError, ValueError):
        _silence(stream)  # nowhere to tell; and Python's own last flush must not try again


def _silence(stream: Any) -> None:
    """Point a standard stream's descriptor at /dev/null, so Python's final flush of what is still
    buffered for it succeeds quietly (after a broken pipe, a full disk, a closed file)."""
    try:
        fd = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        return
    try:
        os.dup2(devnull, fd)
    except OSError:
        pass
    finally:
        os.close(devnull)


def _stdout_gone() -> None:
    _silence(sys.stdout)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            _load_extra_commands()
            args = build_parser().parse_args(argv)
            require_output()
            status = COMMANDS[args.command](args)
        except SystemExit as done:  # --help and --version print, then exit: their output is checked too
            status = 0 if done.code is None else done.code if isinstance(done.code, int) else EXIT_USAGE
        flush_output()
        return status
    except (UsageError, InputError) as err:
        _say(str(err))
        return EXIT_USAGE
    except BrokenPipeError:
        _stdout_gone()
        return EXIT_BROKEN_PIPE
    except OutputError as err:
        _stdout_gone()
        _say(f"cannot write the output: {err}")
        return EXIT_OUTPUT
    except (ToledoError, ValueError) as err:  # a setup the game refuses, a bot's own check
        _say(str(err))
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
