"""A fast hand-written action scorer: the Easy bot, the Hard search's rollout policy and its priors.

`score_actions(state, legal)` rates every legal action of the player to act without applying it,
from the board around the landing space: what using it brings (metal, gems, a sword, a fencing
tile, cards, a painting) against what it costs (the card played, the fee, the card handed to an
opponent), the chance of winning a duel from the composition of the draw pile, and the worth of a
card in hand. It takes a few microseconds per action, so rollouts stay cheap.

It reads the acting player's own hand and public facts only; the draw pile is used only for its
composition (which the player can infer from the cards seen so far).
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from .. import actions as A
from .. import data as D
from ..actions import Action, Kind
from ..state import State
from .evaluate import _RANK_TAIL, _RANK_WORTH, _TILE_WORTH, DEFAULT, progress

PAWNS = D.PAWNS_PER_PLAYER
ENTRY = D.ENTRY_SPACES[0]
_SWORDS = D.SWORDS
_MOVEMENT = D.Fencing.MOVEMENT
_DUEL_BITS = (1 << D.Fencing.VIOLET) | (1 << D.Fencing.BROWN) | (1 << D.Fencing.TEAL)
_KIND_TAVERN = D.SpaceKind.TAVERN
_KIND_ARTIST = D.SpaceKind.ARTIST
_KIND_BUSINESS = D.SpaceKind.BUSINESS
_METAL, _GEM, _SWORD, _FENCE = D.Business.METAL, D.Business.GEM, D.Business.SWORD, D.Business.FENCE
_CARD_COLOUR = D.CARD_COLOUR
_CARD_FIGURE = D.CARD_FIGURE
_CARD_VALUE = D.CARD_VALUE
STEP_WORTH = 0.035  # progress worth of one space
CARD, CARD_PIP = DEFAULT.card, DEFAULT.card_value
_FOLLOW_UP = 0.7  # share of the best further moves with the lead card's value counted in its favour
_SPACE_KINDS = D.SPACE_KINDS
_SPACE_FEES = D.SPACE_FEES
_IS_BUSINESS = tuple(kind == _KIND_BUSINESS for kind in D.SPACE_KINDS)
_USE_FEE = tuple(3 if kind == _KIND_ARTIST else fee for kind, fee in zip(D.SPACE_KINDS, D.SPACE_FEES))  # the least card
# per sword: (what forging it gains, its metal, its gems)
_SWORD_GAIN = tuple((sw.value * 0.9 - (sw.metal + sw.gems) * 1.0, sw.metal, sw.gems) for sw in D.SWORDS)
_LEAST_METAL = min(sw.metal for sw in D.SWORDS)  # with less, no sword is affordable
_SCENE = tuple(k % D.SCENES_PER_VALUE for k in range(D.NUM_CARD_KINDS))
_MOVE, _EXTRA, _PLACE, _RETURN, _DRAW = Kind.MOVE, Kind.EXTRA, Kind.PLACE, Kind.RETURN, Kind.DRAW
_END, _USE, _PAY, _SKIP, _CARRY, _CHALLENGE = Kind.END, Kind.USE, Kind.PAY, Kind.SKIP, Kind.CARRY, Kind.CHALLENGE
_SWORD_ACTION, _FENCE_ACTION = Kind.SWORD, Kind.FENCE


def _rank_worth(rank: int) -> float:
    return _RANK_WORTH[rank] if 0 <= rank < len(_RANK_WORTH) else (_RANK_TAIL if rank >= 0 else 1.0)


def card_worth(value: int, hand_size: int, ct: float = 1.0) -> float:
    """What one card of `value` is worth to a holder of `hand_size` cards, at the margin, as the
    evaluation counts it: full while the hand is short, little in a hoard; `ct` is the evaluation's
    discount for a game near its end."""
    return (CARD + CARD_PIP * value) * _rank_worth(hand_size - 1) * ct


def cards_gained_worth(count: int, hand_size: int, ct: float) -> float:
    """Worth of `count` unknown cards (average value 3.5) added to a hand of `hand_size`."""
    undiscounted = _GAINED.get((count, hand_size))
    if undiscounted is None:  # the product before `ct`, the same for every call with these two
        undiscounted = _GAINED[(count, hand_size)] = (CARD + CARD_PIP * 3.5) * sum(
            _rank_worth(hand_size + i) for i in range(count))
    return undiscounted * ct


_GAINED: dict[tuple[int, int], float] = {}  # (count, hand size) -> `cards_gained_worth` before the discount


class _PileMemo:
    """The scene counts of the last draw pile counted, and the duel chances worked out from them. A
    playout asks for them at most of its steps while the pile stays as it was (it changes only when
    cards are drawn); the memo keeps a copy of the pile, so a pile that differs in any card is counted
    afresh."""

    __slots__ = ("pile", "counts", "duels")

    def __init__(self) -> None:
        self.pile: list[int] = []
        self.counts: list[int] = []
        self.duels: dict[int, float] = {}  # challenger's duel tiles * 16 + defender's -> the challenger's chance


_PILE = _PileMemo()
# card kind -> scene, as a table for `bytes.translate` (kinds are below 256)
_SCENE_TABLE = bytes(_SCENE) + bytes(256 - len(_SCENE))
_SCENE_RANGE = range(8)


def _pile_memo(pile: list[int]) -> _PileMemo:
    """The memo, brought up to date for `pile` (a draw pile with cards)."""
    memo = _PILE
    if pile != memo.pile:  # compared in C, far cheaper than counting
        scenes = bytes(pile).translate(_SCENE_TABLE)  # counted in C as well
        memo.counts = [scenes.count(scene) for scene in _SCENE_RANGE]
        memo.pile = pile[:]
        memo.duels = {}
    return memo


def pile_counts(s: State) -> list[int]:
    """Counts of the cards a duel may reveal by scene (colour * 2 + figure): the draw pile, or the
    discards when the pile is empty (K1). Only the pile's composition, never its order."""
    if s.draw_pile:
        return _pile_memo(s.draw_pile).counts[:]
    counts = [0] * 8
    for k, count in enumerate(s.discard):
        counts[_SCENE[k]] += count
    return counts


