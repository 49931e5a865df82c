"""The browser's stored games, for every game: one entry per game (a link opened twice is stored once),
damaged or hostile entries listed as damaged and refused on loading, never breaking the list or
touching the other games; a write cut off or refused (full storage) never loses the state before it,
a tab never writes over what another tab stored meanwhile, and games stored by older builds open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.core.games import GAMES, names_for, random_state
from toledo.core import registry
from toledo.core.session import (GameStore, LoadError, MemoryStorage, read_save_text, read_share_link, save_document,
                                 share_fragment)
from toledo.core.store import AUTOSAVE_PREFIX, StoredElsewhere, autosave_text


def store_with(*games: tuple[str, int, object]) -> tuple[GameStore, MemoryStorage]:
    storage = MemoryStorage()
    store = GameStore(storage)
    for game_id, updated, state in games:
        store.write(game_id, updated, state, names_for(state), ["human"] * len(names_for(state)))
    return store, storage


@pytest.mark.parametrize("game", GAMES)
def test_a_stored_game_is_listed_with_its_game_and_loads(game: str) -> None:
    state = random_state(game, registry.get(game).max_players, 21, steps=25)
    store, _ = store_with(("abc123", 1000, state))
    listed, = store.list()
    assert listed.game == game and listed.step == state.step > 0 and not listed.damaged
    assert listed.names == tuple(names_for(state))
    loaded = store.load("abc123")
    assert loaded.game == game and loaded.state.history == state.history


def test_the_same_share_link_opened_twice_is_stored_once() -> None:
    for game in GAMES:
        state = random_state(game, 2, 22, steps=30)
        link = share_fragment(save_document(state.setup, ["Ann", "Bob"], ["human", "human"], state.history))
        store, _ = store_with(("other1", 500, random_state(game, 2, 99, steps=10)))
        for opened, game_id in enumerate(("first1", "second2"), start=1):  # the page gives a new opening an id
            loaded = read_share_link(link)
            found = store.find(loaded.state, loaded.names, loaded.kinds)
            store.write(found.id if found else game_id, 1000 + opened, loaded.state, loaded.names, loaded.kinds)
        assert sorted(g.id for g in store.list()) == ["first1", "other1"], game


def test_a_copy_played_on_is_never_replaced_by_an_older_link() -> None:
    state = random_state("toledo", 2, 23, steps=30)
    link = share_fragment(save_document(state.setup, ["Ann", "Bob"], ["human", "human"], state.history))
    store, _ = store_with()
    first = read_share_link(link).state
    first.apply(first.legal_actions()[0])  # played on from the link
    store.write("played1", 1000, first, ["Ann", "Bob"], ["human", "human"])
    older = read_share_link(link)
    assert store.find(older.state, older.names, older.kinds) is None  # the link is behind: a game of its own
    store.write("again2", 2000, older.state, ["Ann", "Bob"], ["human", "human"])
    assert sorted(g.id for g in store.list()) == ["again2", "played1"]
    assert store.load("played1").state.history == first.history


def _play_on(state: object, steps: int) -> object:
    for _ in range(steps):
        state.apply(state.legal_actions()[0])  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_write_leaves_one_entry_per_game(game: str) -> None:
    state = random_state(game, 2, 27, steps=2)  # short: every game goes on two more
    store, storage = store_with(("abc123", 1000, state))
    for rev in (2, 3):
        _play_on(state, 1)
        assert store.write("abc123", 1000 * rev, state, ["P1", "P2"], ["human", "human"]) == rev
        assert list(storage.items) == [AUTOSAVE_PREFIX + "abc123"]  # as older builds wrote it
        assert store.head("abc123").rev == rev and store.load("abc123").state.history == state.history


class Killed(BaseException):
    """The page died (nothing of it runs on, so no handler catches it)."""


class DyingStorage(MemoryStorage):
    """Storage of a page that dies at its `at`-th change, leaving half of the text that change wrote."""

    def __init__(self, items: dict[str, str], at: int) -> None:
        super().__init__(items)
        self.at = at

    def _change(self) -> None:
        self.at -= 1
        if self.at == 0:
            raise Killed

    def set(self, key: str, value: str) -> None:
        try:
            self._change()
        except Killed:
            super().set(key, value[: len(value) // 2])
            raise
        super().set(key, value)

    def remove(self, key: str) -> None:
        self._change()
        super().remove(key)


@pytest.mark.parametrize("at", [1, 2, 3])
@pytest.mark.parametrize("before", ["one slot", "a cut-off write"])
def test_a_write_cut_off_anywhere_leaves_a_readable_state(at: int, before: str) -> None:
    state = random_state("toledo", 2, 28, steps=20)
    store, storage = store_with(("abc123", 1000, state))
    if before == "a cut-off write":  # the page died in the previous write, after the second slot's text
        _play_on(state, 1)
        died = DyingStorage(storage.items, 2)
        with pytest.raises(Killed):
            GameStore(died).write("abc123", 1500, state, ["P1", "P2"], ["human"] * 2)
        storage.items = died.items
    previous = [str(a) for a in state.history]
    assert [str(a) for a in store.load("abc123").state.history] == previous
    _play_on(state, 1)
    dying = DyingStorage(storage.items, at)
    try:
        GameStore(dying).write("abc123", 2000, state, ["P1", "P2"], ["human", "human"])
    except Killed:
        pass
    again = GameStore(MemoryStorage(dying.items))
    listed, = again.list()
    loaded = [str(a) for a in again.load("abc123").state.history]
    assert not listed.damaged and loaded in (previous, [str(a) for a in state.history]) and listed.step == len(loaded)
    _play_on(state, 1)
    again.write("abc123", 3000, state, ["P1", "P2"], ["human", "human"])  # and it is written cleanly again
    assert list(again.storage.items) == [AUTOSAVE_PREFIX + "abc123"]  # type: ignore[attr-defined]
    assert again.load("abc123").state.history == state.history


class FullStorage(MemoryStorage):
    """Storage whose writes are refused, as a browser's that ran out of space."""

    full = False

    def set(self, key: str, value: str) -> None:
        if self.full:
            raise OSError("QuotaExceededError")
        super().set(key, value)


