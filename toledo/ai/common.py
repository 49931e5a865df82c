"""Helpers shared by the levels: grouping near-identical actions, and reachability of spaces."""

from __future__ import annotations

from typing import Sequence

from .. import data as D
from ..actions import Action, Kind
from ..view import PlayerView

ActionKey = tuple[int, int, int]  # (kind, a, b): see `action_key`


def action_key(a: Action) -> ActionKey | Action:
    """Actions that differ only in the card's fencing scene are strategically alike (the scene of a
    card in hand only matters once it is shuffled back into the pile), so moves group by (kind,
    card value, pawn) and payments by card value. Everything else is its own key."""
    k = a.kind
    if k is Kind.MOVE or k is Kind.EXTRA:
        return (int(k), D.CARD_VALUE[a.card], a.pawn)
    if k is Kind.PAY:
        return (int(k), D.CARD_VALUE[a.card], -1)
    return a


def group_actions(legal: Sequence[Action]) -> dict[ActionKey | Action, Action]:
    """Key -> representative (the first legal action of the group: the lowest card kind, so the
    choice is deterministic)."""
    out: dict[ActionKey | Action, Action] = {}
    for a in legal:
        key = action_key(a)
        if key not in out:
            out[key] = a
    return out


def hand_values(view: PlayerView) -> list[int]:
    """Cards in the viewer's hand counted by value (index 1-6)."""
    values = [0] * 7
    for k, c in enumerate(view.hand):
        if c:
            values[D.CARD_VALUE[k]] += c
    return values


def reach_bonus(pawn_pos: Sequence[int], seat: int, values: Sequence[int], space: int) -> float:
    """How well the seat's pawns can land on `space` with the cards held: a tile placed where the
    owner can step on it next turn pays off sooner."""
    bonus = 0.0
    base = seat * D.PAWNS_PER_PLAYER
    for x in pawn_pos[base:base + D.PAWNS_PER_PLAYER]:
        if x < space and space - x <= 6 and values[space - x]:
            bonus += 0.12
    return min(bonus, 0.36)
