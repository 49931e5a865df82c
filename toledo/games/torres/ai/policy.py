"""The fast action scorer and the playout policy: what each Torres action is worth, in points,
to the player to act, mostly without applying it.

Knight moves and placements are scored by what the knight's new square adds to the seat's castle
points (W5) over the scorings still to come, plus the king's bonus and the climb they open; blocks by
the area or the climb they give the seat against its rivals; buying, scoring and ending the turn by
their fixed rates; cards and setup decisions are applied to a copy and the whole position weighed.
Every action pays for the action points it uses (`AP_WORTH` each).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....core.heuristics import lead
from ..actions import Action, Kind
from ..board import BIT, NB, NBL, sqs
from ..data import CARD_EXTRA_AP, K11, K12, K14, K15, K17
from ..state import State
from .. import data as D
from .evaluate import AP_WORTH, BLOCK_WORTH, CARD_WORTH, CLIMB_SHARE, KNIGHT_WORTH, estimate, remaining_scorings

_STEP, _PASS, _PLACE, _BUILD, _SCORE, _END, _BUY, _PLAY = (
    Kind.STEP, Kind.PASS, Kind.PLACE, Kind.BUILD, Kind.SCORE, Kind.END, Kind.BUY, Kind.PLAY)


def score_actions(st: State, legal: Sequence[Action]) -> list[float]:
    """Each action's worth in points to the player to act (higher is better)."""
    p = st.current
    rest = remaining_scorings(st)
    keep = min(rest, 2)
    built: dict[int, float] = {}
    k = _Knights(st, p, rest)
    out: list[float] = []
    for a in legal:
        kind = a.kind
        if kind is _STEP or kind is _PASS:
            out.append(_knight(k, a.sq, a.to) - AP_WORTH)
        elif kind is _BUILD:
            out.append(_built(st, p, a.sq, rest, built) - AP_WORTH - BLOCK_WORTH * keep)
        elif kind is _SCORE:
            out.append(0.0)
        elif kind is _END:
            tw = st.towers[p]
            kept = sum(a.spread)
            out.append(-AP_WORTH * st.ap + BLOCK_WORTH * keep * (kept - max(0, tw[a.tower])) - 0.01 * _lopsided(tw, a))
        elif kind is _PLACE:
            out.append(_knight(k, -1, a.sq) - KNIGHT_WORTH * keep - 2 * AP_WORTH)
        elif kind is _BUY:
            out.append(CARD_WORTH - AP_WORTH)
        elif kind is _PLAY:
            out.append(_card(st, p, a, rest, built, k) - CARD_WORTH)
        else:
            out.append(_applied(st, p, a))
    return out


def _card(st: State, p: int, a: Action, rest: int, built: dict[int, float], k: _Knights) -> float:
    """A card's effect, free of action points (K5)."""
    c = a.card
    if c == K14 or c == K15:
        return AP_WORTH * CARD_EXTRA_AP[c]
    if c == K11:
        return _built(st, p, a.sq, rest, built)
    if c == K17:  # what the block adds where it lands, less the area it takes away where it left
        return _built(st, p, a.to, rest, built) - _unbuilt(st, p, a.sq, rest, built)
    if c == K12:
        return _applied(st, p, a) + CARD_WORTH  # the margin already counts the card leaving the hand
    return _knight(k, a.sq, a.to)


class _Knights:
    """What one score_actions call needs about the seat's knights as they stand, computed once: the
    highest of its knights on each castle and the climb each of its knights has now."""

    __slots__ = ("st", "mine", "rest", "high", "climb", "kc")

    def __init__(self, st: State, p: int, rest: int) -> None:
        self.st = st
        self.mine = st.knight_masks[p]
        self.rest = rest
        self.high: dict[int, int] = {}
        self.climb: dict[int, int] = {}
        self.kc = 0  # the king's castle at the level that pays this phase (0: no bonus to win)
        if st.king >= 0:
            level = st.phase + 1
            if level < len(st.height_masks):
                self.kc = st.castle_masks[st.castle_ids[st.king]] & st.height_masks[level]

    def highest(self, castle: int) -> int:
        value = self.high.get(castle)
        if value is None:
            value = self.high[castle] = _highest(self.st.heights, self.mine & self.st.castle_masks[castle])
        return value

    def climb_from(self, q: int) -> int:
        value = self.climb.get(q)
        if value is None:
            value = self.climb[q] = _climb_from(self.st, q, self.mine)
        return value


def _knight(k: _Knights, s: int, t: int) -> float:
    """The seat's gain when one of its knights goes from s to t (s < 0: from the supply), judged only
    on the castles the two squares touch: their W5 points, the king's bonus, and the climb the
    knight has from where it stands."""
    value, moved = knight_move_points(k, s, t)
    climb = _climb_from(k.st, t, moved) - (k.climb_from(s) if s >= 0 else 0)
    return value + CLIMB_SHARE * k.rest * climb


