"""The replay: a finished or running game stepped through move by move, instead of the game's panel.
The game's controller draws each position; this module keeps the cursor, its buttons and its words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import window  # type: ignore[import-not-found]

from toledo.core.session import ReplayCursor

from . import steady
from .dom import by_id, lang, mark, set_html

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession

MOVES = {"replay-first": "first", "replay-prev": "back", "replay-next": "forward", "replay-last": "last"}


def may_open(session: GameSession) -> bool:
    """Only while a person is to act (or the game is over): never under a computer's turn."""
    seat = session.state.current_player
    return not session.busy and (seat < 0 or session.is_human(seat))


def start(app: App, session: GameSession, position: int | None = None) -> None:
    app.replay = ReplayCursor.of(session.state.setup, session.state.history, 0 if position is None else position)
    for name in ("play", "end", "pass-device", "share-box"):
        by_id(name).hidden = True
    by_id("replay").hidden = False
    steady.forget()
    mark(turn="replay", busy="false")
    render(app)
    window.scrollTo(0, 0)  # the board, not the foot of the end screen where "Replay" was tapped on a phone


def render(app: App) -> None:
    cursor, session = app.replay, app.session
    if cursor is None or session is None:
        return
    app.game.draw_replay(session, cursor)
    by_id("turn-info").textContent = app.tr("replay")  # not the live game's turn, whose board is not shown
    by_id("replay-step").textContent = app.tr("replay_step", step=cursor.position, total=cursor.total)
    words = getattr(app.game, "replay_line", None)  # a game without a log in the engine says it itself
    line = cursor.line()
    text = words(session, cursor) if words is not None else line.text(lang(), session.names) if line else ""
    by_id("replay-line").textContent = text or app.tr("replay_setup")
    for name in ("replay-first", "replay-prev"):
        by_id(name).disabled = cursor.at_start
    for name in ("replay-next", "replay-last"):
        by_id(name).disabled = cursor.at_end
    mark(replay=cursor.position)


def leave(app: App) -> None:
    app.replay = None
    by_id("replay").hidden = True
    set_html("replay-duel", "")


def move(app: App, step: str) -> None:
    """One of the replay's buttons: first, previous, next, last."""
    cursor = app.replay
    if cursor is None or step not in MOVES:
        return
    getattr(cursor, MOVES[step])()
    render(app)
