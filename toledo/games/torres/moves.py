"""Legal actions (A11): every action whose conditions hold, with all its parameters, in a fixed order.

The order is by kind (Kind's order); within a kind by the acting knight's square, then the target
square (place, step, pass); blocks by tower slot, then square; cards by card, then the knight's or
block's square, then the target square or tower slot; advances by spaces; ends by the slot used up,
then the spread. Board facts that only change with the blocks (which squares
take a block, which squares each castle's gates open onto) are cached per board version.
"""

from __future__ import annotations

from itertools import accumulate
from operator import or_
from typing import TYPE_CHECKING

from . import actions as A
from . import data as D
from .actions import Action, Kind
from .board import BIT, DIAG, FULL, JUMPS, NB, NBL, components, neighbours, sqs, square_list
from .stage import Stage

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

_SQ = D.SQUARES
_SCORES = tuple(a for a in A.SCORE[1:] if a is not None)
_NEAR: dict[int, tuple[int, ...]] = {
    d: tuple(sum(1 << t for t in range(_SQ) if abs(t % 8 - q % 8) + abs(t // 8 - q // 8) < d) for q in range(_SQ))
    for d in (D.MASTER_START_SPACING, D.MASTER_START_FALLBACK)
}


# --- board caches ----------------------------------------------------------------------------------
_ADJ: dict[int, int] = {}  # castle mask -> the ground squares beside it
_ADJ_LIMIT = 1 << 15


def adjacent_ground(c: int) -> int:
    """The squares orthogonally beside castle c; all ground, as castles never touch orthogonally."""
    a = _ADJ.get(c)
    if a is None:
        a = neighbours(c) & ~c
        if len(_ADJ) >= _ADJ_LIMIT:
            _ADJ.clear()
        _ADJ[c] = a
    return a


def up_to_height(st: State) -> list[int]:
    """Per level k, the squares whose height is at most k (brought up to date first; the last entry
    is every square, so that k + 1 needs no bounds check). Shared with the state: read, never write."""
    refresh(st)  # returns at once when the board has not changed
    return st._up_to_height


def refresh(st: State) -> None:
    """Derive the block-only facts for the current board version (only needed after block changes
    that `after_add` cannot follow step by step)."""
    if st._cache_version == st._board_version:
        return
    hm = st.height_masks
    top = st.top
    le = list(accumulate(hm[:top + 1], or_))  # le[k]: squares of height <= k; le[top] is every square
    le.append(FULL)  # so that le[h + 1] needs no bounds check
    gates = 0
    for k in range(1, top):
        gates |= hm[k] & neighbours(FULL ^ le[k])
    tops = 0
    adjs = []
    for c in st.castle_masks:
        a = _ADJ.get(c)
        adjs.append(adjacent_ground(c) if a is None else a)
        area = c.bit_count()
        tops |= c if area > top else c & le[area - 1]  # A5(a): room for one more level (D6)
    st._up_to_height = le
    st._gates = gates
    st._adjs = adjs
    st._tops = tops
    _adjacency(st)


def _adjacency(st: State) -> None:
    once = twice = 0
    for a in st._adjs:
        twice |= once & a
        once |= a
    st._once = once
    st._twice = twice
    st._knight_ground = st._tops | (once & ~twice)  # A5(b): ground beside exactly one castle
    st._found = (FULL ^ st.blocks) & ~once  # ground beside no castle (K12, K17 found castles there)
    st._gates_beside = [None] * _SQ
    st._cache_version = st._board_version


def after_add(st: State, q: int, h0: int, ci: int) -> None:
    """Follow one block added on q (from height h0) to castle ci, when the caches were up to date."""
    bit = BIT[q]
    h = st.heights
    le = st._up_to_height[:]  # copied: clones share the lists
    le[h0] ^= bit
    if len(le) < st.top + 2:
        le.append(FULL)
    st._up_to_height = le
    gates = st._gates
    hq = h0 + 1
    for x in NBL[q]:
        if 1 <= h[x] <= h0:
            gates |= BIT[x]  # q now towers over this neighbour
    if any(h[z] > hq for z in NBL[q]):
        gates |= bit
    else:
        gates &= ~bit
    st._gates = gates
    c = st.castle_masks[ci]
    area = c.bit_count()
    if h0:
        st._tops = st._tops | bit if hq < area else st._tops & ~bit
        st._knight_ground = st._tops | (st._once & ~st._twice)
        st._gates_beside = [None] * _SQ
        st._cache_version = st._board_version
    else:
        st._tops = (st._tops & ~c) | (c if area > st.top else c & le[area - 1])
        adjs = st._adjs[:]
        adjs[ci] = adjacent_ground(c)
        st._adjs = adjs
        _adjacency(st)


def exits(st: State, ci: int) -> int:
    """A4's gate model: the squares T beside castle ci with a square of it taller than T.

    A gate on the k-th block opens at level k - 1, so T can be left onto exactly when an orthogonal
    neighbour in the castle is higher than T. T is a square of the castle (its taller neighbour is
    then in the castle too: `_gates` holds the blocks with a taller neighbour) or a ground square
    beside it (every block is taller than the ground)."""
    refresh(st)
    return (st._gates & st.castle_masks[ci]) | st._adjs[ci]


def gates_beside(st: State, s: int) -> int:
    """The exits of every castle a knight on s can walk into (a castle square orthogonally next to s)."""
    e = st._gates_beside[s]
    if e is None:
        gates, adjs, cid, cm = st._gates, st._adjs, st.castle_ids, st.castle_masks
        e = 0
        for t in NBL[s]:
            ci = cid[t]
            if ci >= 0:
                e |= (gates & cm[ci]) | adjs[ci]
        st._gates_beside[s] = e
    return e


# --- the generator -------------------------------------------------------------------------------
_TURN = Stage.TURN
_K_STEP, _K_PASS, _K_PLAY = Kind.STEP, Kind.PASS, Kind.PLAY


def generate(st: State) -> list[Action]:
    stage = st.stage
    if stage == _TURN:
        if st.keeping:  # V2: the buyer has paid and seen the top cards; he must keep one first
            return list(own_deck_buys(st.decks[st.current]))
        return _turn(st)
    free_blocks = st.blocks & ~st.occupied
    if stage == Stage.KNIGHTS:  # S6
        return [A.KNIGHT[q] for q in square_list(free_blocks)]
    if stage == Stage.KING:  # S7
        return [A.KING[q] for q in square_list(free_blocks)]
    if stage == Stage.KING_MOVE:  # W9: a free block of a different castle, or stay
        other = free_blocks & ~st.castle_masks[st.castle_ids[st.king]]
        return [A.KING[q] for q in square_list(other)] + [A.KING_STAY]
    if stage == Stage.BLOCKS:
        return [A.BLOCK[q] for q in square_list(master_start_squares(st.blocks))]
    return []


def master_start_squares(placed: int) -> int:
    """M2: squares at |dx| + |dy| >= 3 from every start block; if none, >= 2 (Decision)."""
    for d in (D.MASTER_START_SPACING, D.MASTER_START_FALLBACK):
        near = _NEAR[d]
        forbidden = placed
        for b in square_list(placed):
            forbidden |= near[b]
        ok = FULL & ~forbidden
        if ok:
            return ok
    return FULL & ~placed  # cannot happen with 8 blocks on 64 squares


def _turn(st: State) -> list[Action]:
    if st._cache_version != st._board_version:
        refresh(st)
    p = st.current
    ap = st.ap
    free = FULL ^ st.occupied
    le = st._up_to_height
    out: list[Action] = []
    ks = sqs(st.knight_masks[p])
    if ap and ks:
        h = st.heights
        if ap >= D.AP_PLACE_KNIGHT and st.ksupply[p]:  # A2
            t = 0
            for s in ks:
                t |= NB[s] & le[h[s]]
            t &= free
            if t:
                row = A.PLACE
                out += [row[q] for q in sqs(t)]
        gb = st._gates_beside
        later: list[Action] = []  # the passages, listed after every step
        for s in ks:
            hs = h[s]
            t = NB[s] & free & le[hs + 1]  # A3
            if t:
                row = _STEP_ROWS[s] or A.fill_row(_STEP_ROWS, _K_STEP, -1, s)
                out += [row[q] for q in sqs(t)]
            e = gb[s]
            t = (gates_beside(st, s) if e is None else e) & free & le[hs]  # A4
            if t:
                row = _PASS_ROWS[s] or A.fill_row(_PASS_ROWS, _K_PASS, -1, s)
                later += [row[q] for q in sqs(t)]
        out += later
    tw = st.towers[p]
    if ap:
        fixed = st.fixed
        t = st._knight_ground & free
        if t:  # A5/A6
            if fixed >= 0:
                if tw[fixed] > 0:
                    row = A.BUILD[fixed]
                    out += [row[q] for q in sqs(t)]
            else:
                targets = sqs(t)
                for i, b in enumerate(tw):
                    if b > 0:
                        row = A.BUILD[i]
                        out += [row[q] for q in targets]
        if st.bought < D.MAX_BUYS_PER_TURN:  # A7
            if st.variant == D.BASE:
                if st.deck:
                    out.append(A.BUY)
            elif st.variant == D.OWN_DECK and st.decks[p]:
                out.append(A.BUY)  # V2: the top cards are seen only once paid for
    hand = st.hands[p]
    if not st.card_played and any(hand):  # A8/K3
        fresh = st.fresh
        for c in range(D.NUM_CARD_TYPES):
            if hand[c] > fresh[c]:  # K2: not a card bought this turn
                _CARDS[c](st, p, ks, free, out)
    if ap:  # A9
        out += _SCORES[:ap]
    out += end_actions(tw, st.fixed)  # A10
    return out


_PASS_ROWS = A.PASS_ROWS
_STEP_ROWS = A.STEP_ROWS


def _pairs(out: list[Action], card: int, s: int, t: int) -> None:
    """Append the plays of a pair card from s to each square of mask t."""
    rows = A.PLAY_ROWS[card]
    row = rows[s] or A.fill_row(rows, _K_PLAY, card, s)
    out += [row[q] for q in sqs(t)]


def buy(st: State, action: Action) -> None:
    """A7/K1: pay and take the common deck's top card. V2: pay and look at the top cards of the own
    deck (a reveal: undo stops here), then, as a decision of its own, keep one and put the others back."""
    p = st.current
    if action.card < 0:
        st.ap -= D.AP_BUY
        st.bought += 1
        st.last_reveal_step = st.step
        if st.variant == D.BASE:
            card = st.deck.pop()
        else:
            st.keeping = True
            deck = st.decks[p]
            vt = max(st.known_top[p], min(D.OWN_DECK_LOOK, len(deck)))
            vb = st.known_bottom[p]
            st.known_top[p], st.known_bottom[p] = (len(deck), 0) if vt + vb >= len(deck) else (vt, vb)
            return
    else:
        card = action.card
        st.keeping = False
        deck = st.decks[p]
        k = min(D.OWN_DECK_LOOK, len(deck))
        del deck[len(deck) - k:]
        rest = len(deck)
        vt = min(max(0, st.known_top[p] - k), rest)
        vb = min(st.known_bottom[p], rest)
        deck[:0] = action.bottom[::-1]
        deck.extend(action.top[::-1])
        vt += len(action.top)
        vb += len(action.bottom)
        if vt + vb >= len(deck):
            vt, vb = len(deck), 0
        st.known_top[p], st.known_bottom[p] = vt, vb
    st.hands[p][card] += 1
    st.fresh[card] += 1


_BUY_CACHE: dict[tuple[tuple[int, ...], bool], tuple[Action, ...]] = {}


def own_deck_buys(deck: list[int]) -> tuple[Action, ...]:
    """V2, once bought: keep one of the top 3 cards, put the others on top of or under the deck, in any order.

    When nothing else is left in the deck, top and bottom are the same place: only `top` is offered."""
    k = min(D.OWN_DECK_LOOK, len(deck))
    look = tuple(sorted(deck[len(deck) - k:]))
    rest = len(deck) > k
    key = (look, rest)
    cached = _BUY_CACHE.get(key)
    if cached is None:
        cached = _BUY_CACHE[key] = tuple(_own_deck_buys(look, rest))
    return cached


def _own_deck_buys(look: tuple[int, ...], rest: bool) -> list[Action]:
    out = []
    for keep in look:
        others = [c for c in look if c != keep]
        if not others:
            out.append(A.buy_own(keep, (), ()))
        elif len(others) == 1:
            x = others[0]
            out.append(A.buy_own(keep, (x,), ()))
            if rest:
                out.append(A.buy_own(keep, (), (x,)))
        else:
            x, y = others
            out.append(A.buy_own(keep, (x, y), ()))
            out.append(A.buy_own(keep, (y, x), ()))
            if rest:
                out.append(A.buy_own(keep, (x,), (y,)))
                out.append(A.buy_own(keep, (y,), (x,)))
                out.append(A.buy_own(keep, (), (x, y)))
                out.append(A.buy_own(keep, (), (y, x)))
    return out


_END_CACHE: dict[tuple[tuple[int, ...], int], tuple[Action, ...]] = {}


def end_actions(tw: list[int], fixed: int) -> tuple[Action, ...]:
    """A10/A6: end the turn, dissolving the fixed tower (or, if none, any slot the player names) and
    spreading its blocks over the other towers (slots holding blocks), at most 3 each, as many as fit."""
    key = (tuple(tw), fixed)
    cached = _END_CACHE.get(key)
    if cached is not None:
        return cached
    out = []
    choices = [fixed] if fixed >= 0 else [i for i, b in enumerate(tw) if b >= 0]
    for d in choices:
        caps = [D.MAX_TOWER - b if i != d and b > 0 else 0 for i, b in enumerate(tw)]
        caps += [0] * (D.MAX_SLOTS - len(caps))
        placed = min(tw[d], sum(caps))
        for spread in _spreads(caps, placed):
            out.append(A.end(d, spread))
    result = tuple(out)
    _END_CACHE[key] = result
    return result


def _spreads(caps: list[int], total: int) -> list[tuple[int, ...]]:
    """Every way to add `total` blocks with at most caps[i] on slot i, in lexicographic order."""
    if not caps:
        return [()] if total == 0 else []
    out = []
    rest_cap = sum(caps[1:])
    for a in range(max(0, total - rest_cap), min(caps[0], total) + 1):
        out.extend((a, *tail) for tail in _spreads(caps[1:], total - a))
    return out


# --- the cards -----------------------------------------------------------------------------------
def _k10(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K10: an orthogonal step exactly two levels up."""
    h, hm = st.heights, st.height_masks
    for s in ks:
        t = NB[s] & free & hm[h[s] + 2]
        if t:
            _pairs(out, D.K10, s, t)


def _k11(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K11: a block from the general supply under A5's rules."""
    if st.supply > 0:
        t = st._knight_ground & free
        if t:
            row = A.PLAY_K11
            out += [row[q] for q in sqs(t)]


def _k12(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K12: a block from any own tower under an own knight, at any level, within D6; on the ground
    it joins the one neighbouring castle or founds one, never beside two castles."""
    slots = [i for i, b in enumerate(st.towers[p]) if b > 0]
    if not slots:
        return
    h, cid, cm, twice = st.heights, st.castle_ids, st.castle_masks, st._twice
    for s in ks:
        hs = h[s]
        if (hs and hs + 1 <= cm[cid[s]].bit_count()) or (not hs and not twice >> s & 1):
            for i in slots:
                out.append(A.PLAY_K12[i][s])


def _k13(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K13: a passage (A4) without the level limit."""
    for s in ks:
        t = gates_beside(st, s) & free
        if t:
            _pairs(out, D.K13, s, t)


def _k14(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K14/K15: more AP, playable at any moment of the turn."""
    out.append(A.PLAY_PLAIN[D.K14])


def _k15(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    out.append(A.PLAY_PLAIN[D.K15])


def _k16(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K16: a diagonal step, at most one level up."""
    h, le = st.heights, st._up_to_height
    for s in ks:
        t = DIAG[s] & free & le[h[s] + 1]
        if t:
            _pairs(out, D.K16, s, t)


def _k17(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K17: any free block to another free place, every condition checked on the result."""
    ctx = K17Context(st)
    for q in sqs(st.blocks & free):
        t = ctx.targets(q, free)
        if t:
            _pairs(out, D.K17, q, t)


class K17Context:
    """Per-position facts for K17, so that each source block costs a few mask operations.

    For castle i, `others_*[i]` describe all the other castles: their A5(a) tops, the squares beside
    one or more of them (`once`) and beside two or more (`twice`)."""

    __slots__ = ("st", "others_tops", "others_once", "others_twice")

    def __init__(self, st: State) -> None:
        refresh(st)
        self.st = st
        le = st._up_to_height
        top = st.top
        adjs = st._adjs
        cm = st.castle_masks
        k = len(cm)
        tops = [c if c.bit_count() > top else c & le[c.bit_count() - 1] for c in cm]
        # prefix and suffix unions, so "every castle but i" is two lookups
        pre_t, pre_o, pre_w = [0] * (k + 1), [0] * (k + 1), [0] * (k + 1)
        for i in range(k):
            pre_t[i + 1] = pre_t[i] | tops[i]
            pre_w[i + 1] = pre_w[i] | (pre_o[i] & adjs[i])
            pre_o[i + 1] = pre_o[i] | adjs[i]
        suf_t, suf_o, suf_w = [0] * (k + 1), [0] * (k + 1), [0] * (k + 1)
        for i in range(k - 1, -1, -1):
            suf_t[i] = suf_t[i + 1] | tops[i]
            suf_w[i] = suf_w[i + 1] | (suf_o[i + 1] & adjs[i])
            suf_o[i] = suf_o[i + 1] | adjs[i]
        self.others_tops = [pre_t[i] | suf_t[i + 1] for i in range(k)]
        self.others_once = [pre_o[i] | suf_o[i + 1] for i in range(k)]
        self.others_twice = [pre_w[i] | suf_w[i + 1] | (pre_o[i] & suf_o[i + 1]) for i in range(k)]

    def targets(self, q: int, free: int) -> int:
        """Where the free block on q may go (K17): the source castle not split, no two castles joined,
        D6 everywhere, at least 6 castles, a target other than q."""
        st = self.st
        bit = BIT[q]
        if st.heights[q] >= 2:  # the castles stay as they are; only the target matters
            k = len(st.castle_masks)
            if k >= D.MIN_CASTLES_AFTER_MOVE:
                return (st._knight_ground | st._found) & free & ~bit
            # never reached in play (castles start at 8 and only K17 removes one), but the rule holds
            return st._found & free & ~bit if k + 1 >= D.MIN_CASTLES_AFTER_MOVE else 0
        le = st._up_to_height
        ci = st.castle_ids[q]
        c = st.castle_masks[ci]
        rem = c ^ bit  # what is left of the source castle
        g = ((FULL ^ st.blocks) & free) & ~bit  # ground targets (q itself is excluded)
        once = self.others_once[ci]
        if (NB[q] & c).bit_count() > 1 and len(parts := components(rem)) > 1:
            # only a target that ties every part together again, touching no other castle
            if len(st.castle_masks) < D.MIN_CASTLES_AFTER_MOVE:
                return 0
            tie = g & ~once
            for part in parts:
                tie &= neighbours(part)
            return tie
        left = len(st.castle_masks) if rem else len(st.castle_masks) - 1  # castles once the block is lifted
        t = 0
        adj_rem = 0
        if rem:
            adj_rem = neighbours(rem) & ~rem
            if left >= D.MIN_CASTLES_AFTER_MOVE:
                t |= g & adj_rem & ~once  # back beside its own castle: area and heights as before
        area = rem.bit_count()
        if area >= len(le) or not rem & ~le[area]:  # the rest of the castle keeps D6 on its own
            if left >= D.MIN_CASTLES_AFTER_MOVE:
                t |= self.others_tops[ci] & free
                if rem:
                    t |= (rem if area - 1 >= len(le) else rem & le[area - 1]) & free
                t |= g & once & ~self.others_twice[ci] & ~adj_rem  # beside one other castle
            if left + 1 >= D.MIN_CASTLES_AFTER_MOVE:
                t |= g & ~once & ~adj_rem  # a new castle
        return t


def k17_targets(st: State, q: int, free: int) -> int:
    """K17's targets for the free block on q (see K17Context.targets)."""
    return K17Context(st).targets(q, free)


def _k18(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K18: lift an own knight and place it by A2 beside another own knight (judged after lifting)."""
    if len(ks) < 2:
        return
    h, le = st.heights, st._up_to_height
    reach = [NB[s] & le[h[s]] for s in ks]
    for i, s in enumerate(ks):
        t = 0
        for j, r in enumerate(reach):
            if j != i:
                t |= r
        if t & free:
            _pairs(out, D.K18, s, t & free)


def _k19(st: State, p: int, ks: tuple[int, ...], free: int, out: list[Action]) -> None:
    """K19: jump straight over an adjacent knight of another colour onto a free square at most one
    level up."""
    others = st.occupied & ~st.knight_masks[p]
    if st.king >= 0:
        others &= ~BIT[st.king]
    if not others:
        return
    h = st.heights
    for s in ks:
        limit = h[s] + 1
        for mid, land in JUMPS[s]:
            if others >> mid & 1 and free >> land & 1 and h[land] <= limit:
                out.append(A.play_pair(D.K19, s, land))


_CARDS = (_k10, _k11, _k12, _k13, _k14, _k15, _k16, _k17, _k18, _k19)
