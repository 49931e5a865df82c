"""The page in English, German and French: chosen from the browser's languages, switchable, and
remembered; the interface, the board's names, the move log and the rules help all change language."""

from __future__ import annotations

import re
from collections.abc import Callable

from browser_support import SETTLED, wait_ready
from playwright.sync_api import Page

# interface words that must not be left in English on a German or French page
ENGLISH_UI = ("Take 2 cards", "Your turn", "Your hand", "New game", "Rules", "Move log", "Players", "points so far",
              "Place a tile", "Undo", "Download game", "Share link", "Replay", "to play", "cards", "runs in your browser")


def settle(page: Page) -> None:
    page.wait_for_function(SETTLED, timeout=120_000)


def visible_text(page: Page) -> str:
    return page.locator("#app").inner_text()


def english_left(page: Page) -> list[str]:
    text = visible_text(page)
    return [w for w in ENGLISH_UI if re.search(rf"\b{re.escape(w)}\b", text)]


def test_german_browser_gets_german_then_french_is_remembered(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800, locale="de-DE")
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#setup h2").inner_text() == "Neues Spiel"
    assert page.locator("#start").inner_text() == "Spiel starten"
    assert page.locator('#seats .seat[data-seat="0"] .seat-kind option[value="human"]').inner_text() == "Mensch"
    assert page.locator("#language").input_value() == "de"
    page.locator('#seats .seat[data-seat="1"] .seat-kind').select_option("easy")
    page.locator('#seats .seat[data-seat="0"] .seat-name').fill("Anna")
    page.locator("#setup details summary").click()
    assert page.locator("#setup details summary").inner_text() == "Weitere Optionen"
    page.locator("#speed").select_option("0")
    page.locator("#start").click()
    settle(page)
    assert page.locator("#prompt").inner_text().startswith("Du bist dran")
    draw = page.locator('#actions [data-key="action:draw"]')
    assert draw.inner_text().startswith("2 Karten nehmen") and draw.get_attribute("aria-keyshortcuts") == "D"
    assert page.locator("#board svg").get_attribute("aria-label") == "Spielplan von Toledo"
    assert (page.locator('#board [data-key="space:5"]').get_attribute("aria-label") or "").startswith("Feld 5, Taverne")
    page.locator('#actions [data-key="action:draw"]').click()
    settle(page)
    assert "nimmt 2 Karten" in page.locator("#log").inner_text()
    assert not english_left(page), english_left(page)
    # switch to French: everything follows, including the log and the board
    page.locator("#language").select_option("fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_function("document.querySelector('#log').innerText.includes('prend 2 cartes')")
    assert page.locator("#prompt").inner_text().startswith("À vous")
    assert page.locator('#actions [data-key="action:draw"]').inner_text().startswith("Prendre 2 cartes")
    assert (page.locator('#board [data-key="space:5"]').get_attribute("aria-label") or "").startswith("Case 5, taverne")
    assert page.locator("#rules-open").inner_text() == "Règles"
    assert not english_left(page), english_left(page)
    page.locator("#rules-open").click()
    page.wait_for_selector("#rules-dialog[open]")
    assert page.locator("#rules-body h3").first.inner_text() == "Comment jouer à Toledo"
    assert "prendre 2 cartes" in page.locator("#shortcut-list").inner_text()
    page.locator("#rules-close").click()
    # the choice is remembered: a new visit is French although the browser says German
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator("#language").input_value() == "fr"


def test_english_by_default_and_german_on_the_score_screen(site_url: str, new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800, locale="en-GB")
    page.goto(f"{site_url}?seats=easy,easy&seed=3&speed=0&autostart=1")
    wait_ready(page)
    settle(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#scores .verdict").inner_text().endswith("!")
    assert page.locator('#scores tr[data-row="total"] th').inner_text() == "Total"
    page.locator("#language").select_option("de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.locator('#scores tr[data-row="total"] th').inner_text() == "Summe"
    assert page.locator('#scores tr[data-row="gems"] th').inner_text() == "Edelsteine (2 je Punkt)"
    assert page.locator("#turn-info").inner_text() == "Spielende"
    assert page.locator(".end-buttons [data-ui='play-again']").inner_text() == "Noch einmal spielen"


def test_a_computer_seat_says_what_its_level_is_like(site_url: str, new_page: Callable[..., Page]) -> None:
    """Under a computer seat's menu a line says what its level is like, in the page's language; a person's
    seat has none."""
    page = new_page(1280, 800)
    page.goto(f"{site_url}?lang=de")
    wait_ready(page)
    person, computer = (page.locator(f'#seats .seat[data-seat="{i}"]') for i in (0, 1))
    assert person.locator(".seat-help").is_hidden()
    line = computer.locator(".seat-help")
    assert line.is_visible() and (line.text_content() or "").startswith("Schaut einen Zug voraus;")  # Medium
    assert computer.locator(".seat-kind").get_attribute("aria-describedby") == line.get_attribute("id")
    computer.locator(".seat-kind").select_option("hard")
    assert (line.text_content() or "").startswith("Rechnet voraus")
    page.locator("#language").select_option("fr")
    page.wait_for_function("document.querySelector('#seats .seat[data-seat=\"1\"] .seat-help').textContent"
                           ".startsWith('Calcule')")
    computer.locator(".seat-kind").select_option("human")
    assert line.is_hidden()