def round_win_chance(counts: Sequence[int], mine: int, theirs: int) -> float:
    """P(the challenger wins one duel round) (D2) for the given scene counts and duel-tile masks."""
    total = sum(counts)
    if total == 0:
        return 0.0  # D6: the defender wins
    won = 0
    for colour in range(4):
        bit = 1 << colour
        i_have = colour != D.NEUTRAL and bool(mine & bit)
        they_have = colour != D.NEUTRAL and bool(theirs & bit)
        att, dfn = counts[colour * 2], counts[colour * 2 + 1]
        if i_have != they_have:
            won += (att + dfn) if i_have else 0
        else:
            won += att
    return won / total


def duel_win_chance(p_round: float) -> float:
    """Best of three (D3)."""
    return p_round * p_round * (3.0 - 2.0 * p_round)


def duel_chance(s: State, challenger: int, defender: int, counts: Sequence[int] | None = None) -> float:
    """P(the challenger wins the duel); `counts` are `pile_counts(s)` when the caller has them already."""
    mine = s.fencing_held[challenger] & _DUEL_BITS
    theirs = s.fencing_held[defender] & _DUEL_BITS
    return duel_win_chance(round_win_chance(pile_counts(s) if counts is None else counts, mine, theirs))


class DecisionFacts:
    """Per-decision facts shared by the scores of all legal actions; the costlier ones are worked out
    only when an action needs them (a rollout step asks for a few actions' worth, thousands of times)."""

    __slots__ = ("s", "p", "hv", "size", "t", "ct", "n", "_best_carry", "_affordable_best", "_counts",
                 "_held_rank", "_left_rank", "_duels", "_tavern", "_fencing")

    def __init__(self, s: State) -> None:
        self.s = s
        self.p = s.current
        self.hv = s.hand_values[self.p]
        self.size = s.hand_sizes[self.p]
        self.t = 1.0 - progress(s)
        self.ct = 0.35 + 0.65 * self.t
        self.n = s.n
        self._best_carry = -1
        self._affordable_best = -1.0
        self._counts: list[int] | None = None
        self._held_rank = -1.0
        self._left_rank = -1.0
        self._duels: dict[int, float] = {}  # defender seat -> the challenger's chance
        self._tavern: float | None = None  # `_benefit` of any tavern, and of any fencing master
        self._fencing: float | None = None

    @property
    def best_carry(self) -> int:
        if self._best_carry < 0:
            self._best_carry = max((_SWORDS[i].value for i in self.s.swords_in_front[self.p]), default=0)
        return self._best_carry

    @property
    def affordable_best(self) -> float:
        if self._affordable_best < 0:
            s, p = self.s, self.p
            metal, gems = s.metal[p], s.gems[p]
            best = 0.0
            if metal >= _LEAST_METAL:
                on_board = s.sword_on_board
                for i, (gain, m, g) in enumerate(_SWORD_GAIN):
                    if m <= metal and g <= gems and on_board[i] and gain > best:
                        best = gain
            self._affordable_best = best
        return self._affordable_best

    def counts(self) -> list[int]:
        if self._counts is None:
            self._counts = pile_counts(self.s)
        return self._counts

    def held_worth(self, value: int) -> float:
        """`card_worth(value, size, ct)`: a card of the full hand (the same product, in the same order)."""
        if self._held_rank < 0:
            self._held_rank = _rank_worth(self.size - 1)
        return (CARD + CARD_PIP * value) * self._held_rank * self.ct

    def left_worth(self, value: int) -> float:
        """`card_worth(value, size - 1, ct)`: a card of the hand once one card has been played."""
        if self._left_rank < 0:
            self._left_rank = _rank_worth(self.size - 2)
        return (CARD + CARD_PIP * value) * self._left_rank * self.ct

    def duel_chance(self, defender: int) -> float:
        chance = self._duels.get(defender)
        if chance is None:
            chance = self._duels[defender] = self._duel_chance(defender)
        return chance

    def _duel_chance(self, defender: int) -> float:
        """From the draw pile's counts, which the memo keeps: the chance depends only on them and the
        two seats' duel tiles, so it is worked out once per pair of tile sets while the pile stays."""
        s = self.s
        if not s.draw_pile:
            return duel_chance(s, self.p, defender, self.counts())
        memo = _pile_memo(s.draw_pile)
        key = (s.fencing_held[self.p] & _DUEL_BITS) << 4 | s.fencing_held[defender] & _DUEL_BITS
        chance = memo.duels.get(key)
        if chance is None:
            chance = memo.duels[key] = duel_chance(s, self.p, defender, memo.counts)
        return chance


