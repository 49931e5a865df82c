"""Medium: one-ply lookahead over a few sampled states, scored by the game's evaluation.

Every distinct option (alike actions grouped by the game; only the scorer's `medium_width` favourites
when the game names a width, for games with many options per decision) is applied to the same few states drawn
from the bot's view, so the comparison is fair; the decisions the option forces at once on the same
player (pay or use, take a reward, finish a move: `Heuristics.forced`) are resolved best-first
among the game's few most promising follow-ups; the result is scored as the bot's expected final
points minus the best rival's (`Heuristics.points`). A game that sets `medium_turns` has the turns
after the bot's own (the rivals' answers, its next turn, ...) played by its playout policy first, so
the value is read where the rival's answer shows. Chance the option sets off (a duel, a draw) is
averaged over the samples.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator, Hashable
from typing import Any, Sequence

from ..core.heuristics import lead
from .games import game_ai

FOLLOW_UPS = 3  # follow-up options examined at each forced decision (the scorer's best ones)
MAX_CHAIN = 12  # decisions resolved after an option
MAX_PLAYOUT = 400  # actions played out past the bot's turn (a safety net)
WIN_BONUS = 30.0  # points a finished game's win is worth on top of the margin


def favourites(h: Any, state: Any, options: list[Any]) -> list[int]:
    """Which of `options` Medium looks at (indices, ascending): all of them, or, when the game names a
    `medium_width` and offers more, the scorer's favourites."""
    width = getattr(h, "medium_width", 0)
    if not width or len(options) <= width:
        return list(range(len(options)))
    scores = h.score_actions(state, options)
    return sorted(sorted(range(len(options)), key=lambda i: -scores[i])[:width])


