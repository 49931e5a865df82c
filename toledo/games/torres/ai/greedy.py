"""The Greedy level's scorer: each legal action's one-step gain in points for the player to act.

An action is judged by the change in what the player would score if the phase were scored now (each
castle's area times the level of its highest knight there, and the king's castle bonus), counted
once for every scoring still to come, plus half of the best single step up one of its knights could
make next, minus one point for every action point the action spends. Buying a card, and a card in
hand, have fixed worths; playing a card is its effect less that worth. Only its own points count:
it does not weigh what an action gives its rivals. Setup blocks go beside the biggest castle.

Steps, placements and blocks are worked out on the squares they touch without applying them (a
decision stays well under a millisecond); the rest (the king's setup, one card) on a copy. Every
number is public or the player's own; a purchase (whose card is hidden) is never applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Kind
from ..board import NB, NBL
from ..data import CARD_EXTRA_AP, K11, K12, K14, K15, K17
from ..stage import Stage
from ..state import State
from .evaluate import castle_value, climb_value, king_bonus_now, remaining_scorings
from .policy import _climb_from, _highest, _Knights, knight_move_points

CLIMB = 0.5  # share of the best next step up, per scoring to come
CARD = 1.5  # an action card in hand
BLOCK_KEPT = 0.5  # a block kept in a tower, per scoring (at most two) still to come: the end-of-turn tie-break

_BUY, _PLAY, _END, _SCORE = Kind.BUY, Kind.PLAY, Kind.END, Kind.SCORE
_STEP, _PASS, _PLACE, _BUILD, _BLOCK, _KNIGHT = Kind.STEP, Kind.PASS, Kind.PLACE, Kind.BUILD, Kind.BLOCK, Kind.KNIGHT


def _standing(st: State, p: int, rest: int) -> float:
    """What the seat would score from here if the board stayed as it is."""
    mine = st.knight_masks[p]
    return (st.score[p] + rest * castle_value(st, mine) + king_bonus_now(st, p)
            + CLIMB * rest * climb_value(st, mine))


def _moved(k: _Knights, s: int, t: int, base: int) -> float:
    """`_standing`'s change when one of the seat's knights goes from s to t (s < 0: from the supply),
    worked out on the castles the two squares touch without applying the move (most of a turn's
    actions are steps: this keeps a decision within a millisecond)."""
    st, mine = k.st, k.mine
    value, moved = knight_move_points(k, s, t)
    # the best next step of any knight: the moved one from its new square, the others as they stand
    best = _climb_from(st, t, moved)
    m = mine
    while m:
        low = m & -m
        m ^= low
        q = low.bit_length() - 1
        if q != s:
            best = max(best, k.climb_from(q))
    return value + CLIMB * k.rest * (best - base)


def _built(st: State, p: int, q: int, rest: int) -> float:
    """`_standing`'s change for a block on q, without applying it: on an empty square, the castle it
    joins grows by one square for the seat's highest knight there; on a castle, the step up it
    opens to a knight of the seat standing beside it one level lower."""
    h, cm, cid, km = st.heights, st.castle_masks, st.castle_ids, st.knight_masks[p]
    if h[q] == 0:
        for t in NBL[q]:
            if cid[t] >= 0:
                on = km & cm[cid[t]]
                return float(rest * _highest(h, on)) if on else 0.0
        return 0.0
    c = cm[cid[q]]
    top = h[q] + 1
    if km & NB[q] & st.height_masks[top - 1]:
        gain = top - _highest(h, km & c)
        if gain > 0:
            return CLIMB * rest * gain * c.bit_count()
    return 0.0


def _beside(st: State, q: int) -> int:
    """The area of the castle a setup block on q joins (0 if it starts a new one)."""
    for t in NBL[q]:
        if st.castle_ids[t] >= 0:
            return st.castle_masks[st.castle_ids[t]].bit_count()
    return 0


def _best_climb(k: _Knights) -> int:
    best = 0
    m = k.mine
    while m:
        low = m & -m
        m ^= low
        best = max(best, k.climb_from(low.bit_length() - 1))
    return best


def score_actions(st: State, legal: Sequence[Action]) -> list[float]:
    """Each action's one-step gain in points to the player to act (higher is better)."""
    p = st.current
    rest = remaining_scorings(st)
    before = _standing(st, p, rest)
    turn = st.stage == Stage.TURN
    ap = st.ap if turn else 0
    out: list[float] = []
    knights = _Knights(st, p, rest)
    base = _best_climb(knights)
    for a in legal:
        kind = a.kind
        if kind is _STEP or kind is _PASS:
            out.append(_moved(knights, a.sq, a.to, base) - 1.0)
        elif kind is _PLACE and turn:
            out.append(_moved(knights, -1, a.sq, base) - 2.0)
        elif kind is _KNIGHT:
            out.append(_moved(knights, -1, a.sq, base))
        elif kind is _BUILD:
            out.append(_built(st, p, a.sq, rest) - 1.0)
        elif kind is _BLOCK:  # setup: no knight of its own yet; a bigger castle is a bigger prize later
            out.append(0.01 * _beside(st, a.sq))
        elif kind is _BUY:
            out.append(CARD - 1.0)
        elif kind is _SCORE:
            out.append(0.0)  # a point per action point: neither gained nor lost
        elif kind is _END:
            kept = sum(a.spread) - max(0, st.towers[p][a.tower])
            out.append(-float(ap) + BLOCK_KEPT * min(rest, 2) * kept * 0.01)
        elif kind is _PLAY and a.card != K12:  # a card's effect costs no action point (K5)
            c = a.card
            if c == K14 or c == K15:
                gain = float(CARD_EXTRA_AP[c])
            elif c == K11:
                gain = _built(st, p, a.sq, rest)
            elif c == K17:
                gain = _built(st, p, a.to, rest)
            else:
                gain = _moved(knights, a.sq, a.to, base)
            out.append(gain - CARD)
        else:
            child = st.clone()
            child.apply(a, check=False)
            gain = _standing(child, p, rest) - before
            if turn and child.stage == Stage.TURN and child.current == p:
                gain -= ap - child.ap
            if kind is _PLAY:
                gain -= CARD
            out.append(gain)
    return out
