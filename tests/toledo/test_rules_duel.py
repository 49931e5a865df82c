"""Duels (D1-D6)."""

from __future__ import annotations

import pytest

from tests.toledo.helpers import Table, card, cards, check_invariants, legal_texts, play
from toledo import Phase
from toledo.games.toledo import data as D


def duel_table(red_tiles=(), blue_tiles=(), reveal="", hand="4Va"):
    """Red (pawn 1 on the Cathedral) to act; blue's pawn 1 holds blue's 1-circle gem dealer on 4."""
    t = Table(2).hand("red", hand).tile(4, "blue", "gem", 1).pawn("blue", 1, 4)
    if red_tiles:
        t.fencing("red", *red_tiles)
    if blue_tiles:
        t.fencing("blue", *blue_tiles)
    if reveal:
        t.draw_top(reveal)
    return t


def test_d1_the_challenger_reveals_the_top_card_and_discards_it():
    s = duel_table(reveal="3Va 5Ba 1Td").turn("red").state
    play(s, "move 4Va 1", "challenge blue")
    duel = s.last_duel
    assert [r.card for r in duel.rounds] == cards("3Va 5Ba")
    assert s.discard[card("3Va")] == 1 and s.discard[card("5Ba")] == 1 and sum(s.discard) == 2
    assert s.draw_pile[-1] == card("1Td")
    assert duel.challenger == 0 and duel.defender == 1 and duel.space == 4
    # the revealed cards are public
    assert s.view(1).last_duel == duel and s.view(1).discard == tuple(s.discard)


@pytest.mark.parametrize("red, blue, reveal, challenger_wins_round", [
    (("violet",), (), "1Vd", True),  # only the challenger holds the scene's colour
    ((), ("violet",), "1Va", False),  # only the defender holds it
    (("violet",), ("violet",), "1Vd", False),  # both: the highlighted figure decides
    (("violet",), ("violet",), "1Va", True),
    ((), (), "1Bd", False),  # neither: the figure decides
    ((), (), "1Ba", True),
    (("brown",), ("teal",), "1Va", True),  # tiles of other colours do not count
    (("violet", "brown", "teal"), (), "1Nd", False),  # neutral: always the figure
    ((), ("violet", "brown", "teal"), "1Na", True),
    (("movement",), (), "1Nd", False),  # the movement tile is no duel colour
    ((), ("movement",), "1Na", True),
])
def test_d2_the_scene_colour_tile_wins_otherwise_the_highlighted_figure(red, blue, reveal, challenger_wins_round):
    s = duel_table(red, blue, reveal).turn("red").state
    play(s, "move 4Va 1", "challenge blue")
    first = s.last_duel.rounds[0]
    assert first.card == card(reveal) and first.challenger_won is challenger_wins_round


@pytest.mark.parametrize("reveal, rounds, challenger_won", [
    ("2Va 3Va 6Nd", 2, True),  # 2:0, the third card stays hidden
    ("2Vd 3Vd 6Na", 2, False),  # 0:2
    ("2Va 3Vd 6Na", 3, True),  # 1:1, a third card decides
    ("2Vd 3Va 6Nd", 3, False),
])
def test_d3_first_to_two_rounds_a_third_card_only_at_one_all(reveal, rounds, challenger_won):
    s = duel_table(reveal=reveal + " 1Td").turn("red").state
    play(s, "move 4Va 1", "challenge blue")
    assert len(s.last_duel.rounds) == rounds and s.last_duel.challenger_won is challenger_won
    assert s.draw_pile[-1] == card((reveal + " 1Td").split()[rounds])  # the next card stays on the pile


def test_d4_winning_challenger_takes_the_circle_and_may_use_the_space_paying_as_usual():
    s = duel_table(reveal="2Va 3Va", hand="4Va 1Vd").turn("red").state
    play(s, "move 4Va 1", "challenge blue")
    assert s.pawn_pos[5] == D.CATHEDRAL and s.occupants[4] == [0]  # the loser back to the Cathedral
    assert s.phase == Phase.USE and legal_texts(s) == ["pay 1Vd", "skip"]  # blue's business: pay blue
    play(s, "pay 1Vd")
    assert s.gems[0] == 1 and s.hands[1][card("1Vd")] == 1


def test_d4_winning_defender_stays_the_challenger_goes_back():
    s = duel_table(reveal="2Vd 3Vd").turn("red").state
    play(s, "move 4Va 1", "challenge blue")
    assert s.pawn_pos[0] == D.CATHEDRAL and s.pawn_pos[5] == 4 and s.occupants[4] == [5]
    assert s.gems[0] == 0


def test_d5_after_a_lost_duel_the_turn_goes_on_and_a_rematch_is_allowed():
    s = duel_table(reveal="2Vd 3Vd 2Va 3Va", hand="4Va 4Bd").turn("red").state
    play(s, "move 4Va 1", "challenge blue")
    assert s.phase == Phase.CONTINUE and s.current_player == 0
    assert legal_texts(s) == [f"move 4Bd {p}" for p in range(1, 6)] + ["end"]
    play(s, "move 4Bd 1")
    assert s.phase == Phase.FULL and legal_texts(s) == ["challenge blue"]
    play(s, "challenge blue")
    assert s.last_duel.challenger_won and s.occupants[4] == [0]


def test_d5_after_a_won_duel_the_turn_goes_on():
    t = duel_table(reveal="2Va 3Va", hand="4Va 4Bd").tile(8, "red", "metal", 1)
    s = t.turn("red").state
    play(s, "move 4Va 1", "challenge blue", "skip")
    assert s.phase == Phase.CONTINUE and "move 4Bd 1" in legal_texts(s)


def test_d6_no_card_to_reveal_the_round_goes_to_the_defender():
    t = duel_table(red_tiles=("violet", "brown", "teal")).hoard("blue")
    s = t.turn("red").state
    assert not s.draw_pile and not any(s.discard)
    play(s, "move 4Va 1", "challenge blue")
    duel = s.last_duel
    assert [r.card for r in duel.rounds] == [-1, -1] and not duel.challenger_won
    assert s.pawn_pos[0] == D.CATHEDRAL and s.occupants[4] == [5]


def test_d6_piles_running_out_in_the_middle_of_a_duel():
    # one card left anywhere (it is revealed and discarded, then reshuffled and revealed again)
    t = duel_table().hoard("blue").to_draw_top("blue", "2Va")
    s = t.turn("red").state
    play(s, "move 4Va 1", "challenge blue")
    assert [r.card for r in s.last_duel.rounds] == cards("2Va 2Va") and s.last_duel.challenger_won
    assert s.reshuffles == 1
    check_invariants(s)


@pytest.mark.parametrize("mine, theirs", [(0, 0), (1, 0), (0, 1), (1, 1), (0b110, 0b011), (0b111, 0)])
def test_d2_the_computer_players_odds_of_a_round_count_the_cards_the_rule_would_give_the_challenger(mine, theirs):
    from toledo.games.toledo.ai.policy import round_win_chance
    from toledo.games.toledo.duel import round_won
    kinds = [k for k in range(D.NUM_CARD_KINDS) if k % 3]  # a lopsided pile: some scenes twice, some once
    counts = [0] * 8
    for k in kinds:
        counts[k % D.SCENES_PER_VALUE] += 1
    won = sum(round_won(k, mine, theirs) for k in kinds)
    assert round_win_chance(counts, mine, theirs) == pytest.approx(won / len(kinds))
    assert round_won(-1, mine, theirs) is False  # D6
