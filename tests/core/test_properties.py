"""Property tests (Hypothesis) of everything read from outside, and of each game's rules as a state
machine.

Inputs: random and mutated action texts, save files and share links (cut short, bit-flipped,
re-encoded, padded past the caps, nested deep, values swapped for random JSON). Each one either
loads to a valid game or raises the one error type (`InputError`, `ActionSyntaxError` for a bare
action text) with a one-line message, within the per-input deadline.

The state machine drives random legal and illegal actions through each registered game: an illegal
action never changes the state, the seats' views agree with the state, a finished game has returns.

Profiles: "dev" by default, "ci" (fewer examples, about 30 s in all) when CI is set; the example
database stays off, so nothing is written into the checkout.
"""

from __future__ import annotations

import base64
import json
import os
import random
import zlib
from datetime import timedelta
from functools import cache
from typing import Any

import hypothesis.strategies as st
from hypothesis import HealthCheck, event, given, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tests.core.games import GAMES, document_of, random_state
from toledo.core import registry
from toledo.core.boundary.limits import MAX_DOCUMENT_BYTES, MAX_MESSAGE_CHARS
from toledo.core.codec import save_text, share_fragment
from toledo.core.errors import ActionSyntaxError, IllegalActionError, InputError
from toledo.core.save import loads
from toledo.core.share import decode

