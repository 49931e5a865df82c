"""Hard and Expert: single-observer Information-Set Monte Carlo Tree Search.

Every iteration samples a full state that the bot's seat cannot tell from the real one
(`sample_state`: hidden hands, draw order and reshuffle seed), walks the one tree of the bot's
information set choosing, among the actions legal in that sample, by PUCT (the fast heuristic of
`policy` gives the priors; a child's statistics count only the iterations where it was available),
adds one node, plays a short rollout with the fast greedy policy to the end of the turn after the
next round, and scores the result with `evaluate.win_values` (a win chance per seat from the
expected fame, or the real result if the game ended). Each seat's node statistics hold its own
reward, so rivals are modelled as playing for themselves (max-n) in 3-4 player games.

Moves that differ only in the card's fencing scene, or in which of two pawns on one space moves,
share one edge (`common.action_key`).

Budgets: a fixed iteration count (deterministic: the same seed gives the same decision on any
machine), scaled down for decisions with few distinct options, and an optional wall-clock cap
(`max_seconds`) which makes the result depend on the machine's speed.

Incremental use (the browser, which must not block its main thread for more than ~50 ms)::

    bot = toledo.bots.make_bot("hard", seed)      # or HardBot(seed) / ExpertBot(seed)
    search = bot.search(view, legal)              # a started Search (its seed from the bot)
    while not search.run(0.05):                   # at most ~0.05 s of work per call
        await yield_to_event_loop()
    action = search.best()                        # the same action bot.choose(view, legal) gives

`HardBot.choose` is exactly that loop without the yield. A bare `Search(iterations, seed,
max_seconds).start(view, legal)` works the same way. `best()` may be called at any time (before
the first iteration it returns the fast heuristic's favourite); `search.done` and `search.budget`
give the progress.
"""

from __future__ import annotations

import math
import random
import time
from typing import Sequence

from ..games.toledo.actions import Action
from ..games.toledo.state import Phase, State
from ..games.toledo.view import PlayerView, sample_state
from ..games.toledo.ai.common import ActionKey, action_key, group_actions
from ..games.toledo.ai.evaluate import DEFAULT, Weights, win_values
from ..games.toledo.ai.medium import MediumBot
from ..games.toledo.ai.policy import greedy, score_actions

# Calibrated so that the slowest 5 % of decisions stay under ~1 s natively (see scripts/bench_ai.py).
HARD_ITERATIONS = 1000
EXPERT_ITERATIONS = 3000


class SearchConfig:
    """The search's knobs (one object so tournaments can compare variants)."""

    __slots__ = ("c_puct", "prior_temperature", "horizon", "rollout_epsilon", "per_option", "min_iterations",
                 "weights", "root_lookahead", "root_temperature")

    def __init__(self, **kw: object) -> None:
        self.c_puct = 1.4
        self.prior_temperature = 0.8
        self.horizon = 0  # rollout turns played after the leaf's turn (then evaluated)
        self.rollout_epsilon = 0.15
        self.per_option = 40  # iterations per distinct option, for decisions with few options
        self.min_iterations = 60
        self.weights: Weights = DEFAULT
        self.root_lookahead = False  # priors of the first decision from Medium's lookahead (tested: weaker)
        self.root_temperature = 0.6  # in points of expected fame
        for key, value in kw.items():
            setattr(self, key, value)


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "player", "weights")

    def __init__(self, player: int) -> None:
        self.children: dict[ActionKey, _Node] = {}
        self.visits = 0
        self.avail = 0  # iterations in which this edge was legal (ISMCTS)
        self.total = 0.0  # sum of rewards of `player`, the seat that chose the edge into this node
        self.player = player
        self.weights: dict[ActionKey, float] = {}  # prior weights of the actions seen here


