"""Medium: one-ply lookahead over a few sampled states, scored by the game's evaluation.

Every distinct option (alike actions grouped by the game; only the scorer's `medium_width` favourites
when the game names a width, for games with many options per decision) is applied to the same few states drawn
from the bot's view, so the comparison is fair; the decisions the option forces at once on the same
player (pay or use, take a reward, finish a move: `Heuristics.forced`) are resolved best-first
among the game's few most promising follow-ups; the result is scored as the bot's expected final
points minus the best rival's (`Heuristics.points`). Chance the option sets off (a duel, a draw)
is averaged over the samples.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, Sequence

from .games import DEFAULT_GAME, game_ai

FOLLOW_UPS = 3  # follow-up options examined at each forced decision (the scorer's best ones)
MAX_CHAIN = 12  # decisions resolved after an option
WIN_BONUS = 30.0  # points a finished game's win is worth on top of the margin


class MediumBot:
    name = "medium"

    def __init__(self, seed: int = 0, game: str = DEFAULT_GAME, samples: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.game = game_ai(game)
        # a game with little hidden information needs fewer samples (its own `medium_samples`)
        self.samples = getattr(self.game.heuristics, "medium_samples", 4) if samples is None else samples

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        best: Any = legal[0]
        best_value = float("-inf")
        for action, value in self.values(view, legal).values():
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def values(self, view: Any, legal: Sequence[Any]) -> dict[Hashable, tuple[Any, float]]:
        """Each option: its representative and its mean lookahead value (points ahead of the best rival)."""
        h = self.game.heuristics
        groups = h.group(legal, view)
        if len(groups) == 1:
            return {key: (a, 0.0) for key, a in groups.items()}
        states = [self.game.sample_state(view, self.rng) for _ in range(self.samples)]
        me = view.seat
        width = getattr(h, "medium_width", 0)
        if width and len(groups) > width:  # only the scorer's few favourites are looked at
            keys = list(groups)
            scores = h.score_actions(states[0], [groups[k] for k in keys])
            chosen = set(sorted(range(len(keys)), key=lambda i: -scores[i])[:width])
            groups = {k: groups[k] for i, k in enumerate(keys) if i in chosen}
        out: dict[Hashable, tuple[Any, float]] = {}
        for key, action in groups.items():
            total = 0.0
            for state in states:
                child = state.clone()
                h.advance(child, action)
                total += self._resolve(child, me, MAX_CHAIN)
            out[key] = (action, total / len(states))
        return out

    def _margin(self, s: Any, me: int) -> float:
        h = self.game.heuristics
        pts = h.points(s)
        margin = pts[me] - max(x for q, x in enumerate(pts) if q != me)
        if s.current_player < 0:
            margin += WIN_BONUS * h.win_values(s)[me]
        return margin

    def _resolve(self, s: Any, me: int, depth: int) -> float:
        """The value at the end of the bot's turn: forced follow-ups taken best-first among the
        scorer's top few, the turn's other decisions by the scorer alone."""
        h = self.game.heuristics
        while depth > 0 and s.current_player == me and not h.forced(s):
            legal = s.legal_actions()
            scores = h.score_actions(s, legal)
            h.advance(s, legal[scores.index(max(scores))])
            depth -= 1
        if depth <= 0 or s.current_player != me:
            return self._margin(s, me)
        options = list(h.group(s.legal_actions(), s).values())
        if len(options) > FOLLOW_UPS:
            scores = h.score_actions(s, options)
            ranked = sorted(range(len(options)), key=lambda i: -scores[i])[:FOLLOW_UPS]
            options = [options[i] for i in sorted(ranked)]
        best = float("-inf")
        for i, option in enumerate(options):
            child = s.clone() if i < len(options) - 1 else s
            h.advance(child, option)
            value = self._resolve(child, me, depth - 1)
            if value > best:
                best = value
        return best
