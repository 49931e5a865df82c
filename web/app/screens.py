"""Which screen the page shows: the start screen, a game (new, loaded or resumed), the end, and back."""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING, Any

from . import coach_panel, lesson, log, replay, start_screen, steady, storage, turns
from .controller import SeatSetup
from .dom import by_id, mark, session_message, set_html, set_text, show_message

if TYPE_CHECKING:  # pragma: no cover
    from toledo.core.session import Loaded

    from .context import App


def start_game(app: App, setup: SeatSetup, state: Any | None = None, game_id: str = "") -> None:
    """A new game, or (`state`) one loaded from a file, a link or this browser's store (`game_id`)."""
    session = app.game.start(setup, state)
    app.session = session
    coach_panel.leave()
    steady.forget()
    log.clear()
    set_html("duel", "")
    show_message("")
    by_id("setup").hidden = True
    by_id("end").hidden = True
    by_id("play").hidden = False
    by_id("new-game").hidden = False
    set_text("transcript", session.transcript())
    replay.leave(app)
    if state is not None:
        log.rebuild(app, session)
    storage.started(app, session, game_id)
    lesson.attach(app, session)
    set_text("status", app.tr("status_seed", seed=setup.seed, status=app.status))
    asyncio.ensure_future(turns.drive(app, session))


def open_loaded(app: App, loaded: Loaded, game_id: str = "") -> None:
    """Play on from a loaded game (hotseat starts at the privacy screen); a finished one shows its end
    screen, whose Replay steps through it."""
    setup = loaded.state.setup
    if loaded.game in app.games and loaded.game != app.game.name:  # a file or link of another game
        start_screen.take_game(app, loaded.game)  # the start screen, once back there, offers it
    start_game(app, SeatSetup(loaded.kinds, loaded.names, list(setup.colours), setup.seed, setup.start_player,
                              start_screen.current_speed(), getattr(setup, "variant", "")),
               state=loaded.state, game_id=game_id)
    message = app.tr("loaded_game", players=", ".join(loaded.names))
    if loaded.state.is_terminal():
        message += " " + app.tr("loaded_finished")
    session_message(message)
    mark(session="loaded")


def autostart(app: App) -> None:
    """?autostart=1: the form as the address filled it, started at once."""
    setup = start_screen.read_setup(app)
    if isinstance(setup, str):
        set_text("setup-error", setup)
    else:
        start_game(app, setup)


def submit(app: App, event: Any) -> None:
    event.preventDefault()
    setup = start_screen.read_setup(app)
    if isinstance(setup, str):
        set_text("setup-error", setup)
        return
    set_text("setup-error", "")
    start_game(app, setup)


def play_again(app: App) -> None:
    """The same seats, a new deal."""
    session = app.session
    if session is None:
        return
    state = session.state
    start_game(app, SeatSetup(session.kinds, session.names, list(state.setup.colours), random.randrange(2**31),
                              state.setup.start_player, session.speed, getattr(state.setup, "variant", "")))


def new_game_screen(app: App) -> None:
    """Back to the start screen; the game left stays stored and listed there."""
    app.session = None
    coach_panel.leave()
    steady.forget()
    lesson.hide()
    by_id("pass-device").hidden = True
    by_id("play").hidden = True
    by_id("end").hidden = True
    by_id("setup").hidden = False
    by_id("new-game").hidden = True
    set_text("turn-info", "")
    set_text("status", app.status)
    start_screen.preview(app)
    mark(turn="setup", busy="false")
    replay.leave(app)
    storage.left(app)


def redraw(app: App) -> None:
    """Everything drawn again (the layout changed): the start screen's board, the game, or its replay."""
    session = app.session
    if session is None:
        start_screen.preview(app)
        return
    app.game.redraw(session)
    if app.replay is not None:
        replay.render(app)