class Search:
    """ISMCTS for one decision. See the module docstring for the incremental protocol."""

    def __init__(self, iterations: int = HARD_ITERATIONS, seed: int = 0, max_seconds: float | None = None,
                 config: SearchConfig | None = None) -> None:
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.rng = random.Random(seed)
        self.config = config or SearchConfig()
        self.view: PlayerView | None = None
        self.root = _Node(-1)
        self._root_values: dict[ActionKey, float] = {}
        self.options: dict[ActionKey, Action] = {}
        self.done = 0
        self.budget = 0
        self.elapsed = 0.0

    # --- the incremental protocol -----------------------------------------------------------------
    def start(self, view: PlayerView, legal: Sequence[Action]) -> None:
        """Begin a search for `view.seat`, which must choose one of `legal`."""
        self.view = view
        self.root = _Node(view.seat)
        self.options = group_actions(legal, view)
        self.done = 0
        self.elapsed = 0.0
        n = len(self.options)
        cfg = self.config
        self.budget = 0 if n <= 1 else min(self.iterations, max(cfg.min_iterations, cfg.per_option * n))
        self._root_values: dict[ActionKey, float] = {}
        if n > 1 and cfg.root_lookahead:
            # a stronger opinion than the fast scorer where it matters most, at a few ms' cost
            lookahead = MediumBot(self.rng.getrandbits(32), samples=3, weights=cfg.weights)
            values = {key: value for key, (_, value) in lookahead.values(view, legal).items()}
            top = max(values.values())
            temp = cfg.root_temperature
            for key, value in values.items():
                self.root.weights[key] = math.exp(max(-30.0, (value - top) / temp))
            self._root_values = values

    def run(self, slice_seconds: float) -> bool:
        """Search for at most about `slice_seconds`; True once the budget is spent."""
        if self.view is None:
            raise RuntimeError("Search.run before Search.start")
        clock = time.perf_counter
        began = clock()
        stop = began + slice_seconds
        while not self.finished():
            self._iterate()
            self.done += 1
            now = clock()
            if now >= stop:
                break
        self.elapsed += clock() - began
        return self.finished()

    def finished(self) -> bool:
        if self.done >= self.budget:
            return True
        return self.max_seconds is not None and self.elapsed >= self.max_seconds

    def best(self) -> Action:
        """The most visited option so far (the heuristic's favourite before any iteration)."""
        if not self.options:
            raise RuntimeError("Search.best before Search.start")
        reps = list(self.options.values())
        if len(reps) == 1 or not self.root.children:
            return self._prior_best(reps)
        ranked = max(self.options, key=lambda k: self._rank(k))
        return self.options[ranked]

    def stats(self) -> list[tuple[str, int, float]]:
        """(action text, visits, mean reward) per option, most visited first: for debugging."""
        rows = []
        for key, rep in self.options.items():
            child = self.root.children.get(key)
            if child is not None and child.visits:
                rows.append((str(rep), child.visits, child.total / child.visits))
        return sorted(rows, key=lambda r: -r[1])

    # --- internals ------------------------------------------------------------------------------
    def _rank(self, key: ActionKey) -> tuple[int, float]:
        child = self.root.children.get(key)
        if child is None or not child.visits:
            return (0, 0.0)
        return (child.visits, child.total / child.visits)

    def _prior_best(self, reps: list[Action]) -> Action:
        assert self.view is not None
        if len(reps) == 1:
            return reps[0]
        if self._root_values:
            key = max(self.options, key=lambda k: self._root_values[k])
            return self.options[key]
        state = sample_state(self.view, random.Random(0))
        scores = score_actions(state, reps)
        return reps[scores.index(max(scores))]

    def _iterate(self) -> None:
        assert self.view is not None
        cfg = self.config
        rng = self.rng
        s = sample_state(self.view, rng)
        node = self.root
        path = [node]
        expanded = False
        while s.phase != Phase.OVER and not expanded:
            legal = s.legal_actions()
            groups = group_actions(legal, s) if node is not self.root else self.options
            player = s.current
            weights = node.weights
            missing = [rep for key, rep in groups.items() if key not in weights]
            if missing:
                scores = score_actions(s, missing)
                temp = cfg.prior_temperature
                top = max(scores)
                for rep, sc in zip(missing, scores):
                    weights[action_key(rep, s)] = math.exp((sc - top) / temp) if sc - top > -30 * temp else 1e-13
            total_w = 0.0
            for key in groups:
                total_w += weights[key]
            # PUCT over the options available in this sample; availability replaces parent visits
            children = node.children
            avail_n = 0
            for key in groups:
                child = children.get(key)
                if child is not None:
                    child.avail += 1
                    avail_n += child.visits
            sqrt_n = math.sqrt(avail_n + 1)
            # first-play urgency: an unvisited option starts near the chooser's current outlook
            parent_q = node.total / node.visits if node.visits else 0.5
            if node.player != player:
                parent_q = (1.0 - parent_q) / (s.n - 1)
            fpu = parent_q - 0.1
            best_key = None
            best_u = -1e18
            c = cfg.c_puct
            for key in groups:
                child = children.get(key)
                p = weights[key] / total_w
                if child is None or not child.visits:
                    u = fpu + c * p * sqrt_n
                else:
                    u = child.total / child.visits + c * p * sqrt_n / (1 + child.visits)
                if u > best_u:
                    best_u, best_key = u, key
            assert best_key is not None
            child = children.get(best_key)
            if child is None:
                child = _Node(player)
                child.avail = 1
                children[best_key] = child
                expanded = True
            elif not child.visits:
                expanded = True
            s.apply(groups[best_key], check=False)
            node = child
            path.append(node)
        reward = self._rollout(s)
        for n in path:
            n.visits += 1
            n.total += reward[n.player]

    def _rollout(self, s: State) -> list[float]:
        cfg = self.config
        rng = self.rng
        if s.phase != Phase.OVER:
            stop_turn = s.turn + cfg.horizon
            eps = cfg.rollout_epsilon
            steps = 0
            while s.phase != Phase.OVER and s.turn <= stop_turn and steps < 200:
                s.apply(greedy(s, s.legal_actions(), rng, eps), check=False)
                steps += 1
        return win_values(s, cfg.weights)


class HardBot:
    """ISMCTS with a fixed iteration budget (deterministic for a seed)."""

    name = "hard"

    def __init__(self, seed: int = 0, iterations: int = HARD_ITERATIONS, max_seconds: float | None = None,
                 config: SearchConfig | None = None) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.config = config
        self.last: Search | None = None

    def search(self, view: PlayerView, legal: Sequence[Action]) -> Search:
        """A started Search for this decision (its seed drawn from the bot's own generator)."""
        search = Search(self.iterations, self.rng.getrandbits(63), self.max_seconds, self.config)
        search.start(view, legal)
        return search

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        # always through `search` (even with one option) so the bot's generator advances the same
        # way whether the browser drives the slices or this loop does
        search = self.search(view, legal)
        while not search.run(0.05):
            pass
        self.last = search
        return search.best()


class ExpertBot(HardBot):
    name = "expert"

    def __init__(self, seed: int = 0, iterations: int = EXPERT_ITERATIONS, max_seconds: float | None = None,
                 config: SearchConfig | None = None) -> None:
        super().__init__(seed, iterations, max_seconds, config)
