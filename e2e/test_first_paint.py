"""The start screen's first paint is the start screen: the build's board in the drawing Python chooses for
the screen, at the size Python draws it (on a big screen too, where the page grows with the board's
shape), the form in its final shape (the game's lines, the variant menu, the seats' level lines, the list
of unfinished games, the one-minute card and the lesson's buttons), so nothing moves when Python takes
over; and the buttons that need Python work before it, their requests kept until it is there."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import hold_python, release_python, settle, wait_ready
from playwright.sync_api import Page
from storage_support import REFUSE_STORAGE

# Every layout shift the page makes without a person's input (Chromium's Layout Instability API), kept from
# the first paint on: the sum is the page's cumulative layout shift (0.1 is "good" by the Web Vitals).
SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push({ value: entry.value, at: Math.round(entry.startTime),
      what: (entry.sources || []).map((s) => s.node ? (s.node.id || s.node.nodeName) : "?") });
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def _start_screen_done(page: Page) -> None:
    """Python is there and has listed the stored games; its preview follows in a task of its own."""
    wait_ready(page)
    page.wait_for_selector('html[data-saves="ready"]', state="attached")
    page.wait_for_timeout(600)


@pytest.mark.parametrize(("game", "width", "height", "locale"), [
    ("toledo", 1280, 800, "en-GB"), ("torres", 1920, 1080, "en-GB"), ("toledo", 1024, 768, "en-GB"),
    ("torres", 1024, 768, "en-GB"), ("toledo", 768, 1024, "en-GB"), ("torres", 768, 1024, "fr-FR"),
    ("toledo", 390, 844, "en-GB"), ("torres", 390, 844, "de-DE")],
    ids=["toledo-laptop", "torres-full-hd", "toledo-tablet-sideways", "torres-tablet-sideways",
         "toledo-tablet", "torres-tablet-fr", "toledo-phone", "torres-phone-de"])
def test_nothing_moves_from_the_first_paint_until_python_is_ready(
        site_url: str, new_page: Callable[..., Page], game: str, width: int, height: int, locale: str) -> None:
    page = new_page(width, height, locale=locale)
    page.add_init_script(SHIFTS)
    held = hold_python(page)  # the build's board read before Python can take it over
    page.goto(f"{site_url}?game={game}", wait_until="domcontentloaded")
    shown = page.locator("#board .board-skeleton:visible")
    assert shown.count() == 1 and shown.get_attribute("data-game") == game
    layout = shown.get_attribute("data-layout")
    early = shown.locator("svg").bounding_box()
    release_python(page, held)
    _start_screen_done(page)
    shifts = page.evaluate("window.__shifts")
    assert sum(s["value"] for s in shifts) <= 0.02, shifts
    drawn = page.locator("#board > svg")
    box = drawn.bounding_box()
    # the drawing Python chose for this screen, where the build's board was, as large
    assert f"layout-{layout}" in (drawn.get_attribute("class") or "")
    assert early is not None and box is not None
    assert abs(early["width"] - box["width"]) <= 2 and abs(early["y"] - box["y"]) <= 2, (early, box)


def test_the_buttons_that_need_python_work_before_it(site_url: str, new_page: Callable[..., Page]) -> None:
    """With Python held back: Torres's variant menu and its one-minute card (Torres's card first) in the
    page's language, the lesson asked for (progress shows); once Python is there the lesson starts."""
    page = new_page(1280, 800, locale="de-DE")
    held = hold_python(page)
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    assert page.locator("#variant-row").is_hidden()  # Toledo has no variant to choose
    page.check('#game-list input[value="torres"]')
    assert page.locator("#topbar h1").inner_text() == "Torres" and page.title() == "Torres"
    assert page.locator("#variant-row").is_visible() and page.locator("#variant option").count() >= 3
    assert page.locator('#game-list [data-game-option="torres"] .game-lead').inner_text()
    page.click("#howto-open")
    cards = page.locator("#howto-dialog .howto-card")
    assert page.locator("#howto-dialog").is_visible() and cards.first.get_attribute("data-game") == "torres"
    assert cards.count() == 2 and page.locator("#howto-close").inner_text() == "Schließen"
    page.click("#howto-close")
    assert page.locator("#howto-dialog").is_hidden()
    assert page.locator("#load-file").is_disabled()  # a file is read by Python
    assert "Torres" in page.locator("#learn").inner_text()
    page.click("#learn")
    assert page.locator("#early-progress").is_visible() and page.locator("#learn").is_disabled()
    assert page.evaluate("document.documentElement.dataset.ready") is None  # all of it before Python
    release_python(page, held)
    wait_ready(page)
    page.wait_for_selector('html[data-lesson="on"]', state="attached", timeout=60_000)
    settle(page)
    assert page.evaluate("document.documentElement.dataset.game") == "torres"
    assert page.locator("#lesson").is_visible()


