"""What one Toledo action did (`State.apply` returns it): what the log, the page's news and its
banners need of the position before the action, taken from values apply already holds."""

from __future__ import annotations

from typing import NamedTuple


class ToledoOutcome(NamedTuple):
    """`seat` acted; `pawn` (a pawn index, -1: none) moved, was used, carried or returned from `source`."""

    seat: int
    ended: bool = False  # the action ended the game
    pawn: int = -1
    source: int = -1  # the pawn's space before the action
    hand_change: int = 0  # the actor's hand grew (a draw, a tavern) or shrank (a card played) by this
    final_round: bool = False  # the action began the final round
    arrived: bool = False  # the pawn moved into the Alcazar
