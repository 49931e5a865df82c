"""Games kept by older builds open in this one: stored games, links and save files of every format the
site has written (format 1: Toledo alone; format 2: every game, each Torres variant; format 3 of stored
games: write numbers and tab ids), from the fixtures in tests/core/fixtures/ (made by the builds that
wrote those formats)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_support import session_result, to_start, wait_ready
from playwright.sync_api import Page
from storage_support import actions, listed

from toledo.core.session import read_save_text

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "core" / "fixtures"
STORED = [FIXTURES / "legacy" / "stored-2p.json", *sorted((FIXTURES / "v2").glob("stored-*.json")),
          *sorted((FIXTURES / "v3").glob("stored-*.json"))]
LINKS = [*sorted((FIXTURES / "legacy").glob("link-*.txt")), *sorted((FIXTURES / "v2").glob("link-*.txt"))]
SAVES = [*sorted((FIXTURES / "legacy").glob("save-*.json")), *sorted((FIXTURES / "v2").glob("save-*.json"))]


def fixture_actions(path: Path) -> list[str]:
    """The action list a fixture holds, read by this build's engine."""
    if path.suffix == ".txt":
        from toledo.core.session import read_share_link

        return [str(a) for a in read_share_link(path.read_text(encoding="utf-8")).state.history]
    entry = json.loads(path.read_text(encoding="utf-8"))
    return list(entry["save"]["actions"] if "save" in entry else entry["actions"])


def opened_at(page: Page, expected: list[str]) -> None:
    assert session_result(page) == "loaded"
    assert actions(page)[:len(expected)] == expected  # a computer to act may have played on


def test_stored_games_of_every_format_are_listed_and_resume(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto(site_url)
    wait_ready(page)
    entries = {json.loads(p.read_text(encoding="utf-8"))["id"]: p for p in STORED}
    items = {f"toledo.autosave.{game_id}": p.read_text(encoding="utf-8").strip() for game_id, p in entries.items()}
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    page.reload()
    wait_ready(page)
    assert sorted(listed(page)) == sorted(entries)
    for game_id, path in entries.items():
        page.locator(f'#saved-list li[data-game="{game_id}"] [data-ui="resume"]').click()
        opened_at(page, fixture_actions(path))
        to_start(page)
    assert sorted(listed(page)) == sorted(entries)


@pytest.mark.parametrize("path", LINKS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_links_of_every_format_open(site_url: str, new_page: Callable[..., Page], path: Path) -> None:
    page = new_page()
    page.goto(f"{site_url}#{path.read_text(encoding='utf-8').strip()}")
    wait_ready(page)
    opened_at(page, fixture_actions(path))


def test_save_files_of_every_format_open(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto(site_url)
    wait_ready(page)
    for path in SAVES:
        read_save_text(path.read_bytes())  # the engine reads it too
        page.locator("#load-input").set_input_files(str(path))
        opened_at(page, fixture_actions(path))
        to_start(page)
