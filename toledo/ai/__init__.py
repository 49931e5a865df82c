"""Computer opponents: the levels `easy`, `medium`, `hard` and `expert`.

Every bot is built as ``factory(seed)`` and answers ``choose(view, legal) -> Action`` from its own
seat's `PlayerView` only; all its randomness comes from its own ``random.Random(seed)``, so a game
against it replays exactly.

- ``easy`` (`easy.EasyBot`): the fast heuristic of `policy` sampled through a hot softmax.
- ``medium`` (`medium.MediumBot`): one-ply lookahead over the turn's options on a few sampled
  states, forced follow-ups resolved greedily, scored by `evaluate.estimate`.
- ``hard`` (`search.HardBot`): ISMCTS, `search.HARD_ITERATIONS` iterations per decision (0.4 s
  natively at the 95th percentile); ``expert``: the same with `search.EXPERT_ITERATIONS`.

For the browser, `search.Search` runs in slices: ``start(view, legal)``, then ``run(0.05)`` until it
returns True, then ``best()``. `tournament` is ``python -m toledo tournament`` (loaded by the
command line only, so importing the AI never loads pydantic).
"""

from __future__ import annotations

from . import bots
from ..games.toledo.ai.easy import EasyBot
from ..games.toledo.ai.medium import MediumBot
from .search import EXPERT_ITERATIONS, HARD_ITERATIONS, ExpertBot, HardBot, Search, SearchConfig

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")

bots.register("easy", EasyBot)
bots.register("medium", MediumBot)
bots.register("hard", HardBot)
bots.register("expert", ExpertBot)

__all__ = ["EXPERT_ITERATIONS", "HARD_ITERATIONS", "LEVELS", "EasyBot", "ExpertBot", "HardBot", "MediumBot", "Search",
           "SearchConfig"]
