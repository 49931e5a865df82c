"""A full storage (every write refused with QuotaExceededError) in the middle of a game: the game goes
on, the player is told once, in one plain sentence, that it is not being saved and is offered the file;
nothing already stored changes; once there is space again, autosave resumes by itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from browser_support import local_items, session_result, wait_ready
from playwright.sync_api import Page
from storage_support import COUNT_STORAGE_LINES, NOTE, act, actions, start, storage_lines, stored_actions

from toledo.core.save import loads

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "core" / "fixtures"

# Fills the origin's localStorage to the last byte with filler keys (halving the piece until even one
# character no longer fits), as a browser whose disk or quota is used up.
FILL = """() => {
  let n = 0, size = 1 << 22;
  while (size >= 1) {
    try { localStorage.setItem("filler." + n, "x".repeat(size)); n++; }
    catch (e) { size = Math.floor(size / 2); }
  }
  return n;
}"""
FREE = """() => Object.keys(localStorage).filter((k) => k.startsWith("filler."))
                   .forEach((k) => localStorage.removeItem(k))"""


def games_stored(page: Page) -> dict[str, str]:
    return {k: v for k, v in local_items(page).items() if k.startswith("toledo.")}


def test_a_full_storage_never_stops_the_game_nor_damages_what_is_stored(site_url: str,
                                                                         new_page: Callable[..., Page],
                                                                         tmp_path: Path) -> None:
    page = new_page()
    page.add_init_script(COUNT_STORAGE_LINES)
    start(page, site_url, seed=5)
    act(page)
    assert stored_actions(page) == [actions(page)]  # autosave works while there is space
    other = (FIXTURES / "v2" / "stored-torres-base-2p.json").read_text(encoding="utf-8").strip()
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["toledo.autosave.v2torresbase2p", other])
    before = games_stored(page)

    assert page.evaluate(FILL) > 0
    played = actions(page)
    for _ in range(3):
        act(page)
    assert len(actions(page)) >= len(played) + 3  # the game went on
    lines = storage_lines(page)
    assert lines, "the player was not told that the game is not being saved"
    assert len(lines) == 1, f"told {len(lines)} times: {lines}"
    line = page.locator(f"{NOTE} .storage-line")
    text = (line.text_content() or "").strip()
    assert text.count(".") == 1 and text.endswith(".") and "Error" not in text, text  # one plain sentence
    with page.expect_download() as download:
        page.locator(f'{NOTE} [data-ui="save-file"]').click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    assert [str(a) for a in loads(path.read_text(encoding="utf-8"))[1].history] == actions(page)
    assert games_stored(page) == before  # nothing already stored was touched

    page.evaluate(FREE)
    act(page)  # space again: this action is stored, and the note is gone
    assert actions(page) in stored_actions(page)
    assert page.locator(NOTE).is_hidden()
    now = actions(page)
    page.reload()
    wait_ready(page)
    assert session_result(page) == "loaded"
    assert actions(page) == now
