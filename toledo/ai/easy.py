"""Easy: the game's action scores sampled through a hot softmax.

It looks like a beginner: sensible most of the time (the scorer's favourites are likeliest), but a
mediocre choice is never far away.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from .games import game_ai


def softmax_pick(options: Sequence[Any], scores: Sequence[float], temperature: float, rng: random.Random) -> Any:
    top = max(scores)
    weights = [math.exp(max(-50.0, (x - top) / temperature)) for x in scores]
    r = rng.random() * sum(weights)
    for option, weight in zip(options, weights):
        r -= weight
        if r <= 0:
            return option
    return options[-1]


class EasyBot:
    name = "easy"

    def __init__(self, seed: int, game: str, temperature: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.game = game_ai(game)
        self.temperature = self.game.heuristics.easy_temperature if temperature is None else temperature

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        h = self.game.heuristics
        options = list(h.group(legal, view).values())
        if len(options) == 1:
            return options[0]
        state = self.game.sample_state(view, self.rng)
        return softmax_pick(options, h.score_actions(state, options), self.temperature, self.rng)
