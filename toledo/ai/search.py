"""Hard and Expert: single-observer Information-Set Monte Carlo Tree Search, written once for every game.

Every iteration samples a full state that the bot's seat cannot tell from the real one (the game's
`sample_state`: hidden hands, draw order, future shuffles), walks the one tree of the bot's
information set choosing, among the options legal in that sample, by PUCT (the game's action scores
give the priors; a child's statistics count only the iterations where it was available), adds one
node, finishes the turn in progress (and the next `playout_turns` turns, where the game asks for its
rivals' answer) with the game's playout policy, and scores the result with the game's `win_values` (a
win chance per seat, or the real result once the game is over). Where the game sets `search_turns`, every
leaf is weighed instead at the end of one and the same turn, that many turns after the decision's own:
the tree grows no further and playouts finish the turns up to it. Weighing some leaves after the
bot's own turn and others after a rival's mixes positions in which different players have just
gained: in Toledo that cost more strength than the look at the rival's answer gave. Each seat's node statistics hold its
own reward, so rivals are modelled as playing for themselves (max-n) in games of three or four.

Where the game sets `lookahead_priors`, the root's priors come from Medium's lookahead (run in the
first slices) instead of the scorer: a game with dozens of options a turn needs its first choices
ranked by where they lead, not by a glance.

The game supplies only its heuristics (`toledo.core.heuristics.Heuristics`): alike actions share an
edge (`group`), priors (`score_actions`), playouts (`rollout_action`, `turn`), leaves (`win_values`). A game
may add `playout_action(state, rng)`, the playout policy's choice without the legal list handed in
(it must choose exactly as `rollout_action(state, state.legal_actions(), rng)`): the playouts use it.
It may add `playout(state, rng, last_turn, max_steps)` as well, the whole playout loop (`playout_action`
applied until the game is over, the turn `last_turn` has ended or `max_steps` actions were played):
the playouts then call it once instead of four of the game's methods per action. And
`group_legal(state)`, `group(state.legal_actions(), state)` without the legal list: the tree's nodes
below the root use it.

Budgets: a fixed iteration count (deterministic: the same seed gives the same decision on any
machine), scaled down for decisions with few distinct options, and an optional wall-clock cap
(`max_seconds`) which makes the result depend on the machine's speed. A search that only has to
decide (`settle`, which the bots' searches use) stops as soon as the most visited option leads the
next by more than the iterations left: no remaining iteration could change the most visited, so the
decision is the one the whole budget gives, sooner (only `ranking()`'s counts are smaller; the coach,
which shows them, runs the whole budget).

Incremental use (the browser, which must not block its main thread for more than ~50 ms)::

    bot = toledo.ai.bots.make_bot("hard", seed, game="toledo")
    search = bot.search(view, legal)              # a started Search (its seed from the bot)
    while not search.run(0.05):                   # at most ~0.05 s of work per call
        await yield_to_event_loop()
    action = search.best()                        # the same action bot.choose(view, legal) gives

`HardBot.choose` is exactly that loop without the yield. A bare `Search(iterations, seed,
max_seconds, game=...).start(view, legal)` works the same way. `best()` may be called at any time
(before the first iteration it returns the priors' favourite); `search.done` and `search.budget`
give the progress; `ranking()` gives every option's visits and value (the coach reads it).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from typing import Any, Sequence

from .bots import decide
from .games import GameAI, game_ai
from .medium import MediumBot, MediumSearch

# Calibrated so that the slowest 5 % of decisions stay within the browser budget (scripts/bench_ai.py).
HARD_ITERATIONS = 1000
EXPERT_ITERATIONS = 3000
MIN_ITERATIONS = 60  # the least a decision with two or more options gets
MAX_PLAYOUT_STEPS = 200  # actions a playout plays at most


class SearchConfig:
    """The search's knobs (one object so tournaments can compare variants)."""

    __slots__ = ("c_puct", "c_puct_players", "horizon", "search_turns", "per_option", "min_iterations",
                 "fpu_reduction")

    def __init__(self, **kw: object) -> None:
        self.c_puct = 1.4
        self.c_puct_players: dict[int, float] = {}  # the exploration constant where a table size wants its own
        self.horizon = 0  # playout turns after the leaf's turn (then evaluated); by default the game's own
        self.search_turns = 0  # > 0: every leaf weighed at the end of the root's turn + this (the game's own)
        self.per_option = 40  # iterations per distinct option, for decisions with few options
        self.min_iterations = MIN_ITERATIONS
        self.fpu_reduction = 0.1  # an unvisited option starts this far below its parent's value
        for key, value in kw.items():
            setattr(self, key, value)

    @classmethod
    def for_game(cls, heuristics: Any, scale: int = 1) -> SearchConfig:
        """The game's own settings; `scale` multiplies every budget (the iterations per option as well
        as the cap, or a longer search would only help decisions with many options)."""
        return cls(horizon=getattr(heuristics, "playout_turns", 0), search_turns=getattr(heuristics, "search_turns", 0),
                   per_option=scale * getattr(heuristics, "hard_per_option", 40), min_iterations=scale * MIN_ITERATIONS,
                   c_puct_players=dict(getattr(heuristics, "hard_c_puct", {})))

    def exploration(self, players: int) -> float:
        """The exploration constant for a table of `players`."""
        return self.c_puct_players.get(players, self.c_puct)


