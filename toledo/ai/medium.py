"""Medium: a hand-written heuristic player with a one-ply lookahead.

For each legal action (near-identical moves grouped, see `common.action_key`) it applies the
action to a few states sampled from its view (`sample_state`: the same samples for every action,
so the comparison is fair), follows the decisions that the action forces at once (use or pay at
the landing space, which sword, which fencing tile, which sword to carry, a duel or moving on),
taking the best of each greedily, and scores the result with `evaluate.estimate`: its own expected
fame minus the best rival's. Duels are thus weighed by how often they are won against the sampled
draw piles, which follow the deck's known composition.
"""

from __future__ import annotations

import random
from typing import Sequence

from .. import data as D
from ..actions import Action, Kind
from ..state import Phase, State
from ..view import PlayerView, sample_state
from .common import group_actions, hand_values, reach_bonus
from .evaluate import DEFAULT, Weights, estimate

_FORCED = (Phase.FULL, Phase.USE, Phase.SWORD, Phase.FENCE, Phase.CARRY)
_MAX_CHAIN = 5  # forced follow-ups examined after an action (land, pay, sword, carry...)


def relative_score(s: State, me: int, w: Weights = DEFAULT) -> float:
    """Own expected fame minus the best rival's; the real result (strongly weighted) once over."""
    if s.phase == Phase.OVER:
        totals = [sc.total for sc in s.scores()]
        best_other = max(t for q, t in enumerate(totals) if q != me)
        return totals[me] - best_other + 25.0 * (s.returns()[me] - 0.5)
    est = estimate(s, w)
    return est[me] - max(e for q, e in enumerate(est) if q != me)


class MediumBot:
    name = "medium"

    def __init__(self, seed: int = 0, samples: int = 5, weights: Weights = DEFAULT) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.weights = weights

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1:
            return legal[0]
        groups = group_actions(legal)
        if len(groups) == 1:
            return next(iter(groups.values()))
        # duels hinge on the hidden pile: more samples when one may be fought now
        count = self.samples * (3 if view.phase == Phase.FULL else 1)
        states = [sample_state(view, self.rng) for _ in range(count)]
        me = view.seat
        hv = hand_values(view)
        place_cache: dict[tuple[int, int, int], float] = {}
        best: Action = legal[0]
        best_value = float("-inf")
        for a in groups.values():
            if a.kind is Kind.PLACE:
                # the evaluation sees a tile's business, row and circles, not its exact space
                gkey = (a.business, a.circles, D.SPACE_FEES[a.space])
                if gkey not in place_cache:
                    place_cache[gkey] = self._mean(states, a, me)
                value = place_cache[gkey] + reach_bonus(view.pawn_pos, me, hv, a.space) - 0.001 * a.space
            else:
                value = self._mean(states, a, me)
            if value > best_value + 1e-9:
                best, best_value = a, value
        return best

    def _mean(self, states: Sequence[State], action: Action, me: int) -> float:
        total = 0.0
        for st in states:
            child = st.clone()
            child.apply(action, check=False)
            total += self._chain(child, me, 0)
        return total / len(states)

    def _chain(self, s: State, me: int, depth: int) -> float:
        """Value after resolving the decisions the last action forced, greedily."""
        if s.phase not in _FORCED or s.current != me or depth >= _MAX_CHAIN:
            return relative_score(s, me, self.weights)
        best = float("-inf")
        for a in group_actions(s.legal_actions()).values():
            child = s.clone()
            child.apply(a, check=False)
            value = self._chain(child, me, depth + 1)
            if value > best:
                best = value
        return best
