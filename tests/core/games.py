"""Games for the core's tests, any registered game: seeded random play and their save documents."""

from __future__ import annotations

import random
from typing import Any

from toledo.core import registry
from toledo.core.codec import save_document

GAMES = registry.names()  # every registered game, the tests' own included


def random_state(game_name: str, players: int, seed: int, steps: int | None = None) -> Any:
    """A seeded random game of `game_name`: `steps` actions, or to the end when None."""
    game = registry.get(game_name)
    state = game.new_state(game.make_setup(players, seed=seed))
    rng = random.Random(seed)
    while not state.is_terminal() and (steps is None or state.step < steps):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def names_for(state: Any) -> list[str]:
    return [f"P{seat + 1}" for seat in range(state.setup.num_players)]


def document_of(state: Any, names: list[str] | None = None) -> dict[str, Any]:
    names = names or names_for(state)
    return save_document(state.setup, names, ["human"] * len(names), state.history)
