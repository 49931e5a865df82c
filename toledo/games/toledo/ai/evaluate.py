"""Static evaluation: each player's expected final fame from a full (usually sampled) state.

Used at the leaves of the Hard search and by Medium's one-ply lookahead. It reads only public
fields of `State`; on a state drawn by `sample_state` the hidden parts (other hands, the draw
pile) are guesses, so the evaluation stays honest.

The estimate is the points already certain (delivered swords, paintings, gems) plus the expected
worth of what can still turn into points, discounted by how close the game is to its end:
resources become swords (a sword is worth about 2 points per metal or gem it costs), swords in
front become full value once a pawn carries them into the Alcazar, cards are the fuel of every
move and fee, placed business tiles give free uses and income.
"""

from __future__ import annotations

import math
from bisect import bisect_right

from ....core.heuristics import lead
from .. import data as D
from ..state import Phase, State

PAWNS = D.PAWNS_PER_PLAYER
ALCAZAR = D.ALCAZAR
_SWORD_VALUE = tuple(s.value for s in D.SWORDS)
_MOVEMENT_BIT = 1 << D.Fencing.MOVEMENT
_DUEL_BITS = (1 << D.Fencing.VIOLET) | (1 << D.Fencing.BROWN) | (1 << D.Fencing.TEAL)
_BOTTOM, _MIDDLE, _TOP = 1, 3, 5
_RESOURCE_SPACES = D.BUSINESS_SPACES
_GEM = D.Business.GEM  # the enums as plain names, for the leaves' loops
_OVER = Phase.OVER
# worth of the k-th best card in hand relative to the first: diminishing, a hoard is dead weight
_RANK_WORTH = (1.0,) * 5 + (0.6,) * 5 + (0.3,) * 5
_RANK_LEN = len(_RANK_WORTH)
_RANK_TAIL = 0.08
_RANK_PREFIX = tuple(sum(_RANK_WORTH[:k]) for k in range(_RANK_LEN + 1))

# Worth of one own placed business tile early in the game, by business and row fee. Resource
# dealers low on the road are used most (every pawn passes them first).
_TILE_WORTH: dict[tuple[int, int], float] = {
    (D.Business.METAL, _BOTTOM): 1.6, (D.Business.METAL, _MIDDLE): 1.1, (D.Business.METAL, _TOP): 0.6,
    (D.Business.GEM, _BOTTOM): 1.8, (D.Business.GEM, _MIDDLE): 1.3, (D.Business.GEM, _TOP): 0.7,
    (D.Business.SWORD, _BOTTOM): 0.9, (D.Business.SWORD, _MIDDLE): 1.3, (D.Business.SWORD, _TOP): 1.1,
    (D.Business.FENCE, _BOTTOM): 0.6, (D.Business.FENCE, _MIDDLE): 0.5, (D.Business.FENCE, _TOP): 0.3,
}


class Weights:
    """The tunable constants of `estimate` (one object so variants can be compared in tournaments)."""

    __slots__ = ("card", "card_value", "gem_raw", "resource", "carry", "pawn_step",
                 "tile", "duel_tile", "movement_flex", "scale", "alcazar_pawn", "idle_pawn_penalty",
                 "opportunity")

    def __init__(self, **kw: float) -> None:
        self.card = 0.45  # one card in hand (fuel for moves and fees)
        self.card_value = 0.06  # extra per pip: high cards move far and pay top-row fees
        self.gem_raw = 0.5  # a gem is half a point even if never used
        self.resource = 1.05  # a metal or gem that will likely become part of a sword
        self.carry = 0.85  # chance a sword in front gets carried in, early in the game
        self.pawn_step = 0.035  # worth of one space of progress of a pawn on the road
        self.tile = 1.0  # multiplier of _TILE_WORTH
        self.duel_tile = 0.45
        self.movement_flex = 1.2  # the movement tile's flexibility early (it costs 2 at the end)
        self.scale = 4.0  # points difference that turns into ~73 % win chance
        self.alcazar_pawn = 0.25  # small push to finish the race
        self.idle_pawn_penalty = 0.0
        self.opportunity = 0.08  # per resource dealer still ahead of a pawn (own counts double)
        for key, value in kw.items():
            setattr(self, key, value)


DEFAULT = Weights()


def progress(s: State) -> float:
    """0 at the start, 1 when the game is in its final round: how near the end (E1) is."""
    if s.final_turns_left >= 0:
        return 1.0
    pos = s.pawn_pos
    if max(pos) < 14:
        return 0.0  # no pawn near the end (most of a game; the scorer asks on every step)
    key = tuple(pos)  # late in a game the scorer asks again and again while no pawn moves
    found = _PROGRESS.get(key)
    if found is None:
        if len(_PROGRESS) >= _PROGRESS_LIMIT:
            _PROGRESS.clear()
        found = _PROGRESS[key] = _progress_of(pos, s.n)
    return found


_PROGRESS: dict[tuple[int, ...], float] = {}  # pawn positions -> `progress` outside the final round
_PROGRESS_LIMIT = 1 << 15


