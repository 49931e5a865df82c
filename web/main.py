"""The Toledo page (PyScript, main thread): wires the DOM to the engine and to toledo.games.toledo.ui / toledo.games.toledo.svg.

Everything a human may click comes from `toledo.games.toledo.ui.offer` (a filter of `state.legal_actions()`), every
click goes through `toledo.games.toledo.ui.click`, and every picture is a pure function of the state. This file only
keeps the session, turns DOM events into clicks, paces the computer players and writes HTML.

URL parameters: seats=human,easy (2-4, "human" or a level), names=Ann,Bob, colours=red,blue, seed=5,
start=1 (first player, 1-based), speed=ms per computer action (0 = instant; default 700), autostart=1.
A fragment #game=... is a share link (toledo.core.session / toledo.core.share): the page opens that game. A reload
resumes the tab's game (sessionStorage "toledo.current"); localStorage "toledo.autosave.<id>" holds every
unfinished game (autosaved after each action) for the start screen's list.
Test hooks: <html data-ready data-turn data-busy data-step data-phase>, <pre id="transcript"> and
window.toledoTranscript() (JSON: seed, seats, actions), the score screen #scores; issue 5 adds
data-saves="ready" (pydantic loaded), data-session (loading / loaded / refused: a file, link or stored
game), data-replay (the replay's position), data-saved (games listed) and #undo-note[data-reason].
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import time
from html import escape
from importlib import metadata
from typing import Any
from urllib.parse import parse_qs

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]  # exists only in the browser
from pyscript import document, window  # type: ignore[import-not-found]

import toledo  # noqa: E402
from toledo import bots  # noqa: E402
from toledo.games.toledo import data as D  # noqa: E402
from toledo import ui  # noqa: E402
from toledo.games.toledo.actions import Action, Kind  # noqa: E402
from toledo.games.toledo.describe import describe  # noqa: E402
from toledo.games.toledo.state import Setup, State  # noqa: E402
from toledo.games.toledo.svg import board_svg  # noqa: E402
from toledo import session as game  # noqa: E402  (issue 5: autosave, files, links, undo, replay; no pydantic)
from toledo.games.toledo.describe import game_log  # noqa: E402
from toledo.core.i18n import translate, translate_count  # noqa: E402
from toledo import keyboard  # noqa: E402  (issue 6: shortcuts, languages, rules help, screen readers)
from toledo.core.i18n import LANGUAGES, choose_language  # noqa: E402
from toledo.games.toledo.rules_help import rules_html  # noqa: E402
from toledo.games.toledo.ui_text import colour_name, level_name, tr  # noqa: E402

MAX_NAME = 40  # the save format's limit
PARAMS = {k: v[-1] for k, v in parse_qs(str(window.location.search).lstrip("?")).items()}
SLICE_SECONDS = 0.05  # a computer search never blocks the page for longer than this
RENDER_EVERY = 0.25  # at speed 0, redraw computer turns at most this often (seconds)


NARROW = window.matchMedia("(max-width: 700px)")  # phones get the tall board


def board_layout() -> str:
    return "tall" if NARROW.matches else "wide"


def by_id(name: str) -> Any:
    return document.getElementById(name)


def set_html(name: str, html: str) -> None:
    by_id(name).innerHTML = html


def mark(**attrs: object) -> None:
    """State markers on <html> for styling and for the end-to-end tests."""
    for key, value in attrs.items():
        document.documentElement.setAttribute(f"data-{key}", str(value))


def int_param(name: str, default: int) -> int:
    try:
        return int(PARAMS.get(name, default))
    except ValueError:
        return default


def levels() -> list[str]:
    """Computer levels for the seat menus: the registry's, without 'random' once real levels exist."""
    names = bots.bot_names()
    real = [n for n in names if n != "random"]
    order = ["easy", "medium", "hard", "expert"]
    return sorted(real or names, key=lambda n: (order.index(n) if n in order else len(order), n))


# --- a game in progress ------------------------------------------------------------------------------
class Session:
    def __init__(self, kinds: list[str], names: list[str], colours: list[int], seed: int, start: int,
                 speed: int) -> None:
        self.kinds = kinds
        self.names = names
        self.seed = seed
        self.speed = speed
        self.state = State(Setup(len(kinds), seed, start, tuple(colours)))
        # seeded exactly as toledo.cli.play_game, so a seeded computer game replays natively
        self.bots = {i: bots.make_bot(k, seed * 7919 + i) for i, k in enumerate(kinds) if k != "human"}
        self.humans = [i for i, k in enumerate(kinds) if k == "human"]
        self.private = len(self.humans) >= 2  # hotseat: hide each hand until its owner is at the device
        self.revealed = -1  # the human whose hand may be shown now
        self.pick = ui.Pick()
        self.recent: set[int] = set()
        self.busy = False
        self.driving = False
        self.last_render = 0.0

    def hand_seat(self) -> int:
        """Whose hand the page shows: the only human's, or (hotseat) the revealed player's on their turn."""
        if not self.humans:
            return -1
        if not self.private:
            return self.humans[0]
        seat = self.state.current_player
        return seat if seat == self.revealed and seat in self.humans else -1

    def transcript(self) -> str:
        return json.dumps({"seed": self.seed, "seats": self.kinds, "start": self.state.setup.start_player,
                           "colours": [D.COLOURS[c] for c in self.state.setup.colours],
                           "actions": [str(a) for a in self.state.history]})


SESSION: Session | None = None


# --- drawing ------------------------------------------------------------------------------------------
def render(s: Session) -> None:
    """Redraw board and panel for the current decision."""
    state = s.state
    seat = state.current_player
    human_turn = seat >= 0 and s.kinds[seat] == "human" and s.hand_seat() == seat
    lg = lang()
    keep = focused_target()  # the keyboard's place, found again after the redraw
    o = ui.offer(state, s.pick, lg) if human_turn else ui.Offer(prompt="")
    shown = s.hand_seat()
    # names and tooltips are told to the player whose hand shows; else to a spectator, from a view without cards
    view = state.view(shown if shown >= 0 else max(seat, 0))
    if shown < 0:
        view = dataclasses.replace(view, hand=(0,) * D.NUM_CARD_KINDS)
    set_html("board", board_svg(view, names=s.names, legal_spaces=o.spaces, legal_pawns=o.pawns,
                                legal_swords=o.swords, legal_fencing=o.fencing, selected_pawn=o.selected_pawn,
                                recent=s.recent, layout=board_layout(), lang=lg, you=shown >= 0))
    set_html("players", ui.players_html(state, s.names, s.kinds, lg, shown))
    if shown >= 0:
        who = tr("your_hand", lg) if len(s.humans) == 1 else tr("hand_of", lg, player=s.names[shown])
        by_id("hand-title").textContent = tr("hand_title", lg, who=who,
                                             cards=translate_count("cards", state.hand_sizes[shown], lg))
        set_html("hand", ui.hand_html(state.hand(shown), o.cards if human_turn else {}, lg, view))
    else:
        by_id("hand-title").textContent = tr("hand", lg)
        set_html("hand", f'<p class="hand-hidden">'
                         f'{escape(tr("hand_hidden_hotseat" if s.private else "hand_computers", lg))}</p>')
    set_html("tiles", ui.tiles_html(o.tiles, o.selected_tile, state.colour_of(seat), lg) if o.tiles is not None else "")
    turn_text = tr("turn_info", lg, player=s.names[seat], turn=state.turn) if seat >= 0 else ""
    if state.is_terminal():
        by_id("turn-info").textContent = tr("end_title", lg)
    elif human_turn:
        by_id("prompt").textContent = o.prompt
        set_html("actions", ui.buttons_html(o.buttons, keyboard.BUTTON_KEYS))
        by_id("turn-info").textContent = turn_text
    else:
        set_html("actions", "")
        by_id("turn-info").textContent = turn_text
    s.offer = o  # type: ignore[attr-defined]  # for the keyboard shortcuts
    after_render(s, keep, human_turn)
    mark(step=state.step, phase=state.phase.name.lower(), seat=seat)
    s.last_render = time.perf_counter()
    render_session_tools(s, human_turn)