class MediumBot:
    name = "medium"

    def __init__(self, seed: int, game: str, samples: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.game = game_ai(game)
        # a game with little hidden information needs fewer samples (its own `medium_samples`)
        self.samples = getattr(self.game.heuristics, "medium_samples", 4) if samples is None else samples
        self.turns = getattr(self.game.heuristics, "medium_turns", 0)  # turns played out past its own

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        work = self.search(view, legal)
        while not work.run(1.0):
            pass
        return work.best()

    def values(self, view: Any, legal: Sequence[Any]) -> dict[Hashable, tuple[Any, float]]:
        """Each option: its representative and its mean lookahead value (points ahead of the best rival)."""
        work = self.search(view, legal)
        while not work.run(1.0):
            pass
        return work.values()

    def search(self, view: Any, legal: Sequence[Any]) -> MediumSearch:
        """The lookahead as work in slices (`run(seconds)` until True, then `best()`), as the page
        runs it; `choose` is the same without pauses."""
        return MediumSearch(self, view, legal)

    def play_turn(self, s: Any) -> Generator[None, None, Any]:
        """The turn of the player on turn in `s` (a full state), as this lookahead weighs its first
        decision: each of the scorer's favourite options completed by the scorer, the one with the best
        margin at the turn's end. One option per step; returns the state where that option's turn ended
        (`s` itself is left as it was). The whole-turn search's model of a rival (`plan.PlanConfig.reply_by`)."""
        h = self.game.heuristics
        seat = s.current_player
        options = list(h.group(s.legal_actions(), s).values())
        best: tuple[float, Any] = (float("-inf"), s)
        for i in favourites(h, s, options):
            child = s.clone()
            h.advance(child, options[i])
            found = self._resolve(child, seat, MAX_CHAIN)
            if found[0] > best[0] + 1e-9:
                best = found
            yield
        return best[1]

    def _margin(self, s: Any, me: int) -> float:
        h = self.game.heuristics
        margin = lead(h.points(s), me)
        if s.current_player < 0:
            margin += WIN_BONUS * h.win_values(s)[me]
        return margin

    def _weigh(self, s: Any, me: int) -> float:
        """The margin once the game's `medium_turns` further turns are played by its playout policy
        (the end of the bot's own turn as `_resolve` left it when there are none)."""
        h = self.game.heuristics
        if self.turns and s.current_player >= 0:
            last = h.turn(s) + self.turns
            steps = 0
            play = getattr(h, "playout_action", None)  # the policy's choice without the legal list, if the game has one
            rng = self.rng
            while s.current_player >= 0 and h.turn(s) < last and steps < MAX_PLAYOUT:
                h.advance(s, play(s, rng) if play is not None else h.rollout_action(s, s.legal_actions(), rng))
                steps += 1
        return self._margin(s, me)

    def _resolve(self, s: Any, me: int, depth: int) -> tuple[float, Any]:
        """The end of the bot's turn and its margin: forced follow-ups taken best-first among the
        scorer's top few, the turn's other decisions by the scorer alone."""
        h = self.game.heuristics
        while depth > 0 and s.current_player == me and not h.forced(s):
            legal = s.legal_actions()
            scores = h.score_actions(s, legal)
            h.advance(s, legal[scores.index(max(scores))])
            depth -= 1
        if depth <= 0 or s.current_player != me:
            return self._margin(s, me), s
        options = list(h.group(s.legal_actions(), s).values())
        if len(options) > FOLLOW_UPS:
            scores = h.score_actions(s, options)
            ranked = sorted(range(len(options)), key=lambda i: -scores[i])[:FOLLOW_UPS]
            options = [options[i] for i in sorted(ranked)]
        best: tuple[float, Any] = (float("-inf"), s)
        for i, option in enumerate(options):
            child = s.clone() if i < len(options) - 1 else s
            h.advance(child, option)
            found = self._resolve(child, me, depth - 1)
            if found[0] > best[0]:
                best = found
        return best


class MediumSearch:
    """One Medium decision, one (option, sampled state) pair at a time."""

    def __init__(self, bot: MediumBot, view: Any, legal: Sequence[Any]) -> None:
        self.bot = bot
        h = bot.game.heuristics
        groups = h.group(legal, view)
        self.me = view.seat
        self.states: list[Any] = []
        if len(groups) > 1:
            self.states = [bot.game.sample_state(view, bot.rng) for _ in range(bot.samples)]
            keys = list(groups)  # only the scorer's few favourites are looked at, when the game says so
            groups = {keys[i]: groups[keys[i]] for i in favourites(h, self.states[0], [groups[k] for k in keys])}
        self.groups = groups
        self.keys = list(groups)
        self.totals = [0.0] * len(self.keys)
        self.done = 0  # pairs weighed
        self.budget = len(self.keys) * len(self.states)
        self._per_pair = 0.0  # seconds, a running mean (a Torres pair plays out a whole turn: tens of ms)

    def run(self, slice_seconds: float) -> bool:
        """Weigh pairs for about `slice_seconds` (at least one); True once all are weighed."""
        last = time.perf_counter()
        stop = last + slice_seconds
        h = self.bot.game.heuristics
        count = len(self.states)
        while self.done < self.budget:
            option, sample = divmod(self.done, count)
            child = self.states[sample].clone()
            h.advance(child, self.groups[self.keys[option]])
            value, end = self.bot._resolve(child, self.me, MAX_CHAIN)
            self.totals[option] += self.bot._weigh(end, self.me) if self.bot.turns else value
            self.done += 1
            now = time.perf_counter()
            self._per_pair = 0.8 * self._per_pair + 0.2 * (now - last) if self._per_pair else now - last
            last = now
            if now + self._per_pair >= stop:  # stop before a pair that would likely overrun the slice
                break
        return self.done >= self.budget

    def values(self) -> dict[Hashable, tuple[Any, float]]:
        if not self.states:
            return {key: (a, 0.0) for key, a in self.groups.items()}
        return {key: (self.groups[key], self.totals[i] / len(self.states)) for i, key in enumerate(self.keys)}

    def best(self) -> Any:
        best: Any = None
        best_value = float("-inf")
        for action, value in self.values().values():
            if best is None or value > best_value + 1e-9:
                best, best_value = action, value
        return best