# When the start screen's form was wired, and when Python's start began (its mark), from navigation start.
FORM_WIRED = """
new MutationObserver(() => {
  if (window.__formAt === undefined && document.documentElement?.dataset.form === "early") {
    window.__formAt = performance.now();
  }
}).observe(document, {attributes: true, subtree: true});
"""


def test_the_form_is_wired_before_python_takes_the_page_on_a_phones_cpu(
        site_url: str, new_page: Callable[..., Page]) -> None:
    """Nothing held back, the link as fast as it gets and the CPU slowed four times, as a phone's on wifi:
    Python's start (seconds of the main thread there) waits until the page is parsed, so the form under
    the board is there and usable first, not only once Python is up."""
    page = new_page(390, 844)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(FORM_WIRED)
    page.goto(site_url)
    wait_ready(page)
    times = page.evaluate("""() => ({form: window.__formAt,
        parsed: performance.getEntriesByType("navigation")[0].domInteractive,
        python: performance.getEntriesByName("toledo:python-start")[0].startTime})""")
    assert times["form"] is not None and times["form"] <= times["parsed"] <= times["python"], times


def test_a_variant_chosen_before_python_is_the_one_played(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    held = hold_python(page)
    page.goto(f"{site_url}?game=torres", wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    variants = page.locator("#variant option").evaluate_all("options => options.map(o => o.value)")
    chosen = variants[-1]
    page.select_option("#variant", chosen)
    release_python(page, held)
    _start_screen_done(page)
    assert page.locator("#variant").input_value() == chosen
    assert page.locator("#load-file").is_enabled()


def test_a_returning_players_start_screen_holds_a_row_for_each_stored_game(
        site_url: str, new_page: Callable[..., Page]) -> None:
    """Two unfinished games in this browser: the first paint holds their two rows, which Python fills."""
    first = new_page(390, 844)
    for game in ("toledo", "torres"):
        tab = first.context.new_page()
        tab.goto(f"{site_url}?game={game}&seats=human,easy&autostart=1&speed=0")
        wait_ready(tab)
        settle(tab)
        tab.close()
    first.context.add_init_script(SHIFTS)
    held = hold_python(first)
    first.goto(site_url, wait_until="domcontentloaded")
    assert first.locator("#saved-list .saved-pending").count() == 2
    release_python(first, held)
    _start_screen_done(first)
    assert first.locator("#saved-list li:not(.saved-pending) [data-ui=resume]").count() == 2
    shifts = first.evaluate("window.__shifts")
    assert sum(s["value"] for s in shifts) <= 0.02, shifts
    assert first.locator("#saved-title").is_visible() and first.locator("#storage-state").is_visible()


@pytest.mark.parametrize("python", ["before", "after"])
def test_a_first_visit_opens_on_the_games_and_the_ways_to_learn_them(
        site_url: str, new_page: Callable[..., Page], python: str) -> None:
    """No game stored yet: no heading over an empty list, only the file button above the new game; the
    one-minute card and the lesson come right under the game chosen, all in the phone's first screen."""
    page = new_page(390, 844)
    held = hold_python(page)
    page.goto(f"{site_url}?lang=en", wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    if python == "after":
        release_python(page, held)
        _start_screen_done(page)
    assert page.locator("#load-file").is_visible()
    assert page.locator("#saved-title").is_hidden() and page.locator("#saved-list").is_hidden()
    assert page.locator("#storage-state").is_hidden()  # a browser that may keep games says so once there are some
    learn = page.locator("#learn")
    assert learn.inner_text() == "Learn to play Toledo"
    start = page.locator("#start").bounding_box()
    for button in (page.locator("#howto-open"), learn):
        box = button.bounding_box()
        assert box is not None and start is not None and box["y"] + box["height"] <= start["y"], (box, start)
    if python == "before":
        release_python(page, held)


VISIBLE_SKELETON = """() => [...document.querySelectorAll('#board .board-skeleton')].find((box) => box.offsetParent)"""


@pytest.mark.parametrize(("game", "width", "height"), [("toledo", 1280, 800), ("torres", 390, 844)])
def test_the_board_before_python_speaks_the_pages_language(
        site_url: str, new_page: Callable[..., Page], game: str, width: int, height: int) -> None:
    """The build's board is drawn in English with each language's words beside it: a German page shows it in
    German from the first paint, the early language menu switches it, and it is exactly the board Python
    draws in that language (Python keeps it as its preview)."""
    page = new_page(width, height, locale="de-DE")
    held = hold_python(page)
    page.goto(f"{site_url}?game={game}", wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    german = {"toledo": "Obere Reihe", "torres": "Deine Karten"}[game]
    english = {"toledo": "Top row", "torres": "Your cards"}[game]
    board = page.evaluate_handle(VISIBLE_SKELETON).as_element()
    assert board is not None and board.get_attribute("data-lang") == "de"
    assert german in board.inner_text() and english not in board.inner_text(), board.inner_text()
    page.select_option("#language", "en")
    assert english in board.inner_text() and german not in board.inner_text() and board.get_attribute("data-lang") == "en"
    page.select_option("#language", "de")
    drawn = board.evaluate("box => box.firstElementChild.outerHTML")
    release_python(page, held)
    _start_screen_done(page)
    # Python kept the build's drawing: the box is empty, its svg is the board
    assert board.evaluate("box => box.childElementCount") == 0
    assert page.evaluate("document.querySelector('#board > svg').outerHTML") == drawn
    # and Python's own drawing in German (another player count and back) is the very same
    page.select_option("#num-players", "3")
    page.select_option("#num-players", "2")
    page.wait_for_function("(drawn) => document.querySelector('#board > svg')?.outerHTML === drawn", arg=drawn,
                           timeout=5_000)


@pytest.mark.parametrize("storage", ["kept", "refused", "as-it-sees-fit"])
def test_the_storage_line_says_before_python_what_python_says(site_url: str, new_page: Callable[..., Page],
                                                             storage: str) -> None:
    """The line under the unfinished games says how this browser keeps them from the first paint, as Python
    will: for good (persistent storage granted), not at all (storage refused), or as the browser sees fit."""
    page = new_page(1280, 800)
    if storage == "kept":
        page.add_init_script("navigator.storage.persisted = async () => true;")
    if storage == "refused":
        page.add_init_script(REFUSE_STORAGE)
    held = hold_python(page)
    page.goto(f"{site_url}?lang=en", wait_until="domcontentloaded")
    page.wait_for_selector('html[data-form="early"]', state="attached")
    said = {"kept": "keeps your unfinished games until you delete them", "refused": "keeps no games",
            "as-it-sees-fit": "may clear unfinished games"}[storage]
    page.wait_for_function("(said) => document.getElementById('storage-state').textContent.includes(said)", arg=said)
    before = page.locator("#storage-state").text_content()
    release_python(page, held)
    _start_screen_done(page)
    assert page.locator("#storage-state").text_content() == before
