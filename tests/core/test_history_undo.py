"""A game as setup + actions, for every game: replay, replay of texts from outside (one error naming the
step, nothing half-loaded), the replay cursor, and undo floors."""

from __future__ import annotations

import pytest

from tests.core.games import GAMES, random_state
from tests.core.test_boundary import assert_clean
from toledo.core import registry
from toledo.core.boundary.limits import MAX_ACTIONS
from toledo.core.errors import InputError
from toledo.core.history import ReplayCursor, replay, replay_texts
from toledo.core.undo import undo, undo_floor


@pytest.mark.parametrize("game", GAMES)
def test_replay_of_values_or_texts_gives_the_same_game(game: str) -> None:
    state = random_state(game, registry.get(game).max_players, 11, steps=80)
    texts = [str(a) for a in state.history]
    for again in (replay(state.setup, state.history), replay(state.setup, texts),
                  replay_texts(registry.get(game), state.setup, texts)):
        assert again.history == state.history and again.legal_actions() == state.legal_actions()
        assert again.view(0) == state.view(0)


@pytest.mark.parametrize("game", GAMES)
def test_replay_texts_names_the_first_bad_step(game: str) -> None:
    state = random_state(game, 2, 12, steps=30)
    texts = [str(a) for a in state.history]
    rules = registry.get(game)
    at = min(10, len(texts) - 1)
    for bad in ("fly away", "", "\x00", "end t9", "place metal1 ²", texts[0] + "\n" + texts[1]):
        with pytest.raises(InputError) as info:
            replay_texts(rules, state.setup, texts[:at] + [bad] + texts[at:])
        assert info.value.step == at
        assert_clean(str(info.value))
    with pytest.raises(InputError) as info:
        replay_texts(rules, state.setup, ["x"] * (MAX_ACTIONS + 1))
    assert info.value.code == "too_large"


@pytest.mark.parametrize("game", GAMES)
def test_the_cursor_walks_both_ways_to_the_final_position(game: str) -> None:
    state = random_state(game, 2, 13, steps=60)
    cursor = ReplayCursor.of(state.setup, [str(a) for a in state.history], position=0)
    assert cursor.at_start and cursor.line() is None and cursor.recent() == set()
    for step in range(1, 11):
        cursor.forward()
        assert cursor.state.step == step
    assert cursor.back().step == 9
    assert cursor.goto(10_000).step == state.step and cursor.at_end
    assert cursor.state.history == state.history
    assert cursor.first().step == 0 and cursor.goto(-5).step == 0
    assert 0 <= cursor.seat_to_show() < 2
    with pytest.raises(IndexError):
        cursor.state_at(cursor.total + 1)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_takes_back_only_the_player_s_own_actions_of_this_turn(game: str, seed: int) -> None:
    state = random_state(game, 2, seed, steps=0)
    import random

    rng = random.Random(seed)
    checked = 0
    kept = 0  # actions after which the same turn went on (nothing revealed): undo must then be offered
    while not state.is_terminal() and state.step < 200:
        floor = undo_floor(state)
        assert 0 <= floor.undoable == state.step - floor.step and floor.reason
        assert floor.step >= state.last_reveal_step
        for count in range(1, floor.undoable + 1):
            back = undo(state, count)
            assert back.history == state.history[:state.step - count]
            assert back.current_player == state.current_player  # never into another player's turn
            checked += 1
        with pytest.raises(ValueError):
            undo(state, floor.undoable + 1)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        kept += state.last_reveal_step < state.step
    assert checked or not kept, "no position offered an undo"


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_cannot_be_undone(game: str) -> None:
    state = random_state(game, 2, 4)
    floor = undo_floor(state)
    assert state.is_terminal() and not floor.possible and floor.reason == "undo_none"
    with pytest.raises(ValueError):
        undo(state)
