"""Using a space: fees (U1-U3), the businesses (U4-U6), cards taken this turn (U7), empty supplies (U8)."""

from __future__ import annotations

import pytest

from tests.toledo.helpers import SWORD_BY_TEXT, Table, card, hand_text, legal_texts, play
from toledo import IllegalActionError, Phase, parse


# --- fees ----------------------------------------------------------------------------------------
def test_u1_own_business_is_free():
    t = Table(2).hand("red", "4Va 6Vd").tile(4, "red", "metal", 1)
    s = t.turn("red").state
    play(s, "move 4Va 1")
    assert legal_texts(s) == ["use", "skip"]  # no card to pay
    play(s, "use")
    assert s.metal[0] == 1 and hand_text(s, 0) == "6Vd"


@pytest.mark.parametrize("space, fee", [(4, 1), (8, 3), (15, 5)])
def test_u1_another_players_business_costs_one_card_of_the_row_minimum(space, fee):
    hand = "1Va 2Va 3Va 4Va 5Va 6Va"
    t = Table(2).hand("red", hand).tile(space, "blue", "metal", 1).tile(space - 1, "red", "gem", 2)
    t.pawn("red", 1, space - 1)
    s = t.turn("red").state
    play(s, "move 1Va 1")
    assert s.pawn_pos[0] == space and s.phase == Phase.USE
    paid = [a for a in legal_texts(s) if a.startswith("pay")]
    assert paid == [f"pay {v}Va" for v in range(max(fee, 2), 7)]  # the 1 was played to move
    assert "use" not in legal_texts(s)
    with pytest.raises(IllegalActionError):
        s.apply(parse("use"))


def test_u1_the_owner_receives_exactly_the_card_given_no_change():
    t = Table(3).hand("red", "3Va 6Bd").hand("blue", "1Nd").tile(3, "blue", "gem", 1)
    s = t.turn("red").state
    play(s, "move 3Va 1", "pay 6Bd")  # a 6 where a 1 would do
    assert hand_text(s, 0) == "" and hand_text(s, 1) == "1Nd 6Bd"
    assert s.gems[0] == 1 and s.current_player == 0  # the owner was not asked anything
    # the payment is public: green knows blue holds the 6Bd, but not blue's 1Nd
    green = s.view(2)
    assert green.known[1][card("6Bd")] == 1 and sum(green.known[1]) == 1 and green.hand_sizes[1] == 2


def test_u2_tavern_fee_to_the_discard_pile_then_three_cards():
    t = Table(2).hand("red", "5Va 1Vd 2Vd").draw_top("6Na 6Nd 5Bd 1Td")
    s = t.turn("red").state
    play(s, "move 5Va 1")
    assert legal_texts(s) == ["pay 1Vd", "pay 2Vd", "skip"]  # bottom row: at least a 1
    play(s, "pay 1Vd")
    assert s.discard[card("1Vd")] == 1
    assert hand_text(s, 0) == "2Vd 5Bd 6Na 6Nd" and s.draw_pile[-1] == card("1Td")


def test_u2_middle_row_tavern_needs_at_least_a_3():
    t = Table(2).hand("red", "2Va 1Vd 2Vd 3Bd 4Bd").tile(11, "red", "metal", 1).pawn("red", 1, 11)
    s = t.turn("red").state
    play(s, "move 2Va 1")
    assert s.pawn_pos[0] == 13 and legal_texts(s) == ["pay 3Bd", "pay 4Bd", "skip"]


def test_u3_artist_fee_at_least_3_to_the_discard_pile_then_the_top_painting():
    t = Table(2).hand("red", "3Va 3Vd 2Vd 5Bd").tile(7, "red", "metal", 2).pawn("red", 1, 7).pawn("red", 2, 7)
    s = t.turn("red").state
    play(s, "move 3Va 1")
    assert s.pawn_pos[0] == 10 and legal_texts(s) == ["pay 3Vd", "pay 5Bd", "skip"]
    play(s, "pay 5Bd")
    assert s.paintings[0] == [3] and s.discard[card("5Bd")] == 1
    play(s, "end")
    assert s.score(0).paintings == 3


def test_u4_metal_dealer_and_gem_dealer_give_one_from_the_supply():
    t = Table(2).hand("red", "2Va 2Vd 6Bd").tile(2, "red", "metal", 1).tile(4, "blue", "gem", 1)
    s = t.turn("red").state
    play(s, "move 2Va 1", "use", "move 2Vd 1", "pay 6Bd")
    assert s.metal[0] == 1 and s.metal_supply == 22 and s.gems[0] == 1 and s.gem_supply == 19


def test_u5_swordsmith_take_a_sword_paying_metal_and_gems_back():
    t = Table(2).hand("red", "4Va").tile(4, "red", "sword", 1).metal("red", 2).gems("red", 1).sword("blue", "4/1/1")
    s = t.turn("red").state
    play(s, "move 4Va 1", "use")
    assert s.phase == Phase.SWORD
    # affordable with 2 metal and 1 gem, and still on the board (blue has the 4/1/1)
    assert legal_texts(s) == ["sword 2/1/0", "sword 4/2/0", "sword 6/2/1"]
    with pytest.raises(IllegalActionError):
        s.apply(parse("sword 4/1/1"))
    play(s, "sword 6/2/1")
    assert s.swords_in_front[0] == [SWORD_BY_TEXT["6/2/1"]] and not s.sword_on_board[SWORD_BY_TEXT["6/2/1"]]
    assert s.metal[0] == 0 and s.gems[0] == 0 and s.metal_supply == 23 and s.gem_supply == 20


