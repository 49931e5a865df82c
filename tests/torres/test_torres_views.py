"""Information (I1-I5): a view holds exactly what its seat may see, and a state sampled from a view is
a full state the seat cannot tell from the real one, for every variant and 2, 3 and 4 players."""

from __future__ import annotations

import random

import pytest

from tests.torres.helpers import check_invariants, random_game
from toledo.games.torres import data as D
from toledo.games.torres.actions import Kind, parse
from toledo.games.torres.sampling import sample_state
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import State, new_game
from toledo.games.torres.view import PlayerView

CONFIGS = [(n, v) for v in D.VARIANTS for n in (2, 3, 4)]


def midgame(n: int, variant: str, seed: int = 1, upto: int = 60) -> State:
    return random_game(n, seed, variant, upto=upto)


def states_along(n: int, variant: str, seed: int, every: int = 23) -> list[State]:
    """Copies of a seeded random game every few steps, to its end."""
    st = new_game(n, seed=seed, variant=variant)
    rng = random.Random(f"views:{n}:{variant}:{seed}")
    out = [st.clone()]
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
        if st.step % every == 0 or st.is_terminal():
            out.append(st.clone())
    return out


# --- I1 public facts ------------------------------------------------------------------------------
@pytest.mark.parametrize("n, variant", CONFIGS)
def test_torres_i1_view_holds_every_public_fact(n, variant):
    st = midgame(n, variant)
    for seat in range(n):
        v = st.view(seat)
        assert v.seat == seat and v.num_players == n and v.variant == variant
        assert list(v.heights) == st.heights
        assert [v.pieces[q] for q in range(64)] == [st.piece_at(q) for q in range(64)]
        assert v.king == st.king and v.supply == st.supply
        assert list(v.knight_supply) == st.ksupply and list(v.scores) == st.score
        assert [list(t) for t in v.towers] == st.towers
        assert v.ap == st.ap and v.bought == st.bought and v.card_played == st.card_played
        assert v.current == st.current_player and v.phase == st.phase and v.round == st.rnd
        assert list(v.hand_sizes) == [sum(h) for h in st.hands]
        assert v.deck_size == len(st.deck) and list(v.deck_sizes) == [len(d) for d in st.decks]
        assert [list(p) for p in v.played] == st.played
        assert v.master_card == st.master_card
        assert v.step == st.step and v.stage == st.stage
        castles = {frozenset(q for q in range(64) if v.castle[q] == c) for c in set(v.castle) - {-1}}
        assert castles == {frozenset(q for q in range(64) if m >> q & 1) for m in st.castle_masks}


def test_torres_i1_view_is_a_frozen_copy():
    st = midgame(2, "base")
    v = st.view(0)
    before = v.to_dict()
    st.heights[0] += 1
    st.score[0] += 5
    assert v.to_dict() == before
    with pytest.raises(Exception):
        v.ap = 3  # type: ignore[misc]
    assert before["stage"] == st.stage.name.lower()


def test_torres_i1_bad_seat_refused():
    st = new_game(2)
    with pytest.raises(ValueError):
        st.view(2)


# --- I2 hidden hands and deck order (base game) -----------------------------------------------------
def _hands_in_play(n: int) -> State:
    """A base game with cards in every hand (random play seldom keeps any: each seat takes two more
    from the top of the deck, as two purchases would)."""
    st = midgame(n, "base", upto=40)
    for seat in range(n):
        for _ in range(2):
            st.hands[seat][st.deck.pop()] += 1
    st._legal = None
    return st


@pytest.mark.parametrize("n", [2, 3, 4])
def test_torres_i2_own_hand_seen_others_only_counted(n):
    st = _hands_in_play(n)
    for seat in range(n):
        v = st.view(seat)
        assert list(v.hand) == st.hands[seat]
        assert v.hands[seat] == tuple(st.hands[seat])
        assert all(v.hands[s] is None for s in range(n) if s != seat)
        assert not hasattr(v, "deck")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_torres_i2_view_does_not_change_with_hidden_facts(n):
    st = _hands_in_play(n)
    other = (st.current + 1) % n
    changed = st.clone()
    random.Random(3).shuffle(changed.deck)
    held = next(c for c in range(10) if changed.hands[other][c])
    swap = next((c for c in changed.deck if c != held), None)
    if swap is not None:  # trade a card of another hand with a card of another type from the deck
        changed.hands[other][held] -= 1
        changed.hands[other][swap] += 1
        changed.deck[changed.deck.index(swap)] = held
    for seat in range(n):
        if seat != other:
            assert changed.view(seat) == st.view(seat), "a view may not reveal another hand or the deck order"
    if swap is not None:
        assert changed.view(other) != st.view(other)


