"""Save files: exact round trips, and one-line rejections of anything that cannot be loaded."""

from __future__ import annotations

import json

import pytest

from tests.toledo.helpers import check_invariants, random_play
from toledo import SaveFileError, State, new_game, parse
from toledo.core.save import PlayerEntry, dumps, loads, to_save


def same_game(a: State, b: State) -> None:
    assert a.summary() == b.summary()
    assert [a.view(seat) for seat in range(a.n)] == [b.view(seat) for seat in range(b.n)]
    assert a.legal_actions() == b.legal_actions()
    assert a.history == b.history and a.step == b.step
    assert a.setup == b.setup and a.draw_pile == b.draw_pile and a.hands == b.hands
    assert a.scores() == b.scores()


@pytest.mark.parametrize("players, seed", [(2, 21), (3, 22), (4, 23)])
def test_round_trip_at_several_points_of_a_game(players, seed):
    for steps in (0, 1, 17, 250, 1200, None):
        state = random_play(players, seed, steps)
        model, again = loads(dumps(state))
        same_game(state, again)
        check_invariants(again)
        assert model.actions == [str(a) for a in state.history]
        # the loaded game plays on exactly like the original
        if not state.is_terminal():
            action = state.legal_actions()[-1]
            state.apply(action)
            again.apply(action)
            same_game(state, again)


def test_round_trip_keeps_names_kinds_colours_and_start_player():
    state = new_game(3, seed=8, start_player=2, colours=(3, 0, 2))
    state.apply(parse("draw"))
    players = [PlayerEntry(name="Ana", colour="yellow", kind="human"),
               PlayerEntry(name="<b>Bo</b> & \"Cy\"", colour="red", kind="hard"),
               PlayerEntry(name="Dé 🗡", colour="green", kind="random")]
    text = dumps(state, players)
    model, again = loads(text)
    assert [p.name for p in model.setup.players] == ["Ana", "<b>Bo</b> & \"Cy\"", "Dé 🗡"]  # markup kept as text
    assert [p.kind for p in model.setup.players] == ["human", "hard", "random"]
    assert again.setup.colours == (3, 0, 2) and again.setup.start_player == 2
    same_game(state, again)
    assert loads(text.encode("utf-8"))[1].summary() == state.summary()  # bytes work too
    with pytest.raises(ValueError):
        dumps(state, players[::-1])  # colours that are not the game's


def saved(steps: int = 30) -> dict:
    return json.loads(dumps(random_play(2, 5, steps)))


def rejected(document_or_text, *words: str) -> SaveFileError:
    text = document_or_text if isinstance(document_or_text, (str, bytes)) else json.dumps(document_or_text)
    with pytest.raises(SaveFileError) as info:
        loads(text)
    message = str(info.value)
    assert "\n" not in message, message
    for word in words:
        assert word in message, message
    return info.value


def test_bad_json_and_truncated_files():
    rejected("{", "not valid JSON")
    rejected("", "not valid JSON")
    text = dumps(random_play(2, 5, 30))
    rejected(text[: len(text) // 2], "not valid JSON")
    rejected(b"\xff\xfe\x00garbage", "not UTF-8")
    rejected("[" * 100000 + "]" * 100000, "nests values more than 32 deep")
    rejected("[1, 2]", "not a JSON object")


def test_wrong_format_and_unknown_version():
    doc = saved()
    rejected({**doc, "format": "chess-save"}, "not a saved game of this site", "chess-save")
    rejected({k: v for k, v in doc.items() if k != "format"}, "not a saved game of this site")
    rejected({**doc, "version": 3}, "unknown version 3")
    rejected({**doc, "version": "2"}, "unknown version '2'")
    rejected({**doc, "version": True}, "unknown version True")
    rejected({**doc, "version": 2.0}, "unknown version 2.0")


@pytest.mark.parametrize("change, words", [
    (lambda d: d["setup"].update(seed="5"), ["setup.seed"]),
    (lambda d: d["setup"].update(seed=-1), ["setup.seed"]),
    (lambda d: d["setup"].update(seed=True), ["setup.seed"]),
    (lambda d: d["setup"].update(start_player=1.5), ["setup.start_player"]),
    (lambda d: d.update(actions="draw"), ["actions"]),
    (lambda d: d.update(actions=["draw", 5]), ["actions.1"]),
    (lambda d: d.update(cheat=1), ["cheat", "Extra inputs"]),
    (lambda d: d["setup"].update(rules="house"), ["setup.rules"]),
    (lambda d: d["setup"]["players"][0].update(score=99), ["setup.players.0.score"]),
    (lambda d: d["setup"]["players"][0].update(colour="purple"), ["setup.players.0.colour"]),
    (lambda d: d["setup"]["players"][0].update(kind="god"), ["setup.players.0.kind"]),
    (lambda d: d["setup"]["players"][0].update(name=""), ["setup.players.0.name"]),
    (lambda d: d["setup"]["players"][0].update(name="x" * 41), ["setup.players.0.name"]),
    (lambda d: d["setup"]["players"][0].update(name="a\nb"), ["setup.players.0.name", "control"]),
    (lambda d: d.pop("setup"), ["setup"]),
])
def test_wrong_field_types_and_extra_fields(change, words):
    doc = saved()
    change(doc)
    rejected(doc, *words)


def test_impossible_setups():
    doc = saved(0)
    one = doc["setup"]["players"][0]
    five = [dict(one, colour=c) for c in ("red", "blue", "green", "yellow", "red")]
    rejected({**doc, "setup": {**doc["setup"], "players": five}}, "setup.players")
    rejected({**doc, "setup": {**doc["setup"], "players": [one]}}, "setup.players")
    twins = [dict(one), dict(one, name="Twin")]
    rejected({**doc, "setup": {**doc["setup"], "players": twins}}, "same colour")
    rejected({**doc, "setup": {**doc["setup"], "start_player": 2}}, "start_player 2")
    rejected({**doc, "setup": {**doc["setup"], "start_player": 7}}, "start_player")


@pytest.mark.parametrize("step", [0, 7, 29])
def test_an_illegal_action_is_reported_with_its_step(step):
    doc = saved(30)
    doc["actions"][step] = "move 6Na 5" if doc["actions"][step] != "move 6Na 5" else "use"
    err = rejected(doc, f"(step {step})", "cannot be played", repr(doc["actions"][step]))
    assert err.step == step


def test_a_malformed_action_is_reported_with_its_step():
    doc = saved(30)
    doc["actions"][12] = "jump 3"
    err = rejected(doc, "(step 12)", "'jump'")
    assert err.step == 12


def test_actions_after_the_end_of_the_game_are_refused():
    state = random_play(2, 3)
    doc = json.loads(dumps(state))
    doc["actions"].append("draw")
    rejected(doc, f"(step {state.step})", "over")


def test_a_failed_load_returns_nothing():
    doc = saved(30)
    doc["actions"][20] = "pass"
    result = None
    with pytest.raises(SaveFileError):
        result = loads(json.dumps(doc))
    assert result is None


def test_a_sampled_state_cannot_be_saved():
    from random import Random

    from toledo import sample_state

    state = random_play(2, 3, 50)
    with pytest.raises(ValueError):
        to_save(sample_state(state.view(0), Random(1)))


def test_replay_of_the_action_texts_reproduces_the_game():
    from toledo import replay

    state = random_play(4, 31, 900)
    again = replay(state.setup, [str(a) for a in state.history])
    same_game(state, again)
    assert replay(state.setup, list(state.history)).summary() == state.summary()
