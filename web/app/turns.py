"""Playing a game forward: every action logged and autosaved, computer turns paced and thought in slices.

A computer's search never blocks the page for longer than a slice (`pacing`); at speed 0 the board
is redrawn at most every RENDER_EVERY seconds. The coach's Hint button is offered on a person's turn.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from . import coach_panel, log, steady, storage
from .dom import by_id, lang, mark, set_text, show_message
from .pacing import RENDER_EVERY, SLICE_SECONDS

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession



async def pause(ms: float) -> None:
    await asyncio.sleep(ms / 1000 if ms > 0 else 0)


async def play(app: App, session: GameSession, action: Any) -> None:
    """Apply an action: log it, store the game, then show what it did (a duel round by round)."""
    entry = app.game.apply(session, action)
    log.add(entry)
    set_text("transcript", session.transcript())
    storage.autosave(app, session)
    await app.game.show_action(session, action)


async def think(session: GameSession, seat: int) -> Any:
    """The computer's choice, computed in slices so the page stays responsive."""
    state = session.state
    bot = session.bots[seat]
    legal = state.legal_actions()
    view = state.view(seat)
    mark(thinking_limit=getattr(bot, "max_seconds", None) or "none")  # for the end-to-end tests
    if hasattr(bot, "search") and len(legal) > 1:  # the search levels: the same steps as their choose()
        search = bot.search(view, legal)
        while not search.run(SLICE_SECONDS):
            await asyncio.sleep(0)
        return search.best()
    started = time.perf_counter()
    action = bot.choose(view, legal)
    if time.perf_counter() - started > SLICE_SECONDS:
        await asyncio.sleep(0)
    return action


def show_move(app: App, session: GameSession) -> bool:
    """Redraw after a computer's move; at speed 0 at most every RENDER_EVERY seconds. False when the
    board was left a move or more behind the game."""
    if session.speed > 0 or time.perf_counter() - session.last_render > RENDER_EVERY:
        app.game.redraw(session)
        return True
    return False


def say_thinking(app: App, session: GameSession) -> None:
    """Who is thinking, set together with the board that shows it is their turn (the line and the
    board's turn header never name two different players)."""
    state = session.state
    seat = state.current_player
    if not state.is_terminal() and not session.is_human(seat):
        by_id("prompt").textContent = app.tr("thinking_level", player=session.names[seat],
                                             level=app.game.level_name(session.kinds[seat], lang()))


async def drive(app: App, session: GameSession) -> None:
    """Play computer turns until a person must act or the game ends."""
    if session.driving:
        return
    session.driving = True
    try:
        # the prompt changes only with a board that shows the same turn (at speed 0 the board can stay
        # a few moves behind the game, and the prompt with it)
        say_thinking(app, session)
        while app.session is session and not session.state.is_terminal():
            seat = session.state.current_player
            if session.is_human(seat):
                await app.game.human_turn(session)  # its redraw offers the coach
                return
            coach_panel.hide()
            mark(turn="computer", busy="true")
            action = await think(session, seat)
            if app.session is not session:
                return
            await play(app, session, action)
            if app.session is not session:
                return
            if show_move(app, session):  # the pause before the next computer's move is its thinking too
                say_thinking(app, session)
            await pause(session.speed)
        if app.session is session:
            finish(app, session)
    except Exception as err:  # a bug must be visible, not a silently frozen page
        show_message(app.tr("error_unexpected", detail=str(err)))
        raise
    finally:
        session.driving = False


def finish(app: App, session: GameSession) -> None:
    """The end screen; the finished game stays stored until its player leaves."""
    app.game.show_end(session)
    steady.forget()
    coach_panel.hide()
    coach_panel.review_after(app, session)
    storage.autosave(app, session, played=False)  # a finished game opened from a file or link keeps its note
