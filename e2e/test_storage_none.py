"""A browser that refuses storage altogether (as some private modes do: touching localStorage or
sessionStorage throws): the game plays, the page says once that it cannot remember games, and offers
the game as a file and as a link."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page
from storage_support import COUNT_STORAGE_LINES, NOTE, REFUSE_STORAGE, act, actions, start, storage_lines

from toledo.core.save import loads
from toledo.core.share import decode



def test_without_storage_the_game_plays_and_offers_a_file_and_a_link(site_url: str, new_page: Callable[..., Page],
                                                                      tmp_path: Path) -> None:
    page = new_page()
    page.add_init_script(REFUSE_STORAGE)
    page.add_init_script(COUNT_STORAGE_LINES)
    start(page, site_url, seed=6)
    for _ in range(3):
        act(page)
    assert len(actions(page)) >= 3
    lines = storage_lines(page)
    assert lines, "the page never said that it cannot remember games"
    assert len(lines) == 1, f"said {len(lines)} times: {lines}"
    assert page.locator(f"{NOTE} .storage-line").is_visible()
    with page.expect_download() as download:
        page.locator(f'{NOTE} [data-ui="save-file"]').click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    assert [str(a) for a in loads(path.read_text(encoding="utf-8"))[1].history] == actions(page)
    page.locator(f'{NOTE} [data-ui="share-link"]').click()
    page.wait_for_function("document.getElementById('share-url').value.includes('#game=')")
    link = page.locator("#share-url").input_value()
    assert [str(a) for a in decode(link)[1].history] == actions(page)
