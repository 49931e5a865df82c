"""Undo: the button under the controls, how far it may go and why it stops (toledo.core.session decides)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toledo.core import session as games

from . import log, storage
from .dom import by_id, mark, present, show_message

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession


def show_bar(app: App, human_turn: bool) -> None:
    """After every redraw: the undo button for the person to act, with the reason where it stops."""
    bar = by_id("undo-bar")
    session = app.session
    if not present(bar):
        return
    if app.replay is not None or not human_turn or session is None:
        bar.hidden = True
        return
    floor = games.undo_floor(session.state)
    bar.hidden = False
    by_id("undo").disabled = not floor.possible
    note = by_id("undo-note")
    note.textContent = app.tr_count("undo_available", floor.undoable) if floor.possible else app.tr(floor.reason)
    note.setAttribute("data-reason", floor.reason)
    note.setAttribute("data-undoable", str(floor.undoable))


def take_back(app: App, session: GameSession) -> None:
    """Undo one action of the person to act (the engine's floor decides how far)."""
    if session.busy or not session.human_to_act():
        return
    floor = games.undo_floor(session.state)
    if not floor.possible:
        show_message(app.tr(floor.reason))
        return
    session.state = games.undo(session.state, 1)
    app.game.undone(session)
    log.rebuild(app, session)
    by_id("transcript").textContent = session.transcript()
    storage.autosave(app, session)
    show_message("")
    app.game.redraw(session)
    mark(turn="human", busy="false")
