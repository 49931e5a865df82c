"""Alike Torres actions grouped into one option, so the search spends no effort telling them apart.

Tower slots of the same size are interchangeable (every slot is one remaining turn), so a block from
one of two 3-block towers is one option; ending the turn is one option per resulting set of tower
sizes. Everything else is its own option (buying is one action; in the own-deck variant the card kept
and the order put back are a decision of their own once the buyer has seen the cards). Works on a
state or on a view alike.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ..actions import Action, Kind

_BUILD, _END, _BUY = Kind.BUILD, Kind.END, Kind.BUY


def _towers_and_fixed(board: Any) -> tuple[list[int] | tuple[int, ...], int]:
    p = board.current
    fixed = board.fixed_tower if hasattr(board, "fixed_tower") else board.fixed
    return board.towers[p], fixed


def action_key(a: Action, towers: Sequence[int], fixed: int) -> Hashable:
    kind = a.kind
    if kind is _BUILD and fixed < 0:
        return (1, a.sq, towers[a.tower])
    if kind is _END:
        after = sorted(b + (a.spread[i] if i < len(a.spread) else 0)
                       for i, b in enumerate(towers) if b >= 0 and i != a.tower)
        return (2, tuple(after))
    if kind is _BUY and a.card >= 0:
        # the own-deck variant's choice after buying: which card to keep and where the others go back
        return (3, a.card, a.top, a.bottom)
    # a plain number: hashed far faster than the action's dataclass fields, and it names the action fully
    return (((kind * 65 + a.sq + 1) * 65 + a.to + 1) * 5 + a.tower + 1) * 11 * 8 + (a.card + 1) * 8 + a.n


def group_actions(legal: Sequence[Action], board: Any) -> dict[Hashable, Action]:
    """key -> the first legal action with that key, in the order of `legal`."""
    towers, fixed = _towers_and_fixed(board)
    out: dict[Hashable, Action] = {}
    for a in legal:
        key = action_key(a, towers, fixed)
        if key not in out:
            out[key] = a
    return out