def _pay_cost(c: DecisionFacts, fee: int, spent: int, to_opponent: bool) -> float:
    """The cost of the cheapest card of at least `fee` left after playing a card of value `spent`;
    -1 if there is none (the space cannot be used)."""
    hv = c.hv
    for v in range(fee, 7):
        have = hv[v] - (1 if v == spent else 0)
        if have > 0:
            rank = c._left_rank  # `c.left_worth(v)`, inline: the card played has left the hand already
            if rank < 0:
                rank = c._left_rank = _rank_worth(c.size - 2)
            cost = (CARD + CARD_PIP * v) * rank * c.ct
            if to_opponent:
                cost += 0.35 if c.n == 2 else 0.2  # the card strengthens a rival
            return cost
    return -1.0


def _benefit(c: DecisionFacts, space: int) -> float:
    """What using `space` brings before fees (U1-U6)."""
    s = c.s
    kind = _SPACE_KINDS[space]
    if kind == _KIND_TAVERN:
        if c._tavern is None:
            c._tavern = cards_gained_worth(3, c.size - 2, c.ct)
        return c._tavern
    if kind == _KIND_ARTIST:
        return float(s.paintings_stack[-1]) if s.paintings_stack else 0.0
    business = s.tile_business[space]
    p = c.p
    if business == _METAL:
        if not s.metal_supply:
            return 0.0
        return 1.05 if s.metal[p] < 4 else 0.5
    if business == _GEM:
        if not s.gem_supply:
            return 0.0
        return 1.25 if s.gems[p] < 4 else 0.7
    if business == _SWORD:
        return c.affordable_best
    if c._fencing is None:
        held = s.fencing_held[p]
        best = 0.0
        for take in range(4):
            if held >> take & 1 or not s.fencing_board[take]:
                continue
            gain = (0.6 if take != _MOVEMENT else 1.0 * c.t - 0.5)
            if bin(held).count("1") >= D.MAX_FENCING_TILES:
                gain -= 0.5
            if gain > best:
                best = gain
        c._fencing = best
    return c._fencing


