"""Quoting untrusted input in a message: escaped, cut short with an ellipsis, one line.

No project imports beyond the limits, so the error classes can use it.
"""

from __future__ import annotations

from .limits import MAX_EXCERPT_CHARS, MAX_MESSAGE_CHARS

ELLIPSIS = "…"


def _escape(ch: str) -> str:
    if ch == "\\" or ch == "'":
        return "\\" + ch
    return ch if ch.isprintable() else ascii(ch)[1:-1]


def excerpt(value: object, limit: int = MAX_EXCERPT_CHARS) -> str:
    """A short, escaped quotation of `value`: `'text'` (cut to about `limit` characters, with an
    ellipsis), a number, or what kind of thing it is. Only the head of a long text is looked at, so
    quoting a 50 MB string costs nothing, and the result never spans two lines."""
    if isinstance(value, bytes):
        pieces = [repr(bytes([b]))[2:-1] for b in value[: limit + 1]]
        prefix = "b'"
    elif isinstance(value, str):
        pieces = [_escape(ch) for ch in value[: limit + 1]]
        prefix = "'"
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        return one_line(repr(value), limit + 2)
    elif isinstance(value, int):
        if value.bit_length() > 64:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return repr(value)
    elif isinstance(value, (list, tuple, dict, set)):
        count = len(value)
        return f"a {'list' if isinstance(value, (list, tuple)) else 'JSON object' if isinstance(value, dict) else 'set'} of {count} item{'' if count == 1 else 's'}"
    else:
        return one_line(repr(value), limit + 2)
    out, used = [], 0
    for piece in pieces:
        if used + len(piece) > limit:
            return prefix + "".join(out) + ELLIPSIS + "'"
        out.append(piece)
        used += len(piece)
    return prefix + "".join(out) + "'"


def one_line(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """`text` as one line of at most `limit` characters: anything unprintable (newlines, controls,
    bidirectional overrides, lone surrogates) escaped, a longer text cut with an ellipsis."""
    text = text[: limit * 2]  # escaping only lengthens a text: the rest could never be shown
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS
