"""What each thing on the table is, does and costs, told to one seat in its language.

Every function takes a `PlayerView` (what the seat may see, rule I1) and returns plain text: accessible
names for the board's elements (`space_label`, `pawn_label`...) and tooltips or info panels
(`space_help`, `sword_label`...). Because the input is a view, another player's hand can never leak
into a label: only hand sizes are used, plus the viewer's own cards where a cost is "for you".

Common keyword arguments:
    lang   "en", "de" or "fr" (anything else falls back to English)
    names  player names by seat; default: the translated colour ("Red", "Rot", "Rouge")
    you    False for a spectator (an all-computer game): the view's seat is then named like the others

The texts come from the "explain" context of the `toledo` gettext catalogues (`toledo.core.i18n`).
Results are plain text for `textContent`, `aria-label` or `<title>`; never insert them as HTML (names
come from users).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from . import data as D
from .actions import Action, Kind
from .records import Score, score_of
from ...core.i18n import join_list, render, translate, translate_count
from .words import DOMAIN
from .view import PlayerView

# This module's words: msgctxt "explain" of this game's gettext catalogues (same key and placeholder
# rules as every catalogue; French elision applies).
_CONTEXT: Final = "explain"

SUPPLY_ITEMS: Final[tuple[str, ...]] = ("metal", "gems", "swords", "fencing", "paintings", "draw", "discard")


def public_score(view: PlayerView, seat: int) -> Score:
    """A seat's score so far by E2, from public facts only (equals `State.score` on every part but the
    hidden hand's value)."""
    return score_of(view, seat, view.hand_sizes[seat])


