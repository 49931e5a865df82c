"""Toledo for everyone: a whole game with the keyboard only, names and roles for screen readers
with a live region that follows the game, a phone played by touch with 44 px targets, and an installable
page (manifest and icons)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from browser_support import SETTLED, screenshot, wait_ready
from playwright.sync_api import Page

TOUCH_MIN = 44  # px, the smallest touch target allowed at 390x844


def settle(page: Page, timeout_ms: int = 120_000) -> str:
    page.wait_for_function(SETTLED, timeout=timeout_ms)
    return page.evaluate("document.documentElement.dataset.turn")


def data(page: Page, name: str) -> str:
    return page.evaluate(f"document.documentElement.dataset.{name}")


# an element's data attributes, its click key "kind:id" also as {kind: id} (the tests ask "is it a pawn?")
DATA = """el => { const out = Object.assign({}, el.dataset); const key = el.dataset.key;
    if (key) { const at = key.indexOf(':'); out[at < 0 ? key : key.slice(0, at)] = at < 0 ? '' : key.slice(at + 1); }
    return out; }"""


def active(page: Page) -> dict:
    """What has the keyboard focus: its data attributes, class and tag."""
    return page.evaluate(f"""() => {{ const el = document.activeElement; const data = {DATA};
        return {{tag: el.tagName.toLowerCase(), cls: String(el.getAttribute('class') || ''),
                data: data(el), label: el.getAttribute('aria-label') || el.textContent}}; }}""")


def press(page: Page, key: str) -> None:
    page.keyboard.press(key)
    settle(page)


def tab_to(page: Page, test: Callable[[dict], bool], limit: int = 60, back: bool = False) -> dict:
    """Press Tab (Shift+Tab) until the focused element passes `test`."""
    for _ in range(limit):
        now = active(page)
        if test(now):
            return now
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached the wanted element (last: {active(page)})")


def board_stops(page: Page) -> list[dict]:
    """The board's tab stops (the choices now), in tab order."""
    return page.evaluate(f"""() => [...document.querySelectorAll('#board .legal[tabindex="0"], '
                                     + '#board .selected[tabindex="0"]')].map({DATA})""")


def keyboard_move(page: Page) -> bool:
    """Pick the highest playable card by its digit, then Tab to the most advanced pawn and press Enter."""
    values = page.evaluate("[...document.querySelectorAll('#hand .card.playable')].map(c => Number(c.dataset.value))")
    if not values:
        return False
    press(page, str(max(values)))
    pawns = [(int(s["pos"]), s["pawn"]) for s in board_stops(page) if "pawn" in s]
    assert pawns, "a picked card must offer a pawn on the board"
    best = max(pawns)[1]
    now = active(page)
    assert "pawn" in now["data"] or "space" in now["data"], f"the focus did not go to the board: {now}"
    tab_to(page, lambda a: a["data"].get("pawn") == best)
    press(page, "Enter")
    return True


def keyboard_decision(page: Page, placed: list[int]) -> None:
    phase = data(page, "phase")
    buttons = page.evaluate("[...document.querySelectorAll('#actions button')].map(b => b.dataset.key.slice(b.dataset.key.indexOf(':') + 1))")
    if phase in ("sword", "fence", "full"):
        # the choices are on the board (a sword, a fencing pile, a pawn to challenge) and the focus is on one
        if phase == "full" and not any(str(b).startswith("challenge") for b in buttons):
            assert keyboard_move(page), "a full space offers a challenge or a move on"
            return
        now = active(page)
        wanted = {"sword": "sword", "fence": "fencing", "full": "pawn"}[phase]
        if wanted not in now["data"]:
            now = tab_to(page, lambda a: wanted in a["data"] and "legal" in a["cls"])
        press(page, "Enter")
    elif phase == "carry":
        tab_to(page, lambda a: a["tag"] == "button" and str(a["data"].get("action", "")).startswith("carry"))
        press(page, "Enter")
    elif phase == "use":
        press(page, "u" if "use" in buttons else "s")
    elif phase == "start":
        if len(placed) < 2 and "place" in buttons:
            press(page, "p")
            now = active(page)
            assert "tile" in now["data"], f"place mode puts the focus on a tile: {now}"
            press(page, "Enter")  # the first tile that can go down
            spaces = [int(s["space"]) for s in board_stops(page) if "space" in s]
            target = spaces[(len(placed) * 3) % len(spaces)]
            tab_to(page, lambda a: a["data"].get("space") == str(target))
            press(page, "Enter")
            placed.append(target)
        elif not keyboard_move(page):
            press(page, "d" if "draw" in buttons else "r" if "return" in buttons else "e")
            if data(page, "turn") == "human" and data(page, "phase") == "start" and "return" in buttons:
                press(page, "Enter")  # the focus is on a pawn to return
    elif phase == "continue":
        if not keyboard_move(page):
            press(page, "e")
    else:
        raise AssertionError(f"unexpected phase {phase!r}")


