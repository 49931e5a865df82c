"""The browser's stored games, validated: one entry per unfinished game (see toledo.session.GameStore).

An entry wraps the versioned save document (toledo.save.SaveModel) with what the start screen lists.
Imported only when a stored game is opened, so the page starts without pydantic.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..games.toledo import data as D
from .errors import SaveFileError
from .save import SaveModel, _first_error


class AutosaveEntry(BaseModel):
    """`toledo.autosave.<id>` in localStorage: a game and its summary for the list."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal["toledo-autosave"]
    version: Literal[1]
    id: str = Field(pattern=r"^[a-z0-9]{6,32}$")
    updated: int = Field(ge=0)
    turn: int = Field(ge=1)
    step: int = Field(ge=0)
    to_act: int = Field(ge=-1, lt=D.MAX_PLAYERS)
    save: SaveModel


def parse_entry(text: str, game_id: str) -> AutosaveEntry:
    """A stored entry's text, validated; SaveFileError names the first problem."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveFileError("not valid JSON") from None
    try:
        entry = AutosaveEntry.model_validate(document, strict=True)
    except ValidationError as err:
        raise SaveFileError(_first_error(err)) from None
    if entry.id != game_id:
        raise SaveFileError(f"id: the entry says {entry.id!r} but is stored as {game_id!r}")
    if entry.step != len(entry.save.actions):
        raise SaveFileError(f"step: {entry.step} does not match the {len(entry.save.actions)} actions")
    return entry
