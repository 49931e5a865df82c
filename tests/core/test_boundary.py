"""The boundary every loader goes through: caps on bytes, depth, numbers and actions, strict text
decoding, and one error type whose message is one short line quoting at most an escaped excerpt."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from toledo.core.boundary.document import check_actions, nesting_exceeds, read_json
from toledo.core.boundary.excerpt import excerpt, one_line
from toledo.core.boundary.limits import (
    MAX_ACTION_CHARS,
    MAX_ACTIONS,
    MAX_DEPTH,
    MAX_DOCUMENT_BYTES,
    MAX_EXCERPT_CHARS,
    MAX_LINK_CHARS,
    MAX_MESSAGE_CHARS,
    MAX_NUMBER_DIGITS,
)
from toledo.core.boundary.links import pack, unpack
from toledo.core.boundary.text import decode_text, is_ascii_number, parse_count, parse_small_int
from toledo.core.errors import InputError

# texts of the decoders' own exceptions, which must never reach a player or a terminal
INTERNAL_TEXTS = ("Error -3", "decompressing data", "Only base64 data is allowed", "Incorrect padding",
                  "Expecting value", "codec can't decode", "Traceback", "Exceeds the limit", "int_max_str_digits")


def refused(call, *args: object, code: str | None = None, **kwargs: object) -> InputError:
    """The InputError `call` raises, checked to be one short line without any internal text."""
    with pytest.raises(InputError) as info:
        call(*args, **kwargs)
    assert_clean(str(info.value))
    if code is not None:
        assert info.value.code == code, str(info.value)
    return info.value


def assert_clean(message: str) -> None:
    assert message and "\n" not in message and "\r" not in message and len(message) <= MAX_MESSAGE_CHARS, message
    assert message.isprintable(), message
    for text in INTERNAL_TEXTS:
        assert text not in message, message


# --- quoting input ------------------------------------------------------------------------------------
@pytest.mark.parametrize("value, expected", [
    ("draw", "'draw'"),
    ("a\nb", "'a\\nb'"),
    ("it's", "'it\\'s'"),
    ("\u202eevil", "'\\u202eevil'"),
    (b"\xff\x00", "b'\\xff\\x00'"),
    (12, "12"),
    (None, "None"),
    ([1, 2], "a list of 2 items"),
    ({"a": 1}, "a JSON object of 1 item"),
])
def test_an_excerpt_is_escaped_and_one_line(value: object, expected: str) -> None:
    assert excerpt(value) == expected


def test_an_excerpt_of_a_huge_input_is_short_and_cheap() -> None:
    huge = "x\n" * 25_000_000  # 50 MB
    quoted = excerpt(huge)
    assert len(quoted) <= MAX_EXCERPT_CHARS + 3 and quoted.endswith("…'") and "\n" not in quoted
    assert excerpt(10 ** 5000).startswith("a number of about 500")


def test_one_line_escapes_line_breaks_and_cuts_long_texts() -> None:
    assert one_line("a\nb\u2028c") == "a\\nb\\u2028c"
    long = one_line("y" * 1000, 50)
    assert len(long) == 50 and long.endswith("…")


def test_an_input_error_is_one_short_line_whatever_its_reason_holds() -> None:
    err = InputError("name " + "Ann\nBob\r\n" * 200, step=12, source="link")
    assert_clean(str(err))
    assert str(err).startswith("invalid link (step 12): name Ann\\nBob")


# --- text and numbers ---------------------------------------------------------------------------------
def test_text_is_strict_utf8_and_a_utf8_byte_order_mark_is_dropped() -> None:
    assert decode_text("\ufeff{}".encode(), 100) == "{}"
    assert decode_text("\ufeff{}", 100) == "{}"
    assert decode_text("Zoë".encode(), 100) == "Zoë"
    err = refused(decode_text, '{"a": 1}'.encode("utf-16"), 100, code="not_json")
    assert "UTF-16" in str(err)  # the one behaviour for UTF-16 everywhere: refused, and said so
    refused(decode_text, "Zo\xeb".encode("latin-1"), 100, code="not_json")
    refused(decode_text, "lone \ud800 surrogate", 100, code="not_json")
    refused(decode_text, 12, 100, code="not_json")


def test_text_over_the_byte_cap_is_refused_before_decoding() -> None:
    refused(decode_text, b"x" * 101, 100, code="too_large")
    refused(decode_text, "é" * 60, 100, code="too_large")  # 60 characters, 120 bytes
    err = refused(decode_text, b"\x00" * 50_000_000, MAX_DOCUMENT_BYTES, code="too_large")
    assert "2,000,000 bytes" in str(err)


@pytest.mark.parametrize("text", ["²", "٣", "１", "12²", "-1", "+1", " 1", "1 ", "", "1_000", "0x1", "1" * 5000])
def test_numbers_are_ascii_digits_of_bounded_length(text: str) -> None:
    assert not is_ascii_number(text, 4)
    assert parse_small_int(text, 0, 20) is None
    refused(parse_count, text, 4)


def test_small_numbers_are_read_within_their_range() -> None:
    assert parse_small_int("7", 1, 19) == 7 and parse_small_int("07", 1, 19) == 7
    assert parse_small_int("0", 1, 19) is None and parse_small_int("20", 1, 19) is None
    assert parse_count("1234", 4) == 1234


# --- JSON ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000,
                                  "[" * 100_000, '{"a":[' * 500 + "]}" * 500])
def test_deep_nesting_is_refused_without_recursion(text: str) -> None:
    err = refused(read_json, text, code="not_json")
    assert f"more than {MAX_DEPTH} deep" in str(err)


def test_nesting_is_counted_outside_strings_only() -> None:
    assert not nesting_exceeds(json.dumps({"name": "[" * 1000}), 2)
    assert read_json(json.dumps({"name": "[[[[" * 100})) == {"name": "[[[[" * 100}
    assert nesting_exceeds("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), MAX_DEPTH)
    assert not nesting_exceeds("[" * MAX_DEPTH + "]" * MAX_DEPTH, MAX_DEPTH)
    assert nesting_exceeds("[" * (MAX_DEPTH + 1), MAX_DEPTH) and not nesting_exceeds("[" * 3, MAX_DEPTH)
    assert nesting_exceeds("[[]" * 40, MAX_DEPTH)


def test_strings_are_skipped_in_one_pass_even_when_unterminated() -> None:
    # '"' then escaped quotes and no end: a search that restarted at every quote would be quadratic
    # (this input took 76 s at 80 KB); one pass takes milliseconds at 1.8 MB
    hostile = '"' + '\\"' * 900_000
    assert not nesting_exceeds(hostile, MAX_DEPTH)
    err = refused(read_json, hostile, code="not_json")
    assert "(a string never ends, at character 0)" in str(err)
    assert nesting_exceeds('"a' + "[" * 40, 32) is False  # inside the unterminated string
    assert nesting_exceeds("[" * 40 + '"a', 32)
    assert not nesting_exceeds('["\\"[[["]', 1)  # an escaped quote does not end the string


def test_long_numbers_nan_and_repeated_keys_are_refused() -> None:
    err = refused(read_json, '{"seed": ' + "9" * 5000 + "}", code="not_json")
    assert "5000 digits" in str(err)
    assert read_json('{"seed": ' + "9" * MAX_NUMBER_DIGITS + "}") == {"seed": int("9" * MAX_NUMBER_DIGITS)}
    refused(read_json, '{"seed": 1' + "0" * 100 + ".5}", code="not_json")
    for constant in ("NaN", "Infinity", "-Infinity"):
        refused(read_json, f'{{"seed": {constant}}}', code="not_json")
    err = refused(read_json, '{"seed": 1, "seed": 2}', code="not_json")
    assert "'seed' appears twice" in str(err)


def test_bad_json_says_where_in_one_line() -> None:
    err = refused(read_json, '{"a": }', code="not_json")
    assert "at character 6" in str(err)
    refused(read_json, "", code="not_json")
    refused(read_json, b"\x89PNG\r\n\x1a\n", code="not_json")


def test_an_action_list_is_capped_before_anything_reads_it() -> None:
    check_actions(["draw"] * MAX_ACTIONS)
    check_actions("not a list")  # the schema names the wrong type
    err = refused(check_actions, ["draw"] * 451_000, code="too_large")
    assert "451,000 actions" in str(err)
    err = refused(check_actions, ["draw", "place metal1 " + "1" * 5000], code="damaged")
    assert err.step == 1 and f"longer than {MAX_ACTION_CHARS}" in str(err)


# --- share links -------------------------------------------------------------------------------------
def _link(raw: bytes) -> str:
    return "game=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_link_unpacks_to_its_bytes_in_every_form() -> None:
    fragment = pack(b'{"x": 1}')
    for form in (fragment, "#" + fragment, f"https://example.org/toledo/?lang=de#{fragment}", f"  {fragment}\n"):
        assert unpack(form) == b'{"x": 1}'


@pytest.mark.parametrize("fragment, code", [
    ("", "not_ours"),
    ("#section-2", "not_ours"),
    ("game=abc$def", "damaged"),
    ("game=" + "A" * 5, "damaged"),  # a length base64 cannot have
    (_link(b"not zlib at all"), "damaged"),  # zlib's "Error -3 while decompressing data"
    (_link(zlib.compress(b'{"x": 1}')[:-6]), "damaged"),  # cut short
    (_link(zlib.compress(b'{"x": 1}') + b"tail"), "damaged"),
    (_link(zlib.compress(b" " * (MAX_DOCUMENT_BYTES + 1), 9)), "too_large"),  # a zip bomb stops at the cap
    ("game=" + "A" * (MAX_LINK_CHARS + 4), "too_large"),
    ("game=" + "A" * 50_000_000, "too_large"),
])
def test_bad_links_are_refused_in_one_line(fragment: str, code: str) -> None:
    refused(unpack, fragment, code=code)


def test_a_link_that_is_not_text_is_refused() -> None:
    refused(unpack, None)  # type: ignore[arg-type]
    refused(unpack, b"game=abc")  # type: ignore[arg-type]
