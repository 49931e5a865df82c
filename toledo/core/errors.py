"""The package's exceptions. Each one says what is wrong in one line.

Input from outside (save files, share links, stored games, action text in them) is refused with
`InputError` only: its message is one line of at most 120 characters that quotes at most a short,
escaped excerpt of the input and never the text of an internal exception.
"""

from __future__ import annotations

from .boundary.excerpt import excerpt, one_line
from .boundary.limits import MAX_MESSAGE_CHARS


class ToledoError(ValueError):
    """Base class of every error the engine raises on bad input."""


class ActionSyntaxError(ToledoError):
    """Text that is not the canonical form of any action."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = one_line(reason, 100)
        head = f"cannot read action {excerpt(text, 40)}: "
        super().__init__(head + one_line(self.reason, MAX_MESSAGE_CHARS - len(head)))


class IllegalActionError(ToledoError):
    """A well-formed action that the rules do not allow here. The state is left unchanged.

    `reason` is kept whole; the message is one line of at most 120 characters, cutting the reason
    (never the action, whose canonical text is short) to fit."""

    def __init__(self, action: str, reason: str, step: int, player: int | None) -> None:
        self.action = action
        self.reason = reason
        self.step = step
        self.player = player
        seat = "" if player is None or player < 0 else f", seat {player + 1} to act"  # nobody acts once it is over
        head = f"illegal action {excerpt(action, 40)} at step {step}{seat}: "
        super().__init__(head + one_line(reason, MAX_MESSAGE_CHARS - len(head)))


class GameTooLongError(ToledoError):
    """A game longer than any save, share link or stored game may hold: refused before anything is
    written, so whatever is written can always be read back. The game itself is untouched."""

    def __init__(self, count: int, limit: int) -> None:
        self.count = count
        self.limit = limit
        super().__init__(f"the game has {count:,} actions, more than a saved game may hold ({limit:,}): not written")


class SetupError(ToledoError):
    """A game setup that cannot be played (player count, colours, start seat)."""


class InputError(ToledoError):
    """Input from outside (a save file, share link, stored game or an argument) that cannot be used.
    Nothing of it is applied. `reason` says what is wrong, `step` names the action when one is at fault.

    The message is one line of at most 120 characters, whatever the reason holds: callers quote the
    input only through `toledo.core.boundary.excerpt.excerpt`. `code` sorts the problem for the
    page's messages: "too_large", "not_json" (not text or not JSON), "not_ours" (no save of this
    platform), "version" (an unknown format version), "unavailable" (a game this build lacks) or
    "damaged" (anything else). `found` is an excerpt of the offending value where a message names it
    (the unknown version).
    """

    def __init__(self, reason: str, step: int | None = None, source: str = "save", code: str = "damaged",
                 found: str = "") -> None:
        where = "" if step is None else f" (step {step})"
        prefix = one_line(f"invalid {source}{where}: ", 60)
        self.reason = one_line(reason, MAX_MESSAGE_CHARS - len(prefix))
        self.step = step
        self.source = source
        self.code = code
        self.found = one_line(found, 40)
        super().__init__(prefix + self.reason)


SaveFileError = InputError  # the name save files knew it by
