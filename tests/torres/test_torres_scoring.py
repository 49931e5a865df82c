"""Phases and scoring (W1-W13) and the end of the game (E1-E2), one test (or more) per rule id.

Positions are built square by square with `helpers.position`; a scoring is reached by ending the
last turn of a phase, so the engine's own sequence (W4 -> W5-W8 -> W9 -> W2) is what is tested.
"""

from __future__ import annotations

import random

import pytest

from tests.torres.helpers import act, end_turn, first_of_kind, idle_game, legal_texts, name, position, xy
from toledo.games.torres import GAME
from toledo.games.torres import data as D
from toledo.games.torres.actions import Kind, parse
from toledo.games.torres.scoring import breakdown, castle_points, king_bonus, phase_points
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import State


def last_turn(num_players: int = 2, phase: int = 0, start_player: int = 0, towers_left: int = 2,
              **kw: object) -> State:
    """The last turn of a phase: the last seat of the last round is to act, every other slot used up."""
    n = num_players
    last = (start_player + n - 1) % n
    slots = len(D.PHASE_TOWERS[n][phase])
    towers = [[-1] * slots for _ in range(n)]
    towers[last][-1] = towers_left
    st = position(n, phase=phase, current=last, towers=towers, start_player=start_player,
                  **kw)  # type: ignore[arg-type]
    st.rnd = slots - 1
    st.clear_caches()
    st._legal = None
    return st


def row_castle(x0: int, y: int, heights: list[int]) -> dict[int, int]:
    """A castle along row y from column x0 with the given heights."""
    return {xy(x0 + i, y): h for i, h in enumerate(heights)}


# --- W1 phases and rounds ----------------------------------------------------------------------------
@pytest.mark.parametrize("players, rounds", [(2, (4, 4, 4)), (3, (4, 3, 3)), (4, (4, 3, 3))])
def test_torres_w1_rounds_per_phase(players, rounds):
    assert tuple(D.rounds(players, ph) for ph in range(3)) == rounds
    _, turns = idle_game(players)
    for phase in range(3):
        in_phase = [t for t in turns if t[0] == phase]
        assert len(in_phase) == rounds[phase] * players
        for rnd in range(rounds[phase]):
            seats = [seat for ph, r, seat, _ in in_phase if r == rnd]
            assert sorted(seats) == list(range(players)), "every player exactly one turn per round"


def test_torres_w1_three_phases_each_ends_with_a_scoring():
    st, turns = idle_game(3)
    assert {t[0] for t in turns} == {0, 1, 2}
    assert st.is_terminal() and st.phase == 2


# --- W2 towers -----------------------------------------------------------------------------------------
def test_torres_w2_phase_table_values():
    assert D.PHASE_TOWERS[4] == ((2, 2, 2, 2), (2, 2, 2), (2, 2, 2))
    assert D.PHASE_TOWERS[3] == ((3, 3, 2, 2), (3, 3, 2), (3, 3, 2))
    assert D.PHASE_TOWERS[2] == ((3, 3, 3, 3), (3, 3, 3, 3), (3, 3, 3, 3))
    for n, table in D.PHASE_TOWERS.items():
        assert [len(p) for p in table] == [D.rounds(n, ph) for ph in range(3)]
        assert n * sum(map(sum, table)) <= D.BLOCKS - D.START_CASTLES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_torres_w2_towers_dealt_at_each_phase_start(players):
    from tests.torres.helpers import finish_setup
    from toledo.games.torres.state import new_game

    st = finish_setup(new_game(players))
    assert st.towers == [list(D.PHASE_TOWERS[players][0])] * players
    assert st.supply == D.BLOCKS - D.START_CASTLES - players * sum(D.PHASE_TOWERS[players][0])
    while st.phase == 0:
        if st.stage == Stage.KING_MOVE:
            act(st, "king stay")
        else:
            end_turn(st)
    assert st.towers == [list(D.PHASE_TOWERS[players][1])] * players


def test_torres_w2_short_supply_served_in_turn_order_tower_by_tower():
    # decision: a short general supply serves the players in turn order, tower by tower
    st = last_turn(3, phase=0, start_player=1, towers_left=0, heights={xy(0, 0): 1}, king=xy(0, 0))
    st.supply = 7
    end_turn(st)
    act(st, "king stay")
    # phase 2 of 3 players: towers (3, 3, 2); the first tower of seats 1, 2, 0 (turn order from the
    # start player) takes 3 + 3 + 1; nothing is left for the second and third towers
    assert st.towers[1] == [3, 0, 0]
    assert st.towers[2] == [3, 0, 0]
    assert st.towers[0] == [1, 0, 0]
    assert st.supply == 0


