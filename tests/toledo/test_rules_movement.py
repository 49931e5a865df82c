"""Movement (M1-M7), the movement tile (T1-T3) and the Alcazar (L1-L3)."""

from __future__ import annotations

import dataclasses

import pytest

from tests.toledo.helpers import ALCAZAR, SWORD_BY_TEXT, Table, card, check_invariants, hand_text, is_legal, legal_texts, play
from toledo import IllegalActionError, Kind, Phase, parse


def moves(state):
    return [str(a) for a in state.legal_actions() if a.is_move]


# --- movement ------------------------------------------------------------------------------------
def test_m1_the_lead_card_lies_in_front_and_the_pawn_moves_exactly_its_value():
    t = Table(2).hand("red", "4Va 3Bd").tile(4, "red", "metal", 1).tile(3, "blue", "gem", 1)
    s = t.turn("red").state
    play(s, "move 4Va 2")
    assert s.pawn_pos[1] == 4 and s.occupants[4] == [1]
    assert s.lead_value == 4 and s.lead_card == card("4Va")
    view = s.view(1)
    assert view.lead_card == card("4Va") and view.hand_sizes[0] == 1 and sum(view.discard) == 0
    assert hand_text(s, 0) == "3Bd"


def test_m2_pass_over_anything_end_only_on_a_tile_tavern_artist_or_entry():
    t = Table(2).hand("red", "1Va 3Va 4Va 5Va 6Va").tile(2, "blue", "metal", 1).pawn("blue", 1, 2)
    t.tile(4, "blue", "gem", 2)
    s = t.turn("red").state
    targets = {int(m.split()[1][0]) for m in moves(s)}
    # 4: a tile (passing over the empty spaces 1 and 3 and blue's pawn on 2); 5: the tavern;
    # 1, 3, 6: empty business spaces
    assert targets == {4, 5}
    assert "empty business space" in s.why_illegal(parse("move 3Va 1"))
    # the artist is a legal end; from space 19 the entries 20 and 21 are, one beyond is not
    t = Table(2).hand("red", "1Va 2Va 3Va").tile(7, "red", "metal", 2).pawn("red", 1, 7)
    t.tile(19, "red", "gem", 1).pawn("red", 2, 19)
    s = t.turn("red").state
    assert set(moves(s)) == {"move 3Va 1", "move 1Va 2", "move 2Va 2"}  # 7+3 = artist; 19+1, 19+2 = entries
    assert "beyond" in s.why_illegal(parse("move 3Va 2"))


def test_m3_later_cards_must_match_the_lead_and_may_move_any_pawn():
    t = Table(2).hand("red", "4Va 4Bd 4Td 2Va 6Va").tile(4, "red", "metal", 2).tile(8, "red", "gem", 2)
    s = t.turn("red").state
    play(s, "move 4Va 1", "skip")
    assert s.phase == Phase.CONTINUE
    ms = moves(s)
    assert ms and all(m.split()[1][0] == "4" for m in ms)  # only 4s
    assert {m.split()[2] for m in ms} == {"1", "2", "3", "4", "5"}  # the same pawn or another
    assert "end" in legal_texts(s)  # stopping is allowed
    with pytest.raises(IllegalActionError, match="must be a 4"):
        s.apply(parse("move 2Va 2"))
    play(s, "move 4Bd 1", "skip", "move 4Td 2", "skip", "end")
    assert s.pawn_pos[:2] == [8, 4]


def test_m4_played_cards_are_discarded_at_once_the_lead_card_at_the_end_of_the_turn():
    t = Table(2).hand("red", "2Va 2Vd 2Ba").tile(2, "red", "metal", 2).tile(4, "red", "metal", 1)
    s = t.turn("red").state
    play(s, "move 2Va 1", "skip")
    assert sum(s.discard) == 0 and s.lead_card == card("2Va")
    play(s, "move 2Vd 2", "skip")
    assert s.discard[card("2Vd")] == 1 and sum(s.discard) == 1
    play(s, "move 2Ba 1", "skip", "end")
    assert s.discard[card("2Va")] == 1 and s.discard[card("2Ba")] == 1 and sum(s.discard) == 3
    assert s.lead_card == -1


