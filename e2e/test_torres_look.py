"""Torres seen at a glance, in Chromium: every square, knight and the king of a late game with tall
towers can be clicked where it is drawn; on phones the whole board and the choice at hand share one
screen at the king's move and at a build; a scoring lights each castle and rings its knight line by line
(still, without pulsing, under reduced motion) and speaks a language chosen meanwhile; a scoring in
hotseat shows before the pass screen; choosing Torres on the start screen never blocks the page for
200 ms; an address naming Torres never lets this tab's unfinished Toledo game take over; the arrow keys
walk the squares the way they point.

Positions come from seeded games played in Python (e2e/torres_positions.py) and are opened as files."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
import torres_positions as positions
from browser_support import (ARTIFACTS_DIR, README_PICTURES, html_data, readme_picture, screenshot, settle, transcript,
                             wait_ready)
from playwright.sync_api import Page

from toledo.games.torres.state import State

PHONES = [(390, 844), (360, 740)]

# For every square of the board: the middle of its stack's top (else of its ground), of its knight, of
# the king, and what elementFromPoint finds there. Returns the misses and what was checked.
HITS = """(scroll) => {
  const centre = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const misses = [], seen = {squares: 0, knights: 0, kings: 0};
  for (const square of document.querySelectorAll('#board [data-square]')) {
    const targets = [[square.querySelector('.stack .top') || square.querySelector('.cell'), 'squares']];
    for (const piece of square.querySelectorAll('.knight .body')) targets.push([piece, 'knights']);
    for (const piece of square.querySelectorAll('.king .crown')) targets.push([piece, 'kings']);
    for (const [el, kind] of targets) {
      if (scroll) el.scrollIntoView({block: 'center', inline: 'center'});
      const [x, y] = centre(el);
      const found = document.elementFromPoint(x, y);
      const owner = found && found.closest('[data-square]');
      seen[kind] += 1;
      if (owner !== square) misses.push(`${kind} ${square.dataset.square} at ${Math.round(x)},${Math.round(y)}: ` +
                                        (owner ? owner.dataset.square : (found ? found.tagName + '#' + found.id : 'nothing')));
    }
  }
  return {misses, seen};
}"""

# The decision's buttons: each one's middle is on screen and finds the button itself.
BUTTON_HITS = """() => [...document.querySelectorAll('#actions button')].map((b) => {
  const r = b.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  const found = document.elementFromPoint(x, y);
  return inside && found !== null && b.contains(found) ? '' : (b.getAttribute('data-key') || b.textContent);
}).filter((miss) => miss)"""


def open_position(page: Page, site_url: str, st: State, folder: Path, kinds: tuple[str, ...] = ("human", "random"),
                  names: tuple[str, ...] = ("Ann", "Bot")) -> str:
    page.goto(f"{site_url}?game=torres&speed=0&lang=en")
    wait_ready(page)
    page.set_input_files("#load-input", str(positions.save_file(st, folder, kinds, names)))
    page.wait_for_function("['loaded', 'refused'].includes(document.documentElement.dataset.session)")
    assert html_data(page, "session") == "loaded"
    return settle(page)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_every_square_knight_and_the_king_can_be_clicked_where_drawn(
        site_url: str, new_page: Callable[..., Page], tmp_path: Path, size: tuple[int, int]) -> None:
    st = positions.late_game()
    assert sum(1 for h in st.heights if h >= 5) >= 5, "a late game with tall towers"
    page = new_page(*size, has_touch=size[0] < 500, is_mobile=size[0] < 500)
    assert open_position(page, site_url, st, tmp_path) == "human"
    found = page.evaluate(HITS, True)
    assert not found["misses"], found["misses"]
    knights = sum(1 for q in range(64) if st.piece_at(q) >= 0)
    assert found["seen"] == {"squares": 64, "knights": knights, "kings": 1}
    # and a click where a tall tower is drawn picks that square
    tall = max(range(64), key=lambda q: st.heights[q])
    page.locator(f'#board [data-square="{"abcdefgh"[tall % 8]}{tall // 8 + 1}"]').evaluate(
        "(el) => el.scrollIntoView({block: 'center'})")
    box = page.locator(f'#board [data-square="{"abcdefgh"[tall % 8]}{tall // 8 + 1}"] .stack .top').bounding_box()
    assert box is not None
    owner = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-square]').dataset.square",
                          [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert owner == f'{"abcdefgh"[tall % 8]}{tall // 8 + 1}'
    screenshot(page, f"torres-late-{size[0]}x{size[1]}")


def on_one_screen(page: Page) -> None:
    """All 64 squares and every button of the decision in sight and clickable, without any scrolling."""
    scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight, "
                           "innerWidth, innerHeight]")
    assert scroll[0] <= scroll[2] and scroll[1] <= scroll[3], f"the page scrolls: {scroll}"
    found = page.evaluate(HITS, False)
    squares = [m for m in found["misses"] if m.startswith("squares")]
    assert not squares, squares
    assert page.locator("#actions button").count() >= 1
    assert not page.evaluate(BUTTON_HITS)


@pytest.mark.parametrize("size", PHONES)
def test_a_phone_shows_the_whole_board_and_the_choice_at_the_kings_move(
        site_url: str, new_page: Callable[..., Page], tmp_path: Path, size: tuple[int, int]) -> None:
    page = new_page(*size, has_touch=True, is_mobile=True)
    assert open_position(page, site_url, positions.kings_move(), tmp_path) == "human"
    assert html_data(page, "phase") == "king_move"
    assert page.locator("#board [data-square].offered").count() >= 1
    on_one_screen(page)
    scoring = page.locator("#tiles .torres-scoring")
    assert scoring.is_visible() and scoring.get_attribute("data-phase") == "1"
    box = scoring.bounding_box()
    assert box is not None and box["y"] < size[1] - 40, "the scoring begins on screen"
    screenshot(page, f"torres-king-{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", PHONES)
def test_a_phone_shows_the_whole_board_and_the_choice_at_a_build(
        site_url: str, new_page: Callable[..., Page], tmp_path: Path, size: tuple[int, int]) -> None:
    page = new_page(*size, has_touch=True, is_mobile=True)
    assert open_position(page, site_url, positions.build_turn(), tmp_path) == "human"
    tower = page.locator('#board [data-key^="tower:"].offered')
    assert tower.count() >= 1
    box = tower.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.evaluate("innerHeight"), "the towers are in sight"
    tower.first.tap()
    settle(page)
    lit = page.locator('#board [data-square].offered')
    assert lit.count() >= 1, "the squares a block may go to are lit"
    on_one_screen(page)
    # one cost for every lit square: said once, never over a knight or a height
    assert page.locator("#board .square .cost").count() == 0
    step = int(html_data(page, "step"))
    lit.first.tap()
    settle(page)
    assert int(html_data(page, "step")) == step + 1
    screenshot(page, f"torres-build-{size[0]}x{size[1]}")


def test_a_hotseat_scoring_shows_before_the_pass_screen(
        site_url: str, new_page: Callable[..., Page], tmp_path: Path) -> None:
    page = new_page(1280, 800)
    st = positions.before_scoring()
    mover = st.current_player
    names = ("Ann", "Ben")
    assert open_position(page, site_url, st, tmp_path, ("human", "human"), names) == "pass"
    page.locator("#reveal").click()
    assert settle(page) == "human"
    phase_before = html_data(page, "phase")
    assert phase_before == "turn"
    page.locator('#actions button[data-key="end"]').click()
    while settle(page) == "human" and html_data(page, "phase") == "turn":  # a tower to use up, if asked
        page.locator("#actions button[data-key]").first.click()
    assert settle(page) == "pass", "the next person must be handed the device"
    shown = page.locator("#pass-device #pass-scoring .torres-scoring")
    assert shown.is_visible() and shown.get_attribute("data-phase") == "1"
    assert shown.locator("li").count() >= 2
    box = shown.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + 40 <= 800
    assert names[mover] in (shown.text_content() or "") or "no castle" in (shown.text_content() or "").lower()
    screenshot(page, "torres-hotseat-scoring")
    page.locator("#reveal").click()
    assert settle(page) == "human" and html_data(page, "phase") == "king_move"
    assert page.locator("#pass-device").is_hidden()


@pytest.mark.timing
def test_choosing_torres_never_blocks_the_page_for_200_ms(site_url: str, new_page: Callable[..., Page]) -> None:
    """Torres chosen as soon as the start screen answers: its page code imports piece by piece, and so do
    pydantic's wheels, which the start screen unpacks and imports on its own meanwhile, and the other
    game's code warmed after them. No task of all that holds the page up for 200 ms."""
    page = new_page(1280, 800)
    page.add_init_script(
        "window.__long = []; new PerformanceObserver(list => { for (const e of list.getEntries()) "
        "window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});")
    page.goto(site_url)
    wait_ready(page)
    chosen = page.evaluate("performance.now()")
    page.locator('[data-game-option="torres"] input').check()
    page.wait_for_function("document.documentElement.dataset.game === 'torres' && "
                           "!!document.querySelector('#board svg.torres-board')")
    assert page.locator("#start").is_enabled()
    page.wait_for_selector("html[data-saves=ready]", state="attached", timeout=60_000)
    page.wait_for_function(f"performance.now() > {chosen} + 3000")  # the start screen's warm-up is over too
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    tasks = [round(duration) for start, duration in page.evaluate("window.__long") if start >= chosen - 1]
    assert not tasks or max(tasks) < 200, f"the start screen was blocked: {tasks} ms"
    assert html_data(page, "game") == "torres"
    print(f"long tasks after choosing Torres: {tasks} ms")


