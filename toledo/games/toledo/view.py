"""What one seat may see (rule I1).

A `PlayerView` holds every public fact plus the viewer's own hand: never another hand's cards (only
their sizes, and the cards everyone saw arrive there as payments), never the draw pile's order, never
the seed that decides future reshuffles. The computer players receive only this, and search over
states drawn by `sampling.sample_state`, so they cannot cheat even by accident.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from . import data as D
from .records import Duel, Phase

if TYPE_CHECKING:  # pragma: no cover
    from .state import State


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    num_players: int
    colours: tuple[int, ...]
    start_player: int
    rules: int
    step: int
    turn: int
    phase: Phase
    current: int
    lead_value: int
    lead_card: int
    extra_used: bool
    extra_value: int
    active_pawn: int
    final_turns_left: int
    last_reveal_step: int
    capacity: tuple[int, ...]
    tile_owner: tuple[int, ...]
    tile_business: tuple[int, ...]
    occupants: tuple[tuple[int, ...], ...]
    pawn_pos: tuple[int, ...]
    pawn_sword: tuple[int, ...]
    hand: tuple[int, ...]  # the viewer's cards, counted by kind
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]  # cards publicly known to be in each hand
    draw_size: int
    discard: tuple[int, ...]
    reshuffles: int
    metal: tuple[int, ...]
    gems: tuple[int, ...]
    metal_supply: int
    gem_supply: int
    sword_on_board: tuple[bool, ...]
    swords_in_front: tuple[tuple[int, ...], ...]
    fencing_board: tuple[int, ...]
    fencing_held: tuple[int, ...]
    paintings_stack: tuple[int, ...]
    paintings: tuple[tuple[int, ...], ...]
    tiles_left: tuple[int, ...]
    last_duel: Duel | None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (for the browser)."""
        out = asdict(self)
        out["phase"] = self.phase.name.lower()
        return out

    def unseen_cards(self) -> list[int]:
        """Counts by kind of the cards whose place the viewer does not know (other hands, draw pile)."""
        pool = list(D.CARD_COPIES)
        for k in range(D.NUM_CARD_KINDS):
            pool[k] -= self.hand[k] + self.discard[k]
            for seat in range(self.num_players):
                if seat != self.seat:
                    pool[k] -= self.known[seat][k]
        if self.lead_card >= 0:
            pool[self.lead_card] -= 1
        return pool


def player_view(state: State, seat: int) -> PlayerView:
    """Everything `seat` may see of `state` (I1)."""
    if not 0 <= seat < state.n:
        raise ValueError(f"no seat {seat + 1} in a {state.n}-player game")
    return PlayerView(
        seat=seat, num_players=state.n, colours=state.setup.colours, start_player=state.setup.start_player, rules=state.setup.rules,
        step=state.step, turn=state.turn, phase=state.phase, current=state.current, lead_value=state.lead_value,
        lead_card=state.lead_card, extra_used=state.extra_used, extra_value=state.extra_value, active_pawn=state.active_pawn,
        final_turns_left=state.final_turns_left, last_reveal_step=state.last_reveal_step,
        capacity=tuple(state.capacity), tile_owner=tuple(state.tile_owner), tile_business=tuple(state.tile_business),
        occupants=tuple(tuple(o) for o in state.occupants), pawn_pos=tuple(state.pawn_pos),
        pawn_sword=tuple(state.pawn_sword), hand=tuple(state.hands[seat]), hand_sizes=tuple(state.hand_sizes),
        known=tuple(tuple(k) for k in state.known), draw_size=len(state.draw_pile), discard=tuple(state.discard),
        reshuffles=state.reshuffles, metal=tuple(state.metal), gems=tuple(state.gems),
        metal_supply=state.metal_supply, gem_supply=state.gem_supply, sword_on_board=tuple(state.sword_on_board),
        swords_in_front=tuple(tuple(s) for s in state.swords_in_front), fencing_board=tuple(state.fencing_board),
        fencing_held=tuple(state.fencing_held), paintings_stack=tuple(state.paintings_stack),
        paintings=tuple(tuple(p) for p in state.paintings), tiles_left=tuple(state.tiles_left),
        last_duel=state.last_duel,
    )
