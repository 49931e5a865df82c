"""Share links: a whole game (its save document) compressed into a URL fragment, for every game.

The fragment never reaches a server. `encode` gives the text after `#`; `decode` takes it back
through the boundary (`toledo.core.boundary.links`: length, alphabet, zip-bomb and depth caps) and
validates it like a save file, so a tampered or truncated link is refused with one clear line.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .boundary.document import read_json
from .boundary.links import FRAGMENT_KEY, pack, unpack
from .save import SaveModel, load_model, validate

if TYPE_CHECKING:  # pragma: no cover
    from .protocol import State

__all__ = ["FRAGMENT_KEY", "decode", "encode"]


def encode(model: SaveModel) -> str:
    """The URL fragment (without '#') that carries `model`."""
    return pack(json.dumps(model.model_dump(mode="json"), separators=(",", ":")).encode("utf-8"))


def decode(fragment: str) -> tuple[SaveModel, State]:
    """The save document and replayed state of a share link: its fragment (with or without '#') or
    the whole address. InputError says what is wrong."""
    document = read_json(unpack(fragment), "link", source="link")
    model = validate(document, source="link")
    return model, load_model(model, source="link")
