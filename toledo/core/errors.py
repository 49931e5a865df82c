"""The package's exceptions. Each one carries the bad input and says what is wrong in one line."""

from __future__ import annotations


class ToledoError(ValueError):
    """Base class of every error the engine raises on bad input."""


class ActionSyntaxError(ToledoError):
    """Text that is not the canonical form of any action."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"cannot read action {text!r}: {reason}")


class IllegalActionError(ToledoError):
    """A well-formed action that the rules do not allow here. The state is left unchanged."""

    def __init__(self, action: str, reason: str, step: int, player: int | None) -> None:
        self.action = action
        self.reason = reason
        self.step = step
        self.player = player
        seat = "" if player is None else f", seat {player + 1} to act"
        super().__init__(f"illegal action {action!r} at step {step}{seat}: {reason}")


class SetupError(ToledoError):
    """A game setup that cannot be played (player count, colours, start seat)."""


class SaveFileError(ToledoError):
    """A save file or share link that cannot be loaded. Nothing of it is applied."""

    def __init__(self, reason: str, step: int | None = None) -> None:
        self.reason = reason
        self.step = step
        where = "" if step is None else f" (step {step})"
        super().__init__(f"invalid save{where}: {reason}")
