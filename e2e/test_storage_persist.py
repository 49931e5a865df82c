"""Eviction: the page asks for persistent storage once a game has been saved to a file (or finished),
says in the start screen's storage line whether it was granted, goes on when it is refused (or the
request fails), and the unfinished games survive a reload after the service worker's caches are gone."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from browser_support import session_result, to_start, wait_ready
from playwright.sync_api import Page
from storage_support import act, actions, listed, start

ANSWER = """
window.__persistAsked = 0;
navigator.storage.persisted = async () => window.__persistGranted === true;
navigator.storage.persist = async () => {
  window.__persistAsked += 1;
  if ("%s" === "fails") throw new DOMException("no", "NotAllowedError");
  window.__persistGranted = "%s" === "granted";
  return window.__persistGranted;
};
"""


@pytest.mark.parametrize("answer", ["granted", "refused", "fails"])
def test_persistent_storage_is_asked_after_a_saved_game_and_shown(site_url: str, new_page: Callable[..., Page],
                                                                 answer: str) -> None:
    page = new_page()
    page.add_init_script(ANSWER % (answer, answer))
    start(page, site_url, seed=8)
    act(page)
    assert page.evaluate("window.__persistAsked") == 0  # not at the first move
    with page.expect_download():
        page.locator("#save-file").click()
    page.wait_for_function("window.__persistAsked === 1")
    act(page)  # the game goes on whatever the answer
    to_start(page)
    shown = "granted" if answer == "granted" else "refused"
    page.wait_for_function(f"document.getElementById('storage-state')?.dataset.persist === '{shown}'")
    assert page.locator("#storage-state").is_visible()
    with page.expect_download():  # asked once per page, not at every file
        page.locator('#saved-list [data-ui="resume"]').first.click()
        session_result(page)
        page.locator("#save-file").click()
    assert page.evaluate("window.__persistAsked") == 1


def test_unfinished_games_survive_a_reload_without_the_workers_caches(site_url: str,
                                                                      new_page: Callable[..., Page]) -> None:
    page = new_page(service_workers="allow")
    start(page, site_url, seed=9)
    act(page)
    played = actions(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    to_start(page)
    ids = listed(page)
    assert len(ids) == 1
    page.evaluate("""async () => {
        for (const name of await caches.keys()) await caches.delete(name);
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    }""")
    assert page.evaluate("caches.keys()") == []
    page.goto(site_url)  # the site's address again, as a player comes back (not the autostarting one)
    wait_ready(page)
    assert listed(page) == ids
    page.locator('#saved-list [data-ui="resume"]').first.click()
    assert session_result(page) == "loaded"
    assert actions(page) == played
