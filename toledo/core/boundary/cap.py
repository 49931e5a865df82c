"""The one cap on a game's length, checked alike where a game is written and where it is read.

A save file, a share link and a stored game all hold the action list, and each reader refuses more
than `limits.MAX_ACTIONS` of them. Every writer asks `check_writable` first, so nothing the platform
writes is ever refused when it is read back; every reader asks `check_readable` before any work on
the list. The limit is looked up when asked (not copied at import), so both sides always agree.
"""

from __future__ import annotations

from ..errors import GameTooLongError, InputError
from . import limits


def action_count_problem(count: int) -> str:
    """'' when a game of `count` actions may be written and read, else why not (one short line)."""
    cap = limits.MAX_ACTIONS
    return "" if count <= cap else f"the game has {count:,} actions (at most {cap:,})"


def check_readable(count: int, source: str = "save") -> None:
    """InputError ("too_large") when a game read from outside holds more actions than the cap."""
    problem = action_count_problem(count)
    if problem:
        raise InputError(problem, source=source, code="too_large")


def check_writable(count: int) -> None:
    """GameTooLongError when a game of `count` actions could not be read back: raised before writing."""
    if action_count_problem(count):
        raise GameTooLongError(count, limits.MAX_ACTIONS)
