"""Why undo stops, in Torres's words: after a card is bought (its face was seen) undo says so, and at the
start of a turn it says the previous turn ended; both texts exist in every language."""

from __future__ import annotations

import pytest

from toledo.core.undo import undo_floor
from toledo.games.torres.actions import Kind
from toledo.games.torres.state import Setup, State
from toledo.games.torres.words import tr


def first_turn() -> State:
    st = State(Setup(2, 3, 0, (), "base"))
    while st.stage.name != "TURN":
        st.apply(st.legal_actions()[0])
    return st


def test_undo_after_buying_a_card_says_a_card_was_seen() -> None:
    st = first_turn()
    assert undo_floor(st).reason == "undo_stop_turn"  # a new turn: the last one ended
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.BUY))
    floor = undo_floor(st)
    assert floor.undoable == 0 and floor.reason == "undo_stop_card"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_reason_is_worded_in_every_language(lang: str) -> None:
    text = tr("undo_stop_card", lang)
    assert text != "undo_stop_card" and len(text) > 20