def _progress_of(pos: list[int], n: int) -> float:
    best = 0.0
    for p in range(n):
        seat = pos[p * PAWNS:(p + 1) * PAWNS]
        if max(seat) < 14:
            continue  # this seat's share is 0
        alc = near = 0
        for x in seat:
            if x == ALCAZAR:
                alc += 1
            elif x >= 14:
                near += 1
        g = (alc + 0.35 * min(near, max(0, 3 - alc))) / 3.0
        if g > best:
            best = g
    return min(best, 0.97)


def _hand_worth(hv: list[int], w: Weights) -> float:
    """Worth of a hand (counts by value) before the time discount: best cards first, diminishing."""
    total = 0.0
    rank = 0
    for val in range(6, 0, -1):
        c = hv[val]
        if c:
            worth = w.card + w.card_value * val
            end = rank + c
            if end <= _RANK_LEN:
                total += worth * (_RANK_PREFIX[end] - _RANK_PREFIX[rank])
            else:
                head = min(rank, _RANK_LEN)
                total += worth * (_RANK_PREFIX[_RANK_LEN] - _RANK_PREFIX[head] + (end - max(rank, _RANK_LEN)) * _RANK_TAIL)
            rank = end
    return total


def estimate(s: State, w: Weights = DEFAULT) -> list[float]:
    """Expected final fame per seat."""
    g = progress(s)
    t = 1.0 - g  # how much game is left
    final = s.final_turns_left >= 0
    n = s.n
    # one pass over the business spaces for everyone: tile worth per owner, resource dealers
    tile_worth = [0.0] * n
    dealers: list[int] = []  # the spaces of metal and gem dealers, ascending
    own_dealers: list[list[int]] = [[] for _ in range(n)]  # ... by owner
    if not final:
        owner, business, capacity = s.tile_owner, s.tile_business, s.capacity
        for space in D.BUSINESS_SPACES:
            o = owner[space]
            if o >= 0:
                b = business[space]
                tile_worth[o] += _TILE_WORTH[(b, D.SPACE_FEES[space])] * (0.85 + 0.15 * capacity[space])
                if b <= _GEM:
                    dealers.append(space)
                    own_dealers[o].append(space)
    out = []
    pawn_pos, pawn_sword = s.pawn_pos, s.pawn_sword
    for p in range(n):
        base = p * PAWNS
        held = s.fencing_held[p]
        v = float(sum(s.paintings[p]))
        alc = 0
        road = []
        for i in range(base, base + PAWNS):
            x = pawn_pos[i]
            if x == ALCAZAR:
                alc += 1
                sw = pawn_sword[i]
                if sw >= 0:
                    v += _SWORD_VALUE[sw]
            else:
                road.append(x)
        # swords in front: half value for sure, the rest if a pawn still carries them in
        front = s.swords_in_front[p]
        if front:
            swords = sorted((_SWORD_VALUE[i] for i in front), reverse=True)
            road.sort(reverse=True)
            carry_t = w.carry * t if not final else 0.0
            for k, val in enumerate(swords):
                half = val // 2
                if k < len(road):
                    reach = 0.6 + 0.4 * road[k] / 19.0  # a pawn further up gets there sooner
                    v += half + (val - half) * min(1.0, carry_t * reach * 1.15)
                else:
                    v += half
        metal, gems = s.metal[p], s.gems[p]
        if final:
            v += gems // 2
        else:
            res = w.resource * t
            v += gems * max(w.gem_raw, res) + metal * res
            # cards: the fuel; the first few matter most, a hoard is nearly worthless
            v += _hand_worth(s.hand_values[p], w) * (0.35 + 0.65 * t)
            # pawns: progress along the road (closer to delivering) and the resource dealers still
            # ahead of them (a pawn only ever moves forward, so what lies behind it is lost to it)
            if road:
                v += w.pawn_step * sum(road) * (0.5 + 0.5 * t)
                # each dealer ahead of a pawn counts a half, its owner's a whole: counted, then added up
                # (halves and wholes add up exactly, in any order)
                mine = own_dealers[p]
                every = own = 0
                for x in road:
                    every += len(dealers) - bisect_right(dealers, x)
                    own += len(mine) - bisect_right(mine, x)
                ahead = own + 0.5 * (every - own)
                v += w.opportunity * min(ahead, 12.0) * t
            v += w.duel_tile * bin(held & _DUEL_BITS).count("1") * t
            v += w.tile * tile_worth[p] * t
            v += w.alcazar_pawn * alc
        if held & _MOVEMENT_BIT:
            v += -2.0 + (0.0 if final else w.movement_flex * t)
        out.append(v)
    return out


def win_values(s: State, w: Weights = DEFAULT) -> list[float]:
    """A value in [0, 1] per seat: the real result when the game is over, else a win chance from the
    seat's estimated lead over its best rival."""
    if s.phase == _OVER:
        # the result, nudged by the margin so that search still prefers bigger wins
        totals = [sc.total for sc in s.scores()]
        ret = s.returns()
        return [0.9 * r + 0.1 * _sigmoid(lead(totals, p) / w.scale) for p, r in enumerate(ret)]
    est = estimate(s, w)
    return [_sigmoid(lead(est, p) / w.scale) for p in range(len(est))]


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))
