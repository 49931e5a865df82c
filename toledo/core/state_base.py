"""What every game's `State` does alike (see `toledo.core.protocol.State`), written once.

A game's state class derives from `StateBase` and supplies `clone`, `apply`, `is_terminal`, `winners`
(the seats sharing first place once the game is over), and the fields `n` (players), `current` (the
seat to act), `history` and `base_step`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import is_
from typing import Any

from .boundary.values import foreign
from .errors import IllegalActionError


class StateBase:
    __slots__ = ()

    history: list[Any]
    base_step: int
    current: int
    n: int

    def clone(self) -> Any:  # pragma: no cover - every game supplies its own
        raise NotImplementedError

    def apply(self, action: Any) -> Any:  # pragma: no cover - every game supplies its own (it returns an Outcome)
        raise NotImplementedError

    def is_terminal(self) -> bool:  # pragma: no cover - every game supplies its own
        raise NotImplementedError

    def winners(self) -> list[int]:  # pragma: no cover - every game supplies its own
        raise NotImplementedError

    def legal_actions(self) -> tuple[Any, ...]:  # pragma: no cover - every game supplies its own
        raise NotImplementedError

    def why_illegal(self, action: Any) -> str:  # pragma: no cover - every game supplies its own
        raise NotImplementedError

    def checked(self, action: Any, own: Callable[[Any], Any]) -> Any:
        """The legal action `action` stands for (`own` reads a look-alike as the game's own action, or gives
        None); IllegalActionError with the action, why, the step and the seat to act if there is none.
        Nothing changes either way."""
        legal = self.legal_actions()
        # actions are pooled, so a legal one is the very object: an identity scan runs in C, where `in`
        # would call the action's __eq__ for every action before it
        if any(map(is_, legal, repeat(action))):
            return action
        player = None if self.is_terminal() else self.current
        found = own(action)  # an equal twin built outside the pool, with fields of the right types
        if found is None:  # None, a text, another game's action, a float square: refused as it is
            raise IllegalActionError(foreign(action), "not an action", self.step, player)
        if not any(map(is_, legal, repeat(found))):
            raise IllegalActionError(str(found), self.why_illegal(found), self.step, player)
        return found

    def returns(self) -> list[float]:
        """1 for a win (shared equally when tied), 0 otherwise; only meaningful once terminal."""
        winners = self.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.n)]

    def child(self, action: Any) -> Any:
        """A copy with the action applied; this state is unchanged."""
        other = self.clone()
        other.apply(action)
        return other

    @property
    def current_player(self) -> int:
        """Seat index of the player to act, -1 once the game is over."""
        return -1 if self.is_terminal() else self.current

    @property
    def step(self) -> int:
        """How many actions have been applied since the setup (a sampled state counts its view's)."""
        return self.base_step + len(self.history)