def test_torres_i2_cards_bought_this_turn_seen_only_by_the_buyer():
    st = new_game(2, seed=3)
    while st.stage != Stage.TURN:
        st.apply(st.legal_actions()[0])
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.BUY))
    me, other = st.current, 1 - st.current
    assert sum(st.view(me).fresh) == 1
    assert st.view(other).fresh == (0,) * 10 and st.view(other).bought == 1


def test_torres_i2_king_mover_does_not_see_the_last_players_purchase():
    from tests.torres.helpers import position

    st = position(2, heights={0: 1, 45: 1}, knights={0: 0}, king=45, towers=[[-1, -1, -1, 2], [-1, -1, -1, -1]])
    st.rnd, st.current, st.turn_in_round = 3, 0, 1  # seat 0 ends the last round begun by seat 1
    st.round_start = 1
    st.deck = [D.K13, D.K17]
    st._legal = None
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.BUY))
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.END))
    assert st.stage == Stage.KING_MOVE and st.current == 1
    assert st.view(1).fresh == (0,) * 10
    assert st.hands[0][D.K17] == 1 and st.view(1).hands[0] is None


# --- I3 own decks ------------------------------------------------------------------------------------
def test_torres_i3_own_deck_order_hidden_except_the_cards_put_back():
    st = new_game(2, seed=4, variant="own-deck")
    while st.stage != Stage.TURN:
        st.apply(st.legal_actions()[0])
    p = st.current
    look = st.decks[p][-3:]
    keep, back_top, back_bottom = look[0], look[1], look[2]
    st.apply(parse("buy"))
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.BUY and a.card == keep
                  and a.top == (back_top,) and a.bottom == (back_bottom,)))
    v = st.view(p)
    assert v.deck_top == (back_top,) and v.deck_bottom == (back_bottom,)
    assert v.deck_known[p] == (1, 1)
    o = st.view(1 - p)
    assert o.deck_top == () and o.deck_bottom == () and o.hands[p] is None
    assert o.deck_known[p] == (1, 1), "that cards went back on top and under is public; which ones is not"
    # the unknown middle of the deck and the other deck may be in any order: no view changes
    changed = st.clone()
    mid = changed.decks[p][1:-1]
    changed.decks[p][1:-1] = mid[::-1]
    random.Random(1).shuffle(changed.decks[1 - p])
    assert changed.view(p) == v and changed.view(1 - p) == o


# --- I4 master version ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_torres_i4_master_nothing_hidden(n):
    st = midgame(n, "master", upto=120)
    for seat in range(n):
        v = st.view(seat)
        for s in range(n):
            assert v.hands[s] == tuple(1 - st.played[s][t] for t in range(10))
    assert st.deck == [] and all(d == [] for d in st.decks)


# --- I5 chance --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", D.VARIANTS)
def test_torres_i5_the_seed_fixes_every_chance_event(variant):
    a, b = new_game(3, seed=9, variant=variant), new_game(3, seed=9, variant=variant)
    assert a.summary() == b.summary()
    c = new_game(3, seed=10, variant=variant)
    assert (a.deck, a.decks, a.master_card) == (b.deck, b.decks, b.master_card)
    if variant == "base":
        assert a.deck != c.deck and a.heights == c.heights, "only the deck differs"
    elif variant == "own-deck":
        assert a.decks != c.decks and a.heights == c.heights
    assert a.heights == c.heights and a.score == c.score and a.towers == c.towers


def test_torres_i5_only_deck_and_master_card_depend_on_the_seed():
    seeds = range(20)
    starts = {tuple(new_game(2, seed=s).heights) for s in seeds}
    assert len(starts) == 1
    assert len({new_game(2, seed=s, variant="master").master_card for s in seeds}) > 1
    # the same actions on two seeds of the master version lead to the same board
    x, y = new_game(2, seed=1, variant="master"), new_game(2, seed=2, variant="master")
    for _ in range(30):
        if x.is_terminal():
            break
        action = x.legal_actions()[0]
        x.apply(action)
        y.apply(action)
    assert x.heights == y.heights and x.knight_masks == y.knight_masks