def log_line(seat: int, text: str) -> None:
    item = document.createElement("li")
    item.textContent = text  # player names are text, never markup
    item.setAttribute("data-seat", str(seat))
    log = by_id("log")
    log.insertBefore(item, log.firstChild)
    by_id("last-action").textContent = text  # in reach on phones, where the log is far below

def show_message(text: str) -> None:
    by_id("message").textContent = text


# --- playing ------------------------------------------------------------------------------------------
async def pause(ms: float) -> None:
    await asyncio.sleep(ms / 1000 if ms > 0 else 0)


async def play(s: Session, action: Action) -> None:
    """Apply an action: log it, remember what changed, show a duel round by round."""
    state = s.state
    before = state.clone()
    seat = state.current
    state.apply(action)
    s.pick = ui.Pick(extra=s.pick.extra)
    if action.is_move:  # where the pawn landed (the entry it took, when it went on into the Alcazar)
        pawn = seat * D.PAWNS_PER_PLAYER + action.pawn
        s.recent = {min(before.pawn_pos[pawn] + D.CARD_VALUE[action.card], D.LAST_SPACE)}
    elif action.kind is Kind.CHALLENGE and state.last_duel is not None:
        s.recent = {state.last_duel.space}
    elif action.kind is Kind.PLACE:
        s.recent = {action.space}
    elif action.kind is Kind.RETURN:
        s.recent = {D.CATHEDRAL}
    elif action.kind in (Kind.END, Kind.DRAW, Kind.PASS):
        s.recent = set()
    log_line(seat, describe(before, action, state).text(lang(), s.names))
    by_id("transcript").textContent = s.transcript()
    autosave(s)
    if action.kind is Kind.CHALLENGE and state.last_duel is not None:
        duel = state.last_duel
        delay = s.speed if s.kinds[seat] != "human" else max(s.speed, 500)
        if s.speed > 0:
            for shown in range(1, len(duel.rounds)):
                set_html("duel", ui.duel_html(duel, s.names, state.setup.colours, shown, lang()))
                await pause(delay * 0.8)
        set_html("duel", ui.duel_html(duel, s.names, state.setup.colours, lang=lang()))
    elif action.kind in (Kind.END, Kind.DRAW, Kind.PLACE, Kind.RETURN):
        set_html("duel", "")


async def think(s: Session, seat: int) -> Action:
    """The computer's choice, computed in slices so the page stays responsive."""
    state = s.state
    bot = s.bots[seat]
    legal = state.legal_actions()
    view = state.view(seat)
    if hasattr(bot, "search") and len(legal) > 1:  # the search levels: the same steps as HardBot.choose
        search = bot.search(view, legal)
        while not search.run(SLICE_SECONDS):
            await asyncio.sleep(0)
        return search.best()
    started = time.perf_counter()
    action = bot.choose(view, legal)
    if time.perf_counter() - started > SLICE_SECONDS:
        await asyncio.sleep(0)
    return action


async def drive(s: Session) -> None:
    """Play computer turns until a human must act or the game ends."""
    if s.driving:
        return
    s.driving = True
    try:
        while SESSION is s and not s.state.is_terminal():
            seat = s.state.current
            if s.kinds[seat] == "human":
                await human_turn(s)
                return
            mark(turn="computer", busy="true")
            by_id("prompt").textContent = tr("thinking_level", lang(), player=s.names[seat],
                                             level=level_name(s.kinds[seat], lang()))
            action = await think(s, seat)
            if SESSION is not s:
                return
            await play(s, action)
            if SESSION is not s:
                return
            if s.speed > 0 or time.perf_counter() - s.last_render > RENDER_EVERY:
                render(s)
            await pause(s.speed)
        if SESSION is s:
            show_end(s)
    except Exception as err:  # a bug must be visible, not a silently frozen page
        show_message(translate("error_unexpected", lang(), detail=str(err)))
        raise
    finally:
        s.driving = False


async def human_turn(s: Session) -> None:
    seat = s.state.current
    if s.private and s.revealed != seat:
        render(s)  # the board is public; the hand area stays empty
        by_id("pass-name").textContent = s.names[seat]
        by_id("reveal").textContent = translate("pass_ready", lang(), player=s.names[seat])
        by_id("pass-device").hidden = False
        by_id("prompt").textContent = tr("waiting_for", lang(), player=s.names[seat])
        announce(translate("pass_title", lang(), player=s.names[seat]))
        by_id("reveal").focus()  # the only thing to do now, for the keyboard too
        set_html("actions", "")
        mark(turn="pass", busy="false")
        return
    render(s)
    mark(turn="human", busy="false")


async def human_click(s: Session, what: str, value: object) -> None:
    try:
        result = ui.click(s.state, s.pick, what, value, lang())
        s.pick = result.pick
        show_message(result.message)
        if result.action is not None:
            seat = s.state.current
            await play(s, result.action)
            if SESSION is not s:
                return
            if s.state.current_player != seat:
                s.revealed = -1
                await drive(s)
                return
        render(s)
        mark(turn="human", busy="false")
    except Exception as err:
        show_message(translate("error_unexpected", lang(), detail=str(err)))
        mark(busy="false")
        raise
    finally:
        s.busy = False


def show_end(s: Session) -> None:
    render(s)
    set_html("scores", ui.scores_html(s.state, s.names, lang()))
    announce(tr("announce_game_over", lang(), verdict=ui.verdict_text(s.state, s.names, lang())))
    by_id("play").hidden = True
    by_id("end").hidden = False
    by_id("pass-device").hidden = True
    mark(turn="over", busy="false")
    session_ended(s)


