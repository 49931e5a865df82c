"""Learn to play: a game's guided first game (toledo.core.tutorial) played in the page.

The start screen's "Learn to play" button starts the chosen game's tutorial: its deal, the learner in the
first seat and a gentle computer whose moves come from the tutorial's script. A panel beside the board
(below it on a phone) says the step in a few sentences, with Next, Hint and Leave; the keys the step's
move is clicked by are lit on the board (a class, and the panel's "Your move" line for screen readers);
a move other than the step's is refused with the step still showing and the move meant named. A
fast-forward step plays the script for both sides until the next step.

The lesson is an ordinary game: it is autosaved like any game, and this browser remembers which stored
game is a lesson (localStorage), so resuming it resumes the lesson at the step its actions reached.
Leaving it forgets that: the same position goes on as a normal game, the computer at its level.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyscript import document, window  # type: ignore[import-not-found]

from toledo.core import registry
from toledo.core.i18n import render, template
from toledo.core.tutorial import DOMAIN, FORWARD, Lesson, tutorial_of

from . import board_view, marks, start_screen, turns
from .controller import SeatSetup
from .dom import announce, by_id, lang, mark, present, show_message

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession

STORE_KEY = "toledo.lesson"  # localStorage: the stored game id of the lesson in progress
LIT, RING = "lesson-lit", "lesson-ring"  # the marks of what the step's move is clicked by (`marks`)
STYLESHEET = "./static/lesson.css"


def words(key: str, language: str | None = None, /, **params: Any) -> str:
    """A word of the lesson panel (the shared tutorial catalogue)."""
    return render(key, language or lang(), params, domains=(DOMAIN,))


@dataclass
class _Active:
    """The lesson being followed, and the game it belongs to; the session's `guide` while it runs (the
    controller asks it whether a person's move may be played, and has it redrawn after the board)."""

    app: Any
    session: Any
    lesson: Lesson
    hint: bool = False  # the learner asked for the hint at this position
    refused: bool = False  # the learner's last move was not the step's
    position: int = -1  # the action count the hint and the refusal belong to
    forwarding: bool = False

    def allows(self, action: Any) -> bool:
        return allows(self.app, self.session, action)

    def show(self) -> None:
        show(self.app, self.session)


_active: _Active | None = None


class ScriptedBot:
    """The computer inside a lesson: the script's move while the lesson runs, its own level's once left."""

    name = "script"

    def __init__(self, session: Any, level: Any) -> None:
        self.session = session
        self.level = level

    def choose(self, view: Any, legal: Any) -> Any:
        active = _active
        if active is not None and active.session is self.session:
            text = active.lesson.auto(len(self.session.state.history))
            found = next((a for a in legal if str(a) == text), None)
            if found is not None:
                return found
        return self.level.choose(view, legal)


# --- the lesson's game ------------------------------------------------------------------------------
def _remember(game_id: str) -> None:
    try:
        if game_id:
            window.localStorage.setItem(STORE_KEY, game_id)
        else:
            window.localStorage.removeItem(STORE_KEY)
    except Exception:  # noqa: BLE001 - storage refused: the lesson holds for this visit only
        pass


def _remembered() -> str:
    try:
        return str(window.localStorage.getItem(STORE_KEY) or "")
    except Exception:  # noqa: BLE001
        return ""


def _follow(app: App, session: GameSession, lesson: Lesson) -> None:
    global _active
    _active = _Active(app, session, lesson)
    session.guide = _active
    for seat, bot in list(session.bots.items()):
        if not isinstance(bot, ScriptedBot):
            session.bots[seat] = ScriptedBot(session, bot)
    mark(lesson="on")


def start(app: App, start_game: Callable[[App, SeatSetup], None]) -> None:
    """The chosen game's tutorial, from its first step (`start_game`: the page's way to start a game)."""
    tutorial = tutorial_of(app.game.name)
    if tutorial is None:
        return
    game = app.game
    language = lang()
    colours = list(range(tutorial.num_players))
    names = [game.colour_name(game.colours[c], language) for c in colours]
    setup = SeatSetup(list(tutorial.seats), names, colours, tutorial.seed, 0, start_screen.current_speed())
    start_game(app, setup)
    session = app.session
    if session is None:
        return
    _follow(app, session, Lesson(tutorial))
    _remember(session.game_id)


def attach(app: App, session: GameSession) -> None:
    """A game was opened: if it is this browser's lesson in progress (and still on the script), follow it."""
    global _active
    if _active is not None:
        _active.session.guide = None
    _active = None
    mark(lesson="off")
    hide()
    tutorial = tutorial_of(app.game.name)
    if tutorial is None or not session.game_id or session.game_id != _remembered():
        return
    state = session.state
    if state.setup.seed != tutorial.seed or not tutorial.on_script(state.history):
        return
    _follow(app, session, Lesson.resume(tutorial, len(state.history)))