class _Node:
    __slots__ = ("children", "visits", "total", "player", "weights")

    def __init__(self, player: int) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of rewards of `player`, the seat that chose the edge into this node
        self.player = player
        self.weights: dict[Hashable, float] = {}  # prior weights of the options seen here


class Search:
    """ISMCTS for one decision. See the module docstring for the incremental protocol."""

    def __init__(self, iterations: int = HARD_ITERATIONS, seed: int = 0, max_seconds: float | None = None,
                 config: SearchConfig | None = None, *, game: str, settle: bool = False) -> None:
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.settle = settle  # stop once the most visited option can no longer be overtaken
        self.rng = random.Random(seed)
        self.game: GameAI = game_ai(game)
        h = self.game.heuristics
        self.config = config or SearchConfig.for_game(h)
        self.view: Any = None
        self.root = _Node(-1)
        self.options: dict[Hashable, Any] = {}
        self.players = 0
        self.c_puct = self.config.c_puct  # this decision's exploration constant (the table size's own)
        self.done = 0
        self.budget = 0
        self.elapsed = 0.0
        self._per_iteration = 0.0  # seconds, a running mean (for ending a slice in time)
        self._lookahead: MediumSearch | None = None  # Medium's lookahead, run first when it gives the priors
        self._last_turn = -1  # with `search_turns`: the turn at whose end every leaf is weighed
        self._settled = False
        self._root_priors: list[tuple[Hashable, float]] | None = None  # the root's (option, prior), once known

    # --- the incremental protocol -----------------------------------------------------------------
    def start(self, view: Any, legal: Sequence[Any], only: Any = None) -> None:
        """Begin a search for `view.seat`, which must choose one of `legal`. With `only` (one of
        `legal`) the search weighs that option alone, spending the whole budget on its value."""
        self.view = view
        self.players = view.num_players
        self.c_puct = self.config.exploration(self.players)
        self.root = _Node(view.seat)
        self.options = self.game.heuristics.group(legal, view)
        self.done = 0
        self.elapsed = 0.0
        self._last_turn = -1
        self._settled = False
        self._root_priors = None
        n = len(self.options)
        cfg = self.config
        self.budget = 0 if n <= 1 else min(self.iterations, max(cfg.min_iterations, cfg.per_option * n))
        if only is not None:
            key = next(k for k, rep in self.game.heuristics.group([only], view).items())
            self.options = {key: self.options[key]}
            self.budget = self.iterations
        self._lookahead = None
        if n > 1 and only is None and getattr(self.game.heuristics, "lookahead_priors", 0.0) > 0:
            self._lookahead = MediumBot(self.rng.getrandbits(32), game=self.game.name).search(view, legal)

    def run(self, slice_seconds: float) -> bool:
        """Search for at most about `slice_seconds`; True once the budget is spent."""
        if self.view is None:
            raise RuntimeError("Search.run before Search.start")
        clock = time.perf_counter
        began = last = clock()
        stop = began + slice_seconds
        if self._lookahead is not None:
            # the lookahead's values become the root's priors before the first iteration; the slice ends
            # with the lookahead's part (its last pair and an iteration could overrun it together)
            if self._lookahead.run(slice_seconds):
                self._seed_priors(self._lookahead.values())
                self._lookahead = None
            self.elapsed += clock() - began
            return False
        settle = self.settle and self._lookahead is None and len(self.options) > 1
        while not self.finished():
            self._iterate()
            self.done += 1
            if settle and self._lead() > self.budget - self.done:
                self._settled = True
                break
            now = clock()
            # a running mean of an iteration's time: stop before one that would likely overrun the slice
            self._per_iteration = 0.8 * self._per_iteration + 0.2 * (now - last) if self._per_iteration else now - last
            last = now
            if now + self._per_iteration >= stop:
                break
        self.elapsed += clock() - began
        return self.finished()

    def finished(self) -> bool:
        if self.done >= self.budget or self._settled:
            return True
        return self.max_seconds is not None and self.elapsed >= self.max_seconds

    @property
    def cut(self) -> bool:
        """Did `max_seconds` end the search before its budget was spent (or the choice settled)?"""
        return self.max_seconds is not None and self.elapsed >= self.max_seconds and self.done < self.budget \
            and not self._settled

    def best(self) -> Any:
        """The most visited option so far (the priors' favourite before any iteration)."""
        if not self.options:
            raise RuntimeError("Search.best before Search.start")
        reps = list(self.options.values())
        if len(reps) == 1 or not self.root.children:
            return self._prior_best(reps)
        return self.options[max(self.options, key=self._rank)]

    def ranking(self) -> list[tuple[Any, int, float]]:
        """(representative action, visits, mean win value) per option, best first."""
        rows = []
        for key, rep in self.options.items():
            child = self.root.children.get(key)
            visits = child.visits if child is not None else 0
            rows.append((rep, visits, child.total / visits if visits and child is not None else 0.0))
        order = {key: i for i, key in enumerate(self.options)}
        keys = {id(rep): key for key, rep in self.options.items()}
        return sorted(rows, key=lambda r: (-r[1], -r[2], order[keys[id(r[0])]]))

    def stats(self) -> list[tuple[str, int, float]]:
        """(action text, visits, mean reward) per visited option, most visited first: for debugging."""
        return [(str(a), v, q) for a, v, q in self.ranking() if v]

    # --- internals ------------------------------------------------------------------------------
    def _lead(self) -> int:
        """How many visits the most visited option has over the next (over nothing, if it is alone)."""
        first = second = 0
        for child in self.root.children.values():
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second

    def _rank(self, key: Hashable) -> tuple[int, float]:
        child = self.root.children.get(key)
        if child is None or not child.visits:
            return (0, 0.0)
        return (child.visits, child.total / child.visits)

    def _seed_priors(self, values: dict[Hashable, tuple[Any, float]]) -> None:
        """Root priors from Medium's lookahead (points ahead of the best rival after the turn): a softmax
        at the game's `lookahead_priors` temperature; options Medium left out get a fifth of the least."""
        temp = self.game.heuristics.lookahead_priors
        margins = {key: value for key, (_, value) in values.items()}
        top = max(margins.values())
        weights = self.root.weights
        for key, margin in margins.items():
            weights[key] = math.exp((margin - top) / temp)
        low = min(weights.values())
        for key in self.options:
            if key not in margins:
                weights[key] = 0.2 * low

    def _prior_best(self, reps: list[Any]) -> Any:
        if len(reps) == 1:
            return reps[0]
        state = self.game.sample_state(self.view, random.Random(0))
        scores = self.game.heuristics.score_actions(state, reps)
        return reps[scores.index(max(scores))]

    def _iterate(self) -> None:
        cfg = self.config
        h = self.game.heuristics
        s = self.game.sample_state(self.view, self.rng)
        if cfg.search_turns and self._last_turn < 0:
            self._last_turn = h.turn(s) + cfg.search_turns
        bounded = cfg.search_turns > 0
        last_turn = self._last_turn
        node = self.root
        path = [node]
        expanded = False
        others = self.players - 1
        c = self.c_puct
        group_legal = getattr(h, "group_legal", None)  # the game's grouping without the legal list, where it has one
        while not expanded:
            player = s.current_player
            if player < 0 or (bounded and h.turn(s) > last_turn):
                break
            children = node.children
            if node is self.root:
                # every option is legal in every sample here: the priors are worked out once, and the
                # visits of the available options are the root's own
                groups = self.options
                priors = self._root_priors
                if priors is None:
                    self._add_priors(node, groups, s)
                    priors = self._root_priors = self._priors(node.weights, groups)
                sqrt_n = math.sqrt(node.visits + 1)
                fpu = (node.total / node.visits if node.visits else 0.5) - cfg.fpu_reduction
            else:
                groups = group_legal(s) if group_legal is not None else h.group(s.legal_actions(), s)
                if not groups.keys() <= node.weights.keys():  # (a set comparison, in C) options new to this node
                    self._add_priors(node, groups, s)
                priors = self._priors(node.weights, groups)
                # PUCT over the options available in this sample; availability replaces parent visits
                avail_n = 0
                for key in groups:
                    child = children.get(key)
                    if child is not None:
                        avail_n += child.visits
                sqrt_n = math.sqrt(avail_n + 1)
                # first-play urgency: an unvisited option starts a little below the chooser's outlook, at a
                # change of seat taken as (1 - the last mover's mean) shared among the rivals. That is the
                # chooser's own outlook with two players (their values add up to one); with three or four
                # it starts far lower, so a seat keeps to the option it tried first (the priors' favourite)
                # for longer. Starting every seat from its own mean instead won no more games with three or
                # four players (docs/ai.md, *After the constant*)
                parent_q = node.total / node.visits if node.visits else 0.5
                if node.player != player:
                    parent_q = (1.0 - parent_q) / others
                fpu = parent_q - cfg.fpu_reduction
            best_key = None
            best_u = -1e18
            for key, p in priors:
                child = children.get(key)
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
                children[best_key] = child
                expanded = True
            elif not child.visits:
                expanded = True
            h.advance(s, groups[best_key])
            node = child
            path.append(node)
        reward = self._rollout(s)
        for n in path:
            n.visits += 1
            n.total += reward[n.player]

    def _add_priors(self, node: _Node, groups: dict[Hashable, Any], s: Any) -> None:
        """Prior weights (a softmax of the game's action scores) for the options new to `node`."""
        h = self.game.heuristics
        temp = h.prior_temperature
        weights = node.weights
        missing = [key for key in groups if key not in weights]
        if not missing:
            return
        scores = h.score_actions(s, [groups[key] for key in missing])
        top = max(scores)
        for key, sc in zip(missing, scores):
            weights[key] = math.exp((sc - top) / temp) if sc - top > -30 * temp else 1e-13

    @staticmethod
    def _priors(weights: dict[Hashable, float], groups: dict[Hashable, Any]) -> list[tuple[Hashable, float]]:
        """(option, prior) for `groups`, the weights normalised over them."""
        total_w = 0.0
        for key in groups:
            total_w += weights[key]
        return [(key, weights[key] / total_w) for key in groups]

    def _rollout(self, s: Any) -> list[float]:
        h = self.game.heuristics
        rng = self.rng
        if s.current_player >= 0:
            stop_turn = self._last_turn if self.config.search_turns else h.turn(s) + self.config.horizon
            whole = getattr(h, "playout", None)  # the game's own playout loop, where it has one
            if whole is not None:
                whole(s, rng, stop_turn, MAX_PLAYOUT_STEPS)
                return h.win_values(s)
            play = getattr(h, "playout_action", None)  # the game's one-pass playout step, where it has one
            steps = 0
            while steps < MAX_PLAYOUT_STEPS and s.current_player >= 0 and h.turn(s) <= stop_turn:
                h.advance(s, play(s, rng) if play is not None else h.rollout_action(s, s.legal_actions(), rng))
                steps += 1
        return h.win_values(s)