def test_an_address_naming_torres_never_resumes_this_tabs_toledo_game(
        site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    page.goto(f"{site_url}?game=toledo&seats=human,easy&seed=3&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    page.wait_for_function("Object.keys(localStorage).some((k) => k.startsWith('toledo.autosave.'))")
    toledo = transcript(page)
    page.goto(f"{site_url}?game=torres&speed=0")  # the same tab
    wait_ready(page)
    page.wait_for_selector("html[data-saves=ready]", state="attached", timeout=60_000)
    time.sleep(1.0)  # long past the moment the old page swapped the tab's game in
    assert html_data(page, "game") == "torres" and html_data(page, "turn") == "setup"
    assert page.locator("#saved-list li[data-game]").count() == 1, "the Toledo game stays listed"
    page.locator("#start").click()
    assert settle(page) in ("human", "pass")
    assert html_data(page, "game") == "torres"
    time.sleep(0.5)
    assert html_data(page, "game") == "torres" and transcript(page) != toledo


def test_the_arrow_keys_walk_the_squares_the_way_they_point(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    page.goto(f"{site_url}?game=torres&seats=human,random&seed=3&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    page.locator('#board [data-square="d4"]').focus()
    for key, square in (("ArrowDown", "d5"), ("ArrowRight", "e5"), ("ArrowUp", "e4"), ("ArrowLeft", "d4")):
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.getAttribute('data-square')") == square, key


SCORING_OR_PICK = """() => {
  const data = document.documentElement.dataset;
  if (data.moment === 'scoring' || data.scoringLine) return 'scoring';
  return data.busy === 'false' && Number(data.selection) > 0 ? 'pick' : false;
}"""


def end_the_turn(page: Page) -> None:
    """End the turn, and pick the tower to use up when asked; then the scoring runs (no waiting for it)."""
    page.locator('#actions button[data-key="end"]').click()
    # The click marks the page busy at once and the page answers in a later task: wait for the answer
    # itself (the scoring under way, or the towers offered), never for the busy mark alone.
    while page.wait_for_function(SCORING_OR_PICK, timeout=30_000).json_value() == "pick":
        page.locator("#actions button[data-key]").first.click()


# the page switched to each language in turn, and after each switch the scoring's banner and box
RELABEL = """(languages) => languages.map((code) => {
  const menu = document.getElementById('language');
  menu.value = code;
  menu.dispatchEvent(new Event('change', {bubbles: true}));
  const banner = document.getElementById('moment');
  return {hidden: banner.hidden, banner: banner.textContent, line: document.documentElement.dataset.scoringLine,
          lit: document.querySelectorAll('#board .square.lit').length,
          title: document.querySelector('#tiles .torres-scoring h3').textContent,
          lines: [...document.querySelectorAll('#tiles .torres-scoring li')].map((li) => li.textContent)};
})"""

# What the page shows at each line of a scoring, recorded as the line is set (a mutation observer runs
# right after the task that drew it, before any later one), so a busy machine cannot make a test miss a
# line the way polling would. Given languages, the page is switched to each in turn at the first line.
# what a player reads or touches while a scoring is told: the board's squares and rows, the supply, the
# deck, the cards, the towers, the scoring's words and the top bar's buttons
SCORING_READ = ", ".join(("#board .square .cell", "#board .player", "#board .supply", "#board .deck",
                          "#board .reserve", "#board .card", "#board .tower-chip", "#tiles .torres-scoring",
                          "#topbar button", "#topbar select"))
RECORD_SCORING = """([languages, read]) => {
  window.scoringSeen = [];
  window.scoringRelabelled = null;
  const done = new Set();
  new MutationObserver(() => {
    const line = document.documentElement.dataset.scoringLine;
    if (!line || done.has(line)) return;
    done.add(line);
    if (line === '1' && languages.length) window.scoringRelabelled = (%s)(languages);
    const banner = document.getElementById('moment').getBoundingClientRect();
    const covered = !banner.width ? ['the banner is gone'] :
      [...document.querySelectorAll(read)]
        .filter((el) => { const r = el.getBoundingClientRect();
                          return r.width && r.left < banner.right && banner.left < r.right && r.top < banner.bottom
                                 && banner.top < r.bottom; })
        .map((el) => el.closest('[data-key]')?.getAttribute('data-key') || el.id || el.getAttribute('class'));
    window.scoringSeen.push({
      line: Number(line), covered,
      lines: document.querySelectorAll('#tiles .torres-scoring li').length,
      lit: document.querySelectorAll('#board .square.lit').length,
      scorers: [...document.querySelectorAll('#board .knight.scoring')].map((k) => k.closest('.square').classList.contains('lit')),
      scores: [...document.querySelectorAll('#board .player .score')].map((t) => Number(t.textContent)),
      pulse: [...document.querySelectorAll('#board .lit-outline')].map((el) => getComputedStyle(el).animationName)});
  }).observe(document.documentElement, {attributes: true, attributeFilter: ['data-scoring-line']});
}""" % RELABEL


def score_the_phase(page: Page, site_url: str, folder: Path, shot: str = "",
                    languages: tuple[str, ...] = ()) -> tuple[State, list[dict]]:
    """Open the last turn before a scoring as Ann, against a computer, end it, and return the position
    with what the page showed at each line of the scoring (paced, one line every 450 ms). The picture
    `shot` of the scoring at its second line is taken only when the README's pictures are asked for."""
    st = positions.before_scoring()
    kinds = ("human", "random") if st.current_player == 0 else ("random", "human")
    names = ("Ann", "Bot") if st.current_player == 0 else ("Bot", "Ann")  # Ann is the person
    page.goto(f"{site_url}?game=torres&speed=900&lang=en")
    wait_ready(page)
    page.set_input_files("#load-input", str(positions.save_file(st, folder, kinds, names)))
    assert settle(page) == "human"
    page.evaluate(RECORD_SCORING, [list(languages), SCORING_READ])
    end_the_turn(page)
    if shot and README_PICTURES is not ARTIFACTS_DIR:
        page.wait_for_selector('html[data-scoring-line="2"]', state="attached", timeout=30_000)
        readme_picture(page, shot)
    settle(page)
    return st, page.evaluate("window.scoringSeen")


@pytest.mark.parametrize(("size", "shot"), [((1280, 800), "torres-scoring-desktop"),
                                            ((390, 844), "torres-scoring-phone"),
                                            ((768, 1024), "torres-scoring-tablet"),
                                            ((1024, 768), "torres-scoring-squarish"),
                                            ((844, 390), "torres-scoring-phone-sideways")])
def test_a_scoring_lights_each_castle_and_marks_its_knight_line_by_line(
        site_url: str, new_page: Callable[..., Page], tmp_path: Path, size: tuple[int, int], shot: str) -> None:
    """The phone asks for reduced motion: the same steps, only the lit outline does not pulse."""
    phone, touch = size[0] < 500, size[0] < 900
    page = new_page(*size, has_touch=touch, is_mobile=touch)
    if phone:
        page.emulate_media(reduced_motion="reduce")
    st, seen = score_the_phase(page, site_url, tmp_path, shot)
    assert [step["line"] for step in seen] == list(range(1, len(seen) + 1)), seen
    castles = [step for step in seen if step["lit"]]
    assert len(castles) >= 2 and seen[:len(castles)] == castles, "castle by castle first, then the rest"
    for step in seen:
        # the words and the board keep step: as many lines as the board has shown, the banner over
        # nothing the player reads
        assert step["lines"] == step["line"], step
        assert not step["covered"], f"the scoring's banner covers {step['covered']}"
    for step in castles:  # each castle lit, its knight marked on it, the outline still on a phone
        assert step["scorers"] and all(step["scorers"]), step
        assert step["pulse"] and all((pulse == "none") == phone for pulse in step["pulse"]), step
        assert step["scores"] == list(st.score), "the score track waits for the totals"
    screenshot(page, f"{shot}-scored")
    assert page.locator("#board .square.lit").count() == 0  # the king's move gets a plain board back


def test_a_scoring_told_while_the_language_switches_speaks_the_new_one(
        site_url: str, new_page: Callable[..., Page], tmp_path: Path) -> None:
    """Its banner and its box in German at once, and in English again, the scoring still at its line."""
    page = new_page(1280, 800)
    _, seen = score_the_phase(page, site_url, tmp_path, languages=("de", "en"))
    told = page.evaluate("window.scoringRelabelled")
    assert seen and told, "the scoring was seen at its first line"
    assert told[0]["banner"] == told[0]["title"] == "Wertung 1" and not told[0]["hidden"], told
    assert told[0]["lines"] and not any("Castle" in line for line in told[0]["lines"]), told
    assert told[1]["banner"] == told[1]["title"] == "Scoring 1" and not told[1]["hidden"], told
    # and the scoring stays at the line it had reached, its castle still lit
    assert all(t["line"] == "1" and len(t["lines"]) == 1 and t["lit"] >= 1 for t in told), told