# --- set-up -------------------------------------------------------------------------------------------
def seat_rows() -> list[Any]:
    return [document.querySelector(f'#seats .seat[data-seat="{i}"]') for i in range(D.MAX_PLAYERS)]


def fill_setup() -> None:
    """Level menus from the bot registry; defaults and URL parameters into the form."""
    options = "".join(f'<option value="{escape(n)}">{escape(n)}</option>' for n in levels())  # label_setup names them
    for i, row in enumerate(seat_rows()):
        select = row.querySelector(".seat-kind")
        select.innerHTML = '<option value="human">Human</option>' + options
        select.value = "human" if i == 0 else ("medium" if "medium" in levels() else levels()[0])
    seats = [x.strip() for x in PARAMS.get("seats", "").split(",") if x.strip()]
    names = PARAMS.get("names", "").split(",") if PARAMS.get("names") else []
    colours = [x.strip() for x in PARAMS.get("colours", "").split(",") if x.strip()]
    if D.MIN_PLAYERS <= len(seats) <= D.MAX_PLAYERS:
        by_id("num-players").value = str(len(seats))
        for i, kind in enumerate(seats):
            seat_rows()[i].querySelector(".seat-kind").value = kind
    for i, name in enumerate(names[:D.MAX_PLAYERS]):
        seat_rows()[i].querySelector(".seat-name").value = name[:MAX_NAME]
    for i, colour in enumerate(colours[:D.MAX_PLAYERS]):
        if colour in D.COLOURS:
            seat_rows()[i].querySelector(".seat-colour").value = colour
    if "seed" in PARAMS:
        by_id("seed").value = PARAMS["seed"]
    if "start" in PARAMS:
        by_id("start-player").value = str(max(0, int_param("start", 1) - 1))
    if "speed" in PARAMS:
        speed = by_id("speed")
        speed.innerHTML += f'<option value="{int_param("speed", 700)}" data-i18n="option_custom">custom</option>'
        speed.value = str(int_param("speed", 700))
    label_setup()
    show_seats()


def show_seats() -> None:
    n = int(by_id("num-players").value)
    for i, row in enumerate(seat_rows()):
        row.hidden = i >= n
        row.querySelector(".seat-name").placeholder = colour_name(str(row.querySelector(".seat-colour").value), lang())


def read_setup() -> tuple[list[str], list[str], list[int], int, int, int] | str:
    """The form's game, or a message saying what to fix."""
    n = int(by_id("num-players").value)
    kinds, names, colours = [], [], []
    known = set(levels()) | {"human"}
    for row in seat_rows()[:n]:
        kind = str(row.querySelector(".seat-kind").value)
        colour = str(row.querySelector(".seat-colour").value)
        name = " ".join(str(row.querySelector(".seat-name").value).split())[:MAX_NAME] or colour_name(colour, lang())
        if kind not in known:
            return tr("error_unknown_kind", lang(), kind=repr(kind))
        kinds.append(kind)
        names.append(name)
        colours.append(D.COLOURS.index(colour))
    if len(set(colours)) != len(colours):
        return translate("start_error_colours", lang())
    seed_text = str(by_id("seed").value).strip()
    if seed_text and (not seed_text.isdigit() or int(seed_text) >= 2**63):
        return tr("error_seed", lang())
    seed = int(seed_text) if seed_text else random.randrange(2**31)
    start = min(int(by_id("start-player").value), n - 1)
    return kinds, names, colours, seed, start, int(by_id("speed").value)


def start_game(kinds: list[str], names: list[str], colours: list[int], seed: int, start: int, speed: int,
               state: State | None = None, game_id: str = "") -> None:
    """A new game, or (`state`) one loaded from a file, a link or this browser's store (`game_id`)."""
    global SESSION
    SESSION = s = Session(kinds, names, colours, seed, start, speed)
    set_html("log", "")
    set_html("duel", "")
    by_id("last-action").textContent = ""
    show_message("")
    by_id("setup").hidden = True
    by_id("end").hidden = True
    by_id("play").hidden = False
    by_id("new-game").hidden = False
    by_id("transcript").textContent = s.transcript()
    session_started(s, state, game_id)
    by_id("status").textContent = tr("status_seed", lang(), seed=seed, status=STATUS)
    asyncio.ensure_future(drive(s))


def new_game_screen() -> None:
    global SESSION
    SESSION = None
    by_id("pass-device").hidden = True
    by_id("play").hidden = True
    by_id("end").hidden = True
    by_id("setup").hidden = False
    by_id("new-game").hidden = True
    by_id("turn-info").textContent = ""
    by_id("status").textContent = STATUS
    preview()
    mark(turn="setup", busy="false")
    session_screen()


def preview() -> None:
    """The start screen shows an empty board for the chosen number of players."""
    n = int(by_id("num-players").value)
    set_html("board", board_svg(State(Setup(n, 0)), layout=board_layout(), lang=lang()))


# --- events -------------------------------------------------------------------------------------------
TARGETS = (("data-ui", "ui"), ("data-action", "action"), ("data-card", "card"), ("data-tile", "tile"),
           ("data-sword", "sword"), ("data-fencing", "fencing"), ("data-pawn", "pawn"), ("data-space", "space"))


def on_click(event: Any) -> None:
    target = event.target
    if target is None or target is jsnull or not hasattr(target, "closest"):
        return
    for attr, what in TARGETS:
        el = target.closest(f"[{attr}]")
        if el is None or el is jsnull:  # JavaScript's null arrives as jsnull
            continue
        raw = str(el.getAttribute(attr))
        if session_click(what, raw, el):
            return
        if what == "ui" and raw in ("new-game", "play-again", "reveal"):
            page_step(raw)
            return
        s = SESSION
        if s is None or s.busy or s.state.is_terminal():
            return
        seat = s.state.current
        if s.kinds[seat] != "human" or s.hand_seat() != seat:
            show_message(tr("msg_not_your_turn", lang()) if s.kinds[seat] != "human" else "")
            return
        value: object = raw
        if what == "card":
            value = int(el.getAttribute("data-kind"))
        elif what in ("tile", "sword", "space"):
            value = int(raw)
        s.busy = True
        mark(busy="true")  # synchronously, so a test that clicked sees the page busy until it settles
        asyncio.ensure_future(human_click(s, what, value))
        return


def page_step(step: str) -> None:
    s = SESSION
    if step == "new-game":
        new_game_screen()
    elif step == "play-again" and s is not None:
        start_game(s.kinds, s.names, list(s.state.setup.colours), random.randrange(2**31),
                   s.state.setup.start_player, s.speed)
    elif step == "reveal" and s is not None:
        by_id("pass-device").hidden = True
        s.revealed = s.state.current
        render(s)
        mark(turn="human", busy="false")


def on_submit(event: Any) -> None:
    event.preventDefault()
    setup = read_setup()
    if isinstance(setup, str):
        by_id("setup-error").textContent = setup
        return
    by_id("setup-error").textContent = ""
    start_game(*setup)


