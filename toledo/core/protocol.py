"""The game protocol: what every game package provides, and all the platform relies on.

Modelled on OpenSpiel's single State API. A game is its `Setup` (everything chance and the seating
decide before the first action, chance drawn only from `setup.seed`) plus its action list: saves,
share links, undo, replays and bug reports all rest on that. Each game package exposes one `Game`
object (its module attribute `GAME`) that the registry (`toledo.core.registry`) hands out by name.

Conventions every game keeps:
- Actions are small frozen hashable values; `str(action)` is the canonical text and
  `game.parse_action(str(a)) == a`.
- `legal_actions()` comes in a deterministic order and is never empty before the end.
- `apply` raises `IllegalActionError` (action, reason, step, player) and leaves the state unchanged;
  otherwise it returns an `Outcome` (or a game's subclass of it) telling what the action did, so that
  the log, the page's news and its banners need no copy of the state from before the action.
- `view(seat)` holds exactly what the seat may see; `game.sample_state(view, rng)` draws a full state
  the seat cannot tell from the real one (the computer players search over these).
- `last_reveal_step`: the step after the last action that revealed hidden information or ended a
  turn; undo never goes below it.

What the platform's storage (`toledo.core.save`, `share`, `store`, `undo`, `history`) needs of a game,
so that one codec serves every game: `setup_type` (to tell whose setup a value is), `colours` and
`variants` (written by name into save files), `rules_revisions`/`setup_rules` (a save records the
rules revision its game was played under, so a later rules correction never changes an old game),
`make_setup`/`setup_variant` (a setup to and from its saved fields), `parse_action` (which must
refuse any text with the game's `ActionSyntaxError`, reading numbers only through
`toledo.core.boundary.text.parse_small_int`), `describe` (the move log), `undo_reason` and
`recent_spaces` (what the page says and marks). `State.turn` is shown in the stored-games list.

Optional, with the platform's default when a game leaves them out: `setup_type` (found by the setup
class's module), `rules_revisions`/`setup_rules`/`make_setup(rules=)` (one revision, 1),
`undo_reason` ("undo_stop_turn"), `recent_spaces` (nothing marked), `describe` (no log line).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable


@runtime_checkable
class Action(Protocol):
    """A move or decision: hashable, immutable, with a canonical text form (`str`)."""

    def __hash__(self) -> int: ...


@runtime_checkable
class Outcome(Protocol):
    """What one `apply` did: a small frozen value (a game's `NamedTuple`: the computer players apply
    actions in their hot loop, and a tuple is the cheapest value to make), built from values apply already
    holds. A game adds what its log and page need of the position before the action."""

    @property
    def seat(self) -> int: ...  # who acted

    @property
    def ended(self) -> bool: ...  # the action ended the game


class PlainOutcome(NamedTuple):
    """The outcome of a game whose log and page need nothing of the position before an action."""

    seat: int
    ended: bool = False


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
    turn: int  # the turn in progress, from 1 (the stored-games list shows it)

    @property
    def current_player(self) -> int: ...  # -1 once the game is over

    @property
    def step(self) -> int: ...

    def legal_actions(self) -> tuple[Any, ...]: ...

    def apply(self, action: Any) -> Outcome: ...

    def child(self, action: Any) -> State: ...

    def clone(self) -> State: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...

    def view(self, seat: int) -> Any: ...

    def why_illegal(self, action: Any) -> str: ...


class LogLine(Protocol):
    """One line of the move log: who acted and the words, in any of the site's languages."""

    seat: int  # who acted (-1: nobody in particular)

    def text(self, lang: str = "en", names: list[str] | None = None) -> str: ...


class Game(Protocol):
    """One game package's entry point (`toledo.games.<name>.GAME`)."""

    name: str  # the registry key, also written into save files and share links
    title: str  # the game's proper name
    min_players: int
    max_players: int
    colours: tuple[str, ...]  # colour names a seat may take, by colour index
    variants: tuple[str, ...]  # the first is the default
    setup_type: type  # the class of the game's setups: `registry.game_of(setup)` finds the game by it
    rules_revisions: tuple[int, ...]  # revisions this build replays; the last is the current one

    def make_setup(self, num_players: int, seed: int = 0, start_player: int = 0,
                   colours: Sequence[int] = (), variant: str = "", rules: int | None = None) -> Any:
        """A setup; `rules` None means the current revision. Raises SetupError when impossible."""
        ...

    def setup_variant(self, setup: Any) -> str: ...

    def setup_rules(self, setup: Any) -> int:
        """The rules revision `setup`'s game is played under (written into save files)."""
        ...

    def describe(self, outcome: Outcome, action: Any, after: State) -> LogLine:
        """The move log's line for `action`, whose apply returned `outcome` and gave `after`."""
        ...

    def undo_reason(self, state: State, floor: int) -> str:
        """Why undo stops at step `floor` (> 0) of `state`'s history: an i18n key of `toledo.core.i18n`,
        such as "undo_stop_turn" (the action before it ended a turn) or a reveal the game names."""
        ...

    def recent_spaces(self, outcome: Outcome, action: Any, after: State) -> set[int]:
        """The board places `action` touched, for the page to mark (ids of the game's drawing)."""
        ...

    def new_state(self, setup: Any) -> State: ...

    def parse_action(self, text: str) -> Any: ...

    def sample_state(self, view: Any, rng: random.Random) -> State: ...
