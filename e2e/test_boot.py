"""The built site boots offline: Python runs, draws, and nothing leaves 127.0.0.1; the start screen works
before Python; the trimmed standard library holds whatever a whole game imports."""

from __future__ import annotations

import json
import re
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_support import (SITE_DIR, PageLog, hold_python, release_python, screenshot, settle, transcript,
                             wait_ready)
from playwright.sync_api import Page


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_page_boots_offline(site_url: str, new_page: Callable[..., Page], page_log: PageLog,
                            width: int, height: int) -> None:
    page = new_page(width, height)
    held = hold_python(page)  # else a quick start may hide the notice before the test looks
    started = time.monotonic()
    page.goto(site_url, wait_until="domcontentloaded")
    # The frame and loading notice are static HTML: visible while Python is still starting.
    assert page.locator("#board").is_visible()
    assert page.locator("#loading").is_visible()
    release_python(page, held)
    wait_ready(page)
    seconds = time.monotonic() - started

    assert page.locator("#loading").is_hidden()
    assert page.locator("#board svg rect").count() > 0
    # the start button in sight at once, and each seat's "Computer: Medium" on a row of its own
    start = page.locator("#start").bounding_box()
    assert start is not None and start["y"] >= 0 and start["y"] + start["height"] <= height, start
    seat = page.locator('#seats .seat[data-seat="1"]')
    kind = seat.locator(".seat-kind").bounding_box()
    assert kind is not None and kind["width"] >= 0.9 * seat.evaluate("e => e.clientWidth") - 20, kind
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
    """The build's pre-drawn board is in the page itself (no Python needed), one per game and drawing, ?game=
    picks the game and the screen the drawing;
    Python then starts (a first visit: the usual way, the memory snapshot is for later visits; the boot
    module marks how it started) and keeps that board as its start screen's preview, exactly what it
    would draw itself."""
    for game in ("toledo", "torres"):
        page = new_page(1280, 800)
        held = hold_python(page)  # else a quick start may take the board between two looks at it
        page.goto(f"{site_url}?game={game}", wait_until="domcontentloaded")
        skeleton = page.locator(f'#board .board-skeleton[data-game="{game}"][data-layout="wide"] svg')
        assert skeleton.count() == 1 and skeleton.is_visible()
        others = page.locator(f'#board .board-skeleton:not([data-game="{game}"][data-layout="wide"])')
        assert all(not others.nth(i).is_visible() for i in range(others.count()))
        release_python(page, held)
        wait_ready(page)
        assert page.locator("#board .board-skeleton").count() == 0  # kept as the preview, its box gone
        kept = page.locator("#board").inner_html()
        page.select_option("#num-players", "3")
        page.select_option("#num-players", "2")  # now drawn by Python: the same board, to the character
        assert page.locator("#board").inner_html() == kept and kept.startswith("<svg")
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "scratch"
        page.close()
    assert page_log.console_errors == [] and page_log.page_errors == []


