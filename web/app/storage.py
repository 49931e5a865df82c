"""Never losing a game: autosave after every action, the start screen's list of unfinished games, a
reload resuming the tab's game, save files down and up, share links. The logic is in
toledo.core.session (tested natively); this module only wires it to the browser.

The browser may misbehave, and the player is told once, in one sentence, with what keeps the game
(#storage-note): storage full (the game goes on unsaved, autosave resumes by itself once a write
goes through), storage refused (games kept for this page only), another tab that played the same
stored game on (its state is offered; a move made here anyway is stored as a game of its own).
Persistent storage is asked for once a game is saved to a file or finished; the start screen says
whether the browser granted it (#storage-state).

A game is its setup plus its action list: autosave writes that (no pydantic), while a file, a link or
a stored game is validated with pydantic (loaded after start-up, `lazy_wheels`) before it is replayed.
Reading returns a `Loaded` game; `screens.open_loaded` shows it.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy, jsnull, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]
from toledo.core import session as games
from toledo.core.errors import GameTooLongError
from toledo.core.store import SLOT_PREFIXES, StoredElsewhere

from . import lazy_wheels
from .dom import by_id, lang, mark, now_ms, present, session_message, to_js_object

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession

STORE_CURRENT = "toledo.current"  # sessionStorage: the game this tab shows, so a reload resumes it
LABELS = {"saved-title": "start_saved_games", "load-file": "load_file", "save-file": "save_file",
          "share-link": "share_link", "replay-open": "replay", "replay-title": "replay",
          "replay-exit": "replay_exit", "undo": "undo", "log-title": "log_title",
          "share-label": "share_copy_manual", "share-hint": "share_hint"}
ARIA_LABELS = {"game-tools": "game_tools", "replay-first": "replay_first", "replay-prev": "replay_previous",
               "replay-next": "replay_next", "replay-last": "replay_last"}


class BrowserStorage:
    """window.localStorage / sessionStorage behind toledo.core.session.Storage."""

    def __init__(self, area: Any) -> None:
        self.area = area

    def get(self, key: str) -> str | None:
        value = self.area.getItem(key)
        return None if value is None or value is jsnull else str(value)

    def set(self, key: str, value: str) -> None:
        self.area.setItem(key, value)

    def remove(self, key: str) -> None:
        self.area.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.area.key(i)) for i in range(int(self.area.length))]


@dataclass
class TabState:
    """What this page knows about the browser's storage and the writes it made."""

    id: str  # this page's tab id, written with every entry
    seen: dict[str, int] = field(default_factory=dict)  # game id -> the write number this tab last wrote or read
    refused: bool = False  # the browser refuses storage: games live as long as this page
    told: set[str] = field(default_factory=set)  # the notes said already (each is said once)
    note: tuple[str, str, int] = ("", "", 0)  # the note shown: its kind, the game it offers, the turn
    persist: str = "unasked"  # persistent storage: unasked, granted, refused (or none: no storage)
    persist_asked: bool = False


TAB = TabState(games.new_game_id(random.getrandbits(40), 0)[-8:])


def _storage(name: str) -> Any:
    try:
        area = getattr(window, name)
        area.length  # noqa: B018 - raises where storage is refused
        return BrowserStorage(area)
    except Exception:  # noqa: BLE001 - private modes may refuse storage: keep games for this page only
        return None


def open_stores(app: App) -> None:
    local = _storage("localStorage")
    TAB.refused = local is None
    if TAB.refused:
        TAB.persist = "none"
    app.store = games.GameStore(local or games.MemoryStorage())
    app.tab = _storage("sessionStorage") or games.MemoryStorage()
    app.listeners.on(window, "storage", lambda event: on_other_tab(app, event))
    asyncio.ensure_future(_read_persisted(app))


def refuse(app: App, err: games.LoadError) -> None:
    """One sentence in the player's language (what happened, what to do); the English reason is kept
    out of sight in data-detail for bug reports. Nothing was loaded, so nothing else changes."""
    session_message(err.message(lang()), error=True)
    by_id("session-message").setAttribute("data-detail", str(err))
    mark(session="refused")


def labels(app: App) -> None:
    """The saving, sharing and replay tools' words in the page's language."""
    for name, key in LABELS.items():
        el = by_id(name)
        if present(el):
            el.textContent = app.tr(key)
    for name, key in ARIA_LABELS.items():
        el = by_id(name)
        if present(el):
            el.setAttribute("aria-label", app.tr(key))
            el.setAttribute("title", app.tr(key))
    _render_note(app)
    show_storage_state(app)


