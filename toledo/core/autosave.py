"""The browser's stored games, validated: one entry per unfinished game (see `toledo.core.store`).

    {"format": "tabletop-autosave", "version": 3, "id": "...", "updated": <ms>, "turn": 3, "step": 41,
     "to_act": 0, "rev": 7, "tab": "...", "save": <a save document, toledo.core.codec>}

An entry wraps the save document with what the start screen lists, and who wrote it when: the write
number and the writing tab (`toledo.core.store`). Version 2 has neither (read as write 0); version 1
(before several games) also wraps a version-1 save, read as Toledo. Imported only when a stored game is
opened, so the page starts without pydantic.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .boundary.document import check_actions, read_json
from .boundary.excerpt import excerpt
from .codec import AUTOSAVE_FORMAT, AUTOSAVE_FORMATS, AUTOSAVE_VERSIONS, check_header, upgrade
from .errors import InputError
from .save import MAX_SEATS, SaveModel, check_game, first_error

GAME_ID_PATTERN = r"^[a-z0-9]{1,32}$"
TAB_ID_PATTERN = r"^[a-z0-9]{0,32}$"


class AutosaveEntry(BaseModel):
    """`toledo.autosave.<id>` in localStorage: a game and its summary for the list."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)  # see save.MODELS
    format: Literal["tabletop-autosave"]  # older names are renamed on reading
    version: Literal[3]
    id: str = Field(pattern=GAME_ID_PATTERN)
    updated: int = Field(ge=0, lt=2**53)
    turn: int = Field(ge=0)  # some games count from 0
    step: int = Field(ge=0)
    to_act: int = Field(ge=-1, lt=MAX_SEATS)
    rev: int = Field(default=0, ge=0, lt=2**53)
    tab: str = Field(default="", pattern=TAB_ID_PATTERN)
    save: SaveModel


def parse_entry(text: str | bytes, game_id: str) -> AutosaveEntry:
    """A stored entry's text, validated; InputError names the first problem."""
    document = read_json(text, "stored game", source="stored game")
    if not isinstance(document, dict):
        raise InputError("not a stored game (not a JSON object)", source="stored game", code="not_ours")
    if document.get("format") not in AUTOSAVE_FORMATS:
        raise InputError(f"not a stored game (format is {excerpt(document.get('format'))})", source="stored game",
                         code="not_ours")
    version = document.get("version")
    if type(version) is not int or version not in AUTOSAVE_VERSIONS:
        raise InputError(f"unknown version {excerpt(version)}", source="stored game", code="version",
                         found=excerpt(version))
    save = document.get("save")
    if version < 3 and ("rev" in document or "tab" in document):
        raise InputError("rev, tab: an entry before version 3 has no write number", source="stored game")
    if version == 1 and isinstance(save, dict) and save.get("version") != 1:
        raise InputError("save.version: a version-1 entry holds a version-1 save", source="stored game")
    if isinstance(save, dict):
        try:
            check_header(save, "stored game")
        except InputError as err:
            raise InputError(f"save: {err.reason}", source="stored game", code=err.code, found=err.found) from None
        check_actions(save.get("actions"), source="stored game")
        save = upgrade(save)
    try:
        entry = AutosaveEntry.model_validate({**document, "format": AUTOSAVE_FORMAT, "version": 3, "save": save},
                                             strict=True)
    except ValidationError as err:
        raise InputError(first_error(err), source="stored game") from None
    check_game(entry.save, prefix="save.", source="stored game")
    if entry.id != game_id:
        raise InputError(f"id: the entry says {excerpt(entry.id)} but is stored as {excerpt(game_id)}",
                         source="stored game")
    if entry.step != len(entry.save.actions):
        raise InputError(f"step: {entry.step} does not match the {len(entry.save.actions)} actions",
                         source="stored game")
    return entry