def leave(app: App) -> None:
    """Leave the lesson: the same game goes on as a normal game."""
    global _active
    active = _active
    _active = None
    _remember("")
    hide()
    mark(lesson="off")
    if active is None or app.session is not active.session:
        return
    session = active.session
    session.guide = None
    for seat, bot in list(session.bots.items()):
        if isinstance(bot, ScriptedBot):
            session.bots[seat] = bot.level
    message = words("tutorial_left")
    show_message(message)
    announce(message)
    if session.state.is_terminal():
        return
    app.game.redraw(session)
    if not active.forwarding and not session.is_human(session.state.current_player):
        asyncio.ensure_future(turns.drive(app, session))  # (a fast-forward left mid-way hands over itself)


def allows(app: App, session: GameSession, action: Any) -> bool:
    """A person's move: the step's own (or no lesson runs), else refused with the step still showing."""
    active = _active
    if active is None or active.session is not session:
        return True
    played = len(session.state.history)
    if active.lesson.check(played, action) is None:
        return True
    active.refused, active.hint, active.position = True, True, played
    return False  # the redraw that follows says why, in the panel


# --- the panel -------------------------------------------------------------------------------------
def install(app: App, start_game: Callable[[App, SeatSetup], None]) -> None:
    """Wire the start screen's button (in the page, so the form has its final shape from the first paint);
    make the panel beside the board (no page needs it before Python) and link its style sheet."""
    if present(by_id("lesson")):
        return
    link = document.createElement("link")
    link.rel = "stylesheet"
    link.href = STYLESHEET
    document.head.appendChild(link)
    button = by_id("learn")
    panel = document.createElement("section")
    panel.id = "lesson"
    panel.hidden = True
    panel.setAttribute("aria-labelledby", "lesson-title")
    panel.innerHTML = (
        '<h2 id="lesson-title"></h2><p id="lesson-count" class="hint"></p>'
        '<p id="lesson-text" aria-live="polite"></p>'
        '<p id="lesson-refused" role="alert"></p>'
        '<p id="lesson-move" aria-live="polite"></p>'
        '<p id="lesson-hint-text" aria-live="polite"></p>'
        '<div class="lesson-buttons">'
        '<button type="button" class="btn primary" id="lesson-next"></button>'
        '<button type="button" class="btn small" id="lesson-hint"></button>'
        '<button type="button" class="btn small" id="lesson-leave"></button></div>')
    play = by_id("play")
    play.parentNode.insertBefore(panel, play)
    on = app.listeners.on
    on(button, "click", lambda *_: start(app, start_game))
    on(by_id("lesson-next"), "click", lambda *_: on_next(app))
    on(by_id("lesson-hint"), "click", lambda *_: on_hint(app))
    on(by_id("lesson-leave"), "click", lambda *_: leave(app))
    on(by_id("setup"), "change", lambda *_: label_button(app))
    on(by_id("language"), "change", lambda *_: label_button(app))  # after the page's own switch, wired first
    label_button(app)


def label_button(app: App) -> None:
    """The start screen's button names the chosen game (hidden for a game without a tutorial)."""
    button = by_id("learn")
    if not present(button) or app.controller is None:
        return
    tutorial = tutorial_of(app.game.name)
    button.hidden = tutorial is None
    button.textContent = words("tutorial_learn_game", game=registry.info(app.game.name).title)
    button.title = words("tutorial_learn_hint")


def hide() -> None:
    panel = by_id("lesson")
    if present(panel):
        panel.hidden = True


def _state(active: _Active, played: int) -> str:
    """What the panel waits for: "next", "play", "watch" (the script plays on) or "done"."""
    lesson = active.lesson
    if lesson.finished:
        return "done"
    if lesson.needs_next(played):
        return "next"
    if lesson.expected(played) is not None:
        return "play"
    return "watch"