def test_a_full_storage_changes_nothing_and_the_next_write_goes_through() -> None:
    storage = FullStorage()
    store = GameStore(storage)
    state = random_state("torres", 2, 29, steps=8)
    store.write("abc123", 1000, state, ["A", "B"], ["human", "human"])
    before = dict(storage.items)
    storage.full = True
    _play_on(state, 2)
    with pytest.raises(OSError):
        store.write("abc123", 2000, state, ["A", "B"], ["human", "human"], expected=1)
    assert storage.items == before
    storage.full = False
    assert store.write("abc123", 3000, state, ["A", "B"], ["human", "human"], expected=1) == 2
    assert store.load("abc123").state.history == state.history


def test_a_tab_never_writes_over_what_another_tab_stored_meanwhile() -> None:
    state = random_state("toledo", 2, 30, steps=15)
    store, _ = store_with()
    mine = store.write("abc123", 1000, state, ["A", "B"], ["human", "human"], tab="tab1")
    other = random_state("toledo", 2, 30, steps=15)
    seen = store.write("abc123", 2000, _play_on(other, 2), ["A", "B"], ["human", "human"], tab="tab2",
                       expected=mine)
    assert store.head("abc123").tab == "tab2" and store.head("abc123").step == 17
    with pytest.raises(StoredElsewhere) as refused:  # the first tab, a move of its own on the old position
        store.write("abc123", 3000, _play_on(state, 1), ["A", "B"], ["human", "human"], tab="tab1", expected=mine)
    assert refused.value.stored.rev == seen and refused.value.stored.tab == "tab2"
    assert store.load("abc123").state.history == other.history  # the newer game is untouched
    same = random_state("toledo", 2, 30, steps=15)
    assert store.write("abc123", 4000, _play_on(same, 2), ["A", "B"], ["human", "human"], tab="tab1",
                       expected=mine) == seen + 1  # the same actions as stored: no conflict


FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.mark.parametrize("version", [2, 3])
def test_games_stored_by_each_format_s_build_are_listed_load_and_play_on(version: int) -> None:
    folder = FIXTURES / f"v{version}"
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    items = {}
    for name, facts in expected.items():
        text = (folder / f"stored-{name}.json").read_text(encoding="utf-8").strip()
        assert json.loads(text)["version"] == version and ("rev" in json.loads(text)) == (version >= 3)
        items[AUTOSAVE_PREFIX + facts["id"]] = text
    storage = MemoryStorage(items)
    store = GameStore(storage)
    assert sorted(g.id for g in store.list() if not g.damaged) == sorted(f["id"] for f in expected.values())
    for name, facts in expected.items():
        head = store.head(facts["id"])
        state = store.load(facts["id"]).state
        assert state.step == facts["step"] and state.summary() == facts["summary"], name
        for way, suffix in (("save", "json"), ("link", "txt")):
            path = folder / f"{way}-{name}.{suffix}"
            if not path.exists():  # format 3 changed stored games only
                continue
            text = path.read_text(encoding="utf-8")
            loaded = read_save_text(text.encode()) if way == "save" else read_share_link(text)
            assert loaded.state.summary() == facts["summary"] and loaded.names == facts["names"], (name, way)
            assert store.find(loaded.state, loaded.names, loaded.kinds).id == facts["id"]
        old = items[AUTOSAVE_PREFIX + facts["id"]]
        if not state.is_terminal():
            _play_on(state, 1)
            rev = store.write(facts["id"], 1, state, facts["names"], ["human"] * len(facts["names"]), expected=head.rev)
            assert rev == head.rev + 1
            written = json.loads(storage.get(AUTOSAVE_PREFIX + facts["id"]) or "")
            assert written["version"] == 3 and json.loads(old)["version"] == version
            assert store.load(facts["id"]).state.history == state.history