def test_m5_a_free_circle_must_be_taken_using_the_space_is_optional():
    # one circle of blue's 2-circle gem dealer is held by blue: red must take the other, no duel
    t = Table(2).hand("red", "4Va 1Vd").tile(4, "blue", "gem", 2).pawn("blue", 1, 4)
    s = t.turn("red").state
    play(s, "move 4Va 1")
    assert s.phase == Phase.USE and sorted(s.occupants[4]) == [0, 5]
    assert not [a for a in s.legal_actions() if a.kind is Kind.CHALLENGE]
    assert legal_texts(s) == ["pay 1Vd", "skip"]
    play(s, "skip")
    assert s.gems[0] == 0 and s.phase == Phase.CONTINUE and s.hand_sizes[0] == 1


def test_m6_own_pawns_blocking_and_no_way_on_the_move_is_not_offered():
    t = Table(2).hand("red", "4Va 3Bd").tile(4, "red", "metal", 1).pawn("red", 2, 4)
    s = t.turn("red").state
    # 4+3 = 7 is an empty business space: pawn 1 could not move on, so it may not go to 4 at all
    assert not any(m.startswith("move 4Va") for m in moves(s))
    with pytest.raises(IllegalActionError, match="own pawns"):
        s.apply(parse("move 4Va 1"))
    # with a tile on 7 the 3 would be an extra card, which needs the movement tile; with it, it may
    t.fencing("red", "movement").tile(7, "blue", "gem", 1)
    s = t.turn("red").state
    assert "move 4Va 1" in moves(s)


def test_m6_own_pawns_blocking_the_pawn_must_move_on_with_a_matching_card():
    t = Table(2).hand("red", "4Va 4Bd 3Va").tile(4, "red", "metal", 1).pawn("red", 2, 4).tile(8, "blue", "gem", 1)
    s = t.turn("red").state
    play(s, "move 4Va 1")
    assert s.phase == Phase.FULL and s.pawn_pos[0] == 4 and 0 not in s.occupants[4]
    # only the same pawn, only with a card of the lead's value; no duel with an own pawn, no stopping
    assert legal_texts(s) == ["move 4Bd 1"]
    play(s, "move 4Bd 1")
    assert s.pawn_pos[0] == 8 and s.phase == Phase.USE


def test_m6_challenge_a_pawn_of_another_player_never_your_own():
    t = Table(2).hand("red", "4Va").tile(4, "red", "metal", 2).pawn("red", 2, 4).pawn("blue", 1, 4)
    s = t.turn("red").state
    play(s, "move 4Va 1")
    assert s.phase == Phase.FULL and legal_texts(s) == ["challenge blue"]


def test_m6_two_circles_held_by_two_others_the_challenger_names_one():
    t = Table(3).hand("red", "4Va 4Bd").tile(4, "green", "gem", 2).pawn("blue", 1, 4).pawn("green", 1, 4)
    t.tile(8, "blue", "metal", 1)
    s = t.turn("red").state
    play(s, "move 4Va 1")
    assert s.phase == Phase.FULL
    # move on with another 4 (to 8), or challenge blue or green
    assert legal_texts(s) == ["move 4Bd 1", "challenge blue", "challenge green"]
    assert "end" not in legal_texts(s)  # one of them must be done
    with pytest.raises(IllegalActionError):
        s.apply(parse("challenge red"))
    with pytest.raises(IllegalActionError):
        s.apply(parse("challenge yellow"))


def test_m7_a_pawn_standing_on_a_space_at_the_start_of_the_turn_uses_nothing():
    t = Table(2).hand("red", "5Va 1Vd").tile(3, "red", "metal", 1).pawn("red", 2, 3)
    s = t.turn("red").state
    assert not [a for a in s.legal_actions() if a.kind in (Kind.USE, Kind.PAY)]
    play(s, "move 5Va 1")  # another pawn to the tavern: only the tavern can be used
    assert legal_texts(s) == ["pay 1Vd", "skip"]
    play(s, "skip", "end")
    assert s.metal[0] == 0
    # a pawn that used its space cannot use it again in the same turn
    t = Table(2).hand("red", "3Va").tile(3, "red", "metal", 1)
    s = t.turn("red").state
    play(s, "move 3Va 1", "use")
    assert s.metal[0] == 1 and legal_texts(s) == ["end"]


