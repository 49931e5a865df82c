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


# --- version-2 files from when the format was named after one game ("toledo-save", "toledo-autosave") ----
NAMED = Path(__file__).resolve().parent / "fixtures" / "named-after-toledo"
NAMED_EXPECTED = json.loads((NAMED / "expected.json").read_text(encoding="utf-8"))


def check_named(name: str, state: object) -> None:
    assert state.step == NAMED_EXPECTED[name]["step"]  # type: ignore[attr-defined]
    assert state.summary() == NAMED_EXPECTED[name]["summary"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["save-toledo-3p", "save-torres-2p-own-deck"])
def test_saves_under_the_old_format_name_open_and_are_saved_under_the_new(name: str) -> None:
    from toledo.core.codec import SAVE_FORMAT
    from toledo.core.save import dumps

    data = (NAMED / f"{name}.json").read_bytes()
    assert json.loads(data)["format"] == "toledo-save" and json.loads(data)["version"] == 2
    model, state = loads(data)
    check_named(name, state)
    check_named(name, read_save_text(data).state)
    assert model.format == SAVE_FORMAT == "tabletop-save" and read_save_text(data).document["format"] == SAVE_FORMAT
    assert json.loads(dumps(state))["format"] == "tabletop-save"


def test_a_link_under_the_old_format_name_opens() -> None:
    link = (NAMED / "link-torres-3p.txt").read_text(encoding="utf-8")
    model, state = decode(link)
    assert model.game == "torres" and model.format == "tabletop-save"
    check_named("link-torres-3p", state)
    check_named("link-torres-3p", read_share_link(link).state)


def test_a_stored_game_under_the_old_format_name_is_listed_continues_and_is_stored_anew() -> None:
    text = (NAMED / "stored-torres-4p.json").read_text(encoding="utf-8")
    assert json.loads(text)["format"] == "toledo-autosave"
    game_id = json.loads(text)["id"]
    storage = MemoryStorage({AUTOSAVE_PREFIX + game_id: text})
    store = GameStore(storage)
    listed, = store.list()
    assert not listed.damaged and listed.game == "torres" and listed.step == NAMED_EXPECTED["stored-torres-4p"]["step"]
    loaded = store.load(game_id)
    check_named("stored-torres-4p", loaded.state)
    store.write(game_id, 1_770_000_000_000, loaded.state, loaded.names, loaded.kinds)
    stored = json.loads(storage.get(AUTOSAVE_PREFIX + game_id) or "")
    assert stored["format"] == "tabletop-autosave" and stored["save"]["format"] == "tabletop-save"
    check_named("stored-torres-4p", store.load(game_id).state)
