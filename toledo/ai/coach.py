"""The coach: the ISMCTS's opinion (Toledo's Hard; `ismcts` in Torres) for a human player, on request
only (no level and no page turns it on).

- `hint(game, view, legal, seed)` -> `Hint`: the two or three best options by Hard's search, each
  with its estimated win chance and a plain-words reason (a message key and its parameters from the
  game's `Heuristics.reason`; the words are in the catalogues, never here).
- `review(game, setup, actions, seat)` -> the (at most) three turns where `seat` lost most win
  chance by Hard's estimate: what was played, what Hard preferred, and how much it cost.
  `Review` does the same work in slices (`start`, `run(seconds)`, `result()`), as the page needs.

Everything is deterministic for a seed (an iteration budget, never a clock). The win chances are the
search's own estimates: good for comparing options, not a promise.

`hint_lines`, `hint_text` and `review_text` put a hint or a review line into plain words of the shell
catalogue: `coach_hint` ({action}, {percent}, {reason}) for the search's choice, `coach_hint_alternative`
for each next best (after `coach_hint_others` in one line), `coach_review_turn` ({turn}, {played},
{better}, {percent}, {reason}) for one review line; the reasons are the games' own keys (`coach_toledo_*`,
`coach_torres_*`, in each game's own catalogue, which `translate` searches too).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..core import registry
from ..core.i18n import translate
from .games import game_ai
from .search import HARD_ITERATIONS, Search

SUGGESTIONS = 3
REVIEW_ITERATIONS = 400  # per decision weighed in a review (two searches where the player differed)
REVIEW_TURNS = 3


@dataclass(frozen=True, slots=True)
class Suggestion:
    action: Any
    text: str  # the action's canonical text
    win_chance: float  # Hard's estimate in [0, 1]
    visits: int
    reason_key: str
    reason_params: dict[str, object]


@dataclass(frozen=True, slots=True)
class Hint:
    seat: int
    suggestions: tuple[Suggestion, ...]  # best first

    @property
    def best(self) -> Suggestion:
        return self.suggestions[0]


@dataclass(frozen=True, slots=True)
class Mistake:
    step: int  # index of the played action in the game's action list
    turn: int  # the game's turn number (as `Heuristics.turn` counts)
    played: str
    better: str
    lost: float  # win chance lost by Hard's estimate, in [0, 1]
    reason_key: str  # why `better` is good
    reason_params: dict[str, object]


def hint(game: str, view: Any, legal: Sequence[Any], seed: int = 0, iterations: int | None = None,
         count: int = SUGGESTIONS) -> Hint:
    """Hard's best `count` options for the seat of `view` (fewer if fewer exist), searched with
    Hard's own budget for the game unless `iterations` says otherwise."""
    search = hint_search(game, view, legal, seed, iterations)
    while not search.run(1.0):
        pass
    return hint_from(search, view, game, count)


def hint_search(game: str, view: Any, legal: Sequence[Any], seed: int = 0, iterations: int | None = None) -> Search:
    """The started search behind a hint, for a caller that runs it in slices (the page); then
    `hint_from(search, view, game)`."""
    if iterations is None:
        iterations = getattr(game_ai(game).heuristics, "hard_iterations", HARD_ITERATIONS)
    search = Search(iterations, seed, game=game)
    search.start(view, legal)
    return search


