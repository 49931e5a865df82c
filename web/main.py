"""The Toledo page (PyScript, main thread): wires the DOM to the engine and to toledo.ui / toledo.svg.

Everything a human may click comes from `toledo.ui.offer` (a filter of `state.legal_actions()`), every
click goes through `toledo.ui.click`, and every picture is a pure function of the state. This file only
keeps the session, turns DOM events into clicks, paces the computer players and writes HTML.

URL parameters: seats=human,easy (2-4, "human" or a level), names=Ann,Bob, colours=red,blue, seed=5,
start=1 (first player, 1-based), speed=ms per computer action (0 = instant; default 700), autostart=1.
Test hooks: <html data-ready data-turn data-busy data-step data-phase>, <pre id="transcript"> and
window.toledoTranscript() (JSON: seed, seats, actions), the score screen #scores.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from html import escape
from importlib import metadata
from types import ModuleType
from typing import Any
from urllib.parse import parse_qs

from pyodide.ffi import create_proxy, jsnull  # type: ignore[import-not-found]  # exists only in the browser
from pyscript import document, window  # type: ignore[import-not-found]

# toledo.ai registers its command-line tournament on import, and that module imports toledo.cli, hence
# toledo.save and pydantic: about 1 s of start-up in the browser for a command line the page never has.
# An empty stand-in keeps pydantic unloaded. (A no-op once toledo.ai imports its CLI lazily.)
sys.modules.setdefault("toledo.ai.tournament", ModuleType("toledo.ai.tournament"))

import toledo  # noqa: E402
from toledo import bots  # noqa: E402
from toledo import data as D  # noqa: E402
from toledo import ui  # noqa: E402
from toledo.actions import Action, Kind  # noqa: E402
from toledo.describe import describe  # noqa: E402
from toledo.state import Setup, State  # noqa: E402
from toledo.svg import board_svg  # noqa: E402

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
    o = ui.offer(state, s.pick) if human_turn else ui.Offer(prompt="")
    set_html("board", board_svg(state.view(max(seat, 0)), names=s.names, legal_spaces=o.spaces, legal_pawns=o.pawns,
                                legal_swords=o.swords, legal_fencing=o.fencing, selected_pawn=o.selected_pawn,
                                recent=s.recent, layout=board_layout()))
    set_html("players", ui.players_html(state, s.names, s.kinds))
    shown = s.hand_seat()
    if shown >= 0:
        who = "Your hand" if len(s.humans) == 1 else f"{s.names[shown]}'s hand"
        by_id("hand-title").textContent = f"{who} ({state.hand_sizes[shown]} cards)"
        set_html("hand", ui.hand_html(state.hand(shown), o.cards if human_turn else {}))
    else:
        by_id("hand-title").textContent = "Hand"
        set_html("hand", '<p class="hand-hidden">Hidden until its player takes the device.</p>' if s.private else
                 '<p class="hand-hidden">Computer players only.</p>')
    set_html("tiles", ui.tiles_html(o.tiles, o.selected_tile, state.colour_of(seat)) if o.tiles is not None else "")
    if state.is_terminal():
        by_id("turn-info").textContent = "Game over"
    elif human_turn:
        by_id("prompt").textContent = o.prompt
        set_html("actions", ui.buttons_html(o.buttons))
        by_id("turn-info").textContent = f"{s.names[seat]} to play · turn {state.turn}"
    else:
        set_html("actions", "")
        by_id("turn-info").textContent = f"{s.names[seat]} to play · turn {state.turn}"
    mark(step=state.step, phase=state.phase.name.lower(), seat=seat)
    s.last_render = time.perf_counter()


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
    log_line(seat, describe(before, action, state).text("en", s.names))
    by_id("transcript").textContent = s.transcript()
    if action.kind is Kind.CHALLENGE and state.last_duel is not None:
        duel = state.last_duel
        delay = s.speed if s.kinds[seat] != "human" else max(s.speed, 500)
        if s.speed > 0:
            for shown in range(1, len(duel.rounds)):
                set_html("duel", ui.duel_html(duel, s.names, state.setup.colours, shown))
                await pause(delay * 0.8)
        set_html("duel", ui.duel_html(duel, s.names, state.setup.colours))
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
            by_id("prompt").textContent = f"{s.names[seat]} (computer · {s.kinds[seat]}) is thinking…"
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
        show_message(f"Internal error: {err}")
        raise
    finally:
        s.driving = False


async def human_turn(s: Session) -> None:
    seat = s.state.current
    if s.private and s.revealed != seat:
        render(s)  # the board is public; the hand area stays empty
        by_id("pass-name").textContent = s.names[seat]
        by_id("reveal").textContent = f"I am {s.names[seat]}: show my hand"
        by_id("pass-device").hidden = False
        by_id("prompt").textContent = f"Waiting for {s.names[seat]}."
        set_html("actions", "")
        mark(turn="pass", busy="false")
        return
    render(s)
    mark(turn="human", busy="false")


async def human_click(s: Session, what: str, value: object) -> None:
    try:
        result = ui.click(s.state, s.pick, what, value)
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
        show_message(f"Internal error: {err}")
        mark(busy="false")
        raise
    finally:
        s.busy = False


def show_end(s: Session) -> None:
    render(s)
    set_html("scores", ui.scores_html(s.state, s.names))
    by_id("play").hidden = True
    by_id("end").hidden = False
    by_id("pass-device").hidden = True
    mark(turn="over", busy="false")


# --- set-up -------------------------------------------------------------------------------------------
def seat_rows() -> list[Any]:
    return [document.querySelector(f'#seats .seat[data-seat="{i}"]') for i in range(D.MAX_PLAYERS)]


def fill_setup() -> None:
    """Level menus from the bot registry; defaults and URL parameters into the form."""
    options = "".join(f'<option value="{escape(n)}">Computer: {escape(n)}</option>' for n in levels())
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
        speed.innerHTML += f'<option value="{int_param("speed", 700)}">custom</option>'
        speed.value = str(int_param("speed", 700))
    show_seats()


def show_seats() -> None:
    n = int(by_id("num-players").value)
    for i, row in enumerate(seat_rows()):
        row.hidden = i >= n
        row.querySelector(".seat-name").placeholder = row.querySelector(".seat-colour").value.capitalize()


def read_setup() -> tuple[list[str], list[str], list[int], int, int, int] | str:
    """The form's game, or a message saying what to fix."""
    n = int(by_id("num-players").value)
    kinds, names, colours = [], [], []
    known = set(levels()) | {"human"}
    for row in seat_rows()[:n]:
        kind = str(row.querySelector(".seat-kind").value)
        colour = str(row.querySelector(".seat-colour").value)
        name = " ".join(str(row.querySelector(".seat-name").value).split())[:MAX_NAME] or colour.capitalize()
        if kind not in known:
            return f"Unknown player type {kind!r}."
        kinds.append(kind)
        names.append(name)
        colours.append(D.COLOURS.index(colour))
    if len(set(colours)) != len(colours):
        return "Each player needs a different colour."
    seed_text = str(by_id("seed").value).strip()
    if seed_text and (not seed_text.isdigit() or int(seed_text) >= 2**63):
        return "The seed must be a whole number (or empty for a random game)."
    seed = int(seed_text) if seed_text else random.randrange(2**31)
    start = min(int(by_id("start-player").value), n - 1)
    return kinds, names, colours, seed, start, int(by_id("speed").value)