def use_value(c: DecisionFacts, space: int, spent: int) -> float:
    """Net worth of taking a free circle on `space` and using it (0 if not worth it)."""
    gain = _benefit(c, space)
    if gain <= 0:
        return 0.0
    if _IS_BUSINESS[space]:
        if c.s.tile_owner[space] == c.p:
            return gain  # own tile: free
        cost = _pay_cost(c, _SPACE_FEES[space], spent, True)
    else:
        cost = _pay_cost(c, _USE_FEE[space], spent, False)
    if cost < 0:
        return 0.0
    return max(0.0, gain - cost)


def enter_value(c: DecisionFacts) -> float:
    """Entering the Alcazar: the best sword in front doubles its worth; an empty entry wastes a pawn
    unless the game is nearly over."""
    if c.best_carry:
        return c.best_carry - c.best_carry // 2 + 0.3
    return -1.2 + 1.5 * (1.0 - c.t)


def move_value(c: DecisionFacts, pawn: int, value: int) -> float:
    s = c.s
    dest = s.pawn_pos[pawn] + value
    rank = c._held_rank  # `c.held_worth(value)`, inline: a playout step values several moves
    if rank < 0:
        rank = c._held_rank = _rank_worth(c.size - 1)
    worth = STEP_WORTH * value - (CARD + CARD_PIP * value) * rank * c.ct
    if dest >= ENTRY:
        return worth + enter_value(c)
    occ = s.occupants[dest]
    if len(occ) < s.capacity[dest]:
        return worth + use_value(c, dest, value)
    # a full space (M6): a duel against the best target, or moving on later
    best = -0.4
    win = lose = 0.0
    for other in occ:
        seat = other // PAWNS
        if seat == c.p:
            continue
        chance = c.duel_chance(seat)
        if not lose:  # the same for every target
            win = use_value(c, dest, value) + 0.3 + STEP_WORTH * dest
            lose = 0.3 + STEP_WORTH * dest
        val = chance * win - (1 - chance) * lose
        if val > best:
            best = val
    return worth + best


def place_value(c: DecisionFacts, action: Action) -> float:
    row_fee = D.SPACE_FEES[action.space]
    base = _TILE_WORTH[(action.business, row_fee)] * (0.85 + 0.15 * action.circles)
    # lower spaces of a row first for resource dealers: reached by more cards from the start
    return base * c.t - 0.01 * action.space * (1 if action.business in (_METAL, _GEM) else -1)


def _place_terms() -> dict[int, tuple[float, float]]:
    """Per interned PLACE action (by id): `place_value`'s two terms, worked out once, so that its
    worth is `base * t - offset` with the very floats `place_value` computes."""
    out: dict[int, tuple[float, float]] = {}
    for by_circles in A.PLACE:
        for row in by_circles:
            for a in row:
                if a.space in D.BUSINESS_SPACES:
                    base = _TILE_WORTH[(a.business, D.SPACE_FEES[a.space])] * (0.85 + 0.15 * a.circles)
                    out[id(a)] = (base, 0.01 * a.space * (1 if a.business in (_METAL, _GEM) else -1))
    return out


PLACE_TERMS = _place_terms()
# per interned MOVE and EXTRA action (by id): (card value * 8 + pawn, is it the extra card)
_MOVE_INFO: dict[int, tuple[int, bool]] = {
    id(a): (_CARD_VALUE[a.card] * 8 + a.pawn, table is A.EXTRA) for table in (A.MOVE, A.EXTRA) for row in table for a in row}


