"""The one cap on a game's length: whatever the platform writes (a save file, a share link, a stored
game) it reads back, and a game past the cap is refused in one line before anything is written."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from tests.core.games import names_for, random_state
from toledo.core.boundary import limits
from toledo.core.boundary.limits import MAX_ACTIONS, MAX_MESSAGE_CHARS
from toledo.core.codec import save_document, save_text, share_fragment
from toledo.core.errors import GameTooLongError, InputError
from toledo.core.loading import LoadError, read_save_text, read_share_link
from toledo.core.save import dumps, loads
from toledo.core.store import GameStore, MemoryStorage
from toledo.games.toledo.actions import Kind


@cache
def stalling_game(steps: int) -> Any:
    """A legal Toledo game of `steps` actions that goes nowhere: the seats draw, skip and end turns
    whenever they may, so it never ends."""
    state = random_state("toledo", 2, 1, steps=0)
    stalling = (Kind.RETURN, Kind.DRAW, Kind.SKIP, Kind.END, Kind.PASS)
    while state.step < steps:
        legal = state.legal_actions()
        state.apply(next((a for kind in stalling for a in legal if a.kind is kind), legal[0]))
    assert not state.is_terminal()
    return state


def _write_everywhere(state: Any) -> tuple[str, str, MemoryStorage]:
    names = names_for(state)
    document = save_document(state.setup, names, ["human"] * len(names), state.history)
    storage = MemoryStorage()
    GameStore(storage).write("abcdef", 1, state, names, ["human"] * len(names))
    return save_text(document), share_fragment(document), storage


def test_a_game_at_the_cap_is_written_and_read_back_everywhere() -> None:
    state = stalling_game(MAX_ACTIONS)
    text, link, storage = _write_everywhere(state)
    assert read_save_text(text).state.step == MAX_ACTIONS
    assert read_share_link(link).state.step == MAX_ACTIONS
    assert loads(dumps(state))[1].step == MAX_ACTIONS
    store = GameStore(storage)
    (listed,) = store.list()
    assert not listed.damaged and listed.step == MAX_ACTIONS
    assert store.load(listed.id).state.summary() == state.summary()


def test_a_game_past_the_cap_is_refused_in_one_line_before_anything_is_written() -> None:
    at_cap = stalling_game(MAX_ACTIONS)
    state = _one_more(at_cap)
    summary = state.summary()
    for write in (lambda: dumps(state), lambda: _write_everywhere(state)):
        with pytest.raises(GameTooLongError) as info:
            write()
        message = str(info.value)
        assert f"{MAX_ACTIONS + 1:,} actions" in message and f"{MAX_ACTIONS:,}" in message
        assert "\n" not in message and len(message) <= MAX_MESSAGE_CHARS
    # a stored copy at the cap is kept as it was, and stays readable
    names = names_for(state)
    storage = MemoryStorage()
    store = GameStore(storage)
    store.write("abcdef", 1, at_cap, names, ["human"] * 2)
    before = dict(storage.items)
    with pytest.raises(GameTooLongError):
        store.write("abcdef", 2, state, names, ["human"] * 2)
    assert storage.items == before and store.load("abcdef").state.step == MAX_ACTIONS
    assert state.summary() == summary  # the game in progress is untouched


def _one_more(state: Any) -> Any:
    longer = state.clone()
    legal = longer.legal_actions()
    longer.apply(next((a for a in legal if a.kind is Kind.DRAW), legal[0]))
    return longer


def test_the_cap_is_one_limit_for_writers_and_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lowered in its one place, the cap moves for every writer and every reader alike."""
    short = random_state("torres", 2, 3, steps=30)
    document = json.loads(dumps(short))
    monkeypatch.setattr(limits, "MAX_ACTIONS", 29)
    with pytest.raises(GameTooLongError):
        dumps(short)
    with pytest.raises(GameTooLongError):
        _write_everywhere(short)
    for read in (lambda: read_save_text(json.dumps(document)), lambda: loads(json.dumps(document))):
        with pytest.raises(InputError) as info:
            read()
        assert "30 actions (at most 29)" in str(info.value) and info.value.code == "too_large"
    monkeypatch.setattr(limits, "MAX_ACTIONS", 30)
    assert loads(dumps(short))[1].step == 30
    with pytest.raises(LoadError):  # a link is read through the same check
        read_share_link(share_fragment({**document, "actions": document["actions"] * 2}))


def test_the_stored_games_list_shows_an_entry_past_the_cap_as_damaged(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry this build would refuse to open (stored by another build, or edited) is never listed
    as a healthy game."""
    state = random_state("torres", 2, 3, steps=30)
    storage = MemoryStorage()
    store = GameStore(storage)
    store.write("abcdef", 1, state, names_for(state), ["human"] * 2)
    monkeypatch.setattr(limits, "MAX_ACTIONS", 29)
    store = GameStore(storage)  # as the page finds it after a reload (a store trusts what it wrote itself)
    (listed,) = store.list()
    assert listed.damaged and "30 actions (at most 29)" in listed.problem
    with pytest.raises(LoadError):
        store.load("abcdef")
