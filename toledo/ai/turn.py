"""Whole-turn search: the best sequence of one's own actions to the end of the turn, for any game.

A turn of several actions is a small puzzle whose worth shows only when the turn ends. This search
walks the sequences of the seat's actions from the decision at hand to the end of its turn, level by
level (one action per level), and weighs every position where the turn is over by the game's
`turn_value`. Positions reached by different orders are one position (the game's `turn_key`), so
each is expanded once. It is a beam: at each level only the `width` most promising positions (by
their value if the turn ended there) are expanded, and from each only the game's `per_node` best
actions by its scorer (`turn_moves`); `width=0, per_node=0` walks every sequence (exhaustive, as
far as `max_positions` allows).

What a game supplies (optional attributes of its `Heuristics`; a game without them gets the generic
fallbacks below):

- ``turn_key(state)``: a hashable position key, equal for positions that are the same for the rest
  of the turn (None merges nothing);
- ``turn_moves(state, per_node)``: the actions worth trying, best first (the scorer's favourites);
- ``turn_value(state, seat)``: what the position is worth to `seat` (the baseline: points if the
  phase were scored now, against the best rival);
- ``turn_stop(state)``: an action that ends the turn at once, or None where the turn cannot stop.

The search samples one full state from the bot's view (its own generator): what it weighs must not
depend on what the seat cannot see, which the games' values respect (rivals' cards counted, not
named). It runs in slices (`run(seconds)`) like the other searches, so the page never freezes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any, Callable, Sequence

from ..core.heuristics import lead
from .bots import decide
from .games import GameAI, game_ai

TURN_WIDTH = 24  # positions expanded per level
TURN_PER_NODE = 10  # actions tried from each position
MAX_POSITIONS = 200_000  # a safety net for the exhaustive walk

Value = Callable[[Any, int], float]


def _margin_points(h: Any, state: Any, seat: int) -> float:
    return lead(h.points(state), seat)


class TurnSearch:
    """One decision's whole-turn search. `start`, then `run(slice)` until True, then `best()` / `plans()`."""

    def __init__(self, seed: int, width: int = TURN_WIDTH, per_node: int = TURN_PER_NODE, *,
                 game: str, value: Value | None = None, max_positions: int = MAX_POSITIONS) -> None:
        self.rng = random.Random(seed)
        self.game: GameAI = game_ai(game)
        self.width = width
        self.per_node = per_node
        self.max_positions = max_positions
        h = self.game.heuristics
        self.value: Value = value or getattr(h, "turn_value", None) or (lambda s, seat: _margin_points(h, s, seat))
        self.positions = 0  # distinct positions reached (ended turns included)
        self.expanded = 0
        self.complete = False  # every sequence walked (no beam cut, no cap reached)
        self.elapsed = 0.0
        # ended turns: their values and node indices (plain numbers: nothing for the garbage collector)
        self._leaf_values: list[float] = []
        self._leaf_nodes: list[int] = []

    # --- the incremental protocol -----------------------------------------------------------------
    def start(self, view: Any, legal: Sequence[Any], state: Any = None) -> None:
        """Begin for `view.seat`; `state` (a full state the seat cannot tell from the real one) may be
        given, else one is drawn from the view."""
        h = self.game.heuristics
        s = state.clone() if state is not None else self.game.sample_state(view, self.rng)
        self.me = view.seat
        self.legal = legal
        self.turn0 = h.turn(s)
        self._key: Callable[[Any], Hashable] | None = getattr(h, "turn_key", None)
        self._moves = getattr(h, "turn_moves", None)
        self._stop = getattr(h, "turn_stop", None)
        # the tree as two flat lists (node -> parent, node -> the action into it; node 0 is the root)
        # and the states of the nodes still to expand only: a long search keeps few objects alive, so
        # the garbage collector's full passes stay rare and short (they would stall the page)
        self.parents: list[int] = [-1]
        self.actions: list[Any] = [None]
        self.live: dict[int, Any] = {0: s}
        self.root = s
        self.seen: set[int] = set()  # position keys' hashes
        if self._key is not None:
            self.seen.add(hash(self._key(s)))
        self.frontier: list[int] = [0]
        self.next_values: list[float] = []
        self.next_nodes: list[int] = []
        self.cursor = 0
        self.positions = 1
        self.complete = not self.width and not self.per_node
        self._leaf_values = []
        self._leaf_nodes = []
        self._stopped = False

    def run(self, slice_seconds: float) -> bool:
        """Expand positions for about `slice_seconds`; True once the search is over."""
        clock = time.perf_counter
        began = clock()
        stop = began + slice_seconds
        while not self._stopped:
            if self.cursor >= len(self.frontier):
                self._next_level()
                continue
            self._expand(self.frontier[self.cursor])
            self.cursor += 1
            if clock() >= stop:
                break
        self.elapsed += clock() - began
        return self._stopped

    def finished(self) -> bool:
        return self._stopped

    def best(self) -> Any:
        """The first action of the best turn found (the game's stop action if none was found)."""
        plans = self.plans(1)
        if plans and plans[0][0]:
            return plans[0][0][0]
        s = self.root
        if self._stop is not None:
            action = self._stop(s)
            if action is not None:
                return action
        return self.legal[0]

    def plans(self, k: int) -> list[tuple[list[Any], float]]:
        """The `k` best turns found: (actions from the decision at hand to the turn's end, value)."""
        values, nodes = self._leaf_values, self._leaf_nodes
        ranked = sorted(range(len(values)), key=lambda i: (-values[i], nodes[i]))[:k]
        return [(self._path(nodes[i]), values[i]) for i in ranked]

    # --- internals ------------------------------------------------------------------------------
    def _path(self, i: int) -> list[Any]:
        out = []
        parents, actions = self.parents, self.actions
        while i > 0:
            out.append(actions[i])
            i = parents[i]
        out.reverse()
        return out

    def _candidates(self, s: Any) -> list[Any]:
        if self._moves is not None:
            return self._moves(s, self.per_node)
        h = self.game.heuristics
        reps = list(h.group(s.legal_actions(), s).values())
        if self.per_node and len(reps) > self.per_node:
            scores = h.score_actions(s, reps)
            order = sorted(range(len(reps)), key=lambda j: -scores[j])
            reps = [reps[j] for j in order[:self.per_node]]
        return reps

    def _expand(self, index: int) -> None:
        h = self.game.heuristics
        s = self.live.pop(index)
        me, turn0 = self.me, self.turn0
        key = self._key
        seen = self.seen
        parents, actions, live = self.parents, self.actions, self.live
        value_of = self.value
        self.expanded += 1
        for a in self._candidates(s):
            c = s.clone()
            h.advance(c, a)
            over = c.current_player != me or h.turn(c) != turn0
            if key is not None and not over:
                k = hash(key(c))
                if k in seen:
                    continue
                seen.add(k)
            j = len(parents)
            parents.append(index)
            actions.append(a)
            self.positions += 1
            value = value_of(c, me)
            if over:
                self._leaf_values.append(value)
                self._leaf_nodes.append(j)
            else:
                live[j] = c
                self.next_values.append(value)
                self.next_nodes.append(j)
        if self.positions >= self.max_positions:
            self.complete = False
            self._stopped = True
            self.live.clear()

    def _next_level(self) -> None:
        values, nodes = self.next_values, self.next_nodes
        self.next_values, self.next_nodes = [], []
        if not nodes:
            self._stopped = True
            return
        if self.width and len(nodes) > self.width:
            order = sorted(range(len(nodes)), key=lambda i: (-values[i], nodes[i]))
            for i in order[self.width:]:  # the positions the beam drops are forgotten at once
                del self.live[nodes[i]]
            nodes = [nodes[i] for i in order[:self.width]]
        self.frontier = nodes
        self.cursor = 0


