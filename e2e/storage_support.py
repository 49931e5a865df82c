"""Helpers for the browser tests of storage that misbehaves (full, refused, evicted, shared by two tabs,
torn): short Toledo games against the instant computer, and what the origin's storage holds.

The stored games are read as the page stores them: every `toledo.*` value that is a stored-game entry,
the newest one per game (highest write number, then most actions)."""

from __future__ import annotations

import json
import time
from typing import Any

from browser_support import WAITING_TURNS, html_data, local_items, transcript, wait_ready
from browser_support import settle as settle_on
from playwright.sync_api import Page

TIMEOUT_MS = 60_000
# What the page tells about storage: the one line and its buttons (file, link, load the newer state).
NOTE = "#storage-note"
# A browser that refuses storage altogether, as some private modes do: touching either store throws.
REFUSE_STORAGE = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, {configurable: true, get() {
    throw new DOMException("The user agent denies access to storage.", "SecurityError");
  }});
}
"""

# Counts every time a line about storage is (re)written in the side panel's alert lines: a line said
# again is said again to a screen reader. window.__storageLines holds the texts, in order.
COUNT_STORAGE_LINES = """
(() => {
  window.__storageLines = [];
  const watch = () => {
    for (const id of ["session-message", "storage-note"]) {
      const el = document.getElementById(id);
      if (!el || el.__watched) continue;
      el.__watched = true;
      new MutationObserver(() => {
        const text = (el.innerText || el.textContent || "").trim();
        if (text && !el.hidden && /sav|stor|remember|keep/i.test(text)) window.__storageLines.push(text);
      }).observe(el, {childList: true, characterData: true, subtree: true, attributes: true,
                      attributeFilter: ["hidden"]});
    }
  };
  document.addEventListener("DOMContentLoaded", watch);
  new MutationObserver(watch).observe(document, {childList: true, subtree: true});
})();
"""


def settle(page: Page) -> str:
    return settle_on(page, TIMEOUT_MS, WAITING_TURNS + ("replay",))


def click(page: Page, selector: str) -> None:
    page.locator(selector).first.click()
    settle(page)


def start(page: Page, site_url: str, seed: int, seats: str = "human,easy", names: str = "Ann,Bot") -> None:
    page.goto(f"{site_url}?seats={seats}&names={names}&seed={seed}&speed=0&autostart=1")
    wait_ready(page)
    settle(page)


def act(page: Page, last: bool = False) -> None:
    """One decision of the person to act (Toledo): a move if a card is playable, else an action button;
    the first card, pawn or button, or with `last` the last ones (another choice than the first)."""
    if html_data(page, "turn") == "pass":
        click(page, "#reveal")
    pick = -1 if last else 0
    if page.locator("#hand .card.playable").count():
        page.locator("#hand .card.playable").nth(pick).click()
        settle(page)
        page.locator("#board .pawn.legal").nth(pick).click()
        settle(page)
    else:
        page.locator("#actions button[data-key^='action:']").nth(pick).click()
        settle(page)


def actions(page: Page) -> list[str]:
    return list(transcript(page)["actions"])


def stored_entries(items: dict[str, str]) -> list[dict[str, Any]]:
    """Every readable stored-game entry among `items` (a torn one is not readable)."""
    found = []
    for key, text in items.items():
        if not key.startswith("toledo."):
            continue
        try:
            entry = json.loads(text)
        except ValueError:
            continue
        if isinstance(entry, dict) and entry.get("format") in ("tabletop-autosave", "toledo-autosave"):
            found.append(entry)
    return found


def newest(items: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The newest readable entry of each stored game, by id."""
    best: dict[str, dict[str, Any]] = {}
    for entry in stored_entries(items):
        rank = (entry.get("rev", 0), entry["step"])
        held = best.get(entry["id"])
        if held is None or rank > (held.get("rev", 0), held["step"]):
            best[entry["id"]] = entry
    return best


def stored_actions(page: Page) -> list[list[str]]:
    """The action lists of the stored games (newest state of each)."""
    return [entry["save"]["actions"] for entry in newest(local_items(page)).values()]


def stored_with(page: Page, *wanted: list[str]) -> list[list[str]]:
    """stored_actions(page) once it holds each of `wanted`, or as it stands after TIMEOUT_MS: another tab's
    write reaches this tab's view of the storage a moment later (Chromium passes it between its
    renderers as it gets to it)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while True:
        stored = stored_actions(page)
        if all(want in stored for want in wanted) or time.monotonic() > deadline:
            return stored
        page.wait_for_timeout(50)


def storage_lines(page: Page) -> list[str]:
    return list(page.evaluate("window.__storageLines || []"))


def listed(page: Page) -> list[str]:
    """The start screen's unfinished games: the ids of the entries that can be resumed."""
    rows = page.locator("#saved-list li[data-game]:not(.damaged)")
    return [rows.nth(i).get_attribute("data-game") or "" for i in range(rows.count())]
