"""The Greedy level's scorer: each legal action's one-step gain in points, from the player's own view.

Nothing is applied and nothing searched; every number below is public or the player's own (its
hand, the pile's composition, the hand sizes), so the choice cannot depend on a hidden card. What an
action brings is counted in final points:

- cards are fuel: worth more while the hand is short, little in a hoard (`policy.card_worth`);
- metal and gems are worth what they will become in a sword (two points a resource, half of it
  certain), shrinking as the game nears its end, when only gems still count (two for a point);
- a sword in front is half its value for sure plus the other half times the chance a pawn on the
  road still carries it into the Alcazar;
- a fee paid to a rival costs the card and also what the card is worth to the rival (in a
  two-player game the rival's gain is this player's loss; with more, a share of it);
- entering the Alcazar carries the best sword in front; the pawn that would start the final round
  goes in only when the player is ahead on the points already fixed;
- paintings, taverns (worth their cards, so mainly when the hand is short), duels by their odds,
  the movement tile avoided.

It is the yardstick the other levels are measured by (`toledo.ai.greedy`), a few microseconds per
action.
"""

from __future__ import annotations

from typing import Sequence

from .. import data as D
from ..actions import Action, Kind
from ..state import State
from .policy import STEP_WORTH, DecisionFacts, add_follow_ups, cards_gained_worth, card_worth, duel_chance, place_value

PAWNS = D.PAWNS_PER_PLAYER
ENTRY = D.ENTRY_SPACES[0]
ALCAZAR = D.ALCAZAR
_SWORDS = D.SWORDS
_MOVEMENT = D.Fencing.MOVEMENT
_MOVEMENT_BIT = 1 << _MOVEMENT
_KIND_TAVERN = D.SpaceKind.TAVERN
_KIND_ARTIST = D.SpaceKind.ARTIST
_KIND_BUSINESS = D.SpaceKind.BUSINESS
_METAL, _GEM, _SWORD = D.Business.METAL, D.Business.GEM, D.Business.SWORD
_CARD_VALUE = D.CARD_VALUE
RESOURCE = 0.9  # a metal that will likely become part of a sword (a sword is two points a resource, half sure)
GEM = 1.1  # a gem: the same, and half a point even if never forged
LATE = 0.15  # the share of the game left below which unforged resources lose worth
CARRY = 0.85  # chance, early on, that a sword in front is still carried in
MOVEMENT_TILE = -1.5  # taking the movement tile: −2 at the end, a little flexibility meanwhile
FINAL_ROUND_BEHIND = -8.0  # starting the final round while not ahead


