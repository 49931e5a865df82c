"""Medium: a hand-written heuristic player with a one-ply lookahead.

For each legal action (alike moves grouped, see `common.action_key`) it applies the
action to a few states sampled from its view (`sample_state`: the same samples for every action,
so the comparison is fair), follows the decisions that the action forces at once (use or pay at
the landing space, which sword, which fencing tile, which sword to carry, a duel or moving on)
plus one further move of the turn, taking the best of each, and scores the result with
`evaluate.estimate`: its own expected fame minus the best rival's. Duels are thus weighed by how often they are won against the sampled
draw piles, which follow the deck's known composition.
"""

from __future__ import annotations

import random
from typing import Sequence

from .. import data as D
from ..actions import Action, Kind
from ..state import Phase, State
from ..view import PlayerView, sample_state
from .common import ActionKey, group_actions, hand_values, reach_bonus
from .evaluate import DEFAULT, Weights, estimate

_FORCED = (Phase.FULL, Phase.USE, Phase.SWORD, Phase.FENCE, Phase.CARRY)
_MAX_CHAIN = 8  # follow-ups examined after an action (land, pay, sword, carry, one more move...)


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

    def __init__(self, seed: int = 0, samples: int = 5, weights: Weights = DEFAULT, plan_moves: int = 1) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.plan_moves = plan_moves
        self._baselines: list[float] = []
        self._pile = (0, 0)
        self._random = False
        self.weights = weights

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1:
            return legal[0]
        best: Action = legal[0]
        best_value = float("-inf")
        for a, value in self.values(view, legal).values():
            if value > best_value + 1e-9:
                best, best_value = a, value
        return best

    def values(self, view: PlayerView, legal: Sequence[Action]) -> dict[ActionKey, tuple[Action, float]]:
        """Each group of alike legal actions: its representative and its lookahead value (own
        expected fame minus the best rival's, relative to the position now). Hard uses these as
        the priors of its search's first decision."""
        groups = group_actions(legal, view)
        if len(groups) == 1:
            return {key: (a, 0.0) for key, a in groups.items()}
        # duels hinge on the hidden pile: more samples when one may be fought now
        count = self.samples * (3 if view.phase == Phase.FULL else 1)
        states = [sample_state(view, self.rng) for _ in range(count)]
        me = view.seat
        self._baselines = [relative_score(st, me, self.weights) for st in states]
        hv = hand_values(view)
        place_cache: dict[tuple[int, int, int], float] = {}
        out: dict[ActionKey, tuple[Action, float]] = {}
        for key, a in groups.items():
            if a.kind is Kind.PLACE:
                # the evaluation sees a tile's business, row and circles, not its exact space
                gkey = (a.business, a.circles, D.SPACE_FEES[a.space])
                if gkey not in place_cache:
                    place_cache[gkey] = self._mean(states, a, me)
                value = place_cache[gkey] + reach_bonus(view.pawn_pos, me, hv, a.space) - 0.001 * a.space
            else:
                value = self._mean(states, a, me)
            out[key] = (a, value)
        return out

    def _mean(self, states: Sequence[State], action: Action, me: int) -> float:
        """The action's mean value over the samples, relative to doing nothing. Samples differ only
        in hidden cards, so an action whose consequences never touch the draw pile (no drawing, no
        tavern, no duel) changes every sample alike: one sample is enough for it."""
        base = self._baselines
        total = 0.0
        for i, st in enumerate(states):
            self._pile = (len(st.draw_pile), st.reshuffles)
            self._random = False
            child = st.clone()
            child.apply(action, check=False)
            total += self._chain(child, me, 0, self.plan_moves) - base[i]
            if i == 0 and not self._random:
                return total
        return total / len(states)

    def _chain(self, s: State, me: int, depth: int, moves_left: int) -> float:
        """Value after resolving the decisions the last action forced, best first; after a move it
        also looks `moves_left` further moves ahead (a pawn often needs two steps to reach a good
        space or an Alcazar entry)."""
        phase = s.phase
        if (len(s.draw_pile), s.reshuffles) != self._pile:
            self._random = True
        if s.current != me or depth >= _MAX_CHAIN or phase == Phase.OVER or phase == Phase.START:
            return relative_score(s, me, self.weights)
        if phase == Phase.CONTINUE:
            best = relative_score(s, me, self.weights)  # ending the turn here
            if moves_left <= 0:
                return best
            options = [a for a in group_actions(s.legal_actions(), s).values() if a.is_move]
            moves_left -= 1
        else:
            options = _prune(s.legal_actions(), s)
            best = float("-inf")
        for a in options:
            child = s.clone()
            child.apply(a, check=False)
            value = self._chain(child, me, depth + 1, moves_left)
            if value > best:
                best = value
        return best


def _prune(legal: Sequence[Action], s: State) -> list[Action]:
    """The options worth examining at a forced decision: paying more than the fee is never better
    than paying the cheapest card that will do, and a carried sword should be the best one."""
    out: list[Action] = []
    paid = False
    best_carry: Action | None = None
    for a in group_actions(legal, s).values():  # engine order: cheapest card first, lowest sword first
        if a.kind is Kind.PAY:
            if paid:
                continue
            paid = True
        elif a.kind is Kind.CARRY and a.sword >= 0:
            best_carry = a
            continue
        out.append(a)
    if best_carry is not None:
        out.append(best_carry)
    return out