def on_setup_change(event: Any) -> None:
    show_seats()
    if event.target.id == "num-players":
        preview()


def on_layout_change(_: Any) -> None:
    if SESSION is not None:
        render(SESSION)
    else:
        preview()


def on_update_ready(_: Any) -> None:
    by_id("update").hidden = False  # the player chooses when: a reload would end the game in progress


def on_update_click(_: Any) -> None:
    window.toledoOffline.applyUpdate()


def toledo_transcript(*_: object) -> str:
    return SESSION.transcript() if SESSION is not None else "null"


# --- saving, sharing, undo, replay, the log (issue 5) ---------------------------------------------------
# The logic is in toledo.core.session (tested natively); this section only wires it to the page. A game is its
# setup plus its action list: autosave writes that after every action (no pydantic), a file or link is
# validated with pydantic (loaded after start-up) and replayed; undo replays fewer actions.
STORE_CURRENT = "toledo.current"  # sessionStorage: the game this tab shows, so a reload resumes it
SESSION_STEPS = {"undo", "save-file", "load-file", "share-link", "replay", "replay-first", "replay-prev",
                 "replay-next", "replay-last", "replay-exit", "resume", "delete-saved"}
REPLAY: game.ReplayCursor | None = None
PYDANTIC: Any = None  # the task loading pydantic's wheels: when a game is opened, or idle on the start screen


def lang() -> str:
    """The page's language (<html lang>, kept by the language switch)."""
    return str(document.documentElement.lang or "en")


def now_ms() -> int:
    return int(window.Date.now())


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


def _storage(name: str) -> Any:
    try:
        area = getattr(window, name)
        area.length  # noqa: B018 - raises where storage is refused
        return BrowserStorage(area)
    except Exception:  # noqa: BLE001 - private modes may refuse storage: keep games for this page only
        return game.MemoryStorage()


STORE = game.GameStore(_storage("localStorage"))
TAB = _storage("sessionStorage")


def session_message(text: str, error: bool = False) -> None:
    """One line above the side panel: what was loaded, or what is wrong with a file or link."""
    line = by_id("session-message")
    line.textContent = text  # never markup: it may quote a file
    line.className = "error" if error else "note"


def refuse(err: game.LoadError) -> None:
    text = err.message(lang())
    text += "" if text.endswith((".", "!", "?", "…")) else "."
    session_message(f"{text} {translate('error_game_kept', lang())}", error=True)
    mark(session="refused")


# pydantic, after start-up -------------------------------------------------------------------------------
async def _load_pydantic() -> None:
    import importlib
    import importlib.util

    if importlib.util.find_spec("pydantic") is None:  # the build lists its wheels in lazy-packages.json
        import pyodide_js  # type: ignore[import-not-found]
        from pyodide.ffi import to_js  # type: ignore[import-not-found]
        from pyodide.http import pyfetch  # type: ignore[import-not-found]

        response = await pyfetch("./lazy-packages.json")
        urls = (await response.json())["packages"]
        base = str(window.location.href)
        await pyodide_js.loadPackage(to_js([str(window.URL.new(url, base).href) for url in urls]))
        importlib.invalidate_caches()
    await asyncio.sleep(0)
    import toledo.core.autosave  # noqa: F401  (imports pydantic once)
    import toledo.core.share  # noqa: F401

    global STATUS
    status = by_id("status")
    old = STATUS
    STATUS = f"{STATUS} · pydantic {metadata.version('pydantic')}"
    status.textContent = str(status.textContent).replace(old, STATUS)
    mark(saves="ready")


def start_pydantic() -> Any:
    global PYDANTIC
    if PYDANTIC is None:
        PYDANTIC = asyncio.ensure_future(_load_pydantic())
    return PYDANTIC


async def _preload_when_idle() -> None:
    """On the start screen nothing runs: load pydantic there, so Continue and Open answer at once. A game
    that started meanwhile is never paused by it (importing pydantic blocks the page for ~0.5 s)."""
    await asyncio.sleep(1.0)
    if SESSION is None and PYDANTIC is None:
        start_pydantic()


async def pydantic_ready() -> bool:
    global PYDANTIC
    try:
        await start_pydantic()
        return True
    except Exception as err:  # noqa: BLE001 - say so, and try again next time
        PYDANTIC = None
        session_message(translate("error_unexpected", lang(), detail=str(err)), error=True)
        return False


# labels --------------------------------------------------------------------------------------------------
SESSION_LABELS = {"saved-title": "start_saved_games", "load-file": "load_file", "save-file": "save_file",
                  "share-link": "share_link", "replay-open": "replay", "replay-title": "replay",
                  "replay-exit": "replay_exit", "undo": "undo", "log-title": "log_title",
                  "share-label": "share_copy_manual", "share-hint": "share_hint"}
SESSION_ARIA = {"game-tools": "game_tools", "replay-first": "replay_first", "replay-prev": "replay_previous",
                "replay-next": "replay_next", "replay-last": "replay_last"}


def session_labels(*_: object) -> None:
    """This section's words in the page's language (again whenever <html lang> changes)."""
    for name, key in SESSION_LABELS.items():
        el = by_id(name)
        if el is not None and el is not jsnull:
            el.textContent = translate(key, lang())
    for name, key in SESSION_ARIA.items():
        el = by_id(name)
        if el is not None and el is not jsnull:
            el.setAttribute("aria-label", translate(key, lang()))
            el.setAttribute("title", translate(key, lang()))
    if SESSION is None:
        show_saved_games()
    elif REPLAY is not None:
        render_replay(SESSION)
    else:
        rebuild_log(SESSION)


# autosave and the start screen's list --------------------------------------------------------------------
def autosave(s: Session) -> None:
    """Store the game after every action: its setup and action texts (cheap; validated when read back)."""
    game_id = getattr(s, "game_id", "")
    if not game_id or SESSION is not s:
        return
    if by_id("session-message").className == "note":  # "Game loaded: ..." has been seen once play goes on
        session_message("")
    try:
        STORE.write(game_id, now_ms(), s.state, s.names, s.kinds)
    except Exception as err:  # noqa: BLE001 - storage full or refused: the game goes on
        session_message(translate("error_storage", lang(), detail=str(err)), error=True)


