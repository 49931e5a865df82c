"""The page's click machine for Torres: clicking the offers from an empty selection reaches exactly the
legal actions, never anything else, and cancel, take-back and restart behave."""

from __future__ import annotations

import random

import pytest

from tests.torres.helpers import random_game
from toledo.games.torres import data as D
from toledo.games.torres.actions import Action
from toledo.games.torres.page.clicks import NOTHING, Selection, Target, click, offers, recent_keys
from toledo.games.torres.state import Setup, State

CASES = [(n, variant) for n in (2, 3, 4) for variant in D.VARIANTS]


def reachable(st: State, lang: str = "en") -> tuple[set[Action], int]:
    """Every action a player can complete by clicking offers, walking every selection reachable from the
    empty one; checks on the way that each offer leads only towards legal actions."""
    legal = set(st.legal_actions())
    found: set[Action] = set()
    seen: set[Selection] = set()
    todo: list[Selection] = [NOTHING]
    while todo:
        sel = todo.pop()
        if sel in seen:
            continue
        seen.add(sel)
        shown = offers(st, sel, lang=lang)
        assert shown.selection == sel
        assert shown.prompt
        keys = [o.key for o in shown.options]
        assert len(keys) == len(set(keys)), "an offer twice"
        for option in shown.options:
            assert option.label and "{" not in option.label
            assert set(option.actions) <= legal, (sel, option.key)
            new_sel, action = click(st, sel, option.key)
            if option.target.kind == "cancel":
                assert (new_sel, action) == (NOTHING, None)
                continue
            if action is not None:
                assert action in legal
                assert option.action is action
                found.add(action)
            else:
                assert option.action is None
                assert new_sel == sel + (option.target,), (sel, option.key, new_sel)
                todo.append(new_sel)
    return found, len(seen)


def sample_states(num_players: int, variant: str, seed: int, every: int = 9) -> list[State]:
    st = State(Setup(num_players, seed, 0, (), variant))
    rng = random.Random(f"offers:{num_players}:{variant}:{seed}")
    out = []
    while not st.is_terminal():
        if st.step % every == 0:
            out.append(st.clone())
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))], check=False)
    return out


@pytest.mark.parametrize(("num_players", "variant"), CASES)
def test_clicking_the_offers_reaches_exactly_the_legal_actions(num_players: int, variant: str) -> None:
    checked = 0
    for st in sample_states(num_players, variant, seed=num_players * 7 + len(variant)):
        found, _ = reachable(st)
        assert found == set(st.legal_actions()), st.summary()
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_offers_speak_every_language(lang: str) -> None:
    for st in sample_states(3, "own-deck", seed=5, every=23):
        found, _ = reachable(st, lang)
        assert found == set(st.legal_actions())


def test_cancel_and_take_back_return_to_the_start() -> None:
    st = random_game(2, 3, upto=30)
    root = offers(st)
    assert not [o for o in root.options if o.target.kind == "cancel"], "nothing to cancel at the start"
    narrowing = next(o for o in root.options if o.action is None)
    sel, action = click(st, NOTHING, narrowing.key)
    assert action is None and sel == (narrowing.target,)
    deeper = offers(st, sel)
    assert any(o.target.kind == "cancel" for o in deeper.options)
    assert click(st, sel, "cancel") == (NOTHING, None)
    assert click(st, sel, narrowing.key) == (NOTHING, None), "a click on the selected target takes it back"
    # a click on nothing offered changes nothing; a stale selection is dropped
    assert click(st, sel, "square:zz") == (sel, None)
    stale: Selection = (Target("tower", "4"), Target("square", "a1"))
    assert offers(st, stale).selection in (NOTHING, stale)


def test_a_click_on_another_start_begins_afresh() -> None:
    for st in sample_states(2, "base", seed=11, every=5):
        starts = [o for o in offers(st).options if o.action is None]
        if len(starts) < 2:
            continue
        first, second = starts[0], starts[1]
        sel, _ = click(st, NOTHING, first.key)
        if second.target in {o.target for o in offers(st, sel).options}:
            continue  # the second start is also a step of the first one's choice
        again, action = click(st, sel, second.key)
        assert action is None and again == (second.target,)
        return
    pytest.fail("no position with two starting choices")


def test_an_action_button_applies_only_a_legal_action() -> None:
    st = random_game(2, 4, upto=40)
    legal = st.legal_actions()
    score = next((a for a in legal if str(a).startswith("score")), None)
    if score is not None:
        sel, action = click(st, NOTHING, f"action:{score}")
        assert action is score
    assert click(st, NOTHING, "action:score 99") == (NOTHING, None)
    assert click(st, NOTHING, "action:not an action") == (NOTHING, None)


def test_recent_keys_name_the_squares_an_action_touched() -> None:
    st = random_game(2, 2, upto=25)
    for action in st.legal_actions():
        keys = recent_keys(action)
        assert all(k.startswith("square:") for k in keys)
        assert len(keys) == len({q for q in (action.sq, action.to) if q >= 0})
    assert recent_keys(None) == frozenset()


def test_own_deck_the_deck_click_buys_and_the_card_kept_is_a_decision_of_its_own() -> None:
    st = random_game(2, 4, "own-deck", upto=0)
    while not any(a.kind.name == "BUY" for a in st.legal_actions()):
        st.apply(st.legal_actions()[0])
    new_sel, action = click(st, NOTHING, "deck")
    assert action is not None and str(action) == "buy", "the deck click pays, with nothing to cancel"
    st.apply(action)
    shown = offers(st, NOTHING)
    assert shown.prompt == "Which card do you keep?"
    assert {o.target.kind for o in shown.options} == {"keep"}
    found, _ = reachable(st)
    assert found == set(st.legal_actions()) and all(a.card >= 0 for a in found)
