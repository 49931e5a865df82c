"""The controls keep their height through the computers' turns.

A person's turn needs the most room (the prompt, the offered actions, the hand), a computer's the least.
On a phone the board takes what the panel under it leaves, so the board's box grew and shrank at every
turn; beside a desktop's board the players' table and the move log under the controls moved up and down;
both with nobody touching anything. Now the panel's game part (on a phone) or the controls (beside the
board) hold the tallest they were in the person's last turn while the computers play and until that
person's first input of their next turn, when they follow their content again: what moves then moves
because they acted.
"""

from __future__ import annotations

from typing import Any

from pyscript import document  # type: ignore[import-not-found]

from .board_view import BOXED
from .dom import by_id, present

# the held box's greatest height in the person's turn going on (or just ended), and the hand's then
_tallest = [0.0, 0.0]


def _hand() -> float:
    hand = by_id("hand-area")
    return float(hand.getBoundingClientRect().height) if present(hand) else 0.0


def _box() -> Any:
    """What holds its height: under a boxed board (a phone's) all the game's part of the panel (a duel's
    rounds then fill the room the person's turn had), beside the board the controls (the side panel's own
    height is fixed there, the players' table under them)."""
    return by_id("play" if BOXED.matches else "controls")


def measure() -> None:
    """After a redraw on a person's turn: remember the height its content gives the box (not the height
    held for it) if it is the tallest yet."""
    box = _box()
    if not present(box) or document.documentElement.getAttribute("data-turn") != "human":
        return  # the turn's first redraw (still marked as the computer's, or the start screen's, whose parts
        # are still shown then): measured once the turn is marked (the controller's human_turn)
    held = str(box.style.minHeight)
    box.style.minHeight = ""
    height = float(box.getBoundingClientRect().height)
    if height > _tallest[0]:
        _tallest[:] = [height, _hand()]
    box.style.minHeight = held


def hold() -> None:
    """A person's turn passed: the box keeps that turn's tallest height until they act again, and more by
    what their hand has grown since (cards taken: their next turn needs that much more room)."""
    box = _box()
    if present(box) and _tallest[0] > 0:
        box.style.minHeight = f"{_tallest[0] + max(0.0, _hand() - _tallest[1]):.0f}px"
    _tallest[:] = [0.0, 0.0]


def release() -> None:
    """Both boxes follow their content again (a person acted)."""
    for name in ("play", "controls"):
        box = by_id(name)
        if present(box):
            box.style.minHeight = ""


def forget() -> None:
    """A game starts, ends, is left or replayed: nothing held, no height remembered."""
    release()
    _tallest[:] = [0.0, 0.0]
