"""The browser's store of unfinished games: one `toledo.autosave.<id>` entry per game, any game.

Writing needs no pydantic (it is done after every action); listing reads entries by hand through the
boundary and reports a damaged one instead of failing; loading validates (`toledo.core.autosave`,
pydantic) and replays. Writing a game that is already stored under another id (the same share
link opened twice) replaces that older copy, so the list shows each game once.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .boundary.cap import action_count_problem
from .boundary.document import read_json
from .boundary.excerpt import excerpt, one_line
from .codec import (AUTOSAVE_FORMAT, AUTOSAVE_FORMATS, AUTOSAVE_VERSION, AUTOSAVE_VERSIONS, LEGACY_GAME, SAVE_VERSIONS,
                    same_game, save_document, upgrade)
from .errors import InputError
from .loading import LoadError, Loaded, as_load_error

if TYPE_CHECKING:  # pragma: no cover
    from .protocol import State

AUTOSAVE_PREFIX = "toledo.autosave."
MAX_SAVED_GAMES = 12
GAME_ID = re.compile(r"^[a-z0-9]{1,32}$")  # new ids have 6 or more characters (new_game_id)
MAX_LISTED_NAME = 40
MAX_LISTED_SEATS = 8


class Storage(Protocol):
    """What the store needs of window.localStorage (or of a dict in the tests)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict behind the Storage interface (tests; or a browser that refuses storage)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


def new_game_id(rng_bits: int, now_ms: int) -> str:
    """A short id for a stored game: base-36 time and random bits."""
    return f"{_b36(now_ms)}{_b36(rng_bits)}"[:32].rjust(6, "0")


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    n = abs(n)
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


@dataclass(frozen=True)
class SavedGame:
    """One entry of the start screen's list, read without pydantic; `problem` set when it is damaged."""

    id: str
    updated: int = 0  # ms since 1970
    names: tuple[str, ...] = ()
    turn: int = 0
    step: int = 0
    to_act: int = -1  # seat index
    problem: str = ""
    game: str = ""  # the game's registry name

    @property
    def damaged(self) -> bool:
        return bool(self.problem)

    @property
    def over(self) -> bool:
        """A finished game (kept only until its player leaves the score screen)."""
        return not self.problem and self.to_act < 0


def autosave_document(game_id: str, updated_ms: int, state: State, names: list[str], kinds: list[str]) -> dict[str, Any]:
    """The stored entry of a game: its save document and what the list shows (turn, whose turn)."""
    return {"format": AUTOSAVE_FORMAT, "version": AUTOSAVE_VERSION, "id": game_id, "updated": updated_ms,
            "turn": state.turn, "step": state.step, "to_act": state.current_player,
            "save": save_document(state.setup, names, kinds, state.history)}


def autosave_text(game_id: str, updated_ms: int, state: State, names: list[str], kinds: list[str]) -> str:
    return json.dumps(autosave_document(game_id, updated_ms, state, names, kinds), separators=(",", ":"),
                      ensure_ascii=False)


def _entry(text: str | None) -> dict[str, Any]:
    """A stored entry's JSON object, read through the boundary's caps (InputError otherwise)."""
    entry = read_json(text or "", "stored game", source="stored game")
    if not isinstance(entry, dict) or entry.get("format") not in AUTOSAVE_FORMATS:
        raise InputError("not a stored game of this site", source="stored game", code="not_ours")
    return entry