# --- sampling ---------------------------------------------------------------------------------------------------
def _comparable_legal(st: State) -> set[str]:
    # the card kept after an own-deck purchase is chosen among cards only the buyer has seen
    return {str(a) for a in st.legal_actions() if not (a.kind is Kind.BUY and a.card >= 0)}


@pytest.mark.parametrize("n, variant", CONFIGS)
def test_torres_i2_i4_sampled_state_matches_the_view(n, variant):
    rng = random.Random(f"sample:{n}:{variant}")
    for st in states_along(n, variant, seed=n * 7):
        for seat in range(n):
            view = st.view(seat)
            s = sample_state(view, rng)
            assert isinstance(view, PlayerView)
            assert s.view(seat) == view, "the sampled state looks the same to the seat"
            check_invariants(s)
            assert s.hands[seat] == st.hands[seat]
            assert [sum(h) for h in s.hands] == [sum(h) for h in st.hands]
            assert len(s.deck) == len(st.deck) and [len(d) for d in s.decks] == [len(d) for d in st.decks]
            if variant == "master":
                assert s.hands == st.hands
            if st.current_player == seat:
                assert _comparable_legal(s) == _comparable_legal(st)
            assert s.step == st.step and s.history == []


@pytest.mark.parametrize("n, variant", CONFIGS)
def test_torres_i3_sampled_states_play_on_to_the_end(n, variant):
    rng = random.Random(5)
    st = midgame(n, variant, seed=3, upto=90)
    s = sample_state(st.view(st.current), rng)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        check_invariants(s) if s.step % 17 == 0 else None
    assert s.is_terminal()


def test_torres_i2_sampling_draws_plausible_varied_hidden_hands():
    st = _hands_in_play(3)
    me = st.current
    other = (me + 1) % 3
    rng = random.Random(0)
    seen = set()
    for _ in range(40):
        s = sample_state(st.view(me), rng)
        seen.add((tuple(s.hands[other]), tuple(s.deck)))
        for t in range(10):  # never more copies than exist
            assert sum(h[t] for h in s.hands) + s.deck.count(t) + sum(p[t] for p in s.played) == D.CARD_COPIES
    assert len(seen) > 1


def test_torres_i3_sampled_own_deck_keeps_the_known_cards_in_place():
    st = new_game(3, seed=6, variant="own-deck")
    while st.stage != Stage.TURN:
        st.apply(st.legal_actions()[0])
    p = st.current
    look = st.decks[p][-3:]
    st.apply(parse("buy"))
    rng = random.Random(1)
    for _ in range(10):  # deciding which card to keep: the sample holds the cards seen, in place
        s = sample_state(st.view(p), rng)
        assert s.keeping and s.decks[p][-3:] == look and s.legal_actions() == st.legal_actions()
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.BUY and a.card == look[2]
                  and a.top == (look[0],) and a.bottom == (look[1],)))
    rng = random.Random(2)
    orders = set()
    for _ in range(30):
        s = sample_state(st.view(p), rng)
        assert s.decks[p][-1] == look[0] and s.decks[p][0] == look[1]
        assert sorted(s.decks[p]) == sorted(st.decks[p])
        assert s.fresh == st.fresh
        orders.add(tuple(s.decks[p]))
        other = (p + 1) % 3
        assert sorted(s.decks[other]) == list(range(10))
    assert len(orders) > 1


def test_torres_i2_sampled_buyer_keeps_fresh_cards_unplayable():
    st = new_game(2, seed=3)
    while st.stage != Stage.TURN:
        st.apply(st.legal_actions()[0])
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.BUY))
    me = st.current
    other = 1 - me
    s = sample_state(st.view(other), random.Random(1))
    assert sum(s.fresh) == 1 and s.hands[me][s.fresh.index(1)] >= 1
    assert not any(a.kind is Kind.PLAY for a in s.legal_actions())


def test_torres_i1_sampling_refuses_an_inconsistent_view():
    st = _hands_in_play(2)
    v = st.view(0)
    bad = PlayerView(**{**{f: getattr(v, f) for f in PlayerView.__dataclass_fields__}, "deck_size": v.deck_size + 1})
    with pytest.raises(ValueError):
        sample_state(bad, random.Random(0))
