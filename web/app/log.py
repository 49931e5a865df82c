"""The move log: a line per action, the latest first, and the last one again near the controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document  # type: ignore[import-not-found]

from .dom import by_id, set_html, set_text

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession, LogEntry


def add(entry: LogEntry) -> None:
    item = document.createElement("li")
    item.textContent = entry.text  # player names are text, never markup
    item.setAttribute("data-seat", str(entry.seat))
    log = by_id("log")
    log.insertBefore(item, log.firstChild)
    set_text("last-action", entry.text)  # in reach on phones, where the log is far below


def clear() -> None:
    set_html("log", "")
    set_text("last-action", "")


def rebuild(app: App, session: GameSession) -> None:
    """The whole move log again (after a resume, a load, an undo or a language switch)."""
    clear()
    for entry in app.game.log_lines(session):
        add(entry)
