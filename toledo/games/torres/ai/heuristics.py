"""Torres's knowledge for the generic computer players (`toledo.core.heuristics.Heuristics`).

The search, the levels and the coach live in `toledo.ai`, written once for every game; this object
hands them Torres's parts: alike actions grouped (`common`), the fast action scorer and playouts
(`policy`), the evaluation (`evaluate`), the turn counter and the coach's reasons (`reasons`).

A Torres turn is several actions (5 action points and more), so the search's tree walks the actions
of the turn in progress and a playout finishes that turn and the next player's; nothing is forced in the Toledo
sense, so Medium completes each option's turn with the scorer's favourites.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from ..actions import Action
from ..stage import Stage
from ..state import State
from .common import group_actions
from .greedy import score_actions as greedy_scores
from .evaluate import estimate, plan_estimate, win_values
from .policy import greedy, score_actions
from .reasons import reason
from .turn import plan_value, turn_key, turn_moves, turn_stop, turn_value

_SETUP_BASE = -100  # setup placements count as turns before the first (negative, still growing)
# With three players Hard and Expert count a rival's point this many times one of their own: the next
# seat acts on what Hard has just built before Hard can, and an even trade lets it catch up. On the
# tuning deals (710000-710039, 120 games) 1.3 and 1.6 won 103 and 105 against two Mediums and 112 each
# against two Greedys, where the rivals' points counted once won 98 and 108; against three Mediums
# (106 of the 120 games on 760000-760029) 1.6 won 82 where once won 86, so four players count them once
RIVALS_WEIGHT = 1.6
# With three and four players Hard and Expert weigh a turn two rounds on (the rivals' answers, the seat's
# own next turn, the answers to that), every one of those turns played by Medium's lookahead: a fraction
# of a turn search's work, so on three states (three players) and two (four) two rounds cost what one did
# on four and three. The rivals' next knight and next climb show only then. Against two Mediums: 115 of the
# 120 tuning games where one round with turn-search answers won 105, 93 of 100 first-seat games on deals
# 800000-800099 where 51; against three Mediums 97 of 106 (deals 760000-760029) where 86
TWO_ROUNDS = {"reply_by": "lookahead", "rounds": 2}


class TorresHeuristics:
    """Stateless apart from its knobs; one shared instance (`HEURISTICS`)."""

    __slots__ = ("prior_temperature", "easy_temperature", "rollout_epsilon", "hard_iterations", "hard_per_option",
                 "playout_turns", "search_turns", "medium_samples", "medium_width", "medium_turns", "lookahead_priors",
                 "plan_search")

    def __init__(self, prior_temperature: float = 1.5, easy_temperature: float = 2.5, rollout_epsilon: float = 0.1,
                 hard_iterations: int = 200, playout_turns: int = 1, search_turns: int = 0, medium_samples: int = 1,
                 medium_width: int = 6, lookahead_priors: float = 3.0) -> None:
        self.prior_temperature = prior_temperature
        self.easy_temperature = easy_temperature
        self.rollout_epsilon = rollout_epsilon
        self.hard_iterations = hard_iterations
        self.hard_per_option = 40
        # a playout also plays the next player's turn: a castle worth climbing is worth as much to the
        # rival who can reach it first, and weighing the position before his answer misses that
        self.playout_turns = playout_turns
        self.search_turns = search_turns  # each leaf weighed as its next turn ends (playout_turns)
        self.medium_samples = medium_samples  # the deck and the rivals' hands are all that is hidden
        self.medium_width = medium_width  # a turn offers dozens of actions; the scorer's favourites suffice
        self.medium_turns = 0  # Medium weighs each option as its turn ends (it beats Greedy so: 84 %)
        # Hard's first choice among those dozens follows Medium's lookahead (each favourite played out to the
        # end of the turn), not the scorer alone: on 30 seeded deals against Medium, 24 wins instead of 16
        self.lookahead_priors = lookahead_priors
        # the whole-turn levels (`toledo.ai.plan`): the best turns by the expected final points at their
        # end, each then played against the rivals' best answering turns. A player's Hard and Expert are
        # such searches; Hard's is sized to answer within about a second at p95 in the browser, at every
        # table size
        self.plan_search: dict[str, dict[str, Any]] = {
            "plan": {"width": 24, "per_node": 10, "plans": 6, "samples": 2, "reply_width": 6, "reply_per_node": 6},
            "plan-expert": {"width": 32, "per_node": 12, "plans": 6, "samples": 3, "reply_width": 8, "reply_per_node": 6},
            # Hard weighs many turns on several sampled states, and the two best turns by score now (the
            # evaluation's beam misses some); with three or four players every rival answers on each state,
            # so it takes fewer states to stay within a second in the browser. There a turn is also weighed
            # against the rivals' mean, half and half with the best rival: against the best rival alone, what
            # a turn hands a rival who is not ahead yet costs nothing. Against two Mediums the best rival alone
            # won 195 of 270 games, the mix 217 (deals 710000-710039 and 750000-750049). With three players a
            # point a turn hands the rivals counts RIVALS_WEIGHT times one of its own (see there)
            "hard": {"width": 32, "per_node": 12, "plans": 8, "samples": 8, "reply_width": 8, "reply_per_node": 6,
                     "players": {3: {"samples": 3, "now_plans": 2, "against": 0.5, "rivals": RIVALS_WEIGHT,
                                     **TWO_ROUNDS},
                                 4: {"samples": 2, "now_plans": 2, "against": 0.5, **TWO_ROUNDS}}},
            # Expert is Hard with a closer model of the rivals' answers (twelve turns wide, eight steps each,
            # nearer a real whole-turn player), at about 1.75 times Hard's time; with three and four players,
            # where both play the rounds after by Medium's lookahead, on more sampled states (five and three)
            "expert": {"width": 32, "per_node": 12, "plans": 8, "now_plans": 2, "samples": 8, "reply_width": 12,
                       "reply_per_node": 8,
                       "players": {3: {"samples": 5, "against": 0.5, "rivals": RIVALS_WEIGHT, **TWO_ROUNDS},
                                   4: {"samples": 3, "against": 0.5, **TWO_ROUNDS}}},
        }

    def group(self, legal: Sequence[Action], board: State) -> dict[Hashable, Action]:
        return group_actions(legal, board)  # type: ignore[return-value]

    def score_actions(self, state: State, legal: Sequence[Action]) -> list[float]:
        return score_actions(state, legal)

    def greedy_scores(self, state: State, legal: Sequence[Action]) -> list[float]:
        return greedy_scores(state, legal)

    def rollout_action(self, state: State, legal: Sequence[Action], rng: random.Random) -> Action:
        return greedy(state, legal, rng, self.rollout_epsilon)

    def points(self, state: State) -> list[float]:
        if state.stage == Stage.OVER:
            return [float(x) for x in state.score]
        return estimate(state)

    def win_values(self, state: State) -> list[float]:
        return win_values(state)

    def turn(self, state: State) -> int:
        stage = state.stage
        if stage == Stage.KNIGHTS:
            return _SETUP_BASE + 20 + state.placed
        if stage == Stage.BLOCKS:
            return _SETUP_BASE + state.placed
        if stage == Stage.KING:
            return -1
        return state.turn

    def advance(self, state: State, action: Action) -> None:
        state.apply(action, check=False)

    def forced(self, state: State) -> bool:
        return False

    def reason(self, state: State, action: Action) -> tuple[str, dict[str, object]]:
        return reason(state, action)

    # the whole-turn search (`toledo.ai.turn`)
    def turn_key(self, state: State) -> Hashable:
        return turn_key(state)

    def turn_moves(self, state: State, per_node: int) -> list[Action]:
        return turn_moves(state, per_node)

    def turn_value(self, state: State, seat: int) -> float:
        return turn_value(state, seat)

    def turn_stop(self, state: State) -> Action | None:
        return turn_stop(state)

    def plan_value(self, state: State, seat: int) -> float:
        return plan_value(state, seat)

    def plan_points(self, state: State) -> list[float]:
        return plan_estimate(state)


HEURISTICS = TorresHeuristics()
