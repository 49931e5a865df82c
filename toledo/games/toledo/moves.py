"""Legal actions: every action the player to act may take, in a fixed order (by kind, then card,
pawn, space...).

The computer players ask for them after every action of every playout, so the lists are copied from
tables built once at import (a card's moves for any set of pawns, the tiles for any set of empty
spaces) instead of being put together action by action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import data as D
from .actions import Action
from .records import Phase

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

PAWNS = D.PAWNS_PER_PLAYER
_MOVEMENT_BIT = 1 << D.Fencing.MOVEMENT
_ENTRY = D.ENTRY_SPACES[0]
_LAST = D.LAST_SPACE
_ALCAZAR = D.ALCAZAR
_CATHEDRAL = D.CATHEDRAL
_VALUES = range(1, 7)
_KINDS_OF = (range(0),) + tuple(D.kinds_of_value(v) for v in _VALUES)  # value -> its card kinds
# the phases as plain names: `legal_parts` tells them apart on every step of every playout
_START, _CONTINUE, _FULL, _USING = Phase.START, Phase.CONTINUE, Phase.FULL, Phase.USE
_SWORD_CHOICE, _FENCE_CHOICE, _CARRY_CHOICE = Phase.SWORD, Phase.FENCE, Phase.CARRY


def _by_pawn_set(table: tuple[tuple[Action, ...], ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """`[card][mask]`: the card's actions for the pawns whose bits are set in `mask`, lowest pawn first."""
    return tuple(tuple(tuple(row[i] for i in range(PAWNS) if mask >> i & 1) for mask in range(1 << PAWNS))
                 for row in table)


MOVE_SETS = _by_pawn_set(A.MOVE)
EXTRA_SETS = _by_pawn_set(A.EXTRA)
# (tiles left, empty business spaces) -> the PLACE actions, tile by tile, then space by space
_PLACES: dict[tuple[int, tuple[int, ...]], tuple[Action, ...]] = {}
_PLACES_LIMIT = 1 << 14


def _places(tiles: int, empty: tuple[int, ...]) -> tuple[Action, ...]:
    found = _PLACES.get((tiles, empty))
    if found is None:
        found = tuple(A.PLACE[bit >> 1][bit & 1][s] for bit in range(D.TILES_PER_PLAYER) if tiles >> bit & 1
                      for s in empty)
        if len(_PLACES) >= _PLACES_LIMIT:
            _PLACES.clear()
        _PLACES[(tiles, empty)] = found
    return found


# One card value's moves: (value, the pawns it may move as the lead or a matching card, the pawns it may
# move as the movement tile's extra card), pawn sets as bit masks.
MoveMasks = tuple[int, int, int]


def generate(s: State) -> list[Action]:
    out, masks, after = legal_parts(s)
    if masks:
        expand_moves(s, masks, out)
    out.extend(after)
    return out


def legal_parts(s: State) -> tuple[list[Action], list[MoveMasks], list[Action]]:
    """The legal actions in their order, in three parts: those before the moves, the moves as masks per
    card value (`expand_moves` lists them), those after. The playout policy scores the moves by value
    and pawn without listing every card's copy of them."""
    phase = s.phase
    p = s.current
    out: list[Action] = []
    after: list[Action] = []
    masks: list[MoveMasks] = []
    if phase == _START:
        if s.draw_pile or any(s.discard):  # A5: cards left somewhere
            out.append(A.DRAW)
        tiles = s.tiles_left[p]
        if tiles:
            owner = s.tile_owner
            empty = tuple([space for space in D.BUSINESS_SPACES if owner[space] < 0])
            if empty:
                out.extend(_places(tiles, empty))
        masks = move_masks(s, -1)
        base = p * PAWNS
        pos = s.pawn_pos
        for i in range(PAWNS):
            if _CATHEDRAL < pos[base + i] < _ALCAZAR:
                after.append(A.RETURN[i])
        if not out and not masks and not after:
            after.append(A.PASS)
    elif phase == _CONTINUE:
        masks = move_masks(s, -1)
        after.append(A.END)
    elif phase == _FULL:
        masks = move_masks(s, s.active_pawn)
        seen = 0
        for pawn in s.occupants[s.pawn_pos[s.active_pawn]]:
            owner_seat = pawn // PAWNS
            if owner_seat != p and not seen >> owner_seat & 1:
                seen |= 1 << owner_seat
        colours = sorted(s.setup.colours[seat] for seat in range(s.n) if seen >> seat & 1)
        after.extend(A.CHALLENGE[c] for c in colours)
    elif phase == _USING:
        fee = s._fee(s.pawn_pos[s.active_pawn])
        if fee == 0:
            out.append(A.USE)
        else:
            hand, values = s.hands[p], s.hand_values[p]
            for v in range(fee, 7):
                if values[v]:  # only the values held: most of the 48 kinds are not
                    for k in _KINDS_OF[v]:
                        if hand[k]:
                            out.append(A.PAY[k])
        out.append(A.SKIP)
    elif phase == _SWORD_CHOICE:
        out.extend(A.SWORD[i] for i in s._affordable_swords(p))
    elif phase == _FENCE_CHOICE:
        out.extend(s._fencing_options(p))
    elif phase == _CARRY_CHOICE:
        out.extend(A.CARRY[i] for i in sorted(s.swords_in_front[p]))
        out.append(A.CARRY_NONE)
    return out, masks, after


