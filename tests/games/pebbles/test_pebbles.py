"""Pebbles' rules, its one hidden thing, and its place in the platform (registered by the tests only)."""

from __future__ import annotations

import random

import pytest

from tests.games.pebbles.game import GAME, Take, parse
from toledo.core import registry
from toledo.core.errors import ActionSyntaxError, IllegalActionError, SetupError


def test_pebbles_is_registered_by_the_tests_and_found_by_name() -> None:
    assert "pebbles" in registry.names() and registry.get("pebbles") is GAME
    assert registry.game_of(GAME.make_setup(2, seed=1)) is GAME


def test_the_heap_comes_from_the_seed_and_the_players_take_one_to_three() -> None:
    heaps = {GAME.new_state(GAME.make_setup(2, seed=seed)).heap for seed in range(60)}
    assert heaps == set(range(15, 21))
    state = GAME.new_state(GAME.make_setup(2, seed=3, start_player=1))
    assert state.current_player == 1 and [str(a) for a in state.legal_actions()][:3] == ["take 1", "take 2", "take 3"]
    heap = state.heap
    state.apply(Take(3))
    assert state.heap == heap - 3 and state.current_player == 0 and state.turn == 2


def test_whoever_takes_the_last_pebble_wins() -> None:
    state = GAME.new_state(GAME.make_setup(2, seed=4))
    while state.heap > 3:
        state.apply(Take(1))
    winner = state.current_player
    state.apply(Take(state.heap))
    assert state.is_terminal() and state.current_player == -1 and state.returns()[winner] == 1.0
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(Take(1))


def test_the_reserve_takes_the_secret_once_and_shows_it_to_the_other_player() -> None:
    state = GAME.new_state(GAME.make_setup(2, seed=5))
    secret, heap = state.secret[0], state.heap
    assert state.view(1).shown == (0, 0) and state.view(0).secret == secret
    state.apply(Take(0))
    assert state.heap == heap - secret and state.view(1).shown[0] == secret
    state.apply(Take(1))
    assert Take(0) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="used up"):
        state.apply(Take(0))


def test_a_sampled_state_keeps_the_own_secret_and_redraws_the_other() -> None:
    state = GAME.new_state(GAME.make_setup(2, seed=6))
    rng = random.Random(1)
    others = {GAME.sample_state(state.view(0), rng).secret[1] for _ in range(40)}
    assert others == {1, 2, 3}
    assert {GAME.sample_state(state.view(0), rng).secret[0] for _ in range(10)} == {state.secret[0]}


@pytest.mark.parametrize("text", ["take 0", "take 4", "take", "Take 1", "take  1", "reserve 2", "take ١"])
def test_anything_but_the_four_action_texts_is_refused(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse(text)


def test_pebbles_is_for_two_players_in_one_variant() -> None:
    for bad in ({"num_players": 3}, {"num_players": 2, "variant": "big"}, {"num_players": 2, "colours": (0, 0)}):
        with pytest.raises(SetupError):
            GAME.make_setup(**bad)
