"""Torres through the platform's own code, the same as Toledo's: save files and share links
(toledo.core.save / share / codec), undo floors (toledo.core.undo), replay (toledo.core.history) and the
command line (python -m toledo simulate | bench | replay)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from toledo.cli import main as cli_main
from toledo.core import share
from toledo.core.errors import InputError
from toledo.core.history import ReplayCursor, replay
from toledo.core.registry import game_of
from toledo.core.save import dumps, loads
from toledo.core.undo import undo, undo_floor
from toledo.games.torres import data as D
from toledo.games.torres.actions import Kind
from toledo.games.torres.game import GAME
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import State, new_game

ROOT = Path(__file__).resolve().parents[2]


def played(n: int, variant: str, steps: int | None = None, seed: int = 3) -> State:
    st = new_game(n, seed=seed, variant=variant)
    rng = random.Random(f"platform:{n}:{variant}:{seed}")
    while not st.is_terminal() and (steps is None or st.step < steps):
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    return st


def to_turn(st: State) -> State:
    while st.stage != Stage.TURN:
        st.apply(st.legal_actions()[0])
    return st


# --- save files ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, variant", [(2, "base"), (3, "own-deck"), (4, "master")])
def test_save_round_trip_names_the_game_and_its_variant(n, variant):
    st = played(n, variant, steps=80)
    text = dumps(st)
    document = json.loads(text)
    assert document["game"] == "torres" and document["variant"] == variant
    assert len(document["actions"]) == st.step
    model, again = loads(text)
    assert model.game == "torres" and model.variant == variant
    assert again.summary() == st.summary() and again.history == st.history
    assert game_of(again) is GAME


def test_save_of_a_finished_game_round_trips():
    st = played(3, "master")
    _, again = loads(dumps(st))
    assert again.is_terminal() and again.scores() == st.scores() and again.winners() == st.winners()


@pytest.mark.parametrize("change, words", [
    (lambda d: d["actions"].append("score 9"), "cannot be played"),
    (lambda d: d["actions"].insert(0, "fly a1"), "cannot be played"),
    (lambda d: d.update(variant="expert"), "variant"),
    (lambda d: d["setup"]["players"].append({"name": "X", "colour": "purple", "kind": "human"}), "players"),
    (lambda d: d["setup"]["players"].__setitem__(0, {"name": "X", "colour": "blue", "kind": "human"}), "colour"),
    (lambda d: d.update(game="chess"), "game"),
])
def test_a_tampered_torres_save_is_refused_in_one_line(change, words):
    document = json.loads(dumps(played(2, "base", steps=20)))
    change(document)
    with pytest.raises(InputError) as err:
        loads(json.dumps(document))
    message = str(err.value)
    assert "\n" not in message and words in message


# --- share links ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", D.VARIANTS)
def test_share_link_round_trip(variant):
    st = played(3, variant, steps=60)
    model, _ = loads(dumps(st))
    fragment = share.encode(model)
    again_model, again = share.decode(fragment)
    assert again_model == model and again.summary() == st.summary()
    _, from_address = share.decode(f"https://example.invalid/torres.html#{fragment}")
    assert from_address.summary() == st.summary()


def test_tampered_share_link_is_refused():
    model, _ = loads(dumps(played(2, "base", steps=30)))
    fragment = share.encode(model)
    with pytest.raises(InputError):
        share.decode(fragment[:-12] + "A" * 12)


# --- undo floors ---------------------------------------------------------------------------------------
def _own_actions(st: State) -> list:
    """Actions that reveal nothing and keep the turn (steps, passages, advancing on the track)."""
    return [a for a in st.legal_actions() if a.kind in (Kind.STEP, Kind.PASS, Kind.SCORE) and not
            (a.kind is Kind.SCORE and a.n > 1)]


@pytest.mark.parametrize("variant", D.VARIANTS)
def test_undo_back_to_the_start_of_the_turn_not_into_another_turn(variant):
    st = to_turn(new_game(3, seed=4, variant=variant))
    assert undo_floor(st).undoable == 0, "the turn has just begun (the previous seat ended his)"
    start = st.step
    for _ in range(3):
        st.apply(_own_actions(st)[0])
    floor = undo_floor(st)
    assert (floor.step, floor.undoable) == (start, 3)
    back = undo(st, 2)
    assert back.summary() == replay(st.setup, st.history[:-2]).summary()
    assert back.step == st.step - 2
    with pytest.raises(ValueError):
        undo(st, 4)


@pytest.mark.parametrize("variant", ["base", "own-deck"])
def test_undo_stops_at_a_purchase(variant):
    st = to_turn(new_game(2, seed=6, variant=variant))
    st.apply(_own_actions(st)[0])
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.BUY))  # the card is seen: no way back
    bought_at = st.step
    assert undo_floor(st).undoable == 0
    if st.keeping:  # V2: which card to keep may be chosen anew, the cards seen stay seen
        st.apply(st.legal_actions()[0])
    st.apply(_own_actions(st)[0])
    floor = undo_floor(st)
    assert (floor.step, floor.undoable) == (bought_at, st.step - bought_at)
    assert undo(st, floor.undoable).step == bought_at


def test_undo_setup_placements_are_turns_of_their_own():
    st = new_game(2, seed=1, variant="master")
    st.apply(st.legal_actions()[0])
    assert undo_floor(st).undoable == 0


def test_undo_nothing_once_the_game_is_over():
    st = played(2, "base")
    assert not undo_floor(st).possible


# --- replay ----------------------------------------------------------------------------------------------
def test_replay_cursor_steps_through_a_torres_game():
    st = played(2, "own-deck")
    cursor = ReplayCursor.of(st.setup, [str(a) for a in st.history], position=0)
    assert cursor.state.step == 0 and cursor.total == st.step
    for k in (1, 17, st.step // 2):
        assert cursor.goto(k).summary() == replay(st.setup, st.history[:k]).summary()
    assert cursor.last().summary() == st.summary()
    assert cursor.back().step == st.step - 1
    assert cursor.seat_to_show() in range(2)


# --- the command line --------------------------------------------------------------------------------------
def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli_main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_simulate_torres_three_players():
    done = subprocess.run([sys.executable, "-m", "toledo", "simulate", "--game", "torres", "--players", "3",
                           "--games", "2", "--seed", "4"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "torres" and summary["players"] == 3 and len(summary["games"]) == 2
    for game in summary["games"]:
        assert len(game["scores"]) == 3 and game["winners"]


def test_cli_bench_torres(capsys):
    status, out, _ = run(capsys, "bench", "--game", "torres", "--seconds", "1")
    assert status == 0
    figures = json.loads(out)
    assert figures["game"] == "torres" and figures["actions_per_second"] > 0


@pytest.mark.parametrize("variant", ["base", "master"])
def test_cli_replay_a_torres_save(capsys, tmp_path, variant):
    st = played(3, variant)
    path = tmp_path / "game.json"
    path.write_text(dumps(st), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0, err
    result = json.loads(out)
    assert result["game"] == "torres" and result["finished"] and result["actions"] == st.step
    assert [v["total"] for v in result["scores"].values()] == st.scores()
    assert result["winners"] == [["Red", "Blue", "Green"][w] for w in st.winners()]


def test_cli_replay_a_torres_share_link(capsys, tmp_path):
    st = played(2, "base", steps=50)
    model, _ = loads(dumps(st))
    path = tmp_path / "link.txt"
    path.write_text(f"https://example.invalid/#{share.encode(model)}\n", encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0, err
    assert json.loads(out)["actions"] == 50


@pytest.mark.parametrize("argv", [
    ["simulate", "--game", "torres", "--players", "5"],
    ["simulate", "--game", "torres", "--players", "1"],
    ["simulate", "--game", "torres", "--bots", "nobody"],
    ["simulate", "--game", "tores"],
    ["bench", "--game", "torres", "--seconds", "0"],
    ["bench", "--game", "torres", "--seconds", "nan"],
    ["replay"],
])
def test_cli_bad_options_one_line_status_2(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")


def test_cli_bad_files_one_line_status_2(capsys, tmp_path):
    good = json.loads(dumps(played(2, "master", steps=30)))
    bad_action = dict(good, actions=good["actions"] + ["play k99"])
    bad_variant = dict(good, variant="meister")
    cases = {"illegal.json": json.dumps(bad_action), "variant.json": json.dumps(bad_variant),
             "garbage.json": "{not json", "empty.json": ""}
    for file_name, text in cases.items():
        path = tmp_path / file_name
        path.write_text(text, encoding="utf-8")
        status, out, err = run(capsys, "replay", str(path))
        assert status == 2 and out == "", file_name
        assert err.count("\n") == 1 and err.startswith("error: "), (file_name, err)
    status, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert status == 2 and err.count("\n") == 1


def test_cli_bad_option_through_the_real_process():
    done = subprocess.run([sys.executable, "-m", "toledo", "simulate", "--game", "torres", "--players", "7"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ") and "players" in done.stderr


def test_engine_bench_prints_figures_and_refuses_bad_seconds(capsys):
    from toledo.games.torres import bench

    assert bench.main(["0.05"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("start-up") and [line.split()[0] for line in out[2:]] == [*D.VARIANTS, "all"]
    assert all(float(line.split()[1]) > 0 for line in out[2:])
    assert bench.main(["soon"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ")