def expand_moves(s: State, masks: list[MoveMasks], out: list[Action]) -> None:
    """Append the MOVE actions of `masks` (by value, card, pawn), then their EXTRA actions."""
    hand = s.hands[s.current]
    extras: list[Action] = []
    for v, lead_mask, extra_mask in masks:
        for k in _KINDS_OF[v]:
            if hand[k]:
                if lead_mask:
                    out.extend(MOVE_SETS[k][lead_mask])
                if extra_mask:
                    extras.extend(EXTRA_SETS[k][extra_mask])
    out.extend(extras)


# a set of pawns (bit per pawn index) -> the pawn indices, lowest first
PAWNS_OF = tuple(tuple(i for i in range(PAWNS) if mask >> i & 1) for mask in range(1 << PAWNS))


def lowest_kinds(s: State, masks: list[MoveMasks]) -> list[int]:
    """Per entry of `masks`: the lowest card kind held of its value. Its moves come first in the legal
    list, and every other kind of the value repeats them: the callers that need one move per value
    and pawn take these."""
    hand = s.hands[s.current]
    out: list[int] = []
    for v, _, _ in masks:
        for k in _KINDS_OF[v]:
            if hand[k]:
                out.append(k)
                break
    return out


def move_masks(s: State, only_pawn: int) -> list[MoveMasks]:
    """The legal moves (M1-M3, M6, T1, T2) per card value held, ascending, values that move no pawn left out."""
    p = s.current
    values = s.hand_values[p]
    lead = s.lead_value
    extra_ok = not s.extra_used and bool(s.fencing_held[p] & _MOVEMENT_BIT)
    base = p * PAWNS
    if only_pawn >= 0:
        pawns: list[int] = [only_pawn - base]
    else:
        pos = s.pawn_pos
        pawns = [i for i in range(PAWNS) if pos[base + i] != _ALCAZAR]
    out: list[MoveMasks] = []
    if not pawns:
        return out
    strict = s.setup.rules >= 2  # T2 as corrected; revision 1 replays old games as played
    # once the lead is down, only its value can move a pawn unless the extra card is still to come
    for v in ((lead,) if lead and not extra_ok else _VALUES):
        if not values[v]:
            continue
        # a matching card, or the card that becomes the lead: never of the extra card's value (T2)
        as_lead = v == lead or (lead == 0 and v != s.extra_value)
        as_extra = extra_ok and (lead == 0 or v != lead)
        if not (as_lead or as_extra):
            continue
        values[v] -= 1  # the card is in play while we look ahead
        lead_mask = _landing(s, base, pawns, v, lead or v, extra_ok, 0) if as_lead else 0
        extra_mask = _landing(s, base, pawns, v, lead, False, v * strict) if as_extra else 0
        values[v] += 1
        if lead_mask or extra_mask:
            out.append((v, lead_mask, extra_mask))
    return out


def _landing(s: State, base: int, pawns: list[int], value: int, lead: int, extra_ok: bool, banned: int) -> int:
    """The set (bit per pawn index) of `pawns` that `can_land`; the common cases checked here, a
    full space handed to it."""
    mask = 0
    pos, capacity, occupants = s.pawn_pos, s.capacity, s.occupants
    for i in pawns:
        dest = pos[base + i] + value
        if dest > _LAST:
            continue
        if dest < _ENTRY:  # L1: the entries never fill
            cap = capacity[dest]
            if cap == 0 or (len(occupants[dest]) >= cap and not can_land(s, base + i, value, lead, extra_ok, banned)):
                continue
        mask |= 1 << i
    return mask


def can_land(s: State, pawn: int, value: int, lead: int, extra_ok: bool, banned: int = 0) -> bool:
    """May `pawn` move `value` spaces now (M2, M6)? `lead`/`extra_ok` are what later cards may use;
    `banned` is a value the lead card may not have (T2: the extra card's, when it opened the turn)."""
    dest = s.pawn_pos[pawn] + value
    if dest > _LAST:
        return False
    if dest >= _ENTRY:
        return True  # L1: the entries never fill
    cap = s.capacity[dest]
    if cap == 0:
        return False
    occ = s.occupants[dest]
    if len(occ) < cap:
        return True
    owner = pawn // PAWNS
    for other in occ:
        if other // PAWNS != owner:
            return True  # a duel is possible
    return _can_move_on(s, owner, dest, lead, extra_ok, banned or s.extra_value)


def _can_move_on(s: State, seat: int, pos: int, lead: int, extra_ok: bool, banned: int = 0) -> bool:
    """Only own pawns block `pos`: is there a card that takes the pawn on to a legal space (M6)?"""
    values = s.hand_values[seat]
    for v in range(1, 7):
        if not values[v]:
            continue
        if v == lead or (lead == 0 and v != banned):
            nxt_lead, nxt_extra = lead or v, extra_ok
        elif extra_ok:
            nxt_lead, nxt_extra = lead, False
        else:
            continue
        dest = pos + v
        if dest > _LAST:
            continue
        if dest >= _ENTRY:
            return True
        cap = s.capacity[dest]
        if cap == 0:
            continue
        occ = s.occupants[dest]
        if len(occ) < cap or any(o // PAWNS != seat for o in occ):
            return True
        values[v] -= 1
        ok = _can_move_on(s, seat, dest, nxt_lead, nxt_extra, banned if nxt_lead == 0 else 0)
        values[v] += 1
        if ok:
            return True
    return False
