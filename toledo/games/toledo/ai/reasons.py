"""Why an action is good, in plain words: the coach's hint line as a message key and its parameters.

The words live in the catalogues (keys `coach_toledo_*`, see docs/ai.md); this module only decides
which sentence fits: for a move, what the landing space brings; for a follow-up, what it gains.
Parameters are numbers, so no text needs translating before the catalogue formats it.
"""

from __future__ import annotations

from .. import data as D
from ..actions import Action, Kind
from ..state import State
from .policy import duel_chance

_SPACE_REASON = {
    D.SpaceKind.TAVERN: "coach_toledo_tavern",
    D.SpaceKind.ARTIST: "coach_toledo_painting",
}
_BUSINESS_REASON = ("coach_toledo_metal", "coach_toledo_gem", "coach_toledo_sword_shop", "coach_toledo_fencing")


def reason(state: State, action: Action) -> tuple[str, dict[str, object]]:
    """A message key and its parameters saying what `action` achieves for the player to act."""
    kind = action.kind
    p = state.current
    if kind is Kind.MOVE or kind is Kind.EXTRA:
        return _move_reason(state, action)
    if kind is Kind.DRAW:
        return "coach_toledo_draw", {"cards": D.CARDS_PER_DRAW_ACTION}
    if kind is Kind.PLACE:
        return "coach_toledo_place", {"fee": D.SPACE_FEES[action.space]}
    if kind is Kind.RETURN:
        return "coach_toledo_return", {}
    if kind is Kind.CHALLENGE:
        seat = state.setup.colours.index(action.colour)
        return "coach_toledo_duel", {"percent": round(100 * duel_chance(state, p, seat))}
    if kind is Kind.USE:
        return "coach_toledo_use_own", {}
    if kind is Kind.PAY:
        return "coach_toledo_pay", {"value": D.CARD_VALUE[action.card]}
    if kind is Kind.SKIP:
        return "coach_toledo_skip", {}
    if kind is Kind.SWORD:
        return "coach_toledo_sword", {"value": D.SWORDS[action.sword].value}
    if kind is Kind.FENCE:
        if action.take == D.Fencing.MOVEMENT:
            return "coach_toledo_movement_tile", {}
        return "coach_toledo_fencing", {}
    if kind is Kind.CARRY:
        if action.sword < 0:
            return "coach_toledo_enter", {}
        return "coach_toledo_carry", {"value": D.SWORDS[action.sword].value}
    if kind is Kind.END:
        return "coach_toledo_end", {}
    return "coach_toledo_pass", {}


def _move_reason(state: State, action: Action) -> tuple[str, dict[str, object]]:
    p = state.current
    pawn = p * D.PAWNS_PER_PLAYER + action.pawn
    dest = state.pawn_pos[pawn] + D.CARD_VALUE[action.card]
    if dest >= D.ENTRY_SPACES[0]:
        best = max((D.SWORDS[i].value for i in state.swords_in_front[p]), default=0)
        if best:
            return "coach_toledo_carry", {"value": best}
        return "coach_toledo_enter", {}
    if len(state.occupants[dest]) >= state.capacity[dest]:
        rivals = [o // D.PAWNS_PER_PLAYER for o in state.occupants[dest] if o // D.PAWNS_PER_PLAYER != p]
        if rivals:
            chance = max(duel_chance(state, p, seat) for seat in rivals)
            return "coach_toledo_duel", {"percent": round(100 * chance)}
        return "coach_toledo_advance", {"spaces": D.CARD_VALUE[action.card]}
    kind = D.SPACE_KINDS[dest]
    if kind in _SPACE_REASON:
        key = _SPACE_REASON[kind]
        if key == "coach_toledo_painting":
            return key, {"value": state.paintings_stack[-1] if state.paintings_stack else 0}
        return key, {"cards": D.CARDS_PER_TAVERN}
    if kind == D.SpaceKind.BUSINESS and state.tile_owner[dest] >= 0:
        return _BUSINESS_REASON[state.tile_business[dest]], {}
    return "coach_toledo_advance", {"spaces": D.CARD_VALUE[action.card]}
