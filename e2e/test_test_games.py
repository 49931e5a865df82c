"""The games only the tests register (tests/games/) are played in Chromium by the page's one controller:
their folder is shipped into the page (added to the page's own bundle on its way in, as a test build
would), the page registers them by their one line there, and a person plays one to its end by clicking
only what the page offers. Nothing here names a game: every registered test game with page parts is played."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable

import pytest
from browser_support import ROOT, settle, wait_ready
from playwright.sync_api import Page, Route

import tests.games  # noqa: F401  (registers the tests' own games)
from toledo.core import registry
from toledo.core.page import has_page

TESTS = ROOT / "tests"
OFFERED = "#board [data-key].offered, #actions button[data-key]"
SHIPPED = (".py", ".po")


def registered_test_games() -> list[str]:
    return [name for name in registry.names() if registry.info(name).module.startswith("tests.") and has_page(name)]


def with_test_games(bundle: bytes) -> bytes:
    """The page's bundle (app.zip) with the tests' games package added beside the page's own package."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(bundle)) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            target.writestr(item, source.read(item))
        target.writestr("tests/__init__.py", (TESTS / "__init__.py").read_bytes())
        for path in sorted((TESTS / "games").rglob("*")):
            if path.suffix in SHIPPED and "__pycache__" not in path.parts and not path.name.startswith("test_"):
                target.writestr(path.relative_to(ROOT).as_posix(), path.read_bytes())
    return out.getvalue()


def ship_test_games(page: Page) -> None:
    def bundle(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=with_test_games(response.body()))

    page.route("**/app.zip", bundle)


@pytest.mark.parametrize("game", registered_test_games())
def test_a_test_game_is_played_to_its_end_by_the_generic_controller(
        site_url: str, new_page: Callable[..., Page], game: str) -> None:
    page = new_page(1280, 800)
    ship_test_games(page)
    page.goto(f"{site_url}?game={game}&seats=human,random&seed=3&speed=0&autostart=1")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.game") == game
    clicks = 0
    while settle(page) != "over" and clicks < 200:
        assert settle(page) == "human"
        page.locator(OFFERED).nth(clicks % max(1, page.locator(OFFERED).count())).click()
        clicks += 1
    assert settle(page) == "over" and clicks > 0
    assert page.locator("#scores").inner_text().strip()  # the game's verdict
    assert page.locator("#log li").count() > clicks  # every action logged (the computer's too)
