"""Small screens: the panels beside the board (players, move log, the game's tools) open as sheets over
it, one at a time, so the board, the hand and the choices of a turn fit one screen without scrolling.

Which sheet is open is a mark on <html> (data-sheet); the stylesheet decides what that looks like (on a
wide screen every panel is always shown and the sheet buttons are hidden)."""

from __future__ import annotations

from typing import Any

from pyscript import document  # type: ignore[import-not-found]

from .dom import mark, present

SHEET_AREAS = "#players, #log-area, #game-tools, #topbar, #duel"  # a tap there leaves the sheet open


def current() -> str:
    return str(document.documentElement.getAttribute("data-sheet") or "")


def show(name: str) -> None:
    """Open sheet `name` ("" closes); the buttons say which one is open."""
    mark(sheet=name)
    for button in document.querySelectorAll("[data-sheet-open]"):
        button.setAttribute("aria-expanded", "true" if button.getAttribute("data-sheet-open") == name else "false")


def on_click(target: Any) -> bool:
    """A sheet button opens (or closes) its sheet: True. A tap elsewhere closes the open one and goes on."""
    button = target.closest("[data-sheet-open]")
    if present(button):
        name = str(button.getAttribute("data-sheet-open"))
        show("" if current() == name else name)
        return True
    if current() and not present(target.closest(SHEET_AREAS)):
        show("")
    return False
