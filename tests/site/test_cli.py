"""The command line: simulate, replay, bench; user errors end with status 2 and one line on stderr."""

from __future__ import annotations

import errno
import io
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.toledo.helpers import random_play
from toledo.cli import main, play_game
from toledo.cli.args import UsageError
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


@pytest.mark.parametrize("form", ["https://example.org/toledo/#{}", "{}", "#{}"])
def test_replay_takes_a_share_link_pasted_as_the_argument(capsys, tmp_path, form):
    from toledo.core import codec, registry

    state = random_play(2, 5, 40)
    game = registry.get("toledo")
    fragment = codec.share_fragment(codec.save_document(state.setup, ["Ann", "Bo"], ("human", "easy"),
                                                        list(state.history), game))
    path = tmp_path / "link.txt"
    path.write_text(fragment, encoding="utf-8")
    from_file = run(capsys, "replay", str(path))
    assert from_file[0] == 0 and json.loads(from_file[1])["actions"] == 40
    assert run(capsys, "replay", form.format(fragment)) == from_file


@pytest.mark.parametrize("content, words", [
    ("https://example.org/#game=!!notbase64!!", "link is damaged"),
    ("game=eJwrSS0uUcjMS8nMS1dIzs8rSc0r0UvOzwUA", "link"),
])
def test_a_pasted_link_that_is_damaged_is_refused_in_one_line(capsys, content, words):
    assert words in _one_line_refusal(*run(capsys, "replay", content))


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


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_every_command_says_a_table_size_the_game_does_not_seat_in_the_same_words(capsys, command):
    status, out, err = run(capsys, command, "--game", "torres", "--players", "5", "--bots", "random")
    assert (status, out, err) == (2, "", "error: Torres is for 2 to 4 players, not 5\n")


def test_the_version_is_the_release_the_package_and_the_page_show(capsys):
    import toledo

    assert run(capsys, "--version") == (0, f"python -m toledo {toledo.__version__}\n", "")


