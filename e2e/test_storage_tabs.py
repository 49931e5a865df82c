"""One stored game open in two tabs of a browser: a tab never silently writes an older state over a
newer one; a tab that finds a newer state offers to load it; each tab's reload resumes its own game."""

from __future__ import annotations

from collections.abc import Callable

from browser_support import session_result, wait_ready
from playwright.sync_api import Page
from storage_support import NOTE, act, actions, settle, start, stored_with


def reload_resumes(page: Page, expected: list[str]) -> None:
    page.reload()
    wait_ready(page)
    assert session_result(page) == "loaded", "the reload did not resume this tab's game"
    settle(page)
    assert actions(page) == expected


def test_two_tabs_of_one_game_never_overwrite_newer_with_older(site_url: str, new_page: Callable[..., Page]) -> None:
    first = new_page()
    start(first, site_url, seed=7)
    act(first)
    act(first)
    first.locator("#share-link").click()
    first.wait_for_function("document.getElementById('share-url').value.includes('#game=')")
    link = first.locator("#share-url").input_value()

    second = first.context.new_page()  # the same browser: the same storage
    second.goto(link)
    wait_ready(second)
    assert session_result(second) == "loaded"
    settle(second)
    assert actions(second) == actions(first)
    reload_resumes(first, actions(second))  # opening the link elsewhere must not take this tab's game away

    act(second)
    act(second)
    newer = actions(second)
    assert newer in stored_with(first, newer)
    # the first tab still shows the older position: it says so and offers the newer one, which it loads
    offer = first.locator(f'{NOTE} [data-storage="load-newer"]')
    offer.wait_for(state="visible")
    offer.click()
    assert session_result(first) == "loaded"
    settle(first)
    assert actions(first) == newer
    reload_resumes(first, newer)

    # offered again, but played on from the older position anyway: both games are kept
    act(second)
    newer = actions(second)
    offer.wait_for(state="visible")
    older = actions(first)
    act(first, last=True)  # another choice than the other tab's
    mine = actions(first)
    assert mine[:len(older)] == older and mine != newer
    stored = stored_with(first, newer, mine)
    assert newer in stored and mine in stored, "a tab wrote an older game over a newer one"
    reload_resumes(second, newer)
    reload_resumes(first, mine)
