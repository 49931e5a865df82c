"""What every game's `State` does alike (see `toledo.core.protocol.State`), written once.

A game's state class derives from `StateBase` and supplies `clone`, `apply`, `is_terminal`, and the
fields `current` (the seat to act), `history` and `base_step`.
"""

from __future__ import annotations

from typing import Any


class StateBase:
    __slots__ = ()

    history: list[Any]
    base_step: int
    current: int

    def clone(self) -> Any:  # pragma: no cover - every game supplies its own
        raise NotImplementedError

    def apply(self, action: Any) -> Any:  # pragma: no cover - every game supplies its own (it returns an Outcome)
        raise NotImplementedError

    def is_terminal(self) -> bool:  # pragma: no cover - every game supplies its own
        raise NotImplementedError

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