class _Teller:
    """One viewer, language and set of names: the shared helpers of the functions below."""

    def __init__(self, view: PlayerView, lang: str, names: Sequence[str] | None, you: bool) -> None:
        self.view, self.lang, self.names = view, lang, names
        self.me = view.seat if you else -1

    def t(self, key: str, **params: Any) -> str:
        return render(key, self.lang, params, domains=(DOMAIN,), context=_CONTEXT)

    def tc(self, key: str, count: int, **params: Any) -> str:
        return render(key, self.lang, dict(count=count, **params), domains=(DOMAIN,), context=_CONTEXT, count=count)

    def ui(self, key: str, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def name(self, seat: int) -> str:
        if self.names is not None and seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.ui(f"colour_{D.COLOURS[self.view.colours[seat]]}")

    def who(self, seat: int) -> str:
        """A player as the agent of a passive ("taken by you")."""
        return self.t("by_you") if seat == self.me else self.name(seat)

    def title(self, seat: int) -> str:
        """A player heading an area ("Red (you)")."""
        return self.ui("player_you", player=self.name(seat)) if seat == self.me else self.name(seat)

    def join(self, items: Sequence[str]) -> str:
        return join_list(list(items), self.lang)

    def row(self, space: int) -> str:
        return self.ui(f"row_{D.ROW_NAMES[D.SPACE_FEES[space]]}")

    def business(self, space: int) -> str:
        """'your gem dealer' / "Blue's gem dealer"."""
        word = self.ui(f"business_{D.BUSINESS_NAMES[self.view.tile_business[space]]}")
        owner = self.view.tile_owner[space]
        if owner == self.me:
            return self.t("business_yours", business=word)
        return self.t("business_of", owner=self.name(owner), business=word)

    def place(self, space: int) -> str:
        """Short name of an occupied road space (tavern, artist, someone's business)."""
        kind = D.SPACE_KINDS[space]
        if kind == D.SpaceKind.TAVERN:
            return self.t("place_tavern")
        if kind == D.SpaceKind.ARTIST:
            return self.t("place_artist")
        return self.business(space)

    def goods(self, seat: int) -> tuple[str, str]:
        return (self.tc("metal_count", self.view.metal[seat]), self.tc("gems_count", self.view.gems[seat]))

    def fencing_word(self, kind: int) -> str:
        return self.ui(f"fencing_{D.FENCING_NAMES[kind]}")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _owners_in_order(pawns: Sequence[int]) -> list[int]:
    seen: list[int] = []
    for pawn in pawns:
        owner = pawn // D.PAWNS_PER_PLAYER
        if owner not in seen:
            seen.append(owner)
    return seen


def _occupancy(t: _Teller, space: int) -> str:
    occupants = t.view.occupants[space]
    capacity = t.view.capacity[space]
    if not occupants:
        return t.t("occupancy_free")
    who = t.join([t.who(s) for s in _owners_in_order(occupants)])
    if capacity == 1:
        return t.t("occupancy_taken", who=who)
    if len(occupants) < capacity:
        return t.t("occupancy_one_of_two", who=who)
    return t.t("occupancy_both", who=who)


def _pawn_counts(t: _Teller, position: int) -> list[str]:
    counts = [0] * t.view.num_players
    for pawn, pos in enumerate(t.view.pawn_pos):
        if pos == position:
            counts[pawn // D.PAWNS_PER_PLAYER] += 1
    return [t.t("pawn_count", player=t.ui("you") if s == t.me else t.name(s), count=c)
            for s, c in enumerate(counts) if c]


def _check_space(space: int) -> None:
    if not 0 <= space <= D.LAST_SPACE:
        raise ValueError(f"no road space {space} (0-{D.LAST_SPACE})")


def space_label(view: PlayerView, space: int, lang: str = "en", names: Sequence[str] | None = None,
                you: bool = True) -> str:
    """The accessible name of road space `space` (0 = Cathedral, 20-21 = Alcazar entries), e.g.
    "Space 6, Blue's gem dealer, bottom row, 2 circles, one taken by Red"."""
    _check_space(space)
    t = _Teller(view, lang, names, you)
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.CATHEDRAL:
        here = _pawn_counts(t, D.CATHEDRAL)
        pawns = t.t("pawns_here", list=", ".join(here)) if here else t.t("pawns_none")
        return t.t("space_cathedral", pawns=pawns)
    if kind == D.SpaceKind.ENTRY:
        inside = _pawn_counts(t, D.ALCAZAR)
        text = t.t("alcazar_inside", list=", ".join(inside)) if inside else t.t("alcazar_empty")
        return t.t("space_entry", space=space, inside=text)
    if kind == D.SpaceKind.BUSINESS and view.tile_owner[space] < 0:
        return t.t("space_empty", space=space, row=t.row(space))
    common = {"space": space, "row": t.row(space), "circles": t.tc("circles", view.capacity[space]),
              "occupancy": _occupancy(t, space)}
    if kind == D.SpaceKind.TAVERN:
        return t.t("space_tavern", **common)
    if kind == D.SpaceKind.ARTIST:
        return t.t("space_artist", **common)
    return t.t("space_business", business=t.business(space), **common)


def _fee(view: PlayerView, space: int, me: int) -> int:
    """The least card `me` pays to use `space` (U1-U3); 0 = free. Mirrors the engine's fee rule."""
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.BUSINESS:
        return 0 if view.tile_owner[space] == me else D.SPACE_FEES[space]
    if kind == D.SpaceKind.ARTIST:
        return max(3, D.SPACE_FEES[space])
    return D.SPACE_FEES[space]


def _can_pay(view: PlayerView, fee: int) -> bool:
    """Does the viewer hold a card of at least `fee`? (Only the viewer's own hand is looked at.)"""
    return any(view.hand[k] for k in range((fee - 1) * D.SCENES_PER_VALUE, D.NUM_CARD_KINDS))


def _affordable_swords(view: PlayerView, seat: int) -> list[int]:
    return [i for i, s in enumerate(D.SWORDS)
            if view.sword_on_board[i] and s.metal <= view.metal[seat] and s.gems <= view.gems[seat]]


def _business_benefit(t: _Teller, space: int) -> str:
    view, me = t.view, t.view.seat  # costs are always the view's seat's
    business = view.tile_business[space]
    if business == D.Business.METAL:
        return t.t("benefit_metal", count=view.metal_supply) if view.metal_supply else t.t("benefit_metal_empty")
    if business == D.Business.GEM:
        return t.t("benefit_gem", count=view.gem_supply) if view.gem_supply else t.t("benefit_gem_empty")
    if business == D.Business.SWORD:
        swords = _affordable_swords(view, me)
        if swords:
            return t.t("benefit_sword", swords=", ".join(str(D.SWORDS[i].value) for i in swords))
        metal, gems = t.goods(me)
        return t.t("benefit_sword_none", have=t.t("you_have", metal=metal, gems=gems))
    held = view.fencing_held[me]
    open_kinds = [k for k in range(len(D.FENCING_NAMES)) if view.fencing_board[k] and not held >> k & 1]
    if not open_kinds:
        return t.t("benefit_fence_none")
    tiles = ", ".join(t.fencing_word(k) for k in open_kinds)
    full = bin(held).count("1") >= D.MAX_FENCING_TILES
    return t.t("benefit_fence_back" if full else "benefit_fence", tiles=tiles)


def space_help(view: PlayerView, space: int, lang: str = "en", names: Sequence[str] | None = None,
               you: bool = True) -> str:
    """What `space` does and what it costs the viewer here and now, e.g. "Blue's gem dealer, middle row:
    costs you a card of 3 or more, paid to Blue; gives 1 gem (supply: 12)." """
    _check_space(space)
    t = _Teller(view, lang, names, you)
    me = view.seat
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.CATHEDRAL:
        return t.t("help_cathedral")
    if kind == D.SpaceKind.ENTRY:
        return t.t("help_entry")
    row = t.row(space)
    if kind == D.SpaceKind.BUSINESS and view.tile_owner[space] < 0:
        left = bin(view.tiles_left[me]).count("1")
        tiles = t.tc("tiles_left", left) if left else t.t("tiles_none")
        return t.t("help_empty", row=row, tiles=tiles)
    fee = _fee(view, space, me)
    afford = "" if fee == 0 or _can_pay(view, fee) else t.t("afford_none")
    if kind == D.SpaceKind.TAVERN:
        text = t.t("help_tavern", row=row, fee=fee, afford=afford, count=D.CARDS_PER_TAVERN,
                   draw=translate_count("cards", view.draw_size, lang))
    elif kind == D.SpaceKind.ARTIST:
        stack = view.paintings_stack
        benefit = (t.t("benefit_painting", value=stack[-1], count=len(stack)) if stack
                   else t.t("benefit_painting_none"))
        text = t.t("help_artist", row=row, fee=fee, afford=afford, benefit=benefit)
    else:
        business = _cap(t.business(space))
        benefit = _business_benefit(t, space)
        if view.tile_owner[space] == me:
            text = t.t("help_business_own", business=business, row=row, benefit=benefit, fee=D.SPACE_FEES[space])
        else:
            text = t.t("help_business_other", business=business, row=row, fee=fee,
                       owner=t.name(view.tile_owner[space]), afford=afford, benefit=benefit)
    occupants = view.occupants[space]
    if len(occupants) >= view.capacity[space]:
        mine_only = all(p // D.PAWNS_PER_PLAYER == me for p in occupants)
        text += " " + t.t("full_yours" if mine_only else "full_others")
    return text


def pawn_label(view: PlayerView, pawn: int, lang: str = "en", names: Sequence[str] | None = None,
               you: bool = True) -> str:
    """Pawn `pawn` (seat * 5 + index): whose, which, where, e.g. "Red's pawn 3, on space 6 (tavern)"."""
    if not 0 <= pawn < len(view.pawn_pos):
        raise ValueError(f"no pawn {pawn} in a {view.num_players}-player game")
    t = _Teller(view, lang, names, you)
    owner, number = divmod(pawn, D.PAWNS_PER_PLAYER)
    who = (t.t("pawn_yours", number=number + 1) if owner == t.me
           else t.t("pawn_of", owner=t.name(owner), number=number + 1))
    pos = view.pawn_pos[pawn]
    if pos == D.CATHEDRAL:
        text = t.t("pawn_on_cathedral", pawn=who)
    elif pos == D.ALCAZAR:
        sword = view.pawn_sword[pawn]
        text = (t.t("pawn_in_alcazar_sword", pawn=who, value=D.SWORDS[sword].value) if sword >= 0
                else t.t("pawn_in_alcazar", pawn=who))
    else:
        text = t.t("pawn_on_space", pawn=who, space=pos, place=t.place(pos))
    if pawn == view.active_pawn and pos != D.ALCAZAR:
        text = t.t("pawn_moving", pawn=text)
    return _cap(text)


def card_label(view: PlayerView, card: int, lang: str = "en", you: bool = True) -> str:
    """A money card (by kind): value, fencing scene, highlighted figure and what that means in a duel."""
    if not 0 <= card < D.NUM_CARD_KINDS:
        raise ValueError(f"no card kind {card}")
    t = _Teller(view, lang, None, you)
    colour, figure = D.CARD_COLOUR[card], D.CARD_FIGURE[card]
    figure_name = D.FIGURES[figure]
    if colour == D.NEUTRAL:
        scene = t.ui("scene_neutral")
        duel = t.t(f"duel_neutral_{figure_name}")
    else:
        scene = t.fencing_word(colour)
        duel = t.t(f"duel_colour_{figure_name}", colour=scene)
    parts = [t.t("card_label", value=D.CARD_VALUE[card], scene=scene, figure=t.ui(f"figure_{figure_name}")), duel]
    if colour != D.NEUTRAL and t.me >= 0 and view.fencing_held[t.me] >> colour & 1:
        parts.append(t.t("card_you_hold", colour=scene))
    return " ".join(parts)


def _sword_cost(t: _Teller, sword: int) -> str:
    """'2 metal and 3 gems' (a zero is left out)."""
    tile = D.SWORDS[sword]
    return t.join([t.tc("metal_count", tile.metal)] + ([t.tc("gems_count", tile.gems)] if tile.gems else []))


def sword_label(view: PlayerView, sword: int, lang: str = "en", names: Sequence[str] | None = None,
                you: bool = True) -> str:
    """Sword tile `sword` (index into data.SWORDS): value, cost, where it is and whether you can pay for it."""
    if not 0 <= sword < len(D.SWORDS):
        raise ValueError(f"no sword tile {sword}")
    t = _Teller(view, lang, names, you)
    tile = D.SWORDS[sword]
    parts = [t.t("sword_title", value=tile.value, cost=_sword_cost(t, sword))]
    half = tile.value // 2
    if view.sword_on_board[sword]:
        parts.append(t.t("sword_points", value=tile.value, half=half))
        if t.me >= 0:
            metal, gems = view.metal[t.me], view.gems[t.me]
            if tile.metal <= metal and tile.gems <= gems:
                have_metal, have_gems = t.goods(t.me)
                parts.append(t.t("sword_afford", have=t.t("you_have", metal=have_metal, gems=have_gems)))
            else:
                missing = []
                if tile.metal > metal:
                    missing.append(t.tc("metal_count", tile.metal - metal))
                if tile.gems > gems:
                    missing.append(t.tc("gems_count", tile.gems - gems))
                parts.append(t.t("sword_lack", missing=t.join(missing)))
        return " ".join(parts)
    for seat in range(view.num_players):
        if sword in view.swords_in_front[seat]:
            parts.append(t.t("sword_in_front", player=t.who(seat), half=half, value=tile.value))
    for pawn, carried in enumerate(view.pawn_sword):
        if carried == sword:
            parts.append(t.t("sword_delivered", player=t.who(pawn // D.PAWNS_PER_PLAYER), value=tile.value))
    return " ".join(parts)


def fencing_label(view: PlayerView, kind: int, lang: str = "en", names: Sequence[str] | None = None,
                  you: bool = True) -> str:
    """A kind of fencing-master tile (data.Fencing): what it does, how many lie on the board, who holds one."""
    if not 0 <= kind < len(D.FENCING_NAMES):
        raise ValueError(f"no fencing tile kind {kind}")
    t = _Teller(view, lang, names, you)
    count = view.fencing_board[kind]
    if kind == D.Fencing.MOVEMENT:
        parts = [t.t("fencing_movement_title", count=count), t.t("fencing_movement_what")]
    else:
        word = t.fencing_word(kind)
        parts = [_cap(t.t("fencing_duel_title", colour=word, count=count)), t.t("fencing_duel_what", colour=word)]
    holders = [s for s in range(view.num_players) if view.fencing_held[s] >> kind & 1]
    parts.append(t.t("held_by", list=t.join([t.who(s) for s in holders])) if holders else t.t("held_by_nobody"))
    if t.me >= 0:
        held = view.fencing_held[t.me]
        if held >> kind & 1:
            parts.append(t.t("fencing_you_hold"))
        elif bin(held).count("1") >= D.MAX_FENCING_TILES:
            parts.append(t.t("fencing_you_full"))
    return " ".join(parts)


def supply_label(view: PlayerView, item: str, lang: str = "en") -> str:
    """One part of the general supply: one of SUPPLY_ITEMS."""
    t = _Teller(view, lang, None, True)
    if item == "metal":
        return t.t("supply_metal", count=view.metal_supply)
    if item == "gems":
        return t.t("supply_gems", count=view.gem_supply)
    if item == "swords":
        return t.tc("supply_swords", sum(view.sword_on_board))
    if item == "fencing":
        items = [t.t("supply_fencing_item", tile=t.fencing_word(k), count=view.fencing_board[k])
                 for k in range(len(D.FENCING_NAMES))]
        return t.t("supply_fencing", list=", ".join(items))
    if item == "paintings":
        stack = view.paintings_stack
        return t.t("supply_paintings", count=len(stack), value=stack[-1]) if stack else t.t("supply_paintings_none")
    if item == "draw":
        return t.t("supply_draw", cards=translate_count("cards", view.draw_size, lang))
    if item == "discard":
        return t.t("supply_discard", cards=translate_count("cards", sum(view.discard), lang))
    raise ValueError(f"no supply item {item!r} (one of {', '.join(SUPPLY_ITEMS)})")


def supply_labels(view: PlayerView, lang: str = "en") -> dict[str, str]:
    """Every supply item's label, keyed by SUPPLY_ITEMS."""
    return {item: supply_label(view, item, lang) for item in SUPPLY_ITEMS}


def player_area_label(view: PlayerView, seat: int, lang: str = "en", names: Sequence[str] | None = None,
                      you: bool = True) -> str:
    """Everything public in front of `seat`, and its score so far (E2): hand size only, never the cards."""
    if not 0 <= seat < view.num_players:
        raise ValueError(f"no seat {seat} in a {view.num_players}-player game")
    t = _Teller(view, lang, names, you)
    parts = []
    if seat == view.current and view.phase.name != "OVER":
        parts.append(t.t("area_to_act"))
    parts.append(t.t("area_hand", cards=translate_count("cards", view.hand_sizes[seat], lang)))
    metal, gems = t.goods(seat)
    parts.append(t.t("area_goods", metal=metal, gems=gems))
    swords = [str(D.SWORDS[s].value) for s in view.swords_in_front[seat]]
    parts.append(t.t("area_swords", list=", ".join(swords)) if swords else t.t("area_swords_none"))
    fencing = [t.fencing_word(k) for k in range(len(D.FENCING_NAMES)) if view.fencing_held[seat] >> k & 1]
    parts.append(t.t("area_fencing", list=", ".join(fencing)) if fencing else t.t("area_fencing_none"))
    paintings = [str(v) for v in view.paintings[seat]]
    parts.append(t.t("area_paintings", list=", ".join(paintings)) if paintings else t.t("area_paintings_none"))
    base = seat * D.PAWNS_PER_PLAYER
    positions = view.pawn_pos[base:base + D.PAWNS_PER_PLAYER]
    alcazar = sum(1 for p in positions if p == D.ALCAZAR)
    cathedral = sum(1 for p in positions if p == D.CATHEDRAL)
    parts.append(t.t("area_pawns", alcazar=alcazar, cathedral=cathedral,
                     road=D.PAWNS_PER_PLAYER - alcazar - cathedral))
    parts.append(t.t("area_tiles", count=bin(view.tiles_left[seat]).count("1")))
    parts.append(t.tc("area_score", public_score(view, seat).total))
    return t.t("area", player=t.title(seat), parts=t.t("separator").join(parts))


def _card_short(t: _Teller, card: int) -> str:
    """'5 (violet, attacker)': the scene keeps labels of same-value cards apart."""
    colour = D.CARD_COLOUR[card]
    scene = t.ui("scene_neutral") if colour == D.NEUTRAL else t.fencing_word(colour)
    return t.t("card_short", value=D.CARD_VALUE[card], scene=scene,
               figure=t.ui(f"figure_{D.FIGURES[D.CARD_FIGURE[card]]}"))


def action_label(view: PlayerView, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A legal action of the viewer's, told as a button or menu entry (for keyboards and screen readers)."""
    t = _Teller(view, lang, names, True)
    kind = action.kind
    if kind is Kind.PLACE:
        return t.t("act_place", circles=action.circles, space=action.space,
                   business=t.ui(f"business_{D.BUSINESS_NAMES[action.business]}"))
    if kind is Kind.MOVE or kind is Kind.EXTRA:
        pawn = view.current * D.PAWNS_PER_PLAYER + action.pawn
        value = D.CARD_VALUE[action.card]
        dest = view.pawn_pos[pawn] + value
        if dest >= D.ENTRY_SPACES[0]:
            where = t.t("where_alcazar")
        elif view.capacity[dest] and (view.tile_owner[dest] >= 0 or D.SPACE_KINDS[dest] != D.SpaceKind.BUSINESS):
            where = t.t("where_space", space=dest, place=t.place(dest))
        else:
            where = t.t("where_empty", space=dest)
        return t.t("act_move" if kind is Kind.MOVE else "act_extra", card=_card_short(t, action.card),
                   pawn=action.pawn + 1, where=where)
    if kind is Kind.RETURN:
        return t.t("act_return", pawn=action.pawn + 1)
    if kind is Kind.CHALLENGE:
        seat = view.colours.index(action.colour)
        return t.t("act_challenge", player=t.name(seat))
    if kind is Kind.PAY:
        return t.t("act_pay", card=_card_short(t, action.card))
    if kind is Kind.SWORD:
        return t.t("act_sword", value=D.SWORDS[action.sword].value, cost=_sword_cost(t, action.sword))
    if kind is Kind.FENCE:
        if action.give_back >= 0:
            return t.t("act_fence_back", tile=t.fencing_word(action.take), back=t.fencing_word(action.give_back))
        return t.t("act_fence", tile=t.fencing_word(action.take))
    if kind is Kind.CARRY:
        if action.sword < 0:
            return t.t("act_carry_none")
        return t.t("act_carry", value=D.SWORDS[action.sword].value, cost=_sword_cost(t, action.sword))
    return t.t(f"act_{kind.name.lower()}")
