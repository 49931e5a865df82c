"""A Toledo state told in plain text: why an action is illegal (for errors), and a compact complete
summary (for golden transcripts, tests and bug reports)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D
from .actions import Action, Kind
from .records import Phase

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

_NUM_FENCING = len(D.FENCING_NAMES)


def why_illegal(self: State, action: Action) -> str:
    """A short reason why `action` is not legal now (or 'legal')."""
    if action in self.legal_actions():
        return "legal"
    if self.phase == Phase.OVER:
        return "the game is over"
    p = self.current
    kind = action.kind
    offered = sorted({a.kind.name.lower() for a in self.legal_actions()})
    phase_text = {
        Phase.START: "the turn has not started: draw, place, move or return",
        Phase.FULL: "the pawn stands on a full space: move it on or challenge",
        Phase.USE: "the pawn just took a circle: use (or pay for) the space, or skip",
        Phase.SWORD: "choose the sword to take",
        Phase.FENCE: "choose the fencing tile to take",
        Phase.CARRY: "choose the sword the pawn carries into the Alcazar",
        Phase.CONTINUE: "play another card or end the turn",
    }[self.phase]
    moving = kind in (Kind.MOVE, Kind.EXTRA) and self.phase in (Phase.START, Phase.FULL, Phase.CONTINUE)
    if kind.name.lower() not in offered and not moving:
        return f"not a choice now ({phase_text}; offered: {', '.join(offered)})"
    if kind in (Kind.MOVE, Kind.EXTRA, Kind.PAY):
        if not self.hands[p][action.card]:
            return f"no {D.CARD_TEXT[action.card]} in hand"
    if kind in (Kind.MOVE, Kind.EXTRA):
        pawn = p * D.PAWNS_PER_PLAYER + action.pawn
        value = D.CARD_VALUE[action.card]
        if self.phase == Phase.FULL and pawn != self.active_pawn:
            return f"only pawn {self.active_pawn % D.PAWNS_PER_PLAYER + 1} may move on from the full space"
        if self.pawn_pos[pawn] == D.ALCAZAR:
            return f"pawn {action.pawn + 1} is in the Alcazar"
        if kind is Kind.MOVE and self.lead_value and value != self.lead_value:
            return f"cards played after the lead must be a {self.lead_value}"
        if kind is Kind.MOVE and not self.lead_value and value == self.extra_value:
            return f"the lead card must differ from the movement tile's extra card ({value})"
        if kind is Kind.EXTRA:
            if not self.has_movement_tile(p):
                return "you hold no movement tile"
            if self.extra_used:
                return "the movement tile was already used this turn"
            if value == self.lead_value:
                return "a card matching the lead is played as a normal move"
        dest = self.pawn_pos[pawn] + value
        if dest > D.LAST_SPACE:
            return f"space {dest} is beyond the Alcazar entries"
        if self.capacity[dest] == 0 and dest < D.ENTRY_SPACES[0]:
            return f"space {dest} is an empty business space"
        return f"space {dest} is full with your own pawns and the pawn could not move on"
    if kind is Kind.PAY:
        return f"the fee here is a card of at least {self._fee(self.pawn_pos[self.active_pawn])}"
    if kind is Kind.PLACE:
        if not self.tiles_left[p] >> (action.business * 2 + action.circles - 1) & 1:
            return "that tile is already placed"
        return f"space {action.space} already holds a tile"
    if kind is Kind.RETURN:
        return f"pawn {action.pawn + 1} is not on the road"
    if kind is Kind.CHALLENGE:
        return f"no {D.COLOURS[action.colour]} pawn to challenge here"
    if kind is Kind.SWORD:
        return "that sword is not on the board or costs more metal and gems than you have"
    if kind is Kind.FENCE:
        return "never two tiles of a kind, at most 3, and one must go back when holding 3"
    if kind is Kind.CARRY:
        return "that sword is not in front of you"
    return phase_text


def summary(self: State) -> str:
    """A compact, complete, human-readable description (used by golden transcripts)."""
    lines = [f"step {self.step} turn {self.turn} phase {self.phase.name.lower()} "
             f"to act {self.colour_of(self.current) if not self.is_terminal() else '-'}"
             f" lead {self.lead_value or '-'} extra {'used' if self.extra_used else '-'}"
             f" final {self.final_turns_left}"]
    road = []
    for s in range(1, D.ENTRY_SPACES[0]):
        if self.tile_owner[s] >= 0:
            what = f"{self.colour_of(self.tile_owner[s])[0]}{D.BUSINESS_NAMES[self.tile_business[s]]}{self.capacity[s]}"
        elif D.SPACE_KINDS[s] != D.SpaceKind.BUSINESS:
            what = D.SPACE_KINDS[s].name.lower()
        else:
            continue
        pawns = ",".join(_pawn_name(self, o) for o in self.occupants[s])
        road.append(f"{s}:{what}[{pawns}]")
    lines.append("road " + " ".join(road))
    lines.append(f"draw {len(self.draw_pile)} discard {sum(self.discard)} metal {self.metal_supply} "
                 f"gems {self.gem_supply} paintings {self.paintings_stack} "
                 f"swords {' '.join(str(D.SWORDS[i]) for i, on in enumerate(self.sword_on_board) if on)} "
                 f"fencing {self.fencing_board}")
    for seat in range(self.n):
        base = seat * D.PAWNS_PER_PLAYER
        pos = ",".join("A" if x == D.ALCAZAR else str(x) for x in self.pawn_pos[base:base + D.PAWNS_PER_PLAYER])
        held = "".join(D.FENCING_NAMES[f][0] for f in range(_NUM_FENCING) if self.fencing_held[seat] >> f & 1)
        lines.append(
            f"  {self.colour_of(seat)}: pawns {pos} hand {' '.join(D.CARD_TEXT[k] for k in self.hand(seat))} "
            f"metal {self.metal[seat]} gems {self.gems[seat]} "
            f"swords {' '.join(str(D.SWORDS[i]) for i in self.swords_in_front[seat])} fencing {held or '-'} "
            f"paintings {self.paintings[seat]} score {self.score(seat).total}")
    return "\n".join(lines)

def _pawn_name(self: State, pawn: int) -> str:
    return f"{self.colour_of(pawn // D.PAWNS_PER_PLAYER)}-{pawn % D.PAWNS_PER_PLAYER + 1}"