def show_saved_games() -> None:
    """The start screen's unfinished games (names as text); a damaged entry is listed, never fatal.
    Finished games are kept only while their score screen is open, so they are dropped here."""
    listing = by_id("saved-list")
    listing.innerHTML = ""
    shown = 0
    for saved in STORE.list():
        if saved.over:
            STORE.remove(saved.id)
            continue
        item = document.createElement("li")
        item.setAttribute("data-game", saved.id)
        text = document.createElement("span")
        text.className = "saved-text"
        if saved.damaged:
            item.className = "damaged"
            text.textContent = translate("saved_game_damaged", lang(), problem=saved.problem)
        else:
            when = str(window.Date.new(saved.updated).toLocaleString(lang()))
            text.textContent = translate("saved_game_entry", lang(), players=", ".join(saved.names),
                                         turn=saved.turn, when=when)
            if 0 <= saved.to_act < len(saved.names):  # whose turn it is, as the game will resume
                text.textContent += " · " + translate("turn_of", lang(), player=saved.names[saved.to_act])
        item.appendChild(text)
        if not saved.damaged:
            item.appendChild(_saved_button("resume", saved.id, "start_resume", shown == 0))
        item.appendChild(_saved_button("delete-saved", saved.id, "saved_game_delete", False))
        listing.appendChild(item)
        shown += 1
    if not shown:
        empty = document.createElement("li")
        empty.className = "saved-none"
        empty.textContent = translate("start_no_saved_games", lang())
        listing.appendChild(empty)
    by_id("saved-games").hidden = False
    mark(saved=shown)


def _saved_button(step: str, game_id: str, key: str, primary: bool) -> Any:
    button = document.createElement("button")
    button.type = "button"
    button.className = "btn small" + (" primary" if primary else "")
    button.setAttribute("data-ui", step)
    button.setAttribute("data-game", game_id)
    button.textContent = translate(key, lang())
    return button


def session_started(s: Session, state: State | None, game_id: str) -> None:
    """start_game's part for this section: a loaded position, the game's id, its first autosave."""
    leave_replay()
    session_message("")
    if state is not None:
        s.state = state
        rebuild_log(s)
    s.game_id = game_id or game.new_game_id(random.getrandbits(40), now_ms())  # type: ignore[attr-defined]
    s.open_replay = False  # type: ignore[attr-defined]
    by_id("transcript").textContent = s.transcript()
    try:
        TAB.set(STORE_CURRENT, s.game_id)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001
        pass
    for saved in STORE.list():
        if saved.over and saved.id != s.game_id:  # type: ignore[attr-defined]
            STORE.remove(saved.id)
    autosave(s)


def session_ended(s: Session) -> None:
    """show_end's part: the finished game stays stored until its player leaves; a loaded one replays."""
    autosave(s)
    if getattr(s, "open_replay", False):
        s.open_replay = False  # type: ignore[attr-defined]
        start_replay(s, 0)


def session_screen() -> None:
    """new_game_screen's part: leave any replay, forget this tab's game, list the unfinished ones."""
    leave_replay()
    try:
        TAB.remove(STORE_CURRENT)
    except Exception:  # noqa: BLE001
        pass
    show_saved_games()
    asyncio.ensure_future(_preload_when_idle())


def rebuild_log(s: Session) -> None:
    """The whole move log again (after a resume, a load or an undo)."""
    set_html("log", "")
    by_id("last-action").textContent = ""
    for line in game_log(State(s.state.setup), s.state.history):
        log_line(line.seat, line.text(lang(), s.names))


# opening games: the store, files, links ----------------------------------------------------------------
def current_speed() -> int:
    try:
        return int(by_id("speed").value)
    except (TypeError, ValueError):
        return 700


def open_loaded(loaded: game.Loaded, game_id: str = "") -> None:
    """Play on from a loaded game (hotseat starts at the privacy screen); a finished one replays."""
    setup = loaded.state.setup
    start_game(loaded.kinds, loaded.names, list(setup.colours), setup.seed, setup.start_player, current_speed(),
               state=loaded.state, game_id=game_id)
    message = translate("loaded_game", lang(), players=", ".join(loaded.names))
    if loaded.state.is_terminal():
        SESSION.open_replay = True  # type: ignore[union-attr]
        message += " " + translate("loaded_finished", lang())
    session_message(message)
    mark(session="loaded")


async def resume(game_id: str) -> None:
    session_message(translate("loading", lang()))
    mark(session="loading")
    if not await pydantic_ready():
        return
    try:
        loaded = STORE.load(game_id)
    except game.LoadError as err:
        refuse(err)
        show_saved_games()
        return
    open_loaded(loaded, game_id)


async def open_file(file: Any) -> None:
    mark(session="loading")
    try:
        if int(file.size) > game.MAX_FILE_BYTES:
            raise game.LoadError("error_file_too_large")
        text = str(await file.text())
    except game.LoadError as err:
        refuse(err)
        return
    except Exception:  # noqa: BLE001 - unreadable file
        refuse(game.LoadError("error_file_read"))
        return
    if not await pydantic_ready():
        return
    try:
        loaded = game.read_save_text(text)
    except game.LoadError as err:
        refuse(err)
        return
    open_loaded(loaded)


async def open_link(fragment: str) -> None:
    mark(session="loading")
    window.history.replaceState(jsnull, "", str(window.location.pathname) + str(window.location.search))
    if not await pydantic_ready():
        return
    try:
        loaded = game.read_share_link(fragment)
    except game.LoadError as err:
        refuse(err)
        return
    open_loaded(loaded)


def on_file_chosen(event: Any) -> None:
    files = event.target.files
    if files is None or files is jsnull or int(files.length) == 0:
        return
    file = files.item(0)
    event.target.value = ""  # choosing the same file again fires again
    asyncio.ensure_future(open_file(file))


def on_hash_change(_: Any) -> None:
    fragment = str(window.location.hash)
    if fragment.startswith("#game="):
        asyncio.ensure_future(open_link(fragment))


# the game's tools: download, share, undo -------------------------------------------------------------
def download(s: Session) -> None:
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    text = game.save_text(game.save_document(s.state.setup, s.names, s.kinds, s.state.history))
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = f"toledo-{s.state.setup.seed}-turn-{s.state.turn}.json"
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda *_: window.URL.revokeObjectURL(url)), 2000)


async def share(s: Session) -> None:
    fragment = game.share_fragment(game.save_document(s.state.setup, s.names, s.kinds, s.state.history))
    url = f"{window.location.origin}{window.location.pathname}#{fragment}"
    box = by_id("share-url")
    box.value = url
    by_id("share-box").hidden = False
    box.select()
    try:
        await window.navigator.clipboard.writeText(url)
        by_id("share-label").textContent = translate("share_copied", lang())
    except Exception:  # noqa: BLE001 - no clipboard here: the link is in the box, selected
        by_id("share-label").textContent = translate("share_copy_manual", lang())


def human_to_act(s: Session) -> bool:
    seat = s.state.current_player
    return seat >= 0 and s.kinds[seat] == "human" and s.hand_seat() == seat


