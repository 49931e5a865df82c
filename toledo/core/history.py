"""A game as its setup plus its action list: replaying it, and stepping through it move by move.

Everything the platform keeps of a game rests on this: saves, links and stored games hold the setup
and the action texts, undo replays fewer actions, the replay view walks the list. Works for any
registered game (`toledo.core.registry.game_of` finds the game of a setup). No pydantic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import registry
from .boundary.excerpt import excerpt
from .boundary.cap import check_readable
from .errors import InputError, ToledoError

if TYPE_CHECKING:  # pragma: no cover
    from .protocol import Game, LogLine, State


def replay(setup: Any, actions: Sequence[object], game: Game | None = None) -> State:
    """The state after `actions` (action values or their texts) from `setup`. Raises the game's
    error at the first bad one."""
    game = game or registry.game_of(setup)
    state = game.new_state(setup)
    for action in actions:
        state.apply(game.parse_action(action) if isinstance(action, str) else action)
    return state


def replay_texts(game: Game, setup: Any, texts: Sequence[str], source: str = "save") -> State:
    """Replay action texts from outside: InputError naming the step of the first one that cannot be
    read or played (and nothing is half-loaded, as the state is new)."""
    check_readable(len(texts), source)
    state = game.new_state(setup)
    for step, text in enumerate(texts):
        try:
            state.apply(game.parse_action(text))
        except ToledoError as err:
            reason = getattr(err, "reason", None) or "it is not an action of this game"
            raise InputError(f"action {excerpt(text)} cannot be played: {reason}", step=step, source=source) from None
    return state


@dataclass
class ReplayCursor:
    """A game stepped through move by move: `position` actions applied (0 = the setup)."""

    setup: Any
    actions: tuple[Any, ...]
    position: int = 0
    game: Any = None  # the setup's game (found when None)
    _states: list[Any] = field(default_factory=list, repr=False)
    _outcomes: list[Any] = field(default_factory=list, repr=False)  # what each action did (apply's outcome)

    def __post_init__(self) -> None:
        if self.game is None:
            self.game = registry.game_of(self.setup)

    @classmethod
    def of(cls, setup: Any, actions: Sequence[object], position: int | None = None) -> ReplayCursor:
        game = registry.game_of(setup)
        parsed = tuple(game.parse_action(a) if isinstance(a, str) else a for a in actions)
        cursor = cls(setup, parsed, game=game)
        cursor.goto(len(parsed) if position is None else position)
        return cursor

    @property
    def total(self) -> int:
        return len(self.actions)

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == self.total

    def state_at(self, position: int) -> Any:
        """The game after `position` actions (computed once, then kept)."""
        if not 0 <= position <= self.total:
            raise IndexError(f"position {position} is outside 0..{self.total}")
        if not self._states:
            self._states.append(self.game.new_state(self.setup))
        while len(self._states) <= position:
            nxt = self._states[-1].clone()
            self._outcomes.append(nxt.apply(self.actions[len(self._states) - 1]))
            self._states.append(nxt)
        return self._states[position]

    def outcome_at(self, position: int) -> Any:
        """What the action that led to `position` (> 0) did: its apply's outcome."""
        self.state_at(position)
        return self._outcomes[position - 1]

    @property
    def state(self) -> Any:
        return self.state_at(self.position)

    def goto(self, position: int) -> Any:
        self.position = max(0, min(self.total, position))
        return self.state

    def forward(self) -> Any:
        return self.goto(self.position + 1)

    def back(self) -> Any:
        return self.goto(self.position - 1)

    def first(self) -> Any:
        return self.goto(0)

    def last(self) -> Any:
        return self.goto(self.total)

    def line(self) -> LogLine | None:
        """The log line of the action that led to the current position (None at the start)."""
        if self.position == 0 or not hasattr(self.game, "describe"):
            return None
        return self.game.describe(self.outcome_at(self.position), self.actions[self.position - 1], self.state)

    def recent(self) -> set[int]:
        """The board places the action that led here touched (none at the start)."""
        if self.position == 0 or not hasattr(self.game, "recent_spaces"):
            return set()
        return self.game.recent_spaces(self.outcome_at(self.position), self.actions[self.position - 1], self.state)

    def seat_to_show(self) -> int:
        """The seat whose view draws the board: who acted last (the board shows only public facts)."""
        state = self.state
        if self.position and state.is_terminal():
            return max(self.state_at(self.position - 1).current_player, 0)
        return max(state.current_player, 0)
