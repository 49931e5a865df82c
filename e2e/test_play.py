"""Playing Toledo in the browser: a human game through the pointer interface, computer games that
replay natively, hotseat privacy, and screenshots (the conftest guards every test: no request leaves
127.0.0.1, no console error)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from browser_support import ARTIFACTS_DIR, SCREENSHOT_TIMEOUT_MS, html_data, screenshot, settle, transcript, wait_ready
from playwright.sync_api import Page

from toledo.ai.bots import THINKING_LIMITS
from toledo.cli import play_game

def click(page: Page, selector: str) -> None:
    page.locator(selector).first.click()
    settle(page)


def _move(page: Page) -> bool:
    """Play the highest playable card on the most advanced highlighted pawn: pawns race to the Alcazar."""
    cards = page.locator("#hand .card.playable")
    if cards.count() == 0:
        return False
    values = [(int(cards.nth(i).get_attribute("data-value") or "0"), i) for i in range(cards.count())]
    cards.nth(max(values)[1]).click()
    settle(page)
    pawns = page.locator("#board .pawn.legal")
    assert pawns.count() > 0, "a playable card must highlight a pawn"
    positions = [(int(pawns.nth(i).get_attribute("data-pos") or "0"), i) for i in range(pawns.count())]
    pawns.nth(max(positions)[1]).click()
    settle(page)
    return True


def _play_one_decision(page: Page, placed: list[int]) -> None:
    """One decision of the human seat, chosen only among what the page offers."""
    phase = html_data(page, "phase")
    actions = page.locator("#actions button[data-key^='action:']")
    if phase in ("carry", "sword", "fence"):
        click(page, "#actions button[data-key^='action:'].primary" if phase == "carry" else "#actions button[data-key^='action:']")
    elif phase == "use":
        if page.locator('#actions button[data-key="action:use"]').count():
            click(page, '#actions button[data-key="action:use"]')
        elif page.locator("#hand .card.payable").count() and page.locator("#hand .card").count() > 5:
            click(page, "#hand .card.payable")  # pay with the lowest card that is enough
        else:
            click(page, '#actions button[data-key="action:skip"]')
    elif phase == "full":
        challenge = page.locator('#actions button[data-key^="action:challenge"]')
        if challenge.count():
            challenge.first.click()
            settle(page)
        elif not _move(page):
            raise AssertionError("a full space must offer a challenge or a move on")
    elif phase == "start":
        if len(placed) < 3 and page.locator('#actions button[data-key="ui:place"]').count():
            click(page, '#actions button[data-key="ui:place"]')
            click(page, "#tiles .tile-btn:not(.disabled)")
            spaces = page.locator("#board [data-key^='space:'].legal")
            numbers = sorted(int((spaces.nth(i).get_attribute("data-key") or "space:0").removeprefix("space:")) for i in range(spaces.count()))
            target = numbers[len(placed) % len(numbers)]
            click(page, f'#board [data-key="space:{target}"]')
            placed.append(target)
        elif not _move(page):
            for selector in ('[data-key="action:draw"]', '[data-key="ui:return"]', '[data-key="action:pass"]'):
                if page.locator(f"#actions {selector}").count():
                    click(page, f"#actions {selector}")
                    if selector == '[data-key="ui:return"]':
                        click(page, "#board .pawn.legal")
                    break
    elif phase == "continue":
        if not _move(page):
            click(page, '#actions button[data-key="action:end"]')
    else:
        raise AssertionError(f"unexpected phase {phase!r} with buttons {actions.all_inner_texts()}")


def test_human_against_computers_to_the_score_screen(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    page.goto(f"{site_url}?seats=human,easy&names=Ann,Bot&seed=21&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    # an unavailable choice is refused with a reason, and nothing is played
    step = html_data(page, "step")
    click(page, '#board [data-key="pawn:blue-1"]')
    assert "Blue" in (page.locator("#message").text_content() or "")
    assert html_data(page, "step") == step
    started = time.monotonic()
    placed: list[int] = []
    decisions = 0
    shot = False
    while settle(page) != "over":
        assert time.monotonic() - started < 200, "the game took too long"
        if not shot and html_data(page, "phase") == "start" and page.locator("#hand .card.playable").count() \
                and len(placed) >= 2:
            page.locator("#hand .card.playable").first.click()  # a picked card: pawns and landings light up
            settle(page)
            assert page.locator("#board .pawn.legal").count() > 0 and page.locator("#board [data-key^='space:'].legal").count()
            screenshot(page, "play-1280x800")
            click(page, "#hand .card.selected")  # put it back
            shot = True
        _play_one_decision(page, placed)
        decisions += 1
    scores = page.locator("#scores")
    assert scores.is_visible()
    assert scores.locator("thead th[data-seat]").count() == 2
    assert "win" in (scores.locator(".verdict").text_content() or "")
    assert page.locator("#log li").count() == len(transcript(page)["actions"])
    screenshot(page, "scores-1280x800")
    print(f"{decisions} human decisions, {len(transcript(page)['actions'])} actions in "
          f"{time.monotonic() - started:.0f} s")


def test_computer_game_replays_natively(site_url: str, new_page: Callable[..., Page]) -> None:
    """The same seeds give the same game in the browser as in CPython (bots seeded as play_game)."""
    page = new_page(390, 844)
    seats = ["easy", "medium", "easy"]
    page.goto(f"{site_url}?seats={','.join(seats)}&seed=2&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "over"
    assert page.locator("#scores").is_visible()
    browser = transcript(page)
    native = play_game(len(seats), 2, seats)
    assert browser["actions"] == [str(a) for a in native.history]
    totals = [int(page.locator(f'#scores tr[data-row="total"] td[data-seat="{s}"]').text_content() or "-1")
              for s in range(len(seats))]
    assert totals == [s.total for s in native.scores()]
    # the winner's mark is never broken across lines in the phone's narrow column
    assert page.locator("#scores .badge").first.evaluate("e => e.getClientRects().length") == 1
    screenshot(page, "scores-390x844")


def test_hotseat_hides_hands_between_turns(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    page.goto(f"{site_url}?seats=human,human&names=Ann,Ben&seed=4&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "pass"
    assert page.locator("#pass-device").is_visible()
    assert "Ann" in (page.locator("#pass-name").text_content() or "")
    assert page.locator(".card, .card-face").count() == 0  # no card face anywhere in the DOM
    click(page, "#reveal")
    assert page.locator("#pass-device").is_hidden()
    assert page.locator("#hand .card").count() == 5
    click(page, '#actions [data-key="action:draw"]')
    assert html_data(page, "turn") == "pass"
    assert "Ben" in (page.locator("#pass-name").text_content() or "")
    assert page.locator(".card, .card-face").count() == 0
    screenshot(page, "hotseat-1280x800")
    click(page, "#reveal")
    assert page.locator("#hand .card").count() == 5
    click(page, '#actions [data-key="action:draw"]')
    assert html_data(page, "turn") == "pass"
    # the pass screen covers the top bar, so it offers "New game" itself; the game stays stored
    page.locator('#pass-device [data-ui="new-game"]').click()
    page.wait_for_function("document.documentElement.dataset.turn === 'setup'")
    assert page.locator("#pass-device").is_hidden() and page.locator("#setup").is_visible()
    entries = page.locator("#saved-list li[data-game]")
    assert entries.count() == 1 and "Ann, Ben" in entries.inner_text()


def test_phone_layout(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(390, 844)
    page.goto(site_url)
    wait_ready(page)
    screenshot(page, "setup-390x844")
    page.goto(f"{site_url}?seats=human,easy,easy&seed=8&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    page.locator("#hand .card.playable").first.click()
    settle(page)
    screenshot(page, "play-390x844")
    # what the player sees: the board's lower rows with the highlighted pawns, the controls below
    page.locator('#board [data-key="space:0"]').scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS_DIR / "play-390x844-screen.png"), timeout=SCREENSHOT_TIMEOUT_MS)
    assert page.locator("#controls").is_visible() and page.locator("#hand .card").count() == 5
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px)"


def test_names_render_as_text(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    evil = '<img src=x onerror="window.pwned=1">'
    page.goto(site_url)
    wait_ready(page)
    page.locator('#seats .seat[data-seat="0"] .seat-name').fill(evil)
    page.locator('#seats .seat[data-seat="1"] .seat-kind').select_option("easy")
    page.locator("#start").click()
    settle(page)
    assert page.evaluate("window.pwned") is None
    assert page.locator("#players img").count() == 0
    assert evil[:40] in (page.locator('#players .player[data-seat="0"] .pname').text_content() or "")


@pytest.mark.timing
def test_hard_computer_thinks_in_slices(site_url: str, new_page: Callable[..., Page]) -> None:
    """The search level thinks in ~30 ms slices: the page keeps painting frames while it plays (Chromium
    puts rendering between the slices at least every ~100 ms), and no task blocks the page for long; and
    it thinks within Hard's thinking limit."""
    page = new_page(1280, 800)
    page.add_init_script(
        "window.__long = []; new PerformanceObserver(list => { for (const e of list.getEntries()) "
        "window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});"
        "window.__frames = []; const frame = t => { if (document.documentElement.dataset.turn === 'computer') "
        "window.__frames.push(t); requestAnimationFrame(frame); }; requestAnimationFrame(frame);")
    page.goto(f"{site_url}?seats=hard,hard&seed=1&speed=0&autostart=1")
    wait_ready(page)
    ready = page.evaluate("performance.now()")
    # a few decisions, and long enough thinking to count frames by (a quick search paints few)
    page.wait_for_function(f"Number(document.documentElement.dataset.step) >= 6 && "
                           f"window.__frames.filter(t => t > {ready}).length >= 10", timeout=60_000)
    frames = [t for t in page.evaluate("window.__frames") if t > ready]
    assert len(frames) >= 10, f"the page painted only {len(frames)} frames while the computers thought"
    gap = max(b - a for a, b in zip(frames, frames[1:]))
    assert gap < 300, f"the page painted no frame for {gap:.0f} ms while the computers thought"
    tasks = [duration for start, duration in page.evaluate("window.__long") if start > ready]
    assert not tasks or max(tasks) < 200, f"a task blocked the page for {max(tasks):.0f} ms"
    # the page's Hard thinks within its level's limit (natively untimed, so games replay anywhere)
    limit = page.evaluate("document.documentElement.dataset.thinkingLimit")
    assert limit == str(THINKING_LIMITS["hard"]), f"the page's Hard thinks without its limit ({limit})"
    print(f"hard vs hard: {len(frames)} frames painted, the longest gap {gap:.0f} ms, {len(tasks)} long tasks")


