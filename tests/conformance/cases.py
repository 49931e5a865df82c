"""What the conformance suite plays: every registered game, every player count and variant, a few seeds.

Everything is read from the registry, so a game is under test the moment it is registered. The games
are random but seeded; each is played once per test session (`played`) and replayed by the tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any, NamedTuple

from toledo.core import registry

SEEDS = (11, 12, 13)  # deals per player count and variant


class Case(NamedTuple):
    game: str
    players: int
    variant: str

    def __str__(self) -> str:
        return f"{self.game}-{self.players}p-{self.variant}"

    def rules(self) -> Any:
        return registry.get(self.game)

    def setup(self, seed: int, start_player: int = 0, colours: tuple[int, ...] = ()) -> Any:
        return self.rules().make_setup(self.players, seed=seed, start_player=start_player, colours=colours,
                                       variant=self.variant)


def games() -> tuple[str, ...]:
    return registry.names()


def cases(game: str | None = None) -> list[Case]:
    """Every player count and variant of `game` (of every game when None)."""
    found = []
    for name in (game,) if game else games():
        rules = registry.get(name)
        for variant in rules.variants:
            found += [Case(name, n, variant) for n in range(rules.min_players, rules.max_players + 1)]
    return found


@cache
def played(case: Case, seed: int) -> tuple[Any, tuple[Any, ...]]:
    """A seeded random game of `case` to its end: its setup and its actions."""
    rules = case.rules()
    setup = case.setup(seed, start_player=seed % case.players)
    state = rules.new_state(setup)
    rng = random.Random(f"{case}:{seed}")
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return setup, tuple(state.history)


def positions(case: Case, seed: int, every: int = 1) -> Iterator[tuple[Any, Any]]:
    """The live state before every `every`-th action of a played game (and the action), then the end
    (with None). The same state object advances: copy it to keep it."""
    setup, actions = played(case, seed)
    state = case.rules().new_state(setup)
    for i, action in enumerate(actions):
        if i % every == 0:
            yield state, action
        state.apply(action)
    yield state, None


def fingerprint(state: Any) -> tuple[Any, ...]:
    """Everything the platform can ask of a state: equal fingerprints, indistinguishable states."""
    seats = range(state.setup.num_players)
    over = state.is_terminal()
    return (state.setup, state.step, tuple(state.history), state.current_player, over, state.legal_actions(),
            tuple(state.view(seat) for seat in seats), tuple(state.returns()) if over else (),
            state.last_reveal_step, state.turn)
