"""Helpers shared by the levels: grouping near-identical actions, and reachability of spaces."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol, Sequence

from .. import data as D
from .. import actions as A
from ..actions import Action, Kind
from ..moves import EXTRA_SETS, MOVE_SETS, legal_parts, lowest_kinds
from ..state import State
from ..view import PlayerView

ActionKey = int  # see `action_key`


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
# a lookup by id avoids hashing a ten-field dataclass in the search's inner loop. Pawn actions
# are stored without their pawn: the key adds the pawn's space instead (see `action_key`).
_INFO_BY_ID: dict[int, tuple[int, int]] = {}
for _a in _interned():
    _INFO_BY_ID[id(_a)] = (_encode(_a if _a.pawn < 0 else replace(_a, pawn=-1)), _a.pawn)
del _a
_PAWN_FLAG = 1 << 62


def _info(a: Action) -> tuple[int, int]:
    info = _INFO_BY_ID.get(id(a))
    if info is None:  # an action built by hand rather than taken from the engine's tables
        info = (_encode(a if a.pawn < 0 else replace(a, pawn=-1)), a.pawn)
    return info


class Board(Protocol):
    """What keys need from a State or a PlayerView: where the pawns are and who acts."""

    @property
    def pawn_pos(self) -> Sequence[int]: ...

    @property
    def current(self) -> int: ...


def action_key(a: Action, board: Board) -> ActionKey:
    """Actions that are strategically alike share a key, so the search and the lookahead consider
    them once. A card's fencing scene only matters once the card is shuffled back into the pile, so
    moves group by card value and payments by card value; two pawns on the same space are
    interchangeable, so moves and returns group by the pawn's space rather than its number."""
    key, pawn = _info(a)
    if pawn < 0:
        return key
    return _PAWN_FLAG | (key << 5) | board.pawn_pos[board.current * D.PAWNS_PER_PLAYER + pawn]


def group_actions(legal: Sequence[Action], board: Board) -> dict[ActionKey, Action]:
    """Key -> representative: the first legal action of each group (lowest pawn number, then
    lowest card kind), so the choice is deterministic."""
    out: dict[ActionKey, Action] = {}
    get = _INFO_BY_ID.get
    pos = board.pawn_pos
    base = board.current * D.PAWNS_PER_PLAYER
    for a in legal:
        info = get(id(a))
        if info is None:
            info = _info(a)
        key, pawn = info
        if pawn >= 0:
            key = _PAWN_FLAG | (key << 5) | pos[base + pawn]
        if key not in out:
            out[key] = a
    return out


def group_legal(s: State) -> dict[ActionKey, Action]:
    """`group_actions(s.legal_actions(), s)` without listing every card's copy of a move: the other
    kinds of a value repeat the lowest kind's moves (`moves.lowest_kinds`), so they never open a group."""
    before, masks, after = legal_parts(s)
    if masks:
        first = lowest_kinds(s, masks)
        for (_, lead_mask, _), k in zip(masks, first):
            before.extend(MOVE_SETS[k][lead_mask])
        for (_, _, extra_mask), k in zip(masks, first):
            before.extend(EXTRA_SETS[k][extra_mask])
    before.extend(after)
    return group_actions(before, s)


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