def knight_move_points(k: _Knights, s: int, t: int) -> tuple[float, int]:
    """What one of the seat's knights going from s to t (s < 0: from the supply) changes in the W5
    points still to come and the king's bonus, on the castles the two squares touch only (nothing is
    applied), and the seat's knights after the move."""
    st = k.st
    h = st.heights
    cm = st.castle_masks
    cid = st.castle_ids
    mine = k.mine
    moved = mine | BIT[t]
    cs = -1
    if s >= 0:
        moved ^= BIT[s]
        cs = cid[s]
    gain = 0
    ct = cid[t]
    if ct >= 0:
        c = cm[ct]
        before = k.highest(ct)
        # t is free, so without s in this castle the new highest is the old one or t's height
        after = _highest(h, moved & c) if cs == ct else max(before, h[t])
        gain += c.bit_count() * (after - before)
    if cs >= 0 and cs != ct:
        c = cm[cs]
        gain += c.bit_count() * (_highest(h, moved & c) - k.highest(cs))
    value = k.rest * gain
    kc = k.kc
    if kc:
        value += D.KING_BONUS[st.phase] * ((1 if moved & kc else 0) - (1 if mine & kc else 0))
    return value, moved


def _highest(h: list[int], on: int) -> int:
    best = 0
    for q in sqs(on):
        if h[q] > best:
            best = h[q]
    return best


def _climb_from(st: State, q: int, mine: int) -> int:
    """The most one step up from q would add to W5 for knights `mine` (area times levels gained)."""
    h = st.heights
    up = NB[q] & st.height_masks[h[q] + 1] & ~st.occupied
    best = 0
    while up:
        low = up & -up
        up ^= low
        c = st.castle_masks[st.castle_ids[low.bit_length() - 1]]
        gain = (h[q] + 1 - _highest(h, mine & c)) * c.bit_count()
        if gain > best:
            best = gain
    return best


def _built(st: State, p: int, q: int, rest: int, built: dict[int, float]) -> float:
    value = built.get(q)
    if value is None:
        value = built[q] = _build(st, p, q, rest)
    return value


def _build(st: State, p: int, q: int, rest: int) -> float:
    """A block on q: the area it adds (every seat on that castle gains its highest level), or on a
    free block the climb it opens beside it, for the seat against the mean of its rivals."""
    h = st.heights
    if h[q] == 0:
        for t in NBL[q]:
            if st.castle_ids[t] >= 0:
                return _area(st, p, st.castle_masks[st.castle_ids[t]], rest)
        return 0.0
    n = st.n
    km = st.knight_masks
    gains = [0.0] * n
    c = st.castle_masks[st.castle_ids[q]]
    area = c.bit_count()
    top = h[q] + 1
    beside = NB[q]
    for s in range(n):
        if km[s] & beside & st.height_masks[top - 1]:  # a knight that could step onto the new top
            gain = top - max((h[t] for t in sqs(km[s] & c)), default=0)
            if gain > 0:
                gains[s] = CLIMB_SHARE * rest * gain * area
    return gains[p] - (sum(gains) - gains[p]) / max(1, n - 1)


def _area(st: State, p: int, c: int, rest: int) -> float:
    """One more square of castle c: every seat on it gains its highest level there, at each scoring."""
    h = st.heights
    km = st.knight_masks
    mine = 0.0
    rivals = 0.0
    for s in range(st.n):
        on = km[s] & c
        if on:
            gain = rest * max(h[t] for t in sqs(on))
            if s == p:
                mine = gain
            else:
                rivals += gain
    return mine - rivals / max(1, st.n - 1)


def _unbuilt(st: State, p: int, q: int, rest: int, built: dict[int, float]) -> float:
    """What taking the top block of q away costs: a castle's area when it was its last block."""
    if st.heights[q] != 1:
        return 0.0
    value = built.get(-1 - q)
    if value is None:
        value = built[-1 - q] = _area(st, p, st.castle_masks[st.castle_ids[q]], rest)
    return value


def _lopsided(tw: list[int], a: Action) -> int:
    """A tie-break among spreads: fuller towers first (a tower of 3 is a strong turn later)."""
    after = [b + (a.spread[i] if i < len(a.spread) else 0) for i, b in enumerate(tw) if b >= 0 and i != a.tower]
    return -sum(b * b for b in after)


def _applied(st: State, p: int, a: Action) -> float:
    """Cards and setup decisions: the seat's lead over its best rival after the action, minus before."""
    before = lead(estimate(st), p)
    child = st.clone()
    child.apply(a, check=False)
    return lead(estimate(child), p) - before


def best(st: State, legal: Sequence[Action]) -> Action:
    scores = score_actions(st, legal)
    return legal[scores.index(max(scores))]


def greedy(st: State, legal: Sequence[Action], rng: random.Random, epsilon: float) -> Action:
    """The playout policy: the scorer's favourite among the plain actions (cards and buying are left
    to the search, which weighs them better than a playout can), now and then any plain action but
    ending the turn early."""
    if len(legal) == 1:
        return legal[0]
    plain = [a for a in legal if a.kind is not _PLAY and a.kind is not _BUY]
    if not plain:  # V2: which card to keep after buying, weighed by the search
        return legal[rng.randrange(len(legal))]
    if len(plain) == 1:
        return plain[0]
    if rng.random() < epsilon:
        a = plain[rng.randrange(len(plain))]
        if a.kind is not _END or st.ap == 0:
            return a
    return best(st, plain)