def _hostile_entries(text: str) -> dict[str, str]:
    entry = json.loads(text)
    save = entry["save"]
    return {
        "deep00001": "[" * 1000 + "]" * 1000,
        "huge00001": " " * 3_000_000,
        "digits001": text.replace('"updated":1000', '"updated":' + "9" * 5000),
        "nan000001": text.replace('"updated":1000', '"updated":NaN'),
        "utf160001": text.replace("abc123", "utf160001").encode("utf-16").decode("latin-1"),
        "nested001": json.dumps({**entry, "id": "nested001", "save": {**save, "actions": [[[["end"]]]]}}),
        "longact01": json.dumps({**entry, "id": "longact01", "save": {**save, "actions": ["end " + "1" * 5000]}}),
        "manyact01": json.dumps({**entry, "id": "manyact01", "save": {**save, "actions": ["end"] * 30_000}}),
        "game00001": json.dumps({**entry, "id": "game00001", "save": {**save, "game": "chess"}}),
        "name00001": json.dumps({**entry, "id": "name00001", "save": {**save, "setup": {
            **save["setup"], "players": [{"name": "A\nB", "colour": "red", "kind": "human"},
                                         *save["setup"]["players"][1:]]}}}),
    }


@pytest.mark.parametrize("game", GAMES)
def test_hostile_entries_are_listed_as_damaged_and_refused_in_one_sentence(game: str) -> None:
    state = random_state(game, 2, 24, steps=20)
    store, storage = store_with(("abc123", 1000, state))
    text = storage.get(AUTOSAVE_PREFIX + "abc123")
    assert text is not None
    for key, value in _hostile_entries(text).items():
        storage.set(AUTOSAVE_PREFIX + key, value)
    storage.set(AUTOSAVE_PREFIX + "Bad Id\n", "{}")
    listed = store.list()
    assert listed[0].id == "abc123" and not listed[0].damaged
    for saved in listed:
        assert "\n" not in saved.id and "\n" not in saved.problem and len(saved.problem) <= 120
    for key in _hostile_entries(text):
        with pytest.raises(LoadError) as info:
            store.load(key)
        err = info.value
        assert err.key == "refused_saved_damaged", (key, str(err))
        assert "\n" not in str(err) and len(str(err)) <= 120
        for lang in ("en", "de", "fr"):
            sentence = err.message(lang)
            assert sentence.count(".") <= 1 and "{" not in sentence and "\n" not in sentence
    assert store.load("abc123").state.history == state.history  # the good game is untouched
    assert storage.get(AUTOSAVE_PREFIX + "abc123") == text


def test_a_missing_game_is_refused_in_one_sentence() -> None:
    store, _ = store_with()
    with pytest.raises(LoadError) as info:
        store.load("gone01")
    assert info.value.key == "refused_saved_missing" and info.value.message("de")


def test_writing_a_game_never_reads_a_hostile_entry_as_a_copy() -> None:
    state = random_state("torres", 2, 25, steps=10)
    store, storage = store_with()
    storage.set(AUTOSAVE_PREFIX + "deep00001", "[" * 100_000)
    storage.set(AUTOSAVE_PREFIX + "huge00001", "{" + " " * 3_000_000)
    store.write("new001", 1, state, ["A", "B"], ["human", "human"])
    assert {g.id for g in store.list()} == {"new001", "deep00001", "huge00001"}


def test_the_autosave_text_is_compact_json_of_the_entry() -> None:
    state = random_state("toledo", 2, 26, steps=5)
    entry = json.loads(autosave_text("x1y2z3", 7, state, ["A", "B"], ["human", "easy"]))
    assert entry["save"]["game"] == "toledo" and entry["step"] == 5 and entry["id"] == "x1y2z3"


@pytest.mark.parametrize("game", GAMES)
def test_what_a_write_remembers_of_its_entry_is_what_reading_it_back_finds(game: str) -> None:
    players = min(3, registry.get(game).max_players)
    state = random_state(game, players, 31, steps=8)
    names, kinds = ["Ann", "B" * 60, "Cé"][:players], ["human", "easy", "human"][:players]
    storage = MemoryStorage()
    store = GameStore(storage)
    store.write("abc123", 1000, state, names, kinds, tab="tab1")
    _play_on(state, 1)
    store.write("abc123", 2000, state, names, kinds, tab="tab1", expected=1)
    assert store.head("abc123") == GameStore(MemoryStorage(storage.items)).head("abc123")
    assert store.head("abc123").rev == 2 and store.head("abc123").step == state.step