def test_a_persons_last_action_of_a_turn_shows_before_the_computer_thinks(
        site_url: str, new_page: Callable[..., Page]) -> None:
    """Two cards taken end the turn: the hand holds them and the top bar names the computer to move as
    soon as it starts thinking, not only once its move is made (Hard thinks for most of a second)."""
    page = new_page(390, 844)
    page.goto(f"{site_url}?seats=human,hard,hard&seed=5&speed=700&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    cards = page.locator("#hand .card").count()
    page.locator('#actions [data-key="action:draw"]').click()
    page.wait_for_function("document.documentElement.dataset.turn === 'computer'")
    assert page.locator("#hand .card").count() == cards + 2
    assert any(name in page.locator("#turn-info").inner_text() for name in ("Blue", "Green"))  # not "Your turn"
    assert page.locator("#actions button").count() == 0  # nothing offered while the computer thinks


def test_the_phones_panel_keeps_its_height_while_the_computers_play(
        site_url: str, new_page: Callable[..., Page]) -> None:
    """On a phone the board takes what the panel under it leaves: a person's turn needs more room than a
    computer's, yet the board's box must not grow and shrink at every turn with nobody touching anything.
    Turns of two cards taken (from the second turn on, when the line of the last move is there too): the
    board's box changes its height only right after the person's tap (their cards needing another row)."""
    page = new_page(390, 844)
    page.goto(f"{site_url}?seats=human,medium,medium&seed=5&speed=700&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    page.locator('#actions [data-key="action:draw"]').click()
    assert settle(page) == "human"
    page.evaluate("""window.__heights = []; window.__taps = [];
      addEventListener("pointerdown", () => window.__taps.push(performance.now()), true);
      new ResizeObserver(() => window.__heights.push([performance.now(), document.getElementById("board")
        .getBoundingClientRect().height])).observe(document.getElementById("board"));""")
    for _ in range(3):
        page.locator('#actions [data-key="action:draw"]').click()
        assert settle(page) == "human"
    heights, taps = page.evaluate("[window.__heights, window.__taps]")
    untouched = [(at, height) for (at, height), (_, before) in zip(heights[1:], heights)
                 if height != before and not any(0 <= at - tap < 500 for tap in taps)]
    assert len(taps) == 3 and untouched == [], heights
