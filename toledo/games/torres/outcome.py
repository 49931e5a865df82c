"""What one Torres action did (`State.apply` returns it): what the log and the scoring box need of the
position before the action, taken from values apply already holds."""

from __future__ import annotations

from typing import NamedTuple

from .stage import Stage


class TorresOutcome(NamedTuple):
    """`seat` acted in `stage`; when the action ended a phase, `scored` holds every seat's score before
    that phase's scoring, `phase` the phase scored and `order_start` the seat its turn order began with."""

    seat: int
    ended: bool = False  # the action ended the game
    stage: Stage = Stage.TURN
    scored: tuple[int, ...] = ()
    phase: int = -1
    order_start: int = -1
