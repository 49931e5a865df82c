"""Playing Torres in the browser: a complete game against the computer by pointer, another by keyboard
only, the three variants, save and resume, a share link, undo, and a phone-sized turn (the
conftest guards every test: no request leaves 127.0.0.1, no console error).

The human's choices are made only among what the page offers (lit board targets and buttons, all read
off the engine's legal actions), so the test never needs to know a rule."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from browser_support import html_data, screenshot, settle, transcript, wait_ready
import torres_positions as positions
from playwright.sync_api import Page

OFFERED = "#board [data-key].offered"
BUTTONS = "#actions button[data-key]"
# Torres's own line in the "What is this?" box (the page opens with Toledo's)
TORRES_HINT = "Point at or focus a square, a knight, a tower or a card to see what it is."
MOST_HUMAN_ACTIONS = 4  # per turn, before the test ends the turn: keeps the game short


def open_game(page: Page, site_url: str, query: str) -> str:
    page.goto(f"{site_url}?game=torres&speed=0&autostart=1&{query}")
    wait_ready(page)
    return settle(page)


def click(page: Page, selector: str, index: int = 0) -> None:
    page.locator(selector).nth(index).click()
    settle(page)


def key_of(page: Page, selector: str, index: int = 0) -> str:
    return page.locator(selector).nth(index).get_attribute("data-key") or ""


class Player:
    """The human seat's choices: a few actions a turn (a card played, a tower's blocks, a new knight, a
    card bought, a knight's move), then the end of the turn; always among what the page offers."""

    def __init__(self) -> None:
        self.done = 0  # actions chosen in this turn
        self.decisions = 0

    def offered_keys(self, page: Page) -> list[str]:
        return [el.get_attribute("data-key") or "" for el in page.locator(OFFERED).all()]

    def decide(self, page: Page) -> None:
        self.decisions += 1
        phase = html_data(page, "phase")
        selection = int(html_data(page, "selection") or "0")
        buttons = [b for b in (page.locator(BUTTONS).all()) if b.get_attribute("data-key") != "cancel"]
        if selection:
            targets = page.locator(f"{OFFERED}:not(.selected)")
            if targets.count() and self.done < MOST_HUMAN_ACTIONS + 2:
                targets.nth(self.decisions % targets.count()).click()
            elif buttons:
                buttons[0].click()
            else:
                page.locator(f'{BUTTONS}[data-key="cancel"]').click()
            settle(page)
            return
        if phase != "turn":
            if page.locator(OFFERED).count():
                click(page, OFFERED, self.decisions % page.locator(OFFERED).count())
            else:
                buttons[0].click()
                settle(page)
            return
        keys = self.offered_keys(page)
        wanted = None
        if self.done < MOST_HUMAN_ACTIONS:
            for prefix in ("card:", "tower:", "reserve", "deck", "square:"):
                found = [k for k in keys if k.startswith(prefix)]
                if found:
                    wanted = found[self.decisions % len(found)]
                    break
        if wanted is not None:
            self.done += 1
            click(page, f'{OFFERED}[data-key="{wanted}"]')
            return
        self.done = 0
        click(page, f'{BUTTONS}[data-key="end"]')


def play_to_the_end(page: Page, player: Player, limit_s: float = 150) -> None:
    started = time.monotonic()
    while (turn := settle(page)) != "over":
        assert time.monotonic() - started < limit_s, "the game took too long"
        if turn == "pass":
            click(page, "#reveal")
            continue
        player.decide(page)


