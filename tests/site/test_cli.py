"""The command line: simulate, replay, bench; user errors end with status 2 and one line on stderr."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.toledo.helpers import random_play
from toledo.cli import main, play_game
from toledo.core.save import dumps

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_prints_every_games_scores(capsys):
    status, out, err = run(capsys, "simulate", "--players", "3", "--games", "3", "--seed", "4")
    assert status == 0 and err == ""
    summary = json.loads(out)
    assert summary["players"] == 3 and summary["bots"] == ["random"] * 3
    games = summary["games"]
    assert [g["seed"] for g in games] == [4, 5, 6]
    for game in games:
        state = play_game(3, game["seed"], ["random"] * 3)  # the same game again
        assert game["scores"] == [s.total for s in state.scores()]
        assert game["winners"] == state.winners() and game["actions"] == state.step
        assert [b["total"] for b in game["breakdown"]] == game["scores"]
    assert sum(summary["wins"]) == pytest.approx(3)


def test_simulate_is_deterministic(capsys):
    first = json.loads(run(capsys, "simulate", "--games", "2", "--seed", "9")[1])
    second = json.loads(run(capsys, "simulate", "--games", "2", "--seed", "9")[1])
    first.pop("seconds"), second.pop("seconds")
    assert first == second


def test_replay_prints_the_final_scores(capsys, tmp_path):
    state = random_play(2, 12)
    path = tmp_path / "game.json"
    path.write_text(dumps(state), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["finished"] is True and result["actions"] == state.step and result["to_act"] is None
    assert {name: s["total"] for name, s in result["scores"].items()} == {
        "Red": state.scores()[0].total, "Blue": state.scores()[1].total}
    assert result["winners"] == [["Red", "Blue"][w] for w in state.winners()]


def test_replay_of_an_unfinished_game(capsys, tmp_path):
    state = random_play(3, 12, 40)
    path = tmp_path / "game.json"
    path.write_text(dumps(state), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    result = json.loads(out)
    assert status == 0 and result["finished"] is False and result["winners"] == []
    assert result["to_act"] == ["Red", "Blue", "Green"][state.current_player]


def test_bench_prints_its_figures(capsys):
    status, out, err = run(capsys, "bench", "--seconds", "0.2", "--seed", "3")
    assert status == 0 and err == ""
    figures = json.loads(out)
    for key in ("games", "actions", "games_per_second", "actions_per_second", "us_per_legal_actions",
                "us_per_apply", "mean_actions_per_game"):
        assert figures[key] > 0, key


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    files = {}
    files["json"] = tmp_path / "bad.json"
    files["json"].write_text("{not json", encoding="utf-8")
    doc = json.loads(dumps(random_play(2, 1, 20)))
    doc["actions"][5] = "move 6Na 5"
    files["illegal"] = tmp_path / "illegal.json"
    files["illegal"].write_text(json.dumps(doc), encoding="utf-8")
    files["missing"] = tmp_path / "missing.json"
    files["directory"] = tmp_path
    return files


@pytest.mark.parametrize("argv", [
    [],
    ["frobnicate"],
    ["simulate", "--players", "5"],
    ["simulate", "--players", "two"],
    ["simulate", "--games", "0"],
    ["simulate", "--games", "-3"],
    ["simulate", "--seed", "x"],
    ["simulate", "--bots", "nobody"],
    ["simulate", "--bots", "random,random,random"],
    ["simulate", "--frobnicate"],
    ["bench", "--seconds", "abc"],
    ["replay"],
    ["replay", "a", "b"],
    ["replay", "@json"],
    ["replay", "@illegal"],
    ["replay", "@missing"],
    ["replay", "@directory"],
])
def test_user_errors_exit_2_with_one_line_on_stderr(capsys, tmp_path, argv):
    files = _bad_files(tmp_path)
    argv = [str(files[a[1:]]) if a.startswith("@") else a for a in argv]
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1 and err.startswith("error: "), err


def test_replay_error_names_the_step(capsys, tmp_path):
    files = _bad_files(tmp_path)
    _, _, err = run(capsys, "replay", str(files["illegal"]))
    assert "(step 5)" in err and "move 6Na 5" in err


def test_python_dash_m_toledo_exit_status(tmp_path):
    bad = subprocess.run([sys.executable, "-m", "toledo", "simulate", "--players", "9"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1
    path = tmp_path / "game.json"
    path.write_text(dumps(random_play(2, 2, 10)), encoding="utf-8")
    good = subprocess.run([sys.executable, "-m", "toledo", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert good.returncode == 0 and json.loads(good.stdout)["actions"] == 10
