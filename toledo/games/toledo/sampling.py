"""Full states sampled consistently with a seat's view: what the computer players search over."""

from __future__ import annotations

import random

from . import data as D
from .records import Setup
from .state import State
from .view import PlayerView

_CARD_VALUE = D.CARD_VALUE


class _Template:
    """What every sample of one view shares, worked out once: a search samples the same view a
    thousand times (the unseen cards in kind order, each hand's known part and how many cards it lacks)."""

    __slots__ = ("view", "unseen", "hands", "values", "missing")

    def __init__(self, view: PlayerView) -> None:
        pool = view.unseen_cards()
        if min(pool) < 0:
            raise ValueError("inconsistent view: more cards seen than exist")
        self.view = view
        self.unseen = [k for k in range(D.NUM_CARD_KINDS) for _ in range(pool[k])]
        self.hands: list[list[int]] = []
        self.values: list[list[int]] = []
        self.missing: list[int] = []  # cards to draw into each hand
        for seat in range(view.num_players):
            counts = list(view.hand) if seat == view.seat else list(view.known[seat])
            self.missing.append(0 if seat == view.seat else view.hand_sizes[seat] - sum(view.known[seat]))
            values = [0] * 7
            for k, c in enumerate(counts):
                values[_CARD_VALUE[k]] += c
            self.hands.append(counts)
            self.values.append(values)
        if len(self.unseen) - sum(self.missing) != view.draw_size:
            raise ValueError("inconsistent view: the unseen cards do not match the hand and pile sizes")


_last: list[_Template] = []  # the last view's template (a search samples one view over and over)


def _template(view: PlayerView) -> _Template:
    if _last and _last[0].view is view:
        return _last[0]
    found = _Template(view)
    _last[:] = [found]
    return found


def sample_state(view: PlayerView, rng: random.Random) -> State:
    """A full state that `view.seat` cannot tell apart from the real one.

    The other hands are filled with what is publicly known to be in them plus cards drawn at random
    from the unseen ones; the rest of the unseen cards form the draw pile in random order; future
    reshuffles get a fresh random seed. The result has no history: it is for simulation.
    """
    t = _template(view)
    unseen = t.unseen[:]
    rng.shuffle(unseen)
    seed = rng.getrandbits(63)
    s = State.__new__(State)
    s.setup = Setup(view.num_players, seed, view.start_player, view.colours, view.rules)
    s.n = view.num_players
    s.seed = seed
    s.hands, s.hand_values = [], []
    for counts, values, missing in zip(t.hands, t.values, t.missing):
        counts = counts[:]
        values = values[:]
        for _ in range(missing):
            card = unseen.pop()
            counts[card] += 1
            values[_CARD_VALUE[card]] += 1
        s.hands.append(counts)
        s.hand_values.append(values)
    s.known = [list(k) for k in view.known]
    s.draw_pile = unseen
    s.hand_sizes = list(view.hand_sizes)
    s.discard = list(view.discard)
    # field by field rather than by name: a search samples a state on every iteration
    s.reshuffles = view.reshuffles
    s.metal_supply = view.metal_supply
    s.gem_supply = view.gem_supply
    s.current = view.current
    s.phase = view.phase
    s.lead_value = view.lead_value
    s.lead_card = view.lead_card
    s.extra_used = view.extra_used
    s.extra_value = view.extra_value
    s.active_pawn = view.active_pawn
    s.final_turns_left = view.final_turns_left
    s.turn = view.turn
    s.last_duel = view.last_duel
    s.last_reveal_step = view.last_reveal_step
    s.capacity = list(view.capacity)
    s.tile_owner = list(view.tile_owner)
    s.tile_business = list(view.tile_business)
    s.pawn_pos = list(view.pawn_pos)
    s.pawn_sword = list(view.pawn_sword)
    s.metal = list(view.metal)
    s.gems = list(view.gems)
    s.sword_on_board = list(view.sword_on_board)
    s.fencing_board = list(view.fencing_board)
    s.fencing_held = list(view.fencing_held)
    s.paintings_stack = list(view.paintings_stack)
    s.tiles_left = list(view.tiles_left)
    s.occupants = [list(x) for x in view.occupants]
    s.swords_in_front = [list(x) for x in view.swords_in_front]
    s.paintings = [list(x) for x in view.paintings]
    s.history = []
    s.base_step = view.step
    s._legal = None
    return s
