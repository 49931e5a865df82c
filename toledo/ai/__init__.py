"""Computer opponents written once for every game: `easy`, `greedy`, `medium`, `hard`, `expert`.

Every bot is built as ``make_bot(level, seed, game)`` and answers ``choose(view, legal)``
from its own seat's view only; all its randomness comes from its own ``random.Random(seed)``, so a
game against it replays exactly. A game takes part by offering ``GAME.heuristics()``
(`toledo.core.heuristics.Heuristics`); this package imports no game.

- ``easy`` (`easy.EasyBot`): the game's action scores through a hot softmax.
- ``greedy`` (`greedy.GreedyBot`): each action's one-step gain in points (`Heuristics.greedy_scores`), the
  best taken; the yardstick the others are measured by. ``scorer`` (`greedy.ScorerBot`): the fast
  scorer's favourite instead (the yardstick before; kept for comparison).
- ``medium`` (`medium.MediumBot`): one-ply lookahead over sampled states, forced follow-ups resolved
  best-first, scored by the game's evaluation.
- ``turn`` (`turn.TurnBot`): the whole-turn baseline, the best sequence of actions to the end of its own
  turn by the game's `turn_value` (in Torres: the score if the phase were scored now).
- ``hard`` / ``expert``: in a game whose heuristics set `plan_search` for them (Torres), whole turns
  (`plan.PlanBot`); elsewhere ``ismcts`` / ``ismcts-expert``.
- ``ismcts`` (`search.HardBot`): ISMCTS, the game's `Heuristics.hard_iterations` per decision
  (`search.HARD_ITERATIONS` when a game names none); ``ismcts-expert``: the same with three times as many.
- ``plan`` / ``plan-expert`` (`plan.PlanBot`, benchmarks only): in a game whose heuristics set
  `plan_search` (Torres), whole turns from the turn search, each weighed against the rivals' best
  answers, on a smaller budget than Hard's; elsewhere the same as ``hard`` / ``expert``.

For the browser, `search.Search` runs in slices: ``start(view, legal)``, then ``run(0.05)`` until it
returns True, then ``best()``. `coach` gives hints and a game review on request. `tournament` is
``python -m toledo tournament`` (loaded by the command line only, so importing the AI never loads pydantic).
"""

from __future__ import annotations

from . import bots, plan
from .easy import EasyBot
from .greedy import GreedyBot, ScorerBot
from .medium import MediumBot
from .search import EXPERT_ITERATIONS, HARD_ITERATIONS, ExpertBot, HardBot, Search, SearchConfig
from .turn import TurnBot, TurnSearch

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")  # the levels a player may choose

bots.register("easy", EasyBot)
bots.register("greedy", GreedyBot)
bots.register("scorer", ScorerBot)
bots.register("medium", MediumBot)
# Hard and Expert search whole turns where a game offers them (`plan_search` names "hard" / "expert"),
# else the ISMCTS; "ismcts" and "ismcts-expert" are the ISMCTS in every game, for comparison
bots.register("hard", plan.level("hard", HardBot))
bots.register("expert", plan.level("expert", ExpertBot))
bots.register("ismcts", HardBot)
bots.register("ismcts-expert", ExpertBot)
bots.register("turn", TurnBot)
bots.register("plan", plan.level("plan", HardBot))  # whole turns where a game offers them, else Hard
bots.register("plan-expert", plan.level("plan-expert", ExpertBot))

__all__ = ["EXPERT_ITERATIONS", "HARD_ITERATIONS", "LEVELS", "EasyBot", "ExpertBot", "GreedyBot", "HardBot",
           "MediumBot", "ScorerBot", "Search", "SearchConfig", "TurnBot", "TurnSearch", "bots"]
