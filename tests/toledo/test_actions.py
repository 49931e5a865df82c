"""Action text: canonical forms round-trip, malformed text is refused, illegal actions change nothing."""

from __future__ import annotations

import pytest

from tests.toledo.helpers import Table, play, random_play
from toledo import ActionSyntaxError, IllegalActionError, Kind, parse
from toledo.games.toledo import actions as A
from toledo.games.toledo import data as D


def every_action():
    yield from (A.DRAW, A.USE, A.SKIP, A.END, A.PASS, A.CARRY_NONE)
    for table in (A.MOVE, A.EXTRA, A.FENCE):
        for row in table:
            yield from row
    yield from A.PAY
    yield from A.RETURN
    yield from A.CHALLENGE
    yield from A.SWORD
    yield from A.CARRY
    for business in A.PLACE:
        for row in business:
            yield from (row[space] for space in D.BUSINESS_SPACES)  # the only spaces a tile may go


def test_every_interned_action_round_trips_through_its_text():
    seen = set()
    for action in every_action():
        text = str(action)
        assert parse(text) == action and parse(text) is action, text
        for other in (f"  {text}  ", text.upper(), text.replace(" ", "  "), text.replace(" ", "\u2028")):
            if other != text:  # another spelling of it is refused
                with pytest.raises(ActionSyntaxError):
                    parse(other)
        assert text not in seen, f"two actions share the text {text!r}"
        seen.add(text)
        assert repr(action) == f"Action({text!r})"
    # 5 simple + 48*5*2 move/extra + 4*5 fence + 48 pay + 5 return + 4 challenge + 19*2 sword/carry + 8*16 place
    assert len(seen) == 6 + 480 + 20 + 48 + 5 + 4 + 38 + 128


def test_action_texts_look_as_documented():
    assert [str(parse(t)) for t in ("draw", "place metal2 7", "return 3", "move 4Va 2", "extra 2Nd 1",
                                    "challenge blue", "pay 3Bd", "sword 10/2/3", "fence violet back teal",
                                    "carry none", "carry 10/2/3", "end", "pass", "use", "skip")] == [
        "draw", "place metal2 7", "return 3", "move 4Va 2", "extra 2Nd 1", "challenge blue", "pay 3Bd",
        "sword 10/2/3", "fence violet back teal", "carry none", "carry 10/2/3", "end", "pass", "use", "skip"]
    move = parse("move 4Va 2")
    assert move.kind is Kind.MOVE and D.CARD_TEXT[move.card] == "4Va" and move.pawn == 1 and move.is_move


@pytest.mark.parametrize("text, bad", [
    ("", "empty"),
    ("   ", "empty"),
    ("jump", "'jump'"),
    ("Draw", "'Draw'"),
    ("move 7Va 1", "'7Va'"),
    ("move 4Xa 1", "'4Xa'"),
    ("move 4Vz 1", "'4Vz'"),
    ("move 4Va 6", "'6'"),
    ("move 4Va 0", "'0'"),
    ("move 4Va", "2 argument"),
    ("move 4Va 1 2", "2 argument"),
    ("extra 2Nd x", "'x'"),
    ("place metal3 4", "'metal3'"),
    ("place gold1 4", "'gold1'"),
    ("place metal1 5", "'5'"),  # the tavern
    ("place metal1 22", "'22'"),
    ("place metal1 four", "'four'"),
    ("return 9", "'9'"),
    ("challenge purple", "'purple'"),
    ("pay 0Va", "'0Va'"),
    ("sword 7/2/2", "'7/2/2'"),
    ("sword 10-2-3", "'10-2-3'"),
    ("carry 3/1/1", "'3/1/1'"),
    ("fence gold", "'gold'"),
    ("fence violet back", "fence TILE back TILE"),
    ("fence violet back gold", "'gold'"),
    ("fence violet with teal", "fence TILE back TILE"),
])
def test_malformed_text_raises_a_syntax_error_naming_the_bad_word(text, bad):
    with pytest.raises(ActionSyntaxError) as info:
        parse(text)
    message = str(info.value)
    assert bad in message and "\n" not in message
    assert info.value.text == text


def test_non_text_is_refused():
    with pytest.raises(ActionSyntaxError):
        parse(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("text, reason", [
    ("use", "not a choice now"),
    ("move 6Va 1", "no 6Va in hand"),
    ("move 4Va 1", "empty business space"),
    ("place metal1 3", "already holds a tile"),
    ("challenge blue", "not a choice now"),
    ("return 1", "not on the road"),
    ("extra 4Va 1", "no movement tile"),
])
def test_illegal_action_raises_with_text_and_reason_and_changes_nothing(text, reason):
    t = Table(2).hand("red", "4Va 4Vd").tile(3, "blue", "gem", 1).pawn("red", 2, 3)
    s = t.turn("red").state
    before = (s.summary(), [s.view(i) for i in range(2)], s.legal_actions(), list(s.history), s.step)
    with pytest.raises(IllegalActionError) as info:
        s.apply(parse(text))
    err = info.value
    assert err.action == text and reason in err.reason and err.step == 0 and err.player == 0
    assert text in str(err) and reason in str(err) and "\n" not in str(err)
    assert (s.summary(), [s.view(i) for i in range(2)], s.legal_actions(), list(s.history), s.step) == before
    play(s, "draw")  # and the game goes on normally


def test_illegal_action_mid_game_leaves_the_state_unchanged():
    s = random_play(3, 9, 777)
    legal = set(s.legal_actions())
    illegal = [a for a in every_action() if a not in legal]
    before = (s.summary(), [s.view(i) for i in range(3)], s.legal_actions(), s.step)
    for action in illegal[::7]:
        with pytest.raises(IllegalActionError) as info:
            s.apply(action)
        assert str(action) in str(info.value) and info.value.step == 777
    assert (s.summary(), [s.view(i) for i in range(3)], s.legal_actions(), s.step) == before
