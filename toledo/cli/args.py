"""The command line's option types and its one error: every bad option is one short line, status 2."""

from __future__ import annotations

import argparse
import math
from typing import NoReturn

from ..core.boundary.excerpt import excerpt
from ..core.boundary.text import is_ascii_number

MAX_SEED_DIGITS = 18  # below 2**63, the save format's bound
MAX_GAMES = 1_000_000
MAX_BENCH_SECONDS = 86_400.0


class UsageError(Exception):
    """A problem the user must fix; reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


# --- option types --------------------------------------------------------------------------------------------
def _natural(text: str) -> int:
    """A whole number >= 0 of ASCII digits (at most 18: a seed fits the save format)."""
    if isinstance(text, str) and text.startswith("-") and is_ascii_number(text[1:], MAX_SEED_DIGITS):
        raise argparse.ArgumentTypeError(f"must not be negative: {text}")
    if not is_ascii_number(text, MAX_SEED_DIGITS):
        raise argparse.ArgumentTypeError(f"not a whole number of at most {MAX_SEED_DIGITS} digits: {excerpt(text)}")
    return int(text)


def _positive(text: str) -> int:
    value = _natural(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def _games(text: str) -> int:
    value = _positive(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_GAMES:,} games, not {value:,}")
    return value


def _player_count(text: str) -> int:
    if not is_ascii_number(text, 2):
        raise argparse.ArgumentTypeError(f"not a number of players: {excerpt(text)}")
    return int(text)


def _seconds(text: str) -> float:
    """A finite, positive number of seconds (inf, nan, 0 and negative numbers are refused)."""
    try:
        # ASCII only: float() also reads other scripts' digits ('٣' is 3.0)
        value = float(text) if isinstance(text, str) and len(text) <= 32 and text.isascii() else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 < value <= MAX_BENCH_SECONDS:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_BENCH_SECONDS:,.0f}, "
                                         f"not {excerpt(text)}")
    return value
