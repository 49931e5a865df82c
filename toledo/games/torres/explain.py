"""Why an action is not legal: one short reason, for error messages and the interface."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D
from .actions import Action, Kind, well_formed
from .board import DIAG, NB, NBL
from .moves import gates_beside, k17_targets, master_start_squares, refresh
from .stage import Stage

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

_STAGE_TEXT = {
    Stage.BLOCKS: "the players place the start blocks: block SQUARE",
    Stage.KNIGHTS: "each player places a start knight on a free castle: knight SQUARE",
    Stage.KING: "the king goes onto a free castle: king SQUARE",
    Stage.KING_MOVE: "the lowest player may move the king: king SQUARE or king stay",
    Stage.TURN: "a turn: place, step, pass, build, buy, play, score or end",
}
_STAGE_KINDS = {
    Stage.BLOCKS: {Kind.BLOCK},
    Stage.KNIGHTS: {Kind.KNIGHT},
    Stage.KING: {Kind.KING},
    Stage.KING_MOVE: {Kind.KING, Kind.KING_STAY},
    Stage.TURN: {Kind.PLACE, Kind.STEP, Kind.PASS, Kind.BUILD, Kind.BUY, Kind.PLAY, Kind.SCORE, Kind.END},
}
_AP_COST = {Kind.PLACE: D.AP_PLACE_KNIGHT, Kind.STEP: D.AP_STEP, Kind.PASS: D.AP_PASSAGE, Kind.BUILD: D.AP_BLOCK,
            Kind.BUY: D.AP_BUY}


def _name(q: int) -> str:
    return D.SQUARE_NAMES[q]


def reason(st: State, action: Action) -> str:
    """A short reason why `action` is not legal now (assumes it is not)."""
    if not well_formed(action):
        return "not an action"
    if st.stage == Stage.OVER:
        return "the game is over"
    kind = action.kind
    if kind not in _STAGE_KINDS[st.stage]:
        return f"not a choice now ({_STAGE_TEXT[st.stage]})"
    if st.keeping:  # V2: paid and looked; nothing else until a card is kept
        if kind is Kind.BUY and action.card >= 0:
            return "those are not the top cards of your deck, or they cannot go back that way"
        return "first keep one of the cards you looked at and put the others back (e.g. buy k13 top k10 bottom k16)"
    refresh(st)
    if st.stage != Stage.TURN:
        return _setup_reason(st, action)
    p = st.current
    cost = _AP_COST.get(kind, action.n if kind is Kind.SCORE else 0)
    if cost > st.ap:
        return f"this costs {cost} AP and {st.ap} are left"
    if kind in (Kind.PLACE, Kind.STEP, Kind.PASS):
        return _knight_reason(st, action, p)
    if kind is Kind.BUILD:
        return _build_reason(st, action, p)
    if kind is Kind.BUY:
        return _buy_reason(st, action, p)
    if kind is Kind.PLAY:
        return _play_reason(st, action, p)
    if kind is Kind.END:
        return _end_reason(st, action, p)
    return "not possible here"


def _setup_reason(st: State, action: Action) -> str:
    q = action.sq
    if action.kind is Kind.BLOCK:
        if st.blocks >> q & 1:
            return f"{_name(q)} already holds a block"
        if not master_start_squares(st.blocks) >> q & 1:
            return f"{_name(q)} is too close to a start block (|dx| + |dy| must be at least 3)"
    elif action.kind is Kind.KING and st.stage == Stage.KING_MOVE:
        if st.castle_ids[q] == st.castle_ids[st.king]:
            return "the king moves to a different castle, or stays"
    if q >= 0 and not st.blocks >> q & 1:
        return f"{_name(q)} is not a castle"
    if q >= 0 and st.occupied >> q & 1:
        return f"{_name(q)} is not free"
    return "not possible here"


def _own_knight(st: State, p: int, q: int) -> str:
    return "" if st.knight_masks[p] >> q & 1 else f"no knight of yours on {_name(q)}"


def _knight_reason(st: State, action: Action, p: int) -> str:
    s, t = action.sq, action.to
    h = st.heights
    if action.kind is Kind.PLACE:
        if not st.ksupply[p]:
            return "no knight left in your supply"
        if st.occupied >> s & 1:
            return f"{_name(s)} is not free"
        return f"{_name(s)} must be next to one of your knights, on his level or lower"
    if why := _own_knight(st, p, s):
        return why
    if st.occupied >> t & 1:
        return f"{_name(t)} is not free"
    if action.kind is Kind.STEP:
        if not NB[s] >> t & 1:
            return "a step goes to an orthogonally neighbouring square"
        return "a step climbs at most one level"
    if h[t] > h[s]:
        return "a passage never comes out higher than the knight's level (the card k13 can)"
    if not gates_beside(st, s) >> t & 1:
        return f"no castle next to {_name(s)} has a gate onto {_name(t)}"
    return "not possible here"


def _build_reason(st: State, action: Action, p: int) -> str:
    tw = st.towers[p]
    i, q = action.tower, action.sq
    if i >= len(tw) or tw[i] < 0:
        return f"you have no tower t{i + 1} now"
    if st.fixed >= 0 and st.fixed != i:
        return f"this turn's blocks come from tower t{st.fixed + 1}"
    if tw[i] == 0:
        return f"tower t{i + 1} is empty"
    return _block_target_reason(st, q)


def _block_target_reason(st: State, q: int) -> str:
    if st.occupied >> q & 1:
        return "a block never goes under a piece"
    if st.heights[q]:
        return "the castle would be higher than its area"
    neighbours = {st.castle_ids[t] for t in NBL[q] if st.castle_ids[t] >= 0}
    if not neighbours:
        return "a block must join a castle"
    return "the block would join two castles"


def _buy_reason(st: State, action: Action, p: int) -> str:
    if st.variant == D.MASTER:
        return "no cards are bought in the master version"
    if st.bought >= D.MAX_BUYS_PER_TURN:
        return f"at most {D.MAX_BUYS_PER_TURN} cards per turn"
    if st.variant == D.BASE:
        if action.card >= 0:
            return "in the base game 'buy' takes the top card"
        return "the deck is empty"
    if not st.decks[p]:
        return "your deck is empty"
    return "first buy, then keep one of the cards you see (e.g. buy k13 top k10 bottom k16)"


def _play_reason(st: State, action: Action, p: int) -> str:
    c = action.card
    ident = D.CARD_IDS[c]
    if st.card_played:
        return "one card per turn"
    if not st.hands[p][c]:
        return f"no {ident} in your hand"
    if st.hands[p][c] <= st.fresh[c]:
        return "a card cannot be played in the turn it was bought"
    s, t = action.sq, action.to
    h = st.heights
    if c == D.K11:
        return "the general supply is empty" if st.supply <= 0 else _block_target_reason(st, s)
    if c == D.K17:
        if not st.blocks >> s & 1 or st.occupied >> s & 1:
            return f"no free block on {_name(s)}"
        if s == t:
            return "the block must go to another square"
        if st.occupied >> t & 1:
            return f"{_name(t)} is not free"
        if not k17_targets(st, s, ~st.occupied) >> t & 1:
            return "a castle would split, two castles would join, one would be higher than its area, " \
                   f"or fewer than {D.MIN_CASTLES_AFTER_MOVE} castles would remain"
        return "not possible here"
    if why := _own_knight(st, p, s):
        return why
    if c == D.K12:
        tw = st.towers[p]
        if action.tower >= len(tw) or tw[action.tower] <= 0:
            return f"tower t{action.tower + 1} has no block"
        if h[s]:
            return "the castle would be higher than its area"
        return "the block would join two castles"
    if t >= 0 and st.occupied >> t & 1:
        return f"{_name(t)} is not free"
    if c == D.K10:
        return "the target must be an orthogonal neighbour exactly two levels higher"
    if c == D.K16:
        if not DIAG[s] >> t & 1:
            return "the target must be a diagonal neighbour"
        return "a diagonal step climbs at most one level"
    if c == D.K13:
        return f"no castle next to {_name(s)} has a gate onto {_name(t)}"
    if c == D.K18:
        if st.knight_masks[p].bit_count() < 2:
            return "you need another knight on the board to place this one beside"
        if s == t:
            return "the knight must go to another square"
        return f"{_name(t)} must be next to another of your knights, on his level or lower"
    if c == D.K19:
        return "the leap goes straight over a neighbouring knight of another colour, " \
               "onto a free square at most one level higher"
    return "not possible here"


def _end_reason(st: State, action: Action, p: int) -> str:
    tw = st.towers[p]
    d = action.tower
    if d >= len(tw) or tw[d] < 0:
        return f"you have no tower t{d + 1} now"
    if st.fixed >= 0 and d != st.fixed:
        return f"the turn's tower is t{st.fixed + 1}"
    return (f"the {max(tw[d], 0)} block(s) left in t{d + 1} must go to your other towers holding blocks, "
            f"at most {D.MAX_TOWER} each, as many as fit")

