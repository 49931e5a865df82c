"""The browser's store of unfinished games, any game, written so that the browser cannot lose one.

Each game has two slots, `toledo.autosave.<id>` (the one older builds read) and `toledo.autosave-b.<id>`.
A write puts the new state into the slot that does not hold the newest readable one before it touches
that one, so a write cut off half-way (the page killed, the disk full) always leaves a readable state;
a finished write leaves the first slot alone, as older builds wrote. Every entry carries a write
number (`rev`), the writing tab's id and its action count (`step`); readers take the readable slot
with the highest write number. A tab writes only over the state it last saw (`expected`): if another
tab wrote the game since, with other actions, the write is refused (`StoredElsewhere`) and the page
keeps both games.

Writing needs no pydantic (it is done after every action); listing reads entries by hand through the
boundary and reports a damaged one instead of failing; loading validates (`toledo.core.autosave`,
pydantic) and replays.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
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
SECOND_SLOT_PREFIX = "toledo.autosave-b."  # older builds list only AUTOSAVE_PREFIX, so they never see it
SLOT_PREFIXES = (AUTOSAVE_PREFIX, SECOND_SLOT_PREFIX)
TAB_ID = re.compile(r"^[a-z0-9]{0,32}$")
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
    rev: int = 0  # the write number (0: written by a build before write numbers)
    tab: str = ""  # the id of the tab that wrote it ("" before tab ids)

    @property
    def damaged(self) -> bool:
        return bool(self.problem)

    @property
    def over(self) -> bool:
        """A finished game (kept only until its player leaves the score screen)."""
        return not self.problem and self.to_act < 0


class StoredElsewhere(Exception):
    """A write refused: since this tab last saw the game, another tab stored other actions for it."""

    def __init__(self, stored: SavedGame) -> None:
        super().__init__(f"game {stored.id} was stored by tab {stored.tab or '?'} (write {stored.rev}) meanwhile")
        self.stored = stored


def autosave_document(game_id: str, updated_ms: int, state: State, names: list[str], kinds: list[str],
                      rev: int = 1, tab: str = "", actions: Sequence[str] | None = None) -> dict[str, Any]:
    """The stored entry of a game: its save document, what the list shows (turn, whose turn), and who
    wrote it when (write number, tab id). `actions`: the history's texts when the caller has them."""
    return {"format": AUTOSAVE_FORMAT, "version": AUTOSAVE_VERSION, "id": game_id, "updated": updated_ms,
            "turn": state.turn, "step": state.step, "to_act": state.current_player, "rev": rev, "tab": tab,
            "save": save_document(state.setup, names, kinds, state.history if actions is None else actions)}


def autosave_text(game_id: str, updated_ms: int, state: State, names: list[str], kinds: list[str], rev: int = 1,
                  tab: str = "") -> str:
    return json.dumps(autosave_document(game_id, updated_ms, state, names, kinds, rev, tab),
                      separators=(",", ":"), ensure_ascii=False)


def _entry(text: str | None) -> dict[str, Any]:
    """A stored entry's JSON object, read through the boundary's caps (InputError otherwise)."""
    entry = read_json(text or "", "stored game", source="stored game")
    if not isinstance(entry, dict) or entry.get("format") not in AUTOSAVE_FORMATS:
        raise InputError("not a stored game of this site", source="stored game", code="not_ours")
    return entry


def _peek(game_id: str, text: str | None) -> SavedGame:
    """What the list needs from an entry, checked by hand (no pydantic at page start)."""
    if not GAME_ID.match(game_id):
        return SavedGame(one_line(game_id, 32) or "?", problem="not a game id")
    try:
        entry = _entry(text)
    except InputError as err:
        return SavedGame(game_id, problem="not JSON" if err.code in ("not_json", "too_large") else err.reason)
    return _summary(game_id, entry)


