"""The rulebooks' worked examples, played through the public API.

The scoring example (E4) is in test_rules_end.py.
"""

from __future__ import annotations

from tests.toledo.helpers import Table, card, cards, check_invariants, hand_text, legal_texts, play
from toledo import Phase
from toledo.games.toledo import data as D


def test_duel_example_red_challenges_green_loses_1_2_and_may_come_back():
    # Red moves onto a gem dealer whose two circles hold a blue and a green pawn. Blue has a duel
    # tile, Green none, so Red challenges Green. Red holds the violet duel tile.
    t = Table(3).hand("red", "4Va 4Bd 1Vd").tile(4, "blue", "gem", 2).pawn("blue", 1, 4).pawn("green", 1, 4)
    t.fencing("blue", "teal").fencing("red", "violet")
    # 1st card violet (Red's colour): 1:0; 2nd brown, nobody's, defender lit: 1:1;
    # 3rd neutral, defender lit: 1:2. Then two cards for the rematch.
    t.draw_top("3Vd 5Bd 2Nd 1Va 6Ba")
    s = t.turn("red").state
    play(s, "move 4Va 1")
    assert s.phase == Phase.FULL and legal_texts(s) == ["challenge blue", "challenge green"]
    play(s, "challenge green")
    duel = s.last_duel
    assert [D.CARD_TEXT[r.card] for r in duel.rounds] == ["3Vd", "5Bd", "2Nd"]
    assert [r.challenger_won for r in duel.rounds] == [True, False, False]
    assert duel.defender == 2 and not duel.challenger_won
    # Red's pawn goes back to the Cathedral; Green's stays; it is still Red's turn
    assert s.pawn_pos[0] == D.CATHEDRAL and sorted(s.occupants[4]) == [5, 10]
    assert s.current_player == 0 and s.phase == Phase.CONTINUE
    # with the right card Red moves onto the gem dealer again for an immediate rematch
    play(s, "move 4Bd 1", "challenge green")
    assert s.last_duel.challenger_won and [D.CARD_TEXT[r.card] for r in s.last_duel.rounds] == ["1Va", "6Ba"]
    assert sorted(s.occupants[4]) == [0, 5] and s.pawn_pos[10] == D.CATHEDRAL
    play(s, "pay 1Vd")  # the gem dealer is Blue's: Red pays Blue
    assert s.gems[0] == 1 and s.hands[1][card("1Vd")] == 1


def test_movement_tile_rulebook_example_4_4_2_then_a_4_from_the_tavern():
    # A 4 to a metal dealer, another 4 to a fencing master where the movement tile is taken, a 2 with
    # another pawn to a tavern, whose three cards include a 4 that is played; a further 2 is not allowed.
    t = Table(2).hand("red", "4Va 4Bd 2Na 1Nd").tile(4, "red", "metal", 1).tile(8, "red", "fence", 1)
    t.tile(3, "blue", "metal", 1).pawn("red", 2, 3).draw_top("4Td 2Bd 6Va")
    s = t.turn("red").state
    play(s, "move 4Va 1", "use", "move 4Bd 1", "use", "fence movement")
    assert s.metal[0] == 1 and s.has_movement_tile(0)
    play(s, "extra 2Na 2")
    assert s.pawn_pos[1] == 5 and s.hand_values[0][4] == 0  # no 4 left in hand before the tavern
    play(s, "pay 1Nd")
    assert hand_text(s, 0) == "2Bd 4Td 6Va"
    assert "move 4Td 3" in legal_texts(s)  # the tavern's 4 may be played
    assert not [a for a in legal_texts(s) if "2Bd" in a or "6Va" in a]  # but not a second 2 (nor a 6)
    play(s, "move 4Td 3", "use")
    assert s.pawn_pos[2] == 4 and s.metal[0] == 2
    assert legal_texts(s) == ["end"]
    play(s, "end")
    assert s.discard[card("4Va")] == 1 and s.discard[card("2Na")] == 1 and hand_text(s, 0) == "2Bd 6Va"


def movement_table(hand: str) -> Table:
    """Red holds the movement tile; 2-circle tiles on 2, 4, 6 and 8, red's own on 2 and 4."""
    t = Table(2).hand("red", hand).fencing("red", "movement")
    return t.tile(2, "red", "metal", 2).tile(4, "red", "gem", 2).tile(6, "blue", "gem", 2).tile(8, "blue", "metal", 2)


def test_movement_tile_used_at_the_start_2_4_4_4():
    s = movement_table("2Va 4Va 4Vd 4Ba 2Vd").turn("red").state
    play(s, "extra 2Va 1", "skip")
    assert s.discard[card("2Va")] == 1 and s.lead_value == 0  # the opener goes straight to the discards
    play(s, "move 4Va 2", "skip")  # the second card sets the value
    assert s.lead_card == card("4Va")
    assert not [a for a in legal_texts(s) if "2Vd" in a]  # no second deviating card
    play(s, "move 4Vd 1", "skip", "move 4Ba 3", "skip")
    assert s.pawn_pos[:3] == [6, 4, 4]
    play(s, "end")
    assert sum(s.discard) == 4 and hand_text(s, 0) == "2Vd"


def test_ksr_deviating_card_first_2_4_4_4():
    s = movement_table("2Va 4Va 4Vd 4Ba").turn("red").state
    play(s, "extra 2Va 1", "skip", "move 4Va 1", "skip", "move 4Vd 2", "skip", "move 4Ba 3", "skip", "end")
    assert s.pawn_pos[:3] == [6, 4, 4] and s.current_player == 1


def test_ksr_deviating_card_in_the_middle_4_4_2_4():
    s = movement_table("4Va 4Vd 2Va 4Ba 2Vd 6Va").turn("red").state
    play(s, "move 4Va 1", "skip", "move 4Vd 2", "skip", "extra 2Va 1", "skip")
    # after the deviation, only the first card's value again
    ms = [a for a in legal_texts(s) if a != "end"]
    assert ms and all(a.split()[1].startswith("4") for a in ms)
    play(s, "move 4Ba 3", "skip", "end")
    assert s.pawn_pos[:3] == [6, 4, 4]


def test_ksr_deviating_card_last_4_4_2_and_no_second_2():
    s = movement_table("4Va 4Vd 2Va 2Vd").turn("red").state
    play(s, "move 4Va 1", "skip", "move 4Vd 2", "skip", "extra 2Va 1", "skip")
    assert legal_texts(s) == ["end"]  # a second 2 is not allowed
    play(s, "end")
    assert s.pawn_pos[:2] == [6, 4] and s.current_player == 1 and hand_text(s, 0) == "2Vd"
    check_invariants(s)
    assert sorted(cards("4Va 4Vd 2Va")) == [k for k in range(D.NUM_CARD_KINDS) for _ in range(s.discard[k])]
