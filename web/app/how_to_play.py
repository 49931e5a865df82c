"""How to play in one minute: a short card per game, opened from the start screen.

Each card is the game's own (`GamePage.how_to_play`: a title and a handful of lines, in our own words);
the card of the game chosen on the start screen comes first, the other games' follow, so a person can
read about a game before choosing it."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from toledo.core.page import page_of

from .dom import by_id, lang, present

if TYPE_CHECKING:  # pragma: no cover
    from .context import App



def card_html(game: str, language: str) -> str:
    """One game's card: its name and the lines that teach a turn."""
    title, lines = page_of(game).how_to_play(language)
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<section class="howto-card" data-game="{escape(game)}"><h3>{escape(title)}</h3><ol>{items}</ol></section>'


def open_dialog(app: App) -> None:
    chosen = app.game.name if app.controller is not None else app.games[0]
    order = sorted(app.games, key=lambda g: g != chosen)
    by_id("howto-title").textContent = app.tr("howto_button")
    by_id("howto-body").innerHTML = "".join(card_html(g, lang()) for g in order)
    by_id("howto-close").textContent = app.tr("close")
    by_id("howto-dialog").showModal()


def install(app: App) -> None:
    """Wire the start screen's button and the dialog it opens (both in the page, so the form has its final
    shape from the first paint and the cards open before Python too)."""
    button = by_id("howto-open")
    if not present(button) or button.hasAttribute("data-wired"):
        return
    button.setAttribute("data-wired", "")
    button.textContent = app.tr("howto_button")
    app.listeners.on(button, "click", lambda *_: open_dialog(app))
    app.listeners.on(by_id("howto-close"), "click", lambda *_: by_id("howto-dialog").close())
