"""Every registered game's views hold exactly what a seat may see: a state sampled from a seat's view
gives that seat the very same view and choices, and sampling does change what the seat cannot see."""

from __future__ import annotations

import random

import pytest

from tests.conformance.cases import SEEDS, Case, cases, positions

CASES = cases()
GAMES = sorted({c.game for c in CASES})


def check_views(case: Case, seed: int, every: int) -> int:
    """Checks the views along a played game; returns how many samples differed from the real state
    in what some other seat sees (the hidden information that sampling redraws)."""
    rules = case.rules()
    rng = random.Random(f"views:{case}:{seed}")
    n = case.players
    redrawn = 0
    for state, _ in positions(case, seed, every=every):
        over = state.is_terminal()
        for seat in range(n):
            view = state.view(seat)
            assert view == state.view(seat) and hash(view) == hash(state.view(seat))  # a frozen value
            assert view.seat == seat and view.num_players == n and view.step == state.step
            if not over:
                assert view.current == state.current_player
            sampled = rules.sample_state(view, rng)
            assert sampled.view(seat) == view, (str(case), state.step, seat)
            assert sampled.step == state.step and sampled.current_player == state.current_player
            assert sampled.is_terminal() == over
            if seat == state.current_player:  # the seat's choices follow from what it sees
                assert sampled.legal_actions() == state.legal_actions()
            redrawn += any(sampled.view(other) != state.view(other) for other in range(n) if other != seat)
    return redrawn


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_sampled_state_shows_the_seat_exactly_its_view(case: Case) -> None:
    check_views(case, SEEDS[0], every=11)


@pytest.mark.parametrize("game", GAMES)
def test_sampling_redraws_what_a_seat_cannot_see(game: str) -> None:
    """Somewhere in the game another seat holds something this seat cannot see (a hand, a deck's
    order): the view leaves it out, since a state with it redrawn gives the same view."""
    assert sum(check_views(case, SEEDS[1], every=5) for case in cases(game)) > 0


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_sampled_state_plays_on_to_the_end(case: Case) -> None:
    """The computer players search from sampled states: one must play on like a real one."""
    rules = case.rules()
    rng = random.Random(3)
    for state, _ in positions(case, SEEDS[2], every=97):
        if state.is_terminal():
            continue
        sampled = rules.sample_state(state.view(state.current_player), rng)
        copy = sampled.clone()
        while not sampled.is_terminal():
            legal = sampled.legal_actions()
            sampled.apply(legal[rng.randrange(len(legal))])
        assert len(sampled.returns()) == case.players and copy.step == state.step
