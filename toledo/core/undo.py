"""Undo: how far the player to act may take back their actions, and why it stops there.

A game records in `state.last_reveal_step` the last moment hidden information came out (cards drawn,
a duel, ...) and the end of every turn, so undo never passes a reveal and never reaches into another
player's turn. Why it stops is the game's to say (`Game.undo_reason`). No pydantic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import registry
from .history import replay


@dataclass(frozen=True, slots=True)
class UndoFloor:
    """How far back the player to act may take back their actions, and why it stops there."""

    step: int  # the earliest step the game may be taken back to
    undoable: int  # how many actions the player to act may take back now
    reason: str  # i18n key (toledo.core.i18n) saying why undo stops at `step`

    @property
    def possible(self) -> bool:
        return self.undoable > 0


def undo_floor(state: Any) -> UndoFloor:
    """The undo floor of the player to act: their own actions of this turn back to the last reveal."""
    if state.is_terminal():
        return UndoFloor(state.step, 0, "undo_none")
    floor = max(state.last_reveal_step, state.base_step)
    undoable = state.step - floor
    if floor == 0:
        return UndoFloor(0, undoable, "undo_stop_start")
    if floor - 1 - state.base_step < 0:  # a sampled state: its history does not reach the floor
        return UndoFloor(floor, undoable, "undo_none")
    reason = getattr(registry.game_of(state), "undo_reason", None)
    return UndoFloor(floor, undoable, reason(state, floor) if reason else "undo_stop_turn")


def undo(state: Any, count: int = 1) -> Any:
    """The game with the last `count` actions taken back (replayed from the setup). Raises ValueError
    when that would pass the undo floor."""
    floor = undo_floor(state)
    if count < 1 or count > floor.undoable:
        raise ValueError(f"cannot take back {count} action(s): {floor.undoable} may be taken back ({floor.reason})")
    if state.base_step:
        raise ValueError("a sampled state has no history to replay")
    return replay(state.setup, state.history[:state.step - count])