# --- the game in progress -----------------------------------------------------------------------------
def autosave(app: App, session: GameSession, *, played: bool = True) -> None:
    """Store the game after every action: its setup and action texts (cheap; validated when read back).
    played=False: stored as it stands (a game's end), the note on what was loaded left in place."""
    if not session.game_id or app.session is not session or app.store is None:
        return
    if played and by_id("session-message").className == "note":  # "Game loaded: ..." seen once play goes on
        session_message("")
    try:
        _write(app, session)
    except StoredElsewhere as newer:  # another tab played this game on: keep both games
        _keep_apart(app, session, newer.stored)
    except GameTooLongError as err:  # no save could hold it: said once, the game goes on
        _too_long(app, err)
    except Exception:  # noqa: BLE001 - storage full: the game goes on, and the player hears it once
        _show_note(app, "full")
    else:
        _hide_note("full")
        TAB.told.discard("full")  # full again later: said again
    if session.state.is_terminal():
        asyncio.ensure_future(ask_persist(app))


def _write(app: App, session: GameSession) -> None:
    assert app.store is not None
    TAB.seen[session.game_id] = app.store.write(session.game_id, now_ms(), session.state, session.names,
                                                session.kinds, tab=TAB.id, expected=TAB.seen.get(session.game_id),
                                                actions=session.action_texts())


def _keep_apart(app: App, session: GameSession, stored: games.SavedGame) -> None:
    """This tab's moves on a position another tab has left behind: stored as a game of their own
    (this tab's reload resumes them), the other tab's newer game offered."""
    session.game_id = games.new_game_id(random.getrandbits(40), now_ms())
    _remember_tab_game(app, session.game_id)
    try:
        _write(app, session)
    except Exception:  # noqa: BLE001 - storage full: said like any other failed write
        _show_note(app, "full")
    _show_note(app, "newer", stored.id, stored.turn)


def on_other_tab(app: App, event: Any) -> None:
    """Another tab stored something: if it is this tab's game with other actions, offer its state."""
    session, key = app.session, str(event.key) if present(event.key) else ""
    if session is None or not session.game_id or app.store is None:
        return
    if key not in (prefix + session.game_id for prefix in SLOT_PREFIXES):
        return
    head = app.store.head(session.game_id)
    if head is None or head.damaged or head.rev == TAB.seen.get(session.game_id):
        return
    if app.store.actions(session.game_id) == [str(a) for a in session.state.history]:
        TAB.seen[session.game_id] = head.rev  # the same game: nothing to offer
        return
    TAB.told.discard("newer")
    _show_note(app, "newer", session.game_id, head.turn)


# --- telling the player about storage -------------------------------------------------------------------
NOTES = {"full": "storage_full", "refused": "storage_refused", "newer": "storage_newer"}


def _show_note(app: App, kind: str, game_id: str = "", turn: int = 0) -> None:
    """One sentence and what keeps the game, said once (a note shown again is said again)."""
    if kind in TAB.told:
        return
    TAB.told.add(kind)
    TAB.note = (kind, game_id, turn)
    _render_note(app)


def _render_note(app: App) -> None:
    kind, game_id, turn = TAB.note
    note = by_id("storage-note")
    if not present(note) or not kind:
        return
    note.innerHTML = ""
    line = document.createElement("span")
    line.className = "storage-line"
    line.textContent = app.tr(NOTES[kind], turn=turn) if kind == "newer" else app.tr(NOTES[kind])
    note.appendChild(line)
    if kind == "newer":  # the start screen's resume button, which opens a stored game
        note.appendChild(_note_button(app, {"data-ui": "resume", "data-game": game_id,
                                            "data-storage": "load-newer"}, "storage_load_newer"))
    else:
        note.appendChild(_note_button(app, {"data-ui": "save-file"}, "save_file"))
        if kind == "refused":
            note.appendChild(_note_button(app, {"data-ui": "share-link"}, "share_link"))
    note.hidden = False
    mark(storage=kind)


def _note_button(app: App, attrs: dict[str, str], key: str) -> Any:
    button = document.createElement("button")
    button.type = "button"
    button.className = "btn small"
    for name, value in attrs.items():
        button.setAttribute(name, value)
    button.textContent = app.tr(key)
    return button