# --- the movement tile ---------------------------------------------------------------------------
def test_t1_one_extra_card_of_any_value_once_per_turn():
    t = Table(2).hand("red", "4Va 4Bd 2Va 2Vd 3Va").fencing("red", "movement")
    t.tile(4, "red", "metal", 2).tile(6, "red", "gem", 2).tile(8, "red", "sword", 2).tile(7, "red", "fence", 2)
    s = t.turn("red").state
    play(s, "move 4Va 1", "skip")
    assert "extra 2Va 1" in moves(s) and "extra 3Va 1" in moves(s)  # 4+2 = 6, 4+3 = 7
    play(s, "extra 2Va 1", "skip")
    assert s.pawn_pos[0] == 6 and s.discard[card("2Va")] == 1 and s.extra_used and s.lead_value == 4
    # afterwards only the lead's value again, and no second extra card
    assert not [m for m in moves(s) if m.startswith("extra")]
    assert all(m.split()[1][0] == "4" for m in moves(s))
    assert "already used" in s.why_illegal(parse("extra 2Vd 1"))
    play(s, "end")
    # without the tile there is no extra card at all
    t = Table(2).hand("red", "4Va 2Va").tile(4, "red", "metal", 2).tile(6, "red", "gem", 2)
    s = t.turn("red").state
    play(s, "move 4Va 1", "skip")
    assert moves(s) == [] and "no movement tile" in s.why_illegal(parse("extra 2Va 1"))


def test_t1_the_extra_card_is_available_in_the_turn_the_tile_is_taken():
    t = Table(2).hand("red", "4Va 2Va").tile(4, "red", "fence", 1).tile(6, "red", "gem", 2)
    s = t.turn("red").state
    play(s, "move 4Va 1")
    assert "extra 2Va 1" not in legal_texts(s)
    play(s, "use", "fence movement")
    assert s.has_movement_tile(0) and "extra 2Va 1" in moves(s)
    play(s, "extra 2Va 1")
    assert s.pawn_pos[0] == 6


def test_t1_the_extra_card_can_move_on_from_a_full_space():
    t = Table(2).hand("red", "4Va 3Vd").fencing("red", "movement").tile(4, "red", "metal", 1).pawn("red", 2, 4)
    t.tile(7, "blue", "gem", 1)
    s = t.turn("red").state
    play(s, "move 4Va 1")
    assert s.phase == Phase.FULL and legal_texts(s) == ["extra 3Vd 1"]


def test_t2_the_extra_card_may_open_the_turn_the_next_card_is_the_lead():
    t = Table(2).hand("red", "2Va 4Va 4Bd 2Vd 6Va").fencing("red", "movement")
    t.tile(2, "red", "metal", 2).tile(6, "red", "gem", 2).tile(8, "blue", "metal", 2)
    s = t.turn("red").state
    assert "extra 2Va 1" in moves(s) and "move 2Va 1" in moves(s)  # either may open
    play(s, "extra 2Va 1", "skip")
    assert s.discard[card("2Va")] == 1 and s.lead_value == 0 and s.lead_card == -1 and s.extra_used
    # any other value may now become the lead; no second extra card
    assert "move 6Va 2" in moves(s) and not [m for m in moves(s) if m.startswith("extra")]
    assert "move 2Vd 2" not in moves(s)  # the extra card's value cannot become the lead
    play(s, "move 4Va 1", "skip")
    assert s.lead_card == card("4Va") and s.pawn_pos[0] == 6
    assert all(m.split()[1][0] == "4" for m in moves(s)) and moves(s)
    assert not is_legal(s, "move 2Vd 2")


def test_t2_the_lead_after_an_opening_extra_card_has_another_value():
    t = Table(2).hand("red", "3Va 3Bd 5Va").fencing("red", "movement")
    t.tile(3, "red", "metal", 2).tile(6, "red", "gem", 2).tile(8, "red", "sword", 2)
    s = t.turn("red").state
    play(s, "extra 3Va 1", "skip")
    assert s.extra_value == 3 and s.lead_value == 0
    assert "move 3Bd 1" not in moves(s) and "move 3Bd 2" not in moves(s)
    assert "move 5Va 1" in moves(s)
    reason = s.why_illegal(parse("move 3Bd 2"))
    assert "differ from the movement tile's extra card" in reason
    before = s.summary()
    with pytest.raises(IllegalActionError) as err:
        s.apply(parse("move 3Bd 2"))
    assert err.value.reason == reason and s.summary() == before
    play(s, "move 5Va 2", "skip", "end")
    assert s.extra_value == 0  # a new turn: the next extra card may again have any value


def test_t2_a_game_started_under_the_first_rules_revision_replays_as_it_was_played():
    # saves made before the correction of T2 carry rules revision 1 and keep the old reading
    t = Table(2).hand("red", "3Va 3Bd 5Va").fencing("red", "movement")
    t.tile(3, "red", "metal", 2).tile(6, "red", "gem", 2).tile(8, "red", "sword", 2)
    s = t.turn("red").state
    s.setup = dataclasses.replace(s.setup, rules=1)
    play(s, "extra 3Va 1", "skip")
    assert "move 3Bd 2" in moves(s)


