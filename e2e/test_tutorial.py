"""Learn to play: each game's guided first game completed to its last step by following its own
instructions only (the test presses Next when a step asks for it and clicks only what the step lights,
in the order the step names): whole in English on a desktop, and started in English on a desktop and
finished in another language on a phone. Toledo's lesson is left for the start screen half-way and
resumed from the stored games at the step it reached; after Torres's, a second lesson is read on by
keyboard, shows its hint, refuses a move that is not its step's, and, left, goes on with the same game
as a normal one. What a step lights is in sight when it is to be clicked, on a phone too (the board
and the panel scroll to it); on a short laptop screen the lesson takes the move log's room. The
tutorials' pictures are taken here (docs/screenshots/ when UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from browser_support import html_data, outside, readme_picture, settle, transcript, wait_ready
from playwright.sync_api import Page

PHONE = {"width": 390, "height": 844}
SHORT_LAPTOP = {"width": 1280, "height": 600}  # a 1280 x 720 screen under its browser's bars
LESSON = "#lesson"


def _lesson(page: Page) -> tuple[str, str]:
    """The panel's state (next, play, watch, done) and step id."""
    return (str(page.get_attribute(LESSON, "data-state")), str(page.get_attribute(LESSON, "data-step")))


# Whether an element shows (its height, or 30 px of it) inside the screen and every box around it that clips
SHOWN = """(el) => {
  const r = el.getBoundingClientRect();
  let top = 0, bottom = innerHeight;
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    if (/auto|scroll|hidden/.test(getComputedStyle(box).overflowY)) {
      const b = box.getBoundingClientRect();
      top = Math.max(top, b.top);
      bottom = Math.min(bottom, b.bottom);
    }
  }
  return Math.min(r.bottom, bottom) - Math.max(r.top, top) >= Math.min(r.height, 30) - 1;
}"""


def follow(page: Page, until: str = "", on_step: Callable[[str], None] | None = None) -> list[str]:
    """Follow the lesson to its end (or to the step `until`): the steps seen, in order. Each part the step
    lights is in sight when its turn to be clicked comes, without the test scrolling to it."""
    seen: list[str] = []
    for _ in range(400):
        settle(page)
        state, step = _lesson(page)
        if not seen or seen[-1] != step:
            seen.append(step)
            if on_step is not None:
                on_step(step)
        if state == "done" or step == until:
            return seen
        if state == "next":
            page.locator("#lesson-next").click()
            continue
        assert state == "play", f"step {step}: the lesson waits for nothing the learner can do ({state})"
        keys = json.loads(page.get_attribute(LESSON, "data-keys") or "[]")
        assert keys, f"step {step}: nothing is lit for its move"
        played = int(html_data(page, "step"))
        for key in keys:
            part = page.locator(f'[data-key="{key}"].lesson-lit:visible').first
            assert part.evaluate(SHOWN), f"step {step}: {key} is lit out of sight"
            part.click()
            settle(page)
        assert int(html_data(page, "step")) > played, f"step {step}: clicking {keys} played nothing"
    raise AssertionError(f"the lesson did not end: {seen[-5:]}")


def _to_phone_in(page: Page, language: str, picture: str) -> str:
    """The rest of the lesson in `language` on a phone (its picture taken): the panel's title before."""
    english = page.locator("#lesson-title").inner_text()
    page.locator("#language").select_option(language)
    page.set_viewport_size(PHONE)
    settle(page)
    assert page.locator("#lesson-title").inner_text() != english
    board, panel = page.locator("#board").bounding_box(), page.locator(LESSON).bounding_box()
    assert board is not None and panel is not None and panel["y"] >= board["y"] + board["height"] - 1  # below it
    readme_picture(page, picture)
    return english


def _on_a_short_laptop(page: Page) -> None:
    """A short laptop screen gives the move log's room to the lesson: the hand stays wholly in sight in
    the turn's box; the log is back on a taller screen."""
    size = page.viewport_size
    page.set_viewport_size(SHORT_LAPTOP)
    assert not page.locator("#log-area").is_visible()
    assert not outside(page, "#hand .card", "#play"), outside(page, "#hand .card", "#play")
    page.set_viewport_size(size or {"width": 1280, "height": 800})
    assert page.locator("#log-area").is_visible()


