"""The frame around every game: the page's events wired to the modules that answer them, the click
router, the status line, the layout switch and the "new version" button."""

from __future__ import annotations

import asyncio

from typing import TYPE_CHECKING, Any

from toledo.core import VERSION
from pyscript import document, window  # type: ignore[import-not-found]

from . import (access, board_view, coach_panel, how_to_play, language, lesson, rules_dialog, screens, sheets,
               start_screen, storage, tools)
from .dom import LAYOUTS, by_id, lang, mark, present, set_text

if TYPE_CHECKING:  # pragma: no cover
    from .context import App

UI_TARGET = ("data-ui", "ui")  # the page's own buttons
GAME_TARGET = ("data-key", "key")  # every game's clickable things (the page protocol's one click key)


def on_click(app: App, event: Any) -> None:
    """Every click: the tools first, then the page's steps, then the game (the innermost target wins)."""
    target = event.target
    if not present(target) or not hasattr(target, "closest"):
        return
    if sheets.on_click(target):
        return
    for attr, what in (UI_TARGET, GAME_TARGET):
        el = target.closest(f"[{attr}]")
        if not present(el):
            continue
        raw = str(el.getAttribute(attr))
        if tools.on_click(app, what, raw, el):
            return
        if what == "ui" and raw == "new-game":
            screens.new_game_screen(app)
        elif what == "ui" and raw == "play-again":
            screens.play_again(app)
        elif what == "ui" and raw == "hint":
            coach_panel.on_hint(app)
        elif app.session is not None:
            app.game.on_click(app.session, what, raw, el)
        return


def on_setup_change(app: App, event: Any) -> None:
    target = event.target
    if target.id == "coach-on":
        coach_panel.on_option(event)
        return
    if str(target.name or "") == "game":
        start_screen.choose_game(app, str(target.value))
        return
    start_screen.show_seats(app)
    if target.id == "num-players" or "seat-name" in str(target.className or ""):  # the preview names the seats
        start_screen.preview(app)


def on_update_ready(_: Any) -> None:
    by_id("update").hidden = False  # the player chooses when: a reload would end the game in progress


def on_update_click(_: Any) -> None:
    window.toledoOffline.applyUpdate()


def _wire(app: App) -> None:
    """Every listener of the page (kept alive by app.listeners)."""
    on = app.listeners.on
    on(document, "click", lambda event: on_click(app, event))
    on(by_id("setup"), "submit", lambda event: screens.submit(app, event))
    on(by_id("setup"), "change", lambda event: on_setup_change(app, event))
    LAYOUTS.watch(lambda query: on(query, "change", lambda _: screens.redraw(app)))  # a phone turned
    # static/register-sw.js (offline play) announces a new build; "playable offline" is pure CSS (data-offline)
    on(document, "toledo:update-ready", on_update_ready)
    on(by_id("update"), "click", on_update_click)
    on(by_id("language"), "change", lambda event: language.on_change(app, event))
    on(by_id("rules-open"), "click", lambda *_: rules_dialog.open_dialog(app))
    on(by_id("rules-close"), "click", rules_dialog.close)
    on(by_id("rules-dialog"), "close", rules_dialog.on_closed)
    on(document, "keydown", lambda event: access.on_keydown(app, event))
    on(document, "pointerdown", lambda event: access.on_pointer(app, event), capture=True, passive=True)
    on(document, "focusin", lambda event: access.on_info(app, event))
    on(document, "pointerover", lambda event: access.on_info(app, event), passive=True)
    on(by_id("load-input"), "change", lambda event: tools.on_file_chosen(app, event))
    on(window, "hashchange", lambda event: tools.on_hash_change(app, event))
    # for tests and bug reports: the game in progress as JSON (seed, seats, actions)
    window.toledoTranscript = app.listeners.keep(
        lambda *_: app.session.transcript() if app.session is not None else "null")


def boot(app: App) -> None:
    """The start screen, interactive: words, listeners, the chosen game's seats, the stored games."""
    language.start(app)  # before any text is written
    app.status = f"toledo {VERSION} · {app.tr('status_runs')}"  # pydantic's version joins once loaded
    _wire(app)
    start_screen.fill_setup(app)
    coach_panel.fill_option(app)
    how_to_play.install(app)
    lesson.install(app, screens.start_game)
    board_view.watch(app)
    start_screen.show_games(app)
    start_screen.preview(app)
    asyncio.ensure_future(start_screen.warm_games(app))
    set_text("status", app.status)
    start = by_id("start")
    start.disabled = False
    start.textContent = app.tr("start_game")
    storage.labels(app)
    storage.show_saved_games(app)
    mark(ready="true", turn="setup", busy="false", lang=lang())