def test_u6_fencing_master_never_two_of_a_kind():
    t = Table(2).hand("red", "4Va").tile(4, "red", "fence", 1).fencing("red", "violet")
    s = t.turn("red").state
    play(s, "move 4Va 1", "use")
    assert s.phase == Phase.FENCE and legal_texts(s) == ["fence brown", "fence teal", "fence movement"]
    play(s, "fence teal")
    assert s.fencing_held[0] == 0b101 and s.fencing_board == [3, 4, 3, 4]


def test_u6_holding_three_one_goes_back_first():
    t = Table(2).hand("red", "4Va 4Vd").tile(4, "red", "fence", 2).fencing("red", "violet", "brown", "movement")
    s = t.turn("red").state
    play(s, "move 4Va 1", "use")
    assert legal_texts(s) == ["fence teal back violet", "fence teal back brown", "fence teal back movement"]
    with pytest.raises(IllegalActionError):
        s.apply(parse("fence teal"))
    play(s, "fence teal back movement")  # the only way to be rid of the movement tile
    assert s.fencing_held[0] == 0b111 and s.fencing_board == [3, 3, 3, 4] and not s.has_movement_tile(0)
    # a second visit: take the movement tile again for one of the duel tiles; never a second teal
    play(s, "move 4Vd 2", "use")
    assert legal_texts(s) == [
        "fence movement back violet", "fence movement back brown", "fence movement back teal"]


def test_u7_cards_taken_this_turn_can_be_played_the_same_turn():
    t = Table(2).hand("red", "5Va 1Vd").draw_top("5Bd 2Va 3Va")
    s = t.turn("red").state
    play(s, "move 5Va 1", "pay 1Vd")
    assert "move 5Bd 1" in legal_texts(s)  # a 5 from the tavern moves the pawn on
    play(s, "move 5Bd 1")
    assert s.pawn_pos[0] == 10 and legal_texts(s) == ["pay 3Va", "skip"]  # and a 3 from it pays the artist
    play(s, "pay 3Va")
    assert s.paintings[0] == [3] and hand_text(s, 0) == "2Va"


def test_u8_empty_supply_the_space_is_landed_on_but_not_used():
    t = Table(2).hand("red", "2Va 2Vd 2Ba").tile(2, "red", "metal", 2).tile(4, "red", "gem", 2)
    t.tile(6, "red", "sword", 2).metal("blue", 23).gems("blue", 20)
    s = t.turn("red").state
    play(s, "move 2Va 1")  # metal: none left
    assert s.pawn_pos[0] == 2 and s.phase == Phase.CONTINUE and s.occupants[2] == [0]
    play(s, "move 2Vd 1")  # gems: none left
    assert s.pawn_pos[0] == 4 and s.phase == Phase.CONTINUE
    play(s, "move 2Ba 1")  # swords: none red can pay for (no metal)
    assert s.pawn_pos[0] == 6 and s.phase == Phase.CONTINUE
    assert s.metal[0] == s.gems[0] == 0 and not s.swords_in_front[0]
    # Note: "no fencing tile you may take" cannot happen with these components: a kind is off the
    # board only when 4 players hold it, and a player blocked from every kind would need to hold all 4.


def test_u8_no_sword_left_on_the_board():
    t = Table(3).hand("red", "2Va").tile(2, "red", "sword", 1).metal("red", 4).gems("red", 4)
    for i, sword in enumerate(["2/1/0", "4/1/1", "4/2/0", "6/1/2", "6/2/1", "6/3/0", "8/1/3", "8/2/2", "8/3/1",
                               "8/4/0", "10/2/3", "10/3/2", "10/4/1", "12/2/4", "12/3/3", "12/4/2", "14/3/4",
                               "14/4/3", "15/4/4"]):
        t.sword(("blue", "green")[i % 2], sword)
    s = t.turn("red").state
    play(s, "move 2Va 1")
    assert s.phase == Phase.CONTINUE and s.metal[0] == 4


def test_u8_no_painting_left_or_no_card_for_the_fee():
    t = Table(2).hand("red", "3Va 4Va").tile(7, "red", "metal", 1).pawn("red", 1, 7)
    for _ in range(6):
        t.painting("blue")
    s = t.turn("red").state
    play(s, "move 3Va 1")
    assert s.pawn_pos[0] == 10 and s.phase == Phase.CONTINUE  # the artist has nothing left
    t = Table(2).hand("red", "3Va 2Va").tile(7, "red", "metal", 1).pawn("red", 1, 7)
    s = t.turn("red").state
    play(s, "move 3Va 1")
    assert s.pawn_pos[0] == 10 and s.phase == Phase.CONTINUE  # no card of at least 3 left for the fee