# --- W3 turn order in the base game -----------------------------------------------------------------
@pytest.mark.parametrize("start", [0, 1, 2])
def test_torres_w3_start_player_begins_every_round(start):
    _, turns = idle_game(3, start_player=start)
    for ph, rnd, seat, pos in turns:
        assert seat == (start + pos) % 3
    firsts = [seat for ph, rnd, seat, pos in turns if pos == 0]
    assert firsts == [start] * 10


def test_torres_w3_scores_do_not_change_the_base_game_order():
    st = position(3, heights={xy(0, 0): 1}, knights={}, king=xy(0, 0), current=2, scores=[0, 0, 9])
    st.turn_in_round = 2
    end_turn(st)
    assert st.current == 0 and st.round_start == 0


# --- W4 leftover blocks go back ----------------------------------------------------------------------
def test_torres_w4_tower_blocks_return_after_the_last_turn():
    st = last_turn(2, towers_left=3, heights={xy(0, 0): 1}, king=xy(0, 0))
    supply = st.supply
    end_turn(st)
    assert st.stage == Stage.KING_MOVE
    assert st.towers == [[], []]
    assert st.supply == supply + 3


# --- W5 castle points --------------------------------------------------------------------------------
def test_torres_w5_area_times_level_of_highest_knight():
    heights = row_castle(0, 0, [3, 2, 1, 1, 1])  # area 5
    st = position(2, heights=heights, knights={xy(0, 0): 0, xy(2, 0): 0, xy(1, 0): 1})
    assert castle_points(st, 0) == 5 * 3  # the level-1 knight adds nothing
    assert castle_points(st, 1) == 5 * 2  # another player scores the same castle for his own knight


def test_torres_w5_every_castle_counts_ground_knights_do_not():
    heights = {**row_castle(0, 0, [2, 1]), **row_castle(0, 3, [1, 1, 1])}
    st = position(2, heights=heights, knights={xy(0, 0): 0, xy(2, 3): 0, xy(5, 5): 0, xy(2, 0): 1})
    assert castle_points(st, 0) == 2 * 2 + 3 * 1
    assert castle_points(st, 1) == 0  # on the ground beside a castle


def test_torres_w5_scoring_adds_castle_points():
    heights = row_castle(0, 0, [3, 2, 1, 1, 1])
    st = last_turn(2, heights=heights, knights={xy(0, 0): 0, xy(1, 0): 1}, king=xy(4, 0))
    end_turn(st)
    assert st.score == [15, 10]


def test_torres_w5_breakdown_tells_each_castle_and_each_seat_s_share():
    heights = {**row_castle(0, 0, [3, 2, 1, 1, 1]), **row_castle(0, 3, [1, 2])}
    st = position(2, heights=heights, knights={xy(0, 0): 0, xy(1, 0): 1, xy(2, 0): 1, xy(1, 3): 0, xy(5, 5): 1})
    told = breakdown(st)
    first, second = told.castles
    assert (first.squares[0], first.area, first.height) == (xy(0, 0), 5, 3)
    assert [(s.seat, s.level, s.points) for s in first.shares] == [(0, 3, 15), (1, 2, 10)]
    assert (second.area, second.height, [(s.seat, s.level, s.points) for s in second.shares]) == (2, 2, [(0, 2, 4)])
    assert [told.castle_total(s) for s in (0, 1)] == [castle_points(st, 0), castle_points(st, 1)] == [19, 10]


@pytest.mark.parametrize(("players", "seed", "variant"), [(2, 3, "base"), (3, 2, "own-deck"), (4, 3, "master"),
                                                          (4, 8, "master")])
def test_torres_w5_to_w8_the_breakdown_adds_up_to_every_scoring_of_a_game(players, seed, variant):
    """Castle shares sum to W5's points, results (W5 + W6 + M5) added in the W7 order with W8's bump
    give the scores the engine reached."""
    st = State(GAME.make_setup(players, seed, 0, (), variant))
    rng = random.Random(seed)
    scorings = shares = 0
    while not st.is_terminal():
        before = st.clone()
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
        if not (before.stage == Stage.TURN and st.stage in (Stage.KING_MOVE, Stage.OVER)):
            continue
        scorings += 1
        told = breakdown(st)
        assert told.phase == before.phase and told.results == tuple(phase_points(st, before.phase))
        for seat in range(players):
            assert told.castle_total(seat) == told.results[seat].castles == castle_points(st, seat)
        shares += sum(len(c.shares) for c in told.castles)
        track = before.clone()
        for seat in told.order:
            track.gain(seat, told.results[seat].total)
        assert track.score == st.score
    assert scorings == 3 and shares > 0


