"""Hidden information (I1): what each seat's view holds, and states sampled from a view."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from tests.toledo.helpers import Table, card, check_invariants, play, random_play
from toledo import PlayerView, sample_state
from toledo.games.toledo import data as D


def test_i1_own_hand_visible_other_hands_only_counted_draw_order_hidden():
    t = Table(3).hand("red", "4Va 2Vd").hand("blue", "6Na 6Nd 5Va").hand("green", "1Ta")
    s = t.turn("red").state
    for seat in range(3):
        view = s.view(seat)
        assert view.hand == tuple(s.hands[seat]) and view.hand_sizes == (2, 3, 1)
        assert view.draw_size == len(s.draw_pile)
    names = {f.name for f in dataclasses.fields(PlayerView)}
    assert not names & {"hands", "hand_values", "draw_pile", "seed", "setup"}
    assert "seed" not in json.dumps(s.view(0).to_dict(), default=str)


def test_i1_everything_else_is_public():
    t = Table(2).hand("red", "3Va 2Vd").tile(3, "blue", "gem", 1).metal("red", 2).gems("blue", 3)
    t.sword("blue", "8/2/2").fencing("red", "violet").painting("blue")
    s = t.turn("red").state
    play(s, "move 3Va 1", "pay 2Vd")
    blue = s.view(1)
    assert blue.tile_owner[3] == 1 and blue.occupants[3] == (0,) and blue.pawn_pos[0] == 3
    assert blue.metal == (2, 0) and blue.gems == (1, 3) and blue.gem_supply == 16
    assert blue.swords_in_front[1] == (D.SWORDS.index(D.SwordTile(8, 2, 2)),)
    assert blue.fencing_held[0] == 1 and blue.paintings == ((), (3,)) and blue.lead_card == card("3Va")
    assert blue.known[1][card("2Vd")] == 1  # a payment is seen by everyone
    assert s.view(0).known[1][card("2Vd")] == 1


def swap_hidden(state, viewer: int, rng: random.Random):
    """A copy that differs from `state` only in what `viewer` cannot see."""
    other = state.clone()
    other.setup = dataclasses.replace(state.setup, seed=state.setup.seed + 12345)
    other.seed = other.setup.seed
    rng.shuffle(other.draw_pile)
    changed = False
    for seat in range(other.n):
        if seat == viewer:
            continue
        hidden = [k for k in range(D.NUM_CARD_KINDS) if other.hands[seat][k] > other.known[seat][k]]
        for k in hidden:
            swap = next((j for j in other.draw_pile if j != k), None)
            if swap is None:
                continue
            other.draw_pile[other.draw_pile.index(swap)] = k
            for kind, delta in ((k, -1), (swap, 1)):
                other.hands[seat][kind] += delta
                other.hand_values[seat][D.CARD_VALUE[kind]] += delta
            changed = True
            break
    other._legal = None
    return other, changed


@pytest.mark.parametrize("players, seed, steps", [(2, 1, 30), (3, 2, 300), (4, 3, 1500)])
def test_i1_states_differing_only_in_hidden_things_give_identical_views(players, seed, steps):
    state = random_play(players, seed, steps)
    rng = random.Random(seed)
    swapped = 0
    for viewer in range(players):
        other, changed = swap_hidden(state, viewer, rng)
        check_invariants(other)
        swapped += changed
        assert other.draw_pile != state.draw_pile and other.setup.seed != state.setup.seed
        assert other.view(viewer) == state.view(viewer)
        if state.current_player == viewer:
            assert other.legal_actions() == state.legal_actions()
        # the other seats do see the difference in their own hands
        assert not changed or any(other.view(seat) != state.view(seat) for seat in range(players) if seat != viewer)
    assert swapped  # some seat held a card nobody else knew of


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 5), (4, 6)])
def test_i1_sampled_states_round_trip_the_view(players, seed):
    rng = random.Random(seed)
    for steps in (0, 25, 300, 2000):
        state = random_play(players, seed, steps)
        for viewer in range(players):
            view = state.view(viewer)
            sample = sample_state(view, rng)
            check_invariants(sample)
            assert sample.view(viewer) == view
            if state.current_player == viewer:
                assert sample.legal_actions() == state.legal_actions()
            # the sample plays on
            if not sample.is_terminal():
                sample.apply(sample.legal_actions()[0])
                check_invariants(sample)


def test_i1_view_of_a_missing_seat_is_refused():
    with pytest.raises(ValueError):
        Table(2).state.view(2)
