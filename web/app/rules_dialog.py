"""The rules dialog: the game's rules in our own words and the keyboard shortcuts, in the page's language."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from .dom import by_id, lang, mark, set_html

if TYPE_CHECKING:  # pragma: no cover
    from .context import App


def fill(app: App) -> None:
    items = [f"<dt><kbd>{escape(key)}</kbd></dt><dd>{escape(text)}</dd>" for key, text in app.game.shortcuts(lang())]
    set_html("shortcut-list", "".join(items))
    set_html("rules-body", app.game.rules_html(lang()))


def is_open() -> bool:
    return bool(by_id("rules-dialog").open)


def open_dialog(app: App) -> None:
    dialog = by_id("rules-dialog")
    fill(app)
    if not dialog.open:
        dialog.showModal()
    by_id("rules-close").focus()
    mark(rules="open")


def close(*_: Any) -> None:
    by_id("rules-dialog").close()


def on_closed(*_: Any) -> None:
    mark(rules="closed")
