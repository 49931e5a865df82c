"""A write cut off half-way (the page killed while the store writes a game, leaving half of the new text
behind): the game's previous state is still listed and opens; nothing is ever unopenable."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import session_result, to_start, wait_ready
from playwright.sync_api import Page
from storage_support import act, actions, listed, settle, start, stored_actions

# The nth write of a stored game from now on puts only the first half of its text, and the page dies
# right there (it hangs until the test closes it, so nothing after that half runs).
TEAR_WRITE = """(nth) => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && String(key).startsWith("toledo.") && String(value).includes("-autosave")
        && --nth === 0) {
      set.call(this, key, String(value).slice(0, Math.floor(String(value).length / 2)));
      for (;;) {}
    }
    return set.call(this, key, value);
  };
}"""


@pytest.mark.parametrize("nth", [1, 2])  # the store writes a game twice (both slots): cut either
def test_a_write_cut_half_way_leaves_the_previous_state_readable(site_url: str, new_page: Callable[..., Page],
                                                                  nth: int) -> None:
    page = new_page()
    start(page, site_url, seed=11)
    act(page)
    act(page)
    previous = actions(page)
    assert stored_actions(page) == [previous]
    page.evaluate(TEAR_WRITE, nth)
    page.locator("#hand .card.playable, #actions button[data-key^='action:']").first.click(no_wait_after=True)
    page.wait_for_timeout(1500)  # the page is stuck inside the write
    context = page.context
    page.close()

    again = context.new_page()
    again.goto(site_url)
    wait_ready(again)
    again.wait_for_function("document.documentElement.dataset.saved !== undefined")
    assert len(listed(again)) == 1, "the game is no longer listed as one that can be resumed"
    again.locator('#saved-list [data-ui="resume"]').first.click()
    assert session_result(again) == "loaded"
    settle(again)
    assert actions(again)[:len(previous)] == previous
    act(again)  # and it plays on, stored again
    assert actions(again) in stored_actions(again)
    to_start(again)
    assert len(listed(again)) == 1
