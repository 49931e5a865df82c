"""Greedy: each action's one-step gain in points, best taken; nothing sampled twice, nothing searched.

The yardstick every other level is measured against (`python -m toledo tournament --bots hard,greedy`):
one step, the game's plain `Heuristics.greedy_scores` from the bot's own view, deterministic, well
under a millisecond per decision. `ScorerBot` ("scorer") takes the favourite of the fast scorer that
drives the search's priors and playouts instead: the yardstick before, kept for comparison.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from .games import game_ai


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int, game: str) -> None:
        self.rng = random.Random(seed)
        self.game = game_ai(game)

    def scores(self, state: Any, legal: Sequence[Any]) -> list[float]:
        return self.game.heuristics.greedy_scores(state, legal)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        # the scorers read a full state; one drawn from the view hides nothing they use
        state = self.game.sample_state(view, self.rng)
        scores = self.scores(state, legal)
        return legal[scores.index(max(scores))]


class ScorerBot(GreedyBot):
    name = "scorer"

    def scores(self, state: Any, legal: Sequence[Any]) -> list[float]:
        return self.game.heuristics.score_actions(state, legal)
