"""The page's language: chosen at start-up, switched by the menu, remembered in this browser.

The inline script in index.html picks it before Python starts (the stored choice, else the browser's);
`start` keeps it (or takes ?lang=) and translates every element marked data-i18n (text),
data-i18n-label (aria-label), -title and -placeholder; `switch` changes the whole page at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window  # type: ignore[import-not-found]
from toledo.core.i18n import LANGUAGES, choose_language

from . import coach_panel, log, replay, rules_dialog, start_screen, storage
from .dom import address_says, by_id, lang, mark, present

if TYPE_CHECKING:  # pragma: no cover
    from .context import App

STORE_KEY = "toledo.lang"  # localStorage: the player's choice of language
ATTRIBUTES = (("data-i18n", ""), ("data-i18n-label", "aria-label"), ("data-i18n-title", "title"),
              ("data-i18n-placeholder", "placeholder"))


def stored() -> str:
    try:
        value = window.localStorage.getItem(STORE_KEY)
    except Exception:  # noqa: BLE001 - storage refused: no memory of the choice
        return ""
    return str(value) if present(value) else ""


def start(app: App) -> None:
    """?lang=, else the stored choice, else the browser's languages (navigator.languages)."""
    wanted = app.params.get("lang") or stored()
    if wanted not in LANGUAGES:
        browser = window.navigator.languages
        tags = [str(t) for t in browser] if present(browser) else []
        wanted = choose_language(tags or [str(window.navigator.language or "")])
    document.documentElement.lang = wanted
    by_id("language").value = wanted
    translate_marked(app, wanted)  # the start screen's menus and game chooser are written in it as they are filled


def translate_marked(app: App, language: str) -> None:
    """Every element of the page marked for translation."""
    for attr, prop in ATTRIBUTES:
        for el in document.querySelectorAll(f"[{attr}]"):
            number = el.getAttribute("data-i18n-number")
            text = app.tr(str(el.getAttribute(attr)), language, number=str(number) if number is not None else "")
            if prop:
                el.setAttribute(prop, text)
            else:
                el.textContent = text


def translate_page(app: App) -> None:
    """Every element marked for translation, the start screen's menus and the game chooser."""
    translate_marked(app, lang())
    start_screen.label_setup(app)
    start_screen.show_games(app)


def switch(app: App, code: str) -> None:
    """Switch the whole page; the choice is remembered in this browser."""
    old = lang()
    if code not in LANGUAGES or code == old:
        return
    document.documentElement.lang = code
    try:
        window.localStorage.setItem(STORE_KEY, code)
    except Exception:  # noqa: BLE001 - storage refused: the switch still works for this visit
        pass
    by_id("language").value = code
    address_says("lang", code, only_if_there=True)  # a link's ?lang= wins over the stored choice on a reload
    translate_page(app)
    start_screen.show_seats(app)
    status = by_id("status")
    new_status = app.status.replace(app.tr("status_runs", old), app.tr("status_runs", code))
    status.textContent = str(status.textContent).replace(app.status, new_status)
    app.status = new_status
    start_button = by_id("start")
    if not start_button.disabled:
        start_button.textContent = app.tr("start_game", code)
    session = app.session
    if session is None:
        start_screen.preview(app)
    elif app.replay is None:
        app.game.relabel(session)
    if rules_dialog.is_open():
        rules_dialog.fill(app)
    mark(lang=code)
    relabel_tools(app)


def relabel_tools(app: App) -> None:
    """The saving, sharing and replay tools, the stored games, the replay or the move log in the new words."""
    storage.labels(app)
    session = app.session
    if session is None:
        storage.show_saved_games(app)
    elif app.replay is not None:
        replay.render(app)
    else:
        log.rebuild(app, session)
    coach_panel.relabel(app)


def on_change(app: App, event: Any) -> None:
    switch(app, str(event.target.value))