def _hide_note(kind: str = "") -> None:
    """The note gone (only if it is of `kind`, when given)."""
    if TAB.note[0] and (not kind or TAB.note[0] == kind):
        TAB.note = ("", "", 0)
        note = by_id("storage-note")
        if present(note):
            note.hidden = True
            note.innerHTML = ""
        mark(storage="")


async def _read_persisted(app: App) -> None:
    """Whether the browser already keeps this site's storage for good (asked once at start)."""
    try:
        if not TAB.refused and bool(await window.navigator.storage.persisted()):
            TAB.persist = "granted"
    except Exception:  # noqa: BLE001 - no StorageManager here: the games are kept as the browser sees fit
        pass
    show_storage_state(app)


async def ask_persist(app: App) -> None:
    """Ask the browser once to keep the stored games for good: once a game was saved to a file or
    finished, the player has shown the games matter (a browser may ask them, or decide alone)."""
    if TAB.persist_asked or TAB.refused or TAB.persist == "granted":
        return
    TAB.persist_asked = True
    try:
        TAB.persist = "granted" if bool(await window.navigator.storage.persist()) else "refused"
    except Exception:  # noqa: BLE001 - refused or not offered: the games stay stored as before
        TAB.persist = "refused"
    show_storage_state(app)


def show_storage_state(app: App) -> None:
    """The start screen's line on how this browser keeps games."""
    line = by_id("storage-state")
    if not present(line):
        return
    key = {"granted": "storage_kept", "none": "storage_none"}.get(TAB.persist, "storage_may_clear")
    line.textContent = app.tr(key)
    line.setAttribute("data-persist", TAB.persist)


def started(app: App, session: GameSession, game_id: str) -> None:
    """A game began (new, loaded or resumed): its id, this tab's memory of it, its first autosave."""
    assert app.store is not None and app.tab is not None
    session_message("")
    if not game_id and session.state.step:  # a file or link of a stored game continues that game
        found = app.store.find(session.state, session.names, session.kinds)
        game_id = found.id if found is not None else ""
    session.game_id = game_id or games.new_game_id(random.getrandbits(40), now_ms())
    head = app.store.head(session.game_id)
    if head is not None and not head.damaged:
        TAB.seen[session.game_id] = head.rev
    by_id("transcript").textContent = session.transcript()
    _remember_tab_game(app, session.game_id)
    _hide_note("newer")
    TAB.told.discard("newer")
    for saved in app.store.list():
        if saved.over and saved.id != session.game_id:
            app.store.remove(saved.id)
    if TAB.refused:
        _show_note(app, "refused")
    autosave(app, session)


def _remember_tab_game(app: App, game_id: str) -> None:
    """The game a reload of this tab resumes."""
    try:
        assert app.tab is not None
        app.tab.set(STORE_CURRENT, game_id)
    except Exception:  # noqa: BLE001
        pass


def left(app: App) -> None:
    """Back on the start screen: forget this tab's game, list the unfinished ones, load pydantic idly."""
    try:
        if app.tab is not None:
            app.tab.remove(STORE_CURRENT)
    except Exception:  # noqa: BLE001
        pass
    _hide_note()
    show_saved_games(app)
    asyncio.ensure_future(lazy_wheels.when_idle(app))


def tab_game(app: App) -> str | None:
    """The game this tab showed before a reload, if it is still stored."""
    assert app.store is not None and app.tab is not None
    current = app.tab.get(STORE_CURRENT)
    return current if current and app.store.has(current) else None


# --- the start screen's list ----------------------------------------------------------------------------
def show_saved_games(app: App) -> None:
    """The start screen's unfinished games (names as text); a damaged entry is listed, never fatal.
    Finished games are kept only while their score screen is open, so they are dropped here."""
    assert app.store is not None
    listing = by_id("saved-list")
    listing.innerHTML = ""
    shown = 0
    for saved in app.store.list():
        if saved.over:
            app.store.remove(saved.id)
            continue
        item = document.createElement("li")
        item.setAttribute("data-game", saved.id)
        text = document.createElement("span")
        text.className = "saved-text"
        if saved.damaged:
            item.className = "damaged"
            text.textContent = app.tr("saved_game_damaged", problem=saved.problem)
        else:
            when = str(window.Date.new(saved.updated).toLocaleString(lang()))
            text.textContent = app.tr("saved_game_entry", players=", ".join(saved.names), turn=saved.turn, when=when)
            if 0 <= saved.to_act < len(saved.names):  # whose turn it is, as the game will resume
                text.textContent += " · " + app.tr("turn_of", player=saved.names[saved.to_act])
        item.appendChild(text)
        if not saved.damaged:
            item.appendChild(_saved_button(app, "resume", saved.id, "start_resume", shown == 0))
        item.appendChild(_saved_button(app, "delete-saved", saved.id, "saved_game_delete", False))
        listing.appendChild(item)
        shown += 1
    if not shown:
        empty = document.createElement("li")
        empty.className = "saved-none"
        empty.textContent = app.tr("start_no_saved_games")
        listing.appendChild(empty)
    by_id("saved-games").toggleAttribute("data-empty", not shown)  # the section shrinks to its file button
    by_id("saved-games").hidden = False
    by_id("load-file").disabled = False  # the early form holds it until Python, which reads the file, is there
    show_storage_state(app)
    mark(saved=shown)


