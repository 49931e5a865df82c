"""The page's entry point (PyScript, main thread): boots the page and routes it, nothing else.

It reads the address, picks the game (every registered game with page parts can be played; its
controller is `app.context.controller_class`), and picks the first screen:

- a fragment #game=... is a share link: that game opens (toledo.core.session / toledo.core.share);
- else a reload resumes this tab's game (sessionStorage "toledo.current"; localStorage
  "toledo.autosave.<id>" holds every unfinished game for the start screen's list);
- else ?autostart=1 starts the game the address describes, and otherwise the start screen waits.

URL parameters: game=toledo (default toledo), seats=human,easy (2-4, "human" or a level),
names=Ann,Bob, colours=red,blue, seed=5, start=1 (first player, 1-based), speed=ms per computer action
(0 = instant; default 700), autostart=1, lang=de.
Test hooks: <html data-ready data-game data-turn data-busy data-step data-phase data-saves data-session
data-replay data-saved data-thinking-limit> (the last: the thinking computer's limit in seconds, or
none), #undo-note[data-reason], <pre id="transcript"> and window.toledoTranscript() (JSON: seed,
seats, start, colours, actions), the score screen #scores.
"""

from __future__ import annotations

import asyncio
import importlib
from urllib.parse import parse_qs

from app import early_start, lazy_wheels, lesson, screens, shell, storage, tools
from app.context import App, playable_games
from pyscript import window  # type: ignore[import-not-found]


def read_params() -> dict[str, str]:
    """The address's query, the last value of each name."""
    return {k: v[-1] for k, v in parse_qs(str(window.location.search).lstrip("?")).items()}


def chosen_game(params: dict[str, str], games: tuple[str, ...]) -> str:
    """game=..., if it names a game the page can play; else the first registered one."""
    name = params.get("game", games[0])
    return name if name in games else games[0]


def route(page: App) -> None:
    """The first screen: a shared game, this tab's game after a reload, an autostarted one, or the start screen.
    pydantic's wheels load in the background whenever a game is opened, or once the start screen idles."""
    fragment = str(window.location.hash)
    if tools.link_in(fragment):
        lazy_wheels.start(page)
        asyncio.ensure_future(tools.open_link(page, fragment))
        return
    current = storage.tab_game(page)
    wanted = page.params.get("game")
    stored = page.store.list() if page.store is not None else []
    if current and wanted and wanted != next((s.game for s in stored if s.id == current), wanted):
        current = None  # the address asks for another game: that one's start screen; this one stays listed
    if current:
        lazy_wheels.start(page)
        asyncio.ensure_future(tools.resume(page, current))
        return
    asyncio.ensure_future(lazy_wheels.when_idle(page))  # only while the start screen waits, never during a game
    if page.params.get("autostart") == "1" or early_start.pressed():  # Start pressed before Python: go now
        screens.autostart(page)
    elif early_start.learn():  # the lesson's button pressed before Python
        lesson.start(page, screens.start_game)


def register_test_games() -> None:
    """Games only the tests register (tests/games/, never in the product's build): a test that ships them
    into the page gets them registered here, like any game, by their one line there."""
    try:
        importlib.import_module("tests.games")
    except ModuleNotFoundError as missing:
        if missing.name not in ("tests", "tests.games"):
            raise


def main() -> None:
    params = read_params()
    register_test_games()
    games = playable_games()
    page = App(params=params, games=games)
    page.use_game(chosen_game(params, games))
    storage.open_stores(page)
    shell.boot(page)
    early_start.take_over(page)  # the choices made before Python was ready
    route(page)


main()
