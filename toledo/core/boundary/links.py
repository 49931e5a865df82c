"""Share links: the text after '#' is `game=` and the game's JSON, zlib-compressed and base64url-encoded.

`unpack` takes a fragment (or a whole address) back to the JSON bytes, within the caps: at most
`MAX_LINK_CHARS` characters of the base64url alphabet, at most `MAX_DOCUMENT_BYTES` once inflated
(a zip bomb stops there), one complete zlib stream and nothing after it. Each problem is one
`InputError` in plain words; the decoders' own messages are never shown.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from ..errors import InputError
from .limits import MAX_DOCUMENT_BYTES, MAX_LINK_CHARS

FRAGMENT_KEY = "game="
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*={0,2}")


def pack(raw: bytes) -> str:
    """The fragment (without '#') carrying the JSON bytes `raw`."""
    return FRAGMENT_KEY + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def fragment_body(fragment: str) -> str:
    """The base64 text of a fragment: '#' and an address before it, and surrounding spaces, dropped."""
    if not isinstance(fragment, str):
        raise InputError("the link is not text", source="link")
    head = fragment[: MAX_LINK_CHARS + 4096]  # an address before '#' is short; the rest is checked below
    text = head.strip()
    if "#" in text:
        text = text[text.index("#") + 1:]
    if not text.startswith(FRAGMENT_KEY):
        raise InputError("this link carries no game", source="link", code="not_ours")
    body = text[len(FRAGMENT_KEY):]
    if len(fragment) > len(head) or len(body) > MAX_LINK_CHARS:
        raise InputError(f"the link is too long to be a game (more than {MAX_LINK_CHARS:,} characters)",
                         source="link", code="too_large")
    return body


def unpack(fragment: str) -> bytes:
    """The JSON bytes a share link carries; InputError when it is damaged, cut short or too large."""
    body = fragment_body(fragment)
    if not _BASE64URL.fullmatch(body):
        raise InputError("the link is damaged (a character that base64url does not use)", source="link")
    body = body.rstrip("=")
    if len(body) % 4 == 1:
        raise InputError("the link is damaged or cut short (its length cannot be base64url)", source="link")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise InputError("the link is damaged (not base64url)", source="link") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_DOCUMENT_BYTES + 1)
    except zlib.error:
        raise InputError("the link is damaged (its compressed game is corrupt)", source="link") from None
    if len(raw) > MAX_DOCUMENT_BYTES or inflater.unconsumed_tail:
        raise InputError(f"the link's game is too large (more than {MAX_DOCUMENT_BYTES:,} bytes)", source="link",
                         code="too_large")
    if not inflater.eof:
        raise InputError("the link is cut short (the compressed game is incomplete)", source="link")
    if inflater.unused_data:
        raise InputError("the link is damaged (data after the compressed game)", source="link")
    return raw