def review_iterations(game: str) -> int:
    """A review's budget per decision: REVIEW_ITERATIONS, or half of Hard's where a game's
    iterations cost more (a whole game is weighed, and a player waits for it)."""
    return min(REVIEW_ITERATIONS, getattr(game_ai(game).heuristics, "hard_iterations", HARD_ITERATIONS) // 2)


def hint_from(search: Search, view: Any, game: str, count: int = SUGGESTIONS) -> Hint:
    """The hint a finished (or stopped) search gives for the seat of `view`."""
    ai = game_ai(game)
    state = ai.sample_state(view, random.Random(0))  # the reasons read public facts and the own hand only
    rows = search.ranking()[:count]
    if len(rows) == 1 and rows[0][1] == 0:  # a single option: nothing to weigh
        rows = [(rows[0][0], 0, ai.heuristics.win_values(state)[view.seat])]
    suggestions = []
    for action, visits, value in rows:
        key, params = ai.heuristics.reason(state, action)
        suggestions.append(Suggestion(action, str(action), round(value, 4), visits, key, params))
    return Hint(view.seat, tuple(suggestions))


def hint_lines(found: Hint, lang: str = "en", words: Callable[[Any], str] | None = None
               ) -> tuple[str, tuple[str, ...]]:
    """The hint in plain words: Hard's choice and why, and each next best with its estimated win chance
    and why. `words` names an action (the page's log words; its text by default)."""
    name = words or str
    best = found.best
    choice = translate("coach_hint", lang, action=name(best.action), percent=round(100 * best.win_chance),
                       reason=translate(best.reason_key, lang, **best.reason_params))
    others = tuple(translate("coach_hint_alternative", lang, action=name(other.action),
                             percent=round(100 * other.win_chance),
                             reason=translate(other.reason_key, lang, **other.reason_params))
                   for other in found.suggestions[1:])
    return choice, others


def hint_text(found: Hint, lang: str = "en", words: Callable[[Any], str] | None = None) -> str:
    """The hint in one line: the choice, then "Also good:" and the next best."""
    choice, others = hint_lines(found, lang, words)
    return " ".join((choice, translate("coach_hint_others", lang), *others)) if others else choice


def review_text(mistake: Mistake, lang: str = "en", played: str | None = None, better: str | None = None) -> str:
    """One review line: the turn, what was played, what Hard preferred, what it cost and why
    (`played` and `better` in plain words where the caller has them; the actions' texts by default)."""
    return translate("coach_review_turn", lang, turn=mistake.turn, played=played or mistake.played,
                     better=better or mistake.better,
                     percent=round(100 * mistake.lost),
                     reason=translate(mistake.reason_key, lang, **mistake.reason_params))


class Review:
    """A game review in slices: `start(...)`, then `run(seconds)` until True, then `result()`."""

    def __init__(self, game: str, seed: int = 0, iterations: int = REVIEW_ITERATIONS) -> None:
        self.game = game
        self.seed = seed
        self.iterations = iterations
        self._todo: list[tuple[int, Any, Any, Sequence[Any], Any]] = []
        self._found: list[Mistake] = []
        self._search: Search | None = None
        self._phase = 0  # 0: weighing every option, 1: weighing the played one
        self._best: tuple[Any, float] | None = None
        self.done = 0

    def start(self, setup: Any, actions: Sequence[Any], seat: int) -> None:
        """Replay the game and list `seat`'s decisions that had a real choice."""
        rules = registry.get(self.game)
        h = game_ai(self.game).heuristics
        state = rules.new_state(setup)
        self._todo = []
        for step, action in enumerate(actions):
            if state.current_player == seat:
                legal = state.legal_actions()
                view = state.view(seat)
                if len(h.group(legal, view)) > 1:
                    self._todo.append((step, h.turn(state), view, legal, action))
            state.apply(action)
        self._found = []
        self.done = 0

    @property
    def total(self) -> int:
        return len(self._todo)

    def run(self, slice_seconds: float) -> bool:
        """Work for about `slice_seconds`; True once every decision is weighed."""
        stop = time.perf_counter() + slice_seconds
        while self.done < len(self._todo):
            if self._search is None:
                self._begin()
            assert self._search is not None
            remaining = max(0.0, stop - time.perf_counter())
            if not self._search.run(remaining):
                return False
            self._finish_search()
            if time.perf_counter() >= stop:
                break
        return self.done >= len(self._todo)

    def result(self, count: int = REVIEW_TURNS) -> list[Mistake]:
        """The turns that cost most, worst first (only decisions that lost something)."""
        worst: dict[int, Mistake] = {}
        for m in self._found:
            if m.lost > 0 and (m.turn not in worst or m.lost > worst[m.turn].lost):
                worst[m.turn] = m
        return sorted(worst.values(), key=lambda m: (-m.lost, m.step))[:count]

    def _begin(self) -> None:
        step, _, view, legal, played = self._todo[self.done]
        search = Search(self.iterations, self.seed * 1_000_003 + step * 2 + self._phase, game=self.game)
        search.start(view, legal, only=played if self._phase == 1 else None)
        self._search = search

    def _finish_search(self) -> None:
        step, turn, view, legal, played = self._todo[self.done]
        search = self._search
        assert search is not None
        self._search = None
        h = game_ai(self.game).heuristics
        if self._phase == 0:
            best, _, best_value = search.ranking()[0]
            if _key(h, best, view) == _key(h, played, view):
                self.done += 1  # the player chose Hard's favourite: nothing lost
                return
            self._best = (best, best_value)
            self._phase = 1
            return
        assert self._best is not None
        best, best_value = self._best
        played_value = search.ranking()[0][2]
        state = game_ai(self.game).sample_state(view, random.Random(0))
        key, params = h.reason(state, best)
        self._found.append(Mistake(step, turn, str(played), str(best), round(max(0.0, best_value - played_value), 4),
                                   key, params))
        self._phase = 0
        self._best = None
        self.done += 1


def review(game: str, setup: Any, actions: Sequence[Any], seat: int, seed: int = 0,
           iterations: int = REVIEW_ITERATIONS) -> list[Mistake]:
    """The three turns where `seat` lost most win chance by Hard's estimate, worst first."""
    work = Review(game, seed, iterations)
    work.start(setup, actions, seat)
    while not work.run(1.0):
        pass
    return work.result()


def _key(h: Any, action: Any, view: Any) -> Hashable:
    return next(iter(h.group([action], view)))