def test_python_dash_m_toledo_exit_status(tmp_path):
    bad = subprocess.run([sys.executable, "-m", "toledo", "simulate", "--players", "9"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1
    path = tmp_path / "game.json"
    path.write_text(dumps(random_play(2, 2, 10)), encoding="utf-8")
    good = subprocess.run([sys.executable, "-m", "toledo", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert good.returncode == 0 and json.loads(good.stdout)["actions"] == 10


# --- untrusted files and options ------------------------------------------------------------------------
def _one_line_refusal(status: int, out: str, err: str) -> str:
    assert status == 2 and out == "", err
    assert err.startswith("error: ") and err.count("\n") == 1 and len(err) <= 130, err
    for internal in ("Traceback", "Error -3", "Only base64 data", "codec can't decode", "Exceeds the limit"):
        assert internal not in err, err
    return err


def test_replay_refuses_devices_and_fifos_before_reading(capsys, tmp_path):
    err = _one_line_refusal(*run(capsys, "replay", "/dev/zero"))
    assert "not a regular file" in err
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # nobody writes to it: reading would block forever
    err = _one_line_refusal(*run(capsys, "replay", str(fifo)))
    assert "not a regular file" in err


def test_replay_refuses_a_huge_file_with_a_size_cap(capsys, tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(50_000_000)  # sparse: 50 MB of zero bytes
    err = _one_line_refusal(*run(capsys, "replay", str(big)))
    assert "too large" in err and "2,000,000 bytes" in err


@pytest.mark.parametrize("content, words", [
    ('{"format": "toledo-save", "version": 2, "seed": ' + "9" * 5000 + "}", "5000 digits"),
    ("[" * 1000 + "]" * 1000, "deep"),
    ("game=eJwrSS0uUcjMS8nMS1dIzs8rSc0r0UvOzwUA", "link"),
    ("game=!!notbase64!!", "link is damaged"),
    ("game=" + "QUJD" * 10, "link is damaged"),  # base64 of text that is not zlib
])
def test_replay_refuses_hostile_contents_in_one_line(capsys, tmp_path, content, words):
    path = tmp_path / "bad.txt"
    path.write_text(content, encoding="utf-8")
    err = _one_line_refusal(*run(capsys, "replay", str(path)))
    assert words in err


def test_a_utf16_save_is_refused_as_the_page_refuses_it(capsys, tmp_path):
    from toledo.core.session import LoadError, read_save_text

    text = dumps(random_play(2, 2, 10))
    path = tmp_path / "utf16.json"
    path.write_bytes(text.encode("utf-16"))  # with its byte-order mark
    err = _one_line_refusal(*run(capsys, "replay", str(path)))
    assert "UTF-16" in err
    with pytest.raises(LoadError) as info:  # the page reads the file's bytes through the same function
        read_save_text(path.read_bytes())
    assert info.value.key == "refused_file_not_game" and "UTF-16" in str(info.value)
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())  # a UTF-8 byte-order mark is fine everywhere
    assert run(capsys, "replay", str(path))[0] == 0
    assert read_save_text(path.read_bytes()).state.step == 10


def test_a_name_with_a_line_break_never_splits_the_message(capsys, tmp_path):
    document = json.loads(dumps(random_play(2, 2, 10)))
    document["setup"]["players"][0]["name"] = "Ann\nerror: something else\n"
    path = tmp_path / "names.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    err = _one_line_refusal(*run(capsys, "replay", str(path)))
    assert "setup.players.0.name" in err


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "NaN", "-1", "0", "1e999", "1" * 5000, "٣", "²"])
def test_bench_refuses_seconds_that_are_not_a_finite_positive_number(capsys, value):
    err = _one_line_refusal(*run(capsys, "bench", "--seconds", value))
    assert "--seconds" in err


@pytest.mark.parametrize("option", ["--seed", "--games", "--players"])
@pytest.mark.parametrize("value", ["²", "٣", "1" * 5000, "-5"])
def test_numbers_on_the_command_line_are_short_ascii_digits(capsys, option, value):
    _one_line_refusal(*run(capsys, "simulate", option, value))


def test_a_closed_pipe_ends_quietly_with_status_141():
    process = subprocess.Popen([sys.executable, "-m", "toledo", "simulate", "--games", "1"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as `| head` does once it has read enough
    err = process.stderr.read()
    assert process.wait(timeout=60) == 141 and err == b""


def test_a_broken_pipe_inside_the_command_returns_141(capsys, monkeypatch):
    class Gone:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            raise ValueError("no descriptor")

    monkeypatch.setattr(sys, "stdout", Gone())
    assert main(["simulate", "--games", "1"]) == 141


# --- every numeric option: ASCII digits only, each with a cap ------------------------------------------
# (command, option, a value it takes): every option of the command line that holds a number
NUMERIC_OPTIONS = [
    ("simulate", "--players", "3"), ("simulate", "--games", "12"), ("simulate", "--seed", "42"),
    ("bench", "--seconds", "2.5"), ("bench", "--seed", "42"),
    ("tournament", "--players", "3"), ("tournament", "--games", "12"), ("tournament", "--seed", "42"),
    ("tournament", "--jobs", "2"), ("tournament", "--budget", "800"), ("tournament", "--budget", "0.5s"),
]
# other scripts' digits that int() and float() read as 0-9: Arabic-Indic, fullwidth, Devanagari, Bengali, Thai
OTHER_DIGITS = ["٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９", "०१२३४५६७८९", "০১২৩৪৫৬৭৮৯", "๐๑๒๓๔๕๖๗๘๙"]
SPACES = [" ", "\t", "\n", "\u00a0", "\u2007", "\u3000", "\u2028"]


def _parsed(argv: list[str]) -> object:
    from toledo.cli import _load_extra_commands, build_parser

    _load_extra_commands()
    return build_parser().parse_args(argv)


@st.composite
def hostile_numerals(draw: st.DrawFn, value: str) -> str:
    """`value` spelt in a way int() or float() would still read: other digits, a sign, spaces, '_'."""
    how = draw(st.sampled_from(["digits", "sign", "space", "underscore", "superscript"]))
    if how == "digits":
        digits = draw(st.sampled_from(OTHER_DIGITS))
        positions = [i for i, ch in enumerate(value) if ch.isdigit()]
        chosen = draw(st.sets(st.sampled_from(positions), min_size=1))
        return "".join(digits[int(ch)] if i in chosen else ch for i, ch in enumerate(value))
    if how == "sign":
        return "+" + value
    if how == "space":
        space = draw(st.sampled_from(SPACES))
        return draw(st.sampled_from([space + value, value + space, space + value + space]))
    if how == "underscore":
        return value[0] + "_" + value[1:] if len(value) > 1 else value + "_0"
    return value.replace(value[0], "²", 1) if value[0] in "2" else "²" + value


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_every_numeric_option_takes_ascii_digits_only(data: st.DataObject) -> None:
    command, option, value = data.draw(st.sampled_from(NUMERIC_OPTIONS))
    _parsed([command, option, value])  # the plain spelling is taken
    hostile = data.draw(hostile_numerals(value))
    with pytest.raises(UsageError) as info:
        _parsed([command, option, hostile])
    message = str(info.value)
    assert option in message and "\n" not in message and len(message) <= 120, message


@pytest.mark.parametrize("argv, says", [
    (["tournament", "--jobs", "3000000000"], "at most 64 worker processes"),
    (["tournament", "--jobs", "65"], "at most 64 worker processes"),
    (["tournament", "--jobs", "0"], "at least 1"),
    (["tournament", "--games", "999999999999999999"], "at most 100,000 games"),
    (["tournament", "--games", "100001"], "at most 100,000 games"),
    (["tournament", "--budget", "1000000000000000000000000000000"], "--budget"),
    (["tournament", "--budget", "100001"], "--budget"),
    (["tournament", "--budget", "61s"], "--budget"),
    (["tournament", "--budget", "1e9s"], "--budget"),
    (["tournament", "--budget", "infs"], "--budget"),
    (["tournament", "--budget", "0"], "--budget"),
    (["simulate", "--games", "1000001"], "at most 1,000,000 games"),
    (["bench", "--seconds", "86401"], "--seconds"),
    (["bench", "--seconds", "1_000"], "--seconds"),
])
def test_the_tournaments_options_have_caps_and_refuse_in_one_line(capsys, argv, says):
    err = _one_line_refusal(*run(capsys, *argv))
    assert says in err and "Traceback" not in err


def test_a_tournament_never_starts_more_workers_than_games(capsys, monkeypatch):
    import toledo.cli.tournament as command

    started: list[int] = []

    def fake_tournament(names, players, games, seed, budget, jobs, game):
        started.append(jobs)
        return []

    monkeypatch.setattr(command, "run_tournament", fake_tournament)
    monkeypatch.setattr(command, "summarise", lambda results, players: [])
    assert run(capsys, "tournament", "--jobs", "40", "--games", "1", "--bots", "random")[0] == 0
    assert run(capsys, "tournament", "--jobs", "3", "--games", "7", "--bots", "random")[0] == 0
    assert started == [1, 3]


# --- output that cannot be written: one line, never a traceback, for every command ---------------------
class _Broken:
    """A standard stream whose writes fail as a full disk's or a closed file's do."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def write(self, text: str) -> int:
        raise self.error

    def flush(self) -> None:
        raise self.error

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no descriptor")  # so nothing touches this process's own descriptors


class _Kept(io.StringIO):
    def fileno(self) -> int:
        raise io.UnsupportedOperation("no descriptor")


OUTPUTS = {"closed": lambda: None, "full": lambda: _Broken(OSError(errno.ENOSPC, "No space left on device")),
           "closed file": lambda: _Broken(ValueError("I/O operation on closed file")), "fine": _Kept}


def _commands(tmp_path: Path) -> dict[str, list[str]]:
    """One quick run of every command (and the help, and a usage error)."""
    path = tmp_path / "game.json"
    path.write_text(dumps(random_play(2, 2, 10)), encoding="utf-8")
    return {"simulate": ["simulate", "--game", "torres", "--games", "1"], "replay": ["replay", str(path)],
            "bench": ["bench", "--game", "torres", "--seconds", "0.01"],
            "tournament": ["tournament", "--game", "torres", "--bots", "random", "--games", "1", "--jobs", "1"],
            "help": ["--help"], "command help": ["tournament", "--help"], "version": ["--version"],
            "usage error": ["simulate", "--games", "0"]}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(["simulate", "replay", "bench", "tournament", "help", "command help", "version",
                                "usage error"]),
       stdout=st.sampled_from(list(OUTPUTS)), stderr=st.sampled_from(list(OUTPUTS)))
def test_every_command_reports_an_unwritable_output_in_one_line(tmp_path_factory, command, stdout, stderr):
    argv = _commands(tmp_path_factory.mktemp("cli"))[command]
    out, err = OUTPUTS[stdout](), OUTPUTS[stderr]()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        status = main(argv)  # never raises, whatever the streams do
    finally:
        sys.stdout, sys.stderr = saved
    said = err.getvalue() if isinstance(err, _Kept) else ""
    assert said.count("\n") <= 1 and (not said or said.startswith("error: ")), said
    if command == "usage error":
        assert status == 2
    elif stdout == "fine":
        assert status == 0 and said == "" and out.getvalue()
    else:
        assert status == 74
        assert said == ("" if stderr != "fine" else said) and (stderr != "fine" or "cannot write the output" in said)
    if isinstance(out, _Kept):
        assert "error:" not in out.getvalue()  # the error line never goes to standard output


@pytest.mark.parametrize("redirect, status, says", [
    (">&-", 74, "error: cannot write the output: standard output is closed\n"),
    (">/dev/full", 74, "error: cannot write the output: No space left on device\n"),
    (">/dev/full 2>&-", 74, ""),
])
@pytest.mark.parametrize("command", ["simulate", "replay", "bench", "tournament", "help"])
def test_real_unwritable_outputs_end_in_one_line(tmp_path, command, redirect, status, says):
    argv = " ".join(shlex.quote(a) for a in _commands(tmp_path)[command])
    done = subprocess.run(["bash", "-c", f"{shlex.quote(sys.executable)} -m toledo {argv} {redirect}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (status, says)


def test_with_standard_error_closed_the_error_line_goes_nowhere_else(tmp_path):
    done = subprocess.run(["bash", "-c", f"{shlex.quote(sys.executable)} -m toledo simulate --players 9 2>&-"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (2, "")
    done = subprocess.run(["bash", "-c", f"{shlex.quote(sys.executable)} -m toledo replay - <&-"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "error: cannot read standard input: it is closed\n")
