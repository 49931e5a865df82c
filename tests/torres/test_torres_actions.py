"""Torres turns (A1-A12), and the engine contract: action text, legal-action order, illegal actions."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.torres.helpers import act, board, hand_of, legal_texts, name, orth, position, ref_castles, \
    ref_passage_targets, reference_actions, snapshot, sq, starting, targets
from toledo.core.errors import ActionSyntaxError, IllegalActionError
from toledo.games.torres import data as D
from toledo.games.torres.actions import Action, Kind, parse
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import Setup, State, new_game, replay

W13 = "c3:3 d3:1 c4:2"  # the spec's passage example: castle C of area 3 and height 3
AROUND_W13 = {"c2", "b3", "d2", "e3", "d4", "b4", "c5"}  # the free ground squares beside C


def ends(st: State) -> set[str]:
    return starting(st, "end")


def build_targets(st: State, tower: str = "t1") -> set[str]:
    return {t.split()[1] for t in starting(st, "build") if t.endswith(" " + tower)}


def assert_illegal(st: State, text: str, why: str) -> IllegalActionError:
    """The action is refused with a reason containing `why`, naming the action and the step; nothing changes."""
    before = snapshot(st)
    with pytest.raises(IllegalActionError) as info:
        act(st, text)
    assert why in info.value.reason, info.value.reason
    assert info.value.action == text and info.value.step == st.step and info.value.player == st.current
    assert snapshot(st) == before
    return info.value


def play_random(seed: int, num_players: int, variant: str = "base", upto: int = 10_000) -> State:
    st = State(Setup(num_players, seed, 0, (), variant))
    rng = random.Random(seed)
    while not st.is_terminal() and st.step < upto:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    return st


# --- A1 action points -------------------------------------------------------------------------------
def test_torres_a1_five_action_points_a_turn():
    st = new_game(2)
    act(st, "knight c3", "knight f6", "king d1")
    assert st.stage == Stage.TURN and st.ap == 5
    assert starting(st, "score") == {f"score {k}" for k in range(1, 6)}


def test_torres_a1_several_knights_and_castles_in_one_turn():
    st = board("c3:1 f6:1", "c3:0 f6:0", towers=[[3, 3, 3, 3], [3, 3, 3, 3]])
    act(st, "step c3 c4", "step f6 f7", "build d3 t1", "build f5 t1", "build c3 t1")
    assert st.ap == 0 and st.heights[sq("d3")] == 1 and st.heights[sq("f5")] == 1 and st.heights[sq("c3")] == 2
    assert st.towers[0][0] == 0


def test_torres_a1_unused_action_points_are_lost():
    st = board("c3:1 f6:1", "c3:0 f6:1", ap=5)
    act(st, "step c3 c4", "end t1")
    assert st.current == 1 and st.ap == 5 and st.score == [0, 0]
    act(st, "end t1")
    assert st.current == 0 and st.ap == 5  # a new turn: 5 again, nothing carried over


# --- A2 place a knight --------------------------------------------------------------------------------
def test_torres_a2_place_beside_own_knight_on_the_same_or_a_lower_level_for_two_ap():
    st = board("c2:1 c3:2 d3:3", "c3:0")
    assert targets(st, "place") == {"c2", "b3", "c4"}  # d3 is higher; diagonals never
    act(st, "place c2")
    assert st.ap == 3 and st.ksupply[0] == 4 and st.piece_at(sq("c2")) == 0


def test_torres_a2_one_suitable_own_neighbour_suffices():
    st = board("c3:1 d3:2 e3:3", "c3:0 e3:0")  # d3 is above c3's knight but below e3's
    assert "place d3" in legal_texts(st)


def test_torres_a2_not_beside_another_players_knight_nor_without_ap_or_supply():
    st = board("c3:1 f6:1", "c3:1 f6:0")
    assert targets(st, "place") == {"e6", "f5", "g6", "f7"}  # beside f6 only, not beside seat 2's c3
    assert not starting(board("c3:1", "c3:0", ap=1), "place")
    st = board("c3:1", "c3:0", knight_supply=[0, 6])
    assert not starting(st, "place")
    assert_illegal(st, "place c4", "no knight left")
    assert_illegal(board("c3:1", "c3:0", ap=1), "place c4", "costs 2 AP")


# --- A3 step --------------------------------------------------------------------------------------
def test_torres_a3_step_climbs_at_most_one_level_and_descends_any():
    st = board("c2:2 c3:1 d3:3 c4:1", "c3:0 d3:0")
    assert targets(st, "step c3") == {"c2", "b3", "c4"}  # d3 is two up (and taken)
    assert targets(st, "step d3") == {"d2", "e3", "d4"}  # three levels down at once is fine
    act(st, "step c3 c2")
    assert st.ap == 4 and st.piece_at(sq("c2")) == 0 and st.piece_at(sq("c3")) == -1
    assert_illegal(board("c3:1 d3:3 d2:3", "c3:0"), "step c3 d3", "at most one level")


def test_torres_a3_never_diagonally():
    st = board("", "d4:0")
    assert targets(st, "step d4") == {"d3", "c4", "e4", "d5"}
    assert_illegal(st, "step d4 e5", "orthogonally neighbouring")


def test_torres_a3_knights_of_every_colour_and_the_king_are_obstacles():
    st = board("c3:1 c4:1", "c3:0 b3:1 c2:0", king="c4")
    assert targets(st, "step c3") == {"d3"}
    assert_illegal(st, "step c3 c4", "not free")
    assert_illegal(st, "step c3 c2", "not free")
    assert not starting(board("c3:1", "c3:0", ap=0), "step")


# --- A4 passage through a castle ----------------------------------------------------------------------
def test_torres_a4_w13_knight_on_the_ground_reaches_the_ground_around_the_castle_only():
    st = board(W13, "b3:0")
    assert targets(st, "pass b3") == AROUND_W13 - {"b3"}
    assert {"e3", "d4"} <= targets(st, "pass b3")  # the spec's (4,2) and (3,3)
    act(st, "pass b3 e3")
    assert st.ap == 4 and st.piece_at(sq("e3")) == 0


def test_torres_a4_w13_knight_on_top_reaches_the_lower_castle_squares_and_the_ground():
    st = board(W13, "c3:0")
    assert targets(st, "pass c3") == AROUND_W13 | {"d3", "c4"}


def test_torres_a4_w13_knight_on_the_lowest_square_reaches_only_ground():
    st = board(W13, "d3:0")
    assert targets(st, "pass d3") == AROUND_W13


def test_torres_a4_passage_exits_at_or_below_entry_level():
    st = board(W13, "c4:0")  # level 2: out at d3 (1) or on the ground, never at c3 (3)
    assert targets(st, "pass c4") == AROUND_W13 | {"d3"}
    assert_illegal(st, "pass c4 c3", "higher than the knight's level")


def test_torres_a4_pieces_on_the_castle_do_not_block_the_passage_but_the_exit_must_be_free():
    st = board(W13, "b3:0 c3:1 c4:1 e3:1", king="d3")
    assert targets(st, "pass b3") == AROUND_W13 - {"b3", "e3"}
    assert_illegal(st, "pass b3 e3", "not free")


def test_torres_a4_the_stack_under_the_knight_is_no_way_in():
    st = board("c3:1 f6:1", "c3:0")  # alone on a one-block castle, no castle beside him
    assert not starting(st, "pass")
    assert_illegal(st, "pass c3 c4", "no castle next to c3")


def test_torres_a4_a_knight_may_pass_through_several_castles_paying_each_time():
    st = board("c3:1 e3:1", "b3:0")  # two castles a square apart
    act(st, "pass b3 d3")  # out of c3's gate beside d3 (ground between the castles)
    assert "pass d3 f3" in legal_texts(st)
    act(st, "pass d3 f3", "pass f3 d3")
    assert st.ap == 2 and st.piece_at(sq("d3")) == 0


def test_torres_a4_gate_model_matches_the_plain_reference_on_random_boards():
    rng = random.Random(4)
    for _ in range(150):
        heights = {rng.randrange(64): rng.randint(1, 4) for _ in range(rng.randint(3, 20))}
        squares = rng.sample(range(64), 6)
        knights = {q: i % 2 for i, q in enumerate(squares)}
        st = position(heights=heights, knights=knights)
        occ = set(squares)
        for s in squares[::2]:
            want = {name(t) for t in ref_passage_targets(st.heights, occ, s, True)}
            assert targets(st, f"pass {name(s)}") == want


# --- A5 place a block -------------------------------------------------------------------------------
def test_torres_a5_on_a_free_block_within_the_area_or_on_ground_beside_exactly_one_castle():
    st = board("c3:1 d3:1 f3:1 a8:1", "a8:1")
    # e3 touches both castles; f3 would be 2 > area 1; a1 touches none; a8 holds a knight
    assert build_targets(st) == {"c3", "d3", "c2", "b3", "c4", "d2", "d4", "f2", "g3", "f4", "a7", "b8"}
    assert_illegal(st, "build e3 t1", "join two castles")
    assert_illegal(st, "build f3 t1", "higher than its area")
    assert_illegal(st, "build a1 t1", "must join a castle")
    assert_illegal(st, "build a8 t1", "never goes under a piece")


def test_torres_a5_costs_one_ap_and_one_block_of_the_tower():
    st = board("c3:1 d3:1", "", towers=[[3, 3, 3, 3], [3, 3, 3, 3]])
    supply = st.supply
    act(st, "build c4 t2")
    assert st.ap == 4 and st.towers[0] == [3, 2, 3, 3] and st.supply == supply
    assert st.castle_of(sq("c4")).bit_count() == 3 and st.heights[sq("c4")] == 1
    act(st, "build c3 t2")
    assert st.heights[sq("c3")] == 2


def test_torres_a5_never_under_a_piece_and_never_founds_a_castle():
    st = board("c3:1 d3:1", "c3:0", king="d3")
    assert not {"c3", "d3"} & build_targets(st)
    assert all(st.heights[sq(t)] or any(st.heights[n] for n in orth(sq(t))) for t in build_targets(st))
    assert_illegal(st, "build g7 t1", "must join a castle")


# --- A6 towers --------------------------------------------------------------------------------------
def test_torres_a6_the_first_block_fixes_the_turns_tower():
    st = board("c3:1", "", towers=[[3, 3, 3, 3], [3, 3, 3, 3]])
    assert {t.split()[2] for t in starting(st, "build")} == {"t1", "t2", "t3", "t4"}
    act(st, "build c4 t3")
    assert st.fixed == 2 and {t.split()[2] for t in starting(st, "build")} == {"t3"}
    assert_illegal(st, "build c5 t1", "come from tower t3")
    assert {t.split()[1] for t in ends(st)} == {"t3"}


def test_torres_a6_leftover_blocks_go_to_the_other_towers_at_most_three_each():
    st = position(3, heights={sq("c3"): 1}, towers=[[3, 3, 2, 2]] * 3)
    act(st, "build c4 t1")  # 2 left: t2 is full (3), t3 and t4 take one each
    assert ends(st) == {"end t1 t3+1 t4+1"}
    supply = st.supply
    act(st, "end t1 t3+1 t4+1")
    assert st.towers[0] == [-1, 3, 3, 3] and st.supply == supply


def test_torres_a6_what_does_not_fit_returns_to_the_general_supply():
    st = board("c3:1", "", towers=[[3, 3, 3, 3], [3, 3, 3, 3]])
    act(st, "build c4 t1")
    assert ends(st) == {"end t1"}  # every other tower already holds 3
    supply = st.supply
    act(st, "end t1")
    assert st.supply == supply + 2 and st.towers[0] == [-1, 3, 3, 3]


def test_torres_a6_the_player_chooses_how_to_spread_as_many_as_fit():
    st = position(4, heights={sq("c3"): 1})
    act(st, "build c4 t2")
    assert ends(st) == {"end t2 t1+1", "end t2 t3+1", "end t2 t4+1"}  # the one block must go somewhere
    assert_illegal(st, "end t2", "must go to your other towers")
    act(st, "end t2 t4+1")
    assert st.towers[0] == [2, -1, 2, 3]


def test_torres_a6_a_tower_is_used_up_every_turn_even_without_blocks():
    st = position(4, heights={sq("c3"): 1})
    assert {t.split()[1] for t in ends(st)} == {"t1", "t2", "t3", "t4"}  # no tower fixed: name one
    assert len(ends(st)) == 12  # for each: its 2 blocks onto two of the 3 other towers
    act(st, "end t3 t1+1 t4+1")
    assert st.towers[0] == [3, 2, -1, 3]
    assert len([b for b in st.towers[0] if b >= 0]) == 3  # slots = remaining turns of the phase


def test_torres_a6_a_slot_emptied_by_k12_receives_no_blocks():
    st = position(4, heights={sq("c3"): 1, sq("d3"): 1}, knights={sq("c3"): 0},
                  towers=[[2, 1, 2, 2]] + [[2, 2, 2, 2]] * 3, hands=[hand_of(D.K12)] + [hand_of()] * 3)
    act(st, "play k12 c3 t2")
    assert st.towers[0] == [2, 0, 2, 2] and st.fixed == -1
    assert starting(st, "end t1") == {"end t1 t3+1 t4+1"}  # t2 is no tower any more
    assert "end t2" in ends(st)  # but still a slot: a turn of the phase
    assert_illegal(st, "end t1 t2+1 t3+1", "must go to your other towers")


def test_torres_a6_no_new_tower_and_none_left_after_the_last_turn_of_a_phase():
    st = position(4, heights={sq("c3"): 1}, towers=[[-1, -1, -1, 2]] + [[2, 2, 2, 2]] * 3)
    assert ends(st) == {"end t4"}  # nowhere to put the 2 blocks: no new tower
    assert_illegal(st, "end t4 t1+1", "must go to your other towers")
    supply = st.supply
    act(st, "end t4")
    assert st.towers[0] == [-1, -1, -1, -1] and st.supply == supply + 2
    with pytest.raises(ActionSyntaxError):
        parse("end t1 t5+1")


# --- A7 buy ---------------------------------------------------------------------------------------
def test_torres_a7_buy_costs_one_ap_at_most_two_a_turn():
    st = board("c3:1", "c3:0")
    top, second = st.deck[-1], st.deck[-2]
    act(st, "buy")
    assert st.ap == 4 and st.hand(0) == [top] and len(st.deck) == 39
    act(st, "buy")
    assert st.ap == 3 and sorted(st.hand(0)) == sorted([top, second])
    assert "buy" not in legal_texts(st)
    assert_illegal(st, "buy", "at most 2 cards")


def test_torres_a7_no_buying_in_the_master_version():
    st = position(2, variant="master", heights={sq("c3"): 1}, knights={sq("c3"): 0})
    assert not starting(st, "buy")
    assert_illegal(st, "buy", "master version")


# --- A8 play ----------------------------------------------------------------------------------------
def test_torres_a8_playing_a_card_costs_no_ap_and_only_one_a_turn():
    st = board("c3:1", "c3:0", hands=[hand_of(D.K14, D.K16), hand_of()])
    act(st, "play k16 c3 d4")
    assert st.ap == 5 and st.card_played and st.hand(0) == [D.K14]
    assert not starting(st, "play")
    assert_illegal(st, "play k14", "one card per turn")


# --- A9 advance on the scoring track -------------------------------------------------------------------
def test_torres_a9_advance_one_space_per_ap():
    st = board("c3:1", "c3:0", ap=4)
    assert starting(st, "score") == {"score 1", "score 2", "score 3", "score 4"}
    act(st, "score 3")
    assert st.score == [3, 0] and st.ap == 1
    assert_illegal(st, "score 2", "costs 2 AP")


def test_torres_a9_the_bump_rule_applies_after_an_advance():
    st = board("c3:1", "c3:0", scores=[0, 3])
    act(st, "score 3")
    assert st.score == [4, 3]


def test_torres_a9_separate_advances_may_end_higher_than_one():
    one = board("c3:1", "c3:0", scores=[0, 1])
    act(one, "score 2")
    apart = board("c3:1", "c3:0", scores=[0, 1])
    act(apart, "score 1")  # 1 is taken: on to 2
    act(apart, "score 1")  # then 3
    assert one.score[0] == 2 and apart.score[0] == 3


# --- A10 end the turn ---------------------------------------------------------------------------------
def test_torres_a10_end_is_always_legal_and_passes_the_turn_in_seat_order():
    st = position(3, heights={sq("c3"): 1}, knights={sq("c3"): 0}, ap=0, hands=[hand_of()] * 3)
    st.card_played = True
    st._legal = None
    assert {str(a).split()[0] for a in st.legal_actions()} == {"end"}
    act(st, "end t1 t3+1 t4+1")
    assert st.current == 1 and st.ap == 5 and st.rnd == 0
    act(st, "end t1 t3+1 t4+1", "end t1 t3+1 t4+1")  # the round ends after the last seat
    assert st.current == 0 and st.rnd == 1 and st.ap == 5


# --- A11 legal actions --------------------------------------------------------------------------------
def test_torres_a11_the_legal_actions_are_exactly_the_reference_set():
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        st = State(Setup(2 + seed, seed))
        while not st.is_terminal():
            if st.stage == Stage.TURN and rng.random() < 0.08:
                if rng.random() < 0.5:  # a full hand, so that every card's conditions are exercised
                    st.hands[st.current] = [1] * 10
                    st._legal = None
                assert legal_texts(st) == reference_actions(st)
                checked += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert checked > 15


def random_board(rng: random.Random) -> State:
    """A turn position on a random board that keeps D6 (any number of castles, even fewer than in
    play), with knights, perhaps the king, odd towers, every card in hand and any AP."""
    while True:
        heights = {rng.randrange(64): rng.randint(1, 4) for _ in range(rng.randint(2, 25))}
        h = [heights.get(q, 0) for q in range(64)]
        if all(max(h[q] for q in c) <= len(c) for c in ref_castles(h)):
            break
    squares = rng.sample(range(64), rng.randint(1, 8))
    knights = {q: rng.randrange(2) for q in squares[1:]}
    king = squares[0] if h[squares[0]] else -1
    if king < 0:
        knights[squares[0]] = 0
    towers = [[rng.choice([-1, 0, 1, 2, 3]) for _ in range(4)] for _ in range(2)]
    towers[0][rng.randrange(4)] = rng.randint(0, 3)  # at least one slot left this turn
    st = position(heights=heights, knights=knights, king=king, towers=towers, hands=[[1] * 10, [1] * 10],
                  ap=rng.randint(0, 7))
    if rng.random() < 0.3:
        st.supply = 0
    return st


def test_torres_a11_the_legal_actions_are_exactly_the_reference_set_on_random_boards():
    rng = random.Random(111)
    for _ in range(50):
        st = random_board(rng)
        assert legal_texts(st) == reference_actions(st), st.summary()


def random_action(rng: random.Random) -> Action:
    """Any well-formed action, of any kind, with random squares, towers, cards and counts."""
    k = Kind(rng.randrange(len(Kind)))
    q, t, slot = rng.randrange(64), rng.randrange(64), rng.randrange(4)
    if k in (Kind.BLOCK, Kind.KNIGHT, Kind.KING, Kind.PLACE):
        return parse(f"{k.name.lower()} {name(q)}")
    if k in (Kind.STEP, Kind.PASS):
        return parse(f"{k.name.lower()} {name(q)} {name(t)}")
    if k is Kind.BUILD:
        return parse(f"build {name(q)} t{slot + 1}")
    if k is Kind.BUY:
        keep, back = rng.sample(D.CARD_IDS, 2)
        return parse("buy" if rng.random() < 0.5 else f"buy {keep} top {back}")
    if k is Kind.PLAY:
        card = rng.choice(D.CARD_IDS)
        args = {"k11": name(q), "k12": f"{name(q)} t{slot + 1}", "k14": "", "k15": ""}.get(card, f"{name(q)} {name(t)}")
        return parse(f"play {card} {args}".rstrip())
    if k is Kind.SCORE:
        return parse(f"score {rng.randint(1, 9)}")
    if k is Kind.END:
        return parse(" ".join([f"end t{slot + 1}"] + [f"t{i + 1}+{rng.randint(1, 3)}" for i in range(4)
                                                       if i != slot and rng.random() < 0.3]))
    return parse("king stay")


def test_torres_a11_why_illegal_agrees_with_the_legal_actions_and_a_refusal_changes_nothing():
    rng = random.Random(12)
    states = [random_board(rng) for _ in range(30)]
    for seed in range(3):
        st = State(Setup(2 + seed, seed, 0, (), D.VARIANTS[seed]))
        while not st.is_terminal():
            if rng.random() < 0.04:
                states.append(st.clone())
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
        states.append(st)
    refused = 0
    for st in states:
        legal = set(st.legal_actions())
        for _ in range(50):
            action = random_action(rng)
            why = st.why_illegal(action)
            assert (why == "") == (action in legal), (str(action), why)
            if why:
                before = snapshot(st)
                with pytest.raises(IllegalActionError) as info:
                    st.apply(action)
                assert info.value.reason == why and info.value.action == str(action)
                assert snapshot(st) == before
                refused += 1
    assert refused > 1200


def test_torres_a11_end_is_always_offered_and_setup_steps_always_have_a_choice():
    for seed in range(6):
        st = State(Setup(2 + seed % 3, seed, 0, (), D.VARIANTS[seed % 3]))
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            assert legal
            if st.stage == Stage.TURN and not st.keeping:  # V2: only the card kept is open
                assert any(a.kind is Kind.END for a in legal)
            st.apply(legal[rng.randrange(len(legal))])
        assert st.legal_actions() == ()


# --- A12 atomic actions ---------------------------------------------------------------------------
def test_torres_a12_each_action_is_complete_and_a_card_comes_between_actions():
    st = board("c3:1 d3:2", "c3:0", hands=[hand_of(D.K14), hand_of()])
    assert_illegal(st, "step c3 c5", "orthogonally neighbouring")  # two squares are two actions
    act(st, "step c3 c4")
    assert st.stage == Stage.TURN and st.piece_at(sq("c4")) == 0 and st.ap == 4
    act(st, "play k14")  # between two steps
    act(st, "step c4 c5")
    assert st.ap == 4 and st.piece_at(sq("c5")) == 0


# --- the engine contract ------------------------------------------------------------------------------
def every_action_seen() -> list[Action]:
    seen: dict[str, Action] = {}
    for seed, variant in ((1, "base"), (2, "own-deck"), (3, "master")):
        st = State(Setup(3, seed, 0, (), variant))
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            for a in legal:
                seen.setdefault(str(a), a)
            st.apply(legal[rng.randrange(len(legal))])
    return list(seen.values())


def test_torres_action_text_round_trips_and_actions_are_frozen_and_hashable():
    actions = every_action_seen()
    assert len(actions) > 500
    kinds = {a.kind for a in actions}
    assert kinds == set(Kind)
    for a in actions:
        text = str(a)
        assert parse(text) == a and parse(text) is a
        for other in (f"  {text} ", text.upper(), text.replace("k", "\u212a")):  # a Kelvin sign for k
            if other != text:  # another spelling of it is refused
                with pytest.raises(ActionSyntaxError):
                    parse(other)
        assert hash(a) == hash(parse(text)) and repr(a) == f"Action({text!r})"
    with pytest.raises(dataclasses.FrozenInstanceError):
        actions[0].sq = 3  # type: ignore[misc]
    assert len({a: 1 for a in actions}) == len(actions)


@pytest.mark.parametrize("text", ["", "  ", "jump", "step a1", "step a1 i9", "build c3", "build c3 t5",
                                  "play k20", "play k10 a1", "play k14 a1", "score 0", "score x", "end",
                                  "end t1 t1+1", "end t1 t2+4", "buy k10 k10", "king", "x" * 100])
def test_torres_malformed_action_text_is_refused_with_one_clear_line(text: str):
    with pytest.raises(ActionSyntaxError) as info:
        parse(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


def test_torres_legal_actions_come_in_a_deterministic_documented_order():
    st = board("c3:2 d3:1 c4:1 f6:1", "c3:0 f6:0 d3:1", hands=[hand_of(*range(10)), hand_of()])
    legal = st.legal_actions()

    def key(a: Action) -> tuple[int, ...]:
        if a.kind is Kind.BUILD:
            return (a.kind, a.tower, a.sq)
        if a.kind is Kind.PLAY:
            return (a.kind, a.card, a.sq, a.to, a.tower)
        if a.kind is Kind.END:
            return (a.kind, a.tower, *a.spread)
        return (a.kind, a.sq, a.to, a.n)

    assert list(legal) == sorted(legal, key=key)
    again = replay(Setup(2, 5), [])
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in new_game(2, seed=5).legal_actions()]
    game = play_random(7, 3, upto=120)
    copy = replay(game.setup, list(game.history))
    assert copy.legal_actions() == game.legal_actions() and copy.clone().legal_actions() == game.legal_actions()


def test_torres_illegal_action_raises_with_action_reason_and_step_and_changes_nothing():
    st = play_random(3, 2, upto=60)
    while st.stage != Stage.TURN:
        st.apply(st.legal_actions()[0])
    error = assert_illegal(st, "step h8 a1", "")
    assert error.reason and error.step == st.step
    assert isinstance(error, IllegalActionError) and isinstance(error, ValueError)
    import toledo

    assert toledo.IllegalActionError is IllegalActionError  # the same type as Toledo's


@pytest.mark.parametrize("garbage", [
    None, "step a1 a2", 42, ("step", 1, 2), object(), Action(Kind.STEP, 99, 100), Action(Kind.STEP, -5, 3),
    Action(Kind.PLAY, card=42), Action(Kind.PLAY, 3, 4, card=-3), Action(Kind.END, tower=9, spread=(1,)),
    Action(Kind.SCORE, n=-3), Action(Kind.SCORE, n=100), Action(Kind.BUY, card=77), Action(99),  # type: ignore[arg-type]
    Action(Kind.PASS, 18, 70), Action(Kind.END, sq=4, tower=0, spread=(0, 0, 0, 0))])
def test_torres_apply_of_garbage_raises_the_games_error_not_attribute_error(garbage: object):
    st = play_random(5, 2, upto=40)
    before = snapshot(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply(garbage)  # type: ignore[arg-type]
    assert "not an action" in info.value.reason
    assert snapshot(st) == before
    assert st.why_illegal(garbage) == "not an action"  # type: ignore[arg-type]


def test_torres_an_equal_action_built_outside_the_pool_is_applied_as_the_pooled_one():
    st = board("c3:1", "c3:0")
    twin = Action(Kind.STEP, sq("c3"), sq("c4"))
    assert twin == parse("step c3 c4") and twin is not parse("step c3 c4")
    assert st.why_illegal(twin) == ""
    st.apply(twin)
    assert st.history[-1] is parse("step c3 c4") and st.piece_at(sq("c4")) == 0


def test_torres_an_action_after_the_end_is_refused():
    st = play_random(2, 2)
    assert st.is_terminal()
    with pytest.raises(IllegalActionError, match="the game is over"):
        act(st, "score 1")
