"""Greedy: the game's hand-made worth of each action, best taken, nothing sampled twice, nothing searched.

The baseline every other level is measured against (`python -m toledo tournament --bots hard,greedy`):
one step of lookahead through the game's own scorer (`Heuristics.score_actions`), deterministic,
well under a millisecond per decision.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from .games import DEFAULT_GAME, game_ai


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0, game: str = DEFAULT_GAME) -> None:
        self.rng = random.Random(seed)
        self.game = game_ai(game)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        # the scorer reads a full state; one drawn from the view hides nothing it uses
        state = self.game.sample_state(view, self.rng)
        scores = self.game.heuristics.score_actions(state, legal)
        return legal[scores.index(max(scores))]
