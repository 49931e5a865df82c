"""The coach in the page: off unless asked for, a hint on a person's turn in both games (in the page's
language), and the review of a finished game for the person who played it."""

from __future__ import annotations

import re
from collections.abc import Callable

from browser_support import html_data, settle, wait_ready
from playwright.sync_api import Page

from toledo import new_game
from toledo.ai.bots import make_bot
from toledo.core.session import save_document, share_fragment
from toledo.games.toledo.state import State

COACH_TIMEOUT_MS = 120_000


def ask_for_a_hint(page: Page) -> str:
    assert page.locator("#coach").is_visible()
    page.locator("#hint").click()
    page.wait_for_function("document.documentElement.dataset.coach === 'hint'", timeout=COACH_TIMEOUT_MS)
    return page.locator("#hint-text").text_content() or ""


def test_the_coach_is_off_until_the_player_turns_it_on(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto(f"{site_url}?seats=human,easy&seed=3&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    assert page.locator("#coach").is_hidden()
    page.locator("#new-game").click()
    page.locator("#setup details summary").click()
    box = page.locator("#coach-on")
    assert not box.is_checked()
    box.check()
    page.locator("#start").click()
    assert settle(page) == "human"
    assert page.locator("#coach").is_visible()
    assert page.evaluate("localStorage.getItem('toledo.coach')") == "1"  # remembered for the next game


def test_a_toledo_hint_names_hards_choice_and_the_next_best(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto(f"{site_url}?seats=human,easy&names=Ann,Bob&seed=3&speed=0&autostart=1&coach=1")
    wait_ready(page)
    assert settle(page) == "human"
    text = ask_for_a_hint(page)
    assert text.startswith("The coach's choice: Ann ") and "% to win" in text, text  # the move log's words
    # the runners-up, where a desktop has the room: folded under the choice, a line to open
    more = page.locator("#hint-more")
    assert more.is_visible() and not page.locator("#hint-more li").first.is_visible()
    assert (more.locator("summary").text_content() or "").endswith(("more good move", "more good moves"))
    more.locator("summary").click()
    others = page.locator("#hint-more li").all_text_contents()
    assert others and all(line.startswith("Ann ") and "%) — " in line for line in others), others
    assert page.locator(".coach-lit").count() >= 1  # the choice marked where it is clicked
    page.locator("#language").select_option("de")
    assert (page.locator("#hint-text").text_content() or "").startswith("Der Trainer wählt: ")
    if page.locator("#hand .card.playable").count():  # one decision of the person: the position changes
        page.locator("#hand .card.playable").first.click()
        settle(page)
        page.locator("#board .pawn.legal").first.click()
    else:
        page.locator("#actions button[data-key^='action:']").first.click()
    settle(page)
    assert (page.locator("#hint-text").text_content() or "") == ""  # the hint was for the position before
    assert page.locator(".coach-lit, .coach-ring").count() == 0  # and so were its marks


def test_a_torres_hint_on_a_phone(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    page.goto(f"{site_url}?game=torres&seats=human,easy&names=Ann,Bob&seed=2&speed=0&autostart=1&coach=1&lang=fr")
    wait_ready(page)
    assert settle(page) == "human"
    text = ask_for_a_hint(page)
    assert text.startswith("Le choix de l'entraîneur : Ann ") and "%" in text, text
    assert "Bien aussi" not in text and page.locator("#hint-more").is_hidden()  # the coach's choice alone
    # the square the coach would place a knight on, ringed on the board and named in the line
    lit = page.locator("#board .coach-lit")
    assert lit.count() == 1 and page.locator("#board svg .coach-ring").count() == 1
    square = (lit.get_attribute("data-key") or "").removeprefix("square:")
    assert square and f" {square}" in text, (square, text)
    assert lit.get_attribute("aria-describedby") == "hint-text"


def test_a_hint_in_the_middle_of_a_game_leaves_the_hand_in_sight(site_url: str, new_page: Callable[..., Page]) -> None:
    """A laptop's side panel (1280 x 800) holds the prompt, the coach's choice, the offered actions and
    the first row of a nine-card hand at once: the runners-up fold under the choice, the log gives way."""
    state: State = new_game(3, seed=5)
    bots = [make_bot("medium", 10 + seat, "toledo") for seat in range(3)]
    for _ in range(90):
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    while state.current_player != 0:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert sum(state.hands[0]) >= 7, "the position should hold a long hand"
    game = save_document(state.setup, ["Ann", "Ben", "Cleo"], ["human", "medium", "medium"], state.history)
    page = new_page(1280, 800)
    page.goto(f"{site_url}?coach=1&speed=0&lang=en#{share_fragment(game)}")
    wait_ready(page)
    assert settle(page) == "human"
    text = ask_for_a_hint(page)
    assert page.locator("#hint-more").is_visible()
    # the coach plays a card to move a pawn: the card and the pawn are what is clicked, the space it lands
    # on is marked apart (a dotted ring), the one the words name
    landing = re.search(r"\(space (\d+)\)", text)
    assert landing and " moves pawn " in text, text
    goal = page.locator("#board .coach-goal")
    assert goal.count() == 1 and goal.get_attribute("data-key") == f"space:{landing.group(1)}"
    assert page.locator("#board svg .coach-goal-ring").count() == 1
    assert page.locator("#hand .card.coach-lit").count() >= 1 and page.locator("#board .pawn.coach-lit").count() >= 1
    row = page.evaluate("""() => {
        const panel = document.querySelector('#play').getBoundingClientRect();
        const cards = [...document.querySelectorAll('#hand .card')].map(c => c.getBoundingClientRect());
        const first = cards.filter(c => c.top === cards[0].top);
        return first.map(c => c.top >= panel.top && c.bottom <= panel.bottom + 1);
    }""")
    assert len(row) >= 4 and all(row), row


def test_a_finished_game_is_reviewed_for_its_player(site_url: str, new_page: Callable[..., Page]) -> None:
    state: State = new_game(2, seed=4)
    bots = [make_bot("scorer", 1, "toledo"), make_bot("easy", 2, "toledo")]
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    names, kinds = ["Ann", "Bob"], ["human", "easy"]
    page = new_page()
    page.goto(f"{site_url}?coach=1#{share_fragment(save_document(state.setup, names, kinds, state.history))}")
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.coach === 'reviewed'", timeout=COACH_TIMEOUT_MS)
    assert html_data(page, "coach") == "reviewed"
    review = page.locator('#review-list > li[data-seat="0"]')
    assert review.count() == 1
    lines = [line for line in review.locator("ol > li").all_text_contents()]
    text = review.text_content() or ""
    assert 1 <= len(lines) <= 3 or "no turn cost" in text, text
    assert all(line.startswith("Turn ") and "; better was “Ann " in line for line in lines), lines
    assert page.locator('#review-list > li[data-seat="1"]').count() == 0  # only the person is reviewed
