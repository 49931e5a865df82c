"""The start screen's choices made before Python was ready (web/boot/early-start.js runs the form until
then and keeps them in window.toledoEarly), put back into the form Python has just filled; and whether
Start was pressed meanwhile, so the game starts at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window  # type: ignore[import-not-found]

from . import start_screen
from .dom import by_id, present

if TYPE_CHECKING:  # pragma: no cover
    from .context import App


def _early() -> Any:
    early = getattr(window, "toledoEarly", None)
    return early if present(early) else None


def pressed() -> bool:
    """Start was pressed before Python was ready."""
    early = _early()
    return early is not None and bool(early.pressed)


def _choose(select: Any, value: Any) -> None:
    """Select `value` if the menu offers it (Python's menus are the truth; an unknown value is ignored)."""
    value = str(value)
    if any(str(option.value) == value for option in select.options):
        select.value = value


def take_over(app: App) -> None:
    """The form as the player left it before Python (only what they touched differs from the defaults)."""
    progress = by_id("early-progress")
    if present(progress):
        progress.hidden = True
    early = _early()
    if early is None or not early.touched or not present(early.values):
        return
    values = early.values
    _choose(by_id("num-players"), values.players)
    for row, seat in zip(start_screen.seat_rows(), values.seats, strict=False):
        _choose(row.querySelector(".seat-kind"), seat.kind)
        _choose(row.querySelector(".seat-colour"), seat.colour)
        row.querySelector(".seat-name").value = str(seat.name)[:start_screen.MAX_NAME]
    by_id("seed").value = str(values.seed)
    _choose(by_id("start-player"), values.start)
    _choose(by_id("speed"), values.speed)
    start_screen.show_seats(app)
    start_screen.preview(app)