def render_session_tools(s: Session, human_turn: bool) -> None:
    """render's part: the undo button and why undo stops where it stops."""
    bar = by_id("undo-bar")
    if bar is None or bar is jsnull:
        return
    if REPLAY is not None:  # a redraw (e.g. the layout changed) while the replay is shown
        bar.hidden = True
        render_replay(s)
        return
    if not human_turn:
        bar.hidden = True
        return
    floor = game.undo_floor(s.state)
    bar.hidden = False
    by_id("undo").disabled = not floor.possible
    note = by_id("undo-note")
    note.textContent = (translate_count("undo_available", floor.undoable, lang()) if floor.possible
                        else translate(floor.reason, lang()))
    note.setAttribute("data-reason", floor.reason)
    note.setAttribute("data-undoable", str(floor.undoable))


def take_back(s: Session) -> None:
    """Undo one action of the player to act (the engine's floor decides how far)."""
    if s.busy or not human_to_act(s):
        return
    floor = game.undo_floor(s.state)
    if not floor.possible:
        show_message(translate(floor.reason, lang()))
        return
    s.state = game.undo(s.state, 1)
    s.pick = ui.Pick(extra=s.pick.extra)
    s.recent = set()
    rebuild_log(s)
    by_id("transcript").textContent = s.transcript()
    autosave(s)
    show_message("")
    render(s)
    mark(turn="human", busy="false")


# replay ----------------------------------------------------------------------------------------------------
def start_replay(s: Session, position: int | None = None) -> None:
    global REPLAY
    REPLAY = game.ReplayCursor.of(s.state.setup, s.state.history, 0 if position is None else position)
    by_id("play").hidden = True
    by_id("end").hidden = True
    by_id("pass-device").hidden = True
    by_id("share-box").hidden = True
    by_id("replay").hidden = False
    mark(turn="replay", busy="false")
    render_replay(s)


def render_replay(s: Session) -> None:
    cursor = REPLAY
    if cursor is None:
        return
    state = cursor.state
    set_html("board", board_svg(state.view(cursor.seat_to_show()), names=s.names, recent=cursor.recent(),
                                layout=board_layout(), lang=lang()))
    set_html("replay-players", ui.players_html(state, s.names, s.kinds, lang()))
    by_id("replay-step").textContent = translate("replay_step", lang(), step=cursor.position, total=cursor.total)
    line = cursor.line()
    by_id("replay-line").textContent = line.text(lang(), s.names) if line else translate("replay_setup", lang())
    action = cursor.actions[cursor.position - 1] if cursor.position else None
    duel = state.last_duel if action is not None and action.kind is Kind.CHALLENGE else None
    set_html("replay-duel", ui.duel_html(duel, s.names, state.setup.colours, lang=lang()) if duel is not None else "")
    for name in ("replay-first", "replay-prev"):
        by_id(name).disabled = cursor.at_start
    for name in ("replay-next", "replay-last"):
        by_id(name).disabled = cursor.at_end
    mark(replay=cursor.position)


def leave_replay() -> None:
    global REPLAY
    REPLAY = None
    by_id("replay").hidden = True
    set_html("replay-duel", "")


def replay_step(s: Session, step: str) -> None:
    cursor = REPLAY
    if step == "replay":
        seat = s.state.current_player
        if cursor is None and not s.busy and (seat < 0 or s.kinds[seat] == "human"):
            start_replay(s)
        return
    if cursor is None:
        return
    if step == "replay-exit":
        leave_replay()
        if s.state.is_terminal():
            show_end(s)
        else:
            by_id("play").hidden = False
            mark(busy="true")  # until drive() has shown the turn again
            asyncio.ensure_future(drive(s))
        return
    {"replay-first": cursor.first, "replay-prev": cursor.back, "replay-next": cursor.forward,
     "replay-last": cursor.last}[step]()
    render_replay(s)


# clicks -----------------------------------------------------------------------------------------------------
def session_click(what: str, raw: str, el: Any) -> bool:
    """on_click's part: this section's buttons; while a replay is shown the game takes no clicks."""
    if what == "ui" and raw in SESSION_STEPS:
        game_id = str(el.getAttribute("data-game") or "")
        if raw in ("resume", "share-link"):
            asyncio.ensure_future(_session_later(raw, game_id))
        else:  # at once, so the page has changed when the click returns
            _session_now(raw, game_id)
        return True
    return REPLAY is not None and not (what == "ui" and raw == "new-game")


def _session_now(step: str, game_id: str) -> None:
    s = SESSION
    try:
        if step == "delete-saved" and game_id:
            STORE.remove(game_id)
            show_saved_games()
        elif step == "load-file":
            session_message("")
            by_id("load-input").click()  # inside the click: the browser allows the file dialog
            start_pydantic()  # usually loaded already; the dialog is open meanwhile
        elif s is None:
            return
        elif step == "undo":
            take_back(s)
        elif step == "save-file":
            download(s)
        else:
            replay_step(s, step)
    except Exception as err:  # a bug must be visible, not a silently dead button
        session_message(translate("error_unexpected", lang(), detail=str(err)), error=True)
        raise


async def _session_later(step: str, game_id: str) -> None:
    try:
        if step == "resume" and game_id:
            await resume(game_id)
        elif step == "share-link" and SESSION is not None:
            await share(SESSION)
    except Exception as err:  # a bug must be visible, not a silently dead button
        session_message(translate("error_unexpected", lang(), detail=str(err)), error=True)
        raise


def boot_session() -> bool:
    """At start-up: open a share link, or resume this tab's game after a reload; True if one was opened.
    pydantic's wheels load in the background either way."""
    handlers = [create_proxy(on_file_chosen), create_proxy(on_hash_change), create_proxy(session_labels)]
    _handlers.extend(handlers)
    by_id("load-input").addEventListener("change", handlers[0])
    window.addEventListener("hashchange", handlers[1])
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    observer = window.MutationObserver.new(handlers[2])
    observer.observe(document.documentElement, to_js({"attributes": True, "attributeFilter": ["lang"]},
                                                      dict_converter=window.Object.fromEntries))
    _handlers.append(observer)
    session_labels()
    fragment = str(window.location.hash)
    if fragment.startswith("#game="):
        start_pydantic()
        asyncio.ensure_future(open_link(fragment))
        return True
    current = TAB.get(STORE_CURRENT)
    if current and STORE.has(current):
        start_pydantic()
        asyncio.ensure_future(resume(current))
        return True
    asyncio.ensure_future(_preload_when_idle())  # only while the start screen waits, never during a game
    return False


# --- languages, rules help, keyboard, screen readers (issue 6) -------------------------------------------
# Words come from toledo.games.toledo.ui_text / toledo.core.i18n (static text: data-i18n attributes), names and tooltips of
# the board from toledo.games.toledo.explain (via toledo.games.toledo.svg), shortcuts from toledo.games.toledo.keyboard (a pure function of the
# offer, so a key can only do what a button could). The language lives in <html lang>: the inline script
# in index.html picks it before Python starts, this section keeps it and the switch remembers it.
LANG_KEY = "toledo.lang"  # localStorage: the player's choice of language
KEY_MODE = False  # the last input was a key (not a pointer): after a redraw the focus goes to the next choice
BOARD_TARGETS = "[data-space], [data-pawn], [data-sword], [data-fencing]"
FOCUS_ATTRS = ("data-pawn", "data-space", "data-sword", "data-fencing", "data-tile", "data-kind", "data-action",
               "data-ui")