def score_actions(s: State, legal: Sequence[Action]) -> list[float]:
    """A heuristic worth for each legal action of the player to act (higher is better)."""
    c = DecisionFacts(s)
    p = c.p
    base = p * PAWNS
    pawn_pos = s.pawn_pos
    out: list[float] = []
    append = out.append
    # a move's worth depends on the pawn only through its space (pawns waiting on the Cathedral are
    # alike); `by_pawn` keeps it per pawn as well, for the follow-ups
    by_pawn: dict[int, float] = {}  # value * 8 + pawn
    by_space: dict[int, float] = {}  # value * 32 + space
    opening = s.lead_value == 0
    leads: list[tuple[int, int]] = []  # (index in out, value * 8 + pawn) of cards that would lead
    move_info = _MOVE_INFO.get
    for a in legal:
        info = move_info(id(a))
        if info is None and (a.kind is _MOVE or a.kind is _EXTRA):  # a move built outside the engine's tables
            info = (_CARD_VALUE[a.card] * 8 + a.pawn, a.kind is _EXTRA)
        if info is not None:
            key, extra = info
            val = by_pawn.get(key)
            if val is None:
                pawn = base + (key & 7)
                where = (key >> 3) * 32 + pawn_pos[pawn]
                val = by_space.get(where)
                if val is None:
                    val = by_space[where] = move_value(c, pawn, key >> 3)
                by_pawn[key] = val
            if extra:
                val += 0.15  # the extra card does not bind later cards to its value
            elif opening:
                leads.append((len(out), key))
            append(val)
        else:
            append(score_other(c, a))
    if leads:
        _add_lead_follow_ups(c, out, leads, by_pawn)
    return out


def score_other(c: DecisionFacts, a: Action) -> float:
    """`score_actions`'s worth of an action other than a move."""
    s = c.s
    k = a.kind
    # the kinds a playout scores most often first (a pawn's return, a use or a skip, the turn's end)
    if k is _RETURN:
        pos = s.pawn_pos[c.p * PAWNS + a.pawn]
        return -0.6 + (0.5 if pos >= 15 and not c.best_carry else 0.0)
    if k is _USE:
        return _benefit(c, s.pawn_pos[s.active_pawn]) + 0.05
    if k is _SKIP or k is _END:
        return 0.0
    if k is _PAY:
        space = s.pawn_pos[s.active_pawn]
        v = _CARD_VALUE[a.card]
        cost = c.held_worth(v) + ((0.35 if c.n == 2 else 0.2) if _IS_BUSINESS[space] else 0.0)
        return _benefit(c, space) - cost
    if k is _PLACE:
        terms = PLACE_TERMS.get(id(a))
        return place_value(c, a) if terms is None else terms[0] * c.t - terms[1]
    if k is _DRAW:
        return cards_gained_worth(2, c.size, c.ct)
    if k is _SWORD_ACTION:
        sw = _SWORDS[a.sword]
        return sw.value * 0.9 - (sw.metal + sw.gems) * 1.0 + 0.01 * sw.value
    if k is _CARRY:
        return float(_SWORDS[a.sword].value) if a.sword >= 0 else 0.0
    if k is _FENCE_ACTION:
        gain = 0.6 if a.take != _MOVEMENT else 1.0 * c.t - 0.5
        if a.give_back >= 0:
            gain -= 0.6 if a.give_back != _MOVEMENT else 1.0 * c.t - 2.0
        return gain
    if k is _CHALLENGE:
        seat = s.setup.colours.index(a.colour)
        space = s.pawn_pos[s.active_pawn]
        chance = c.duel_chance(seat)
        win = use_value(c, space, 0) + 0.3 + STEP_WORTH * space
        return chance * win - (1 - chance) * (0.3 + STEP_WORTH * space)
    return 0.0  # PASS


