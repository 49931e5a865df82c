"""Toledo's scorer and sampler reuse what they worked out before; these tests recompute it plainly
over whole games and expect the very same floats and states."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from toledo import State, new_game, sample_state
from toledo.games.toledo.state import Phase
from toledo.games.toledo.actions import Kind
from toledo.games.toledo import data as D
from toledo.games.toledo.ai.common import group_actions, group_legal
from toledo.games.toledo.ai.heuristics import HEURISTICS
from toledo.games.toledo.ai.playout import playout_action
from toledo.games.toledo.ai.policy import (DecisionFacts, add_follow_ups, duel_chance, greedy, move_value, pile_counts,
                                           place_value, score_actions)


def _positions(games: int) -> Iterator[State]:
    """Every position of a few games between rollout players (two to four seats)."""
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed=seed)
        while not state.is_terminal():
            yield state
            state.apply(greedy(state, state.legal_actions(), rng, 0.3))


def _plain_scores(s: State) -> dict[int, float]:
    """Each move's and tile's worth by index, worked out afresh for every action."""
    legal = s.legal_actions()
    base = s.current * D.PAWNS_PER_PLAYER
    out: dict[int, float] = {}
    cache: dict[tuple[int, int], float] = {}
    leads: list[tuple[int, int, int]] = []
    for i, a in enumerate(legal):
        if a.kind is Kind.MOVE or a.kind is Kind.EXTRA:
            value = D.CARD_VALUE[a.card]
            worth = cache[(value, a.pawn)] = move_value(DecisionFacts(s), base + a.pawn, value)
            if a.kind is Kind.EXTRA:
                worth += 0.15
            elif s.lead_value == 0:
                leads.append((i, value, a.pawn))
            out[i] = worth
        elif a.kind is Kind.PLACE:
            out[i] = place_value(DecisionFacts(s), a)
    if leads:
        listed = [out.get(i, 0.0) for i in range(len(legal))]
        add_follow_ups(DecisionFacts(s), listed, leads, cache)
        out = {i: listed[i] for i in out}
    return out


def test_the_scorer_gives_every_move_and_tile_its_plainly_computed_worth() -> None:
    checked = 0
    for state in _positions(6):
        scores = score_actions(state, state.legal_actions())
        for i, worth in _plain_scores(state).items():
            assert scores[i] == worth, (state.step, str(state.legal_actions()[i]))
            checked += 1
    assert checked > 5000


def test_a_view_sampled_again_after_another_gives_the_same_states() -> None:
    states = list(_positions(2))
    first, other = states[40].view(states[40].current), states[90].view(states[90].current)
    before = [sample_state(first, random.Random(k)) for k in range(3)]
    sample_state(other, random.Random(0))
    again = [sample_state(first, random.Random(k)) for k in range(3)]
    for a, b in zip(before, again):
        assert (a.hands, a.hand_values, a.draw_pile, a.seed) == (b.hands, b.hand_values, b.draw_pile, b.seed)
        assert a.summary() == b.summary()
    assert before[0].hands != before[1].hands or before[0].draw_pile != before[1].draw_pile


def test_advance_changes_the_state_as_apply_does() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        applied = new_game(2 + seed, seed=seed)
        advanced = applied.clone()
        while not applied.is_terminal():
            action = greedy(applied, applied.legal_actions(), rng, 0.3)
            applied.apply(action)
            advanced.advance(action)
            assert advanced.legal_actions() == applied.legal_actions()
        assert advanced.summary() == applied.summary()
        assert advanced.history == applied.history


def _with_movement_tile(state: State) -> State:
    """The position with the movement tile in the hands of the seat to act: its extra card adds moves."""
    other = state.clone()
    other.fencing_held[other.current] |= 1 << D.Fencing.MOVEMENT
    other._legal = None
    return other


def test_the_one_pass_playout_step_takes_the_greedy_action_with_the_same_draws() -> None:
    checked = 0
    chosen: Counter[Kind] = Counter()
    for state in _positions(4):
        view = state.view(state.current)
        samples = [state, sample_state(view, random.Random(state.step))]
        if state.phase in (Phase.START, Phase.CONTINUE):
            samples.append(_with_movement_tile(state))
        for sample in samples:
            legal = sample.legal_actions()
            for epsilon in (0.0, 0.05, 0.5):
                plain, fast = random.Random(checked), random.Random(checked)
                expected = greedy(sample, legal, plain, epsilon)
                assert playout_action(sample, fast, epsilon) is expected, (sample.step, str(expected))
                assert fast.getstate() == plain.getstate()
                checked += 1
                chosen[expected.kind] += 1
    assert checked > 7000 and chosen[Kind.MOVE] > 1000 and chosen[Kind.EXTRA] > 500 and chosen[Kind.PLACE] > 200


def test_the_pile_counts_follow_every_change_of_the_pile() -> None:
    state = new_game(3, seed=5)
    first = pile_counts(state)
    state.draw_pile[-1], state.draw_pile[0] = state.draw_pile[0], state.draw_pile[-1]  # same cards
    assert pile_counts(state) == first
    changed = next(k for k in range(D.NUM_CARD_KINDS) if k % D.SCENES_PER_VALUE != state.draw_pile[-1] % D.SCENES_PER_VALUE)
    state.draw_pile[-1] = changed  # one card of another scene, the pile's length unchanged
    plain = [0] * 8
    for k in state.draw_pile:
        plain[k % D.SCENES_PER_VALUE] += 1
    assert pile_counts(state) == plain != first


def test_the_tree_groups_a_states_options_as_its_legal_list_does() -> None:
    checked = 0
    for state in _positions(4):
        samples = [state, sample_state(state.view(state.current), random.Random(state.step))]
        if state.phase in (Phase.START, Phase.CONTINUE):
            samples.append(_with_movement_tile(state))
        for sample in samples:
            plain = group_actions(sample.legal_actions(), sample)
            found = group_legal(sample)
            assert list(found) == list(plain), sample.step  # the same keys in the same order
            assert all(found[key] is plain[key] for key in plain)
            checked += 1
    assert checked > 2000


def test_the_duel_chances_kept_with_the_pile_are_worked_out_afresh_when_it_changes() -> None:
    checked = 0
    for state in _positions(3):
        sample = sample_state(state.view(state.current), random.Random(state.step))
        for s in (state, sample):
            facts = DecisionFacts(s)
            for seat in range(s.n):
                if seat != s.current:
                    assert facts.duel_chance(seat) == duel_chance(s, s.current, seat), s.step
                    checked += 1
    assert checked > 2000


def test_the_playout_loop_plays_the_playout_steps_with_the_same_draws() -> None:
    for state in list(_positions(3))[::40]:
        looped, whole = state.clone(), state.clone()
        plain, fast = random.Random(state.step), random.Random(state.step)
        last, steps = state.turn + 6, 0
        while steps < 200 and not looped.is_terminal() and looped.turn <= last:
            looped.advance(playout_action(looped, plain, HEURISTICS.rollout_epsilon))
            steps += 1
        HEURISTICS.playout(whole, fast, last, 200)
        assert whole.history == looped.history and whole.summary() == looped.summary()
        assert fast.getstate() == plain.getstate()
