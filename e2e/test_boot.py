"""The built site boots offline: Python runs, draws, and nothing leaves 127.0.0.1."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from browser_support import PageLog, screenshot, wait_ready
from playwright.sync_api import Page


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_page_boots_offline(site_url: str, new_page: Callable[..., Page], page_log: PageLog,
                            width: int, height: int) -> None:
    page = new_page(width, height)
    started = time.monotonic()
    page.goto(site_url, wait_until="domcontentloaded")
    # The frame and loading notice are static HTML: visible while Python is still starting.
    assert page.locator("#board").is_visible()
    assert page.locator("#loading").is_visible()
    wait_ready(page)
    seconds = time.monotonic() - started

    assert page.locator("#loading").is_hidden()
    assert page.locator("#board svg rect").count() > 0
    # pydantic is not part of start-up (config.json lists only the toledo wheel, tests/test_build.py):
    # its wheels load when a game is opened from a file, a link or the store, or while the start screen idles
    page.wait_for_selector('html[data-saves="ready"]', state="attached", timeout=60_000)
    status = page.locator("#status").text_content() or ""
    assert "toledo" in status and "pydantic 2." in status

    # The wheels listed in config.json were fetched from this server, runtime included.
    fetched = "\n".join(page_log.requests)
    for needle in ("pyodide.asm.wasm", "python_stdlib.zip", "toledo-", "pydantic_core-", "config.json"):
        assert needle in fetched, f"{needle} never requested"
    assert page_log.outside_requests == []
    assert page_log.console_errors == [] and page_log.page_errors == []

    path = screenshot(page, f"boot-{width}x{height}")
    assert path.stat().st_size > 0
    print(f"ready in {seconds:.1f} s at {width}x{height}, {len(page_log.requests)} requests")


def test_cross_origin_isolated(site_url: str, page: Page) -> None:
    """serve.py's COOP/COEP headers hold for the whole page, so a PyScript worker could use the DOM."""
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("crossOriginIsolated") is True


def test_pyodide_runs_without_stack_switching(site_url: str, page: Page) -> None:
    """index.html hides JSPI before Pyodide loads (Chromium's JSPI crashes renderers under Pyodide, see
    the comment there): Pyodide must see none, and the game must not need it."""
    page.goto(f"{site_url}?seats=easy,easy&seed=3&speed=0&autostart=1")
    wait_ready(page)
    assert page.evaluate('["Suspending", "promising", "Suspender"].filter(n => n in WebAssembly)') == []
    page.wait_for_function("document.documentElement.dataset.turn === 'over'", timeout=180_000)


def test_board_shows_before_python_and_python_starts_from_the_snapshot(site_url: str, new_page: Callable[..., Page],
                                                                       page_log: PageLog) -> None:
    """The build's pre-drawn board is in the page itself (no Python needed), one per game, ?game= picks;
    Python then starts from the build's memory snapshot (the boot module marks how it started) and keeps
    that board as its start screen's preview, exactly what it would draw itself."""
    for game in ("toledo", "torres"):
        page = new_page(1280, 800)
        page.goto(f"{site_url}?game={game}", wait_until="domcontentloaded")
        skeleton = page.locator(f'#board .board-skeleton[data-game="{game}"] svg')
        assert skeleton.count() == 1 and skeleton.is_visible()
        others = page.locator(f'#board .board-skeleton:not([data-game="{game}"])')
        assert all(not others.nth(i).is_visible() for i in range(others.count()))
        wait_ready(page)
        assert page.locator("#board .board-skeleton").count() == 0  # kept as the preview, its box gone
        kept = page.locator("#board").inner_html()
        page.select_option("#num-players", "3")
        page.select_option("#num-players", "2")  # now drawn by Python: the same board, to the character
        assert page.locator("#board").inner_html() == kept and kept.startswith("<svg")
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
        page.close()
    assert page_log.console_errors == [] and page_log.page_errors == []
