"""Helpers shared by the levels: grouping near-identical actions, and reachability of spaces."""

from __future__ import annotations

from typing import Sequence

from .. import data as D
from .. import actions as A
from ..actions import Action, Kind
from ..view import PlayerView

ActionKey = int  # see `action_key`

_MOVE_LIKE = (Kind.MOVE, Kind.EXTRA)


def _encode(a: Action) -> int:
    """A small integer per group of strategically alike actions (see `action_key`): the fields
    packed side by side, with a move's or payment's card replaced by the card's value."""
    k = a.kind
    card = D.CARD_VALUE[a.card] if k is Kind.MOVE or k is Kind.EXTRA or k is Kind.PAY else a.card
    key = int(k)
    for field, bits in ((card, 6), (a.pawn, 3), (a.space, 5), (a.business, 3), (a.circles, 2), (a.colour, 3),
                        (a.sword, 5), (a.take, 3), (a.give_back, 3)):
        key = (key << bits) | (field + 1)  # unused fields are -1
    return key


def _interned() -> list[Action]:
    out = [A.DRAW, A.USE, A.SKIP, A.END, A.PASS, A.CARRY_NONE]
    for table in (A.MOVE, A.EXTRA, A.FENCE):
        for row in table:
            out.extend(row)
    for table1 in (A.PAY, A.RETURN, A.CHALLENGE, A.SWORD, A.CARRY):
        out.extend(table1)
    for by_circles in A.PLACE:
        for row in by_circles:
            out.extend(row)
    return out


# The engine hands out interned action objects, so their ids are stable for the process's life;
# a lookup by id avoids hashing a ten-field dataclass in the search's inner loop.
_KEY_BY_ID: dict[int, int] = {id(a): _encode(a) for a in _interned()}


def action_key(a: Action) -> ActionKey:
    """Actions that differ only in the card's fencing scene are strategically alike (the scene of a
    card in hand only matters once it is shuffled back into the pile), so moves group by (kind,
    card value, pawn) and payments by card value. Every other action is its own group."""
    key = _KEY_BY_ID.get(id(a))
    return _encode(a) if key is None else key


def group_actions(legal: Sequence[Action]) -> dict[ActionKey, Action]:
    """Key -> representative (the first legal action of the group: the lowest card kind, so the
    choice is deterministic)."""
    out: dict[ActionKey, Action] = {}
    get = _KEY_BY_ID.get
    for a in legal:
        key = get(id(a))
        if key is None:
            key = _encode(a)
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
