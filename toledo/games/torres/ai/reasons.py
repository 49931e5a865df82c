"""Why a Torres action is good, in plain words: the coach's hint line as a message key and its parameters.

The words live in the game's own catalogue (keys `coach_torres_*`, listed in docs/ai.md); this module only
decides which sentence fits and its numbers, so nothing needs translating before the catalogue
formats it.
"""

from __future__ import annotations

from ..actions import Action, Kind
from ..board import BIT
from ..data import CARD_IDS, SQUARE_NAMES
from ..state import State
from .evaluate import castle_value, king_bonus_now


def reason(st: State, a: Action) -> tuple[str, dict[str, object]]:
    """A message key and its parameters saying what `a` achieves for the player to act."""
    p = st.current
    kind = a.kind
    if kind in (Kind.STEP, Kind.PASS, Kind.PLACE):
        mine = st.knight_masks[p]
        moved = mine | BIT[a.to if a.to >= 0 else a.sq]
        if a.to >= 0:
            moved ^= BIT[a.sq]
        gain = _with_knights(st, p, moved) - castle_value(st, mine)
        if gain > 0:
            return "coach_torres_climb", {"points": gain, "square": SQUARE_NAMES[a.to if a.to >= 0 else a.sq]}
        if kind is Kind.PLACE:
            return "coach_torres_place", {"square": SQUARE_NAMES[a.sq]}
        return "coach_torres_position", {"square": SQUARE_NAMES[a.to]}
    if kind is Kind.BUILD:
        if st.heights[a.sq] == 0:
            return "coach_torres_widen", {"square": SQUARE_NAMES[a.sq]}
        return "coach_torres_raise", {"square": SQUARE_NAMES[a.sq], "level": st.heights[a.sq] + 1}
    if kind is Kind.SCORE:
        return "coach_torres_score", {"points": a.n}
    if kind is Kind.BUY:
        return "coach_torres_buy", {}
    if kind is Kind.PLAY:
        return f"coach_torres_card_{CARD_IDS[a.card]}", {}
    if kind is Kind.KNIGHT:
        return "coach_torres_start_knight", {"square": SQUARE_NAMES[a.sq]}
    if kind is Kind.KING:
        return "coach_torres_king", {"square": SQUARE_NAMES[a.sq]}
    if kind is Kind.KING_STAY:
        return "coach_torres_king_stay", {}
    if kind is Kind.BLOCK:
        return "coach_torres_start_block", {"square": SQUARE_NAMES[a.sq]}
    if king_bonus_now(st, p):
        return "coach_torres_end_king", {}
    return "coach_torres_end", {}


def _with_knights(st: State, p: int, moved: int) -> int:
    old = st.knight_masks[p]
    st.knight_masks[p] = moved
    try:
        return castle_value(st, moved)
    finally:
        st.knight_masks[p] = old