def test_complete_game_by_pointer(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    assert open_game(page, site_url, "seats=human,easy&names=Ann,Bot&seed=3") == "human"
    screenshot(page, "torres-start-1280x800")
    # every moment banner shown during the game (each hides itself again after a few seconds)
    page.evaluate("""() => { window.moments = [];
        new MutationObserver((records) => {  // records batch up: each value is the next one's old value
            const values = records.slice(1).map((r) => r.oldValue);
            values.push(document.documentElement.dataset.moment);
            for (const kind of values) if (kind) window.moments.push(kind); })
        .observe(document.documentElement, {attributes: true, attributeOldValue: true,
                                            attributeFilter: ['data-moment']}); }""")
    player = Player()
    play_to_the_end(page, player)
    moments = page.evaluate("window.moments")
    assert moments.count("scoring") == 3 and moments[-1] == "over", moments  # three scorings, then the end
    screenshot(page, "torres-scores-1280x800")
    scores = page.locator("#scores")
    assert scores.is_visible()
    for button in ('#end [data-ui="play-again"]', '#end [data-ui="new-game"]'):  # above the fold, scrolled or not
        box = page.locator(button).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, (button, box)
    assert scores.locator(".ranking li").count() == 2
    assert scores.locator("svg.score-chart polyline").count() == 2
    actions = transcript(page)["actions"]
    assert page.locator("#log li").count() == len(actions)
    seats = [li.get_attribute("data-seat") for li in page.locator("#log li").all()][::-1]  # the log: latest first
    mine = [a for a, seat in zip(actions, seats) if seat == "0"]  # what the human did through the page
    assert any(a.startswith("play ") for a in mine) and any(a.startswith("buy") for a in mine)
    assert any(a.startswith("build ") for a in mine) and any(a.startswith("place ") for a in mine)
    assert page.locator("#scores .torres-scoring").get_attribute("data-phase") == "3"
    # the finished game replays move by move, in words
    page.locator("#replay-open").click()
    page.wait_for_function("document.documentElement.dataset.turn === 'replay'")
    page.locator("#replay-next").click()
    page.wait_for_function("document.documentElement.dataset.replay === '1'")
    assert "Ann" in (page.locator("#replay-line").text_content() or "")
    page.locator("#replay-last").click()
    page.wait_for_function(f"document.documentElement.dataset.replay === '{len(actions)}'")
    assert page.locator("#replay-duel .torres-scoring").count() == 1  # the last action scored phase 3
    page.locator("#replay-exit").click()
    assert settle(page) == "over"
    print(f"{player.decisions} human decisions, {len(actions)} actions")


# --- the keyboard -----------------------------------------------------------------------------------
def focused_key(page: Page) -> str:
    return page.evaluate("(document.activeElement && document.activeElement.getAttribute('data-key')) || ''")


def focus_offered(page: Page) -> bool:
    """Tab until an offered board target has the focus (the page moves it there after each choice)."""
    for _ in range(80):
        if page.evaluate("!!(document.activeElement && document.activeElement.matches('#board [data-key].offered'))"):
            return True
        page.keyboard.press("Tab")
    return False


def test_a_complete_game_by_keyboard_only(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    assert open_game(page, site_url, "seats=human,random&names=Kay,Bot&seed=8") == "human"
    page.keyboard.press("?")  # the rules and the shortcuts by key too
    page.wait_for_function("document.documentElement.dataset.rules === 'open'")
    assert page.locator("#shortcut-list dt").count() >= 3
    assert "Torres" in (page.locator("#rules-body").text_content() or "")
    page.keyboard.press("Escape")
    page.wait_for_function("document.documentElement.dataset.rules === 'closed'")
    done = 0
    scorings: list[str] = []
    started = time.monotonic()
    while (turn := settle(page)) != "over":
        assert turn == "human"
        assert time.monotonic() - started < 150, "the game took too long"
        shown = page.locator("#tiles .torres-scoring")
        if shown.count() and shown.get_attribute("data-phase") not in scorings:
            scorings.append(shown.get_attribute("data-phase") or "")
            assert shown.locator("li").count() >= 2  # who scored what, then each total
        phase = html_data(page, "phase")
        selection = int(html_data(page, "selection") or "0")
        step = html_data(page, "step")
        if phase == "turn" and not selection and done >= 2:
            page.keyboard.press("e")  # end the turn; then the tower to use up, if there is a choice
            done = 0
        elif phase == "turn" and selection and done >= 4:
            page.keyboard.press("Escape")
        elif page.locator(f"{OFFERED}:not(.selected)").count() and focus_offered(page):
            page.keyboard.press("Enter")
            done += 1
        else:
            assert page.locator(BUTTONS).count(), "something must be offered"
            page.keyboard.press("1")
        settle(page)
        assert html_data(page, "step") != step or int(html_data(page, "selection") or "0") != selection, \
            "every key must change the choice"
    assert scorings[:2] == ["1", "2"]
    assert page.locator("#scores .ranking li").count() == 2


# --- never losing a game ----------------------------------------------------------------------------
def loaded(page: Page) -> str:
    page.wait_for_function("['loaded', 'refused'].includes(document.documentElement.dataset.session)")
    result = html_data(page, "session")
    page.evaluate("document.documentElement.dataset.session = ''")
    return result


def into_the_first_turn(page: Page) -> None:
    """The setup's placements, then a block from a tower: the human stands in the middle of a turn."""
    player = Player()
    while html_data(page, "phase") != "turn":
        player.decide(page)
    click(page, f'{OFFERED}[data-key^="tower:"]')
    click(page, OFFERED)


def test_save_reload_resume_file_and_undo(site_url: str, new_page: Callable[..., Page], tmp_path: Path) -> None:
    page = new_page(1280, 800)
    assert open_game(page, site_url, "seats=human,random&names=Ann,Bot&seed=11&variant=own-deck") == "human"
    into_the_first_turn(page)
    before = transcript(page)
    log = page.locator("#log li").all_inner_texts()
    assert len(log) == len(before["actions"])
    assert page.locator("#undo-note").get_attribute("data-undoable") == "1"

    page.reload()
    wait_ready(page)
    assert loaded(page) == "loaded"
    assert settle(page) == "human"
    assert html_data(page, "game") == "torres"
    assert transcript(page) == before
    assert page.locator("#log li").all_inner_texts() == log

    # undo takes the block back (to the start of the turn, the last reveal)
    click(page, "#undo")
    assert transcript(page)["actions"] == before["actions"][:-1]
    assert page.locator("#undo-note").get_attribute("data-undoable") == "0"
    assert page.locator(f'{OFFERED}[data-key^="tower:"]').count()  # the tower may be chosen afresh
    click(page, f'{OFFERED}[data-key^="tower:"]')
    click(page, OFFERED)
    before = transcript(page)

    with page.expect_download() as download:
        page.locator("#save-file").click()
    path = tmp_path / (download.value.suggested_filename or "game.json")
    download.value.save_as(path)
    assert path.name.startswith("torres-")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert (saved["game"], saved["variant"], saved["actions"]) == ("torres", "own-deck", before["actions"])

    page.locator("#new-game").click()
    page.wait_for_function("document.documentElement.dataset.turn === 'setup'")
    assert page.locator("#saved-list li[data-game]").count() == 1
    page.set_input_files("#load-input", str(path))
    assert loaded(page) == "loaded"
    assert settle(page) == "human"
    assert transcript(page) == before
    page.locator("#new-game").click()
    page.wait_for_function("document.documentElement.dataset.turn === 'setup'")
    page.locator('#saved-list [data-ui="resume"]').first.click()
    assert loaded(page) == "loaded"
    assert settle(page) == "human" and transcript(page) == before


def test_a_share_link_opens_the_game_elsewhere(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    assert open_game(page, site_url, "seats=human,random,random&names=Ann,Bot,Cy&seed=6") == "human"
    into_the_first_turn(page)
    before = transcript(page)
    page.locator("#share-link").click()
    page.wait_for_function("document.querySelector('#share-url').value.includes('#game=')")
    url = page.locator("#share-url").input_value()
    assert url.startswith(site_url) and len(url) < 2000
    fresh = new_page(1280, 800)  # another device: nothing stored, and the address names no game
    fresh.goto(url)
    wait_ready(fresh)
    assert loaded(fresh) == "loaded"
    assert settle(fresh) == "human"
    assert html_data(fresh, "game") == "torres"
    assert fresh.locator("#info-text").text_content() == TORRES_HINT  # not the game the page opened with
    assert transcript(fresh) == before
    assert fresh.locator("#log li").count() == len(before["actions"])


# --- the variants, the chooser, hotseat, a phone ------------------------------------------------------
def test_the_chooser_starts_each_variant(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    page.goto(site_url)
    wait_ready(page)
    option = page.locator('[data-game-option="torres"] input')
    assert option.is_enabled()
    option.check()
    page.wait_for_function("document.documentElement.dataset.game === 'torres'")
    assert page.locator("#variant-row").is_visible()
    assert page.locator("#info-text").text_content() == TORRES_HINT
    assert page.locator("#variant option").all_inner_texts() == ["Base game", "Own card decks", "Master version"]
    page.select_option("#num-players", "4")
    page.select_option('.seat[data-seat="1"] .seat-kind', "medium")
    page.select_option('.seat[data-seat="2"] .seat-kind', "human")
    page.select_option('.seat[data-seat="3"] .seat-kind', "easy")
    page.select_option("#variant", "master")
    page.locator("#setup details summary").click()
    page.select_option("#speed", "0")
    page.locator("#start").click()
    # two people at the device, yet no privacy screen: in the master version every hand is open
    assert settle(page) == "human"
    assert html_data(page, "phase") == "blocks"  # the master version: the players place the start blocks
    assert page.locator("#players .master-card").count() == 1
    assert page.locator(OFFERED).count() > 0
    for variant, phase in (("base", "knights"), ("own-deck", "knights")):
        page.locator("#new-game").click()  # else the address would resume this tab's game
        page.wait_for_function("document.documentElement.dataset.turn === 'setup'")
        assert open_game(page, site_url, f"seats=human,random,random&seed=2&variant={variant}") == "human"
        assert html_data(page, "phase") == phase
        assert page.locator("#players .torres-player").count() == 3
        assert page.locator("#players .master-card").count() == 0


def test_hotseat_hides_each_hand(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800)
    assert open_game(page, site_url, "seats=human,human&names=Ann,Ben&seed=4") == "pass"
    assert "Ann" in (page.locator("#pass-name").text_content() or "")
    assert page.locator(OFFERED).count() == 0  # nothing to click behind the privacy screen
    click(page, "#reveal")
    click(page, OFFERED)  # Ann's start knight
    assert settle(page) == "pass" and "Ben" in (page.locator("#pass-name").text_content() or "")
    assert page.locator("#hand .torres-hand").count() == 0
    page.select_option("#language", "de")  # the words follow the language, the game stays
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert "Ben" in (page.locator("#reveal").text_content() or "")
    assert "Hand" in (page.locator("#reveal").text_content() or "")
    click(page, "#reveal")
    assert "Ritter" in (page.locator("#prompt").text_content() or "")


def test_a_turn_on_a_phone(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    assert open_game(page, site_url, "seats=human,random&names=Ann,Bot&seed=12") == "human"
    while html_data(page, "phase") != "turn":
        page.locator(OFFERED).first.tap()
        settle(page)
    step = int(html_data(page, "step"))
    page.locator(f'{OFFERED}[data-key^="tower:"]').first.tap()
    settle(page)
    page.locator(OFFERED).first.tap()
    settle(page)
    assert int(html_data(page, "step")) == step + 1
    screenshot(page, "torres-turn-390x844")
    page.locator(f'{BUTTONS}[data-key="cancel"]').tap()  # the tower stays chosen for more blocks: put it down
    settle(page)
    page.locator(f'{BUTTONS}[data-key="end"]').tap()
    settle(page)
    while int(html_data(page, "selection") or "0"):  # the tower is fixed by the block: nothing more to choose
        page.locator(BUTTONS).first.tap()
        settle(page)
    assert html_data(page, "turn") == "human" and int(html_data(page, "step")) > step + 1


def test_the_players_are_listed_once_beside_a_wide_board_and_whole_in_a_phone_sheet(
        site_url: str, new_page: Callable[..., Page]) -> None:
    """Beside a wide board its own rows list the players (each computer's level, every seat's towers), so
    the side list shows none of them; on a phone the players' sheet lists them all."""
    query = "seats=human,hard,medium&names=Ann,Bo,Cy&seed=12"
    page = new_page(1280, 800)
    assert open_game(page, site_url, query) == "human"
    rows = page.locator("#board .player")
    assert rows.count() == 3 and page.locator("#board .player .level").all_text_contents() == [" · Hard", " · Medium"]
    assert page.locator("#players .torres-player").count() == 3
    assert all(row.is_hidden() for row in page.locator("#players .torres-player").all())
    phone = new_page(390, 844, has_touch=True, is_mobile=True)
    assert open_game(phone, site_url, query) == "human"
    phone.locator('[data-sheet-open="players"]').tap()
    assert all(row.is_visible() for row in phone.locator("#players .torres-player").all())
    assert phone.locator("#players .torres-player").count() == 3


def test_a_replay_shows_no_seat_s_hidden_cards(site_url: str, new_page: Callable[..., Page], tmp_path: Path) -> None:
    """Mid-game the replay is told as to a spectator: it draws no seat's hand at any step (the board
    would otherwise show the cards of whoever acts, a computer's among them) and calls nobody "you"."""
    st = positions.rival_holds_cards()
    assert any(st.hands[1]) and not st.is_terminal()  # the computer holds cards the person must not see
    page = new_page(1280, 800)
    page.goto(f"{site_url}?game=torres&speed=0&lang=en")
    wait_ready(page)
    page.set_input_files("#load-input", str(positions.save_file(st, tmp_path)))
    assert settle(page) == "human"
    live = page.locator("#turn-info").text_content()
    page.locator('[data-ui="replay"]').first.click()
    page.wait_for_selector("#replay:not([hidden])")
    assert page.locator("#turn-info").text_content() == "Replay"  # not the live turn over an old position
    seen = 0
    while page.locator("#replay-next").is_enabled():
        page.locator("#replay-next").click()
        seen += 1
        assert page.locator("#board .card").count() == 0
        board = page.locator("#board svg").first.text_content() or ""
        assert "(you)" not in board and "Your cards" not in board and "'s cards" not in board
    assert seen == st.step - st.base_step
    page.locator("#replay-exit").click()
    assert settle(page) == "human" and page.locator("#turn-info").text_content() == live


def test_a_desktop_end_shows_the_final_scoring_beside_the_board(site_url: str, new_page: Callable[..., Page]) -> None:
    """At a game's end on a laptop the side panel shows the ranking, the chart of the phases and the first
    lines of the last scoring above the way on (the move log gives up its room first)."""
    from toledo.core import codec, registry

    st = positions.play(5, lambda s: s.is_terminal(), players=3)
    document = codec.save_document(st.setup, ["Ann", "Bea", "Cid"], ("human", "medium", "medium"), list(st.history),
                                   registry.get("torres"))
    page = new_page(1280, 800)
    page.goto(f"{site_url}?speed=0&lang=en#{codec.share_fragment(document)}")
    wait_ready(page)
    assert settle(page) == "over"
    lines = page.locator("#end .torres-scoring li")
    assert lines.count() >= 2
    buttons = page.locator("#end .end-buttons").bounding_box()
    end = page.locator("#end").bounding_box()
    for i in range(2):
        line = lines.nth(i).bounding_box()
        assert line and buttons and end and end["y"] <= line["y"] and line["y"] + line["height"] <= buttons["y"] + 1, (
            i, line, buttons)