def _peek(key: str, text: str | None) -> SavedGame:
    """What the list needs from an entry, checked by hand (no pydantic at page start)."""
    game_id = key[len(AUTOSAVE_PREFIX):]
    if not GAME_ID.match(game_id):
        return SavedGame(one_line(game_id, 32) or "?", problem="not a game id")
    try:
        entry = _entry(text)
    except InputError as err:
        return SavedGame(game_id, problem="not JSON" if err.code in ("not_json", "too_large") else err.reason)
    version = entry.get("version")
    if type(version) is not int or version not in AUTOSAVE_VERSIONS:
        return SavedGame(game_id, problem=f"unknown version {excerpt(version, 12)}")
    if entry.get("id") != game_id:
        return SavedGame(game_id, problem="stored under another id")
    save = entry.get("save")
    setup = save.get("setup") if isinstance(save, dict) else None
    players = setup.get("players") if isinstance(setup, dict) else None
    actions = save.get("actions") if isinstance(save, dict) else None
    if not isinstance(players, list) or not isinstance(actions, list):
        return SavedGame(game_id, problem="the game is missing")
    game = LEGACY_GAME if save.get("version") == 1 else save.get("game")
    if save.get("version") not in SAVE_VERSIONS or not isinstance(game, str):
        return SavedGame(game_id, problem="the game is missing")
    names = tuple(one_line(str(p.get("name", "?")), MAX_LISTED_NAME) if isinstance(p, dict) else "?"
                  for p in players[:MAX_LISTED_SEATS])
    numbers = [entry.get(k) for k in ("updated", "turn", "step", "to_act")]
    if not all(type(x) is int for x in numbers):
        return SavedGame(game_id, names=names, problem="the summary is damaged", game=one_line(game, 20))
    updated, turn, step, to_act = numbers
    if step != len(actions):
        return SavedGame(game_id, updated, names, problem="the action list does not match", game=one_line(game, 20))
    if action_count_problem(len(actions)):  # the one cap: what loading would refuse is not listed as healthy
        return SavedGame(game_id, updated, names, problem=action_count_problem(len(actions)), game=one_line(game, 20))
    return SavedGame(game_id, updated, names, turn, step, to_act, game=one_line(game, 20))


class GameStore:
    """Several unfinished games in browser storage, one key each (`toledo.autosave.<id>`)."""

    def __init__(self, storage: Storage, limit: int = MAX_SAVED_GAMES) -> None:
        self.storage = storage
        self.limit = limit

    def keys(self) -> list[str]:
        try:
            return [k for k in self.storage.keys() if isinstance(k, str) and k.startswith(AUTOSAVE_PREFIX)]
        except Exception:  # noqa: BLE001 - a browser may refuse storage altogether
            return []

    def list(self) -> list[SavedGame]:
        """Every stored game, newest first; damaged ones last, with their problem."""
        games = []
        for key in self.keys():
            try:
                games.append(_peek(key, self.storage.get(key)))
            except Exception:  # noqa: BLE001 - one bad entry must never break the start screen
                games.append(SavedGame(one_line(key[len(AUTOSAVE_PREFIX):], 32) or "?", problem="unreadable"))
        return sorted(games, key=lambda g: (g.damaged, -g.updated, g.id))

    def write(self, game_id: str, updated_ms: int, state: State, names: list[str], kinds: list[str]) -> None:
        """Store (or replace) a game. A new entry replaces older copies of the same game (stored with
        fewer or the same actions) and drops the oldest games beyond the limit. May raise (storage
        full). Cheap: after every action it only writes one JSON text."""
        key = AUTOSAVE_PREFIX + game_id
        new = self.storage.get(key) is None
        entry = autosave_document(game_id, updated_ms, state, names, kinds)
        self.storage.set(key, json.dumps(entry, separators=(",", ":"), ensure_ascii=False))
        if new:
            for old_id in self._older_copies(entry["save"], game_id):
                self.remove(old_id)
            games = [g for g in self.list() if g.id != game_id]
            for old in games[max(0, self.limit - 1):]:
                self.remove(old.id)

    def _older_copies(self, document: dict[str, Any], game_id: str) -> list[str]:
        """The ids of other entries holding `document`'s game at or before its position."""
        found = []
        for key in self.keys():
            other_id = key[len(AUTOSAVE_PREFIX):]
            if other_id == game_id:
                continue
            try:
                save = _entry(self.storage.get(key)).get("save")
                if isinstance(save, dict) and same_game(upgrade(save), document):
                    found.append(other_id)
            except Exception:  # noqa: BLE001 - a damaged entry is never a copy; the list reports it
                continue
        return found

    def remove(self, game_id: str) -> None:
        self.storage.remove(AUTOSAVE_PREFIX + game_id)

    def has(self, game_id: str) -> bool:
        return self.storage.get(AUTOSAVE_PREFIX + game_id) is not None

    def load(self, game_id: str) -> Loaded:
        """A stored game, validated (pydantic) and replayed; LoadError says what is wrong."""
        from .autosave import parse_entry
        from .save import load_model

        text = self.storage.get(AUTOSAVE_PREFIX + game_id)
        if text is None:
            raise LoadError("refused_saved_missing", reason="the game is not stored", code="missing")
        try:
            entry = parse_entry(text, game_id)
            return Loaded(entry.save, load_model(entry.save, source="stored game"))
        except InputError as err:
            raise as_load_error(err, "stored game") from None
