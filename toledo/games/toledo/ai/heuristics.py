"""Toledo's knowledge for the generic computer players (`toledo.core.heuristics.Heuristics`).

The search, the levels and the coach live in `toledo.ai`, written once for every game; this object
hands them Toledo's parts: alike moves grouped (`common`), the fast action scorer (`policy`), the
evaluation (`evaluate`), the turn counter and the coach's reasons (`reasons`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from ..actions import Action
from ..state import Phase, State
from .common import group_actions, group_legal
from .greedy import score_actions as greedy_scores
from .evaluate import DEFAULT, Weights, estimate, win_values
from .playout import playout, playout_action
from .policy import greedy, score_actions
from .reasons import reason

_FORCED = frozenset((Phase.FULL, Phase.USE, Phase.SWORD, Phase.FENCE, Phase.CARRY))


class ToledoHeuristics:
    """Stateless apart from its tunable weights; one shared instance (`HEURISTICS`)."""

    __slots__ = ("weights", "prior_temperature", "easy_temperature", "rollout_epsilon", "hard_iterations",
                 "hard_per_option", "playout_turns", "search_turns", "medium_samples", "medium_width", "medium_turns", "lookahead_priors",
                 "hard_c_puct")

    def __init__(self, weights: Weights = DEFAULT, prior_temperature: float = 0.8, easy_temperature: float = 1.1,
                 rollout_epsilon: float = 0.05) -> None:
        self.weights = weights
        self.prior_temperature = prior_temperature
        self.easy_temperature = easy_temperature
        self.rollout_epsilon = rollout_epsilon
        # Hard looks past its own turn through the next six (two-player: the rival's answer, its own next
        # turn, the rival's, and so on) and weighs every leaf as the last of them ends. On 40 deals
        # against Medium (both seats, 80 games) each leaf weighed as its own turn ended won 56; all
        # weighed after the bot's next turn, 66; after the one after that, 72. Playouts that long want
        # few random moves: at 5 % instead of 15 %, 85 of 100 games instead of 77.5 (seed 1000). Then
        # iterations per option: 48 instead of 16 won 95 of 100 games instead of 83 (seed 3000), where a
        # dozen changes to the evaluation, the priors and the horizon stayed within 81-84. Last, six
        # turns instead of four: 93.5 % of 200 fresh games (seed 11000) where four turns at 64 per
        # option won 88.2 %; it thinks about a third longer (browser p95 1.35 s).
        self.hard_iterations = 1200  # the slowest 5 % of decisions within the browser's budget (scripts/bench_ai.py)
        self.hard_per_option = 48
        self.playout_turns = 0  # unused while `search_turns` is set
        self.search_turns = 6  # turns after the decision's own
        # The tree's exploration constant by table size (two players: the search's own, 1.4). Against
        # three Mediums (deals 910000-910019, 80 games) 2.5 / 1.4 / 0.8 / 0.5 / 0.3 won 42 / 47 / 51 /
        # 53 / 43, 0.5 at 0.8 times the CPU; against two (deals 920000-920019, 60 games) 1.4 / 0.8 /
        # 0.5 won 46 / 54.5 / 48. Fewer wasted visits also settle a decision sooner.
        self.hard_c_puct: dict[int, float] = {3: 0.8, 4: 0.5}
        self.medium_samples = 4
        # Medium reads each option's worth after the rival's answer and its own next turn, played by the
        # playout policy: on 32 tuning games against Greedy (seed 100) 26 wins where weighing as its own
        # turn ended won 19; only the scorer's 8 favourites, to stay within its time, 25 wins
        self.medium_width = 8
        self.medium_turns = 2
        self.lookahead_priors = 0.0  # the scorer's priors: Medium's lookahead won no more games here (31 of 40 vs 30)

    def group(self, legal: Sequence[Action], board: State) -> dict[Hashable, Action]:
        return group_actions(legal, board)  # type: ignore[return-value]

    def group_legal(self, state: State) -> dict[Hashable, Action]:
        return group_legal(state)  # type: ignore[return-value]

    def score_actions(self, state: State, legal: Sequence[Action]) -> list[float]:
        return score_actions(state, legal)

    def greedy_scores(self, state: State, legal: Sequence[Action]) -> list[float]:
        return greedy_scores(state, legal)

    def rollout_action(self, state: State, legal: Sequence[Action], rng: random.Random) -> Action:
        return greedy(state, legal, rng, self.rollout_epsilon)

    def playout_action(self, state: State, rng: random.Random) -> Action:
        return playout_action(state, rng, self.rollout_epsilon)

    def playout(self, state: State, rng: random.Random, last_turn: int, max_steps: int) -> None:
        playout(state, rng, last_turn, max_steps, self.rollout_epsilon)

    def points(self, state: State) -> list[float]:
        if state.phase == Phase.OVER:
            return [float(sc.total) for sc in state.scores()]
        return estimate(state, self.weights)

    def win_values(self, state: State) -> list[float]:
        return win_values(state, self.weights)

    def turn(self, state: State) -> int:
        return state.turn

    def advance(self, state: State, action: Action) -> None:
        state.advance(action)

    def forced(self, state: State) -> bool:
        return state.phase in _FORCED

    def reason(self, state: State, action: Action) -> tuple[str, dict[str, object]]:
        return reason(state, action)


HEURISTICS = ToledoHeuristics()