class LeadBonus:
    """A lead card binds the turn's later cards to its value (M3): holding more of that value makes
    the lead worth part of the best further moves those cards allow. For moves kept by `value * 8 +
    pawn` (`by_pawn`, every legal move's own worth); the bonus depends only on the lead's value and
    pawn, so it is worked out once per pair."""

    __slots__ = ("hv", "by_pawn", "ranked", "bonus", "top")

    def __init__(self, hv: Sequence[int], by_pawn: dict[int, float]) -> None:
        self.hv = hv
        self.by_pawn = by_pawn
        self.ranked: dict[int, list[tuple[float, int]]] | None = None  # value -> (worth, key) of the good moves, best first
        self.bonus: dict[int, float] = {}
        # value -> the bonus of a lead that is not among the best further moves, and those moves' keys
        self.top: dict[int, tuple[float, tuple[int, ...]]] = {}

    def get(self, key: int) -> float | None:
        """The bonus of the lead `key`; None when no more cards of its value are held."""
        return self.of(key) if self.hv[key >> 3] > 1 else None

    def of(self, key: int) -> float:
        """The bonus of the lead `key`, whose value is held more than once: the share of the best
        further moves of its value, the lead's own move left out."""
        extra = self.bonus.get(key)
        if extra is None:
            value = key >> 3
            extra, best = self.top_of(value)
            if key in best:
                extra = follow_up_of(self._ranking()[value], self.hv[value] - 1, key)
            self.bonus[key] = extra
        return extra

    def top_of(self, value: int) -> tuple[float, tuple[int, ...]]:
        """The bonus of a lead of `value` (held more than once) that is not among the best further
        moves, and those moves' keys: `of` for every other lead of the value."""
        top = self.top.get(value)
        if top is None:
            top = self.top[value] = follow_ups(self._ranking().get(value, []), self.hv[value] - 1)
        return top

    def _ranking(self) -> dict[int, list[tuple[float, int]]]:
        ranked = self.ranked
        if ranked is None:
            ranked = self.ranked = {}
            for q, val in self.by_pawn.items():
                if val > 0:
                    ranked.setdefault(q >> 3, []).append((val, q))
            for moves in ranked.values():
                moves.sort(reverse=True)
        return ranked


def follow_ups(ranked: list[tuple[float, int]], more: int) -> tuple[float, tuple[int, ...]]:
    """For a lead whose value is held `more` times besides, with that value's good moves `ranked`
    ((worth, value * 8 + pawn), worth > 0, best first): the bonus of a lead that is not among the best
    `more` of them, and those moves' keys."""
    best = ranked[:more]
    return _FOLLOW_UP * sum([val for val, _ in best]), tuple([q for _, q in best])


def follow_up_of(ranked: list[tuple[float, int]], more: int, key: int) -> float:
    """The bonus of the lead `key`, one of the best `more` moves of `ranked` (see `follow_ups`): the best
    `more` moves but its own, among the first `more + 1`, in their order."""
    return _FOLLOW_UP * sum([val for val, q in ranked[:more + 1] if q != key])


def _add_lead_follow_ups(c: DecisionFacts, out: list[float], leads: list[tuple[int, int]], by_pawn: dict[int, float]) -> None:
    """`add_follow_ups` for moves kept by `value * 8 + pawn` (see `LeadBonus`)."""
    bonus = LeadBonus(c.hv, by_pawn)
    for i, key in leads:
        extra = bonus.get(key)
        if extra is not None:
            out[i] += extra


def add_follow_ups(c: DecisionFacts, out: list[float], leads: list[tuple[int, int, int]],
                    cache: dict[tuple[int, int], float]) -> None:
    """A lead card binds the turn's later cards to its value (M3): holding more of that value
    makes the lead worth part of the best further moves those cards allow."""
    hv = c.hv
    by_value: dict[int, list[tuple[int, float]]] = {}
    for (value, q), val in cache.items():
        if val > 0:
            by_value.setdefault(value, []).append((q, val))
    for i, v, pawn in leads:
        more = hv[v] - 1
        if more <= 0:
            continue
        others = sorted((val for q, val in by_value.get(v, ()) if q != pawn), reverse=True)
        out[i] += _FOLLOW_UP * sum(others[:more])


def greedy(s: State, legal: Sequence[Action], rng: random.Random, epsilon: float = 0.0) -> Action:
    """The best-scored action; with probability `epsilon` a softmax-sampled one instead."""
    if len(legal) == 1:
        return legal[0]
    scores = score_actions(s, legal)
    if epsilon and rng.random() < epsilon:
        return softmax_pick(legal, scores, 0.5, rng)
    best = max(scores)
    return legal[scores.index(best)]


def softmax_pick(legal: Sequence[Action], scores: Sequence[float], temperature: float, rng: random.Random) -> Action:
    top = max(scores)
    weights = [math.exp((x - top) / temperature) for x in scores]
    r = rng.random() * sum(weights)
    for a, wt in zip(legal, weights):
        r -= wt
        if r <= 0:
            return a
    return legal[-1]
