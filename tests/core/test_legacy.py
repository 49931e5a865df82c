"""Files made by the previous release (one game, Toledo; save format version 1, no rules revision)
still open, through every way in, to exactly the position they held. They were played under Toledo's
rules revision 1, which an old document means when it names none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toledo.cli import main
from toledo.core.save import loads
from toledo.core.session import GameStore, MemoryStorage, read_save_text, read_share_link
from toledo.core.share import decode
from toledo.core.store import AUTOSAVE_PREFIX

LEGACY = Path(__file__).resolve().parent / "fixtures" / "legacy"
EXPECTED = json.loads((LEGACY / "expected.json").read_text(encoding="utf-8"))
SAVES = ["save-2p-midgame", "save-3p-finished"]
LINKS = ["link-2p-midgame", "link-4p-midgame"]


def check(name: str, state: object) -> None:
    expected = EXPECTED[name]
    assert state.step == expected["step"]  # type: ignore[attr-defined]
    assert state.summary() == expected["summary"]  # type: ignore[attr-defined]
    assert state.setup.rules == 1  # type: ignore[attr-defined]


def test_every_fixture_has_its_expected_position() -> None:
    assert set(EXPECTED) == set(SAVES) | set(LINKS)
    for name in SAVES:
        assert json.loads((LEGACY / f"{name}.json").read_text())["version"] == 1


@pytest.mark.parametrize("name", SAVES)
def test_old_save_files_open_to_their_position(name: str) -> None:
    data = (LEGACY / f"{name}.json").read_bytes()
    model, state = loads(data)
    assert model.game == "toledo" and model.variant == "base" and model.setup.rules == 1
    check(name, state)
    loaded = read_save_text(data)  # the page's way in
    check(name, loaded.state)
    assert loaded.names == [p["name"] for p in json.loads(data)["setup"]["players"]]


@pytest.mark.parametrize("name", LINKS)
def test_old_share_links_open_to_their_position(name: str) -> None:
    link = (LEGACY / f"{name}.txt").read_text(encoding="utf-8")
    model, state = decode(link)
    assert model.game == "toledo" and model.setup.rules == 1
    check(name, state)
    check(name, read_share_link(link).state)
    check(name, read_share_link(f"https://example.org/toledo/#{link.strip()}").state)


def test_an_old_stored_game_is_listed_and_continues() -> None:
    text = (LEGACY / "stored-2p.json").read_text(encoding="utf-8")
    game_id = json.loads(text)["id"]
    store = GameStore(MemoryStorage({AUTOSAVE_PREFIX + game_id: text}))
    listed, = store.list()
    assert not listed.damaged and listed.names == ("Anna", "Bot") and listed.step == 60 and listed.game == "toledo"
    loaded = store.load(game_id)
    check("save-2p-midgame", loaded.state)  # the same game as the old save file


def test_resaving_an_old_game_keeps_its_rules_revision_and_names_the_game() -> None:
    from toledo.core.save import dumps

    _, state = loads((LEGACY / "save-2p-midgame.json").read_bytes())
    again = json.loads(dumps(state))
    assert again["version"] == 2 and again["game"] == "toledo" and again["setup"]["rules"] == 1
    check("save-2p-midgame", loads(json.dumps(again))[1])


@pytest.mark.parametrize("name, path", [(n, f"{n}.json") for n in SAVES] + [(n, f"{n}.txt") for n in LINKS])
def test_the_command_line_replays_old_files(capsys: pytest.CaptureFixture[str], name: str, path: str) -> None:
    assert main(["replay", str(LEGACY / path)]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert err == "" and result["game"] == "toledo" and result["actions"] == EXPECTED[name]["step"]
    assert result["finished"] == ("phase over" in EXPECTED[name]["summary"])
