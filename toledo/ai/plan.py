"""Whole turns as the unit of choice: the search behind Hard and Expert in games that offer it.

A decision is made in two steps, both in slices:

1. the whole-turn search (`turn.TurnSearch`) finds the `plans` best sequences of the seat's own
   actions to the end of its turn, each weighed by the game's `plan_value` (expected final points
   against the best rival: what the position can still become, not only what a scoring would pay
   now), and with `now_plans` also the best few by the game's `turn_value` (score now), from a second
   beam;
2. each of those turns is played on `samples` states drawn from the seat's view, the rivals then
   answer with their own best turns (a narrower whole-turn search, Medium's lookahead or the game's
   playout policy), for `rounds` rounds (from the second on the seat's own turn too, by the same
   model), and the position when the seat is next to act is weighed by the game's `plan_points` (else
   `points`). The turn with the best mean margin is played, and its later actions follow without
   searching again while they stay legal.

With `max_seconds` (where a person waits for the answer: the page) the search answers once it has
thought that long: the turns are weighed in the order the turn search ranks them, each on every
sampled state before the next, so a search cut short chooses among the turns ranked first, each
weighed in full. Without it (the ladder, the tests, the benchmarks' native runs) every decision takes
its whole budget and replays the same on any machine.

A game takes part by setting `plan_search` on its heuristics (see `PlanConfig.for_game`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator
from typing import Any, Callable, Sequence

from ..core.heuristics import lead
from .bots import decide
from .games import GameAI, game_ai
from .medium import MediumBot
from .turn import TurnSearch


class PlanConfig:
    """The plan search's knobs: the turn search's beam for its own turns, how many turns go to the
    second step, on how many sampled states, and how the rivals answer (`reply_by` "lookahead": Medium's
    lookahead, `MediumBot.play_turn`; else with `reply_width` 0 the playout policy, otherwise a turn search of
    that width trying `reply_per_node` actions per position) and for how many `rounds`. `players`
    maps a number of players to the knobs that differ at that table size (every rival answers, so a
    search with more players costs more per sampled state)."""

    __slots__ = ("width", "per_node", "plans", "samples", "reply_width", "reply_per_node", "reply_seats", "reply_by",
                 "rounds", "against", "rivals", "now_plans", "players")

    def __init__(self, **kw: Any) -> None:
        self.width = 24
        self.per_node = 10
        self.plans = 6
        self.samples = 2
        self.reply_width = 6
        self.reply_per_node = 6
        self.reply_seats = 3  # the rivals after the seat who answer by the model below (the rest by the playout policy)
        # "search": the rivals answer by a turn search (`reply_width`); "lookahead": by Medium's lookahead, each
        # of the scorer's favourite first actions completed by the scorer, a fraction of a turn search's work
        self.reply_by = "search"
        # rounds played before a leaf is weighed: with 2, the seat's own next turn and the rivals' answers to
        # it as well, so what a turn leaves the rivals for later (a castle to join, room to place) shows
        self.rounds = 1
        # margins against the best rival (0), the rivals' mean (1) or a mix of the two (the mean's share);
        # with two players all are the same
        self.against = 0.0
        self.rivals = 1.0  # how many times a rival's point counts against one of the seat's own (see `lead`)
        # candidates taken from a second turn search valued by the game's `turn_value` (score now): the
        # turns a score-now player would make are weighed too, not only those the evaluation ranks first
        self.now_plans = 0
        self.players: dict[int, dict[str, Any]] = {}
        for key, value in kw.items():
            setattr(self, key, value)

    def for_players(self, n: int) -> PlanConfig:
        """The knobs for a game of `n` players (this config when nothing differs)."""
        changes = self.players.get(n)
        if not changes:
            return self
        knobs = {key: getattr(self, key) for key in self.__slots__ if key != "players"}
        knobs.update(changes)
        return PlanConfig(**knobs)

    @classmethod
    def for_game(cls, heuristics: Any, level: str) -> PlanConfig:
        return cls(**dict(getattr(heuristics, "plan_search", {}).get(level, {})))


class PlanSearch:
    """One decision (see the module docstring): `start`, `run(slice)` until True, `best()`."""

    def __init__(self, seed: int, config: PlanConfig, game: str, max_seconds: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.config = config
        self.max_seconds = max_seconds
        self.cut = False  # did `max_seconds` end the weighing before every candidate was weighed?
        self.game: GameAI = game_ai(game)
        self.done = 0
        self.budget = 1
        self.elapsed = 0.0
        self.candidates: list[list[Any]] = []
        self.totals: list[float] = []
        self._medium: MediumBot | None = None  # the rivals' model when they answer by Medium's lookahead

    def start(self, view: Any, legal: Sequence[Any]) -> None:
        h = self.game.heuristics
        cfg = self.config
        self.view = view
        self.me = view.seat
        self.legal = legal
        value = getattr(h, "plan_value", None)
        self.points = getattr(h, "plan_points", h.points)
        if cfg.against or cfg.rivals != 1.0:
            value = self._margin
        self.turns = TurnSearch(self.rng.getrandbits(63), cfg.width, cfg.per_node, game=self.game.name, value=value)
        self.turns.start(view, legal)
        self.now: TurnSearch | None = None
        if cfg.now_plans:
            self.now = TurnSearch(self.rng.getrandbits(63), cfg.width, cfg.per_node, game=self.game.name)
            self.now.start(view, legal)
        self.states: list[Any] = []
        self.candidates = []
        self.totals = []
        self.done = 0
        self.budget = 1
        self.cut = False
        self._pairs = 0
        self._job: Generator[None, None, float] | None = None

    def run(self, slice_seconds: float) -> bool:
        clock = time.perf_counter
        began = clock()
        stop = began + slice_seconds
        if not self.turns.finished():
            if not self.turns.run(slice_seconds):
                self.elapsed += clock() - began
                return False
            if self.now is None:
                self._choose_candidates()
        if self.now is not None and not self.now.finished():
            if not self.now.run(max(0.0, stop - clock())):
                self.elapsed += clock() - began
                return False
            self._choose_candidates()
        # each (turn, sample) pair is a generator that pauses between small steps, so a slice ends in time
        while self._pairs < self.budget:
            plan, sample = divmod(self._pairs, max(1, len(self.states)))
            if self._job is None:
                self._job = self._weigh(self.candidates[plan], self.states[sample])
            try:
                next(self._job)
            except StopIteration as result:
                self.totals[plan] += result.value
                self._pairs += 1
                self.done = self._pairs
                self._job = None
            now = clock()
            if self.max_seconds is not None and self.elapsed + (now - began) >= self.max_seconds:
                self.cut = self._pairs < self.budget
                break
            if now >= stop:
                break
        self.elapsed += clock() - began
        return self.cut or self._pairs >= self.budget

    def finished(self) -> bool:
        return self.turns.finished() and (self.now is None or self.now.finished()) and \
            (self.cut or self._pairs >= self.budget)

    def best_plan(self) -> list[Any]:
        if not self.candidates:
            plans = self.turns.plans(1)
            return plans[0][0] if plans else []
        # the candidates weighed on every sampled state (all of them unless the time limit cut the search)
        weighed = self._pairs // max(1, len(self.states)) if self.cut else len(self.candidates)
        if len(self.candidates) == 1 or not self._pairs or not weighed:
            return self.candidates[0]
        best = max(range(weighed), key=lambda i: (self.totals[i], -i))
        return self.candidates[best]

    def best(self) -> Any:
        plan = self.best_plan()
        return plan[0] if plan else self.turns.best()

    # --- internals ------------------------------------------------------------------------------
    def _choose_candidates(self) -> None:
        cfg = self.config
        plans = self.turns.plans(max(1, cfg.plans * 3))
        if self.now is not None:  # the evaluation's favourite, the score-now favourites, then the rest
            plans = plans[:1] + self.now.plans(cfg.now_plans) + plans[1:]
        seen_first: dict[Any, int] = {}
        out: list[list[Any]] = []
        for actions, _ in plans:
            if not actions:
                continue
            # at most two turns per first action, so the choice is among different starts
            first = actions[0]
            if actions in out or seen_first.get(first, 0) >= 2:
                continue
            seen_first[first] = seen_first.get(first, 0) + 1
            out.append(actions)
            if len(out) >= cfg.plans:
                break
        self.candidates = out
        self.totals = [0.0] * len(out)
        if len(out) > 1 and len({a[0] for a in out}) > 1:
            self.states = [self.game.sample_state(self.view, self.rng) for _ in range(cfg.samples)]
            self.budget = len(out) * len(self.states)
        else:
            self.budget = 0
        self._pairs = 0

    def _weigh(self, plan: list[Any], sample: Any) -> Generator[None, None, float]:
        h = self.game.heuristics
        me = self.me
        s = sample.clone()
        turn0 = h.turn(s)
        rng = self.rng
        for a in plan:
            if s.current_player != me or h.turn(s) != turn0:
                break
            legal = s.legal_actions()
            if not (any(a is b for b in legal) or a in legal):
                a = h.rollout_action(s, legal, rng)
            h.advance(s, a)
        steps = 0
        while steps < 400 and s.current_player >= 0 and h.turn(s) == turn0:
            h.advance(s, h.rollout_action(s, s.legal_actions(), rng))
            steps += 1
        yield
        # the rivals' answers, each its own best turn, until the seat is to act again; from the second
        # round on the seat's own turn is played by the same model first
        for done in range(self.config.rounds):
            if done:
                if s.current_player != me:
                    break
                s = yield from self._reply(s, True)
                steps += 1
            searched = 0
            while steps < 400 and s.current_player >= 0 and s.current_player != me:
                s = yield from self._reply(s, searched < self.config.reply_seats)
                searched += 1
                steps += 1
        return self._margin(s, me)

    def _margin(self, s: Any, seat: int) -> float:
        """What a position is worth to `seat`, its own turns and the leaves alike: its points less the
        rivals' as the config weighs them (`lead`: the mean's share, the rivals' weight)."""
        cfg = self.config
        return lead(self.points(s), seat, cfg.against, cfg.rivals)

    def _reply(self, s: Any, search_it: bool) -> Generator[None, None, Any]:
        """The turn of the player on turn in `s`, played by the config's model of a rival; returns the
        position after it (`s` itself, or the copy the lookahead ended on)."""
        h = self.game.heuristics
        cfg = self.config
        seat = s.current_player
        turn = h.turn(s)
        if cfg.reply_by == "lookahead" and search_it:
            if self._medium is None:
                self._medium = MediumBot(self.rng.getrandbits(32), game=self.game.name)
            s = yield from self._medium.play_turn(s)
        elif cfg.reply_width and search_it:
            search = TurnSearch(self.rng.getrandbits(32), cfg.reply_width, cfg.reply_per_node, game=self.game.name)
            search.start(s.view(seat), s.legal_actions(), state=s)
            while not search.run(0.0):  # one position expanded per step
                yield
            plans = search.plans(1)
            for a in plans[0][0] if plans else []:
                if s.current_player != seat or h.turn(s) != turn:
                    break
                h.advance(s, a)
        while s.current_player == seat and h.turn(s) == turn:
            h.advance(s, h.rollout_action(s, s.legal_actions(), self.rng))
        return s


