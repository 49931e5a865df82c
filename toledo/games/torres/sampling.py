"""Views (I1-I4) and full states sampled consistently with a view (for the computer players).

`sample_state(view, rng)` deals every card the viewer cannot place (other hands, deck orders) at
random from the cards unseen by him, keeping what he knows (his hand, the master version's open
hands, the own-deck cards he put back and where). The result has no history and a fresh seed (the
seed would reveal the deck); `base_step` is the view's step.
"""

from __future__ import annotations

import random

from . import data as D
from .board import BIT, FULL
from .state import MAX_HEIGHT, Setup, State
from .view import PlayerView


def _counts(cards: list[int]) -> list[int]:
    out = [0] * D.NUM_CARD_TYPES
    for c in cards:
        out[c] += 1
    return out


def _expand(counts: list[int] | tuple[int, ...]) -> list[int]:
    return [t for t, k in enumerate(counts) for _ in range(k)]


def sample_state(view: PlayerView, rng: random.Random) -> State:
    """A full state that `view.seat` cannot tell apart from the real one."""
    n = view.num_players
    me = view.seat
    variant = D.VARIANTS.index(view.variant)
    s = State.__new__(State)
    s.setup = Setup(n, rng.getrandbits(63), view.start_player, view.colours, view.variant)
    s.n = n
    s.variant = variant
    s.heights = list(view.heights)
    s.height_masks = [0] * (MAX_HEIGHT + 1)
    for q, height in enumerate(s.heights):
        s.height_masks[height] |= BIT[q]
    s.top = max(s.heights)
    s.blocks = FULL ^ s.height_masks[0]
    s.knight_masks = [0] * n
    for q, piece in enumerate(view.pieces):
        if piece >= 0:
            s.knight_masks[piece] |= BIT[q]
    s.king = view.king
    s.occupied = sum(s.knight_masks) | (BIT[view.king] if view.king >= 0 else 0)
    s.recompute_castles()
    s.ksupply = list(view.knight_supply)
    s.supply = view.supply
    s.towers = [list(t) for t in view.towers]
    s.score = list(view.scores)
    s.played = [list(p) for p in view.played]
    s.master_card = view.master_card
    s.stage = view.stage
    s.current = view.current if view.current >= 0 else view.round_start
    for name, value in (("round_start", view.round_start), ("turn_in_round", view.turn_in_round), ("phase", view.phase),
                        ("rnd", view.round), ("ap", view.ap), ("bought", view.bought),
                        ("card_played", view.card_played), ("fixed", view.fixed_tower), ("placed", view.placed),
                        ("keeping", view.keeping), ("turn", view.turn), ("last_reveal_step", view.last_reveal_step)):
        setattr(s, name, value)
    s.deck = []
    s.decks = [[] for _ in range(n)]
    s.known_top = [k for k, _ in view.deck_known]
    s.known_bottom = [k for _, k in view.deck_known]
    if variant == D.MASTER:
        s.hands = [list(h) for h in view.hands]  # type: ignore[arg-type]
    elif variant == D.BASE:
        unseen = [D.CARD_COPIES - view.hand[t] - sum(p[t] for p in view.played) for t in range(D.NUM_CARD_TYPES)]
        if min(unseen) < 0:
            raise ValueError("inconsistent view: more cards seen than exist")
        pool = _expand(unseen)
        rng.shuffle(pool)
        s.hands = []
        for seat in range(n):
            if seat == me:
                s.hands.append(list(view.hand))
            else:
                size = view.hand_sizes[seat]
                s.hands.append(_counts(pool[len(pool) - size:]))
                del pool[len(pool) - size:]
        if len(pool) != view.deck_size:
            raise ValueError("inconsistent view: the unseen cards do not match the hand and deck sizes")
        s.deck = pool
    else:
        s.hands = []
        for seat in range(n):
            pool = _expand([1 - view.played[seat][t] for t in range(D.NUM_CARD_TYPES)])
            if seat == me:
                hand = list(view.hand)
                rest = [c for c in pool if not hand[c]]
                known = set(view.deck_top) | set(view.deck_bottom)
                middle = [c for c in rest if c not in known]
                rng.shuffle(middle)
                s.decks[seat] = list(view.deck_bottom[::-1]) + middle + list(view.deck_top[::-1])
            else:
                rng.shuffle(pool)
                size = view.hand_sizes[seat]
                hand = _counts(pool[:size])
                s.decks[seat] = pool[size:]
            s.hands.append(hand)
            if len(s.decks[seat]) != view.deck_sizes[seat]:
                raise ValueError("inconsistent view: an own deck's size does not match")
    # the cards the player on turn bought this turn (K2) are among his hand
    if view.current == me:
        s.fresh = list(view.fresh)
    else:
        s.fresh = [0] * D.NUM_CARD_TYPES
        if view.bought and view.current >= 0:
            held = _expand(s.hands[view.current])
            for c in rng.sample(held, min(view.bought, len(held))):
                s.fresh[c] += 1
    s.history = []
    s.base_step = view.step
    s._legal = None
    s.clear_caches()
    return s
