"""Every registered game keeps the protocol's promises (`toledo.core.protocol`) through random play to
the end: from every player count, variant and several seeds."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.conformance.cases import SEEDS, Case, cases, fingerprint, played, positions
from toledo.core import registry
from toledo.core.boundary.limits import MAX_ACTIONS
from toledo.core.errors import ActionSyntaxError, IllegalActionError
from toledo.core.history import replay

CASES = cases()
JUNK: tuple[Any, ...] = (None, 0, "", "draw", (), object())  # never an action of any game


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=str)
def test_random_play_reaches_the_end_keeping_the_protocol(case: Case, seed: int) -> None:
    rules = case.rules()
    n = case.players
    for state, action in positions(case, seed):
        assert state.step == state.base_step + len(state.history) and state.base_step == 0
        if action is None:
            assert state.is_terminal() and state.current_player == -1 and state.legal_actions() == ()
            returns = state.returns()
            assert len(returns) == n and all(math.isfinite(x) for x in returns) and max(returns) > 0
            assert 0 < state.step <= MAX_ACTIONS  # a finished game fits in a save file
            continue
        legal = state.legal_actions()
        assert legal and not state.is_terminal() and 0 <= state.current_player < n
        assert state.legal_actions() == legal  # asking twice gives the same actions, in the same order
        assert len(set(legal)) == len(legal)
        assert action in legal
        assert 0 <= state.last_reveal_step <= state.step and state.turn >= 0
        assert rules.parse_action(str(action)) == action and str(rules.parse_action(str(action))) == str(action)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_offered_action_reads_back_from_its_text(case: Case) -> None:
    rules = case.rules()
    for state, _ in positions(case, SEEDS[0], every=7):
        for action in state.legal_actions():
            text = str(action)
            assert text and text == text.strip() and "\n" not in text
            assert rules.parse_action(text) == action, text
            assert hash(rules.parse_action(text)) == hash(action)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_legal_actions_depend_only_on_the_history(case: Case) -> None:
    """Two states reached by the same actions offer the same actions in the same order; a clone too."""
    setup, actions = played(case, SEEDS[1])
    rules = case.rules()
    for cut in sorted({0, 1, len(actions) // 3, len(actions) // 2, len(actions) - 1, len(actions)}):
        first, second = replay(setup, actions[:cut], rules), replay(setup, [str(a) for a in actions[:cut]], rules)
        assert first.legal_actions() == second.legal_actions() == first.clone().legal_actions()
        assert fingerprint(first) == fingerprint(second)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_illegal_actions_are_refused_and_change_nothing(case: Case) -> None:
    """Actions legal elsewhere in the game, and things that are no action at all, are refused with one
    line naming the step, and the state is exactly as before."""
    seen: list[Any] = []
    elsewhere = 0  # refusals of actions legal at another moment of the game
    every = max(1, len(played(case, SEEDS[2])[1]) // 60)  # about sixty moments of the game
    for state, action in positions(case, SEEDS[2], every=every):
        legal = set(state.legal_actions())
        others = [a for a in seen[-400:] if a not in legal]
        tries = others[:: max(1, len(others) // 4)][:4]
        before = fingerprint(state)
        for bad in [*tries, JUNK[state.step % len(JUNK)]]:
            with pytest.raises(IllegalActionError) as refusal:
                state.apply(bad)
            message = str(refusal.value)
            assert message and "\n" not in message and refusal.value.step == state.step
            assert refusal.value.reason
            assert fingerprint(state) == before, bad
        elsewhere += len(tries)
        seen.extend(state.legal_actions()[:10])
    assert elsewhere > 0


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_finished_game_refuses_every_action(case: Case) -> None:
    setup, actions = played(case, SEEDS[0])
    state = replay(setup, actions, case.rules())
    before = fingerprint(state)
    for bad in (*actions[-3:], *JUNK):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    assert fingerprint(state) == before


@pytest.mark.parametrize("game", sorted({c.game for c in CASES}))
def test_text_that_is_no_action_is_refused_in_one_line(game: str) -> None:
    rules = Case(game, 2, "").rules()
    for text in ("", " ", "no such action", "9" * 500, "\x00", "draw\nend", "é" * 30):
        with pytest.raises(ActionSyntaxError) as refusal:
            rules.parse_action(text)
        assert str(refusal.value) and "\n" not in str(refusal.value)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_replay_equals_play_and_copies_are_independent(case: Case) -> None:
    setup, actions = played(case, SEEDS[1])
    rules = case.rules()
    middle = len(actions) // 2
    live = None
    for state, action in positions(case, SEEDS[1]):
        if state.step == middle:
            assert fingerprint(replay(setup, actions[:middle], rules)) == fingerprint(state)
            copy, before = state.clone(), fingerprint(state)
            child = state.child(action)
            copy.apply(action)
            assert fingerprint(child) == fingerprint(copy) and fingerprint(state) == before
            assert child.step == state.step + 1
        live = state
    assert live is not None and fingerprint(replay(setup, [str(a) for a in actions], rules)) == fingerprint(live)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_setup_decides_everything(case: Case) -> None:
    """The same setup twice gives the same game; setups differ only by their fields."""
    rules = case.rules()
    first, second = case.setup(5), case.setup(5)
    assert first == second and hash(first) == hash(second)
    assert fingerprint(rules.new_state(first)) == fingerprint(rules.new_state(second))
    assert rules.setup_variant(first) == case.variant
    last = case.players - 1
    turned = case.setup(5, start_player=last, colours=tuple(reversed(range(case.players))))
    assert turned.start_player == last and turned.colours == tuple(reversed(range(case.players)))
    assert rules.new_state(turned).current_player in range(case.players)


@pytest.mark.parametrize("game", sorted({c.game for c in CASES}))
def test_the_registry_line_agrees_with_the_game(game: str) -> None:
    info, rules = registry.info(game), registry.get(game)
    assert (rules.name, rules.title, rules.min_players, rules.max_players) == (
        info.name, info.title, info.min_players, info.max_players)
    assert len(rules.colours) >= rules.max_players and len(set(rules.colours)) == len(rules.colours)
    assert rules.variants and len(set(rules.variants)) == len(rules.variants)
    setup = rules.make_setup(rules.min_players, seed=1)
    assert isinstance(setup, getattr(rules, "setup_type", object)) and registry.game_of(setup) is rules
    assert registry.game_of(rules.new_state(setup)) is rules
