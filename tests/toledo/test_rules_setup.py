"""Setup (S1-S5), the four turn actions (A1-A5) and the deck (K1, K2)."""

from __future__ import annotations

import pytest

from tests.toledo.helpers import Table, card, cards, check_invariants, hand_text, is_legal, legal_texts, play, total_cards
from toledo import IllegalActionError, Kind, Phase, SetupError, new_game, parse
from toledo.games.toledo import data as D


# --- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_s1_each_player_has_five_pawns_on_the_cathedral_and_eight_tiles(n):
    s = new_game(n, seed=11)
    check_invariants(s)
    assert s.pawn_pos == [D.CATHEDRAL] * (5 * n)
    for seat in range(n):
        view = s.view(seat)
        assert view.pawn_pos[seat * 5:seat * 5 + 5] == (D.CATHEDRAL,) * 5
        assert view.tiles_left[seat] == 0b11111111
    # the first player may lay any of the 8 tiles: one 1-circle and one 2-circle of each type
    offered = {(a.business, a.circles) for a in s.legal_actions() if a.kind is Kind.PLACE}
    assert offered == {(b, c) for b in range(4) for c in (1, 2)}
    assert len(D.BUSINESS_NAMES) == 4 and set(D.BUSINESS_NAMES) == {"metal", "gem", "sword", "fence"}


@pytest.mark.parametrize("n", [0, 1, 5, "2", 2.0])
def test_s1_two_to_four_players_only(n):
    with pytest.raises(SetupError):
        new_game(n)


def test_s2_paintings_stack_lowest_at_the_bottom_highest_on_top():
    s = new_game(2, seed=1)
    assert s.view(0).paintings_stack == (1, 1, 1, 2, 2, 3)
    assert sorted(D.PAINTINGS_BOTTOM_TO_TOP) == list(D.PAINTINGS_BOTTOM_TO_TOP) and len(D.PAINTINGS_BOTTOM_TO_TOP) == 6
    # the artist hands out the top card: the 3 first, then a 2
    t = Table(2).hand("red", "3Va 3Bd 5Va").tile(7, "red", "gem", 2).pawn("red", 1, 7).pawn("red", 2, 7).turn("red")
    s = t.state
    play(s, "move 3Va 1", "pay 3Bd", "end")
    assert s.paintings[0] == [3] and s.paintings_stack == [1, 1, 1, 2, 2]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_s3_84_cards_five_each_rest_face_down_discard_empty(n):
    s = new_game(n, seed=5)
    assert D.NUM_CARDS == 84 and sum(D.CARD_COPIES) == 84
    assert s.hand_sizes == [5] * n
    assert len(s.draw_pile) == 84 - 5 * n and sum(s.discard) == 0
    assert total_cards(s) == 84
    # 14 cards of each value 1-6
    assert [sum(D.CARD_COPIES[k] for k in D.kinds_of_value(v)) for v in range(1, 7)] == [14] * 6
    # the deal depends on the seed only
    again = new_game(n, seed=5)
    assert [again.hand(i) for i in range(n)] == [s.hand(i) for i in range(n)] and again.draw_pile == s.draw_pile
    others = {tuple(new_game(n, seed=seed).hand(0)) for seed in range(10)}
    assert len(others) > 1


def test_s4_swords_fencing_tiles_metal_and_gems_start_in_the_supply():
    s = new_game(3, seed=2)
    view = s.view(1)
    assert len(D.SWORDS) == 19 and view.sword_on_board == (True,) * 19
    assert view.fencing_board == (4, 4, 4, 4) and sum(view.fencing_board) == 16  # 12 duel + 4 movement
    assert view.metal_supply == 23 and view.gem_supply == 20
    assert view.metal == view.gems == (0, 0, 0) and view.fencing_held == (0, 0, 0)
    assert view.swords_in_front == ((), (), ()) and view.paintings == ((), (), ())


def test_s5_start_player_begins_and_play_goes_clockwise():
    assert new_game(3).current_player == 0  # default: seat 1
    s = new_game(4, seed=1, start_player=2)
    order = []
    for _ in range(6):
        order.append(s.current_player)
        play(s, "draw")
    assert order == [2, 3, 0, 1, 2, 3]
    with pytest.raises(SetupError):
        new_game(2, start_player=2)
    assert new_game(2, colours=(3, 1)).colour_of(0) == "yellow"


# --- the four actions ----------------------------------------------------------------------------
def test_a1_take_the_top_two_cards_and_end_the_turn():
    s = Table(2).draw_top("6Va 1Bd 3Td").turn("red").state
    play(s, "draw")
    assert hand_text(s, 0) == "1Bd 6Va"
    assert s.draw_pile[-1] == card("3Td")  # the third card stays on top
    assert s.current_player == 1 and s.phase == Phase.START


def test_a1_there_is_no_hand_limit():
    t = Table(2).hand("red", " ".join(["1Va", "1Vd", "2Va", "2Vd", "3Va", "3Vd", "4Va", "4Vd", "5Va", "5Vd"] * 2))
    s = t.turn("red").state
    assert s.hand_sizes[0] == 20 and is_legal(s, "draw")
    play(s, "draw")
    assert s.hand_sizes[0] == 22


def test_a2_place_a_tile_only_on_an_empty_business_space():
    s = Table(2).tile(3, "blue", "metal", 1).turn("red").state
    places = [a for a in s.legal_actions() if a.kind is Kind.PLACE]
    spaces = {a.space for a in places}
    assert spaces == set(D.BUSINESS_SPACES) - {3}
    for never in (0, 5, 10, 13, 20, 21):  # Cathedral, taverns, artist, entries
        assert never not in spaces
    play(s, "place sword2 15")
    assert s.tile_owner[15] == 0 and s.capacity[15] == 2 and s.current_player == 1
    play(s, "draw")  # blue
    # the tile is gone from red's supply; space 15 is taken
    assert not is_legal(s, "place sword2 9") and not is_legal(s, "place metal1 15")
    assert is_legal(s, "place sword1 9")
    with pytest.raises(IllegalActionError, match="already placed"):
        s.apply(parse("place sword2 9"))


