"""How good a Torres position is for each seat, in points, and the win chances that follow.

A seat's expected final points are its score plus what its knights would earn if the board stayed
as it is for every scoring still to come (W5, counted once per remaining scoring), the king's bonus
it holds now (W6), and small allowances for what it still has in hand: blocks in its towers, knights
in its supply, action cards, and a climb it could make next turn. The weights are hand-made and
deliberately few; the search does the real work.

The whole-turn search (Hard, Expert) weighs positions a little differently (`plan_estimate`): no
allowance for knights in the supply (it sees what a placed knight earns), and instead of the one next
climb, the best castle level a knight can walk to in a few steps (`reach_value`).
"""

from __future__ import annotations

import math

from .. import data as D
from ..board import NB, neighbours, sqs
from ..moves import up_to_height
from ..stage import Stage
from ..state import State

BLOCK_WORTH = 0.5  # a block in one's towers, per remaining scoring
KNIGHT_WORTH = 1.5  # a knight in the supply that can still come onto the board, per remaining scoring
# The whole-turn search (Hard, Expert) counts nothing for a knight kept in the supply: it sees what a
# placed knight earns, and the allowance only held it back from placing any (one knight all game long).
# In place of the next climb it counts where its knights can go: the best castle level within
# REACH_STEPS steps, each step beyond the first at REACH_FADE of the one before (per remaining scoring;
# four steps at 0.8 made its knights wander off: worse). Hard found the next climb alone, not the walk
# to a better castle, and so spread its knights over fewer castles than a score-now search.
REACH_SHARE = 0.7
REACH_STEPS = 3
REACH_FADE = 0.7
CARD_WORTH = 1.5  # an action card in hand
AP_WORTH = 1.0  # an action point left in the turn in progress (A9 turns it into a point at worst)
CLIMB_SHARE = 0.35  # the part of a next-turn climb counted now, per remaining scoring
WIN_SCALE_BASE = 6.0  # the points margin that makes a win likely at the very end ...
WIN_SCALE_PER_SCORING = 10.0  # ... and how much more a margin needs per scoring still ahead


def remaining_scorings(st: State) -> int:
    """Scorings still to come, counting the one that ends the current phase."""
    if st.stage == Stage.OVER:
        return 0
    if st.stage == Stage.KING_MOVE:
        return D.PHASES - 1 - st.phase
    return D.PHASES - st.phase


def castle_value(st: State, mine: int) -> int:
    """W5 for the knights in `mine`: each castle's area times the highest of those knights on it."""
    total = 0
    h = st.heights
    for c in st.castle_masks:
        on = mine & c
        if on:
            best = 0
            for q in sqs(on):
                if h[q] > best:
                    best = h[q]
            total += c.bit_count() * best
    return total


def climb_value(st: State, mine: int) -> int:
    """What the best single step up by one of `mine` would add to W5 (area times one level)."""
    h = st.heights
    hm = st.height_masks
    free = ~st.occupied
    cm = st.castle_masks
    cid = st.castle_ids
    best = 0
    for q in sqs(mine):
        up = NB[q] & hm[h[q] + 1] & free
        while up:
            low = up & -up
            up ^= low
            t = low.bit_length() - 1
            c = cm[cid[t]]
            area = c.bit_count()
            gain = (h[t] - _highest(st, mine & c)) * area
            if gain > best:
                best = gain
    return best


def reach_value(st: State, mine: int, steps: int = REACH_STEPS, fade: float = REACH_FADE) -> float:
    """What walking one of `mine` up to `steps` steps (A3: each to a free neighbour at most one level up)
    could add to W5: the castle's area times the levels gained over the highest of `mine` on it, the
    best over every square reached, counted at `fade` per step beyond the first."""
    le = up_to_height(st)
    hm = st.height_masks
    h = st.heights
    cid = st.castle_ids
    cm = st.castle_masks
    free = ~st.occupied
    ground = hm[0]
    tops: dict[int, int] = {}  # the highest of `mine` per castle, as needed
    seen = layer = mine
    best = 0.0
    share = 1.0
    for _ in range(steps):
        reached = 0
        left = layer
        k = 0
        while left:  # the next squares from each level: free, at most one level higher
            at = left & hm[k]
            if at:
                reached |= neighbours(at) & le[k + 1]
                left ^= at
            k += 1
        reached &= free & ~seen
        if not reached:
            break
        seen |= reached
        for q in sqs(reached & ~ground):
            ci = cid[q]
            t = tops.get(ci)
            if t is None:
                t = tops[ci] = _highest(st, mine & cm[ci])
            gain = (h[q] - t) * cm[ci].bit_count() * share
            if gain > best:
                best = gain
        layer = reached
        share *= fade
    return best


def _highest(st: State, on: int) -> int:
    best = 0
    h = st.heights
    for q in sqs(on):
        if h[q] > best:
            best = h[q]
    return best


def king_bonus_now(st: State, seat: int) -> int:
    """W6 as it would be paid at the end of the current phase."""
    if st.king < 0 or st.stage == Stage.KING_MOVE:
        return 0
    level = st.phase + 1
    hm = st.height_masks
    if level >= len(hm):
        return 0
    return D.KING_BONUS[st.phase] if st.knight_masks[seat] & st.castle_masks[st.castle_ids[st.king]] & hm[level] else 0


def seat_points(st: State, seat: int, rest: int, plan: bool = False) -> float:
    """One seat's expected final points (see the module docstring); `rest` = remaining scorings;
    `plan`: as the whole-turn search weighs them."""
    if rest <= 0:
        return float(st.score[seat])
    mine = st.knight_masks[seat]
    value = st.score[seat] + rest * castle_value(st, mine) + king_bonus_now(st, seat)
    blocks = 0
    for b in st.towers[seat]:
        if b > 0:
            blocks += b
    value += BLOCK_WORTH * blocks * min(rest, 2)
    if mine:
        if plan:
            value += REACH_SHARE * rest * reach_value(st, mine)
        else:
            value += KNIGHT_WORTH * st.ksupply[seat] * min(rest, 2)
            value += CLIMB_SHARE * rest * climb_value(st, mine)
    value += CARD_WORTH * sum(st.hands[seat])
    if st.stage == Stage.TURN and st.current == seat:
        value += AP_WORTH * st.ap
    return value


def estimate(st: State, plan: bool = False) -> list[float]:
    """Each seat's expected final points (`plan`: as the whole-turn search weighs them)."""
    rest = remaining_scorings(st)
    return [seat_points(st, s, rest, plan) for s in range(st.n)]


def plan_estimate(st: State) -> list[float]:
    """Each seat's expected final points as the whole-turn search weighs them (see the module
    docstring); a finished game's scores, as `estimate` gives them (no scoring left)."""
    return estimate(st, True)


def win_values(st: State) -> list[float]:
    """The result once the game is over, else win chances from the expected points (a softmax whose
    temperature shrinks as the scorings run out)."""
    if st.stage == Stage.OVER:
        return st.returns()
    pts = estimate(st)
    scale = WIN_SCALE_BASE + WIN_SCALE_PER_SCORING * (remaining_scorings(st) - 1 + (1 - st.rnd / max(1, st.rounds())))
    top = max(pts)
    weights = [math.exp((x - top) / scale) for x in pts]
    total = sum(weights)
    return [w / total for w in weights]
