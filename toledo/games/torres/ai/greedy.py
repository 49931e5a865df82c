"""The Greedy level's scorer: each legal action's one-step gain in points for the player to act.

An action is applied to a copy and judged by the change in what the player would score if the phase
were scored now (each castle's area times the level of its highest knight there, and the king's
castle bonus), counted once for every scoring still to come, plus half of the best single step up
one of its knights could make next, minus one point for every action point the action spends.
Buying a card, and a card in hand, have fixed worths; playing a card is its effect less that worth.
Only its own points count: it does not weigh what an action gives its rivals.

Every number is public or the player's own; a purchase (whose card is hidden) is never applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Kind
from ..data import CARD_EXTRA_AP, K14, K15
from ..stage import Stage
from ..state import State
from .evaluate import castle_value, climb_value, king_bonus_now, remaining_scorings

CLIMB = 0.5  # share of the best next step up, per scoring to come
CARD = 1.5  # an action card in hand
BLOCK_KEPT = 0.5  # a block kept in a tower, per scoring (at most two) still to come: the end-of-turn tie-break

_BUY, _PLAY, _END, _SCORE = Kind.BUY, Kind.PLAY, Kind.END, Kind.SCORE


def _standing(st: State, p: int, rest: int) -> float:
    """What the seat would score from here if the board stayed as it is."""
    mine = st.km[p]
    return (st.score[p] + rest * castle_value(st, mine) + king_bonus_now(st, p)
            + CLIMB * rest * climb_value(st, mine))


def score_actions(st: State, legal: Sequence[Action]) -> list[float]:
    """Each action's one-step gain in points to the player to act (higher is better)."""
    p = st.current
    rest = remaining_scorings(st)
    before = _standing(st, p, rest)
    turn = st.stage == Stage.TURN
    ap = st.ap if turn else 0
    out: list[float] = []
    for a in legal:
        kind = a.kind
        if kind is _BUY:
            out.append(CARD - 1.0)
        elif kind is _SCORE:
            out.append(0.0)  # a point per action point: neither gained nor lost
        elif kind is _END:
            kept = sum(a.spread) - max(0, st.towers[p][a.tower])
            out.append(-float(ap) + BLOCK_KEPT * min(rest, 2) * kept * 0.01)
        elif kind is _PLAY and (a.card == K14 or a.card == K15):
            out.append(float(CARD_EXTRA_AP[a.card]) - CARD)
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
