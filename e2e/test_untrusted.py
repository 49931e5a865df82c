"""Untrusted input in the browser: a tampered or oversized link, an oversized or UTF-16 file and
corrupt stored entries are each refused with ONE sentence in the player's language (what happened and
what to do), while the game in progress and the saved games stay exactly as they were and the page
never holds a half-loaded game. The English reason stays out of sight in data-detail."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from browser_support import (WAITING_TURNS, html_data, local_items, screenshot, session_result, to_start,
                             transcript, wait_ready)
from browser_support import settle as settle_on
from playwright.sync_api import Page

from toledo import new_game
from toledo.core.boundary.limits import MAX_DOCUMENT_BYTES, MAX_LINK_CHARS
from toledo.core.i18n import translate
from toledo.core.session import save_document, save_text, share_fragment

TIMEOUT_MS = 60_000


def settle(page: Page) -> str:
    return settle_on(page, TIMEOUT_MS, WAITING_TURNS)


def move(page: Page) -> None:
    page.locator("#hand .card.playable").first.click()
    settle(page)
    page.locator("#board .pawn.legal").first.click()
    settle(page)


def act(page: Page) -> None:
    """One decision of the human to act: a move if a card is playable, else the first action button."""
    if page.locator("#hand .card.playable").count():
        move(page)
    else:
        page.locator("#actions button[data-key^='action:']").first.click()
        settle(page)


def refusal(page: Page, key: str, lang: str) -> str:
    """The line shown: exactly the catalogue's one sentence in `lang`; returns the hidden English detail."""
    assert session_result(page) == "refused"
    line = page.locator("#session-message")
    text = line.text_content() or ""
    assert text == translate(key, lang), (key, text)
    assert "\n" not in text and text.count(". ") == 0, text
    assert (line.get_attribute("class") or "") == "error"
    return line.get_attribute("data-detail") or ""


def a_game_in_progress(page: Page, site_url: str, lang: str) -> tuple[dict, dict[str, str]]:
    page.goto(f"{site_url}?seats=human,easy&names=Ann,Bot&seed=21&speed=0&autostart=1&lang={lang}")
    wait_ready(page)
    assert settle(page) == "human"
    move(page)
    saved = local_items(page)
    assert len(saved) == 1
    return transcript(page), saved