# --- W6 king's castle bonus ------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", [0, 1, 2])
def test_torres_w6_bonus_for_a_knight_at_level_n(phase):
    level = phase + 1
    heights = row_castle(0, 0, [3, 3, 2, 1])  # area 4, every level 1-3 present
    at = {1: xy(3, 0), 2: xy(2, 0), 3: xy(1, 0)}
    st = position(2, heights=heights, knights={at[level]: 0, xy(6, 6): 1}, king=xy(0, 0), phase=phase)
    assert king_bonus(st, 0, phase) == (5, 10, 15)[phase]
    for other in {1, 2, 3} - {level}:
        st2 = position(2, heights=heights, knights={at[other]: 0}, king=xy(0, 0), phase=phase)
        assert king_bonus(st2, 0, phase) == 0, "only exactly level n earns the bonus"


def test_torres_w6_king_level_does_not_matter_and_bonus_paid_once():
    heights = row_castle(0, 0, [1, 1, 1, 3])
    # two knights at level 1: one bonus; king on level 3
    st = position(2, heights=heights, knights={xy(0, 0): 0, xy(1, 0): 0}, king=xy(3, 0))
    pts = phase_points(st, 0)[0]
    assert (pts.castles, pts.king) == (4, 5)


def test_torres_w6_several_players_each_receive_it_and_other_castles_do_not():
    heights = {**row_castle(0, 0, [1, 1, 1]), **row_castle(0, 4, [1, 1])}
    st = position(3, heights=heights, knights={xy(0, 0): 0, xy(1, 0): 1, xy(0, 4): 2}, king=xy(2, 0))
    assert [p.king for p in phase_points(st, 0)] == [5, 5, 0]


# --- W7 scoring order ------------------------------------------------------------------------------------
@pytest.mark.parametrize("start, expected", [(1, [5, 6, 7]), (2, [5, 7, 6])])
def test_torres_w7_seats_score_in_turn_order_from_the_round_start(start, expected):
    # seats 1 and 2 each earn 5 while seat 0 holds 5: the first to score goes to 6, the next to 7
    heights = {**row_castle(0, 0, [1, 1, 1, 1, 1]), **row_castle(0, 3, [1, 1, 1, 1, 1]), xy(7, 7): 1}
    st = last_turn(3, start_player=start, heights=heights, knights={xy(0, 0): 1, xy(0, 3): 2},
                   king=xy(7, 7), scores=[5, 0, 0])
    end_turn(st)
    assert st.score == expected


def test_torres_w7_whole_result_added_in_one_go():
    # castle 3 + king 5 = 8: not bumped at 3 (held by seat 1), which adding in parts would do
    heights = row_castle(0, 0, [1, 1, 1])
    st = last_turn(2, heights=heights, knights={xy(0, 0): 0}, king=xy(2, 0), scores=[0, 3])
    end_turn(st)
    assert st.score == [8, 3]


# --- W8 bump rule --------------------------------------------------------------------------------------------
def test_torres_w8_advance_onto_a_held_space_moves_on_to_the_next_free():
    st = position(3, scores=[0, 3, 4])
    act(st, "score 3")
    assert st.score == [5, 3, 4]
    assert st.ap == 2


def test_torres_w8_scoring_bump_and_zero_shared():
    heights = {**row_castle(0, 0, [1, 1]), xy(7, 7): 1}
    st = last_turn(4, heights=heights, knights={xy(0, 0): 0}, king=xy(7, 7), scores=[0, 2, 0, 0])
    end_turn(st)
    # seat 0 scores 2 (held by seat 1) -> 3; seats 2 and 3 score nothing and share 0
    assert st.score == [3, 2, 0, 0]


def test_torres_w8_decision_bump_is_automatic():
    st = position(2, scores=[0, 1])
    assert not any("bump" in t for t in legal_texts(st))
    act(st, "score 1")
    assert st.score == [2, 1]


def test_torres_w8_gain_never_lands_on_a_held_space():
    st = position(4, scores=[0, 1, 2, 3])
    st.gain(0, 1)
    assert st.score == [4, 1, 2, 3]


# --- W9 moving the king --------------------------------------------------------------------------------------
def _king_position(scores: list[int], start: int = 0) -> State:
    heights = {**row_castle(0, 0, [1, 1, 1]), **row_castle(0, 4, [2, 1]), xy(6, 6): 1}
    return last_turn(3, start_player=start, heights=heights, knights={xy(1, 4): 2}, king=xy(0, 0),
                     scores=scores)