settings.register_profile("dev", max_examples=300, deadline=timedelta(seconds=3), database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("ci", max_examples=150, deadline=timedelta(seconds=5), database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROFILE = "ci" if os.environ.get("CI") else "dev"
INPUTS = settings.get_profile(PROFILE)

INTERNAL_TEXTS = ("Error -3", "decompressing data", "Only base64 data", "Incorrect padding", "Traceback",
                  "Expecting value", "codec can't decode", "Exceeds the limit", "object has no attribute")
DIGITS = "0123456789²³¹٣۴१１𝟙"  # ASCII digits and others that str.isdigit() accepts


def clean(err: Exception) -> None:
    message = str(err)
    assert message and "\n" not in message and message.isprintable(), message
    assert len(message) <= max(MAX_MESSAGE_CHARS, 200), message
    for text in INTERNAL_TEXTS:
        assert text not in message, message


# --- the inputs' seeds: short real games of every game -------------------------------------------------
@cache
def base_documents() -> tuple[dict[str, Any], ...]:
    """A few real games (both games, several sizes and moments), as save documents."""
    found = []
    for game in GAMES:
        rules = registry.get(game)
        for players, steps in ((rules.min_players, 12), (rules.max_players, 40)):
            found.append(document_of(random_state(game, players, 31 + players, steps=steps)))
    return tuple(found)


@cache
def action_texts() -> dict[str, tuple[str, ...]]:
    """Canonical action texts of each game, from the legal actions along a random game."""
    texts: dict[str, set[str]] = {game: set() for game in GAMES}
    for game in GAMES:
        state = random_state(game, 2, 5, steps=0)
        rng = random.Random(5)
        while not state.is_terminal() and state.step < 150:
            legal = state.legal_actions()
            texts[game].update(str(a) for a in legal[:40])
            state.apply(legal[rng.randrange(len(legal))])
    return {game: tuple(sorted(found)) for game, found in texts.items()}


def check_loaded(model: Any, state: Any) -> None:
    """A game that loaded is a valid game: its actions replay to it and it offers what a game offers."""
    assert model.game in GAMES and state.step == len(model.actions)
    rules = registry.get(model.game)  # a parser may accept other spellings ('BUILD H5 T2'): same actions
    assert [rules.parse_action(text) for text in model.actions] == list(state.history)
    if state.is_terminal():
        assert len(state.returns()) == len(model.setup.players)
    else:
        assert state.legal_actions() and 0 <= state.current_player < len(model.setup.players)


def load_or_refuse(data: str | bytes) -> None:
    try:
        model, state = loads(data)
    except InputError as err:
        clean(err)
        event(f"save refused: {err.code}")
    else:
        check_loaded(model, state)
        event("save loaded")


def link_or_refuse(fragment: str) -> None:
    try:
        model, state = decode(fragment)
    except InputError as err:
        clean(err)
        event(f"link refused: {err.code}")
    else:
        check_loaded(model, state)
        event("link loaded")


# --- mutations ----------------------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30) | st.floats(allow_nan=False)
    | st.text(alphabet=st.characters(codec="utf-8"), max_size=30)
    | st.sampled_from(["", "draw", "end", "red", "base", "toledo", "torres", "toledo-save", "²", "\n"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            out += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value[:6]):
            out += _paths(inner, (*prefix, i))
    return out


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replace(copy[head], rest, new)
    return copy


@st.composite
def mutated_documents(draw: st.DrawFn) -> Any:
    """A real document with one value (anywhere, the whole included) swapped for random JSON, a
    structure nested deep, or an action rewritten."""
    document = draw(st.sampled_from(base_documents()))
    path = draw(st.sampled_from(_paths(document)))
    kind = draw(st.sampled_from(["value", "deep", "action", "drop"]))
    if kind == "value":
        return _replace(document, path, draw(json_values))
    if kind == "deep":
        depth = draw(st.integers(min_value=1, max_value=200))  # deeper: as bytes, in mutated_bytes
        return _replace(document, path, json.loads("[" * depth + "0" + "]" * depth))
    if kind == "action" and document["actions"]:
        i = draw(st.integers(min_value=0, max_value=len(document["actions"]) - 1))
        actions = list(document["actions"])
        actions[i] = draw(mutated_action_texts(document["game"]))
        return {**document, "actions": actions}
    if path and isinstance(path[-1], str):  # a key left out
        parent = path[:-1]
        holder = document
        for part in parent:
            holder = holder[part]
        if isinstance(holder, dict):
            return _replace(document, parent, {k: v for k, v in holder.items() if k != path[-1]})
    return document


@st.composite
def mutated_action_texts(draw: st.DrawFn, game: str) -> str:
    """A canonical action text with characters inserted, deleted or replaced (digits of other
    scripts, spaces, line breaks, long runs), or random text."""
    if draw(st.booleans()):
        return draw(st.text(max_size=40))
    text = draw(st.sampled_from(action_texts()[game]))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = draw(st.integers(min_value=0, max_value=len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "digits", "case"]))
        char = draw(st.sampled_from(DIGITS + " \n\t\x00abcdefghknmprstvz/+-") | st.characters())
        if op == "insert":
            text = text[:where] + char + text[where:]
        elif op == "delete":
            text = text[:where] + text[where + 1:]
        elif op == "replace":
            text = text[:where] + char + text[where + 1:]
        elif op == "digits":
            text = text[:where] + draw(st.sampled_from(["9" * 5000, "0" * 30, "١٢", "1e9"])) + text[where:]
        else:
            text = text.upper()
    return text


@st.composite
def mutated_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    kind = draw(st.sampled_from(["truncate", "flip", "reencode", "pad", "nest", "quotes", "splice"]))
    if kind == "truncate":
        return data[: draw(st.integers(min_value=0, max_value=max(0, len(data) - 1)))]
    if kind == "flip":
        out = bytearray(data)
        for _ in range(draw(st.integers(min_value=1, max_value=4))):
            i = draw(st.integers(min_value=0, max_value=len(out) - 1))
            out[i] ^= 1 << draw(st.integers(min_value=0, max_value=7))
        return bytes(out)
    if kind == "reencode":
        encoding = draw(st.sampled_from(["utf-16", "utf-16-le", "utf-32", "latin-1", "utf-8-sig", "cp1252"]))
        return data.decode("utf-8").encode(encoding, errors="replace")
    if kind == "pad":
        return data + b" " * (MAX_DOCUMENT_BYTES + 1 - len(data) + draw(st.integers(min_value=0, max_value=10)))
    if kind == "nest":
        depth = draw(st.integers(min_value=20, max_value=1200))
        i = draw(st.integers(min_value=0, max_value=len(data)))
        closed = draw(st.booleans())
        return data[:i] + b"[" * depth + (b"]" * depth if closed else b"") + data[i:]
    if kind == "quotes":  # a string that never ends, full of escaped quotes
        i = draw(st.integers(min_value=0, max_value=len(data)))
        return data[:i] + b'"' + b'\\"' * draw(st.integers(min_value=1, max_value=400_000))
    i, j = sorted(draw(st.lists(st.integers(min_value=0, max_value=len(data)), min_size=2, max_size=2)))
    return data[:i] + draw(st.binary(max_size=20)) + data[j:]


# --- properties: action texts, save files, share links ------------------------------------------------
@settings(INPUTS)
@given(data=st.data())
def test_action_texts_parse_canonically_or_are_refused(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    text = data.draw(mutated_action_texts(game))
    rules = registry.get(game)
    try:
        action = rules.parse_action(text)
    except ActionSyntaxError as err:
        clean(err)
    else:
        assert rules.parse_action(str(action)) == action
    document = data.draw(st.sampled_from([d for d in base_documents() if d["game"] == game]))
    load_or_refuse(json.dumps({**document, "actions": [*document["actions"], text]}))


@settings(INPUTS)
@given(document=mutated_documents())
def test_mutated_save_documents_load_or_are_refused(document: Any) -> None:
    load_or_refuse(json.dumps(document))


@settings(INPUTS)
@given(data=st.data())
def test_damaged_save_files_load_or_are_refused(data: st.DataObject) -> None:
    document = data.draw(st.sampled_from(base_documents()))
    load_or_refuse(data.draw(mutated_bytes(save_text(document).encode("utf-8"))))


@settings(INPUTS)
@given(data=st.data())
def test_damaged_share_links_load_or_are_refused(data: st.DataObject) -> None:
    document = data.draw(st.sampled_from(base_documents()))
    how = data.draw(st.sampled_from(["text", "packed", "document"]))
    fragment = share_fragment(document)
    if how == "text":  # the link as a person might mangle it
        body = fragment[len("game="):]
        i = data.draw(st.integers(min_value=0, max_value=len(body)))
        change = data.draw(st.sampled_from(["cut", "char", "plus", "space", "double"]))
        char = data.draw(st.sampled_from("AZaz09-_+/=%#é\n "))
        body = {"cut": body[:i], "char": body[:i] + char + body[i + 1:], "plus": body.replace("-", "+"),
                "space": body[:i] + " " + body[i:], "double": body + body}[change]
        link_or_refuse("game=" + body)
    elif how == "packed":  # valid base64 and zlib around damaged bytes
        raw = data.draw(mutated_bytes(json.dumps(document).encode("utf-8")))
        level = data.draw(st.integers(min_value=0, max_value=9))
        link_or_refuse("game=" + base64.urlsafe_b64encode(zlib.compress(raw, level)).decode().rstrip("="))
    else:
        mutated = data.draw(mutated_documents())
        link_or_refuse("game=" + base64.urlsafe_b64encode(zlib.compress(json.dumps(mutated).encode())).decode())


@settings(INPUTS)
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_random_text_is_never_a_game_and_never_crashes(text: str) -> None:
    load_or_refuse(text)
    link_or_refuse(text)
    link_or_refuse("game=" + text)


# --- the rules as a state machine, for every game -----------------------------------------------------
def snapshot(state: Any) -> tuple[Any, ...]:
    n = state.setup.num_players
    return (state.step, tuple(state.history), state.current_player, state.legal_actions(),
            tuple(state.view(seat) for seat in range(n)), state.is_terminal())


class GameMachine(RuleBasedStateMachine):
    """Random legal and illegal actions through one registered game."""

    game_name = ""  # set per registered game below

    def __init__(self) -> None:
        super().__init__()
        self.rules = registry.get(self.game_name)
        self.state: Any = None
        self.seen: list[Any] = []  # actions legal somewhere in this game: the pool of illegal tries

    @initialize(players=st.integers(min_value=2, max_value=4), seed=st.integers(min_value=0, max_value=10**6),
                start=st.integers(min_value=0, max_value=3))
    def start(self, players: int, seed: int, start: int) -> None:
        players = max(self.rules.min_players, min(self.rules.max_players, players))
        self.state = self.rules.new_state(self.rules.make_setup(players, seed=seed, start_player=start % players))
        self.seen = list(self.state.legal_actions())

    @precondition(lambda self: not self.state.is_terminal())
    @rule(pick=st.integers(min_value=0, max_value=10**6))
    def legal(self, pick: int) -> None:
        legal = self.state.legal_actions()
        action = legal[pick % len(legal)]
        assert self.rules.parse_action(str(action)) == action
        self.state.apply(action)
        self.seen.extend(self.state.legal_actions()[:20])

    @precondition(lambda self: not self.state.is_terminal())
    @rule(seed=st.integers(min_value=0, max_value=10**6), steps=st.integers(min_value=1, max_value=400))
    def fast_forward(self, seed: int, steps: int) -> None:
        rng = random.Random(seed)
        for _ in range(steps):
            if self.state.is_terminal():
                break
            legal = self.state.legal_actions()
            self.state.apply(legal[rng.randrange(len(legal))])
        self.seen.extend(self.state.legal_actions()[:20])

    @rule(pick=st.integers(min_value=0, max_value=10**6), junk=st.sampled_from([None, 0, "draw", (), object]))
    def illegal(self, pick: int, junk: Any) -> None:
        legal = set(self.state.legal_actions())
        tries = [a for a in self.seen if a not in legal][:200] or [junk]
        for action in (tries[pick % len(tries)], junk):
            before = snapshot(self.state)
            try:
                self.state.apply(action)
            except IllegalActionError as err:
                clean(err)
                if self.state.is_terminal():
                    assert "to act" not in str(err)
            else:
                raise AssertionError(f"{action!r} was accepted though it is not legal")
            assert snapshot(self.state) == before  # an illegal action never changes the state

    @invariant()
    def views_agree_with_the_state(self) -> None:
        if self.state is None:
            return
        state = self.state
        n = state.setup.num_players
        for seat in range(n):
            view = state.view(seat)
            assert view.seat == seat and view.num_players == n and view.step == state.step
            if not state.is_terminal():  # once over, Toledo's view keeps the last seat, Torres' says -1
                assert view.current == state.current_player
        if state.is_terminal():
            returns = state.returns()
            assert state.current_player == -1 and len(returns) == n and not state.legal_actions()
            assert max(returns) > 0
        else:
            assert state.legal_actions() and 0 <= state.current_player < n


STATEFUL = settings(max_examples=30 if PROFILE == "ci" else 60, stateful_step_count=25,
                    deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


# one state machine per registered game, so a game registered later is under test at once
for _name in GAMES:
    _case = type(f"{_name.title()}Machine", (GameMachine,), {"game_name": _name}).TestCase
    _case.settings = STATEFUL
    globals()[f"Test{_name.title()}Rules"] = _case