def _finished(page: Page, steps: list[str]) -> None:
    assert _lesson(page)[0] == "done" and html_data(page, "turn") == "over"
    assert len(set(steps)) >= 20
    done = transcript(page)
    assert done["seats"] == ["human", "easy"] and len(done["actions"]) > 100


def test_toledo_s_lesson_is_followed_to_its_end_and_resumed_from_the_stored_games(new_page: Callable[..., Page],
                                                                                 site_url: str) -> None:
    page = new_page()
    page.goto(f"{site_url}?game=toledo&speed=0&lang=en")
    wait_ready(page)
    page.locator("#learn").click()
    first = follow(page, until="paid")
    before = transcript(page)["actions"]
    # to the start screen and back through the stored games: the lesson goes on where it was
    page.locator("#new-game").click()
    settle(page, turns=("setup",))
    page.locator('#saved-list [data-ui="resume"]').first.click()
    settle(page)
    assert _lesson(page) == ("next", "paid") and transcript(page)["actions"] == before
    at_step = {"fence": lambda: readme_picture(page, "toledo-tutorial"), "sword": lambda: _on_a_short_laptop(page)}
    rest = follow(page, until="pay_other", on_step=lambda step: at_step.get(step, lambda: None)())
    _to_phone_in(page, "fr", "toledo-tutorial-phone")
    rest += follow(page)[1:]
    _finished(page, first + rest[1:])


def test_torres_s_lesson_is_followed_to_its_end_and_a_lesson_left_goes_on_as_a_normal_game(
        new_page: Callable[..., Page], site_url: str) -> None:
    page = new_page()
    page.goto(f"{site_url}?game=torres&speed=0&lang=en")
    wait_ready(page)
    page.locator("#learn").click()
    first = follow(page, until="through",
                   on_step=lambda step: readme_picture(page, "torres-tutorial") if step == "height" else None)
    _to_phone_in(page, "de", "torres-tutorial-phone")
    rest = follow(page)
    _finished(page, first + rest[1:])
    # a second lesson: a move other than the step's is refused and named, and leaving goes on as a game
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator('#end [data-ui="new-game"]').click()
    settle(page, turns=("setup",))
    page.locator("#learn").click()
    settle(page)
    page.locator("#lesson-next").focus()  # by keyboard: the panel's buttons are the page's own buttons
    page.keyboard.press("Enter")
    settle(page)
    assert _lesson(page) == ("play", "knight")
    assert follow(page, until="place")[-1] == "place"
    lit = json.loads(page.get_attribute(LESSON, "data-keys") or "[]")
    page.locator("#lesson-hint").click()
    assert page.locator("#lesson-hint-text").inner_text().strip()
    assert page.locator(".lesson-hint").count() >= len(lit)
    before = transcript(page)["actions"]
    page.locator('[data-key="deck"]').first.click()  # buying a card: legal, but not this step's move
    settle(page)
    assert transcript(page)["actions"] == before and _lesson(page) == ("play", "place")
    assert page.locator("#lesson-refused").inner_text().strip()
    assert json.loads(page.get_attribute(LESSON, "data-keys") or "[]") == lit
    follow(page, until="end")  # the step that ends the turn, every action point spent
    before = transcript(page)["actions"]
    page.locator("#lesson-leave").click()
    settle(page)
    assert not page.locator(LESSON).is_visible() and html_data(page, "lesson") == "off"
    page.locator('[data-key="end"]:visible').first.click()  # now a move of a normal game
    settle(page)
    after = transcript(page)["actions"]
    assert after[:len(before)] == before and after[len(before)].startswith("end")
    assert len(after) > len(before) + 1  # the computer answered at its own level


@pytest.mark.parametrize("game", ["toledo", "torres"])
def test_each_lesson_is_followed_whole_in_english_on_a_desktop(new_page: Callable[..., Page], site_url: str,
                                                              game: str) -> None:
    """The same lesson from its first step to its last without a language switch or a resume on the way."""
    page = new_page()
    page.goto(f"{site_url}?game={game}&speed=0&lang=en")
    wait_ready(page)
    page.locator("#learn").click()
    steps = follow(page)
    assert page.locator("#lesson-title").inner_text().strip()
    _finished(page, steps)
