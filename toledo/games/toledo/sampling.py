"""Full states sampled consistently with a seat's view: what the computer players search over."""

from __future__ import annotations

import random

from . import data as D
from .records import Setup
from .state import State
from .view import PlayerView


def sample_state(view: PlayerView, rng: random.Random) -> State:
    """A full state that `view.seat` cannot tell apart from the real one.

    The other hands are filled with what is publicly known to be in them plus cards drawn at random
    from the unseen ones; the rest of the unseen cards form the draw pile in random order; future
    reshuffles get a fresh random seed. The result has no history: it is for simulation.
    """
    pool = view.unseen_cards()
    if min(pool) < 0:
        raise ValueError("inconsistent view: more cards seen than exist")
    unseen = [k for k in range(D.NUM_CARD_KINDS) for _ in range(pool[k])]
    rng.shuffle(unseen)
    seed = rng.getrandbits(63)
    s = State.__new__(State)
    s.setup = Setup(view.num_players, seed, view.start_player, view.colours, view.rules)
    s.n = view.num_players
    s.seed = seed
    s.hands, s.hand_values, s.known = [], [], []
    for seat in range(s.n):
        counts = list(view.hand) if seat == view.seat else list(view.known[seat])
        if seat != view.seat:
            for _ in range(view.hand_sizes[seat] - sum(view.known[seat])):
                counts[unseen.pop()] += 1
        s.hands.append(counts)
        values = [0] * 7
        for k, c in enumerate(counts):
            values[D.CARD_VALUE[k]] += c
        s.hand_values.append(values)
        s.known.append(list(view.known[seat]))
    if len(unseen) != view.draw_size:
        raise ValueError("inconsistent view: the unseen cards do not match the hand and pile sizes")
    s.draw_pile = unseen
    s.hand_sizes = list(view.hand_sizes)
    s.discard = list(view.discard)
    for name in ("reshuffles", "metal_supply", "gem_supply", "current", "phase", "lead_value", "lead_card",
                 "extra_used", "extra_value", "active_pawn", "final_turns_left", "turn", "last_duel",
                 "last_reveal_step"):
        setattr(s, name, getattr(view, name))
    for name in ("capacity", "tile_owner", "tile_business", "pawn_pos", "pawn_sword", "metal", "gems",
                 "sword_on_board", "fencing_board", "fencing_held", "paintings_stack", "tiles_left"):
        setattr(s, name, list(getattr(view, name)))
    for name in ("occupants", "swords_in_front", "paintings"):
        setattr(s, name, [list(x) for x in getattr(view, name)])
    s.history = []
    s.base_step = view.step
    s._legal = None
    return s
