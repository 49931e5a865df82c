"""Text from outside: strict decoding and bounded numbers.

Everything the platform reads is UTF-8, strictly: a UTF-8 byte-order mark at the start is dropped
(some editors write one), anything else that is not UTF-8 (UTF-16 with its mark included) is refused.
Numbers are ASCII digits only, with a length cap, because `str.isdigit` accepts '²' and '٣' and `int`
of thousands of digits is slow or refused by Python itself.
"""

from __future__ import annotations

from ..errors import InputError
from .excerpt import excerpt

UTF8_BOM = b"\xef\xbb\xbf"
_ASCII_DIGITS = frozenset("0123456789")


def decode_text(data: bytes | str, max_bytes: int, what: str = "file", source: str = "save") -> str:
    """`data` as text: at most `max_bytes` bytes of strict UTF-8, a leading byte-order mark dropped.
    Raises InputError for anything larger or not UTF-8 (a str is checked for its size and for lone
    surrogates, which no UTF-8 text can hold)."""
    if isinstance(data, str):
        if len(data) > max_bytes:  # a character is at least one byte
            raise InputError(f"the {what} is too large (more than {max_bytes:,} bytes)", source=source, code="too_large")
        try:
            size = len(data.encode("utf-8"))
        except UnicodeEncodeError:
            raise InputError(f"the {what} is not UTF-8 text", source=source, code="not_json") from None
        if size > max_bytes:
            raise InputError(f"the {what} is too large (more than {max_bytes:,} bytes)", source=source, code="too_large")
        return data[1:] if data.startswith("\ufeff") else data
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InputError(f"the {what} is not text", source=source, code="not_json")
    data = bytes(data)
    if len(data) > max_bytes:
        raise InputError(f"the {what} is too large (more than {max_bytes:,} bytes)", source=source, code="too_large")
    if data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM):]
    try:
        return data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as err:
        hint = " (it looks like UTF-16)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise InputError(f"the {what} is not UTF-8 text{hint} at byte {err.start}", source=source,
                         code="not_json") from None


def is_ascii_number(text: str, max_digits: int) -> bool:
    """Whether `text` is 1 to `max_digits` ASCII digits (no sign, no spaces, no other numerals)."""
    return isinstance(text, str) and 0 < len(text) <= max_digits and _ASCII_DIGITS.issuperset(text)


def parse_small_int(text: str, low: int, high: int) -> int | None:
    """`text` as an int in `low..high` (both >= 0), or None when it is anything else: only ASCII
    digits, at most as many as `high` has. For games' action parsers, which raise their own error."""
    if not is_ascii_number(text, len(str(high))):
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_count(text: str, max_digits: int, what: str = "number", source: str = "input") -> int:
    """`text` as a non-negative int of at most `max_digits` ASCII digits; InputError otherwise."""
    if not is_ascii_number(text, max_digits):
        raise InputError(f"{what} must be a whole number of at most {max_digits} digits, not {excerpt(text)}",
                         source=source)
    return int(text)