NEXT_CHOICE = ('#board .legal[tabindex="0"]', "#tiles .tile-btn:not(.disabled)", "#actions .btn.primary",
               "#hand .card.playable", "#hand .card.payable", "#actions .btn")
INFO_AREAS = "#board, #hand, #players, #tiles"
_info_shown: list[Any] = [None]


def stored_language() -> str:
    try:
        value = window.localStorage.getItem(LANG_KEY)
    except Exception:  # noqa: BLE001 - storage refused: no memory of the choice
        return ""
    return "" if value is None or value is jsnull else str(value)


def init_language() -> None:
    """?lang=, else the stored choice, else the browser's languages (navigator.languages)."""
    wanted = PARAMS.get("lang") or stored_language()
    if wanted not in LANGUAGES:
        browser = window.navigator.languages
        tags = [str(t) for t in browser] if browser is not None and browser is not jsnull else []
        wanted = choose_language(tags or [str(window.navigator.language or "")])
    document.documentElement.lang = wanted
    by_id("language").value = wanted
    translate_page()


def translate_page() -> None:
    """Every element marked data-i18n (text), data-i18n-label (aria-label), -title, -placeholder."""
    lg = lang()
    for attr, prop in (("data-i18n", ""), ("data-i18n-label", "aria-label"), ("data-i18n-title", "title"),
                       ("data-i18n-placeholder", "placeholder")):
        for el in document.querySelectorAll(f"[{attr}]"):
            number = el.getAttribute("data-i18n-number")
            text = tr(str(el.getAttribute(attr)), lg, number=str(number) if number is not None else "")
            if prop:
                el.setAttribute(prop, text)
            else:
                el.textContent = text
    label_setup()


def label_setup() -> None:
    """The seat menus' entries in the page's language (their values stay)."""
    lg = lang()
    for select in document.querySelectorAll("#seats .seat-kind"):
        for option in select.options:
            kind = str(option.value)
            option.textContent = (translate("kind_human", lg) if kind == "human"
                                  else tr("option_computer", lg, level=level_name(kind, lg)))


def set_language(code: str) -> None:
    """Switch the whole page; the choice is remembered in this browser."""
    global STATUS
    old = lang()
    if code not in LANGUAGES or code == old:
        return
    document.documentElement.lang = code  # the move log and the game tools follow (a MutationObserver)
    try:
        window.localStorage.setItem(LANG_KEY, code)
    except Exception:  # noqa: BLE001 - storage refused: the switch still works for this visit
        pass
    by_id("language").value = code
    translate_page()
    show_seats()
    status = by_id("status")
    new_status = STATUS.replace(tr("status_runs", old), tr("status_runs", code))
    status.textContent = str(status.textContent).replace(STATUS, new_status)
    STATUS = new_status
    start = by_id("start")
    if not start.disabled:
        start.textContent = tr("start_game", code)
    s = SESSION
    if s is None:
        preview()
    elif REPLAY is None:
        render(s)
        if s.state.is_terminal():
            set_html("scores", ui.scores_html(s.state, s.names, code))
        elif s.private and s.revealed != s.state.current and s.kinds[s.state.current] == "human":
            by_id("reveal").textContent = translate("pass_ready", code, player=s.names[s.state.current])
            by_id("prompt").textContent = tr("waiting_for", code, player=s.names[s.state.current])
        duel = s.state.last_duel
        if by_id("duel").innerHTML and duel is not None:
            set_html("duel", ui.duel_html(duel, s.names, s.state.setup.colours, lang=code))
    if by_id("rules-dialog").open:
        fill_rules()
    mark(lang=code)


def on_language_change(event: Any) -> None:
    set_language(str(event.target.value))


# rules and shortcuts ------------------------------------------------------------------------------------
def fill_rules() -> None:
    lg = lang()
    items = []
    for key, text in keyboard.SHORTCUTS:
        shown = tr(key, lg) if key.startswith("key_") else key
        items.append(f"<dt><kbd>{escape(shown)}</kbd></dt><dd>{escape(tr(text, lg))}</dd>")
    set_html("shortcut-list", "".join(items))
    set_html("rules-body", rules_html(lg, heading_level=3))


def open_rules(*_: Any) -> None:
    dialog = by_id("rules-dialog")
    fill_rules()
    if not dialog.open:
        dialog.showModal()
    by_id("rules-close").focus()
    mark(rules="open")


def close_rules(*_: Any) -> None:
    by_id("rules-dialog").close()


def on_rules_closed(*_: Any) -> None:
    mark(rules="closed")


# screen readers: the live region and the info panel ------------------------------------------------------
def announce(text: str) -> None:
    """Say `text` once in the polite live region (#announce)."""
    by_id("announce").textContent = text


def after_render(s: Session, keep: str | None, human_turn: bool) -> None:
    """render's part: a way into the board for the Tab key, the keyboard's focus, what to announce."""
    board = by_id("board")
    if board.querySelector('[tabindex="0"]') is None:  # nothing to choose there: Tab still reaches the board
        first = board.querySelector("[data-space]")
        if first is not None and first is not jsnull:
            first.setAttribute("tabindex", "0")
    if human_turn:
        o = s.offer  # type: ignore[attr-defined]
        key = (s.state.step, s.pick)
        if getattr(s, "announced", None) != key:
            s.announced = key  # type: ignore[attr-defined]
            text = o.prompt
            if getattr(s, "announced_step", -1) != s.state.turn:  # a new turn: say whose it is first
                s.announced_step = s.state.turn  # type: ignore[attr-defined]
                text = f"{translate('your_turn', lang(), player=s.names[s.state.current])}. {text}"
            announce(text)
        if KEY_MODE:
            restore_focus(keep, getattr(s, "focus_pick", None) == (s.state.step, s.pick), s.pick.pawn >= 0)
        s.focus_pick = (s.state.step, s.pick)  # type: ignore[attr-defined]


def focused_target() -> str | None:
    """A selector for the focused target (it is redrawn as a new element)."""
    el = document.activeElement
    if el is None or el is jsnull or not hasattr(el, "getAttribute"):
        return None
    for attr in FOCUS_ATTRS:
        value = el.getAttribute(attr)
        if value is not None and value is not jsnull:
            area = el.closest("#board, #hand, #tiles, #actions, #players")
            where = f"#{area.id} " if area is not None and area is not jsnull else ""
            return f'{where}[{attr}="{value}"]'
    return None


