"""The games as the computer players see them: a game's heuristics and its state sampler, by name.

The AI never imports a game: it asks the registry for the game's `GAME` and that object for its
heuristics (`toledo.core.heuristics.Heuristics`), so one search and one set of levels serve every
game that supplies them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from ..core import registry
from ..core.heuristics import Heuristics

@dataclass(frozen=True, slots=True)
class GameAI:
    name: str
    heuristics: Heuristics
    sample_state: Callable[[Any, random.Random], Any]  # view, rng -> a full state the seat cannot tell apart


_LOADED: dict[str, GameAI] = {}


def game_ai(name: str) -> GameAI:
    """The AI's handle on the game called `name` (loaded once per process)."""
    found = _LOADED.get(name)
    if found is None:
        game = registry.get(name)
        if not hasattr(game, "heuristics"):
            raise ValueError(f"the game {name!r} has no computer players yet")
        found = GameAI(name, game.heuristics(), game.sample_state)
        _LOADED[name] = found
    return found
