"""Play on every screen: a Toledo turn on two phones fits one screen (no page scrolling, the board and the
offered choices in sight, fingers' targets of 44 px, no word under 12 px), the desktop shows the log
beside the board, and the README's screenshots are taken here: into e2e/artifacts/ on every run, into
docs/screenshots/ when UPDATE_SCREENSHOTS=1 (a test run leaves the tracked pictures alone)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import html_data, outside, readme_picture, settle, transcript, wait_ready
from playwright.sync_api import Page
from toledo_positions import midgame_link

TOUCH_MIN = 44  # px
TEXT_MIN = 12  # px, at 390 px wide

# Every visible glyph's size on screen: CSS font size, times the scale of an SVG drawing it sits in.
SMALL_TEXT = """(minimum) => {
  const small = [], seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el || seen.has(el)) continue;
    seen.add(el);
    if (el.closest('[hidden], .visually-hidden, title, desc, script, style, pre')) continue;
    const style = getComputedStyle(el), box = el.getBoundingClientRect();
    if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement) { const m = el.getScreenCTM(); if (m) size *= Math.hypot(m.a, m.b); }
    if (size < minimum - 0.01) small.push(`${size.toFixed(1)}px <${el.tagName}> ${node.textContent.trim().slice(0, 30)}`);
  }
  return small;
}"""

# What a person may tap now: the offered buttons, the hand, and the board's lit choices.
OFFERED = "#actions .btn, #undo-bar .btn, #hand .card, #tiles .tile-btn"
BOARD_CHOICES = '#board [role="button"].legal'


def _too_small(page: Page, exempt: str = ":not(*)") -> list[str]:
    return page.evaluate("""([selector, minimum, exempt]) => [...document.querySelectorAll(selector)]
        .filter(el => !el.matches(exempt))
        .filter(el => el.getClientRects().length)
        .map(el => [el, el.getBoundingClientRect()])
        .filter(([el, r]) => r.width < minimum - 0.5 || r.height < minimum - 0.5)
        .map(([el, r]) => `${el.tagName}.${el.getAttribute('class')} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
                         [f"{OFFERED}, #sheet-nav .btn, {BOARD_CHOICES}", TOUCH_MIN, exempt])


def _check_one_screen(page: Page, text_min: float | None, small_ok: str = ":not(*)") -> None:
    """The whole turn on one screen: nothing to scroll, everything offered in sight and big enough."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert scroll[0] <= width and scroll[1] <= height, f"the page scrolls: {scroll} in {width}x{height}"
    assert not outside(page, "#board"), outside(page, "#board")
    assert not outside(page, OFFERED), outside(page, OFFERED)
    assert not outside(page, BOARD_CHOICES, "#board"), "the board's choices are scrolled away: " + str(
        outside(page, BOARD_CHOICES, "#board"))
    assert not _too_small(page, small_ok), _too_small(page, small_ok)
    board = page.locator("#board").bounding_box()
    assert board is not None and board["height"] >= 0.3 * height, f"the board is squeezed: {board}"
    if text_min is not None:
        small = page.evaluate(SMALL_TEXT, text_min)
        assert not small, f"{len(small)} texts under {text_min} px: {small[:12]}"


def _decide(page: Page, moved: list[str]) -> None:
    """One decision, made as a new player would: a card then its landing space when a move is offered."""
    phase = html_data(page, "phase")
    if phase in ("start", "continue") and page.locator("#hand .card.playable").count() and not moved:
        page.locator("#hand .card.playable").last.tap()
        settle(page)
        assert page.locator(BOARD_CHOICES).count(), "a picked card lights its landings"
        page.locator(f'#board [data-key^="space:"].legal[role="button"]').first.tap()
        moved.append(phase)
    elif phase == "start" and page.locator('#actions [data-key="ui:place"]').count():
        page.locator('#actions [data-key="ui:place"]').tap()
        settle(page)
        page.locator("#tiles .tile-btn:not(.disabled)").first.tap()
        settle(page)
        page.locator(f'#board [data-key^="space:"].legal[role="button"]').last.tap()
    elif phase in ("start", "continue"):
        page.locator('#actions [data-key="action:end"], #actions [data-key="action:draw"], #actions [data-key="action:pass"]'
                     ).first.tap()
    else:  # use, full, sword, fence, carry: the first thing offered
        page.locator("#actions [data-key^='action:']").first.tap()
    settle(page)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 740), (768, 1024)],
                         ids=["390x844", "360x740", "tablet-768x1024"])
def test_toledo_turn_fits_a_phone(site_url: str, new_page: Callable[..., Page], width: int, height: int) -> None:
    page = new_page(width, height, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?seats=human,easy&names=Pia,Bot&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    assert (page.locator("#turn-info").text_content() or "").startswith("Your turn")
    # nothing is offered on the board yet: it opens where the person's pawns stand
    assert page.locator("#board .pawn.own").count() == 5
    assert not outside(page, "#board .pawn.own", "#board"), outside(page, "#board .pawn.own", "#board")
    text_min = TEXT_MIN if width in (390, 768) else None  # the tall board at 390, the wide one on a tablet
    moved: list[str] = []
    for _ in range(30):
        _check_one_screen(page, text_min)
        if html_data(page, "phase") in ("start", "continue") and page.locator("#hand .card.playable").count() \
                and not moved:
            page.locator("#hand .card.playable").last.tap()
            settle(page)
            _check_one_screen(page, text_min)  # the picked card's landings are lit in sight
            if width == 390:
                readme_picture(page, "toledo-phone")
            page.locator("#hand .card.selected").tap()  # put it back
            settle(page)
        _decide(page, moved)
        if moved and html_data(page, "phase") == "start":  # the turn is over, the next one begins
            break
    assert moved, "no move was played"
    # the panels beside the board open as sheets and close again
    page.locator('[data-sheet-open="players"]').tap()
    assert page.locator("#players").is_visible() and not outside(page, "#players")
    metal = page.locator('#players .player[data-seat="0"] [data-stat="metal"]')  # in words here
    assert metal.locator(".long").is_visible() and metal.locator(".short").is_hidden()
    page.locator('[data-sheet-open="log"]').tap()
    assert page.locator("#log").is_visible() and page.locator("#players").is_hidden()
    assert page.locator("#log li").count() >= 3
    page.locator('[data-sheet-open="log"]').tap()
    assert page.locator("#log-area").is_hidden()


def test_landscape_phone_plays(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(844, 390, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?seats=human,easy&names=Pia,Bot&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    # Known limit: the whole wide board in half a 390 px high screen leaves a pawn's touch area under 44 px
    # when two pawn groups share a tile or the Cathedral; the landing spaces and buttons are big enough.
    pawns_anywhere = ".pawn"
    for _ in range(4):
        _check_one_screen(page, None, pawns_anywhere)
        if page.locator("#hand .card.playable").count():  # a picked card's landings and their prices
            page.locator("#hand .card.playable").last.tap()
            settle(page)
            _check_one_screen(page, None, pawns_anywhere)
            page.locator("#hand .card.selected").tap()
            settle(page)
        _decide(page, [])


def test_a_phone_keeps_an_error_in_sight_during_a_game(site_url: str, new_page: Callable[..., Page]) -> None:
    """The line over the side panel gives its room to the board on a phone, unless it tells of an error
    (a link too long to make, a failed tool): then the player must see it."""
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?seats=human,easy&names=Pia,Bot&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    line = page.locator("#session-message")
    for kind, shown in (("note", False), ("error", True)):
        page.evaluate("""kind => { const line = document.getElementById("session-message");
                                   line.textContent = "Something to tell."; line.className = kind; }""", kind)
        assert line.is_visible() == shown, kind
    assert not outside(page, "#session-message", "#side"), outside(page, "#session-message", "#side")


def test_torres_on_a_phone_held_sideways(site_url: str, new_page: Callable[..., Page]) -> None:
    """Torres's square board takes its tall drawing on a phone held sideways: the board at a size to read
    and tap, scrolling in its box, rather than the wide drawing shrunk to the box's 330 px height; the
    panel beside it as high as the screen, every offered button in sight."""
    page = new_page(844, 390, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?game=torres&seats=human,easy&names=Ann,Bot&seed=12&speed=0&autostart=1&lang=de")
    wait_ready(page)
    assert settle(page) == "human"
    assert page.locator("#board svg.torres-board.layout-tall").count() == 1
    scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert scroll[0] <= 844 and scroll[1] <= 390, f"the page scrolls: {scroll}"
    # a knight placed, then in the first turn a block built: each time the lowest square offered, which the
    # box scrolls to
    for first in ("", '#board [data-key^="tower:"].offered'):
        if first:
            page.locator(first).first.tap()
            settle(page)
        squares = page.locator('#board [data-key^="square:"].offered')
        assert squares.count() and not _too_small(page), _too_small(page)
        side, table = page.locator("#side").bounding_box(), page.locator("#table").bounding_box()
        assert side and table and side["height"] >= table["height"] - 2, f"the panel is cut short: {side}"
        assert not outside(page, OFFERED, "#side"), outside(page, OFFERED, "#side")
        small = page.evaluate(SMALL_TEXT, TEXT_MIN)
        assert not small, f"{len(small)} texts under {TEXT_MIN} px: {small[:12]}"
        before = len(transcript(page)["actions"])
        squares.last.tap()
        assert settle(page) == "human" and len(transcript(page)["actions"]) > before


@pytest.mark.parametrize(("width", "height"), [(1000, 530), (1366, 540)])
def test_torres_in_a_low_wide_window_draws_the_wide_board_whole(site_url: str, new_page: Callable[..., Page],
                                                                 width: int, height: int) -> None:
    """A laptop's low window (under 561 px, as with the browser zoomed) has the room for the wide drawing:
    the whole board and its panels in the box beside the turn's buttons, nothing scrolled out of sight."""
    page = new_page(width, height)
    page.goto(f"{site_url}?game=torres&seats=human,easy&names=Ann,Bot&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    assert page.locator("#board svg.torres-board.layout-wide").count() == 1
    page.locator('#board [data-key^="square:"].offered').first.click()  # a knight placed: the first turn
    assert settle(page) == "human"
    drawn = '#board [data-key^="square:"], #board [data-key^="tower:"], #board [data-key="action:end"]'
    assert page.locator(drawn).count() >= 64 + 4
    assert not outside(page, drawn, "#board"), outside(page, drawn, "#board")
    assert not outside(page, OFFERED, "#side"), outside(page, OFFERED, "#side")


def test_torres_on_a_tablet_held_upright(site_url: str, new_page: Callable[..., Page]) -> None:
    """Upright, a tablet gets Torres's board across its width (the wide drawing left it a third of the
    screen, with empty bands above and below) and the panels under it in two columns; on a laptop, the
    wide drawing again. Toledo's long board stays wide on a tablet, and is tall on a large one held upright."""
    page = new_page(768, 1024, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?game=torres&seats=human,easy,easy&names=Ann,Bo,Cy&seed=12&speed=0&autostart=1&lang=fr")
    wait_ready(page)
    assert settle(page) == "human"
    board = "#board svg.torres-board"
    assert page.locator(f"{board}.layout-upright").count() == 1
    square = page.locator(f"{board} .square .cell").first.bounding_box()
    assert square is not None and square["width"] >= 70, f"the squares are small: {square}"
    _check_one_screen(page, TEXT_MIN)
    page.locator('#board [data-key^="square:"].offered').last.tap()  # a knight placed
    assert settle(page) == "human"
    _check_one_screen(page, TEXT_MIN)
    # every seat's row is in sight under the board, beside the towers, without scrolling the box
    assert not outside(page, f"{board} .player", "#board"), outside(page, f"{board} .player", "#board")
    page.set_viewport_size({"width": 1280, "height": 800})  # a laptop: the wide drawing beside the side panel
    page.wait_for_selector(f"{board}.layout-wide", state="attached")
    # a squarish box beside the side panel (a tablet on its side, a small screen): the board across, the
    # whole drawing in the screen's height, its squares half again as large as the wide drawing's there
    # (37 px), no word under 12 px
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_selector(f"{board}.layout-square", state="attached")
    drawing = page.locator(board).bounding_box()
    square = page.locator(f"{board} .square .cell").first.bounding_box()
    assert drawing is not None and drawing["y"] + drawing["height"] <= 768, drawing
    assert square is not None and square["width"] >= 50, square
    small = page.evaluate(SMALL_TEXT.replace("document.body", "document.querySelector('#board')"), TEXT_MIN)
    assert not small, f"{len(small)} words on the board under {TEXT_MIN} px: {small[:12]}"
    toledo = new_page(768, 1024, has_touch=True, is_mobile=True)
    toledo.goto(f"{site_url}?seats=human,easy&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(toledo)
    assert settle(toledo) == "human"
    assert toledo.locator("#board svg.toledo-board.layout-wide").count() == 1
    # a large tablet held upright (the side panel beside the board): Toledo's tall drawing, fitted to the
    # screen's height, with tiles larger than the wide one's 65 px there
    toledo.set_viewport_size({"width": 1024, "height": 1366})
    toledo.wait_for_selector("#board svg.toledo-board.layout-tall", state="attached")
    drawing = toledo.locator("#board svg.toledo-board").bounding_box()
    tile = toledo.locator('#board [data-key="space:1"] .tile-bg').bounding_box()
    assert drawing is not None and drawing["y"] + drawing["height"] <= 1366, drawing
    assert tile is not None and tile["width"] >= 80, tile


def test_turning_the_phone_redraws_each_game_in_its_own_layout(site_url: str, new_page: Callable[..., Page]) -> None:
    """Upright both boards are tall; turned sideways Toledo's long board goes wide and Torres's stays tall."""
    for game, sideways in (("toledo", "wide"), ("torres", "tall")):
        page = new_page(390, 844, has_touch=True, is_mobile=True)
        page.goto(f"{site_url}?game={game}&seats=human,easy&seed=12&speed=0&autostart=1&lang=en")
        wait_ready(page)
        assert settle(page) == "human"
        board = "#board svg.toledo-board" if game == "toledo" else "#board svg.torres-board"
        assert page.locator(f"{board}.layout-tall").count() == 1, game
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_selector(f"{board}.layout-{sideways}", state="attached")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_selector(f"{board}.layout-tall", state="attached")


def test_the_way_on_from_a_games_end_is_in_sight_at_once(site_url: str, new_page: Callable[..., Page]) -> None:
    """Three players' score table with its tie-break line in French runs past the side panel's room on a
    desktop: the table scrolls, and "Play again" and "New game" stay at its foot."""
    page = new_page(1280, 800)
    page.goto(f"{site_url}?seats=easy,easy,easy&seed=7&speed=0&autostart=1&lang=fr")
    wait_ready(page)
    assert settle(page) == "over"
    assert page.locator("#scores thead th[data-seat]").count() == 3
    cut = page.eval_on_selector_all("#scores .pname", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1)"
                                                      ".map(e => e.textContent)")
    assert not cut, f"names cut short: {cut}"  # each seat's name whole, on one line
    assert page.locator("#scores .winner .badge").first.get_attribute("title") == "Vainqueur"
    assert not outside(page, "#end .end-buttons .btn", "#end"), outside(page, "#end .end-buttons .btn", "#end")
    assert not outside(page, "#end .end-buttons .btn"), outside(page, "#end .end-buttons .btn")


@pytest.mark.parametrize("game", ["toledo", "torres"])
def test_a_phone_shows_who_won_first(site_url: str, new_page: Callable[..., Page], game: str) -> None:
    """At a game's end on a phone the result, "Play again" and "New game" are in sight at once, the final
    board under them (it used to come first, the result 1,300 px further down)."""
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?game={game}&seats=easy,easy&seed=3&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "over"
    assert page.evaluate("scrollY") == 0
    assert not outside(page, "#end .end-buttons .btn"), outside(page, "#end .end-buttons .btn")
    verdict, board = page.locator("#scores > *").first.bounding_box(), page.locator("#board").bounding_box()
    assert verdict and board and 0 <= verdict["y"] < board["y"]


def test_desktop_shows_the_log_beside_the_board(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800, has_touch=True)
    page.goto(f"{site_url}?seats=human,easy,easy&names=Pia,Bot,Ada&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    assert page.locator("#log li").count() == 0 and page.locator("#log-empty").is_visible()  # says so
    for _ in range(6):
        _decide(page, [])
    assert page.locator("#log li").count() >= 4 and page.locator("#log-empty").is_hidden()
    assert not outside(page, "#log-area"), outside(page, "#log-area")
    assert not outside(page, "#board"), outside(page, "#board")
    readme_picture(page, "toledo-desktop")


# German and French: the longest words for the prompt, the buttons and the tools; 1366 x 650: a laptop's
# commonest screen less the browser's bars; 1280 x 600: a smaller one's, or the same under a bookmarks bar
# and a taskbar.
@pytest.mark.parametrize(("width", "height", "lang", "metal_word"),
                         [(1280, 800, "de", "Metall"), (1024, 768, "fr", "métal"), (1366, 650, "en", "metal"),
                          (1280, 600, "de", "Metall")])
def test_a_laptop_shows_every_player_beside_the_board(site_url: str, new_page: Callable[..., Page],
                                                      width: int, height: int, lang: str, metal_word: str) -> None:
    """Four players well into a game: beside the board, under the controls, every player's row is in sight
    without scrolling (numbers by their pictograms, the words for screen readers and as the row's tooltip),
    a hand of eight cards lies in one row, the game's tools in another, and the move log keeps room for its
    latest lines. The board's box holds its drawing without blank bands beside it: on a short screen, where
    the drawing is as tall as the screen allows, the side panel takes the width it leaves, and the players
    sit two to a row there."""
    page = new_page(width, height)
    page.goto(f"{site_url}?speed=0&lang={lang}#{midgame_link(4, 80)}")
    wait_ready(page)
    assert settle(page) == "human"
    board = page.locator("#board").bounding_box()
    drawing = page.locator("#board > svg").bounding_box()
    assert board and drawing and board["width"] - drawing["width"] <= 8, (board, drawing)  # its 3px border each side
    side = page.locator("#side").bounding_box()
    assert side and (side["width"] > 500 if height < 700 else abs(side["width"] - 390) <= 1), side
    played = page.locator("#log li").count()
    page.locator('#actions [data-key="action:draw"]').click()  # the turn passes; the load note goes
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {played + 3}")  # the others moved
    assert settle(page) == "human"
    assert page.locator("#session-message").text_content() == ""
    assert page.locator("#players .player").count() == 4
    assert page.eval_on_selector("#play", "el => el.scrollTop") == 0
    assert not outside(page, "#players .player", "#play"), outside(page, "#players .player", "#play")
    assert not outside(page, "#players .player"), outside(page, "#players .player")
    rows = page.eval_on_selector_all("#players .player", "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert len(set(rows)) == (2 if height < 700 else 4), rows
    metal = page.locator('#players .player[data-seat="1"] [data-stat="metal"]')
    assert metal.locator(".short").is_visible() and metal.locator(".short svg").count() == 1
    assert (metal.locator(".long").bounding_box() or {"width": 9})["width"] <= 1  # read aloud, not shown
    assert metal_word in (metal.get_attribute("title") or "")
    tops = page.eval_on_selector_all("#hand .card", "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert 7 <= len(tops) <= 8 and len(set(tops)) == 1, f"the hand is not one row: {tops}"
    tools = page.eval_on_selector_all("#game-tools .btn", "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert len(tools) == 3 and len(set(tools)) == 1, f"the tools are not one row: {tools}"
    log = page.eval_on_selector_all("#log li", """els => { const box = document.querySelector('#log')
        .getBoundingClientRect(); return els.filter(e => { const r = e.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }).length; }""")
    assert log >= 1, "no whole line of the log in sight"
    readme_picture(page, f"toledo-four-players-{width}x{height}-{lang}")


@pytest.mark.parametrize(("width", "height"), [(1000, 530), (1366, 540)])
def test_a_laptops_low_window_shows_every_player_beside_toledos_board(
        site_url: str, new_page: Callable[..., Page], width: int, height: int) -> None:
    """Under 561 px high (a laptop with the browser zoomed) the page keeps a phone's one screen per turn, but
    the panel beside the board is wide enough for the players' rows: all four in sight under the hand, in
    their short form, and no Players button for a sheet that would say the same."""
    page = new_page(width, height)
    page.goto(f"{site_url}?speed=0&lang=en#{midgame_link(4, 80)}")
    wait_ready(page)
    assert settle(page) == "human"
    assert page.locator("#players .player").count() == 4
    assert not outside(page, "#players .player", "#side"), outside(page, "#players .player", "#side")
    assert not outside(page, "#players .player"), outside(page, "#players .player")
    assert page.locator('[data-sheet-open="players"]').is_hidden()
    assert page.locator('[data-sheet-open="log"]').is_visible()
    metal = page.locator('#players .player[data-seat="1"] [data-stat="metal"]')
    assert metal.locator(".short").is_visible()
    assert not outside(page, OFFERED, "#side"), outside(page, OFFERED, "#side")


def test_whose_turn_in_every_language(site_url: str, new_page: Callable[..., Page]) -> None:
    """Two people at one device: the top bar names the player in each language's grammar."""
    expected = {"en": "Anna's turn", "de": "Anna ist am Zug", "fr": "À Anna de jouer"}
    for lang, words in expected.items():
        page = new_page(1280, 800)  # a tab of its own: a reload would resume the last game
        page.goto(f"{site_url}?seats=human,human&names=Anna,Ben&seed=3&speed=0&autostart=1&lang={lang}")
        wait_ready(page)
        settle(page)
        assert (page.locator("#turn-info").text_content() or "").startswith(words)


# At every painted frame of a computer's turn: the top bar and the prompt line, as a person sees them.
TURN_WATCHER = """window.__seen = [];
const watch = () => { if (document.documentElement.dataset.turn === 'computer') {
  const text = id => (document.getElementById(id) || {}).textContent || '';
  window.__seen.push([text('turn-info'), text('prompt')]); }
  requestAnimationFrame(watch); };
requestAnimationFrame(watch);"""


@pytest.mark.parametrize("game,speed", [("toledo", 0), ("torres", 0), ("toledo", 40)])
def test_the_top_bar_and_the_thinking_line_name_the_same_player(
        site_url: str, new_page: Callable[..., Page], game: str, speed: int) -> None:
    """Computers playing fast (the board redrawn at most four times a second at speed 0) or paced: the
    line that says who is thinking never names another player than the top bar."""
    names = ["Amara", "Bodil", "Cosmo"]
    page = new_page(1280, 800)
    page.add_init_script(TURN_WATCHER)
    page.goto(f"{site_url}?game={game}&seats=easy,greedy,easy&names={','.join(names)}&seed=5&speed={speed}"
              "&autostart=1&lang=en")
    wait_ready(page)
    # enough moves and enough painted frames: at speed 0 a busy machine paints few frames per move
    page.wait_for_function("(Number(document.documentElement.dataset.step) >= 60 && window.__seen.length >= 30) "
                           "|| document.documentElement.dataset.turn === 'over'", timeout=120_000)

    def named(text: str) -> str:
        return next((n for n in names if n in text), "")

    seen = [(named(bar), named(prompt)) for bar, prompt in page.evaluate("window.__seen")]
    both = [(bar, prompt) for bar, prompt in seen if bar and prompt]
    assert len(both) >= 10, f"only {len(both)} frames showed both names"
    wrong = [pair for pair in both if pair[0] != pair[1]]
    assert not wrong, f"{len(wrong)} of {len(both)} frames named two players, e.g. {wrong[:3]}"


MOMENT_RECORDER = """window.__moments = [];
document.addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
  const kind = document.documentElement.dataset.moment;
  if (kind) window.__moments.push([kind, (document.getElementById('moment') || {}).textContent || '']); })
  .observe(document.documentElement, {attributes: true, attributeFilter: ['data-moment']}));"""


def test_moments_no_one_misses(site_url: str, new_page: Callable[..., Page]) -> None:
    """Pawns reaching the Alcazar, the final round and the end each get a banner and stay in the log."""
    page = new_page(1280, 800)
    page.add_init_script(MOMENT_RECORDER)
    page.goto(f"{site_url}?seats=easy,medium,easy&seed=2&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "over"
    kinds = [kind for kind, _ in page.evaluate("window.__moments")]
    assert {"goal", "final", "over"} <= set(kinds), kinds
    assert kinds[-1] == "over" and "wins" in page.evaluate("window.__moments")[-1][1]
    log = page.locator("#log").inner_text()
    assert log.count("The final round begins") == 1


def test_how_to_play_in_one_minute(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(390, 844)
    page.goto(f"{site_url}?lang=de")
    wait_ready(page)
    page.locator("#howto-open").click()
    dialog = page.locator("#howto-dialog")
    assert dialog.is_visible()
    cards = dialog.locator(".howto-card")
    assert cards.count() == 2 and cards.first.get_attribute("data-game") == "toledo"
    assert "Toledo in einer Minute" in cards.first.inner_text() and "Torres" in cards.nth(1).inner_text()
    assert not page.evaluate(SMALL_TEXT, TEXT_MIN)
    page.locator("#howto-close").click()
    assert dialog.is_hidden()


def test_torres_turn_fits_a_phone(site_url: str, new_page: Callable[..., Page]) -> None:
    """The same frame holds Torres: its setup and a first turn at 390 x 844 without page scrolling."""
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?game=torres&seats=human,random&names=Ann,Bot&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    assert (page.locator("#turn-info").text_content() or "").startswith("Your turn · ")
    offered, buttons = "#board [data-key].offered", "#actions button[data-key]"
    for _ in range(12):
        scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        assert scroll[0] <= 390 and scroll[1] <= 844, f"the page scrolls: {scroll}"
        assert not outside(page, "#board") and not outside(page, buttons), outside(page, buttons)
        _first_choice_in_sight(page, offered)
        small = page.evaluate(SMALL_TEXT, TEXT_MIN)
        assert not small, f"{len(small)} texts under {TEXT_MIN} px: {small[:12]}"
        if html_data(page, "phase") == "turn" and page.locator(f'{offered}[data-key^="tower:"]').count():
            break
        page.locator(offered).first.tap()
        settle(page)
    page.locator(f'{offered}[data-key^="tower:"]').first.tap()
    settle(page)
    _first_choice_in_sight(page, offered)
    assert not outside(page, buttons)
    small = page.evaluate(SMALL_TEXT, TEXT_MIN)
    assert not small, f"{len(small)} texts under {TEXT_MIN} px: {small[:12]}"
    readme_picture(page, "torres-phone")


@pytest.mark.parametrize(("game", "language", "start"), [("toledo", "de", "Du bist am Zug"),
                                                         ("torres", "fr", "À vous de jouer")])
def test_the_phones_turn_line_is_read_whole_in_every_language(
        site_url: str, new_page: Callable[..., Page], game: str, language: str, start: str) -> None:
    """On the narrowest phone the top bar keeps its height and the turn line wraps instead of being cut:
    German and French need more words than English for "your turn" and Torres's phase after it."""
    page = new_page(360, 740, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?game={game}&seats=human,easy&seed=5&speed=0&autostart=1&lang={language}")
    wait_ready(page)
    assert settle(page) == "human"
    line = page.locator("#turn-info")
    assert (line.text_content() or "").startswith(start)
    clipped = line.evaluate("e => [e.scrollHeight - e.clientHeight, e.scrollWidth - e.clientWidth]")
    assert max(clipped) <= 1, f"the turn line is cut off by {clipped} px"
    assert page.locator("#topbar").bounding_box()["height"] <= 48
    assert line.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= TEXT_MIN


def test_torres_on_a_desktop(site_url: str, new_page: Callable[..., Page]) -> None:
    """A Torres game in progress on a desktop screen, for the README: the board and its panels in sight."""
    page = new_page(1280, 800)
    page.goto(f"{site_url}?game=torres&seats=human,easy,easy&names=Ann,Bot,Ada&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    offered = "#board [data-key].offered"
    for _ in range(40):  # the setup, then into the first turns: a knight moved or a block placed
        if html_data(page, "phase") == "turn" and page.locator(f'{offered}[data-key^="tower:"]').count():
            break
        page.locator(offered).first.click()
        settle(page)
    assert html_data(page, "phase") == "turn"
    assert (page.locator("#turn-info").text_content() or "").startswith("Your turn · ")
    assert (page.locator("#board .turn-info").text_content() or "").startswith("Ann's turn · ")
    page.locator(f'{offered}[data-key="deck"]').click()  # a card bought: not playable until the next turn (K2)
    settle(page)
    page.locator(f'{offered}[data-key^="tower:"]').first.click()
    settle(page)
    # the drawing shows the hand, the new card's bar and the bar's key; the side panel lists it no more
    assert page.locator("#board .fresh-legend").is_visible()
    assert page.locator("#board [data-key^='card:']").count() >= 1
    assert page.locator("#hand-area").is_hidden()
    assert not outside(page, "#board"), outside(page, "#board")
    small = page.evaluate(SMALL_TEXT, TEXT_MIN)
    assert not small, f"{len(small)} texts under {TEXT_MIN} px: {small[:12]}"
    readme_picture(page, "torres-desktop")


# The board's drawing as shown (its box, and the shape its viewBox asks for), the page's width and scroll.
FRAME = """() => { const svg = document.querySelector('#board > svg'), r = svg.getBoundingClientRect();
  const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  return {width: r.width, height: r.height, aspect: w / h, app: document.getElementById('app').getBoundingClientRect().width,
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]}; }"""

# The page has told the stylesheet the shape of the drawing it shows.
SHAPE_SET = """() => { const [, , w, h] = document.querySelector('#board > svg').getAttribute('viewBox').split(' ').map(Number);
  const told = getComputedStyle(document.documentElement).getPropertyValue('--board-aspect');
  return Math.abs(parseFloat(told) - w / h) < 0.001; }"""


def test_a_big_screen_gives_the_board_its_size(site_url: str, new_page: Callable[..., Page]) -> None:
    """Past a laptop's width the page grows with the screen until each game's board is as large as the
    screen allows: as tall as the side panel beside it, or the page as wide as the screen; the drawing
    fills its box (no blank bands) and the page does not scroll."""
    page = new_page(1920, 1080)
    page.goto(f"{site_url}?lang=en")
    wait_ready(page)
    for game in ("toledo", "torres"):
        page.check(f'#game-list input[value="{game}"]')
        for width, height in ((1920, 1080), (2560, 1440), (1440, 900)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_selector(f"#board > svg.{game}-board.layout-wide", state="attached")
            page.wait_for_function(SHAPE_SET)
            frame = page.evaluate(FRAME)
            assert frame["scroll"] == [width, height], (game, width, height, frame)
            assert abs(frame["width"] / frame["height"] - frame["aspect"]) < 0.01, (game, width, height, frame)
            assert abs(frame["height"] - (height - 90)) <= 1 or frame["app"] == width, (game, width, height, frame)
            assert frame["width"] > 968, (game, width, height, frame)  # wider than the page's laptop width allows


def _first_choice_in_sight(page: Page, offered: str) -> None:
    """Torres lights choices all over its tall board (squares, towers, the score track): not all of them
    fit the box at once, but the box shows the first one without the person scrolling."""
    lit = page.locator(offered)
    if lit.count():
        first = lit.first.bounding_box()
        board = page.locator("#board").bounding_box()
        assert first and board and board["y"] - 1 <= first["y"] and first["y"] + first["height"] <= \
            board["y"] + board["height"] + 1, (first, board)


def test_a_card_dragged_onto_its_landing_moves_the_pawn(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    page.goto(f"{site_url}?seats=human,easy&names=Pia,Bot&seed=12&speed=0&autostart=1&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    card = page.locator("#hand .card.playable").last.bounding_box()
    assert card is not None
    step = int(html_data(page, "step"))
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.mouse.down()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] - 40, steps=4)  # the landings light up
    page.wait_for_selector('#board [data-key^="space:"].legal[role="button"]')
    space = page.locator('#board [data-key^="space:"].legal[role="button"]').first.bounding_box()
    assert space is not None
    page.mouse.move(space["x"] + space["width"] / 2, space["y"] + space["height"] / 2, steps=8)
    page.mouse.up()
    settle(page)
    assert int(html_data(page, "step")) == step + 1 and html_data(page, "phase") != "start"