def _summary(game_id: str, entry: dict[str, Any]) -> SavedGame:
    """`_peek` of an entry already parsed."""
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
    rev, tab = entry.get("rev", 0), entry.get("tab", "")
    if (not all(type(x) is int for x in numbers) or type(rev) is not int or rev < 0
            or not isinstance(tab, str) or not TAB_ID.match(tab)):
        return SavedGame(game_id, names=names, problem="the summary is damaged", game=one_line(game, 20))
    updated, turn, step, to_act = numbers
    if step != len(actions):
        return SavedGame(game_id, updated, names, problem="the action list does not match", game=one_line(game, 20))
    if action_count_problem(len(actions)):  # the one cap: what loading would refuse is not listed as healthy
        return SavedGame(game_id, updated, names, problem=action_count_problem(len(actions)), game=one_line(game, 20))
    return SavedGame(game_id, updated, names, turn, step, to_act, game=one_line(game, 20), rev=rev, tab=tab)


def _newest_first(found: list[tuple[SavedGame, str]]) -> list[tuple[SavedGame, str]]:
    """A game's slots, the one to read first first: readable before damaged, then the higher write number."""
    return sorted(found, key=lambda pair: (pair[0].damaged, -pair[0].rev, -pair[0].step))


class GameStore:
    """Several unfinished games in browser storage, two slots each (see the module's text)."""

    def __init__(self, storage: Storage, limit: int = MAX_SAVED_GAMES) -> None:
        self.storage = storage
        self.limit = limit
        # key -> (the text this store wrote there, its summary): a write after a write reads the slot
        # back as text, and only a slot another tab changed is parsed again
        self._written: dict[str, tuple[str, SavedGame]] = {}

    def keys(self) -> list[str]:
        try:
            return [k for k in self.storage.keys() if isinstance(k, str) and k.startswith(SLOT_PREFIXES)]
        except Exception:  # noqa: BLE001 - a browser may refuse storage altogether
            return []

    def ids(self) -> list[str]:
        """Every stored game's id (either slot), once."""
        found: dict[str, None] = {}
        for key in self.keys():
            found[key[len(SECOND_SLOT_PREFIX if key.startswith(SECOND_SLOT_PREFIX) else AUTOSAVE_PREFIX):]] = None
        return list(found)

    def _slots(self, game_id: str) -> list[tuple[SavedGame, str]]:
        """The game's slots that hold something, newest readable first: (what it holds, key)."""
        found = []
        for prefix in SLOT_PREFIXES:
            key = prefix + game_id
            try:
                text = self.storage.get(key)
            except Exception:  # noqa: BLE001 - an unreadable slot is a damaged one
                found.append((SavedGame(one_line(game_id, 32) or "?", problem="unreadable"), key))
                continue
            if text is not None:
                known = self._written.get(key)
                if known is not None and known[0] == text:
                    found.append((known[1], key))
                    continue
                try:
                    found.append((_peek(game_id, text), key))
                except Exception:  # noqa: BLE001 - one bad entry must never break the start screen
                    found.append((SavedGame(one_line(game_id, 32) or "?", problem="unreadable"), key))
        return _newest_first(found)

    def head(self, game_id: str) -> SavedGame | None:
        """What the game's newest slot holds (damaged if no slot is readable); None if it is not stored."""
        slots = self._slots(game_id)
        return slots[0][0] if slots else None

    def list(self) -> list[SavedGame]:
        """Every stored game, newest first; damaged ones last, with their problem."""
        games = [head for head in map(self.head, self.ids()) if head is not None]
        return sorted(games, key=lambda g: (g.damaged, -g.updated, g.id))

    def actions(self, game_id: str) -> list[str] | None:
        """The action texts of the game's newest readable state (None when there is none)."""
        for saved, key in self._slots(game_id):
            if saved.damaged:
                break
            try:
                save = _entry(self.storage.get(key)).get("save")
                return list(save["actions"])
            except Exception:  # noqa: BLE001 - read by hand above, so only a race could land here
                continue
        return None

    def write(self, game_id: str, updated_ms: int, state: State, names: list[str], kinds: list[str],
              tab: str = "", expected: int | None = None, actions: Sequence[str] | None = None) -> int:
        """Store a game's new state and return its write number.

        The new text goes first into the slot that does not hold the newest readable state, then into
        the first slot, and the second slot is cleared: cut off at any point, one slot still holds a
        readable state (the new one or the one before), and a finished write leaves one key, as older
        builds wrote. `expected`: the write number this tab last wrote or read for the game; if the
        stored game has another one now and holds other actions, another tab played it meanwhile:
        StoredElsewhere, and nothing is written. A game stored for the first time drops the oldest
        games beyond the limit. Raises what the storage raises (full) only when nothing was stored.
        `actions`: the history's texts, when the caller keeps them (else made from the state)."""
        texts = [str(a) for a in state.history] if actions is None else list(actions)
        slots = self._slots(game_id)
        head = slots[0] if slots and not slots[0][0].damaged else None
        if head is not None and expected is not None and head[0].rev != expected:
            if self.actions(game_id) != texts:
                raise StoredElsewhere(head[0])
        rev = max((s.rev for s, _ in slots if not s.damaged), default=0) + 1
        entry = autosave_document(game_id, updated_ms, state, names, kinds, rev, tab, texts)
        text = json.dumps(entry, separators=(",", ":"), ensure_ascii=False)
        summary = _summary(game_id, entry)
        first, second = AUTOSAVE_PREFIX + game_id, SECOND_SLOT_PREFIX + game_id
        if head is not None and head[1] == first:
            self.storage.set(second, text)  # the newest state stays untouched until this is complete
            self._written[second] = (text, summary)
        try:
            self.storage.set(first, text)
            self._written[first] = (text, summary)
        except Exception:  # noqa: BLE001 - the second slot holds the new state: readers take it from there
            if head is None or head[1] != first:
                raise
            return rev
        if any(key == second for _, key in slots) or (head is not None and head[1] == first):
            self.storage.remove(second)
            self._written.pop(second, None)
        if not slots:
            games = [g for g in self.list() if g.id != game_id]
            for old in games[max(0, self.limit - 1):]:
                self.remove(old.id)
        return rev

    def find(self, state: State, names: list[str], kinds: list[str]) -> SavedGame | None:
        """A stored game that `state` continues (the same game and seats, its actions where `state`'s
        begin): a file or link of a stored game is opened as that game, so it is listed once."""
        document = save_document(state.setup, names, kinds, state.history)
        found = []
        for game_id in self.ids():
            head = self.head(game_id)
            if head is None or head.damaged or head.step > state.step:
                continue
            for saved, key in self._slots(game_id):
                try:
                    save = _entry(self.storage.get(key)).get("save") if not saved.damaged else None
                    if isinstance(save, dict) and same_game(upgrade(save), document):
                        found.append(head)
                except Exception:  # noqa: BLE001 - a damaged entry is never a copy; the list reports it
                    pass
                break
        return max(found, key=lambda g: (g.step, g.updated), default=None)

    def remove(self, game_id: str) -> None:
        for prefix in SLOT_PREFIXES:
            self.storage.remove(prefix + game_id)
            self._written.pop(prefix + game_id, None)

    def has(self, game_id: str) -> bool:
        head = self.head(game_id)
        return head is not None and not head.damaged

    def load(self, game_id: str) -> Loaded:
        """A stored game's newest state that validates (pydantic) and replays; LoadError says what is
        wrong with the newest one when none does."""
        from .autosave import parse_entry
        from .save import load_model

        slots = self._slots(game_id)
        if not slots:
            raise LoadError("refused_saved_missing", reason="the game is not stored", code="missing")
        first: LoadError | None = None
        for _, key in slots:
            try:
                entry = parse_entry(self.storage.get(key) or "", game_id)
                return Loaded(entry.save, load_model(entry.save, source="stored game"))
            except InputError as err:
                first = first or as_load_error(err, "stored game")
        assert first is not None
        raise first
