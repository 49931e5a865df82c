"""The browser's stored games, for every game: one entry per game (a link opened twice is stored once),
damaged or hostile entries listed as damaged and refused on loading, never breaking the list or
touching the other games."""

from __future__ import annotations

import json

import pytest

from tests.core.games import GAMES, names_for, random_state
from toledo.core import registry
from toledo.core.session import GameStore, LoadError, MemoryStorage, read_share_link, save_document, share_fragment
from toledo.core.store import AUTOSAVE_PREFIX, autosave_text


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
        for opened, game_id in enumerate(("first1", "second2"), start=1):  # the page gives each opening an id
            loaded = read_share_link(link)
            store.write(game_id, 1000 + opened, loaded.state, loaded.names, loaded.kinds)
        assert sorted(g.id for g in store.list()) == ["other1", "second2"], game


def test_a_copy_played_on_is_never_replaced_by_an_older_link() -> None:
    state = random_state("toledo", 2, 23, steps=30)
    link = share_fragment(save_document(state.setup, ["Ann", "Bob"], ["human", "human"], state.history))
    store, _ = store_with()
    first = read_share_link(link).state
    first.apply(first.legal_actions()[0])  # played on from the link
    store.write("played1", 1000, first, ["Ann", "Bob"], ["human", "human"])
    store.write("again2", 2000, read_share_link(link).state, ["Ann", "Bob"], ["human", "human"])
    assert sorted(g.id for g in store.list()) == ["again2", "played1"]


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
