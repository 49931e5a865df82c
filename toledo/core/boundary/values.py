"""Values handed to the engine by code outside it (a library user, a test, the page): telling one of
a game's own actions from a look-alike.

Python's `==` calls `1.0 == 1` and `True == 1` equal, so a hand-built action with a float square
compares equal to the real one and would be applied, then fail halfway. `exactly_equal` also asks
every field to be of the same type, so such a value is refused before anything changes.
"""

from __future__ import annotations

from .excerpt import excerpt


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
