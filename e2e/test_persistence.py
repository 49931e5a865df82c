"""Never losing a game in the browser: a reload resumes, several unfinished games wait on the
start screen, save files round-trip, share links open in a fresh browser, undo stops at a reveal, a
finished game replays to its final position, and bad files, links and stored entries are refused with
one clear line while the game in progress and the saved games stay as they were (names as text).

Games are short on purpose: computer pace 0, a few decisions, mid-game positions carried by links."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from browser_support import (WAITING_TURNS, html_data, local_items, screenshot, session_result, to_start,
                             transcript, wait_ready)
from browser_support import settle as settle_on
from playwright.sync_api import Page

from toledo import new_game
from toledo.games.toledo.actions import Kind
from toledo.cli import play_game
from toledo.games.toledo.describe import describe
from toledo.core.save import loads
from toledo.core.session import save_document, save_text, share_fragment, undo_floor
from toledo.games.toledo.state import State

TIMEOUT_MS = 60_000


def settle(page: Page) -> str:
    return settle_on(page, TIMEOUT_MS, WAITING_TURNS + ("replay",))


def click(page: Page, selector: str) -> None:
    page.locator(selector).first.click()
    settle(page)


def hand(page: Page) -> list[str]:
    cards = page.locator("#hand .card")
    return [cards.nth(i).get_attribute("data-key") or "" for i in range(cards.count())]


def move(page: Page) -> None:
    """Play the first playable card on the first pawn it can move."""
    click(page, "#hand .card.playable")
    click(page, "#board .pawn.legal")


def act(page: Page) -> None:
    """One decision of the human to act: a move if a card is playable, else the first action button."""
    if page.locator("#hand .card.playable").count():
        move(page)
    else:
        click(page, "#actions button[data-key^='action:']")


def link_to(site_url: str, state: State, names: list[str], kinds: list[str]) -> str:
    return f"{site_url}#{share_fragment(save_document(state.setup, names, kinds, state.history))}"


def test_reload_resumes_and_the_start_screen_keeps_several_games(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto(f"{site_url}?seats=human,human&names=Ann,Ben&seed=4&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "pass"
    click(page, "#reveal")
    click(page, '#actions [data-key="action:draw"]')
    click(page, "#reveal")
    move(page)  # Ben is in the middle of his turn
    before, step, phase, cards = transcript(page), html_data(page, "step"), html_data(page, "phase"), hand(page)
    log = page.locator("#log li").all_inner_texts()
    assert len(log) == len(before["actions"]) == 2

    page.reload()
    wait_ready(page)
    assert session_result(page) == "loaded"
    assert settle(page) == "pass"  # hotseat: the privacy screen first, for the player to act
    assert "Ben" in (page.locator("#pass-name").text_content() or "")
    assert page.locator(".card, .card-face").count() == 0
    assert transcript(page) == before
    assert (html_data(page, "step"), html_data(page, "phase")) == (step, phase)
    assert page.locator("#log li").all_inner_texts() == log
    click(page, "#reveal")
    assert hand(page) == cards
    assert page.locator("#undo-note").get_attribute("data-undoable") == "1"

    # another tab of the same browser: a game of its own, then both wait on the start screen
    other = page.context.new_page()
    other.goto(f"{site_url}?seats=human,easy&names=Cy,Bot&seed=9&speed=0&autostart=1")
    wait_ready(other)
    assert settle(other) == "human"
    move(other)
    to_start(other)
    entries = other.locator("#saved-list li[data-game]")
    assert entries.count() == 2
    texts = entries.all_inner_texts()
    assert "Cy, Bot" in texts[0] and "Ann, Ben" in texts[1]  # the latest first
    assert "Ben's turn" in texts[1] and "turn 2" in texts[1]
    screenshot(other, "saved-games-1280x800")
    other.locator("#saved-list li", has_text="Ann, Ben").locator('[data-ui="resume"]').click()
    assert session_result(other) == "loaded"
    assert settle(other) == "pass" and transcript(other) == before
    click(other, "#reveal")
    to_start(other)
    other.locator("#saved-list li", has_text="Cy, Bot").locator('[data-ui="delete-saved"]').click()
    other.wait_for_function("document.querySelectorAll('#saved-list li[data-game]').length === 1")
    other.close()


def test_a_save_file_round_trips(site_url: str, new_page: Callable[..., Page], tmp_path: Path) -> None:
    page = new_page()
    page.goto(f"{site_url}?seats=human,easy&names=Ann,Bot&seed=21&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    click(page, '#actions button[data-key="ui:place"]')
    click(page, "#tiles .tile-btn:not(.disabled)")
    click(page, "#board [data-key^='space:'].legal")
    assert settle(page) == "human"  # the computer has answered
    move(page)
    before = transcript(page)
    with page.expect_download() as download:
        page.locator("#save-file").click()
    path = tmp_path / (download.value.suggested_filename or "game.json")
    download.value.save_as(path)
    assert path.name.endswith(".json")
    model, state = loads(path.read_text(encoding="utf-8"))  # the engine reads what the page wrote
    assert [str(a) for a in state.history] == before["actions"]
    assert [(p.name, p.colour, p.kind) for p in model.setup.players] == [("Ann", "red", "human"), ("Bot", "blue", "easy")]
    assert model.setup.seed == 21

    to_start(page)
    page.set_input_files("#load-input", str(path))
    assert session_result(page) == "loaded"
    assert settle(page) == "human"
    assert transcript(page) == before
    assert page.locator("#log li").count() == len(before["actions"])
    assert "Ann, Bot" in (page.locator("#session-message").text_content() or "")


def test_a_share_link_opens_the_game_in_a_fresh_browser(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto(f"{site_url}?seats=human,easy,human&names=Ann,Bot,Cleo&seed=5&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "pass"
    click(page, "#reveal")
    move(page)
    before = transcript(page)
    page.locator("#share-link").click()
    page.wait_for_function("document.querySelector('#share-url').value.includes('#game=')")
    url = page.locator("#share-url").input_value()
    assert url.startswith(site_url) and len(url) < 2000

    fresh = new_page(390, 844)  # another device: its own context, nothing stored
    fresh.goto(url)
    wait_ready(fresh)
    assert session_result(fresh) == "loaded"
    assert settle(fresh) == "pass" and "Ann" in (fresh.locator("#pass-name").text_content() or "")
    assert transcript(fresh) == before
    assert "pydantic 2." in (fresh.locator("#status").text_content() or "")  # loaded to check the link
    assert "#" not in fresh.url  # the game moved from the address into this browser's store
    assert len(local_items(fresh)) == 1
    click(fresh, "#reveal")
    assert fresh.locator("#undo-note").get_attribute("data-undoable") == "1"


def test_a_finished_game_replays_to_its_final_position(site_url: str, new_page: Callable[..., Page]) -> None:
    final = play_game(2, 3, ["random", "random"])
    names, kinds = ["Ann", "Bob"], ["random", "random"]
    page = new_page()
    page.goto(link_to(site_url, final, names, kinds))
    wait_ready(page)
    assert session_result(page) == "loaded"
    assert settle(page) == "over"  # who won first, the final board beside it; Replay steps through it
    assert "Replay steps through it" in (page.locator("#session-message").text_content() or "")
    assert page.locator("#scores").is_visible() and page.locator("#replay-open").is_visible()
    click(page, "#replay-open")
    assert settle(page) == "replay"
    assert page.locator("#turn-info").text_content() == "Replay"
    total = len(final.history)
    assert html_data(page, "replay") == "0"
    assert page.locator("#replay-step").text_content() == f"Move 0 of {total}"
    after = State(final.setup)
    outcome = after.apply(final.history[0])
    click(page, "#replay-next")
    assert html_data(page, "replay") == "1"
    assert page.locator("#replay-line").text_content() == describe(outcome, final.history[0], after).text("en", names)
    click(page, "#replay-last")
    assert html_data(page, "replay") == str(total)
    assert page.locator("#replay-next").is_disabled() and page.locator("#replay-last").is_disabled()

    def board_pawns() -> dict[str, int]:
        pawns = page.locator("#board [data-key^='pawn:'][data-pos]")
        return {(pawns.nth(i).get_attribute("data-key") or "").removeprefix("pawn:"): int(pawns.nth(i).get_attribute("data-pos") or -9)
                for i in range(pawns.count())}

    expected = {f"{final.colour_of(p // 5)}-{p % 5 + 1}": pos for p, pos in enumerate(final.pawn_pos)}
    assert board_pawns() == expected
    screenshot(page, "replay-1280x800")
    click(page, "#replay-prev")
    assert html_data(page, "replay") == str(total - 1)
    click(page, "#replay-next")
    assert board_pawns() == expected
    click(page, "#replay-exit")
    assert settle(page) == "over" and page.locator("#turn-info").text_content() == "Game over"
    totals = [int(page.locator(f'#scores tr[data-row="total"] td[data-seat="{s}"]').text_content() or "-1")
              for s in range(2)]
    assert totals == [s.total for s in final.scores()]
    assert page.locator("#log li").count() == total
    assert page.locator("#log").get_attribute("role") == "log"
    click(page, "#replay-open")  # the score screen offers the replay again
    assert settle(page) == "replay" and html_data(page, "replay") == "0"


def test_a_replay_opened_on_a_tablet_starts_at_the_board_with_its_buttons_in_sight(
        site_url: str, new_page: Callable[..., Page]) -> None:
    """"Replay" sits at the foot of a tablet's end screen: the replay opens on the board, its buttons fixed
    under it, not where the page was scrolled to."""
    final = play_game(2, 3, ["random", "random"])
    page = new_page(768, 1024, has_touch=True, is_mobile=True)
    page.goto(link_to(site_url, final, ["Ann", "Bob"], ["random", "random"]))
    wait_ready(page)
    assert settle(page) == "over"
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.locator("#replay-open").tap()
    assert settle(page) == "replay"
    assert page.evaluate("window.scrollY") == 0
    nav = page.locator("#replay-nav").bounding_box()
    assert nav is not None and nav["y"] + nav["height"] <= 1024 and nav["y"] > 500, nav


def _after_a_tavern() -> State:
    """A two-player position where the player to act has just drawn at the tavern and may still move."""
    for seed in range(200):
        state = new_game(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.step < 300:
            floor = undo_floor(state)
            if (floor.reason == "undo_stop_tavern" and not floor.possible
                    and any(a.kind is Kind.MOVE for a in state.legal_actions())):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no position after a tavern draw found")


def test_undo_stops_at_a_reveal_and_at_the_start_of_a_turn(site_url: str, new_page: Callable[..., Page]) -> None:
    position = _after_a_tavern()
    page = new_page()
    page.goto(link_to(site_url, position, ["Ann", "Ben"], ["human", "human"]))
    wait_ready(page)
    assert session_result(page) == "loaded"
    assert settle(page) == "pass"
    assert page.locator("#undo-bar").is_hidden()  # nothing of a hidden hand to take back
    click(page, "#reveal")
    loaded, cards = transcript(page), hand(page)
    note = page.locator("#undo-note")
    # the pawn's move to the tavern is this turn's, but the tavern dealt cards since: undo stops there
    assert page.locator("#undo").is_disabled()
    assert note.get_attribute("data-reason") == "undo_stop_tavern"
    assert note.text_content() == "Undo stops here: the tavern dealt cards."
    move(page)
    assert note.get_attribute("data-undoable") == "1" and page.locator("#undo").is_enabled()
    assert page.locator("#log li").count() == len(loaded["actions"]) + 1
    click(page, "#undo")
    assert transcript(page) == loaded and hand(page) == cards
    assert page.locator("#log li").count() == len(loaded["actions"])
    assert page.locator("#undo").is_disabled() and note.get_attribute("data-reason") == "undo_stop_tavern"
    screenshot(page, "undo-1280x800")
    # never into another player's turn
    click(page, '#actions [data-key="action:end"]')
    assert settle(page) == "pass"
    click(page, "#reveal")
    assert page.locator("#undo").is_disabled()
    assert note.get_attribute("data-reason") == "undo_stop_turn"
    assert note.text_content() == "Undo stops here: this is the start of your turn."


def test_bad_files_links_and_entries_never_cost_a_game(site_url: str, new_page: Callable[..., Page],
                                                       tmp_path: Path) -> None:
    page = new_page()
    page.goto(f"{site_url}?seats=human,easy&names=Ann,Bot&seed=21&speed=0&autostart=1")
    wait_ready(page)
    assert settle(page) == "human"
    move(page)
    game = transcript(page)
    saved = local_items(page)
    assert len(saved) == 1

    # a broken link while playing: one line, and the game goes on
    page.evaluate("location.hash = '#game=eJwrSS0uUcjMS8nMS1dIzs8rSc0r0UvOzwUA'")
    assert session_result(page) == "refused"
    message = page.locator("#session-message")
    assert "link" in (message.text_content() or "") and "unchanged" in (message.text_content() or "")
    assert settle(page) == "human" and transcript(page) == game and local_items(page) == saved
    act(page)  # still playable
    game, saved = transcript(page), local_items(page)

    # bad files on the start screen
    to_start(page)
    good = json.loads(save_text(save_document(new_game(2, seed=3).setup, ["X", "Y"], ["human", "human"], [])))
    files = {
        "truncated.json": (save_text(good)[:40], "not valid JSON"),
        "photo.png": ("\x89PNG\r\n\x1a\n\x00\x00", "not valid JSON"),
        "foreign.json": (json.dumps({"format": "chess-pgn", "moves": ["e4"]}), "not a saved game of this site"),
        "future.json": (json.dumps({**good, "version": 7}), "version"),
        "tampered.json": (json.dumps({**good, "actions": ["move 5V 1", "end"]}), "cannot be played"),
        "bad-name.json": (json.dumps({**good, "setup": {**good["setup"], "players": [
            {"name": "", "colour": "red", "kind": "human"}, good["setup"]["players"][1]]}}), "name"),
    }
    for name, (text, words) in files.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        page.set_input_files("#load-input", str(path))
        assert session_result(page) == "refused", name
        line, detail = message.text_content() or "", message.get_attribute("data-detail") or ""
        assert "unchanged" in line and words in detail, (name, line, detail)  # the reason stays out of sight
        assert html_data(page, "turn") == "setup" and local_items(page) == saved, name
    screenshot(page, "refused-file-1280x800")

    # a damaged stored entry is listed as damaged; one that only fails on loading is refused and kept
    page.evaluate("localStorage.setItem('toledo.autosave.broken01', '{not json')")
    (key, text), = saved.items()
    entry = json.loads(text)
    entry["id"] = "tampered1"
    entry["save"]["actions"][0] = "return 3"
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["toledo.autosave.tampered1", json.dumps(entry)])
    page.goto(site_url)  # a fresh visit: the start screen lists what is stored
    wait_ready(page)
    items = page.locator("#saved-list li[data-game]")
    assert items.count() == 3
    assert "Damaged saved game" in (page.locator('#saved-list li[data-game="broken01"]').text_content() or "")
    page.locator('#saved-list li[data-game="tampered1"] [data-ui="resume"]').click()
    assert session_result(page) == "refused"
    assert "saved game is damaged" in (message.text_content() or "")
    assert html_data(page, "turn") == "setup" and items.count() == 3

    # markup in names, from a file: shown as text everywhere
    evil = '<img src=x onerror="window.pwned=1">'
    state = new_game(2, seed=8)
    state.apply(next(a for a in state.legal_actions() if a.kind is Kind.DRAW))
    path = tmp_path / "evil.json"
    path.write_text(save_text(save_document(state.setup, [evil, "<b>Bo</b>"], ["human", "human"], state.history)))
    page.set_input_files("#load-input", str(path))
    assert session_result(page) == "loaded"
    assert settle(page) == "pass"
    assert page.locator("#pass-name").text_content() == "<b>Bo</b>"
    assert page.evaluate("window.pwned") is None
    assert page.locator("#app img").count() == 0
    assert (page.locator('#players [data-seat="1"] .pname').text_content() or "") == "<b>Bo</b>"
    assert evil in (page.locator('#players [data-seat="0"] .pname').text_content() or "")
    assert evil in (page.locator("#log").text_content() or "")
    assert evil in (message.text_content() or "")
    click(page, "#reveal")
    to_start(page)
    assert page.locator("#saved-list img").count() == 0
    assert evil in (page.locator("#saved-list").text_content() or "")

    # the game in progress is still there, exactly
    page.locator(f'#saved-list li[data-game="{key.removeprefix("toledo.autosave.")}"] [data-ui="resume"]').click()
    assert session_result(page) == "loaded"
    assert settle(page) == "human" and transcript(page) == game

    # a broken link opened in a new tab refuses and lists the saved games
    tab = page.context.new_page()
    tab.goto(f"{site_url}#game=" + share_fragment(good)[5:60])
    wait_ready(tab)
    assert session_result(tab) == "refused"
    assert "damaged or incomplete" in (tab.locator("#session-message").text_content() or "")
    assert tab.locator(f'#saved-list li[data-game="{key.removeprefix("toledo.autosave.")}"]').count() == 1
    tab.close()