def _saved_button(app: App, step: str, game_id: str, key: str, primary: bool) -> Any:
    button = document.createElement("button")
    button.type = "button"
    button.className = "btn small" + (" primary" if primary else "")
    button.setAttribute("data-ui", step)
    button.setAttribute("data-game", game_id)
    button.textContent = app.tr(key)
    return button


def delete(app: App, game_id: str) -> None:
    assert app.store is not None
    app.store.remove(game_id)
    show_saved_games(app)


# --- reading games: the store, files, links -------------------------------------------------------------
async def read_stored(app: App, game_id: str) -> games.Loaded | None:
    """A stored game, validated; None (and said why) if it cannot be continued."""
    assert app.store is not None
    session_message(app.tr("loading"))
    mark(session="loading")
    if not await lazy_wheels.ready(app):
        return None
    try:
        return app.store.load(game_id)
    except games.LoadError as err:
        refuse(app, err)
        show_saved_games(app)
        return None


async def read_file(app: App, file: Any) -> games.Loaded | None:
    mark(session="loading")
    try:
        if int(file.size) > games.MAX_FILE_BYTES:  # refused before a byte is read
            raise games.LoadError("refused_file_too_large", reason=f"the file has {int(file.size):,} bytes",
                                  code="too_large")
        # bytes, not file.text(): the same strict decoding as the command line (a UTF-16 file is refused)
        data = (await file.arrayBuffer()).to_bytes()
    except games.LoadError as err:
        refuse(app, err)
        return None
    except Exception:  # noqa: BLE001 - unreadable file
        refuse(app, games.LoadError("refused_file_read", reason="the file could not be read"))
        return None
    if not await lazy_wheels.ready(app):
        return None
    try:
        return games.read_save_text(data)
    except games.LoadError as err:
        refuse(app, err)
        return None


async def read_link(app: App, fragment: str) -> games.Loaded | None:
    """The game in a share link's fragment; the fragment leaves the address (the game moves to the store)."""
    mark(session="loading")
    window.history.replaceState(jsnull, "", str(window.location.pathname) + str(window.location.search))
    if not await lazy_wheels.ready(app):
        return None
    try:
        return games.read_share_link(fragment)
    except games.LoadError as err:
        refuse(app, err)
        return None


# --- writing games: a file, a link ------------------------------------------------------------------------
def _document(session: GameSession) -> dict[str, Any]:
    return games.save_document(session.state.setup, session.names, session.kinds, session.state.history)


def _too_long(app: App, err: GameTooLongError) -> None:
    if "too_long" not in TAB.told:
        TAB.told.add("too_long")
        session_message(app.tr("storage_too_long", limit=f"{err.limit:,}"), error=True)


def download(app: App, session: GameSession) -> None:
    try:
        text = games.save_text(_document(session))
    except GameTooLongError as err:
        _too_long(app, err)
        return
    blob = window.Blob.new(to_js([text]), to_js_object({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = f"{app.game.name}-{session.state.setup.seed}-turn-{session.state.turn}.json"
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda *_: window.URL.revokeObjectURL(url)), 2000)
    asyncio.ensure_future(ask_persist(app))


async def share(app: App, session: GameSession) -> None:
    try:
        fragment = games.share_fragment(_document(session))
    except GameTooLongError as err:
        _too_long(app, err)
        return
    url = f"{window.location.origin}{window.location.pathname}#{fragment}"
    box = by_id("share-url")
    box.value = url
    by_id("share-box").hidden = False
    box.select()
    try:
        await window.navigator.clipboard.writeText(url)
        by_id("share-label").textContent = app.tr("share_copied")
    except Exception:  # noqa: BLE001 - no clipboard here: the link is in the box, selected
        by_id("share-label").textContent = app.tr("share_copy_manual")
