"""How to play in one minute: a short card per game, opened from the start screen.

Each card is a handful of lines in the shared catalogue (howto_<game>_1 ...), in our own words; the
card of the game chosen on the start screen comes first, the other games' follow, so a person can read
about a game before choosing it (also one still to come)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from pyscript import document  # type: ignore[import-not-found]

from .dom import by_id, present

if TYPE_CHECKING:  # pragma: no cover
    from .context import App

GAMES = ("toledo", "torres")  # the games with a card, in the start screen's order
LINES = 5  # lines per card


def card_html(app: App, game: str) -> str:
    """One game's card: its name and the five lines that teach a turn."""
    items = "".join(f"<li>{escape(app.tr(f'howto_{game}_{i}'))}</li>" for i in range(1, LINES + 1))
    return (f'<section class="howto-card" data-game="{game}"><h3>{escape(app.tr(f"howto_{game}_title"))}</h3>'
            f'<ol>{items}</ol></section>')


def open_dialog(app: App) -> None:
    chosen = app.game.name if app.controller is not None else GAMES[0]
    order = sorted(GAMES, key=lambda g: g != chosen)
    by_id("howto-title").textContent = app.tr("howto_button")
    by_id("howto-body").innerHTML = "".join(card_html(app, g) for g in order)
    by_id("howto-close").textContent = app.tr("close")
    by_id("howto-dialog").showModal()


def install(app: App) -> None:
    """The start screen's button and the dialog it opens (made here: no page needs them before Python)."""
    if present(by_id("howto-dialog")):
        return
    dialog = document.createElement("dialog")
    dialog.id = "howto-dialog"
    dialog.setAttribute("aria-labelledby", "howto-title")
    dialog.innerHTML = ('<div class="dialog-head"><h2 id="howto-title"></h2>'
                        '<button type="button" class="btn small" id="howto-close"></button></div>'
                        '<div id="howto-body"></div>')
    by_id("app").appendChild(dialog)
    button = document.createElement("button")
    button.type = "button"
    button.id = "howto-open"
    button.className = "btn small"
    button.setAttribute("data-i18n", "howto_button")
    button.setAttribute("aria-haspopup", "dialog")
    button.textContent = app.tr("howto_button")
    choice = by_id("game-choice")
    choice.parentNode.insertBefore(button, choice.nextSibling)
    app.listeners.on(button, "click", lambda *_: open_dialog(app))
    app.listeners.on(by_id("howto-close"), "click", lambda *_: dialog.close())

