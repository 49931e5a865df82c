"""The command line's option types, its errors and its one way to write output.

Every bad option is one short line with status 2. Numbers are ASCII digits and nothing else: no sign,
no spaces, no `1_000`, no other script's digits (`int` and `float` accept all of these), and each
has a cap, so no option can make a command run for ever, fork without end or fill the memory.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import IO, NoReturn

from ..core.boundary.excerpt import excerpt
from ..core.boundary.text import is_ascii_number

MAX_SEED_DIGITS = 18  # below 2**63, the save format's bound
MAX_GAMES = 1_000_000
MAX_TOURNAMENT_GAMES = 100_000  # a tournament game between search bots takes seconds, not microseconds
MAX_JOBS = 64
MAX_BENCH_SECONDS = 86_400.0
MAX_BUDGET_ITERATIONS = 100_000  # a hundred times Hard's default
MAX_BUDGET_SECONDS = 60.0  # per decision
_DECIMAL = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?")  # fullmatch, on ASCII text only (re's [0-9] is ASCII)


class UsageError(Exception):
    """A problem the user must fix; reported in one line with exit status 2."""


class OutputError(Exception):
    """The output cannot be written (standard output closed, the disk full): one line, no traceback."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        # argparse drops a failed write of --help silently; it is the command's output like any other
        if message:
            emit(message.removesuffix("\n"))


# --- output ----------------------------------------------------------------------------------------------------
def _reason(err: BaseException) -> str:
    return getattr(err, "strerror", None) or "it is closed"


def require_output() -> None:
    """OutputError when there is no standard output at all (started with it closed), before any work."""
    if sys.stdout is None:
        raise OutputError("standard output is closed")


def emit(text: str) -> None:
    """Write one line of the command's output. A reader gone away (`| head`) stays a BrokenPipeError
    (a quiet status 141); any other failure is an OutputError."""
    require_output()
    try:
        sys.stdout.write(text + "\n")
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as err:  # ValueError: written to a closed file
        raise OutputError(_reason(err)) from None


def flush_output() -> None:
    """Flush standard output, so a full disk is reported while the command can still say so."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as err:
        raise OutputError(_reason(err)) from None


# --- option types --------------------------------------------------------------------------------------------
def _natural(text: str) -> int:
    """A whole number >= 0 of ASCII digits (at most 18: a seed fits the save format)."""
    if isinstance(text, str) and text.startswith("-") and is_ascii_number(text[1:], MAX_SEED_DIGITS):
        raise argparse.ArgumentTypeError(f"must not be negative: {text}")
    if not is_ascii_number(text, MAX_SEED_DIGITS):
        raise argparse.ArgumentTypeError(f"not a whole number of ASCII digits (at most {MAX_SEED_DIGITS}): "
                                         f"{excerpt(text, 12)}")
    return int(text)


def _positive(text: str) -> int:
    value = _natural(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def _capped(text: str, cap: int, what: str) -> int:
    value = _positive(text)
    if value > cap:
        raise argparse.ArgumentTypeError(f"at most {cap:,} {what}, not {excerpt(text, 12)}")
    return value


def _games(text: str) -> int:
    return _capped(text, MAX_GAMES, "games")


def _tournament_games(text: str) -> int:
    return _capped(text, MAX_TOURNAMENT_GAMES, "games")


def _jobs(text: str) -> int:
    return _capped(text, MAX_JOBS, "worker processes")


def _player_count(text: str) -> int:
    if not is_ascii_number(text, 2):
        raise argparse.ArgumentTypeError(f"not a number of players: {excerpt(text, 12)}")
    return int(text)


def seats_for(title: str, min_players: int, max_players: int, players: int) -> int:
    """`players` if the game seats that many, else a UsageError in the words every command uses."""
    if not min_players <= players <= max_players:
        raise UsageError(f"{title} is for {min_players} to {max_players} players, not {players}")
    return players


def _decimal(text: str) -> float | None:
    """ASCII digits with at most one decimal point (`0.5`, `12`), or None for anything else."""
    if not isinstance(text, str) or not text.isascii() or not _DECIMAL.fullmatch(text):
        return None
    return float(text)


def _seconds(text: str) -> float:
    """A positive number of seconds in ASCII digits, at most a day (inf, nan, 1e3, 0 are refused)."""
    value = _decimal(text)
    if value is None or not 0 < value <= MAX_BENCH_SECONDS:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_BENCH_SECONDS:,.0f}, "
                                         f"not {excerpt(text, 12)}")
    return value


def _budget(text: str) -> str:
    """A search budget: iterations (`800`, at most 100,000) or seconds per decision (`0.5s`, at most 60)."""
    iterations = is_ascii_number(text, len(str(MAX_BUDGET_ITERATIONS)))
    if iterations and 1 <= int(text) <= MAX_BUDGET_ITERATIONS:
        return text
    seconds = _decimal(text[:-1]) if isinstance(text, str) and text.endswith("s") else None
    if seconds is not None and 0 < seconds <= MAX_BUDGET_SECONDS:
        return text
    raise argparse.ArgumentTypeError(f"at most {MAX_BUDGET_ITERATIONS:,} iterations or {MAX_BUDGET_SECONDS:.0f}s "
                                     f"(800, 0.5s), not {excerpt(text, 12)}")
