"""Torres definitions (D1-D6) and setup (S1-S8): the board, castles, pieces, supplies and the first steps."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.torres.helpers import act, board, diag, hand_of, legal_texts, name, orth, random_game, ref_castles, sq, \
    starting, targets, xy
from toledo.core.errors import IllegalActionError, SetupError
from toledo.games.torres import data as D
from toledo.games.torres.board import DIAG, NB, square_list
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import Setup, State, new_game

START = {"d1", "c3", "f3", "h4", "a5", "c6", "f6", "e8"}  # (3,0) (2,2) (5,2) (7,3) (0,4) (2,5) (5,5) (4,7)
PHASE_TABLE = {  # towers one player receives per phase (the phase cards)
    2: [[3, 3, 3, 3], [3, 3, 3, 3], [3, 3, 3, 3]],
    3: [[3, 3, 2, 2], [3, 3, 2], [3, 3, 2]],
    4: [[2, 2, 2, 2], [2, 2, 2], [2, 2, 2]],
}


def castle_sets(st: State) -> list[set[str]]:
    return [{name(q) for q in square_list(m)} for m in st.castles()]


def blocks_beside(m: int) -> int:
    out = 0
    for q in square_list(m):
        out |= NB[q]
    return out


def through_setup(num_players: int = 2, seed: int = 0, start_player: int = 0) -> State:
    """A new game after S6 and S7, each choice the first one offered."""
    st = new_game(num_players, seed=seed, start_player=start_player)
    while st.stage in (Stage.KNIGHTS, Stage.KING):
        st.apply(st.legal_actions()[0])
    return st


# --- D1 board --------------------------------------------------------------------------------------
def test_torres_d1_board_is_eight_by_eight_x_column_y_row():
    assert D.SIZE == 8 and D.SQUARES == 64
    assert D.square(0, 0) == 0 and D.square(7, 0) == 7 and D.square(0, 1) == 8 and D.square(7, 7) == 63
    # text: column letter a-h is x, row number 1-8 is y + 1, counted from the top (Decision: a convention)
    assert sq("a1") == xy(0, 0) and sq("h1") == xy(7, 0) and sq("a8") == xy(0, 7) and sq("c4") == xy(2, 3)
    assert len(set(D.SQUARE_NAMES)) == 64
    assert all(D.SQUARE_BY_NAME[D.SQUARE_NAMES[q]] == q for q in range(64))


def test_torres_d1_orthogonal_and_diagonal_neighbours():
    for q in range(64):
        assert set(square_list(NB[q])) == set(orth(q))
        assert set(square_list(DIAG[q])) == set(diag(q))
        assert len(orth(q)) <= 4 and not set(orth(q)) & set(diag(q))
    assert len(orth(sq("a1"))) == 2 and len(orth(sq("d1"))) == 3 and len(orth(sq("d4"))) == 4
    assert {name(q) for q in orth(sq("c3"))} == {"c2", "b3", "d3", "c4"}
    assert {name(q) for q in diag(sq("c3"))} == {"b2", "d2", "b4", "d4"}
    assert {name(q) for q in diag(sq("h8"))} == {"g7"}


def test_torres_d1_scores_are_unbounded_integers():
    st = board("c3:1", "c3:0", scores=[250, 0])
    act(st, "score 5")
    assert st.score == [255, 0]


# --- D2 height and level ----------------------------------------------------------------------------
def test_torres_d2_height_is_the_number_of_blocks_and_the_level_of_a_piece():
    st = board("c3:3 d3:1 c4:2", "d3:0")
    assert [st.heights[sq(s)] for s in ("c3", "d3", "c4", "b3")] == [3, 1, 2, 0]
    for k in range(4):
        assert all(st.heights[q] == k for q in square_list(st.height_masks[k]))
    assert sum(st.height_masks[k].bit_count() for k in range(len(st.height_masks))) == 64
    st = board("c3:2 d3:1", "c3:0", towers=[[2, 2, 2, 2], [2, 2, 2, 2]])
    act(st, "build d3 t1")  # one more block: one level higher
    assert st.heights[sq("d3")] == 2


def test_torres_d2_ground_is_level_zero():
    st = board("c3:1 d3:2", "b3:0")
    assert st.heights[sq("b3")] == 0
    assert targets(st, "step b3") == {"b2", "a3", "c3", "b4"}  # onto level 1 from level 0, not onto d3
    act(st, "step b3 c3")
    assert "step c3 d3" in legal_texts(st)  # level 1 -> 2


# --- D3 castles -------------------------------------------------------------------------------------
def test_torres_d3_castle_is_an_orthogonally_connected_set_of_blocks_with_area_and_height():
    st = board("c3:3 d3:1 c4:2 e4:1 e5:2 a1:1")
    assert castle_sets(st) == [{"a1"}, {"c3", "d3", "c4"}, {"e4", "e5"}]  # d3 and e4 touch at a corner only
    c = st.castle_of(sq("c4"))
    assert c.bit_count() == 3  # area
    assert max(st.heights[q] for q in square_list(c)) == 3  # height
    assert st.castle_of(sq("b3")) == 0  # ground belongs to no castle


def test_torres_d3_castles_are_derived_anew_after_every_change():
    st = board("c3:1 a8:1 h1:1 h8:1 a5:1 f6:1 f1:1", "c5:0", towers=[[2, 2, 2, 2], [2, 2, 2, 2]],
               hands=[hand_of(D.K17), hand_of()])
    assert len(st.castles()) == 7
    act(st, "build d3 t1")  # ground beside c3: the castle grows
    assert {"c3", "d3"} in castle_sets(st) and len(st.castles()) == 7
    act(st, "play k17 a8 d4")  # a one-block castle moved beside c3/d3: one castle fewer
    assert {"c3", "d3", "d4"} in castle_sets(st) and len(st.castles()) == 6
    assert sorted(map(sorted, ref_castles(st.heights))) == sorted(square_list(m) for m in st.castle_masks)
    st = board("c3:1 a8:1", "h5:0", towers=[[2, 2, 2, 2], [2, 2, 2, 2]], hands=[hand_of(D.K12), hand_of()])
    act(st, "play k12 h5 t1")  # a block on the ground beside no castle founds one
    assert castle_sets(st) == [{"c3"}, {"h5"}, {"a8"}]


def test_torres_d3_castles_touch_only_at_corners_in_random_games():
    for seed in range(3):
        st = random_game(2 + seed, seed)
        assert sorted(map(sorted, ref_castles(st.heights))) == sorted(square_list(m) for m in st.castle_masks)
        for a in st.castle_masks:
            for b in st.castle_masks:
                assert a == b or not a & blocks_beside(b)


# --- D4 pieces --------------------------------------------------------------------------------------
def test_torres_d4_six_knights_per_player_and_one_king():
    st = new_game(4, seed=3)
    assert D.KNIGHTS_PER_PLAYER == 6 and st.ksupply == [6, 6, 6, 6] and st.king == -1
    st = through_setup(4, seed=3)
    assert [st.knight_masks[s].bit_count() + st.ksupply[s] for s in range(4)] == [6, 6, 6, 6]
    assert st.king >= 0 and st.heights[st.king] >= 1  # the king always stands on a block
    assert st.occupied.bit_count() == 5


def test_torres_d4_at_most_one_piece_per_square_and_free_blocks():
    # b3's knight cannot step or be placed onto d3 (the king) or c2 (another knight)
    st = board("c3:1 d3:1 c2:1", "c3:0 c2:1", king="d3")
    assert st.piece_at(sq("c3")) == 0 and st.piece_at(sq("c2")) == 1 and st.piece_at(sq("d3")) == -2
    assert st.piece_at(sq("c4")) == -1
    assert targets(st, "step c3") == {"b3", "c4"}
    assert targets(st, "place") == {"b3", "c4"}
    # a free block is the top of a stack with nobody on it: only those take a block
    st = board("c3:1 d3:1 c4:1", "c3:0", king="d3", towers=[[2, 2, 2, 2], [2, 2, 2, 2]])
    assert {t.split()[1] for t in starting(st, "build")} >= {"c4"}
    assert not {t.split()[1] for t in starting(st, "build")} & {"c3", "d3"}


def test_torres_d4_kings_castle_contains_the_kings_square():
    st = board("c3:2 d3:1 f6:1", "c3:0", king="d3")
    assert st.castle_of(st.king) == st.castle_of(sq("c3")) != st.castle_of(sq("f6"))


# --- D5 supplies ------------------------------------------------------------------------------------
def test_torres_d5_ninety_two_blocks_between_board_towers_and_supply():
    assert D.BLOCKS == 92
    for n in (2, 3, 4):
        st = new_game(n)
        assert sum(st.heights) == 8 and st.supply == 84
        st = through_setup(n)
        in_towers = sum(b for t in st.towers for b in t if b > 0)
        assert in_towers == n * sum(PHASE_TABLE[n][0])
        assert sum(st.heights) + in_towers + st.supply == 92


def test_torres_d5_one_tower_slot_per_remaining_turn():
    st = through_setup(3)
    for rnd in range(4):
        for _ in range(3):
            p = st.current
            live = [b for b in st.towers[p] if b >= 0]
            assert len(live) == 4 - rnd
            st.apply([a for a in st.legal_actions() if str(a).startswith("end")][0])
    assert st.stage == Stage.KING_MOVE and all(t == [] for t in st.towers)  # after the phase: none left


def test_torres_d5_every_tower_holds_zero_to_three_blocks_throughout_random_games():
    for seed in range(3):
        st = State(Setup(2 + seed, seed))
        rng = random.Random(seed)
        while not st.is_terminal():
            for seat in range(st.n):
                assert all(-1 <= b <= 3 for b in st.towers[seat])  # -1: a slot already used up
                if st.stage == Stage.TURN:
                    assert len(st.towers[seat]) == st.rounds()
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])


def test_torres_d5_knights_not_on_the_board_are_in_the_knight_supply():
    st = board("c3:1 c4:1", "c3:0")
    assert st.ksupply[0] == 5
    act(st, "place b3")
    assert st.ksupply[0] == 4 and st.knight_masks[0].bit_count() == 2


# --- D6 castle-height rule --------------------------------------------------------------------------
def test_torres_d6_no_action_makes_a_castle_higher_than_its_area():
    st = board("c3:2 d3:1", "", towers=[[2, 2, 2, 2], [2, 2, 2, 2]])  # area 2, height 2
    builds = {t.split()[1] for t in starting(st, "build")}
    assert "c3" not in builds and "d3" in builds  # c3 would reach 3 > 2; d3 reaches 2
    st = board("c3:2 d3:1 c4:1", "", towers=[[2, 2, 2, 2], [2, 2, 2, 2]])  # area 3
    assert "c3" in {t.split()[1] for t in starting(st, "build")}
    with pytest.raises(IllegalActionError, match="higher than its area"):
        act(board("c3:2 d3:1"), "build c3 t1")


def test_torres_d6_holds_after_every_action_of_random_games():
    for seed in range(4):
        st = State(Setup(2 + seed % 3, seed))
        rng = random.Random(seed)
        while not st.is_terminal():
            for c in ref_castles(st.heights):
                assert max(st.heights[q] for q in c) <= len(c)
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])


# --- S1-S8 setup ------------------------------------------------------------------------------------
def test_torres_s1_two_to_four_players_with_colours_and_scores_at_zero():
    for n in (2, 3, 4):
        st = new_game(n)
        assert st.n == n and st.score == [0] * n and st.ksupply == [6] * n
        assert len({st.colour_of(s) for s in range(n)}) == n
    for n in (0, 1, 5):
        with pytest.raises(SetupError):
            Setup(n)
    st = new_game(2, colours=(3, 1))
    assert (st.colour_of(0), st.colour_of(1)) == ("yellow", "blue")
    with pytest.raises(SetupError):
        Setup(2, colours=(1, 1))


def test_torres_s2_phase_table_depends_on_the_number_of_players_only():
    for n, table in PHASE_TABLE.items():
        assert [list(t) for t in D.PHASE_TOWERS[n]] == table
        st = through_setup(n)
        assert st.towers == [table[0]] * n
    assert D.KNIGHTS_PER_PLAYER == 6 and D.START_CASTLES == 8
    for n in (2, 3, 4):
        assert new_game(n).ksupply == [6] * n and len(new_game(n).castles()) == 8


def test_torres_s3_base_game_shuffles_all_forty_cards_into_one_common_deck():
    st = new_game(3, seed=11)
    assert len(st.deck) == 40 and Counter(st.deck) == {t: 4 for t in range(10)}
    assert all(sum(h) == 0 for h in st.hands)
    assert st.deck == new_game(3, seed=11).deck  # the seed decides the order
    assert any(new_game(3, seed=s).deck != st.deck for s in range(12, 15))
    assert all(d == [] for d in st.decks)


def test_torres_s4_eight_start_blocks_on_the_marked_squares():
    st = new_game(2)
    assert {name(q) for q in range(64) if st.heights[q]} == START
    assert all(st.heights[sq(s)] == 1 for s in START)
    assert castle_sets(st) == [{s} for s in sorted(START, key=sq)]  # eight castles of area 1
    assert st.supply == 84 and st.king == -1 and st.stage == Stage.KNIGHTS


def test_torres_s5_seat_one_starts_by_default_and_the_start_seat_is_a_choice():
    assert new_game(3).current_player == 0
    st = new_game(3, start_player=2)
    assert st.current_player == 2
    order = []
    while st.stage == Stage.KNIGHTS:
        order.append(st.current_player)
        st.apply(st.legal_actions()[0])
    assert order == [2, 0, 1]  # clockwise = seat order
    with pytest.raises(SetupError):
        Setup(3, start_player=3)


def test_torres_s6_each_player_places_one_knight_on_a_free_castle():
    st = new_game(3, start_player=1)
    assert legal_texts(st) == {f"knight {s}" for s in START}
    act(st, "knight c3")
    assert st.current_player == 2 and st.knight_masks[1] == 1 << sq("c3") and st.ksupply[1] == 5
    assert "knight c3" not in legal_texts(st) and len(legal_texts(st)) == 7
    before = st.summary()
    for bad, why in (("knight c3", "not free"), ("knight d4", "not a castle"), ("place d1", "not a choice now")):
        with pytest.raises(IllegalActionError, match=why):
            act(st, bad)
        assert st.summary() == before
    act(st, "knight d1", "knight e8")
    assert st.stage == Stage.KING and [st.knight_masks[s].bit_count() for s in range(3)] == [1, 1, 1]
    assert all(st.heights[q] == 1 for s in range(3) for q in square_list(st.knight_masks[s]))  # on level 1


def test_torres_s7_the_last_placer_puts_the_king_on_a_free_castle():
    st = new_game(3, start_player=1)
    act(st, "knight c3", "knight d1", "knight e8")
    assert st.stage == Stage.KING and st.current_player == 0  # seat 0 placed last (sits before seat 1)
    assert legal_texts(st) == {f"king {s}" for s in START - {"c3", "d1", "e8"}}
    with pytest.raises(IllegalActionError):
        act(st, "king c3")
    act(st, "king f6")
    assert st.king == sq("f6") and st.castle_of(st.king) == 1 << sq("f6")


def test_torres_s8_phase_one_towers_then_round_one_with_the_start_player():
    for n in (2, 3, 4):
        st = through_setup(n, start_player=n - 1)
        assert st.stage == Stage.TURN and st.phase == 0 and st.rnd == 0
        assert st.current_player == n - 1 and st.ap == 5
        assert st.towers == [PHASE_TABLE[n][0]] * n
        assert st.supply == 84 - n * sum(PHASE_TABLE[n][0])