def test_a3_move_one_or_more_pawns_in_one_turn():
    t = Table(2).hand("red", "2Va 2Vd 2Ba").tile(2, "red", "metal", 2).tile(4, "red", "gem", 2)
    s = t.turn("red").state
    play(s, "move 2Va 1", "use", "move 2Vd 2", "use", "move 2Ba 1", "use", "end")
    assert s.pawn_pos[:2] == [4, 2] and s.metal[0] == 2 and s.gems[0] == 1
    assert s.current_player == 1


def test_a4_return_a_road_pawn_to_the_cathedral_is_the_whole_turn():
    t = Table(2).tile(4, "blue", "gem", 1).pawn("red", 3, 4)
    s = t.turn("red").state
    returns = [str(a) for a in s.legal_actions() if a.kind is Kind.RETURN]
    assert returns == ["return 3"]  # pawns on the Cathedral cannot be returned
    play(s, "return 3")
    assert s.pawn_pos[2] == D.CATHEDRAL and s.occupants[4] == [] and s.current_player == 1


def test_a5_pass_when_no_action_is_possible():
    t = Table(2).hoard("blue")  # every card in blue's hand: nothing to draw, red has no card to move
    for space, (b, c) in zip(D.BUSINESS_SPACES, [(b, c) for b in D.BUSINESS_NAMES for c in (1, 2)]):
        t.tile(space, "red", b, c)  # red's 8 tiles are all on the board
    s = t.turn("red").state
    assert legal_texts(s) == ["pass"]
    play(s, "pass")
    assert s.current_player == 1 and s.step == 1


def test_a5_impossible_actions_are_not_offered():
    # no card anywhere: no draw; no tile left: no place; no pawn on the road: no return
    t = Table(2).hoard("blue")
    s = t.turn("red").state
    kinds = {a.kind for a in s.legal_actions()}
    assert Kind.DRAW not in kinds and Kind.RETURN not in kinds and Kind.PLACE in kinds
    # no empty business space left: no place even with tiles in hand
    t = Table(3)
    tiles = [(b, c) for b in D.BUSINESS_NAMES for c in (1, 2)]
    for i, space in enumerate(D.BUSINESS_SPACES):
        t.tile(space, ("blue", "green")[i // 8], *tiles[i % 8])
    s = t.turn("red").state
    assert not [a for a in s.legal_actions() if a.kind is Kind.PLACE] and is_legal(s, "draw")
    assert "pass" not in legal_texts(s)


# --- the deck ------------------------------------------------------------------------------------
def test_k1_reshuffle_the_discards_in_the_middle_of_taking_two():
    t = Table(2).draw_top("6Va").draw_pile_to_discard(keep=1)
    s = t.turn("red").state
    assert len(s.draw_pile) == 1 and sum(s.discard) == 84 - 1
    play(s, "draw")
    assert s.hand_sizes[0] == 2 and card("6Va") in s.hand(0)
    assert s.reshuffles == 1 and sum(s.discard) == 0 and len(s.draw_pile) == 84 - 2


def test_k1_reshuffle_in_the_middle_of_a_tavern_draw():
    t = Table(2).hand("red", "5Va 1Vd").draw_top("2Va 2Vd").draw_pile_to_discard(keep=2)
    s = t.turn("red").state
    play(s, "move 5Va 1", "pay 1Vd")
    assert s.hand_sizes[0] == 3 and s.reshuffles == 1
    assert cards("2Va 2Vd") == [k for k in s.hand(0) if k in cards("2Va 2Vd")]


def test_k1_reshuffle_in_the_middle_of_a_duel():
    t = Table(2).hand("red", "4Va").tile(4, "blue", "gem", 1).pawn("blue", 1, 4).draw_top("3Va")
    t.draw_pile_to_discard(keep=1)
    s = t.turn("red").state
    play(s, "move 4Va 1", "challenge blue")
    duel = s.last_duel
    assert duel is not None and duel.rounds[0].card == card("3Va") and len(duel.rounds) >= 2
    assert s.reshuffles == 1
    assert sum(s.discard) == len(duel.rounds) - 1  # the revealed cards after the reshuffle


def test_k2_both_piles_empty_a_draw_takes_what_there_is():
    # one card left anywhere: the tavern gives 1 card instead of 3
    t = Table(2).hand("red", "5Va 1Vd").hoard("blue").to_draw_top("blue", "6Nd")
    s = t.turn("red").state
    play(s, "move 5Va 1")
    # the fee goes to the discard pile first, then 3 cards are taken: 6Nd, then 1Vd reshuffled, then none
    play(s, "pay 1Vd")
    assert sorted(s.hand(0)) == sorted(cards("6Nd 1Vd")) and len(s.draw_pile) == 0 and sum(s.discard) == 0
    # both piles now empty: the tavern is still usable with a fee (2 circles), A1 is not offered
    play(s, "end")  # the lead 5Va goes to the discard pile
    assert sum(s.discard) == 1
    play(s, "place metal1 1")  # blue
    s.apply(parse("draw"))  # red takes the single card there is
    check_invariants(s)
    assert s.hand_sizes[0] == 3 and sum(s.discard) == 0 and not s.draw_pile
    play(s, "place metal2 2")  # blue
    assert not is_legal(s, "draw")
