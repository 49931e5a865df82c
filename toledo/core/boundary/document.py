"""JSON from outside, bounded: bytes, nesting depth, number length, and the size of an action list.

`read_json` is the only place the platform turns outside text into Python values. It refuses, with
one `InputError` each and before any deep work is done: more than `MAX_DOCUMENT_BYTES`, text that is
not UTF-8, nesting deeper than `MAX_DEPTH`, integers of more than `MAX_NUMBER_DIGITS` digits,
NaN/Infinity (not JSON) and repeated keys in one object (which copy would count?).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import InputError
from .excerpt import excerpt
from .cap import check_readable
from .limits import MAX_ACTION_CHARS, MAX_DEPTH, MAX_DOCUMENT_BYTES, MAX_FLOAT_CHARS, MAX_NUMBER_DIGITS
from .text import decode_text

# A JSON string, or an unterminated one up to the end of the text: every match attempt succeeds where
# it starts, so the search never restarts inside a long string ('"' + '\\"' * n would be quadratic).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
# what the JSON decoder found, in the platform's words (keys: the decoder's messages)
_JSON_PROBLEMS = {
    "Expecting value": "a value is missing",
    "Unterminated string starting at": "a string never ends",
    "Extra data": "something follows the end",
    "Expecting property name enclosed in double quotes": "a key is not a quoted string",
    "Expecting ',' delimiter": "a comma is missing",
    "Expecting ':' delimiter": "a colon is missing",
    "Invalid control character at": "a control character inside a string",
    "Invalid \\escape": "a backslash escape that does not exist",
    "Invalid \\uXXXX escape": "a backslash escape that does not exist",
}
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKETS = str.maketrans("[]{}", "()()")


class _Refused(Exception):
    """Raised inside the JSON decoder's hooks; turned into InputError outside it."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def nesting_exceeds(text: str, depth: int) -> bool:
    """Whether the JSON text nests arrays and objects deeper than `depth` (brackets inside strings do
    not count; brackets that never close do). Linear in C: strings and everything but brackets are cut
    away, then `depth` rounds remove innermost pairs; a pair left over sat deeper than `depth`."""
    shape = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_BRACKETS)
    for _ in range(depth):
        if "()" not in shape:
            break
        shape = shape.replace("()", "")
    else:
        if "()" in shape:
            return True
    # what is left never closes: each opening bracket still there holds the ones after it
    return shape.count("(") > depth


def _int(token: str) -> int:
    digits = token.lstrip("-")
    if len(digits) > MAX_NUMBER_DIGITS:
        raise _Refused(f"a number has {'thousands of' if len(digits) > 9999 else len(digits)} digits "
                       f"(at most {MAX_NUMBER_DIGITS})")
    return int(token)


def _float(token: str) -> float:
    if len(token) > MAX_FLOAT_CHARS:
        raise _Refused(f"a number is {len(token)} characters long")
    return float(token)


def _constant(token: str) -> float:
    raise _Refused(f"{token} is not a JSON value")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {excerpt(key)} appears twice in one object")
            seen.add(key)
    return result


def read_json(data: str | bytes, what: str = "file", source: str = "save",
              max_bytes: int = MAX_DOCUMENT_BYTES) -> Any:
    """The JSON value of `data` (text or bytes), within the caps; InputError says what is wrong."""
    text = decode_text(data, max_bytes, what, source)
    if nesting_exceeds(text, MAX_DEPTH):
        raise InputError(f"the {what} nests values more than {MAX_DEPTH} deep", source=source, code="not_json")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                          object_pairs_hook=_object)
    except _Refused as err:
        raise InputError(f"the {what} is not valid JSON: {err.reason}", source=source, code="not_json") from None
    except json.JSONDecodeError as err:
        # in our words: the decoder's own text is an internal detail, and changes between Python versions
        problem = _JSON_PROBLEMS.get(err.msg, "it stops being JSON")
        raise InputError(f"the {what} is not valid JSON ({problem}, at character {err.pos})",
                         source=source, code="not_json") from None
    except (ValueError, RecursionError, MemoryError):
        raise InputError(f"the {what} is not valid JSON", source=source, code="not_json") from None


def check_actions(actions: object, source: str = "save") -> None:
    """The cheap checks on an action list before anything validates or replays it: a list of at most
    `MAX_ACTIONS` texts (the one cap, `cap.check_readable`) of at most `MAX_ACTION_CHARS` characters each (so no later step can be
    made to work on a huge list or a huge string)."""
    if not isinstance(actions, list):
        return  # the schema names the wrong type
    check_readable(len(actions), source)
    for step, action in enumerate(actions):
        if isinstance(action, str) and len(action) > MAX_ACTION_CHARS:
            raise InputError(f"action {excerpt(action)} is longer than {MAX_ACTION_CHARS} characters",
                             step=step, source=source)