class TurnBot:
    """The whole-turn baseline ("turn"): at each decision, the best turn by the game's `turn_value`
    (score now against the best rival), found by `TurnSearch`; the rest of that turn is played as
    planned while the plan stays legal."""

    name = "turn"
    width = TURN_WIDTH
    per_node = TURN_PER_NODE

    def __init__(self, seed: int, game: str, width: int | None = None,
                 per_node: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.game = game
        if width is not None:
            self.width = width
        if per_node is not None:
            self.per_node = per_node
        self.last: TurnSearch | None = None
        self._plan: list[Any] = []
        self._plan_step = -1  # the view's step at which the plan's next action is due

    def search(self, view: Any, legal: Sequence[Any]) -> Any:
        planned = self._planned(view, legal)
        if planned is not None:
            return _Ready(planned)
        search = _PlannedSearch(self, self.rng.getrandbits(63), self.width, self.per_node, self.game)
        search.start(view, legal)
        return search

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return decide(self.search(view, legal))

    def _planned(self, view: Any, legal: Sequence[Any]) -> Any:
        if self._plan and self._plan_step == view.step:
            action = self._plan[0]
            if any(action is a for a in legal) or action in legal:
                self._plan.pop(0)
                self._plan_step = view.step + 1
                return action
        self._plan = []
        return None

    def _keep(self, plan: list[Any], step: int) -> None:
        self._plan = plan[1:]
        self._plan_step = step + 1


class _PlannedSearch(TurnSearch):
    """A TurnSearch that hands its plan back to the bot once done, so later decisions of the turn
    follow it without searching again."""

    def __init__(self, bot: TurnBot, seed: int, width: int, per_node: int, game: str) -> None:
        super().__init__(seed, width, per_node, game=game)
        self.bot = bot
        self._step = -1

    def start(self, view: Any, legal: Sequence[Any], state: Any = None) -> None:
        super().start(view, legal, state)
        self._step = view.step

    def best(self) -> Any:
        plans = self.plans(1)
        if plans and plans[0][0]:
            self.bot._keep(plans[0][0], self._step)
            self.bot.last = self
            return plans[0][0][0]
        return super().best()


class _Ready:
    """A decision already made (the plan's next action), offered through the sliced protocol."""

    done = budget = 0

    def __init__(self, action: Any) -> None:
        self.action = action

    def run(self, slice_seconds: float) -> bool:
        return True

    def best(self) -> Any:
        return self.action