def test_t2_moving_on_from_a_full_space_never_leads_with_the_extra_cards_value():
    # the pawn lands on a space full of its own pawns; the only card that could take it on is a
    # second card of the extra card's value, which cannot become the lead (M6 with T2)
    t = Table(2).hand("red", "2Va 2Bd").fencing("red", "movement").tile(2, "red", "metal", 1).pawn("red", 2, 2)
    t.tile(4, "red", "gem", 2)
    s = t.turn("red").state
    assert "extra 2Va 1" not in moves(s) and "extra 2Bd 1" not in moves(s)
    assert "move 2Va 1" in moves(s)  # as the lead, a second 2 may follow it on


def test_t3_a_movement_tile_costs_two_points():
    t = Table(2).fencing("red", "movement", "violet").fencing("blue", "violet").gems("red", 4)
    s = t.turn("red").state
    red, blue = s.scores()
    assert red.movement_tile == -2 and red.total == 2 - 2
    assert blue.movement_tile == 0 and blue.total == 0


# --- the Alcazar ---------------------------------------------------------------------------------
def test_l1_entries_never_fill_and_never_duel():
    t = Table(2).hand("red", "2Va 2Vd").hand("blue", "2Ba").tile(19, "red", "metal", 2).tile(18, "blue", "gem", 1)
    t.pawn("red", 1, 19).pawn("red", 2, 19).pawn("blue", 1, 18)
    s = t.turn("red").state
    play(s, "move 2Va 1")  # exactly on entry 21
    assert s.pawn_pos[0] == ALCAZAR and s.phase == Phase.CONTINUE and not s.occupants[21]
    play(s, "move 2Vd 2", "end")  # a second pawn via the same entry
    play(s, "move 2Ba 1")  # blue's pawn to entry 20
    assert s.pawn_pos[0:2] == [ALCAZAR, ALCAZAR] and s.pawn_pos[5] == ALCAZAR
    assert s.phase == Phase.CONTINUE and s.last_duel is None
    assert s.pawns_in_alcazar(0) == 2 and s.pawns_in_alcazar(1) == 1


def test_l2_one_sword_per_pawn_into_the_alcazar_or_none():
    t = Table(2).hand("red", "2Va 2Vd 1Va").sword("red", "10/2/3").sword("red", "6/2/1").tile(19, "red", "metal", 2)
    t.pawn("red", 1, 19).pawn("red", 2, 19)
    s = t.turn("red").state
    play(s, "move 2Va 1")
    assert s.phase == Phase.CARRY and legal_texts(s) == ["carry 6/2/1", "carry 10/2/3", "carry none"]
    play(s, "carry 10/2/3")
    assert s.pawn_sword[0] == SWORD_BY_TEXT["10/2/3"] and s.swords_in_front[0] == [SWORD_BY_TEXT["6/2/1"]]
    play(s, "move 2Vd 2")
    assert legal_texts(s) == ["carry 6/2/1", "carry none"]  # the 10 went with the first pawn
    play(s, "carry none")
    assert s.pawn_sword[1] == -1 and s.score(0).swords_delivered == 10 and s.score(0).swords_in_front == 3
    # no sword in front: the pawn simply enters
    t = Table(2).hand("red", "2Va").tile(19, "red", "metal", 1).pawn("red", 1, 19)
    s = t.turn("red").state
    play(s, "move 2Va 1")
    assert s.phase == Phase.CONTINUE and s.pawn_pos[0] == ALCAZAR


def test_l3_pawns_in_the_alcazar_stay_there():
    t = Table(2).hand("red", "1Va 2Va 3Va 4Va 5Va 6Va").alcazar("red", 1).alcazar("red", 2, "8/2/2")
    t.tile(3, "blue", "metal", 1).pawn("red", 3, 3)
    s = t.turn("red").state
    assert [str(a) for a in s.legal_actions() if a.kind is Kind.RETURN] == ["return 3"]
    assert not [m for m in moves(s) if m.split()[2] in ("1", "2")]
    with pytest.raises(IllegalActionError, match="Alcazar"):
        s.apply(parse("move 1Va 1"))
    with pytest.raises(IllegalActionError):
        s.apply(parse("return 1"))
    check_invariants(s)
