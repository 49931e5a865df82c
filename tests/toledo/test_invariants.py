"""Invariants under random play: 300 seeded random games (100 each for 2, 3 and 4 players).

After every action `check_invariants` verifies that every component is accounted for (84 cards,
23 metal, 20 gems, 19 swords, 16 fencing tiles, 6 paintings, 5 pawns and 8 tiles per player), that
no pawn rests on an empty business space or beyond a space's circles, that nobody holds two fencing
tiles of a kind or more than 3, and that the hand bookkeeping agrees with the hands. Every game
must end within CAP actions. The games are spread over the machine's cores (at most 2 processes).
Each table size's longest game is printed (visible with `pytest -s`), recorded as a junit property,
and shown in the terminal summary.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
from concurrent.futures import ProcessPoolExecutor

import pytest

from tests import run_summary
from tests.toledo.helpers import check_invariants
from toledo import new_game
from toledo.games.toledo import data as D

GAMES_PER_PLAYER_COUNT = 100
CAP = 50_000


def play_checked(players: int, seed: int) -> tuple[int, int]:
    """One random game checked after every action; returns (actions, turns)."""
    state = new_game(players, seed=seed)
    rng = random.Random(f"invariants:{players}:{seed}")
    check_invariants(state)
    try:
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "no legal action in a running game"
            if state.step % 64 == 0:
                assert len(set(legal)) == len(legal), "a legal action listed twice"
            state.apply(legal[rng.randrange(len(legal))], check=False)
            check_invariants(state)
            assert state.step <= CAP, f"the game did not end within {CAP} actions"
        # the end: someone brought 3 pawns to the Alcazar and everyone else had one more turn (E1)
        assert max(state.pawns_in_alcazar(seat) for seat in range(players)) >= D.ALCAZAR_PAWNS_TO_END
        assert state.legal_actions() == () and state.winners()
        for score in state.scores():
            assert score.total == (score.swords_delivered + score.swords_in_front + score.paintings + score.gems
                                   + score.movement_tile)
    except AssertionError as err:
        raise AssertionError(f"{players} players, seed {seed}, step {state.step}: {err}\n{state.summary()}") from None
    return state.step, state.turn


def play_batch(players: int, seeds: list[int]) -> list[tuple[int, int, int]]:
    return [(seed, *play_checked(players, seed)) for seed in seeds]


def _executor(workers: int) -> ProcessPoolExecutor:
    # fork is cheapest; with other threads alive it is unsafe, so spawn then
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1 else "spawn"
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(method))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players, record_property):
    seeds = list(range(1, GAMES_PER_PLAYER_COUNT + 1))
    workers = min(2, os.cpu_count() or 1)
    if workers > 1:
        with _executor(workers) as pool:
            batches = [pool.submit(play_batch, players, seeds[i::workers]) for i in range(workers)]
            results = [r for batch in batches for r in batch.result()]
    else:
        results = play_batch(players, seeds)
    assert len(results) == GAMES_PER_PLAYER_COUNT
    actions = [a for _, a, _ in results]
    longest = max(results, key=lambda r: r[1])
    line = (f"random play, {players} players: {len(results)} games, mean {sum(actions) / len(actions):.0f} actions, "
            f"longest {longest[1]} actions / {longest[2]} turns (seed {longest[0]}), cap {CAP}")
    print(line)
    run_summary.add("engine figures", line)
    record_property(f"longest_game_actions_{players}p", longest[1])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_leads_somewhere(players):
    """At sampled positions, each legal action applied to a copy keeps the invariants, leaves the
    original untouched, and leaves the player to act (if any) with at least one legal action."""
    for seed in range(500, 503):
        state = new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.step % 13 == 0:
                before = state.summary()
                for action in legal:
                    child = state.child(action)
                    check_invariants(child)
                    assert child.is_terminal() or child.legal_actions(), f"dead end after {action}"
                    assert child.history[-1] is action and child.step == state.step + 1
                assert state.summary() == before and state.legal_actions() == legal
            state.apply(legal[rng.randrange(len(legal))], check=False)
