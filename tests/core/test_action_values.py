"""What every game does with actions that come from outside its own tables, alike for each game of
the registry: text is read only in its canonical form, a look-alike value (a float square) is refused
before anything changes, and every refusal is one line of at most 120 characters."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import hypothesis.strategies as st
from hypothesis import given, settings

from tests.core.games import GAMES, document_of, random_state
from toledo.core import registry
from toledo.core.boundary.limits import MAX_MESSAGE_CHARS
from toledo.core.errors import ActionSyntaxError, IllegalActionError, InputError
from toledo.core.save import loads

# look-alikes of letters, spaces and separators that str.lower(), str.split() or a careless eye take
# for the real thing: a Kelvin sign, line and paragraph separators, information separators, no-break
# and other Unicode spaces, a tab, a fullwidth letter
LOOK_ALIKES = {"k": ["\u212a", "K"], " ": ["\u2028", "\u2029", "\x1c", "\x1f", "\u00a0", "\u3000", "\u2009",
                                             "\t", "  ", "\n"],
               "a": ["A", "\uff41"], "d": ["D"], "V": ["v"], "T": ["t"], "N": ["n"], "B": ["b"], "e": ["E"]}


@cache
def positions(game: str) -> tuple[Any, ...]:
    """States along a few seeded random games: openings, middles and (some) ends."""
    found = []
    rules = registry.get(game)
    for seed in range(4):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        for steps in (0, 3, 25, 120, None):
            found.append(random_state(game, players, 50 + seed, steps=steps))
    return tuple(found)


@cache
def texts(game: str) -> tuple[str, ...]:
    """Canonical texts of actions legal somewhere along those games."""
    return tuple(sorted({str(a) for state in positions(game) if not state.is_terminal()
                         for a in state.legal_actions()}))


@st.composite
def respelt(draw: st.DrawFn, text: str) -> str:
    """`text` with one or more characters swapped for a look-alike, or spaces added around it."""
    spots = [i for i, ch in enumerate(text) if ch in LOOK_ALIKES]
    if not spots or draw(st.booleans()):
        return draw(st.sampled_from([" ", "\t", "\u00a0", "\u2028"])) + text + draw(st.sampled_from(["", " ", "\n"]))
    chosen = draw(st.sets(st.sampled_from(spots), min_size=1, max_size=3))
    return "".join(draw(st.sampled_from(LOOK_ALIKES[ch])) if i in chosen else ch for i, ch in enumerate(text))


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_action_text_is_read_only_in_its_canonical_form(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    rules = registry.get(game)
    text = data.draw(st.sampled_from(texts(game)))
    assert str(rules.parse_action(text)) == text
    other = data.draw(respelt(text) | st.text(max_size=40))
    try:
        action = rules.parse_action(other)
    except ActionSyntaxError as err:
        message = str(err)
        assert "\n" not in message and len(message) <= MAX_MESSAGE_CHARS, message
    else:
        assert str(action) == other  # read means written exactly as the game writes it


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_save_never_keeps_another_spelling_of_an_action(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    state = random_state(game, 2, 7, steps=12)
    document = document_of(state)
    step = data.draw(st.integers(min_value=0, max_value=11))
    document["actions"][step] = data.draw(respelt(document["actions"][step]))
    try:
        model, loaded = loads(json.dumps(document))
    except InputError as err:
        assert err.step == step and len(str(err)) <= MAX_MESSAGE_CHARS
    else:
        assert model.actions == [str(a) for a in loaded.history]


def _look_alike(action: Any, rng: random.Random) -> Any:
    """`action` rebuilt by hand with one whole-number field as another type that compares equal."""
    cls = type(action)
    fields = {name: getattr(action, name) for name in cls.__slots__}
    numbers = [name for name, value in fields.items() if type(value) is int]
    name = rng.choice(numbers + (["kind"] if "kind" in fields else []))
    value = fields[name]
    fields[name] = rng.choice([float(value), int(value)] if name == "kind" else [float(value)])
    if name != "kind" and value in (0, 1) and rng.random() < 0.5:
        fields[name] = bool(value)
    return cls(**fields)


def _everything_seen(state: Any) -> tuple[Any, ...]:
    """What any seat may see of a state, with its history: equal before and after means unchanged."""
    views = tuple(state.view(seat) for seat in range(state.setup.num_players))
    return views, list(state.history), state.step, state.legal_actions()


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_apply_refuses_a_look_alike_action_before_anything_changes(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    state = data.draw(st.sampled_from([s for s in positions(game) if not s.is_terminal()])).clone()
    action = data.draw(st.sampled_from(state.legal_actions()))
    fake = _look_alike(action, random.Random(data.draw(st.integers(0, 2**32))))
    assert fake == action or getattr(fake, "kind", None) != getattr(action, "kind", None)  # most compare equal
    before = _everything_seen(state)
    try:
        state.apply(fake)
    except IllegalActionError as err:
        assert err.reason == "not an action" and len(str(err)) <= MAX_MESSAGE_CHARS
    else:
        raise AssertionError(f"{game} applied a look-alike of {action}")
    assert _everything_seen(state) == before
    assert state.why_illegal(fake) == "not an action"
    state.apply(action)  # the real one still plays


def test_the_look_alikes_found_from_outside_are_refused() -> None:
    from toledo.games.toledo.actions import Action as ToledoAction
    from toledo.games.toledo.actions import Kind as ToledoKind
    from toledo.games.torres.actions import Action as TorresAction
    from toledo.games.torres.actions import Kind as TorresKind

    toledo = random_state("toledo", 2, 1, steps=0)
    torres = random_state("torres", 2, 1, steps=0)
    for state, fake in ((toledo, ToledoAction(ToledoKind.PLACE, space=1.0, business=0, circles=1)),
                        (torres, TorresAction(TorresKind.KNIGHT, 3.0))):
        with_real = [a for a in state.legal_actions() if a == fake]
        assert with_real, "the look-alike equals a legal action"
        summary = state.summary()
        try:
            state.apply(fake)
        except IllegalActionError as err:
            assert err.reason == "not an action"
        else:
            raise AssertionError(f"applied {fake!r}")
        assert state.summary() == summary and state.step == 0 and not state.history


def test_an_exact_twin_built_by_hand_plays_as_the_games_own_action() -> None:
    for game in GAMES:
        state = random_state(game, 2, 4, steps=5)
        action = state.legal_actions()[-1]
        cls = type(action)
        twin = cls(**{name: getattr(action, name) for name in cls.__slots__})
        assert twin == action and twin is not action
        state.apply(twin)
        assert state.history[-1] is action


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_every_illegal_action_refusal_is_one_line_of_at_most_120_characters(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(GAMES))
    state = data.draw(st.sampled_from(positions(game))).clone()
    rules = registry.get(game)
    text = data.draw(st.sampled_from([t for g in GAMES for t in texts(g)]))
    try:
        action = rules.parse_action(text)
    except ActionSyntaxError as err:  # another game's text
        assert len(str(err)) <= MAX_MESSAGE_CHARS
        return
    if action in state.legal_actions():
        return
    try:
        state.apply(action)
    except IllegalActionError as err:
        message = str(err)
        assert "\n" not in message and len(message) <= MAX_MESSAGE_CHARS, message
        assert f"'{text}'" in message  # the action whole; the reason is what is cut
        assert err.reason and err.reason == state.why_illegal(action)
    else:
        raise AssertionError(f"applied the illegal {text}")