def test_a_whole_game_with_the_keyboard_only(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    page.goto(f"{site_url}?seats=human,easy&names=Kim,Bot&seed=33&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    # shortcuts are listed in the rules dialog, which ? opens and Escape closes
    page.keyboard.press("?")
    page.wait_for_selector("#rules-dialog[open]")
    assert page.locator("#shortcut-list kbd", has_text="D").count() and "take 2 cards" in page.locator("#shortcut-list").inner_text()
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")
    started = time.monotonic()
    placed: list[int] = []
    decisions = 0
    seen_focus_ring = False
    while settle(page) != "over":
        assert time.monotonic() - started < 240, "the game took too long"
        keyboard_decision(page, placed)
        decisions += 1
        if not seen_focus_ring and data(page, "turn") == "human" and active(page)["data"].get("pawn"):
            # visible focus: the focused pawn's ring is drawn
            seen_focus_ring = page.evaluate("""getComputedStyle(document.activeElement.querySelector('.focus-ring'))
                                               .visibility""") == "visible"
            if seen_focus_ring:
                screenshot(page, "keyboard-focus-1280x800")
    assert seen_focus_ring, "the keyboard focus was never visible on the board"
    assert page.locator("#scores").is_visible()
    assert "win" in (page.locator("#scores .verdict").text_content() or "")
    assert "Game over" in (page.locator("#announce").text_content() or "")
    print(f"keyboard game: {decisions} decisions in {time.monotonic() - started:.0f} s")


def test_screen_reader_names_roles_and_live_region(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    page.goto(f"{site_url}?seats=human,easy,easy&names=Ann,Bob,Cid&seed=8&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    board = page.locator("#board svg")
    assert board.get_attribute("role") == "group" and board.get_attribute("aria-label") == "Toledo board"
    spaces = page.locator("#board [data-key^='space:']")
    assert spaces.count() == 22
    for i in range(spaces.count()):
        el = spaces.nth(i)
        assert el.get_attribute("role") == "button" and el.get_attribute("tabindex") in ("0", "-1")
        assert (el.get_attribute("aria-label") or "").startswith(f"Space {(el.get_attribute('data-key') or '').removeprefix('space:')}")
        assert el.locator(":scope > title").text_content()  # what it does and costs here and now
    # every pawn button names its owner; pawns standing together share one button
    pawns = page.locator('#board [data-key^="pawn:"][role="button"]')
    assert pawns.count() == 3 and "Your pawn" in (pawns.first.get_attribute("aria-label") or "")
    assert "(5 of these pawns here)" in (pawns.first.get_attribute("aria-label") or "")
    for name in ("Bob", "Cid"):
        assert page.locator(f'#board [data-key^="pawn:"][aria-label^="{name}\'s pawn"]').count() == 1
    # colours told apart by shape too: red circles, blue squares, green triangles
    shapes = page.evaluate("""['red', 'blue', 'green'].map(c => document.querySelector(
        `#board .pawn-${c} :is(circle, rect, polygon):not(.hl):not(.hit):not(.focus-ring)`).tagName)""")
    assert shapes == ["circle", "rect", "polygon"]
    for selector in ("#board [data-key^='sword:']", "#board [data-key^='fencing:']", "#board .supply", "#hand .card", "#players .player"):
        items = page.locator(selector)
        assert items.count() > 0, selector
        assert all(items.nth(i).get_attribute("aria-label") for i in range(items.count())), selector
    card = page.locator("#hand .card").first
    assert "scene" in (card.get_attribute("aria-label") or "")
    # the live region says whose turn it is and what to do; it changes with the game
    announce = page.locator("#announce")
    assert announce.get_attribute("aria-live") == "polite"
    first = announce.text_content() or ""
    assert first.startswith("Your turn, Ann.")
    page.keyboard.press("d")  # take 2 cards: the computers play, then it is Ann's turn again
    settle(page)
    assert page.locator("#log li").count() >= 3
    second = announce.text_content() or ""
    assert second.startswith("Your turn, Ann.") and page.locator("#log").get_attribute("role") == "log"
    # the info panel tells what the focused thing does (I also reads it out)
    page.locator('#board [data-key="space:5"]').focus()
    page.keyboard.press("i")
    info = page.locator("#info-text").text_content() or ""
    assert info.startswith("Space 5, tavern") and "draw 3 cards" in info
    assert (announce.text_content() or "").startswith("Space 5, tavern")


def _targets_too_small(page: Page) -> list[str]:
    """Interactive elements on screen smaller than 44 x 44 px (buttons, cards, tiles, the board's choices)."""
    return page.evaluate(f"""() => {{
        const els = [...document.querySelectorAll('#controls button, #topbar button:not([hidden]), #topbar select, '
                      + '#board [role="button"].legal, #board [role="button"].selected')];
        return els.filter(el => el.offsetParent !== null || el instanceof SVGElement)
                  .map(el => [el, el.getBoundingClientRect()])
                  .filter(([el, r]) => r.width > 0 && (r.width < {TOUCH_MIN} - 0.5 || r.height < {TOUCH_MIN} - 0.5))
                  .map(([el, r]) => `${{el.tagName}} ${{el.getAttribute('class')}} `
                       + `${{JSON.stringify(el.dataset)}} ${{Math.round(r.width)}}x${{Math.round(r.height)}}`);
    }}""")


def test_phone_by_touch_with_big_targets(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?seats=human,easy&names=Pia,Bot&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    checked = 0
    moves = 0
    for _ in range(12):  # a few turns: place a tile, move pawns by tapping card then pawn or landing space
        phase = data(page, "phase")
        assert not _targets_too_small(page), _targets_too_small(page)
        checked += 1
        if phase == "start" and page.locator('#actions [data-key="ui:place"]').count() and moves == 0:
            page.locator('#actions [data-key="ui:place"]').tap()
            settle(page)
            page.locator("#tiles .tile-btn:not(.disabled)").first.tap()
            settle(page)
            assert not _targets_too_small(page), _targets_too_small(page)
            page.locator("#board [data-key^='space:'].legal").nth(1).tap()
            moves += 1
        elif phase in ("start", "continue") and page.locator("#hand .card.playable").count():
            page.locator("#hand .card.playable").last.tap()
            settle(page)
            assert not _targets_too_small(page), _targets_too_small(page)
            pawn = page.locator("#board .pawn.legal[role=button]").first
            if moves % 2:
                pawn.tap()  # the pawn's touch area (the whole Cathedral hall, or its tile)
            else:
                page.locator("#board [data-key^='space:'].legal").first.tap()  # or where it lands
            moves += 1
        elif phase == "use":
            page.locator("#actions [data-key^='action:']").first.tap()
        elif phase in ("sword", "fence", "full"):
            page.locator("#board .legal[role=button]").first.tap()
        elif phase == "carry":
            page.locator("#actions [data-key^='action:']").first.tap()
        elif phase == "continue":
            page.locator('#actions [data-key="action:end"]').tap()
        else:
            page.locator('#actions [data-key="action:draw"], #actions [data-key="action:pass"]').first.tap()
        if settle(page) == "over":
            break
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways ({width} px)"
    assert moves >= 3 and checked >= 6
    assert len(json.loads(page.evaluate("window.toledoTranscript()"))["actions"]) >= 8
    screenshot(page, "touch-390x844")


def test_installable_manifest_and_icons(site_url: str, page: Page) -> None:
    page.goto(site_url)
    wait_ready(page)
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href
    manifest = page.evaluate("href => fetch(href).then(r => r.json())", href)
    assert manifest["name"] == "Toledo" and manifest["display"] == "standalone" and manifest["start_url"]
    sizes = page.evaluate("""icons => Promise.all(icons.map(icon => new Promise((ok, fail) => {
        const img = new Image(); img.onload = () => ok([icon.sizes, `${img.naturalWidth}x${img.naturalHeight}`]);
        img.onerror = () => fail(new Error(icon.src)); img.src = icon.src; })))""",
                          [{"src": i["src"], "sizes": i["sizes"]} for i in manifest["icons"]])
    assert sizes and all(declared == real for declared, real in sizes), sizes
    assert {"192x192", "512x512"} <= {s for s, _ in sizes}
    assert page.locator('meta[name="theme-color"]').count() == 1
