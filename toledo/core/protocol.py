"""The game protocol: what every game package provides, and all the platform relies on.

Modelled on OpenSpiel's single State API. A game is its `Setup` (everything chance and the seating
decide before the first action, chance drawn only from `setup.seed`) plus its action list: saves,
share links, undo, replays and bug reports all rest on that. Each game package exposes one `Game`
object (its module attribute `GAME`) that the registry (`toledo.core.registry`) hands out by name.

Conventions every game keeps:
- Actions are small frozen hashable values; `str(action)` is the canonical text and
  `game.parse_action(str(a)) == a`.
- `legal_actions()` comes in a deterministic order and is never empty before the end.
- `apply` raises `IllegalActionError` (action, reason, step, player) and leaves the state unchanged.
- `view(seat)` holds exactly what the seat may see; `game.sample_state(view, rng)` draws a full state
  the seat cannot tell from the real one (the computer players search over these).
- `last_reveal_step`: the step after the last action that revealed hidden information or ended a
  turn; undo never goes below it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Action(Protocol):
    """A move or decision: hashable, immutable, with a canonical text form (`str`)."""

    def __hash__(self) -> int: ...


class Setup(Protocol):
    """The frozen description of a game before its first action."""

    @property
    def num_players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def start_player(self) -> int: ...

    @property
    def colours(self) -> tuple[int, ...]: ...


class View(Protocol):
    """What one seat may see (a frozen value)."""

    @property
    def seat(self) -> int: ...

    @property
    def num_players(self) -> int: ...

    @property
    def step(self) -> int: ...

    @property
    def current(self) -> int: ...


class State(Protocol):
    """A position; mutable through `apply`, copied by `clone` and `child`."""

    setup: Any
    history: list[Any]
    base_step: int  # actions before `history` began (a sampled state has no history)
    last_reveal_step: int

    @property
    def current_player(self) -> int: ...  # -1 once the game is over

    @property
    def step(self) -> int: ...

    def legal_actions(self) -> tuple[Any, ...]: ...

    def apply(self, action: Any) -> None: ...

    def child(self, action: Any) -> State: ...

    def clone(self) -> State: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...

    def view(self, seat: int) -> Any: ...

    def why_illegal(self, action: Any) -> str: ...


class Game(Protocol):
    """One game package's entry point (`toledo.games.<name>.GAME`)."""

    name: str  # the registry key, also written into save files and share links
    title: str  # the game's proper name
    min_players: int
    max_players: int
    colours: tuple[str, ...]  # colour names a seat may take, by colour index
    variants: tuple[str, ...]  # the first is the default

    def make_setup(self, num_players: int, seed: int = 0, start_player: int = 0,
                   colours: Sequence[int] = (), variant: str = "") -> Any: ...

    def setup_variant(self, setup: Any) -> str: ...

    def new_state(self, setup: Any) -> State: ...

    def parse_action(self, text: str) -> Any: ...

    def sample_state(self, view: Any, rng: random.Random) -> State: ...