def test_torres_w9_lowest_player_moves_king_to_a_free_block_of_another_castle():
    st = _king_position([9, 4, 0])
    end_turn(st)  # seat 2 scores 2 x 1 -> 2
    assert st.stage == Stage.KING_MOVE
    assert st.score == [9, 4, 2] and st.current == 2
    assert legal_texts(st) == {f"king {name(xy(0, 4))}", f"king {name(xy(6, 6))}", "king stay"}
    act(st, f"king {name(xy(0, 4))}")
    assert st.king == xy(0, 4) and st.piece_at(xy(0, 0)) == -1 and st.piece_at(xy(0, 4)) == -2
    assert st.stage == Stage.TURN and st.phase == 1


def test_torres_w9_king_may_stay():
    st = _king_position([9, 4, 0])
    end_turn(st)
    act(st, "king stay")
    assert st.king == xy(0, 0) and st.phase == 1


@pytest.mark.parametrize("start", [0, 1, 2])
def test_torres_w9_decision_tie_at_zero_first_in_turn_order(start):
    heights = row_castle(0, 0, [1, 1])
    st = last_turn(3, start_player=start, heights=heights, king=xy(0, 0))
    end_turn(st)
    assert st.score == [0, 0, 0]
    assert st.current == start


def test_torres_w9_decision_not_another_square_of_the_same_castle():
    st = _king_position([9, 4, 0])
    end_turn(st)
    assert not {f"king {name(xy(1, 0))}", f"king {name(xy(2, 0))}"} & legal_texts(st)


def test_torres_w9_king_moves_after_scorings_1_and_2_only():
    st, _ = idle_game(2)
    assert [str(a) for a in st.history].count("king stay") == 2


# --- W10 the next phase -----------------------------------------------------------------------------------------
def test_torres_w10_next_phase_towers_and_start_player():
    st = _king_position([9, 4, 0], start=1)
    end_turn(st)
    act(st, "king stay")
    assert (st.phase, st.rnd, st.turn_in_round, st.current, st.ap) == (1, 0, 0, 1, D.AP_PER_TURN)
    assert st.towers == [list(D.PHASE_TOWERS[3][1])] * 3


# --- W11 order at the end of a phase ------------------------------------------------------------------------------
def test_torres_w11_leftovers_then_scoring_then_king_then_towers():
    st = _king_position([9, 4, 0])
    supply = st.supply
    end_turn(st)
    assert st.towers == [[], [], []] and st.supply == supply + 2  # W4 done, W2 not yet
    assert st.score == [9, 4, 2]  # scored
    assert st.stage == Stage.KING_MOVE  # the king next
    act(st, "king stay")
    assert st.supply == supply + 2 - 3 * sum(D.PHASE_TOWERS[3][1])  # W2 last


# --- W12 the rulebook's examples ------------------------------------------------------------------------------------
def test_torres_w12_level_3_on_area_5_scores_15():
    st = position(2, heights=row_castle(0, 0, [3, 1, 1, 1, 1]), knights={xy(0, 0): 0})
    assert castle_points(st, 0) == 15


def _kings_castle(levels_of_knights: tuple[int, int]) -> State:
    # area 4 at scoring 2: squares at heights 4, 2, 1, 1; the king on a level-1 square
    heights = row_castle(0, 0, [4, 2, 1, 1])
    where = {4: xy(0, 0), 2: xy(1, 0), 1: xy(2, 0)}
    knights = {where[lv]: 0 for lv in levels_of_knights}
    return position(2, heights=heights, knights=knights, king=xy(3, 0), phase=1)


def test_torres_w12_kings_castle_levels_2_and_4_score_26():
    pts = phase_points(_kings_castle((2, 4)), 1)[0]
    assert (pts.king, pts.castles, pts.total) == (10, 16, 26)


def test_torres_w12_kings_castle_levels_2_and_1_score_18():
    pts = phase_points(_kings_castle((2, 1)), 1)[0]
    assert (pts.king, pts.castles, pts.total) == (10, 8, 18)


def test_torres_w12_examples_through_a_real_scoring():
    heights = row_castle(0, 0, [4, 2, 1, 1])
    st = last_turn(2, phase=1, heights=heights, knights={xy(0, 0): 0, xy(1, 0): 0}, king=xy(3, 0))
    end_turn(st)
    assert st.score[0] == 26


# --- W13 passage checks ---------------------------------------------------------------------------------------
C = {xy(2, 2): 3, xy(3, 2): 1, xy(2, 3): 2}
GROUND_BESIDE_C = {xy(1, 2), xy(2, 1), xy(3, 1), xy(4, 2), xy(3, 3), xy(1, 3), xy(2, 4)}


