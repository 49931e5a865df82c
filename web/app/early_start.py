"""The start screen's choices made before Python was ready (web/boot/early-start.js runs the form until
then and keeps them in window.toledoEarly), put back into the form Python has just filled; and whether
Start (or the lesson's button) was pressed meanwhile, so the game (or the lesson) starts at once."""

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


def learn() -> bool:
    """The lesson's button was pressed before Python was ready."""
    early = _early()
    return early is not None and bool(getattr(early, "learn", False))


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
    learn_button = by_id("learn")
    if present(learn_button):
        learn_button.disabled = False
    early = _early()
    if early is None or not early.touched or not present(early.values):
        return
    values = early.values
    _choose(by_id("num-players"), values.players)
    for row, seat in zip(start_screen.seat_rows(), values.seats, strict=False):
        _choose(row.querySelector(".seat-kind"), seat.kind)
        _choose(row.querySelector(".seat-colour"), seat.colour)
        row.querySelector(".seat-name").value = str(seat.name)[:start_screen.MAX_NAME]
    variant = by_id("variant-row")
    if present(variant) and not variant.hidden and getattr(values, "variant", None):
        _choose(by_id("variant"), values.variant)
    by_id("seed").value = str(values.seed)
    _choose(by_id("start-player"), values.start)
    _choose(by_id("speed"), values.speed)
    start_screen.show_seats(app)
    start_screen.preview(app)
