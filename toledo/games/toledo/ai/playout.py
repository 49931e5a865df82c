"""The playout policy in one pass: the Hard search's playouts choose this way thousands of times a decision.

`playout_action(s, rng, epsilon)` is `greedy(s, s.legal_actions(), rng, epsilon)`: the same action and
the same draws from `rng`. The cards of one value (one kind per scene) move the pawns alike, to the
same worth, so the legal list repeats every move once per kind held. Here the moves stay masks per
card value (`moves.legal_parts`): each value's moves are scored once, and the best-scored action is
found among the lowest kind's copies, which come first in the list and so win every tie, as
`scores.index(max(scores))` does. Only the softmax step (`epsilon`) needs every action's score in the
list's order; it takes the plain way. `playout` runs the search's playouts with it.
"""

from __future__ import annotations

import random

from .. import actions as A
from .. import data as D
from ..actions import Action
from ..moves import PAWNS_OF as _PAWNS_OF
from ..moves import expand_moves, legal_parts, lowest_kinds
from ..state import Phase, State
from .policy import (PLACE_TERMS, DecisionFacts, follow_up_of, follow_ups, greedy, move_value, score_actions, score_other,
                     softmax_pick)

PAWNS = D.PAWNS_PER_PLAYER
_MOVE, _EXTRA = A.MOVE, A.EXTRA
_OVER = Phase.OVER


def playout_action(s: State, rng: random.Random, epsilon: float) -> Action:
    """The action `greedy(s, s.legal_actions(), rng, epsilon)` takes, with the same draws from `rng`."""
    before, masks, after = legal_parts(s)
    if not masks:
        before.extend(after)
        return _best_other(s, before, rng, epsilon)
    if not before and not after:  # (rarely) nothing but moves, perhaps a single one: the plain way
        expand_moves(s, masks, before)
        return greedy(s, before, rng, epsilon)
    # two or more actions from here on, so `greedy` draws
    if epsilon and rng.random() < epsilon:
        expand_moves(s, masks, before)
        before.extend(after)
        return softmax_pick(before, score_actions(s, before), 0.5, rng)
    c = DecisionFacts(s)
    best_action: Action = before[0] if before else after[0]
    best = float("-inf")
    t = c.t
    place_terms = PLACE_TERMS.get
    for a in before:
        terms = place_terms(id(a))  # most are tiles to place: `score_other`'s sum, without the call
        score = terms[0] * t - terms[1] if terms is not None else score_other(c, a)
        if score > best:  # strictly: the first of equal scores wins, as in `index(max(...))`
            best, best_action = score, a
    # each legal move's own worth, by value * 8 + pawn (its pawn matters only through its space)
    base = c.p * PAWNS
    pawn_pos = s.pawn_pos
    hv = c.hv
    opening = s.lead_value == 0
    first_card = lowest_kinds(s, masks)
    by_pawn: dict[int, float] = {}
    by_space: dict[int, float] = {}  # value * 32 + space
    for (v, lead_mask, extra_mask), k in zip(masks, first_card):
        # a lead with more cards of its value to follow is worth part of their best moves: those of
        # its value with a positive worth, best first
        ranked: list[tuple[float, int]] | None = [] if opening and hv[v] > 1 else None
        for i in _PAWNS_OF[lead_mask | extra_mask]:
            where = v * 32 + pawn_pos[base + i]
            val = by_space.get(where)
            if val is None:
                val = by_space[where] = move_value(c, base + i, v)
            by_pawn[v * 8 + i] = val
            if ranked is not None and val > 0:
                ranked.append((val, v * 8 + i))
        if ranked is None:
            for i in _PAWNS_OF[lead_mask]:
                score = by_pawn[v * 8 + i]
                if score > best:
                    best, best_action = score, _MOVE[k][i]
            continue
        ranked.sort(reverse=True)
        more = hv[v] - 1
        top, top_keys = follow_ups(ranked, more)  # the bonus of every lead but the best further moves'
        for i in _PAWNS_OF[lead_mask]:
            key = v * 8 + i
            score = by_pawn[key] + (top if key not in top_keys else follow_up_of(ranked, more, key))
            if score > best:
                best, best_action = score, _MOVE[k][i]
    for (v, _, extra_mask), k in zip(masks, first_card):
        for i in _PAWNS_OF[extra_mask]:
            score = by_pawn[v * 8 + i] + 0.15  # the extra card does not bind later cards to its value
            if score > best:
                best, best_action = score, _EXTRA[k][i]
    for a in after:
        score = score_other(c, a)
        if score > best:
            best, best_action = score, a
    return best_action


def playout(s: State, rng: random.Random, last_turn: int, max_steps: int, epsilon: float) -> None:
    """Play `playout_action` until the game is over, turn `last_turn` has ended or `max_steps` actions
    have been played: the search's playout loop, here so that each step is two plain calls."""
    advance = s.advance
    for _ in range(max_steps):
        if s.phase == _OVER or s.turn > last_turn:
            return
        advance(playout_action(s, rng, epsilon))


def _best_other(s: State, legal: list[Action], rng: random.Random, epsilon: float) -> Action:
    """`greedy` among actions none of which is a move."""
    if len(legal) == 1:
        return legal[0]
    if epsilon and rng.random() < epsilon:
        return softmax_pick(legal, score_actions(s, legal), 0.5, rng)
    c = DecisionFacts(s)
    best_action = legal[0]
    best = float("-inf")
    for a in legal:
        score = score_other(c, a)
        if score > best:
            best, best_action = score, a
    return best_action