def show(app: App, session: GameSession) -> None:
    """After every redraw: the step's words and buttons, and its move's keys lit on the board."""
    active = _active
    panel = by_id("lesson")
    if not present(panel):
        return
    if active is None or active.session is not session or app.replay is not None:
        panel.hidden = True
        return
    state = session.state
    played = len(state.history)
    if not active.lesson.tutorial.on_script(state.history):
        leave(app)  # the game left the script (a stored copy played on elsewhere): a normal game now
        return
    lesson = active.lesson
    lesson.sync(played)
    if active.position != played:
        active.hint = active.refused = False
    language = lang()
    tutorial = lesson.tutorial
    what = _state(active, played)
    panel.hidden = False
    panel.setAttribute("data-state", what)
    panel.setAttribute("data-step", lesson.step.id if lesson.step is not None else "")
    by_id("lesson-title").textContent = words("tutorial_title")
    by_id("lesson-count").textContent = words("tutorial_step_of", step=min(lesson.index + 1, len(tutorial.steps)),
                                              steps=len(tutorial.steps))
    step = lesson.step
    if what == "done":
        text = words("tutorial_done")
    elif what == "watch" or step is None:
        text = words("tutorial_watch")
    else:
        text = template(step.words, language, domains=(tutorial.domain,))
    by_id("lesson-text").textContent = text
    by_id("lesson-refused").textContent = words("tutorial_refused") if active.refused else ""
    expected = lesson.expected(played) if what == "play" else None
    action = next((a for a in state.legal_actions() if str(a) == expected), None) if expected else None
    move_words = app.game.action_words(session, state, action, language) if action is not None else ""
    by_id("lesson-move").textContent = words("tutorial_your_move", move=move_words) if move_words else ""
    by_id("lesson-hint-text").textContent = (words("tutorial_hint_text", move=move_words)
                                             if move_words and active.hint else "")
    next_button = by_id("lesson-next")
    next_button.hidden = what != "next"
    next_button.textContent = words("tutorial_next")
    hint_button = by_id("lesson-hint")
    hint_button.hidden = what != "play"
    hint_button.textContent = words("tutorial_hint")
    by_id("lesson-leave").textContent = words("tutorial_leave")
    keys = _light(app, session, action, step.light if step is not None and what == "play" else (), active.hint)
    panel.setAttribute("data-keys", json.dumps(keys))  # for tests: a key may hold spaces ("action:end t2")
    if what == "next" and app.key_mode:
        next_button.focus()


def _light(app: App, session: GameSession, action: Any, extra: tuple[str, ...], hint: bool) -> tuple[str, ...]:
    """Light what the step's move is clicked by (and the step's own extra keys or panel ids)."""
    for el in list(document.querySelectorAll(".lesson-hint")):
        el.classList.remove("lesson-hint")
    marks.clear(LIT, RING, "lesson-move")
    keys = marks.keys_for(app, session, action) if action is not None else ()
    lit: list[Any] = []
    for key in (*keys, *extra):
        found = marks.parts(key)
        by_name = by_id(key) if key in extra else None  # a step's extra may name a panel by its id
        if not found and present(by_name):
            found = [by_name]
        for el in found:
            marks.add(el, LIT, RING, "lesson-move")
            if hint:
                el.classList.add("lesson-hint")
        lit += found
    board_view.bring_into_sight(lit)
    return keys


def on_hint(app: App) -> None:
    active = _active
    session = app.session
    if active is None or session is None or active.session is not session:
        return
    active.hint, active.position = True, len(session.state.history)
    show(app, session)


def on_next(app: App) -> None:
    """Next: the step was read; a fast-forward step lets the script play on to the following step."""
    active = _active
    session = app.session
    if active is None or session is None or active.session is not session or session.busy:
        return
    played = len(session.state.history)
    step = active.lesson.step
    if not active.lesson.needs_next(played) or step is None:
        return
    active.lesson.press_next(played)
    if step.do == FORWARD:
        session.busy = True
        mark(busy="true", turn="computer")  # synchronously: the page is busy from the click on
        asyncio.ensure_future(_forward(app, active))
        return
    show(app, session)
    if active.lesson.finished:
        _remember("")  # a finished lesson resumes as the game it is


async def _forward(app: App, active: _Active) -> None:
    """Play the script for both sides up to the next step."""
    session = active.session
    session.busy = True
    active.forwarding = True
    mark(busy="true", turn="computer")
    show(app, session)
    try:
        while _active is active and app.session is session and not session.state.is_terminal():
            text = active.lesson.auto(len(session.state.history))
            if text is None:
                break
            if not session.is_human(session.state.current_player):
                session.busy = False
                await turns.drive(app, session)  # the computer's scripted moves, up to the learner's turn
                session.busy = True
                mark(busy="true")  # still playing on: the learner's turn the drive handed back is the script's
                continue
            action = next(a for a in session.state.legal_actions() if str(a) == text)
            await turns.play(app, session, action)
            turns.show_move(app, session)
            await turns.pause(session.speed)
    finally:
        active.forwarding = False
        session.busy = False
    if app.session is not session:
        return
    if session.state.is_terminal():
        turns.finish(app, session)
    elif session.is_human(session.state.current_player):
        await app.game.human_turn(session)
        show(app, session)
    else:  # the lesson was left mid-stretch on the computer's turn: it plays on at its own level
        await turns.drive(app, session)

