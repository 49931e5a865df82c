"""Torres's parts of the whole-turn search (`toledo.ai.turn`): position keys, the actions worth
trying, and what a position is worth when the turn ends.

The baseline value is "score now": each seat's score plus what the current phase's scoring would
pay it if it came now (castle points, W5, and the king's bonus, W6), against the best rival; cards
in hand count for what they can do later. Cards whose kind the seat cannot see (a rival's hand, the
card just bought from a shuffled deck) count at the mean worth, so the value depends only on the
seat's view.
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import mul

from ....core.heuristics import lead
from .. import data as D
from ..actions import Action, Kind
from ..stage import Stage
from ..state import State
from .evaluate import castle_value, king_bonus_now, plan_estimate
from .policy import score_actions

_END, _SCORE, _BUY = Kind.END, Kind.SCORE, Kind.BUY
_TURN, _KEEP_STAGES = Stage.TURN, (Stage.TURN, Stage.KING, Stage.KNIGHTS, Stage.BLOCKS)

# what a card in hand can still do, in points: the extra action points at one point each, a free
# climb of two levels or block more (a hand-made guess, kept deliberately plain)
CARD_TURN_WORTH: tuple[float, ...] = (2.5, 1.5, 2.0, 1.5, 1.0, 2.0, 1.5, 1.5, 1.5, 1.5)
MEAN_CARD_WORTH = sum(CARD_TURN_WORTH) / len(CARD_TURN_WORTH)


def turn_key(s: State) -> Hashable:
    """Everything the rest of the turn and its value depend on (the board, the pieces, the turn's
    resources, the scores)."""
    p = s.current
    return (tuple(s.height_masks), tuple(s.knight_masks), s.king, s.ap, s.fixed, tuple(s.towers[p]), tuple(s.hands[p]),
            tuple(s.fresh), s.card_played, s.bought, tuple(s.score), s.supply, s.stage, s.keeping)


def cards_worth(s: State, seat: int, viewer: int) -> float:
    hand = s.hands[seat]
    if seat != viewer or s.variant == D.MASTER:
        return MEAN_CARD_WORTH * sum(hand) if seat != viewer else _named(hand)
    fresh = s.fresh if s.current == seat else None
    if not fresh or not any(fresh):
        return _named(hand)
    known = [hand[t] - fresh[t] for t in range(D.NUM_CARD_TYPES)]
    return _named(known) + MEAN_CARD_WORTH * sum(fresh)


def _named(hand: list[int]) -> float:
    return sum(map(mul, hand, CARD_TURN_WORTH))


def score_now(s: State, seat: int, viewer: int) -> float:
    """The seat's points if the phase were scored now, and its cards."""
    value = float(s.score[seat])
    if s.stage in _KEEP_STAGES:
        value += castle_value(s, s.knight_masks[seat]) + king_bonus_now(s, seat)
    return value + cards_worth(s, seat, viewer)


def turn_value(s: State, seat: int) -> float:
    """Score now, against the best rival."""
    mine = score_now(s, seat, seat)
    return mine - max(score_now(s, q, seat) for q in range(s.n) if q != seat)


def turn_moves(s: State, per_node: int) -> list[Action]:
    """The actions worth trying, best first: ending the turn once (its spread of blocks chosen by the
    scorer), scoring only with every action point left (a smaller advance leaves points unused),
    buying once; of the rest the scorer's `per_node` favourites (all with 0)."""
    legal = s.legal_actions()
    if s.keeping:  # which card to keep: all count alike here (the search cannot see them)
        return [legal[0]]
    scores = score_actions(s, legal)
    stage = s.stage
    end: Action | None = None
    end_score = float("-inf")
    rest: list[tuple[float, int, Action]] = []
    for i, a in enumerate(legal):
        kind = a.kind
        if stage == _TURN and kind is _END:
            if scores[i] > end_score:
                end, end_score = a, scores[i]
            continue
        if kind is _SCORE and a.n != s.ap:
            continue
        rest.append((-scores[i], i, a))
    rest.sort()
    if per_node and len(rest) > per_node:
        rest = rest[:per_node]
    out = [a for _, _, a in rest]
    if end is not None:
        out.insert(0, end)
    return out


def turn_stop(s: State) -> Action | None:
    """The scorer's way to end the turn now (None outside a turn's actions)."""
    if s.stage != _TURN or s.keeping:
        return None
    ends = [a for a in s.legal_actions() if a.kind is _END]
    if not ends:
        return None
    scores = score_actions(s, ends)
    return ends[scores.index(max(scores))]



def plan_value(s: State, seat: int) -> float:
    """Expected final points (`evaluate.plan_estimate`: every scoring still to come, the blocks and
    cards still in hand), against the best rival: what a turn's end position can still become."""
    return lead(plan_estimate(s), seat)
