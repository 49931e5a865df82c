"""Every registered game survives what the platform keeps of it: save files, share links, the
browser's stored games, undo and the replay cursor, at its start, in the middle and at its end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conformance.cases import SEEDS, Case, cases, fingerprint, played
from toledo.core.codec import save_document, save_text, share_fragment
from toledo.core.history import ReplayCursor, replay
from toledo.core.loading import read_save_text, read_share_link
from toledo.core.save import dumps, loads, to_save
from toledo.core.share import decode, encode
from toledo.core.store import GameStore, MemoryStorage
from toledo.core.undo import undo, undo_floor

CASES = cases()


def moments(case: Case, seed: int) -> list[tuple[Any, tuple[Any, ...]]]:
    """The game's setup with its actions cut at the start, a third, the middle and the end."""
    setup, actions = played(case, seed)
    return [(setup, actions[:cut]) for cut in sorted({0, 1, len(actions) // 3, len(actions) // 2, len(actions)})]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_save_files_and_share_links_give_back_the_same_game(case: Case) -> None:
    rules = case.rules()
    colours = tuple(reversed(range(case.players)))  # not the default seating
    setup, actions = played(case, SEEDS[0])
    seated = case.setup(setup.seed, start_player=case.players - 1, colours=colours)
    for base in (setup, seated):
        for cut in sorted({0, len(actions) // 2, len(actions)}):
            state = replay(base, actions[:cut], rules) if base is setup else _random_from(rules, base, cut)
            names = [f"Seat {i + 1}" for i in range(case.players)]
            document = save_document(state.setup, names, ["human"] * case.players, state.history)
            model, loaded = loads(save_text(document))
            assert model.game == case.game and model.variant == case.variant
            assert model.to_setup() == state.setup and fingerprint(loaded) == fingerprint(state)
            assert [p.name for p in model.setup.players] == names
            _, linked = decode(share_fragment(document))
            assert fingerprint(linked) == fingerprint(state)
            assert fingerprint(read_save_text(dumps(state)).state) == fingerprint(state)
            assert fingerprint(read_share_link("#" + encode(to_save(state))).state) == fingerprint(state)


def _random_from(rules: Any, setup: Any, steps: int) -> Any:
    """A random game from `setup`, `steps` actions long (or to its end)."""
    state = rules.new_state(setup)
    rng = random.Random(steps)
    while state.step < steps and not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_stored_games_list_keeps_every_game(case: Case) -> None:
    store = GameStore(MemoryStorage())
    rules = case.rules()
    for number, (setup, actions) in enumerate(moments(case, SEEDS[1])):
        state = replay(setup, actions, rules)
        game_id = f"game{number}"
        names = [f"P{i}" for i in range(case.players)]
        store.write(game_id, 1000 + number, state, names, ["human"] * case.players)
        listed = {g.id: g for g in store.list()}[game_id]
        assert not listed.damaged and listed.game == case.game and listed.step == state.step
        assert listed.to_act == state.current_player and listed.turn == state.turn
        loaded = store.load(game_id)
        assert loaded.game == case.game and fingerprint(loaded.state) == fingerprint(state)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_undo_takes_back_exactly_the_own_actions_since_the_last_reveal(case: Case) -> None:
    setup, actions = played(case, SEEDS[2])
    rules = case.rules()
    state = rules.new_state(setup)
    checks = set(range(0, len(actions), max(1, len(actions) // 12)))  # undo replays: a dozen moments
    undone = 0
    for i, action in enumerate(actions):
        floor = undo_floor(state)
        assert floor.reason and floor.step <= state.step and floor.undoable == state.step - floor.step
        if floor.possible and (i in checks or undone == 0):
            back = undo(state, floor.undoable)
            assert back.step == floor.step and fingerprint(back) == fingerprint(replay(setup, actions[:floor.step], rules))
            with pytest.raises(ValueError):
                undo(state, floor.undoable + 1)
            undone += 1
        state.apply(action)
    assert undo_floor(state).undoable == 0  # a finished game takes nothing back


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_replay_cursor_walks_the_game_both_ways(case: Case) -> None:
    setup, actions = played(case, SEEDS[0])
    rules = case.rules()
    cursor = ReplayCursor.of(setup, [str(a) for a in actions], position=0)
    marks = sorted({0, 1, len(actions) // 2, len(actions)})
    for position in [*marks, *reversed(marks)]:
        cursor.goto(position)
        assert fingerprint(cursor.state) == fingerprint(replay(setup, actions[:position], rules))
