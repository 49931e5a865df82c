"""A game session around the rules, for any game: the names the page uses, in one place.

Each job has its own module: `history` (a game as setup + actions, replay, `ReplayCursor`), `undo`
(undo floors), `codec` (the save document, written without pydantic), `loading` (reading files and
links with one clear message per problem), `store` (the browser's unfinished games). pydantic is
imported only when a document from outside is validated (`read_save_text`, `read_share_link`,
`GameStore.load`), so the page can start without it.
"""

from __future__ import annotations

from typing import Any

from . import registry
from .boundary.limits import MAX_DOCUMENT_BYTES
from .codec import SAVE_FORMAT, SAVE_VERSION, save_document, save_text, share_fragment
from .history import ReplayCursor, replay
from .loading import LoadError, Loaded, read_save_text, read_share_link
from .store import (
    AUTOSAVE_FORMAT,
    AUTOSAVE_PREFIX,
    AUTOSAVE_VERSION,
    GAME_ID,
    MAX_SAVED_GAMES,
    GameStore,
    MemoryStorage,
    SavedGame,
    Storage,
    autosave_text,
    new_game_id,
)
from .undo import UndoFloor, undo, undo_floor

__all__ = [
    "AUTOSAVE_FORMAT", "AUTOSAVE_PREFIX", "AUTOSAVE_VERSION", "GAME_ID", "MAX_FILE_BYTES", "MAX_SAVED_GAMES",
    "SAVE_FORMAT", "SAVE_VERSION", "GameStore", "LoadError", "Loaded", "MemoryStorage", "ReplayCursor", "SavedGame",
    "Storage", "UndoFloor", "autosave_text", "new_game_id", "read_save_text", "read_share_link", "recent_spaces",
    "replay", "save_document", "save_text", "share_fragment", "undo", "undo_floor",
]

MAX_FILE_BYTES = MAX_DOCUMENT_BYTES  # the page refuses a larger file before reading it


def recent_spaces(outcome: Any, action: Any, after: Any) -> set[int]:
    """The board places an action touched, to mark on the board (`outcome`: what its apply returned; the
    game of `after` says which)."""
    mark = getattr(registry.game_of(after), "recent_spaces", None)
    return mark(outcome, action, after) if mark else set()
