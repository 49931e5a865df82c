"""The rulebook's own-deck variant (V1-V3) and the master version (M1-M7), one test or more per rule id."""

from __future__ import annotations

import pytest

from tests.torres.helpers import act, end_turn, finish_setup, hand_of, legal_texts, position, xy
from toledo.games.torres import actions as A
from toledo.games.torres import data as D
from toledo.games.torres.actions import Kind
from toledo.games.torres.board import BIT, square_list
from toledo.games.torres.moves import master_start_squares
from toledo.games.torres.scoring import master_points, phase_points
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import State, new_game


def dist(a: int, b: int) -> int:
    return abs(a % 8 - b % 8) + abs(a // 8 - b // 8)


def buys(st: State) -> set[str]:
    return {str(a) for a in st.legal_actions() if a.kind is Kind.BUY}


# === V: own action decks ===========================================================================
@pytest.mark.parametrize("players", [2, 3, 4])
def test_torres_v1_each_player_has_his_own_shuffled_deck_and_no_common_deck(players):
    st = new_game(players, seed=5, variant="own-deck")
    assert st.deck == []
    for seat in range(players):
        assert sorted(st.decks[seat]) == list(range(D.NUM_CARD_TYPES))
        assert st.hand(seat) == []
    orders = {tuple(st.decks[s]) for s in range(players)}
    assert len(orders) > 1, "each deck is shuffled on its own"
    again = new_game(players, seed=5, variant="own-deck")
    assert again.decks == st.decks
    assert new_game(players, seed=6, variant="own-deck").decks != st.decks


def keeps(st: State) -> set[str]:
    """V2: the ways to keep and put back offered once the buyer has paid."""
    return buys(st.child(A.BUY))


def buy(st: State, keep: str) -> None:
    act(st, "buy")
    act(st, keep)


def test_torres_v1_buy_offers_only_the_own_deck():
    st = finish_setup(new_game(2, seed=1, variant="own-deck"))
    assert buys(st) == {"buy"}
    top3 = st.decks[st.current][-3:]
    for text in keeps(st):
        assert D.CARD_IDS.index(text.split()[1]) in top3


def _own(deck: list[int], **kw: object) -> State:
    st = position(2, variant="own-deck", **kw)  # type: ignore[arg-type]
    st.decks = [list(deck), list(range(D.NUM_CARD_TYPES))]
    st._legal = None
    return st


DECK = [D.K10, D.K11, D.K12, D.K13, D.K16, D.K17, D.K18, D.K19, D.K15, D.K14]  # top card last: k14


def test_torres_v2_look_at_three_keep_one_put_two_back_in_any_order_top_or_bottom():
    st = _own(DECK)
    got = keeps(st)
    look = ("k14", "k15", "k19")
    assert len(got) == 3 * 6
    for keep in look:
        a, b = (c for c in look if c != keep)
        assert {f"buy {keep} top {a} {b}", f"buy {keep} top {b} {a}", f"buy {keep} top {a} bottom {b}",
                f"buy {keep} top {b} bottom {a}", f"buy {keep} bottom {a} {b}", f"buy {keep} bottom {b} {a}"} <= got


def test_torres_v2_the_top_cards_are_seen_only_after_paying():
    st = _own(DECK)
    before = st.legal_actions()
    assert all(a.card < 0 for a in before if a.kind is Kind.BUY), "no deck card named before the purchase"
    assert not any(a.top or a.bottom for a in before)
    assert st.view(0).deck_top == () and st.view(1).deck_top == ()
    act(st, "buy")
    assert st.keeping and st.ap == D.AP_PER_TURN - D.AP_BUY and st.bought == 1
    assert st.hands[0] == [0] * D.NUM_CARD_TYPES, "nothing kept yet"
    assert st.view(0).deck_top == (D.K14, D.K15, D.K19) and st.view(0).keeping
    assert st.view(0).deck_known[0] == (3, 0)
    other = st.view(1)
    assert other.deck_top == () and other.keeping and other.hand == tuple([0] * D.NUM_CARD_TYPES)
    assert {a.kind for a in st.legal_actions()} == {Kind.BUY} and all(a.card >= 0 for a in st.legal_actions())
    assert "first keep one" in st.why_illegal(A.parse("score 1"))
    assert st.last_reveal_step == st.step, "the cards are seen: undo cannot go back before the purchase"
    keep = A.parse("buy k15 top k14 bottom k19")
    assert A.parse(str(keep)) is keep and keep in st.legal_actions()
    st.apply(keep)
    assert not st.keeping and st.hands[0][D.K15] == 1 and st.view(0).deck_top == (D.K14,)
    assert st.view(0).deck_bottom == (D.K19,) and st.view(1).deck_top == ()
    assert any(a.kind is Kind.END for a in st.legal_actions())


def test_torres_v2_cards_put_back_land_where_chosen():
    st = _own(DECK)
    buy(st, "buy k14 top k19 bottom k15")
    assert st.hands[0][D.K14] == 1 and st.ap == 4
    assert st.decks[0] == [D.K15, D.K10, D.K11, D.K12, D.K13, D.K16, D.K17, D.K18, D.K19]
    view = st.view(0)
    assert view.deck_top == (D.K19,) and view.deck_bottom == (D.K15,)
    buy(st, "buy k19 bottom k18 k17")  # the second purchase repeats it: looks at k19, k18, k17
    assert st.decks[0] == [D.K17, D.K18, D.K15, D.K10, D.K11, D.K12, D.K13, D.K16]  # k17 the bottom card
    assert st.hands[0][D.K19] == 1


def test_torres_v2_at_most_two_purchases_per_turn():
    st = _own(DECK)
    buy(st, "buy k14 top k19 k15")
    buy(st, "buy k19 top k15 k18")
    assert st.bought == 2 and not buys(st)


def test_torres_v2_decision_fewer_than_three_cards():
    st = _own([D.K10, D.K11])
    assert keeps(st) == {"buy k10 top k11", "buy k11 top k10"}, "nothing else left: top and bottom are one place"
    st = _own([D.K12])
    assert keeps(st) == {"buy k12"}
    st = _own([])
    assert not buys(st)


def test_torres_v2_bought_card_playable_only_from_the_next_turn():
    st = _own(DECK)
    buy(st, "buy k14 top k19 k15")
    assert "play k14" not in legal_texts(st)
    end_turn(st)
    end_turn(st)
    assert st.current == 0 and "play k14" in legal_texts(st)


def test_torres_v3_everything_else_unchanged():
    base = finish_setup(new_game(3, seed=2))
    own = finish_setup(new_game(3, seed=2, variant="own-deck"))
    assert own.heights == base.heights and own.towers == base.towers and own.ap == base.ap == D.AP_PER_TURN
    assert own.supply == base.supply and own.master_card == -1
    st = _own(DECK)
    st.hands[0] = hand_of(D.K15)
    act(st, "play k15")
    assert st.ap == 7


# === M: master version =============================================================================
def test_torres_m1_base_rules_hold_and_the_variant_does_not_apply():
    st = new_game(3, seed=3, variant="master")
    assert st.deck == [] and st.decks == [[], [], []]
    st = finish_setup(st)
    assert st.stage == Stage.TURN and st.ap == D.AP_PER_TURN
    assert st.towers == [list(D.PHASE_TOWERS[3][0])] * 3
    assert not buys(st)


@pytest.mark.parametrize("players, start", [(2, 0), (3, 1), (4, 3)])
def test_torres_m2_players_place_the_eight_start_blocks_in_turn_order(players, start):
    st = new_game(players, seed=4, start_player=start, variant="master")
    assert st.stage == Stage.BLOCKS and st.blocks == 0 and st.supply == D.BLOCKS
    assert len(st.legal_actions()) == 64
    seats = []
    while st.stage == Stage.BLOCKS:
        seats.append(st.current)
        st.apply(st.legal_actions()[-1])
    assert seats == [(start + i) % players for i in range(8)]
    assert st.blocks.bit_count() == 8 and st.supply == D.BLOCKS - 8
    assert st.stage == Stage.KNIGHTS and st.current == start  # then S6-S8 as usual
    placed = square_list(st.blocks)
    assert all(dist(a, b) >= 3 for a in placed for b in placed if a != b)


def test_torres_m2_spacing_two_empty_squares_orthogonally_one_diagonally():
    st = new_game(2, seed=0, variant="master")
    act(st, "block d4")
    b = xy(3, 3)
    allowed = {a.sq for a in st.legal_actions()}
    assert allowed == {q for q in range(64) if dist(q, b) >= 3}
    assert xy(5, 5) in allowed  # two apart diagonally
    assert xy(6, 3) in allowed  # two empty squares between
    assert not {xy(5, 3), xy(4, 4), xy(3, 4), xy(3, 5)} & allowed


def test_torres_m2_decision_fallback_spacing_when_no_square_keeps_it():
    # these 8 squares leave no square at |dx| + |dy| >= 3 (such a position needs 8 blocks, so the
    # fallback is a safeguard that ordinary play never reaches)
    placed = [5, 9, 37, 51, 48, 26, 54, 22]
    mask = sum(BIT[q] for q in placed)
    assert not [q for q in range(64) if all(dist(q, b) >= 3 for b in placed)]
    got = set(square_list(master_start_squares(mask)))
    assert got == {q for q in range(64) if all(dist(q, b) >= 2 for b in placed)}
    assert got


def test_torres_m3_each_player_holds_his_ten_cards_no_deck_no_buying():
    st = finish_setup(new_game(4, seed=8, variant="master"))
    for seat in range(4):
        assert st.hand(seat) == list(range(D.NUM_CARD_TYPES))
    assert st.deck == [] and not buys(st)
    assert "play k14" in legal_texts(st)
    act(st, "play k14")
    assert st.ap == 6 and st.hands[st.current][D.K14] == 0 and st.played[st.current][D.K14] == 1
    assert not any(a.kind is Kind.PLAY for a in st.legal_actions()), "one card per turn"


def test_torres_m4_one_master_card_drawn_by_the_seed_for_the_whole_game():
    drawn = {new_game(2, seed=s, variant="master").master_card for s in range(200)}
    assert drawn == set(range(len(D.MASTER_CARDS)))
    st = new_game(3, seed=11, variant="master")
    assert st.master_card == new_game(3, seed=11, variant="master").master_card
    assert st.view(1).master_card == st.master_card
    assert new_game(3, seed=11).master_card == -1
    card = st.master_card
    finish_setup(st)
    while not st.is_terminal():
        if st.stage == Stage.KING_MOVE:
            act(st, "king stay")
        else:
            end_turn(st)
        assert st.master_card == card


# --- M5 master points --------------------------------------------------------------------------
def master(card: int, knights: dict[int, int], heights: dict[int, int] | None = None, players: int = 2,
           supply: list[int] | None = None) -> State:
    st = position(players, variant="master", heights=heights or {}, knights=knights, knight_supply=supply)
    st.master_card = card
    return st


def test_torres_m5_values_of_the_master_cards():
    assert [c.points for c in D.MASTER_CARDS] == [(2, 5, 10), (2, 5, 10), (5, 15, 30), (0, 0, 40), (0, 0, 40),
                                                  (0, 0, 50), (0, 0, 50), (0, 0, 50)]
    assert [c.bonus for c in D.MASTER_CARDS[:2]] == [(2, 5, 10), (2, 5, 10)]
    assert len(D.BORDER_SQUARES) == 28 and len(D.DIAGONAL_SQUARES) == 16


@pytest.mark.parametrize("phase, each, bonus", [(0, 2, 2), (1, 5, 5), (2, 10, 10)])
def test_torres_m5_mc1_border_per_knight_plus_bonus_for_strict_majority(phase, each, bonus):
    st = master(D.MC1, {xy(0, 0): 0, xy(0, 3): 0, xy(7, 5): 1, xy(3, 3): 1})
    assert master_points(st, phase) == [2 * each + bonus, each]
    tie = master(D.MC1, {xy(0, 0): 0, xy(7, 7): 1})
    assert master_points(tie, phase) == [each, each], "a tie earns no bonus"
    none = master(D.MC1, {xy(3, 3): 0, xy(4, 4): 1})
    assert master_points(none, phase) == [0, 0], "the bonus needs at least one knight"


def test_torres_m5_mc2_main_diagonals():
    st = master(D.MC2, {xy(1, 1): 0, xy(6, 1): 0, xy(2, 1): 0, xy(4, 3): 1}, players=2)
    assert master_points(st, 0) == [2 * 2 + 2, 2]
    assert master_points(st, 2) == [2 * 10 + 10, 10]


def test_torres_m5_mc3_spread_exactly_4_5_6_castles():
    castles = [xy(0, 0), xy(3, 0), xy(6, 0), xy(0, 3), xy(3, 3), xy(6, 3)]
    heights = {q: 1 for q in castles}
    four = master(D.MC3, {q: 0 for q in castles[:4]} | {xy(5, 6): 0}, heights)  # the ground knight: no castle
    assert master_points(four, 0) == [5, 0]
    assert master_points(four, 1) == [0, 0] and master_points(four, 2) == [0, 0]
    five = master(D.MC3, {q: 0 for q in castles[:5]}, heights)
    assert master_points(five, 1) == [15, 0] and master_points(five, 0) == [0, 0]
    six = master(D.MC3, {q: 0 for q in castles}, heights)
    assert master_points(six, 2) == [30, 0]
    two_on_one = master(D.MC3, {xy(0, 0): 0, xy(1, 0): 0, xy(3, 0): 0, xy(6, 0): 0, xy(0, 3): 0},
                        heights | {xy(1, 0): 1})
    assert master_points(two_on_one, 0) == [5, 0], "castles are counted, not knights"


LINE = [xy(x, 6) for x in range(6)]


def test_torres_m5_mc4_all_six_knights_orthogonally_connected_ground_counts():
    st = master(D.MC4, {q: 0 for q in LINE})
    assert master_points(st, 2) == [40, 0]
    assert master_points(st, 0) == [0, 0] and master_points(st, 1) == [0, 0], "only at the third scoring"
    gap = master(D.MC4, {q: 0 for q in LINE[:5]} | {xy(7, 6): 0})
    assert master_points(gap, 2) == [0, 0]
    diag_only = master(D.MC4, {q: 0 for q in LINE[:5]} | {xy(5, 5): 0})
    assert master_points(diag_only, 2) == [0, 0], "diagonal contact does not connect"
    five = master(D.MC4, {q: 0 for q in LINE[:5]}, supply=[1, 6])
    assert master_points(five, 2) == [0, 0], "a knight in the supply fails 'all your knights'"


def test_torres_m5_mc5_all_levels_differ():
    heights = {xy(0, 0): 5, xy(1, 0): 4, xy(2, 0): 3, xy(3, 0): 2, xy(4, 0): 1}
    knights = {xy(0, 0): 0, xy(1, 0): 0, xy(2, 0): 0, xy(3, 0): 0, xy(4, 0): 0, xy(7, 7): 0}
    assert master_points(master(D.MC5, knights, heights), 2) == [40, 0]
    same = dict(knights)
    del same[xy(4, 0)]
    same[xy(6, 7)] = 0  # a second knight on the ground: level 0 twice
    assert master_points(master(D.MC5, same, heights), 2) == [0, 0]
    five = dict(knights)
    del five[xy(7, 7)]
    assert master_points(master(D.MC5, five, heights, supply=[1, 6]), 2) == [0, 0], "all six must be on the board"


def test_torres_m5_mc6_one_row_or_one_column_gaps_allowed():
    row = master(D.MC6, {xy(x, 2): 0 for x in (0, 1, 3, 4, 6, 7)})
    assert master_points(row, 2) == [50, 0]
    col = master(D.MC6, {xy(5, y): 0 for y in range(6)})
    assert master_points(col, 2) == [50, 0]
    off = master(D.MC6, {xy(x, 2): 0 for x in range(5)} | {xy(5, 3): 0})
    assert master_points(off, 2) == [0, 0]
    diagonal = master(D.MC6, {xy(i, i): 0 for i in range(6)})
    assert master_points(diagonal, 2) == [0, 0]
    five = master(D.MC6, {xy(x, 2): 0 for x in range(5)}, supply=[1, 6])
    assert master_points(five, 2) == [0, 0]


def test_torres_m5_mc7_four_knights_on_the_corners_of_an_axis_parallel_square():
    square = master(D.MC7, {xy(1, 1): 0, xy(4, 1): 0, xy(1, 4): 0, xy(4, 4): 0}, supply=[2, 6])
    assert master_points(square, 2) == [50, 0]
    assert master_points(square, 0) == [0, 0]
    rectangle = master(D.MC7, {xy(1, 1): 0, xy(4, 1): 0, xy(1, 3): 0, xy(4, 3): 0})
    assert master_points(rectangle, 2) == [0, 0]
    tilted = master(D.MC7, {xy(2, 0): 0, xy(4, 2): 0, xy(2, 4): 0, xy(0, 2): 0})
    assert master_points(tilted, 2) == [0, 0]


def test_torres_m5_mc8_all_on_one_level_ground_included():
    ground = master(D.MC8, {q: 0 for q in LINE})
    assert master_points(ground, 2) == [50, 0]
    heights = {xy(0, 0): 1, xy(3, 0): 1, xy(6, 0): 1, xy(0, 3): 1, xy(3, 3): 1, xy(6, 3): 1}
    raised = master(D.MC8, {q: 0 for q in heights}, heights)
    assert master_points(raised, 2) == [50, 0]
    mixed = master(D.MC8, {q: 0 for q in list(heights)[:5]} | {xy(7, 7): 0}, heights)
    assert master_points(mixed, 2) == [0, 0]
    five = master(D.MC8, {q: 0 for q in list(heights)[:5]}, heights, supply=[1, 6])
    assert master_points(five, 2) == [0, 0], "all six must be on the board"


def test_torres_m5_master_points_join_the_scoring_total():
    st = master(D.MC1, {xy(0, 0): 0}, heights={xy(0, 0): 1, xy(0, 1): 1})
    pts = phase_points(st, 0)[0]
    assert (pts.castles, pts.king, pts.master, pts.total) == (2, 0, 4, 6)
    assert phase_points(position(2, knights={xy(0, 0): 0}), 0)[0].master == 0, "nothing outside the master version"


# --- M6 turn order ------------------------------------------------------------------------------
def _round_end(scores: list[int], start: int = 0) -> State:
    last = (start + 2) % 3
    st = position(3, variant="master", heights={xy(0, 0): 1}, king=xy(0, 0), current=last, start_player=start,
                  scores=scores)
    st.master_card = D.MC4
    return st


def test_torres_m6_start_player_fixed_while_every_score_is_zero():
    st = _round_end([0, 0, 0])
    end_turn(st)
    assert st.rnd == 1 and st.current == 0 and st.round_start == 0


def test_torres_m6_leader_starts_each_round_once_anyone_left_zero():
    st = _round_end([0, 7, 3])
    end_turn(st)
    assert st.round_start == 1 and st.current == 1
    order = []
    for _ in range(3):
        order.append(st.current)
        end_turn(st)
    assert order == [1, 2, 0]


def test_torres_m6_base_game_keeps_its_order():
    st = position(3, heights={xy(0, 0): 1}, king=xy(0, 0), current=2, scores=[0, 7, 3])
    end_turn(st)
    assert st.current == 0


def test_torres_m6_leader_starts_the_new_phase():
    heights = {xy(0, 0): 1, xy(0, 4): 1, xy(1, 4): 1, xy(2, 4): 1}
    st = position(3, variant="master", heights=heights, knights={xy(0, 4): 2}, king=xy(0, 0), current=2,
                  towers=[[-1, -1, -1, -1], [-1, -1, -1, -1], [-1, -1, -1, 2]], scores=[5, 2, 0])
    st.master_card = D.MC4
    st.rnd = 3
    end_turn(st)  # seat 2 scores 3 -> 3, seat 1 is lowest and moves the king
    assert st.score == [5, 2, 3] and st.stage == Stage.KING_MOVE and st.current == 1
    act(st, "king stay")
    assert st.round_start == 0 and st.current == 0 and st.phase == 1


# --- M7 scoring order, then the new start player ------------------------------------------------
def test_torres_m7_scoring_uses_the_completed_rounds_order_then_the_leader_starts():
    heights = {**{xy(x, 0): 1 for x in range(5)}, **{xy(x, 3): 1 for x in range(5)}, xy(7, 7): 1}
    st = position(3, variant="master", heights=heights, knights={xy(0, 0): 2, xy(0, 3): 1}, king=xy(7, 7),
                  current=0, start_player=1, towers=[[-1, -1, -1, 2], [-1] * 4, [-1] * 4], scores=[5, 0, 0])
    st.master_card = D.MC4
    st.rnd = 3
    end_turn(st)
    # order of the completed round: 1, 2, 0 -> seat 1 takes 6, seat 2 then 7
    assert st.score == [5, 6, 7]
    assert st.round_start == 1, "not changed before the king's move"
    assert st.current == 0  # the lowest score moves the king
    act(st, "king stay")
    assert st.round_start == 2 and st.current == 2
