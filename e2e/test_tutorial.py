"""Learn to play: each game's guided first game completed to its last step by following its own
instructions only (the test presses Next when a step asks for it and clicks only what the step lights,
in the order the step names), started in English on a desktop and finished in another language on a
phone; a lesson resumes after a reload at the step it reached, and leaving it goes on with the same game
as a normal one. The tutorials' pictures are taken here (docs/screenshots/ when UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable

import pytest
from browser_support import ARTIFACTS_DIR, ROOT, settle, transcript, wait_ready
from playwright.sync_api import Page

SCREENSHOTS = ROOT / "docs" / "screenshots" if os.environ.get("UPDATE_SCREENSHOTS") == "1" else ARTIFACTS_DIR
PHONE = {"width": 390, "height": 844}
LESSON = "#lesson"


def _lesson(page: Page) -> tuple[str, str]:
    """The panel's state (next, play, watch, done) and step id."""
    return (str(page.get_attribute(LESSON, "data-state")), str(page.get_attribute(LESSON, "data-step")))


def follow(page: Page, until: str = "", on_step: Callable[[str], None] | None = None) -> list[str]:
    """Follow the lesson to its end (or to the step `until`): the steps seen, in order."""
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
        played = len(transcript(page)["actions"])
        for key in keys:
            target = page.locator(f'[data-key="{key}"].lesson-lit:visible').first
            target.click()
            settle(page)
        assert len(transcript(page)["actions"]) > played, f"step {step}: clicking {keys} played nothing"
    raise AssertionError(f"the lesson did not end: {seen[-5:]}")


def _shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.parametrize(("game", "other", "shot_at"), [("toledo", "fr", "duel"), ("torres", "de", "height")])
def test_a_tutorial_is_completed_by_following_its_own_steps(new_page: Callable[..., Page], site_url: str,
                                                           game: str, other: str, shot_at: str) -> None:
    page = new_page()
    page.goto(f"{site_url}?game={game}&speed=0&lang=en")
    wait_ready(page)
    page.locator("#learn").click()
    first = follow(page, until="pay_other" if game == "toledo" else "through",
                   on_step=lambda step: _shoot(page, f"{game}-tutorial") if step == shot_at else None)
    assert page.locator("#lesson-text").inner_text().strip()
    english = page.locator("#lesson-title").inner_text()
    # the rest in another language, on a phone
    page.locator("#language").select_option(other)
    page.set_viewport_size(PHONE)
    settle(page)
    assert page.locator("#lesson-title").inner_text() != english
    assert page.locator(LESSON).is_visible()
    board, panel = page.locator("#board").bounding_box(), page.locator(LESSON).bounding_box()
    assert board is not None and panel is not None and panel["y"] >= board["y"] + board["height"] - 1  # below it
    rest = follow(page)
    steps = first + rest[1:]
    assert steps[-1] == rest[-1] and _lesson(page)[0] == "done"
    assert page.evaluate("document.documentElement.dataset.turn") == "over"
    assert len(set(steps)) >= 20
    done = transcript(page)
    assert done["seats"] == ["human", "easy"] and len(done["actions"]) > 100


def test_a_lesson_resumes_after_a_reload_and_leaving_it_goes_on_as_a_normal_game(new_page: Callable[..., Page],
                                                                                site_url: str) -> None:
    page = new_page()
    page.goto(f"{site_url}?game=toledo&speed=0&lang=en")
    wait_ready(page)
    page.locator("#learn").click()
    follow(page, until="forge_place")
    before = transcript(page)["actions"]
    page.reload()
    wait_ready(page)
    settle(page)
    assert _lesson(page) == ("play", "forge_place")
    assert transcript(page)["actions"] == before
    # a wrong move is refused, the step still showing, and the move meant is named
    page.locator('[data-key="action:draw"]').first.click()
    settle(page)
    assert transcript(page)["actions"] == before
    assert page.locator("#lesson-refused").inner_text().strip()
    assert page.locator("#lesson-hint-text").inner_text().strip()
    page.locator("#lesson-leave").click()
    settle(page)
    assert not page.locator(LESSON).is_visible()
    assert page.evaluate("document.documentElement.dataset.lesson") == "off"
    page.locator('[data-key="action:draw"]').first.click()  # now any move of the game
    settle(page)
    after = transcript(page)["actions"]
    assert after[:len(before)] == before and after[len(before)] == "draw"
    assert len(after) > len(before) + 1  # the computer answered at its own level