class PlanBot:
    """The whole-turn levels ("plan", "plan-expert") through `PlanSearch`, with the game's settings for the level."""

    name = "plan"

    def __init__(self, seed: int, game: str, level: str = "plan",
                 config: PlanConfig | None = None, max_seconds: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.game = game
        self.name = level
        self.max_seconds = max_seconds
        self.config = config or PlanConfig.for_game(game_ai(game).heuristics, level)
        self.last: PlanSearch | None = None
        self._plan: list[Any] = []
        self._plan_step = -1

    def search(self, view: Any, legal: Sequence[Any]) -> Any:
        if self._plan and self._plan_step == view.step:
            action = self._plan[0]
            if any(action is a for a in legal) or action in legal:
                return _Follow(self, action, view.step)
        self._plan = []
        search = _BotPlanSearch(self, self.rng.getrandbits(63), self.config.for_players(view.num_players), self.game,
                                self.max_seconds)
        search.start(view, legal)
        return search

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return decide(self.search(view, legal))


class _BotPlanSearch(PlanSearch):
    def __init__(self, bot: PlanBot, seed: int, config: PlanConfig, game: str, max_seconds: float | None) -> None:
        super().__init__(seed, config, game, max_seconds)
        self.bot = bot

    def best(self) -> Any:
        plan = self.best_plan()
        self.bot.last = self
        if plan:
            self.bot._plan = plan[1:]
            self.bot._plan_step = self.view.step + 1
            return plan[0]
        return self.turns.best()


class _Follow:
    """The plan's next action, offered through the sliced protocol."""

    done = budget = 0

    def __init__(self, bot: PlanBot, action: Any, step: int) -> None:
        self.bot = bot
        self.action = action
        self.step = step

    def run(self, slice_seconds: float) -> bool:
        return True

    def best(self) -> Any:
        self.bot._plan = self.bot._plan[1:]
        self.bot._plan_step = self.step + 1
        return self.action


def level(name: str, fallback: Callable[..., Any]) -> Callable[..., Any]:
    """The factory for level `name` ("plan", "plan-expert"): a `PlanBot` in a game whose heuristics set
    `plan_search` for that level, else `fallback` (the ISMCTS levels)."""

    def make(seed: int, game: str) -> Any:
        if name in getattr(game_ai(game).heuristics, "plan_search", {}):
            return PlanBot(seed, game=game, level=name)
        return fallback(seed, game=game)

    return make
