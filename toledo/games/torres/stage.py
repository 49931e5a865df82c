"""The stages of a game: which kind of decision the player to act faces."""

from __future__ import annotations

from enum import IntEnum


class Stage(IntEnum):
    BLOCKS = 0  # M2: placing the start blocks (master version)
    KNIGHTS = 1  # S6: one start knight each
    KING = 2  # S7: the king's first castle
    TURN = 3  # A1-A10
    KING_MOVE = 4  # W9: the lowest player may move the king
    OVER = 5
