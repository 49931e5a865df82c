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

# The page's sentence for each kind of problem, by where the game came from (keys of
# toledo.core.i18n): what happened and what to do, never the internal reason, which stays in English
# in the error's own text (the page keeps it out of sight, for bug reports).
_FILE_KEYS = {"too_large": "refused_file_too_large", "not_json": "refused_file_not_game",
              "not_ours": "refused_file_not_game", "version": "refused_file_version",
              "unavailable": "refused_file_unavailable", "damaged": "refused_file_damaged"}
_LINK_KEYS = {"too_large": "refused_link_too_large", "not_json": "refused_link_damaged",
              "not_ours": "refused_link_not_game", "version": "refused_link_version",
              "unavailable": "refused_link_unavailable", "damaged": "refused_link_damaged"}
_STORED_KEYS = {code: "refused_saved_damaged" for code in _FILE_KEYS}
KEYS = {"save": _FILE_KEYS, "link": _LINK_KEYS, "stored game": _STORED_KEYS}

class LoadError(InputError):
    """A file, link or stored game that cannot be loaded: `key` and `params` of the player's sentence
    in `toledo.core.i18n` (`message(lang)`). Its own text (`str`) is the English reason in one line,
    for the command line and bug reports; `code` and `step` are the refused input's."""

    def __init__(self, key: str, reason: str = "", step: int | None = None, code: str = "damaged",
                 source: str = "game", **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(reason or self.message("en"), step=step, source=source, code=code)

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
    """The reason, with the action's number when it names one (for bug reports and the stored list)."""
    where = "" if err.step is None else f" (action {err.step + 1})"
    return one_line(f"{err.reason}{where}", 160)


def as_load_error(err: InputError, source: str) -> LoadError:
    """`err` (from reading a "save", "link" or "stored game") as the page's sentence."""
    key = KEYS[source].get(err.code, KEYS[source]["damaged"])
    params = {"version": err.found or "?"} if key.endswith("_version") else {}
    return LoadError(key, reason=err.reason, step=err.step, code=err.code, source=err.source, **params)


def read_save_text(text: str | bytes) -> Loaded:
    """A save file's contents, validated and replayed; LoadError says what is wrong."""
    from .save import loads

    try:
        model, state = loads(text)
    except InputError as err:
        raise as_load_error(err, "save") from None
    return Loaded(model, state)


def read_share_link(fragment: str) -> Loaded:
    """A share link (the text after '#', with or without it, or the whole address), decoded,
    validated and replayed; LoadError says what is wrong."""
    from .share import decode

    try:
        model, state = decode(fragment)
    except InputError as err:
        raise as_load_error(err, "link") from None
    return Loaded(model, state)
