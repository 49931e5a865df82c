"""Values handed to the engine by code outside it (a library user, a test, the page): telling one of
a game's own actions from a look-alike.

Python's `==` calls `1.0 == 1` and `True == 1` equal, so a hand-built action with a float square
compares equal to the real one and would be applied, then fail halfway. `exactly_equal` also asks
every field to be of the same type, so such a value is refused before anything changes.
"""

from __future__ import annotations

from typing import Callable, TypeVar

from ..errors import ActionSyntaxError
from .excerpt import excerpt
from .limits import MAX_ACTION_CHARS

T = TypeVar("T")


def _fields(value: object) -> tuple[object, ...] | None:
    slots = getattr(type(value), "__slots__", None)
    if not isinstance(slots, tuple):
        return None
    return tuple(getattr(value, name, None) for name in slots)


def exactly_equal(first: object, second: object) -> bool:
    """Whether two values are equal with every part of the very same type: tuples item by item, and
    objects with `__slots__` (the games' frozen actions) field by field."""
    if first is second:
        return True
    if type(first) is not type(second):
        return False
    if isinstance(first, tuple):
        return len(first) == len(second) and all(map(exactly_equal, first, second))  # type: ignore[arg-type]
    fields = _fields(first)
    if fields is not None:
        other = _fields(second)
        return other is not None and exactly_equal(fields, other)
    return bool(first == second)


def foreign(value: object) -> str:
    """How an error names a value that is not an action of the game (its own text may not work)."""
    if isinstance(value, (str, bytes, int, float, bool, list, tuple, dict, set)) or value is None:
        return excerpt(value, 30)
    return f"a {type(value).__name__[:30]} value"


def read_canonical(text: object, read: Callable[[str], T]) -> T:
    """The action whose canonical text is `text`, and only that text: `str(result) == text` for every
    text read, so a save or link never keeps another spelling (other spaces, other case, look-alike
    letters). `read` is the game's own reader, which may accept other spellings; ActionSyntaxError
    names the bad word, or the canonical text when that is all that differs."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"<{type(text).__name__}>", "an action must be text")
    if len(text) > MAX_ACTION_CHARS:  # before any work on it: the text may come from a hostile file
        raise ActionSyntaxError(text, f"longer than {MAX_ACTION_CHARS} characters")
    action = read(text)
    canonical = str(action)
    if canonical != text:
        raise ActionSyntaxError(text, f"not written as the game writes it ({canonical!r})")
    return action


def own_value(action: object, kind: type[T], read: Callable[[str], T]) -> T | None:
    """The game's own (pooled) action equal to `action` in value and in every field's type, or None
    when `action` is no action of the game (another type, a float square, a card that does not exist)."""
    if type(action) is not kind:
        return None
    try:
        found = read(str(action))
    except (ActionSyntaxError, AttributeError, IndexError, KeyError, TypeError, ValueError):  # str() of a wrong field
        return None
    return found if exactly_equal(found, action) else None
