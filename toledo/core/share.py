"""Share links: a whole game (its save document) compressed into a URL fragment.

The fragment never reaches a server. `encode` gives the text after `#`; `decode` takes it back and
validates it like a save file, so a tampered or truncated link is refused with one clear line.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from .errors import SaveFileError
from .save import SaveModel, load_model, validate
from ..games.toledo.state import State

FRAGMENT_KEY = "game="
MAX_FRAGMENT = 400_000  # characters; a full 4-player game is far below this
MAX_JSON = 4_000_000  # bytes after decompression: refuses zip bombs


def encode(model: SaveModel) -> str:
    """The URL fragment (without '#') that carries `model`."""
    raw = json.dumps(model.model_dump(mode="json"), separators=(",", ":")).encode()
    packed = zlib.compress(raw, 9)
    return FRAGMENT_KEY + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(fragment: str) -> tuple[SaveModel, State]:
    """The save document and replayed state of a share-link fragment (with or without '#')."""
    text = fragment.strip().lstrip("#")
    if not text.startswith(FRAGMENT_KEY):
        raise SaveFileError("this link carries no Toledo game")
    body = text[len(FRAGMENT_KEY):]
    if len(body) > MAX_FRAGMENT:
        raise SaveFileError("the link is too long to be a Toledo game")
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise SaveFileError("the link's game is too large")
        if not inflater.eof:
            raise SaveFileError("the link is cut short (the compressed game is incomplete)")
        document = json.loads(raw)
    except (binascii.Error, ValueError, zlib.error) as err:
        if isinstance(err, SaveFileError):
            raise
        raise SaveFileError(f"the link is damaged ({type(err).__name__.lower()}: {err})") from None
    model = validate(document)
    return model, load_model(model)
