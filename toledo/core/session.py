"""A game session around the rules: undo floors, the browser's store of unfinished games, reading
save files and share links with one clear message per problem, and a replay cursor.

Everything rests on the engine's fact that a game is its setup plus its action list: undo replays the
setup with fewer actions, autosave writes the save document after every action, replay walks the
list. Pure Python; pydantic is imported only when a document from outside is validated
(`read_save_text`, `read_share_link`, `GameStore.load`), so the page can start without it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..games.toledo import data as D
from ..games.toledo.actions import Action, Kind, parse
from ..games.toledo.describe import LogLine, describe
from .errors import SaveFileError
from ..games.toledo.state import Phase, Setup, State, replay

if TYPE_CHECKING:  # pragma: no cover
    from .save import SaveModel

__all__ = [
    "UndoFloor", "undo_floor", "undo", "recent_spaces", "save_document", "save_text", "LoadError", "Loaded",
    "read_save_text", "read_share_link", "share_fragment", "Storage", "MemoryStorage", "SavedGame", "GameStore", "ReplayCursor",
    "new_game_id",
]

SAVE_FORMAT = "toledo-save"  # toledo.save.SAVE_FORMAT, repeated so this module needs no pydantic
SAVE_VERSION = 1
MAX_FILE_BYTES = 4_000_000  # a long 4-player game is ~10 KB; anything this large is not a save


# --- undo --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class UndoFloor:
    """How far back the player to act may take back their actions, and why it stops there."""

    step: int  # the earliest step the game may be taken back to
    undoable: int  # how many actions the player to act may take back now
    reason: str  # i18n key (toledo.i18n) saying why undo stops at `step`

    @property
    def possible(self) -> bool:
        return self.undoable > 0


def undo_floor(state: State) -> UndoFloor:
    """The undo floor of the player to act: their own actions of this turn back to the last reveal.

    The engine records in `last_reveal_step` the last moment hidden information came out (cards
    drawn, a tavern draw, a duel's cards, a painting taken) and the end of every turn, so undo never
    passes a reveal and never reaches into another player's turn.
    """
    if state.is_terminal():
        return UndoFloor(state.step, 0, "undo_none")
    floor = max(state.last_reveal_step, state.base_step)
    undoable = state.step - floor
    if floor == 0:
        return UndoFloor(0, undoable, "undo_stop_start")
    index = floor - 1 - state.base_step
    if index < 0:  # a sampled state: its history does not reach the floor
        return UndoFloor(floor, undoable, "undo_none")
    action = state.history[index]
    if action.kind in (Kind.END, Kind.PASS, Kind.PLACE, Kind.RETURN, Kind.DRAW):
        reason = "undo_stop_turn"  # the action that ended the previous turn
    elif action.kind is Kind.CHALLENGE:
        reason = "undo_stop_duel"
    else:  # USE or PAY: the tavern dealt cards, or the artist gave a painting
        reason = "undo_stop_tavern" if _used_tavern(state.setup, tuple(state.history[:index + 1])) else "undo_stop_painting"
    return UndoFloor(floor, undoable, reason)


_TAVERN_CACHE: dict[tuple[Setup, tuple[Action, ...]], bool] = {}


def _used_tavern(setup: Setup, actions: tuple[Action, ...]) -> bool:
    """Whether the last of `actions` (a use or payment) was at a tavern (else the artist)."""
    key = (setup, actions)
    if key not in _TAVERN_CACHE:
        before = replay(setup, list(actions[:-1]))
        _TAVERN_CACHE.clear()  # one entry is enough: the floor changes once per reveal
        _TAVERN_CACHE[key] = D.SPACE_KINDS[before.pawn_pos[before.active_pawn]] == D.SpaceKind.TAVERN
    return _TAVERN_CACHE[key]


def undo(state: State, count: int = 1) -> State:
    """The game with the last `count` actions taken back (replayed from the setup). Raises ValueError
    when that would pass the undo floor."""
    floor = undo_floor(state)
    if count < 1 or count > floor.undoable:
        raise ValueError(f"cannot take back {count} action(s): {floor.undoable} may be taken back ({floor.reason})")
    if state.base_step:
        raise ValueError("a sampled state has no history to replay")
    return replay(state.setup, state.history[:state.step - count])


def recent_spaces(before: State, action: Action, after: State) -> set[int]:
    """The spaces an action touched, to mark on the board (where a pawn landed, a duel, a tile)."""
    if action.is_move:  # where the pawn landed (the entry it took, when it went on into the Alcazar)
        pawn = before.current * D.PAWNS_PER_PLAYER + action.pawn
        return {min(before.pawn_pos[pawn] + D.CARD_VALUE[action.card], D.LAST_SPACE)}
    if action.kind is Kind.CHALLENGE and after.last_duel is not None:
        return {after.last_duel.space}
    if action.kind is Kind.PLACE:
        return {action.space}
    if action.kind is Kind.RETURN:
        return {D.CATHEDRAL}
    return set()


# --- save documents without pydantic -----------------------------------------------------------------
def save_document(setup: Setup, names: list[str], kinds: list[str], actions: list[Action] | list[str]) -> dict[str, Any]:
    """The save document (toledo.save.SaveModel's JSON form, same keys in the same order) of a game.
    Cheap enough for every action; validated only when read back."""
    players = [{"name": name, "colour": D.COLOURS[colour], "kind": kind}
               for name, colour, kind in zip(names, setup.colours, kinds)]
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION,
            "setup": {"players": players, "seed": setup.seed, "start_player": setup.start_player,
                      "rules": setup.rules},
            "actions": [str(a) for a in actions]}


def save_text(document: dict[str, Any]) -> str:
    """A save file's text (as toledo.save.dumps writes it)."""
    return json.dumps(document, indent=1, ensure_ascii=False)


# --- reading files and links: one clear message per problem ----------------------------------------
class LoadError(Exception):
    """A file or link that cannot be loaded: `key` and `params` of the message in toledo.i18n."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key}: {params}" if params else key)
        self.key = key
        self.params = params

    def message(self, lang: str = "en") -> str:
        from .i18n import translate

        return translate(self.key, lang, **self.params)


@dataclass
class Loaded:
    """A validated, replayed game from outside (file, link or browser storage)."""

    model: SaveModel
    state: State

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.model.setup.players]

    @property
    def kinds(self) -> list[str]:
        return [p.kind for p in self.model.setup.players]

    @property
    def document(self) -> dict[str, Any]:
        return self.model.model_dump(mode="json")


def _check_document(document: object, error_key: str) -> Loaded:
    from .save import load_model, validate

    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise LoadError("error_link_not_toledo" if error_key == "error_link_invalid" else "error_file_not_toledo")
    version = document.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise LoadError("error_file_version", version=_short(repr(version)))
    try:
        model = validate(document)
        return Loaded(model, load_model(model))
    except SaveFileError as err:
        raise LoadError(error_key, detail=_detail(err)) from None


def _detail(err: SaveFileError) -> str:
    """The engine's reason, with the step when it names one (shown after "The game file is damaged:")."""
    where = "" if err.step is None else f" (action {err.step + 1})"
    return _short(f"{err.reason}{where}")


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def read_save_text(text: str | bytes) -> Loaded:
    """A save file's contents, validated and replayed; LoadError says what is wrong."""
    if len(text) > MAX_FILE_BYTES:
        raise LoadError("error_file_too_large")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise LoadError("error_file_not_json") from None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise LoadError("error_file_not_json") from None
    return _check_document(document, "error_file_invalid")


def read_share_link(fragment: str) -> Loaded:
    """A share link's fragment (the text after '#', with or without it), decoded, validated and replayed."""
    from .share import FRAGMENT_KEY, decode

    text = fragment.strip().lstrip("#")
    if not text.startswith(FRAGMENT_KEY):
        raise LoadError("error_link_not_toledo")
    try:
        model, state = decode(text)
    except SaveFileError as err:
        if err.reason.startswith("not a Toledo save"):
            raise LoadError("error_link_not_toledo") from None
        if err.reason.startswith("unknown version"):
            raise LoadError("error_file_version", version=_short(err.reason.split(" ")[2], 20)) from None
        raise LoadError("error_link_invalid", detail=_detail(err)) from None
    return Loaded(model, state)


def share_fragment(document: dict[str, Any]) -> str:
    """The URL fragment (without '#') of a game's save document: toledo.share.encode's text, without
    pydantic (the document comes from a legal game; the reader validates it)."""
    import base64
    import zlib

    raw = json.dumps(document, separators=(",", ":")).encode()
    return "game=" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


# --- the browser's store of unfinished games -----------------------------------------------------------
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


AUTOSAVE_PREFIX = "toledo.autosave."
AUTOSAVE_FORMAT = "toledo-autosave"
AUTOSAVE_VERSION = 1
MAX_SAVED_GAMES = 12
GAME_ID = re.compile(r"^[a-z0-9]{6,32}$")


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

    @property
    def damaged(self) -> bool:
        return bool(self.problem)

    @property
    def over(self) -> bool:
        """A finished game (kept only until its player leaves the score screen)."""
        return not self.problem and self.to_act < 0


def autosave_text(game_id: str, updated_ms: int, state: State, names: list[str], kinds: list[str]) -> str:
    """The stored entry of a game: its save document and what the list shows (turn, whose turn)."""
    entry = {"format": AUTOSAVE_FORMAT, "version": AUTOSAVE_VERSION, "id": game_id, "updated": updated_ms,
             "turn": state.turn, "step": state.step, "to_act": state.current_player,
             "save": save_document(state.setup, names, kinds, state.history)}
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False)


def _peek(key: str, text: str | None) -> SavedGame:
    """What the list needs from an entry, checked by hand (no pydantic at page start)."""
    game_id = key[len(AUTOSAVE_PREFIX):]
    if not GAME_ID.match(game_id):
        return SavedGame(_short(game_id, 32) or "?", problem="not a game id")
    try:
        entry = json.loads(text or "")
    except (ValueError, RecursionError):
        return SavedGame(game_id, problem="not JSON")
    if not isinstance(entry, dict) or entry.get("format") != AUTOSAVE_FORMAT:
        return SavedGame(game_id, problem="not a Toledo game")
    if entry.get("version") != AUTOSAVE_VERSION or type(entry.get("version")) is not int:
        return SavedGame(game_id, problem=f"unknown version {_short(repr(entry.get('version')), 20)}")
    if entry.get("id") != game_id:
        return SavedGame(game_id, problem="stored under another id")
    save = entry.get("save")
    setup = save.get("setup") if isinstance(save, dict) else None
    players = setup.get("players") if isinstance(setup, dict) else None
    actions = save.get("actions") if isinstance(save, dict) else None
    if not isinstance(players, list) or not isinstance(actions, list):
        return SavedGame(game_id, problem="the game is missing")
    names = tuple(str(p.get("name", "?"))[:40] if isinstance(p, dict) else "?" for p in players[:D.MAX_PLAYERS])
    numbers = [entry.get(k) for k in ("updated", "turn", "step", "to_act")]
    if not all(type(x) is int for x in numbers):
        return SavedGame(game_id, names=names, problem="the summary is damaged")
    updated, turn, step, to_act = numbers
    if step != len(actions):
        return SavedGame(game_id, updated, names, problem="the action list does not match")
    return SavedGame(game_id, updated, names, turn, step, to_act)


class GameStore:
    """Several unfinished games in browser storage, one key each (`toledo.autosave.<id>`).

    Writing needs no pydantic (it is done after every action); listing reads entries by hand and
    reports a damaged one instead of failing; loading validates with pydantic and replays.
    """

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
            except Exception as err:  # noqa: BLE001 - one bad entry must never break the start screen
                games.append(SavedGame(key[len(AUTOSAVE_PREFIX):], problem=_short(str(err)) or "unreadable"))
        return sorted(games, key=lambda g: (g.damaged, -g.updated, g.id))

    def write(self, game_id: str, updated_ms: int, state: State, names: list[str], kinds: list[str]) -> None:
        """Store (or replace) a game; storing a new one drops the oldest beyond the limit. May raise
        (storage full). Cheap: after every action it only writes one JSON text."""
        key = AUTOSAVE_PREFIX + game_id
        new = self.storage.get(key) is None
        self.storage.set(key, autosave_text(game_id, updated_ms, state, names, kinds))
        if new:
            games = [g for g in self.list() if g.id != game_id]
            for old in games[max(0, self.limit - 1):]:
                self.remove(old.id)

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
            raise LoadError("error_saved_missing")
        try:
            entry = parse_entry(text, game_id)
            return Loaded(entry.save, load_model(entry.save))
        except SaveFileError as err:
            raise LoadError("error_saved_invalid", detail=_detail(err)) from None


# --- replay ----------------------------------------------------------------------------------------------
@dataclass
class ReplayCursor:
    """A game stepped through move by move: `position` actions applied (0 = the setup)."""

    setup: Setup
    actions: tuple[Action, ...]
    position: int = 0
    _states: list[State] = field(default_factory=list, repr=False)

    @classmethod
    def of(cls, setup: Setup, actions: list[Action] | list[str], position: int | None = None) -> ReplayCursor:
        parsed = tuple(parse(a) if isinstance(a, str) else a for a in actions)
        cursor = cls(setup, parsed)
        cursor.goto(len(parsed) if position is None else position)
        return cursor

    @property
    def total(self) -> int:
        return len(self.actions)

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == self.total

    def state_at(self, position: int) -> State:
        """The game after `position` actions (computed once, then kept)."""
        if not 0 <= position <= self.total:
            raise IndexError(f"position {position} is outside 0..{self.total}")
        if not self._states:
            self._states.append(State(self.setup))
        while len(self._states) <= position:
            nxt = self._states[-1].clone()
            nxt.apply(self.actions[len(self._states) - 1])
            self._states.append(nxt)
        return self._states[position]

    @property
    def state(self) -> State:
        return self.state_at(self.position)

    def goto(self, position: int) -> State:
        self.position = max(0, min(self.total, position))
        return self.state

    def forward(self) -> State:
        return self.goto(self.position + 1)

    def back(self) -> State:
        return self.goto(self.position - 1)

    def first(self) -> State:
        return self.goto(0)

    def last(self) -> State:
        return self.goto(self.total)

    def line(self) -> LogLine | None:
        """The log line of the action that led to the current position (None at the start)."""
        if self.position == 0:
            return None
        return describe(self.state_at(self.position - 1), self.actions[self.position - 1], self.state)

    def recent(self) -> set[int]:
        if self.position == 0:
            return set()
        return recent_spaces(self.state_at(self.position - 1), self.actions[self.position - 1], self.state)

    def seat_to_show(self) -> int:
        """The seat whose view draws the board: who acted last (the board shows only public facts)."""
        state = self.state
        if self.position and state.phase == Phase.OVER:
            return self.state_at(self.position - 1).current
        return max(state.current_player, 0)