def start_game(kinds: list[str], names: list[str], colours: list[int], seed: int, start: int, speed: int) -> None:
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
    by_id("status").textContent = f"Seed {seed} · {STATUS}"
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


def preview() -> None:
    """The start screen shows an empty board for the chosen number of players."""
    n = int(by_id("num-players").value)
    set_html("board", board_svg(State(Setup(n, 0)), layout=board_layout()))


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
        if what == "ui" and raw in ("new-game", "play-again", "reveal"):
            page_step(raw)
            return
        s = SESSION
        if s is None or s.busy or s.state.is_terminal():
            return
        seat = s.state.current
        if s.kinds[seat] != "human" or s.hand_seat() != seat:
            show_message("Please wait: it is not your turn." if s.kinds[seat] != "human" else "")
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


# --- start ------------------------------------------------------------------------------------------------
STATUS = f"toledo {toledo.__version__} · pydantic {metadata.version('pydantic')} · runs in your browser"
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
fill_setup()
preview()
by_id("status").textContent = STATUS
start_button = by_id("start")
start_button.disabled = False
start_button.textContent = "Start the game"
mark(ready="true", turn="setup", busy="false")
if PARAMS.get("autostart") == "1":
    setup = read_setup()
    if isinstance(setup, str):
        by_id("setup-error").textContent = setup
    else:
        start_game(*setup)
