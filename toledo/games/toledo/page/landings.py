"""What a move leads to, said before it is made: where the pawn lands and what using that space costs
(and whom the fee goes to), so a person choosing a landing sees the price before the tap that commits.

Nothing here knows a rule: the move is tried on a copy of the state (`State.child`) and the copy's own
legal actions say whether the space is free to use, what it costs, whether it is full or the Alcazar.
"""

from __future__ import annotations

from .. import data as D
from ..actions import Action, Kind
from ..state import Phase, State
from ..words import colour_name, tr


def _business(state: State, space: int, lang: str) -> str:
    return tr(f"business_{D.BUSINESS_NAMES[state.tile_business[space]]}", lang)


def place_text(state: State, space: int, lang: str = "en") -> str:
    """'the tavern, space 5', 'your gem dealer, space 7', 'the gem dealer of Blue, space 11'."""
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.TAVERN:
        return tr("place_tavern", lang, space=space)
    if kind == D.SpaceKind.ARTIST:
        return tr("place_artist", lang, space=space)
    if kind == D.SpaceKind.ENTRY:
        return tr("place_entry", lang, space=space)
    owner = state.tile_owner[space]
    if owner == state.current:
        return tr("place_yours", lang, business=_business(state, space, lang), space=space)
    return tr("place_of", lang, business=_business(state, space, lang),
              owner=colour_name(state.colour_of(owner), lang), space=space)


def benefit_text(state: State, space: int, lang: str = "en") -> str:
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.TAVERN:
        return tr("benefit_tavern", lang, count=D.CARDS_PER_TAVERN)
    if kind == D.SpaceKind.ARTIST:
        return (tr("benefit_painting", lang, value=state.paintings_stack[-1]) if state.paintings_stack
                else tr("benefit_no_painting", lang))
    return tr(f"benefit_{D.BUSINESS_NAMES[state.tile_business[space]]}", lang)


def cost_text(state: State, move: Action, lang: str = "en") -> str:
    """What landing with the legal `move` means for the player: free, a fee (to whom), a duel, the Alcazar."""
    after = state.child(move)
    space = min(state.pawn_pos[state.current * D.PAWNS_PER_PLAYER + move.pawn] + D.CARD_VALUE[move.card],
                D.LAST_SPACE)
    if D.SPACE_KINDS[space] == D.SpaceKind.ENTRY or after.phase == Phase.CARRY:
        return tr("landing_alcazar", lang)
    if after.phase == Phase.FULL:
        return tr("landing_full", lang)
    if after.phase != Phase.USE:
        return tr("landing_nothing", lang)
    legal = after.legal_actions()
    benefit = benefit_text(state, space, lang)
    if any(a.kind is Kind.USE for a in legal):
        return tr("landing_free", lang, benefit=benefit)
    pays = [D.CARD_VALUE[a.card] for a in legal if a.kind is Kind.PAY]
    if not pays:
        return tr("landing_cannot_pay", lang, benefit=benefit)
    if D.SPACE_KINDS[space] == D.SpaceKind.BUSINESS and state.tile_owner[space] != state.current:
        owner = colour_name(state.colour_of(state.tile_owner[space]), lang)
        return tr("landing_pay_owner", lang, benefit=benefit, fee=min(pays), owner=owner)
    return tr("landing_pay", lang, benefit=benefit, fee=min(pays))


def landing_label(state: State, move: Action, lang: str = "en") -> str:
    """The button for a legal move: 'Pawn 2 to the gem dealer of Blue, space 11: take 1 gem for a card of
    3 or more, paid to Blue'."""
    space = min(state.pawn_pos[state.current * D.PAWNS_PER_PLAYER + move.pawn] + D.CARD_VALUE[move.card],
                D.LAST_SPACE)
    return tr("landing_button", lang, pawn=move.pawn + 1, place=place_text(state, space, lang),
              cost=cost_text(state, move, lang))