def _boot_settings() -> dict[str, object]:
    text = (SITE_DIR / "boot" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    match = re.search(r"^const BOOT = (\{.*\});", text, re.MULTILINE)
    assert match is not None, "the built boot module has no BOOT line"
    return json.loads(match.group(1))  # type: ignore[no-any-return]


def test_start_pressed_before_python_starts_the_game_with_the_choices_made(
        site_url: str, new_page: Callable[..., Page]) -> None:
    """The start screen works from the first paint: with Python held back (its runtime's wasm waits), the
    player picks Torres, three players, a computer level, a name, a seed, and presses Start; progress
    shows, as the share of the downloads in so far; once Python is there the game starts with exactly
    those choices."""
    page = new_page(1280, 800)
    held = hold_python(page)
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    assert page.locator("#start").is_enabled()
    page.check('#game-list input[value="torres"]')
    page.wait_for_selector('html[data-skeleton="torres"]', state="attached")
    page.select_option("#num-players", "3")
    assert page.locator('#seats .seat[data-seat="2"]').is_visible()
    page.select_option('#seats .seat[data-seat="1"] .seat-kind', "easy")
    page.select_option('#seats .seat[data-seat="2"] .seat-kind', "hard")
    page.fill('#seats .seat[data-seat="0"] .seat-name', "Ann")
    page.locator("#setup details summary").click()
    page.fill("#seed", "77")
    page.select_option("#speed", "0")
    page.click("#start")
    assert page.locator("#early-progress").is_visible() and page.locator("#start").is_disabled()
    # the standard library is in, the runtime's wasm held back: a share between, on the bar, the button
    # and the loading line (the downloads fill nine tenths of the bar, Python's start the rest)
    page.wait_for_function("document.querySelector('#early-progress').value > 0")
    shown = page.evaluate("document.querySelector('#early-progress').value")
    assert 0 < shown < 0.5, shown
    percent = f"{round(shown * 100)}%"
    assert page.locator("#start").inner_text().endswith(percent) and page.locator("#loading-share").inner_text() == percent
    assert page.evaluate("document.documentElement.dataset.ready") is None  # Python is still held back
    release_python(page, held)
    wait_ready(page)
    assert page.evaluate("window.toledoStart.loaded()") == 1  # every large download counted, to its last byte
    settle(page)
    game = transcript(page)
    assert page.evaluate("document.documentElement.dataset.game") == "torres"
    assert (game["seed"], game["seats"][:3]) == (77, ["human", "easy", "hard"]), game
    assert "Ann" in page.locator("#app").inner_text()  # the name typed before Python
    assert page.locator("#early-progress").is_hidden() and page.locator("#setup").is_hidden()


def test_the_trimmed_standard_library_holds_every_module_a_game_imports(
        site_url: str, new_page: Callable[..., Page], page_log: PageLog, tmp_path: Path) -> None:
    """The page loads the build's trimmed standard library instead of the runtime's whole one: a whole
    game between two computers, a language switch, a saved file opened again (pydantic and the save
    codec) import nothing it lacks, and every standard module Python holds came from it."""
    page = new_page(1280, 800)
    page.goto(f"{site_url}?seats=easy,easy&seed=5&speed=0&autostart=1")
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.turn === 'over'", timeout=180_000)
    page.select_option("#language", "de")
    page.wait_for_selector('html[data-lang="de"]', state="attached")
    with page.expect_download(timeout=90_000) as download:  # saving loads pydantic first
        page.locator("#save-file").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    page.locator('#end [data-ui="new-game"]').click()
    page.set_input_files("#load-input", str(path))
    page.wait_for_selector('html[data-session="loaded"]', state="attached", timeout=60_000)
    archive = SITE_DIR / str(_boot_settings()["stdlib"]).removeprefix("./")
    with zipfile.ZipFile(archive) as held:
        names = set(held.namelist())
    modules = json.loads(page.evaluate("toledoPythonModules()"))
    zipped = "/lib/python314.zip/"
    stdlib = {name: file for name, file in modules.items() if file and file.startswith(zipped)}
    assert len(stdlib) > 100 and {"asyncio", "json", "gettext", "zipfile"} <= set(stdlib)
    assert all(file[len(zipped):] in names for file in stdlib.values())
    outside = [name for name, file in modules.items() if file and file.startswith("/lib/python3.14/")
               and "/site-packages/" not in file and not file.endswith(".so")]
    assert outside == []  # no standard module came from anywhere else
    assert "pydantic" in modules and "toledo.core.save" in modules
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_the_start_screen_speaks_the_browsers_language_before_python(
        site_url: str, new_page: Callable[..., Page]) -> None:
    """With Python held back, a German browser's start screen is German from the first paint (the build
    writes the page's marked words in every language), and the early language menu switches it whole."""
    page = new_page(390, 844, locale="de-DE")
    held = hold_python(page)
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    text = page.locator("#setup").inner_text()
    assert all(word in text for word in ("Neues Spiel", "Mitspielende", "Platz 1", "Mensch", "Spiel starten")), text
    assert not [word for word in ("New game", "Players", "Seat 1", "More options", "Human") if word in text], text
    assert page.locator("#rules-open").inner_text() == "Regeln"
    assert page.locator('#seats .seat[data-seat="0"] .seat-name').get_attribute("aria-label") == "Name auf Platz 1"
    page.select_option("#language", "fr")
    text = page.locator("#setup").inner_text()
    assert "Nouvelle partie" in text and "Place 1" in text and "Neues Spiel" not in text, text
    assert page.evaluate("document.documentElement.dataset.ready") is None  # all of it before Python
    release_python(page, held)


def test_a_link_with_a_language_speaks_it_before_python(site_url: str, new_page: Callable[..., Page]) -> None:
    """?lang= rules before Python as it does after (web/app/language.py), over the browser's language and a
    stored choice: the start screen does not switch languages when Python takes over."""
    page = new_page(390, 844, locale="de-DE")
    held = hold_python(page)
    page.goto(f"{site_url}?lang=fr", wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    assert page.evaluate("document.documentElement.lang") == "fr"
    before = page.locator("#setup").inner_text()
    assert "Nouvelle partie" in before and "Neues Spiel" not in before, before
    release_python(page, held)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr" and "Nouvelle partie" in page.locator("#setup").inner_text()


@pytest.mark.parametrize("early", [True, False], ids=["before-python", "after"])
def test_a_language_chosen_on_a_link_with_one_stays_chosen(site_url: str, new_page: Callable[..., Page],
                                                            early: bool) -> None:
    """The address's ?lang= wins over the stored choice, so it follows the player's: a switch before Python
    is not undone when Python starts, and a reload keeps the language chosen."""
    page = new_page(390, 844)
    held = hold_python(page) if early else []
    page.goto(f"{site_url}?lang=fr&game=torres", wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    if early:
        page.select_option("#language", "de")
        release_python(page, held)
    wait_ready(page)
    if not early:
        page.select_option("#language", "de")
    page.wait_for_selector('html[data-lang="de"]' if not early else 'html[lang="de"]', state="attached")
    assert page.evaluate("location.search") == "?lang=de&game=torres"
    assert "Neues Spiel" in page.locator("#setup").inner_text()
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "de" and "Neues Spiel" in page.locator("#setup").inner_text()


def test_a_game_chosen_on_the_start_screen_is_the_one_a_reload_opens(site_url: str,
                                                                      new_page: Callable[..., Page]) -> None:
    """The address names the game chosen (?game=, which the page boots into), before Python as after it."""
    page = new_page(1280, 800)
    page.goto(f"{site_url}?lang=en")
    wait_ready(page)
    page.check('#game-list input[value="torres"]')
    page.wait_for_selector("#board > svg.torres-board", state="attached")
    assert page.evaluate("new URLSearchParams(location.search).get('game')") == "torres"
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.game") == "torres"
    assert page.locator('#game-list input[value="torres"]').is_checked()
