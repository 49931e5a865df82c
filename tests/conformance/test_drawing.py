"""The board drawings have a click target for everything the page offers on them.

There is no drawing protocol common to the games yet (each draws with its own `svg.board_svg` and
marks clicks its own way), so this file knows each drawing game's page code; a registered game
without an entry here is reported by `test_every_game_with_a_drawing_is_checked`."""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.conformance.cases import SEEDS, Case, cases, played, positions

CLICKABLE = ("legal", "offered")  # the class each drawing gives what may be clicked now


def elements(svg: str) -> Iterator[dict[str, str]]:
    for element in ET.fromstring(svg).iter():
        yield element.attrib


def clickable(svg: str, attribute: str) -> set[str]:
    """The values of `attribute` on elements drawn as offered buttons."""
    return {a[attribute] for a in elements(svg)
            if attribute in a and a.get("role") == "button" and set(a.get("class", "").split()) & set(CLICKABLE)}


def toledo_targets(state: Any) -> int:
    """Toledo: what `ui.offer` highlights (from no pick, and after each offered card) is drawn as a
    button: spaces, pawns, swords and fencing piles."""
    ui = importlib.import_module("toledo.games.toledo.ui")
    svg = importlib.import_module("toledo.games.toledo.svg")
    checked = 0
    picks = [ui.Pick()]
    picks += [ui.click(state, ui.Pick(), "card", card).pick for card in ui.offer(state, ui.Pick()).cards]
    for pick in picks:
        o = ui.offer(state, pick)
        drawn = svg.board_svg(state.view(state.current_player), legal_spaces=o.spaces, legal_pawns=o.pawns,
                              legal_swords=o.swords, legal_fencing=o.fencing, selected_pawn=o.selected_pawn)
        # pawns of one owner on one spot are one button, drawn on the first of them that is offered
        pos = {a["data-pawn"]: a["data-pos"] for a in elements(drawn) if "data-pawn" in a}
        buttons = {(name.rpartition("-")[0], pos[name]) for name in clickable(drawn, "data-pawn")}
        assert all((name.rpartition("-")[0], pos[name]) in buttons for name in o.pawns), o.pawns
        checked += len(o.pawns)
        for attribute, wanted in (("data-space", {str(s) for s in o.spaces}),
                                  ("data-sword", {str(s) for s in o.swords}), ("data-fencing", set(o.fencing))):
            assert wanted <= clickable(drawn, attribute), (attribute, wanted - clickable(drawn, attribute))
            checked += len(wanted)
    return checked


def torres_targets(state: Any) -> int:
    """Torres: at every selection a click can reach, each offered board target (`offers.BOARD_KINDS`)
    is drawn with its key, and every option leads towards legal actions."""
    offers = importlib.import_module("toledo.games.torres.offers")
    svg = importlib.import_module("toledo.games.torres.svg")
    legal = set(state.legal_actions())
    view = state.view(state.current_player)
    checked = 0
    todo, seen = [offers.NOTHING], set()
    while todo and len(seen) < 60:
        selection = todo.pop()
        if selection in seen:
            continue
        seen.add(selection)
        shown = offers.offers(state, selection)
        drawn = svg.board_svg(view, offered=shown.keys, selected=shown.selected)
        on_board = {o.key for o in shown.options if o.target.kind in offers.BOARD_KINDS}
        assert on_board <= clickable(drawn, "data-key"), on_board - clickable(drawn, "data-key")
        checked += len(on_board)
        for option in shown.options:
            assert set(option.actions) <= legal
            if option.action is None and option.target.kind != offers.CANCEL:
                todo.append(selection + (option.target,))
    return checked


DRAWINGS: dict[str, Callable[[Any], int]] = {"toledo": toledo_targets, "torres": torres_targets}


@pytest.mark.parametrize("case", [c for c in cases() if c.game in DRAWINGS], ids=str)
def test_the_drawing_has_a_click_target_for_every_offer(case: Case) -> None:
    checked = 0
    every = max(1, len(played(case, SEEDS[0])[1]) // 16)  # drawings are slow to build: 16 moments a game
    for state, _ in positions(case, SEEDS[0], every=every):
        if not state.is_terminal():
            checked += DRAWINGS[case.game](state)
    assert checked > 10


def test_every_game_with_a_drawing_is_checked() -> None:
    """A product game (one with an `svg` module in its package) is checked above."""
    for game in sorted({c.game for c in cases()}):
        package = Case(game, 2, "").rules().__module__.rpartition(".")[0]
        try:
            importlib.import_module(f"{package}.svg")
        except ModuleNotFoundError:
            continue
        assert game in DRAWINGS, f"{game} draws a board this suite does not check"