def test_tampered_and_oversized_links_never_touch_the_game(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    game, saved = a_game_in_progress(page, site_url, "de")
    other = new_game(2, seed=4)
    document = save_document(other.setup, ["X", "Y"], ["human", "human"], [])
    good = share_fragment({**document, "actions": ["draw", "end"]})
    body = good[len("game="):]
    links = {
        # well-formed base64 and zlib around a game whose actions were changed: only the replay tells
        "illegal": (share_fragment({**document, "actions": ["draw", "challenge red"]}), "refused_link_damaged",
                    "challenge red"),
        "flipped": ("game=" + body[:30] + ("B" if body[30] != "B" else "C") + body[31:], "refused_link_damaged", ""),
        "cut": (good[: len(good) // 2], "refused_link_damaged", ""),
        "seed": (share_fragment({**document, "setup": {**document["setup"], "seed": 10 ** 40}}),
                 "refused_link_damaged", "digits"),
        "huge": ("game=" + "A" * (MAX_LINK_CHARS + 10), "refused_link_too_large", "too long"),
    }
    for name, (fragment, key, words) in links.items():
        page.evaluate("(f) => { location.hash = f }", "#" + fragment)
        detail = refusal(page, key, "de")
        assert words in detail, (name, detail)
        assert "#" not in page.url, name  # the link left the address
        assert settle(page) == "human" and transcript(page) == game, name
        assert local_items(page) == saved, name
    screenshot(page, "untrusted-link-de-1280x800")
    act(page)  # the game goes on
    assert len(transcript(page)["actions"]) > len(game["actions"])


def test_oversized_and_utf16_files_are_refused_and_the_saved_games_stay(site_url: str, new_page: Callable[..., Page],
                                                                        tmp_path: Path) -> None:
    page = new_page()
    _, saved = a_game_in_progress(page, site_url, "fr")
    to_start(page)
    state = new_game(2, seed=3)
    text = save_text(save_document(state.setup, ["X", "Y"], ["human", "human"], []))
    files = {
        "huge.json": (text.encode() + b" " * (MAX_DOCUMENT_BYTES + 1), "refused_file_too_large", ""),
        "utf16.json": (text.encode("utf-16"), "refused_file_not_game", "UTF-16"),  # as the command line says
        "deep.json": (b"[" * 5000 + b"]" * 5000, "refused_file_not_game", "deep"),
        "seed.json": (text.replace('"seed": 3', '"seed": ' + "7" * 5000).encode(), "refused_file_not_game", "digits"),
        "name.json": (text.replace('"X"', '"X\\nerror: boom"').encode(), "refused_file_damaged", "name"),
    }
    for name, (data, key, words) in files.items():
        path = tmp_path / name
        path.write_bytes(data)
        page.set_input_files("#load-input", str(path))
        detail = refusal(page, key, "fr")
        assert words in detail and "\n" not in detail, (name, detail)
        assert html_data(page, "turn") == "setup" and local_items(page) == saved, name
    screenshot(page, "untrusted-file-fr-1280x800")
    # a UTF-8 file with a byte-order mark opens, as on the command line
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    page.set_input_files("#load-input", str(path))
    assert session_result(page) == "loaded"


def test_corrupt_stored_entries_are_listed_and_refused_without_touching_the_others(
        site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    game, saved = a_game_in_progress(page, site_url, "en")
    (key, text), = saved.items()
    entry = json.loads(text)
    actions = ["return 3", *entry["save"]["actions"][1:]]  # the summary still fits: only replaying tells
    tampered = {**entry, "id": "tampered1", "save": {**entry["save"], "actions": actions}}
    hostile = {
        "toledo.autosave.broken01": "{not json",
        "toledo.autosave.deep0001": "[" * 100_000,
        "toledo.autosave.digits01": text.replace(f'"id":"{entry["id"]}"', '"id":"digits01"').replace(
            '"turn":', '"turn":' + "9" * 5000 + ",\"x\":", 1),
        "toledo.autosave.tampered1": json.dumps(tampered),
    }
    for name, value in hostile.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [name, value])
    to_start(page)  # else a reload resumes this tab's game
    page.goto(site_url)  # a fresh visit lists what is stored
    wait_ready(page)
    items = page.locator("#saved-list li[data-game]")
    assert items.count() == 1 + len(hostile)
    for name in ("broken01", "deep0001", "digits01"):
        assert page.locator(f'#saved-list li[data-game="{name}"]').get_attribute("class") == "damaged", name
    page.locator('#saved-list li[data-game="tampered1"] [data-ui="resume"]').click()
    detail = refusal(page, "refused_saved_damaged", "en")
    assert "return 3" in detail
    assert html_data(page, "turn") == "setup" and items.count() == 1 + len(hostile)
    after = local_items(page)
    assert after[key] == text and all(after[k] == v for k, v in hostile.items())  # nothing rewritten or lost
    game_id = key.removeprefix("toledo.autosave.")
    page.locator(f'#saved-list li[data-game="{game_id}"] [data-ui="resume"]').click()
    assert session_result(page) == "loaded"
    assert settle(page) == "human" and transcript(page) == game


def test_the_same_link_opened_twice_is_stored_once(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    state = new_game(2, seed=6)
    state.apply(next(a for a in state.legal_actions() if str(a) == "draw"))
    link = f"{site_url}#{share_fragment(save_document(state.setup, ['Ann', 'Bob'], ['human', 'human'], state.history))}"
    for tab in (page, page.context.new_page()):  # two openings, each a fresh page of this browser
        tab.goto(link)
        wait_ready(tab)
        assert session_result(tab) == "loaded"
        assert len(local_items(tab)) == 1


def test_a_seed_that_is_no_short_whole_number_is_refused_on_the_start_screen(
        site_url: str, new_page: Callable[..., Page]) -> None:
    # the number field lets these through (a 5,000-digit seed it empties itself); read_setup refuses them
    for seed in ("99999999999999999999", "1e5", "12.5"):
        page = new_page()  # a fresh tab: a reload would resume the tab's game
        page.goto(f"{site_url}?seats=human,easy&seed={seed}&autostart=1&lang=fr")
        wait_ready(page)
        page.wait_for_function("document.querySelector('#setup-error').textContent !== ''", timeout=TIMEOUT_MS)
        assert page.locator("#setup-error").text_content() == translate("error_seed", "fr"), seed
        assert html_data(page, "turn") == "setup" and local_items(page) == {}, seed
