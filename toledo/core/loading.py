"""Opening a game from outside (a file, a link, this browser's store) with one clear message per
problem, in the page's languages.

Every reader goes through the boundary and the one codec (`toledo.core.save`); an `InputError` is
turned into a `LoadError`, which is an `InputError` too and also carries the message's key in
`toledo.core.i18n`. pydantic is imported only when something is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .boundary.excerpt import one_line
from .errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    from .protocol import State
    from .save import SaveModel

# how each kind of problem is worded, by where the game came from (keys of toledo.core.i18n)
_FILE_KEYS = {"too_large": "error_file_too_large", "not_json": "error_file_not_json",
              "not_ours": "error_file_not_toledo", "version": "error_file_version"}
_LINK_KEYS = {"not_ours": "error_link_not_toledo", "version": "error_file_version"}


class LoadError(InputError):
    """A file, link or stored game that cannot be loaded: `key` and `params` of the message in
    `toledo.core.i18n` (`message(lang)`); its own text is the English message, one line."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message("en"), source="game")

    def message(self, lang: str = "en") -> str:
        from .i18n import translate

        return translate(self.key, lang, **self.params)


@dataclass
class Loaded:
    """A validated, replayed game from outside (file, link or browser storage)."""

    model: SaveModel
    state: State

    @property
    def game(self) -> str:
        return self.model.game

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.model.setup.players]

    @property
    def kinds(self) -> list[str]:
        return [p.kind for p in self.model.setup.players]

    @property
    def document(self) -> dict[str, Any]:
        return self.model.model_dump(mode="json")


def detail(err: InputError) -> str:
    """The reason, with the action's number when it names one (after "The game file is damaged:")."""
    where = "" if err.step is None else f" (action {err.step + 1})"
    return one_line(f"{err.reason}{where}", 160)


def as_load_error(err: InputError, keys: dict[str, str], damaged_key: str) -> LoadError:
    key = keys.get(err.code, damaged_key)
    if key == "error_file_version":
        return LoadError(key, version=err.found or "?")
    if key == damaged_key:
        return LoadError(key, detail=detail(err))
    return LoadError(key)


def read_save_text(text: str | bytes) -> Loaded:
    """A save file's contents, validated and replayed; LoadError says what is wrong."""
    from .save import loads

    try:
        model, state = loads(text)
    except InputError as err:
        raise as_load_error(err, _FILE_KEYS, "error_file_invalid") from None
    return Loaded(model, state)


def read_share_link(fragment: str) -> Loaded:
    """A share link (the text after '#', with or without it, or the whole address), decoded,
    validated and replayed; LoadError says what is wrong."""
    from .share import decode

    try:
        model, state = decode(fragment)
    except InputError as err:
        raise as_load_error(err, _LINK_KEYS, "error_link_invalid") from None
    return Loaded(model, state)