class HardBot:
    """ISMCTS with a fixed iteration budget (deterministic for a seed): the game's own
    `hard_iterations` when it names one (a game whose iterations cost more gets fewer), times
    `scale` (Expert searches three times as long)."""

    name = "hard"
    scale = 1

    def __init__(self, seed: int, iterations: int | None = None, max_seconds: float | None = None,
                 config: SearchConfig | None = None, *, game: str) -> None:
        self.rng = random.Random(seed)
        if iterations is None:
            iterations = self.scale * getattr(game_ai(game).heuristics, "hard_iterations", HARD_ITERATIONS)
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.config = config or SearchConfig.for_game(game_ai(game).heuristics, self.scale)
        self.game = game
        self.last: Search | None = None

    def search(self, view: Any, legal: Sequence[Any]) -> Search:
        """A started Search for this decision (its seed drawn from the bot's own generator)."""
        search = Search(self.iterations, self.rng.getrandbits(63), self.max_seconds, self.config, game=self.game,
                        settle=True)
        search.start(view, legal)
        return search

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        # always through `search` (even with one option) so the bot's generator advances the same
        # way whether the browser drives the slices or this loop does
        self.last = search = self.search(view, legal)
        return decide(search)


class ExpertBot(HardBot):
    name = "expert"
    scale = EXPERT_ITERATIONS // HARD_ITERATIONS