def _targets(st: State, verb: str, s: int) -> set[int]:
    out = set()
    for a in st.legal_actions():
        text = str(a).split()
        if verb == "pass" and a.kind is Kind.PASS and a.sq == s:
            out.add(a.to)
        elif verb in ("k13", "k10") and a.kind is Kind.PLAY and text[1] == verb and a.sq == s:
            out.add(a.to)
    return out


def test_torres_w13_from_ground_every_ground_square_beside_c_but_no_castle_square():
    s = xy(1, 2)
    st = position(2, heights=C, knights={s: 0})
    got = _targets(st, "pass", s)
    assert got == GROUND_BESIDE_C - {s}
    assert xy(4, 2) in got and xy(3, 3) in got
    assert not got & set(C)


def test_torres_w13_from_the_top_down_to_both_castle_squares_and_the_ground():
    s = xy(2, 2)
    st = position(2, heights=C, knights={s: 0})
    assert _targets(st, "pass", s) == {xy(3, 2), xy(2, 3)} | GROUND_BESIDE_C


def test_torres_w13_from_level_1_only_ground_squares():
    s = xy(3, 2)
    st = position(2, heights=C, knights={s: 0})
    assert _targets(st, "pass", s) == GROUND_BESIDE_C


def test_torres_w13_gate_card_reaches_castle_squares_with_a_taller_neighbour_only():
    s = xy(1, 2)
    st = position(2, heights=C, knights={s: 0}, hands=[[0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [0] * 10])
    got = _targets(st, "k13", s)
    assert {xy(3, 2), xy(2, 3)} <= got
    assert xy(2, 2) not in got
    assert got == {xy(3, 2), xy(2, 3)} | (GROUND_BESIDE_C - {s})


def test_torres_w13_step_up_two_needs_the_climb_card():
    s = xy(3, 2)
    st = position(2, heights=C, knights={s: 0}, hands=[[1, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 10])
    assert f"step {name(s)} {name(xy(2, 2))}" not in legal_texts(st)
    with pytest.raises(Exception):
        st.apply(parse(f"step {name(s)} {name(xy(2, 2))}"))
    assert xy(2, 2) in _targets(st, "k10", s)
    act(st, f"play k10 {name(s)} {name(xy(2, 2))}")
    assert st.knight_masks[0] == 1 << xy(2, 2) and st.ap == 5


# --- E1 end -----------------------------------------------------------------------------------------------------
def test_torres_e1_game_ends_after_the_third_scoring_without_a_king_move():
    heights = row_castle(0, 0, [1, 1])
    st = last_turn(2, phase=2, heights=heights, knights={xy(0, 0): 0}, king=xy(1, 0))
    end_turn(st)
    assert st.is_terminal() and st.stage == Stage.OVER
    assert st.current_player == -1 and st.legal_actions() == ()
    assert st.score == [2, 0]


def test_torres_e1_no_action_after_the_end():
    st, _ = idle_game(2)
    with pytest.raises(Exception):
        st.apply(parse("king stay"))


# --- E2 winner ----------------------------------------------------------------------------------------------------
def test_torres_e2_highest_score_wins_and_ranking():
    heights = row_castle(0, 0, [1, 1, 1])
    st = last_turn(3, phase=2, heights=heights, knights={xy(0, 0): 1}, king=xy(2, 0), scores=[4, 0, 3])
    end_turn(st)  # seat 1 scores 3 at level 1 (no bonus at scoring 3): 3 and 4 are held -> 5
    assert st.score == [4, 5, 3]
    assert st.winners() == [1]
    assert st.ranking() == [1, 0, 2]
    assert st.returns() == [0.0, 1.0, 0.0]


def test_torres_e2_decision_tie_at_zero_shares_the_win():
    st = last_turn(3, phase=2, heights={xy(0, 0): 1}, knights={xy(5, 5): 0}, king=xy(0, 0))
    end_turn(st)
    assert st.is_terminal() and st.score == [0, 0, 0]
    assert st.winners() == [0, 1, 2]
    assert st.returns() == pytest.approx([1 / 3] * 3)


def test_torres_e2_positive_scores_never_tie():
    heights = row_castle(0, 0, [1, 1, 1])
    st = last_turn(2, phase=2, heights=heights, knights={xy(0, 0): 0, xy(1, 0): 1}, king=xy(2, 0), scores=[0, 0])
    end_turn(st)
    assert st.score == [3, 4] and st.winners() == [1]


def test_torres_e2_final_scores_after_first_of_kind_helper_smoke():
    st, _ = idle_game(2)
    assert first_of_kind(st, Kind.END) is None