def fixed_points(s: State, p: int) -> float:
    """Points the seat holds for sure now (E2): swords in the Alcazar, half of those in front,
    paintings, every two gems, the movement tile."""
    v = float(sum(s.paintings[p]))
    base = p * PAWNS
    for i in range(base, base + PAWNS):
        sw = s.pawn_sword[i]
        if s.pawn_pos[i] == ALCAZAR and sw >= 0:
            v += _SWORDS[sw].value
    v += sum(_SWORDS[i].value // 2 for i in s.swords_in_front[p])
    v += s.gems[p] // 2
    if s.fencing_held[p] & _MOVEMENT_BIT:
        v -= 2.0
    return v


class _Greedy(DecisionFacts):
    """The per-decision facts of `policy.DecisionFacts` plus what this scorer adds."""

    __slots__ = ("carry", "rival_share", "in_alcazar", "late")

    def __init__(self, s: State) -> None:
        super().__init__(s)
        p = self.p
        road = [x for x in s.pawn_pos[p * PAWNS:(p + 1) * PAWNS] if x != ALCAZAR]
        self.in_alcazar = PAWNS - len(road)
        final = s.final_turns_left >= 0
        far = max(road, default=-1)
        reach = 0.6 + 0.4 * far / 19.0 if far >= 0 else 0.0
        self.carry = 0.0 if final or far < 0 else min(1.0, CARRY * self.t * reach * 1.15)
        self.rival_share = 1.0 if self.n == 2 else 1.0 / (self.n - 1)
        # resources keep their worth until the last stretch: forged later, they still score
        self.late = 0.0 if final else min(1.0, self.t / LATE)

    def counts(self) -> list[int]:
        """The scenes a duel may reveal, as the player can know them: every card it has not seen
        (the pile and the rivals' unseen cards alike), or the discards once the pile is empty (K1)."""
        if self._counts is None:
            s = self.s
            counts = [0] * 8
            if s.draw_pile:
                unseen = [0] * D.NUM_CARD_KINDS
                for q in range(s.n):
                    if q != self.p:
                        hand, known = s.hands[q], s.known[q]
                        for k in range(D.NUM_CARD_KINDS):
                            unseen[k] += hand[k] - known[k]
                for k in s.draw_pile:
                    unseen[k] += 1
                for k, c in enumerate(unseen):
                    counts[k % D.SCENES_PER_VALUE] += c
            else:
                for k in range(D.NUM_CARD_KINDS):
                    counts[k % D.SCENES_PER_VALUE] += s.discard[k]
            self._counts = counts
        return self._counts

    def _duel_chance(self, defender: int) -> float:
        return duel_chance(self.s, self.p, defender, self.counts())  # from what the player can know

    def metal_worth(self) -> float:
        s, p = self.s, self.p
        return RESOURCE * self.late * (0.5 if s.metal[p] >= 4 else 1.0)

    def gem_worth(self) -> float:
        s, p = self.s, self.p
        return max(0.5, GEM * self.late * (0.6 if s.gems[p] >= 4 else 1.0))

    def sword_front(self, value: int) -> float:
        half = value // 2
        return half + (value - half) * self.carry

    def forge_gain(self, index: int) -> float:
        sw = _SWORDS[index]
        return self.sword_front(sw.value) - sw.metal * self.metal_worth() - sw.gems * self.gem_worth()

    def best_forge(self) -> float:
        s, p = self.s, self.p
        metal, gems = s.metal[p], s.gems[p]
        best = 0.0
        for i, sw in enumerate(_SWORDS):
            if s.sword_on_board[i] and sw.metal <= metal and sw.gems <= gems:
                best = max(best, self.forge_gain(i))
        return best

    def fee_cost(self, value: int, owner: int, played: bool) -> float:
        """The card given up (its worth in the hand before or after the move's card has left), plus,
        when it goes to a rival, its worth to that rival."""
        cost = self.left_worth(value) if played else self.held_worth(value)
        if owner >= 0 and owner != self.p:
            cost += self.rival_share * card_worth(value, self.s.hand_sizes[owner] + 1, self.ct)
        return cost


def _benefit(c: _Greedy, space: int) -> float:
    """What using `space` brings before fees (U1-U6)."""
    s = c.s
    kind = D.SPACE_KINDS[space]
    if kind == _KIND_TAVERN:
        return cards_gained_worth(3, c.size - 2, c.ct)
    if kind == _KIND_ARTIST:
        return float(s.paintings_stack[-1]) if s.paintings_stack else 0.0
    business = s.tile_business[space]
    if business == _METAL:
        return c.metal_worth() if s.metal_supply else 0.0
    if business == _GEM:
        return c.gem_worth() if s.gem_supply else 0.0
    if business == _SWORD:
        return c.best_forge()
    held = s.fencing_held[c.p]
    if bin(held).count("1") >= D.MAX_FENCING_TILES:
        return 0.0
    best = 0.0
    for take in range(4):
        if held >> take & 1 or not s.fencing_board[take] or take == _MOVEMENT:
            continue
        best = max(best, 0.45 * c.t + 0.15)
    return best


def _owner(s: State, space: int) -> int:
    """Who receives the fee for using `space`: a business tile's owner, nobody otherwise."""
    return s.tile_owner[space] if D.SPACE_KINDS[space] == _KIND_BUSINESS else -1


def use_value(c: _Greedy, space: int, spent: int) -> float:
    """Net worth of using `space` after a move with a card of value `spent` (0 if not worth it)."""
    s = c.s
    gain = _benefit(c, space)
    if gain <= 0:
        return 0.0
    owner = _owner(s, space)
    if owner == c.p:
        return gain
    fee = 3 if D.SPACE_KINDS[space] == _KIND_ARTIST else D.SPACE_FEES[space]
    hv = c.hv
    for v in range(fee, 7):
        if hv[v] - (1 if v == spent else 0) > 0:
            return max(0.0, gain - c.fee_cost(v, owner, True))
    return 0.0


def enter_value(c: _Greedy) -> float:
    """Entering the Alcazar with the best sword in front; the pawn that starts the final round only
    when ahead on the points already fixed."""
    s, p = c.s, c.p
    best = c.best_carry
    value = (best - best // 2) * (1.0 - c.carry) if best else -1.2 + 1.5 * (1.0 - c.t)
    if c.in_alcazar + 1 >= D.ALCAZAR_PAWNS_TO_END and s.final_turns_left < 0:
        mine = fixed_points(s, p) + (best - best // 2)
        rivals = max(fixed_points(s, q) for q in range(c.n) if q != p)
        if mine <= rivals:
            value += FINAL_ROUND_BEHIND
    return value


def move_value(c: _Greedy, pawn: int, value: int) -> float:
    s = c.s
    dest = s.pawn_pos[pawn] + value
    worth = STEP_WORTH * value - c.held_worth(value)
    if dest >= ENTRY:
        return worth + enter_value(c)
    occ = s.occupants[dest]
    if len(occ) < s.capacity[dest]:
        return worth + use_value(c, dest, value)
    best = -0.4  # a full space (M6): a duel against the weakest target, or moving on later
    for other in occ:
        seat = other // PAWNS
        if seat != c.p:
            chance = c.duel_chance(seat)
            best = max(best, chance * (use_value(c, dest, value) + 0.3 + STEP_WORTH * dest) - (1 - chance) * (0.3 + STEP_WORTH * dest))
    return worth + best


def score_actions(s: State, legal: Sequence[Action]) -> list[float]:
    """Each legal action's one-step gain in points for the player to act (higher is better)."""
    c = _Greedy(s)
    p = c.p
    base = p * PAWNS
    out: list[float] = []
    cache: dict[tuple[int, int], float] = {}
    opening = s.lead_value == 0
    leads: list[tuple[int, int, int]] = []
    for a in legal:
        k = a.kind
        if k is Kind.MOVE or k is Kind.EXTRA:
            v = _CARD_VALUE[a.card]
            key = (v, a.pawn)
            val = cache.get(key)
            if val is None:
                val = cache[key] = move_value(c, base + a.pawn, v)
            if k is Kind.EXTRA:
                val += 0.15
            elif opening:
                leads.append((len(out), v, a.pawn))
            out.append(val)
        elif k is Kind.DRAW:
            out.append(cards_gained_worth(2, c.size, c.ct))
        elif k is Kind.PLACE:
            out.append(place_value(c, a))
        elif k is Kind.RETURN:
            pos = s.pawn_pos[base + a.pawn]
            out.append(-0.6 + (0.5 if pos >= 15 and not c.best_carry else 0.0))
        elif k is Kind.USE:
            out.append(_benefit(c, s.pawn_pos[s.active_pawn]) + 0.05)
        elif k is Kind.PAY:
            space = s.pawn_pos[s.active_pawn]
            out.append(_benefit(c, space) - c.fee_cost(_CARD_VALUE[a.card], _owner(s, space), False))
        elif k is Kind.SWORD:
            out.append(c.forge_gain(a.sword) + 0.01 * _SWORDS[a.sword].value)
        elif k is Kind.FENCE:
            gain = MOVEMENT_TILE if a.take == _MOVEMENT else 0.45 * c.t + 0.15
            if a.give_back >= 0:
                gain -= MOVEMENT_TILE if a.give_back == _MOVEMENT else 0.45 * c.t + 0.15
            out.append(gain)
        elif k is Kind.CARRY:
            out.append(float(_SWORDS[a.sword].value) if a.sword >= 0 else 0.0)
        elif k is Kind.CHALLENGE:
            seat = s.setup.colours.index(a.colour)
            space = s.pawn_pos[s.active_pawn]
            chance = c.duel_chance(seat)
            out.append(chance * (use_value(c, space, 0) + 0.3 + STEP_WORTH * space) - (1 - chance) * (0.3 + STEP_WORTH * space))
        else:  # END, SKIP, PASS
            out.append(0.0)
    if leads:
        add_follow_ups(c, out, leads, cache)
    return out
