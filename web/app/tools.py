"""The buttons around a game: undo, download, share, replay, and the start screen's stored games and
file button; and opening a game from the store, a file or a link. While a replay is shown the game
itself takes no clicks (New game aside)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from pyscript import window  # type: ignore[import-not-found]

from . import lazy_wheels, replay, screens, storage, turns, undo
from .dom import by_id, mark, present, session_message

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession

STEPS = {"undo", "save-file", "load-file", "share-link", "replay", "replay-first", "replay-prev", "replay-next",
         "replay-last", "replay-exit", "resume", "delete-saved"}
LINK_PREFIX = "#game="


def on_click(app: App, what: str, raw: str, el: Any) -> bool:
    """A click's first stop: True if it was one of these buttons, or a game click a replay swallows."""
    if what == "ui" and raw in STEPS:
        game_id = str(el.getAttribute("data-game") or "")
        if raw in ("resume", "share-link"):
            asyncio.ensure_future(_later(app, raw, game_id))
        else:  # at once, so the page has changed when the click returns
            _now(app, raw, game_id)
        return True
    return app.replay is not None and not (what == "ui" and raw == "new-game")


def _now(app: App, step: str, game_id: str) -> None:
    session = app.session
    try:
        if step == "delete-saved" and game_id:
            storage.delete(app, game_id)
        elif step == "load-file":
            session_message("")
            by_id("load-input").click()  # inside the click: the browser allows the file dialog
            lazy_wheels.start(app)  # usually loaded already; the dialog is open meanwhile
        elif session is None:
            return
        elif step == "undo":
            undo.take_back(app, session)
        elif step == "save-file":
            storage.download(app, session)
        elif step == "replay":
            if app.replay is None and replay.may_open(session):
                replay.start(app, session)
        elif step == "replay-exit":
            if app.replay is not None:
                replay.leave(app)
                _back_to_game(app, session)
        else:
            replay.move(app, step)
    except Exception as err:  # a bug must be visible, not a silently dead button
        session_message(app.tr("error_unexpected", detail=str(err)), error=True)
        raise


def _back_to_game(app: App, session: GameSession) -> None:
    if session.state.is_terminal():
        turns.finish(app, session)
    else:
        by_id("play").hidden = False
        mark(busy="true")  # until the turn is shown again
        asyncio.ensure_future(turns.drive(app, session))


async def _later(app: App, step: str, game_id: str) -> None:
    try:
        if step == "resume" and game_id:  # a click: the player asked for this game, whatever is showing
            await resume(app, game_id, replace=True)
        elif step == "share-link" and app.session is not None:
            await storage.share(app, app.session)
    except Exception as err:  # a bug must be visible, not a silently dead button
        session_message(app.tr("error_unexpected", detail=str(err)), error=True)
        raise


# --- opening games ------------------------------------------------------------------------------------------
async def resume(app: App, game_id: str, replace: bool = False) -> None:
    """Open a stored game. The tab's own resume at start-up (`replace` False) never replaces a game
    the player started while it was being read; a click on a stored game does."""
    loaded = await storage.read_stored(app, game_id)
    if loaded is not None and (replace or app.session is None):
        screens.open_loaded(app, loaded, game_id)


async def open_file(app: App, file: Any) -> None:
    loaded = await storage.read_file(app, file)
    if loaded is not None:
        screens.open_loaded(app, loaded)


async def open_link(app: App, fragment: str) -> None:
    loaded = await storage.read_link(app, fragment)
    if loaded is not None:
        screens.open_loaded(app, loaded)


def on_file_chosen(app: App, event: Any) -> None:
    files = event.target.files
    if not present(files) or int(files.length) == 0:
        return
    file = files.item(0)
    event.target.value = ""  # choosing the same file again fires again
    asyncio.ensure_future(open_file(app, file))


def link_in(fragment: str) -> bool:
    return fragment.startswith(LINK_PREFIX)


def on_hash_change(app: App, _: Any) -> None:
    fragment = str(window.location.hash)
    if link_in(fragment):
        asyncio.ensure_future(open_link(app, fragment))