def restore_focus(keep: str | None, same_pick: bool, card_next: bool = False) -> None:
    """The same target again if nothing was decided; else the next thing to choose (a card after a pawn)."""
    if keep and same_pick:
        el = document.querySelector(keep)
        if el is not None and el is not jsnull and el.getAttribute("tabindex") != "-1":
            el.focus()
            return
    for selector in ("#hand .card.playable",) * card_next + NEXT_CHOICE:
        el = document.querySelector(selector)
        if el is not None and el is not jsnull:
            el.focus()
            return


def info_of(el: Any) -> tuple[str, str]:
    """(accessible name, tooltip) of a board element, card, tile, button or player area."""
    label = str(el.getAttribute("aria-label") or el.textContent or "").strip()
    title = el.querySelector(":scope > title")
    help_text = str(title.textContent) if title is not None and title is not jsnull else str(el.getAttribute("title") or "")
    return label, "" if help_text == label else help_text


def show_info(el: Any) -> None:
    if el is _info_shown[0]:
        return
    _info_shown[0] = el
    label, help_text = info_of(el)
    box = by_id("info-text")
    box.textContent = ""
    strong = document.createElement("span")
    strong.className = "info-label"
    strong.textContent = label  # names come from players: text, never markup
    box.appendChild(strong)
    if help_text:
        box.appendChild(document.createTextNode(" " + help_text))


def info_target(event: Any) -> Any:
    target = event.target
    if target is None or target is jsnull or not hasattr(target, "closest"):
        return None
    area = target.closest(INFO_AREAS)
    if area is None or area is jsnull:
        return None
    el = target.closest("[aria-label], .player")
    if el is None or el is jsnull or not area.contains(el) or el is area:
        return None
    return el


def on_info(event: Any) -> None:
    el = info_target(event)
    if el is not None:
        show_info(el)


# the keyboard ---------------------------------------------------------------------------------------------
def on_pointer(_: Any) -> None:
    global KEY_MODE
    KEY_MODE = False


def move_focus(area: Any, selector: str, step: int) -> None:
    """Arrow keys: the previous or next element of `area` (in drawing order: the road's order)."""
    items = list(area.querySelectorAll(selector))
    if not items:
        return
    current = document.activeElement
    index = next((i for i, el in enumerate(items) if el is current or el == current), -1)
    items[(index + step) % len(items) if index >= 0 else 0].focus()


def human_may_act(s: Session | None) -> bool:
    if s is None or s.busy or s.state.is_terminal() or REPLAY is not None:
        return False
    seat = s.state.current
    return s.kinds[seat] == "human" and s.hand_seat() == seat


def on_keydown(event: Any) -> None:
    global KEY_MODE
    key = str(event.key)
    if event.ctrlKey or event.metaKey or event.altKey or key in ("Shift", "Control", "Alt", "Meta"):
        return
    KEY_MODE = True
    target = event.target
    tag = str(getattr(target, "tagName", "") or "").lower()
    if tag in ("input", "select", "textarea") or by_id("rules-dialog").open or not by_id("pass-device").hidden:
        return
    in_board = hasattr(target, "closest") and target.closest("#board") not in (None, jsnull)
    if key in ("Enter", " "):
        el = target.closest(BOARD_TARGETS) if in_board else None
        if el is not None and el is not jsnull:  # the board's buttons are SVG: click them as a pointer would
            event.preventDefault()
            el.dispatchEvent(window.MouseEvent.new("click", to_js_object({"bubbles": True})))
        return
    if key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        step = 1 if key in ("ArrowRight", "ArrowDown") else -1
        if in_board:
            event.preventDefault()
            move_focus(by_id("board"), "[tabindex]", step)
        elif hasattr(target, "closest") and target.closest("#hand") not in (None, jsnull):
            event.preventDefault()
            move_focus(by_id("hand"), ".card", step)
        return
    if key == "?":
        event.preventDefault()
        open_rules()
        return
    if key.lower() == "i":
        el = info_target(event)
        if el is not None:
            label, help_text = info_of(el)
            show_info(el)
            announce(f"{label}. {help_text}".strip())
        return
    s = SESSION
    if tag == "button" and key.lower() in ("enter", " "):
        return
    if not human_may_act(s):
        return
    shown = s.hand_seat()  # type: ignore[union-attr]
    hand = s.state.hand(shown) if shown >= 0 else []  # type: ignore[union-attr]
    choice = keyboard.shortcut(key, getattr(s, "offer", ui.Offer(prompt="")), hand, s.pick.card)  # type: ignore[union-attr]
    if choice is None:
        return
    event.preventDefault()
    s.busy = True  # type: ignore[union-attr]
    mark(busy="true")
    asyncio.ensure_future(human_click(s, *choice))  # type: ignore[arg-type]


def to_js_object(data: dict[str, Any]) -> Any:
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    return to_js(data, dict_converter=window.Object.fromEntries)


def start_access() -> None:
    """Listeners of this section (kept alive in _handlers)."""
    handlers = [create_proxy(on_language_change), create_proxy(open_rules), create_proxy(close_rules),
                create_proxy(on_rules_closed), create_proxy(on_keydown), create_proxy(on_pointer),
                create_proxy(on_info)]
    _handlers.extend(handlers)
    by_id("language").addEventListener("change", handlers[0])
    by_id("rules-open").addEventListener("click", handlers[1])
    by_id("rules-close").addEventListener("click", handlers[2])
    by_id("rules-dialog").addEventListener("close", handlers[3])
    document.addEventListener("keydown", handlers[4])
    document.addEventListener("pointerdown", handlers[5], to_js_object({"capture": True, "passive": True}))
    document.addEventListener("focusin", handlers[6])
    document.addEventListener("pointerover", handlers[6], to_js_object({"passive": True}))


# --- start ------------------------------------------------------------------------------------------------
init_language()  # before any text is written (issue 6)
STATUS = f"toledo {toledo.__version__} · {tr('status_runs', lang())}"  # pydantic's version joins once it is loaded
_handlers = [create_proxy(on_click), create_proxy(on_submit), create_proxy(on_setup_change),
             create_proxy(toledo_transcript), create_proxy(on_layout_change),
             create_proxy(on_update_ready), create_proxy(on_update_click)]
document.addEventListener("click", _handlers[0])
by_id("setup").addEventListener("submit", _handlers[1])
by_id("setup").addEventListener("change", _handlers[2])
window.toledoTranscript = _handlers[3]
NARROW.addEventListener("change", _handlers[4])
# static/register-sw.js (offline play) announces a new build; "playable offline" is pure CSS (data-offline)
document.addEventListener("toledo:update-ready", _handlers[5])
by_id("update").addEventListener("click", _handlers[6])
start_access()
fill_setup()
preview()
by_id("status").textContent = STATUS
start_button = by_id("start")
start_button.disabled = False
start_button.textContent = tr("start_game", lang())
mark(ready="true", turn="setup", busy="false", lang=lang())
if not boot_session() and PARAMS.get("autostart") == "1":
    setup = read_setup()
    if isinstance(setup, str):
        by_id("setup-error").textContent = setup
    else:
        start_game(*setup)
