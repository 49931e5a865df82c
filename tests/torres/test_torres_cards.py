"""Torres action cards: buying and playing (K1-K6) and the ten effects (K10-K19)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.torres.helpers import act, board, hand_of, legal_texts, name, ref_castles, ref_k17_ok, snapshot, sq, \
    starting, targets
from toledo.core.errors import IllegalActionError
from toledo.games.torres import data as D
from toledo.games.torres.board import square_list
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import Setup, State, new_game

ALL = hand_of(*range(10))
NONE = hand_of()
W13 = "c3:3 d3:1 c4:2"
AROUND_W13 = {"c2", "b3", "d2", "e3", "d4", "b4", "c5"}
CORNERS = "a1:1 h1:1 a8:1 h8:1"  # four one-block castles out of the way


def holding(*cards: int) -> list[list[int]]:
    return [hand_of(*cards), NONE]


def assert_illegal(st: State, text: str, why: str) -> None:
    before = snapshot(st)
    with pytest.raises(IllegalActionError) as info:
        act(st, text)
    assert why in info.value.reason, info.value.reason
    assert info.value.action == text and info.value.step == st.step
    assert snapshot(st) == before


def plays(st: State, card: int) -> set[str]:
    return starting(st, f"play {D.CARD_IDS[card]}")


def end_turn(st: State) -> None:
    st.apply(next(a for a in st.legal_actions() if str(a).startswith("end")))


def through_setup(num_players: int = 2, seed: int = 0) -> State:
    st = new_game(num_players, seed=seed)
    while st.stage in (Stage.KNIGHTS, Stage.KING):
        st.apply(st.legal_actions()[0])
    return st


# --- K1 buying ------------------------------------------------------------------------------------
def test_torres_k1_buying_takes_the_top_card_of_the_common_deck_for_one_ap():
    st = board("c3:1", "c3:0")
    deck = list(st.deck)
    act(st, "buy")
    assert st.deck == deck[:-1] and st.hand(0) == [deck[-1]] and st.ap == 4 and st.bought == 1


def test_torres_k1_at_most_two_cards_a_turn_and_again_next_turn():
    st = through_setup(2)
    act(st, "buy", "buy")
    assert "buy" not in legal_texts(st) and st.ap == 3
    end_turn(st)
    end_turn(st)
    assert st.current == 0 and "buy" in legal_texts(st) and len(st.hand(0)) == 2


def test_torres_k1_no_buying_from_an_empty_deck():
    st = board("c3:1", "c3:0")
    st.deck = []
    st._legal = None
    assert "buy" not in legal_texts(st)
    assert_illegal(st, "buy", "the deck is empty")


# --- K2 bought cards ---------------------------------------------------------------------------------
def test_torres_k2_a_card_is_not_playable_in_the_turn_it_was_bought():
    st = board("c3:1", "c3:0 f6:1")
    st.deck.append(D.K14)
    act(st, "buy")
    assert st.hand(0) == [D.K14] and not plays(st, D.K14)
    assert_illegal(st, "play k14", "the turn it was bought")
    end_turn(st)
    end_turn(st)
    assert st.current == 0 and plays(st, D.K14) == {"play k14"}


def test_torres_k2_an_older_copy_of_the_bought_type_stays_playable():
    st = board("c3:1", "c3:0", hands=holding(D.K14))
    st.deck.append(D.K14)
    act(st, "buy")
    assert st.hand(0) == [D.K14, D.K14] and "play k14" in legal_texts(st)
    act(st, "play k14")
    assert st.hand(0) == [D.K14]


def test_torres_k2_cards_keep_across_phases_and_there_is_no_hand_limit():
    st = through_setup(2, seed=9)
    bought: list[int] = []
    while st.phase < 2 and not st.is_terminal():
        if st.stage == Stage.KING_MOVE:
            act(st, "king stay")
            continue
        if st.current == 0:
            for _ in range(2):
                bought.append(st.deck[-1])
                act(st, "buy")
        end_turn(st)
    assert st.phase == 2 and len(bought) == 16  # two a turn, four turns in each of two phases
    assert st.hand(0) == sorted(bought) and st.current == 0
    assert any(a.startswith("play") for a in legal_texts(st))  # bought in phase 1, played in phase 3


# --- K3 playing ------------------------------------------------------------------------------------
def test_torres_k3_one_card_a_turn_for_no_ap_and_it_leaves_the_game():
    st = board("c3:1", "c3:0 f6:1", hands=holding(D.K14, D.K15))
    deck = list(st.deck)
    act(st, "play k15")
    assert st.ap == 7 and st.card_played and st.hand(0) == [D.K14] and st.played[0][D.K15] == 1
    assert not plays(st, D.K14) and st.deck == deck  # one a turn; the card is not reshuffled
    end_turn(st)
    end_turn(st)
    assert plays(st, D.K14) == {"play k14"}  # next turn another card


def test_torres_k3_a_card_may_be_played_at_any_moment_between_actions():
    st = board("c3:1", "c3:0", hands=holding(D.K16))
    assert "play k16 c3 d4" in legal_texts(st)  # before any action
    act(st, "score 5")  # every AP spent
    assert st.ap == 0 and "play k16 c3 d4" in legal_texts(st)
    act(st, "play k16 c3 d4")
    assert st.piece_at(sq("d4")) == 0


# --- K4 whole effects ---------------------------------------------------------------------------------
def test_torres_k4_a_card_is_offered_only_when_its_whole_effect_is_possible():
    # one knight in a corner beside nothing but the king's block: only the AP cards can do anything
    st = board("b2:1", "a1:0", king="b2", towers=[[0, 0, 0, 0], [0, 0, 0, 0]], supply=0, hands=[ALL, NONE])
    assert starting(st, "play") == {"play k14", "play k15"}
    for text, why in (("play k10 a1 a2", "exactly two levels higher"), ("play k11 a2", "general supply is empty"),
                      ("play k12 a1 t1", "has no block"), ("play k13 a1 a2", "no castle next to a1"),
                      ("play k16 a1 b2", "not free"), ("play k17 b2 c3", "no free block on b2"),
                      ("play k18 a1 a2", "another knight"), ("play k19 a1 a3", "leap goes straight")):
        assert_illegal(st, text, why)


def test_torres_k4_each_card_is_one_complete_action_with_its_parameters():
    st = board("c3:1 d3:3 c2:1 f6:1 " + CORNERS, "c3:0 c4:1 b3:0", hands=[ALL, NONE])
    words = Counter(t.split()[1] for t in starting(st, "play"))
    assert set(words) == set(D.CARD_IDS)  # every card can do something here
    for text in starting(st, "play"):
        card, args = text.split()[1], text.split()[2:]
        want = {"k11": 1, "k12": 2, "k14": 0, "k15": 0}.get(card, 2)
        assert len(args) == want, text
        if card == "k12":
            assert args[1] in {"t1", "t2", "t3", "t4"}


# --- K5 free effects ---------------------------------------------------------------------------------
def test_torres_k5_a_card_effect_costs_no_ap_and_is_no_a_action():
    for heights, knights, text in (("c3:1 d3:3 d2:3", "c3:0", "play k10 c3 d3"), ("c3:1", "c3:0", "play k11 c4"),
                                   ("c3:1 d3:1", "c3:0", "play k12 c3 t2"), (W13, "b3:0", "play k13 b3 c4"),
                                   ("c3:1", "c3:0", "play k16 c3 d4"), ("c3:1 d3:1 f6:1", "c3:0", "play k17 d3 g3"),
                                   ("c3:1", "c3:0 c4:0", "play k18 c3 c5"), ("c3:1", "c3:0 c4:1", "play k19 c3 c5")):
        st = board(heights + " " + CORNERS, knights, hands=[ALL, NONE])
        act(st, text)
        assert st.ap == 5 and st.fixed == -1 and st.bought == 0, text
        assert st.ksupply[0] == 6 - st.knight_masks[0].bit_count()


def test_torres_k6_a_cards_colour_means_nothing_in_the_base_game():
    st = new_game(4, seed=1)
    assert Counter(st.deck) == {t: D.CARD_COPIES for t in range(10)}  # types only, four of each
    st = board("c3:1", "f6:0 c3:1", current=1, hands=[NONE, hand_of(D.K14, D.K14, D.K14, D.K14)])
    act(st, "play k14")  # four copies of one type, in blue's hand: any copy is as good as another
    assert st.ap == 6 and st.hand(1) == [D.K14] * 3


# --- K10 climb two ----------------------------------------------------------------------------------
def test_torres_k10_one_orthogonal_step_exactly_two_levels_up():
    st = board("c2:2 c3:1 d3:3 c4:3 d2:3", "c3:0 c4:1", hands=holding(D.K10))
    assert plays(st, D.K10) == {"play k10 c3 d3"}  # c4 is taken, d2 is diagonal, c2 is only one up
    act(st, "play k10 c3 d3")
    assert st.piece_at(sq("d3")) == 0 and st.heights[sq("d3")] == 3 and st.ap == 5 and st.hand(0) == []


def test_torres_k10_exactly_plus_two_from_the_ground():
    st = board("c3:1 d3:2 d2:3 e3:1", "d4:0", hands=holding(D.K10))  # castle of area 4
    # from d4 (level 0): d3 (2) by the card only, e4 ground by a step
    assert plays(st, D.K10) == {"play k10 d4 d3"}
    assert "step d4 d3" not in legal_texts(st)
    assert_illegal(st, "play k10 d4 e4", "exactly two levels higher")


def test_torres_k10_w13_d3_to_c3_is_a_card_not_a_step():
    st = board(W13, "d3:0", hands=holding(D.K10))
    assert_illegal(st, "step d3 c3", "at most one level")
    act(st, "play k10 d3 c3")
    assert st.piece_at(sq("c3")) == 0


# --- K11 extra block ----------------------------------------------------------------------------------
def test_torres_k11_a_block_from_the_general_supply_under_the_rules_of_a5():
    st = board("c3:1 d3:1 f3:1", "c3:0", hands=holding(D.K11))
    builds = {t.split()[1] for t in starting(st, "build") if t.endswith("t1")}
    assert {t.split()[2] for t in plays(st, D.K11)} == builds
    supply, towers = st.supply, [list(t) for t in st.towers]
    act(st, "play k11 d3")
    assert st.heights[sq("d3")] == 2 and st.supply == supply - 1 and st.towers == towers
    assert st.fixed == -1 and {t.split()[2] for t in starting(st, "build")} == {"t1", "t2", "t3", "t4"}


def test_torres_k11_not_playable_when_the_general_supply_is_empty():
    st = board("c3:1", "c3:0", hands=holding(D.K11), supply=0)
    assert not plays(st, D.K11)
    assert_illegal(st, "play k11 c4", "general supply is empty")


# --- K12 block under a knight -------------------------------------------------------------------------
def test_torres_k12_on_a_castle_within_its_area_the_knight_rises():
    st = board("c3:2 d3:1", "c3:0 d3:0", hands=holding(D.K12))
    assert plays(st, D.K12) == {f"play k12 d3 t{i}" for i in range(1, 5)}  # c3 would reach 3 > area 2
    assert_illegal(st, "play k12 c3 t1", "higher than its area")
    supply = st.supply
    act(st, "play k12 d3 t2")
    assert st.heights[sq("d3")] == 2 and st.piece_at(sq("d3")) == 0 and st.towers[0] == [3, 2, 3, 3]
    assert st.supply == supply and st.ap == 5


def test_torres_k12_on_the_ground_joins_the_one_castle_beside_it():
    st = board("c3:1", "b3:0", hands=holding(D.K12))
    act(st, "play k12 b3 t1")
    assert st.heights[sq("b3")] == 1 and st.castle_of(sq("b3")) == st.castle_of(sq("c3"))
    assert st.castle_of(sq("c3")).bit_count() == 2


def test_torres_k12_on_the_ground_beside_no_castle_founds_one_diagonal_contact_allowed():
    st = board("c3:1", "d4:0", hands=holding(D.K12))
    act(st, "play k12 d4 t1")
    assert [{name(q) for q in square_list(m)} for m in st.castles()] == [{"c3"}, {"d4"}]


def test_torres_k12_never_beside_two_castles():
    st = board("c3:1 e3:1", "d3:0", hands=holding(D.K12))
    assert not plays(st, D.K12)
    assert_illegal(st, "play k12 d3 t1", "join two castles")


def test_torres_k12_any_own_tower_without_fixing_the_turns_tower():
    st = board("c3:1 d3:1 c2:1", "c3:0", hands=holding(D.K12))
    act(st, "build c4 t1")
    assert st.fixed == 0
    assert {t.split()[3] for t in plays(st, D.K12)} == {"t1", "t2", "t3", "t4"}
    act(st, "play k12 c3 t3")
    assert st.fixed == 0 and st.towers[0] == [2, 3, 2, 3]
    st = board("c3:1 d3:1", "c3:0", hands=holding(D.K12), towers=[[-1, 0, 3, 3], [3, 3, 3, 3]])
    assert {t.split()[3] for t in plays(st, D.K12)} == {"t3", "t4"}  # a used or empty slot has no block


# --- K13 gate ---------------------------------------------------------------------------------------
def test_torres_k13_w13_a_passage_without_the_level_limit_but_through_a_gate():
    st = board(W13, "b3:0", hands=holding(D.K13))
    assert targets(st, "play k13 b3") == (AROUND_W13 - {"b3"}) | {"d3", "c4"}  # never c3: no taller neighbour
    assert_illegal(st, "play k13 b3 c3", "no castle next to b3 has a gate onto c3")
    act(st, "play k13 b3 c4")
    assert st.piece_at(sq("c4")) == 0 and st.heights[sq("c4")] == 2 and st.ap == 5


def test_torres_k13_needs_an_orthogonally_adjacent_castle():
    st = board("c3:2 d3:1 " + CORNERS, "d4:0 e4:0", hands=holding(D.K13))
    assert targets(st, "play k13 d4") == {"c2", "b3", "d2", "e3", "c4", "d3"}  # in through d3; c3 has no gate
    assert not starting(st, "play k13 e4")  # e4 touches the castle only at d3's corner


# --- K14 / K15 more action points -------------------------------------------------------------------
def test_torres_k14_six_action_points_in_all_also_after_the_first_five():
    st = board("c3:1", "c3:0", hands=holding(D.K14))
    act(st, "play k14")
    assert st.ap == 6 and "score 6" in legal_texts(st)
    st = board("c3:1", "c3:0", hands=holding(D.K14))
    act(st, "score 5")
    assert "play k14" in legal_texts(st)
    act(st, "play k14", "score 1")
    assert st.ap == 0 and st.score[0] == 6


def test_torres_k15_seven_action_points_in_all():
    st = board("c3:1", "c3:0", hands=holding(D.K15))
    act(st, "score 2", "play k15")
    assert st.ap == 5 and "score 5" in legal_texts(st)
    st = board("c3:1", "c3:0", hands=holding(D.K15))
    act(st, "play k15")
    assert st.ap == 7 and "score 7" in legal_texts(st) and "score 8" not in legal_texts(st)


# --- K16 diagonal step ------------------------------------------------------------------------------
def test_torres_k16_one_diagonal_step_up_at_most_one_level_down_any():
    st = board("c3:1 d2:2 e2:1 b4:3 a4:1 b5:1", "c3:0 b4:0 d4:1", hands=holding(D.K16))
    assert targets(st, "play k16 c3") == {"b2", "d2"}  # b4 is two up (and taken), d4 taken
    assert targets(st, "play k16 b4") == {"a3", "a5", "c5"}  # three levels down is fine
    assert_illegal(st, "play k16 c3 c4", "diagonal neighbour")


def test_torres_k16_changes_between_castles_that_touch_at_a_corner():
    st = board("c3:1 d2:2 e2:1", "c3:0", hands=holding(D.K16))
    assert st.castle_of(sq("c3")) != st.castle_of(sq("d2"))
    act(st, "play k16 c3 d2")
    assert st.piece_at(sq("d2")) == 0 and st.ap == 5


# --- K17 move a block ---------------------------------------------------------------------------------
def test_torres_k17_a_free_block_onto_a_free_block_or_a_free_ground_square():
    st = board("c3:2 d3:1 c4:1 f6:1 " + CORNERS, "f6:1", hands=holding(D.K17))
    moves = targets(st, "play k17 c3")
    assert {"d3", "c4", "e3", "g3"} <= moves  # onto blocks of its castle, beside it, or founding a castle
    assert not {"c3", "f6"} & moves  # not where it was, not under a piece
    assert "e6" in moves  # beside f6: that castle grows
    act(st, "play k17 c3 g3")
    assert st.heights[sq("c3")] == 1 and st.heights[sq("g3")] == 1 and len(st.castles()) == 7 and st.ap == 5


def test_torres_k17_the_source_castle_is_not_split():
    st = board("c3:1 d3:1 e3:1 " + CORNERS + " f6:1", "", hands=holding(D.K17))
    assert not targets(st, "play k17 d3")  # lifting the middle block splits c3-e3
    assert_illegal(st, "play k17 d3 h5", "split")
    assert "play k17 c3 f3" in legal_texts(st)  # an end block may go to the other end


def test_torres_k17_no_two_castles_are_joined():
    st = board("c3:1 e3:1 f6:1 " + CORNERS, "", hands=holding(D.K17))
    assert "play k17 a1 d3" not in legal_texts(st)  # d3 touches c3 and e3
    assert_illegal(st, "play k17 a1 d3", "join")


def test_torres_k17_every_castle_within_its_area_after_the_move():
    st = board("c3:2 d3:1 f6:1 " + CORNERS, "", hands=holding(D.K17))
    # without d3, c3's castle would be of area 1 and height 2: d3 may only go back beside c3
    assert targets(st, "play k17 d3") == {"c2", "b3", "c4"}
    assert "play k17 c3 f6" not in legal_texts(st)  # f6 would be 2 high on area 1


def test_torres_k17_at_least_six_castles_remain_checked_on_the_result():
    six = board("c3:1 f6:1 " + CORNERS, "", hands=holding(D.K17))
    moves = targets(six, "play k17 c3")
    assert "e6" not in moves  # beside f6: five castles would be left
    assert "d5" in moves  # moved to open ground: still six after the move
    seven = board("c3:1 f6:1 g3:1 " + CORNERS, "", hands=holding(D.K17))
    assert "e6" in targets(seven, "play k17 c3")


def test_torres_k17_a_one_block_castle_may_join_another_castle():
    st = board("c3:1 d4:1 e4:1 f6:1 " + CORNERS, "", hands=holding(D.K17))
    act(st, "play k17 c3 d4")
    assert st.heights[sq("d4")] == 2 and st.heights[sq("c3")] == 0 and len(st.castles()) == 6


def test_torres_k17_the_block_under_a_piece_is_never_free_and_the_kings_castle_has_no_protection():
    st = board("c3:1 d3:1 f6:1 " + CORNERS, "f6:0", king="c3", hands=holding(D.K17))
    assert not starting(st, "play k17 c3") and not starting(st, "play k17 f6")
    assert_illegal(st, "play k17 c3 g3", "no free block on c3")
    act(st, "play k17 d3 g3")  # the king's castle shrinks to the king's square
    assert st.castle_of(st.king).bit_count() == 1


def test_torres_k17_target_differs_from_the_source():
    st = board("c3:2 d3:1 c4:1 f6:1 " + CORNERS, "", hands=holding(D.K17))
    assert_illegal(st, "play k17 c3 c3", "another square")


def test_torres_k17_never_leaves_fewer_than_six_castles_from_any_block():
    four = board("c3:2 d3:1 a1:1 h1:1 a8:1", "", hands=holding(D.K17))
    assert targets(four, "play k17 c3") == set()  # no move gets back to six
    five = board("c3:2 d3:1 " + CORNERS, "", hands=holding(D.K17))  # only a new castle makes six
    moves = targets(five, "play k17 c3")
    assert "g3" in moves and not {"d3", "c2", "a2"} & moves
    six = board("c3:2 d3:1 f6:1 " + CORNERS, "", hands=holding(D.K17))
    assert {"d3", "g3", "e6"} <= targets(six, "play k17 c3")
    five = board("c3:1 d3:1 " + CORNERS, "", hands=holding(D.K17))
    moves = targets(five, "play k17 d3")  # a ground block of a two-block castle
    assert {"g3", "e3"} <= moves and not {"c2", "c4", "b3"} & moves  # back beside c3 would leave five


def test_torres_k17_matches_the_plain_reference_on_random_game_positions():
    rng = random.Random(17)
    checked = 0
    for seed in range(4):
        st = State(Setup(2 + seed % 3, seed))
        while not st.is_terminal():
            if st.stage == Stage.TURN and rng.random() < 0.02:
                st.hands[st.current] = hand_of(D.K17)
                st.fresh = [0] * 10
                st.card_played = False
                st._legal = None
                occ = {q for q in range(64) if st.occupied >> q & 1}
                want = {f"play k17 {name(q)} {name(t)}" for q in range(64) if st.heights[q] and q not in occ
                        for t in range(64) if ref_k17_ok(st.heights, occ, q, t)}
                assert plays(st, D.K17) == want
                assert len(ref_castles(st.heights)) >= 6 or not want
                checked += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert checked >= 5


# --- K18 redeploy ---------------------------------------------------------------------------------
def test_torres_k18_lift_a_knight_and_place_it_beside_another_own_knight():
    st = board("c3:1 d3:1", "c3:0 f6:0", hands=holding(D.K18))
    assert targets(st, "play k18 c3") == {"e6", "g6", "f5", "f7"}
    assert targets(st, "play k18 f6") == {"c2", "b3", "c4", "d3"}  # same level (d3) or lower
    act(st, "play k18 f6 d3")
    assert st.piece_at(sq("d3")) == 0 and st.piece_at(sq("f6")) == -1 and st.ap == 5 and st.ksupply[0] == 4


def test_torres_k18_adjacency_after_lifting_and_never_back_to_the_same_square():
    st = board("", "c3:0 c4:0", hands=holding(D.K18))
    assert targets(st, "play k18 c3") == {"b4", "d4", "c5"}  # beside c4 only; c3 itself is no target
    assert_illegal(st, "play k18 c3 b3", "next to another of your knights")


def test_torres_k18_not_playable_with_a_single_knight_on_the_board():
    st = board("c3:1", "c3:0", hands=holding(D.K18))
    assert not plays(st, D.K18)
    assert_illegal(st, "play k18 c3 c4", "another knight on the board")


# --- K19 leap ---------------------------------------------------------------------------------------
def test_torres_k19_jump_straight_over_another_players_knight_at_any_level():
    st = board("c3:2 c2:1", "b3:0 c3:1", hands=holding(D.K19, D.K19))
    assert plays(st, D.K19) == {"play k19 b3 d3"}
    act(st, "play k19 b3 d3")
    assert st.piece_at(sq("d3")) == 0 and st.piece_at(sq("c3")) == 1 and st.ap == 5
    assert not starting(st, "play")  # one jump per card, one card per turn


def test_torres_k19_landing_free_and_at_most_one_level_up():
    st = board("c3:2 c2:1 d3:1", "b3:0 c3:1", hands=holding(D.K19))
    assert plays(st, D.K19) == {"play k19 b3 d3"}  # level 1 from level 0
    st = board("c3:2 c2:1 d3:2", "b3:0 c3:1", hands=holding(D.K19))
    assert not plays(st, D.K19)  # two up
    st = board("c3:2 c2:1", "b3:0 c3:1 d3:1", hands=holding(D.K19))
    assert not plays(st, D.K19)  # taken


def test_torres_k19_only_over_a_knight_of_another_colour():
    for knights, king in (("b3:0 c3:0", ""), ("b3:0", "c3"), ("b3:0", "")):
        st = board("c3:1", knights, king=king, hands=holding(D.K19))
        assert not plays(st, D.K19), (knights, king)
    st = board("c3:1", "b3:0 c3:1", hands=holding(D.K19))
    assert_illegal(st, "play k19 b3 e3", "leap goes straight")  # two squares beyond is no leap
