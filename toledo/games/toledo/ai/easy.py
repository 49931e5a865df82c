"""Easy: the fast heuristic of `policy` with a lot of randomness (a hot softmax).

It looks like a beginner: it does sensible things most of the time (uses its own businesses,
carries its best sword, buys the sword it can afford) but often picks a mediocre move.
"""

from __future__ import annotations

import random

from ..actions import Action, Kind
from ..view import PlayerView, sample_state
from .policy import score_actions, softmax_pick

TEMPERATURE = 1.1  # score units are roughly "points"; 1.1 keeps plenty of bad choices in play


class EasyBot:
    name = "easy"

    def __init__(self, seed: int = 0, temperature: float = TEMPERATURE) -> None:
        self.rng = random.Random(seed)
        self.temperature = temperature

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        # a free use of one's own business is nearly always right; skip it only now and then
        if Kind.USE in kinds and self.rng.random() < 0.9:
            return next(a for a in legal if a.kind is Kind.USE)
        if Kind.CARRY in kinds and self.rng.random() < 0.9:
            return max((a for a in legal if a.kind is Kind.CARRY), key=lambda a: a.sword)
        # the scorer needs a full state; a sample built from the view hides nothing it uses
        state = sample_state(view, self.rng)
        scores = score_actions(state, legal)
        return softmax_pick(legal, scores, self.temperature, self.rng)
