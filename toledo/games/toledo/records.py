"""The small values a Toledo state, its views and its words share: the setup, the decision at hand,
duels and the E2 score breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple, Protocol

from . import data as D
from ...core.errors import SetupError

_MOVEMENT_BIT = 1 << D.Fencing.MOVEMENT
RULES_REVISION = 2


class Phase(IntEnum):
    """The decision the player to act faces."""

    START = 0  # choose the turn's action (A1-A4), opening a move with a card
    FULL = 1  # the moving pawn stands on a full space: move it on or challenge (M6)
    USE = 2  # the pawn took a free circle: use the space (paying if due) or skip (M5, U)
    SWORD = 3  # which sword to take at a swordsmith (U5)
    FENCE = 4  # which fencing tile to take, and which to give back (U6)
    CARRY = 5  # a pawn entered the Alcazar: which sword it carries (L2)
    CONTINUE = 6  # play another card (M3, T1) or end the turn
    OVER = 7


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything chance and the players' seating decide before the first action."""

    num_players: int
    seed: int = 0
    start_player: int = 0  # S5: seat index; seat 1 (index 0) by default
    colours: tuple[int, ...] = ()  # colour index per seat; default red, blue, green, yellow
    # The rules revision the game was started under, so a game saved before a rules correction
    # replays as it was played: 1 let the lead card after an opening extra card repeat its value (T2).
    rules: int = RULES_REVISION

    def __post_init__(self) -> None:
        if not isinstance(self.num_players, int) or not D.MIN_PLAYERS <= self.num_players <= D.MAX_PLAYERS:
            raise SetupError(f"Toledo is for {D.MIN_PLAYERS} to {D.MAX_PLAYERS} players, not {self.num_players!r}")
        if not self.colours:
            object.__setattr__(self, "colours", tuple(range(self.num_players)))
        colours = self.colours
        if len(colours) != self.num_players:
            raise SetupError(f"{len(colours)} colours given for {self.num_players} players")
        if len(set(colours)) != len(colours) or not all(isinstance(c, int) and 0 <= c < len(D.COLOURS) for c in colours):
            raise SetupError(f"colours must be distinct, from {', '.join(D.COLOURS)}")
        if not isinstance(self.start_player, int) or not 0 <= self.start_player < self.num_players:
            raise SetupError(f"start seat {self.start_player!r} is not one of the {self.num_players} seats")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise SetupError(f"seed must be an integer, not {self.seed!r}")
        if self.rules not in (1, RULES_REVISION):
            raise SetupError(f"unknown rules revision {self.rules!r}")


class DuelRound(NamedTuple):
    card: int  # the revealed card kind, -1 if no card could be revealed (D6)
    challenger_won: bool


class Duel(NamedTuple):
    challenger: int
    defender: int
    space: int
    rounds: tuple[DuelRound, ...]
    challenger_won: bool


@dataclass(frozen=True, slots=True)
class Score:
    """E2 breakdown for one player."""

    swords_delivered: int
    swords_in_front: int  # already halved, rounded down
    paintings: int
    gems: int  # already converted, 2 gems a point
    movement_tile: int  # 0 or -2
    total: int
    cards_in_hand: int  # E3 tie-breaks
    hand_value: int


class PublicFacts(Protocol):
    """The public fields E2 needs; both `State` and `PlayerView` have them."""

    pawn_sword: Sequence[int]
    swords_in_front: Sequence[Sequence[int]]
    paintings: Sequence[Sequence[int]]
    gems: Sequence[int]
    fencing_held: Sequence[int]


def fame_points(facts: PublicFacts, seat: int) -> tuple[int, int, int, int, int]:
    """E2 for one seat: swords delivered, swords in front (halved), paintings, gems (2 a point),
    movement tile (-2). Every part is public, so a player view scores exactly like the state."""
    base = seat * D.PAWNS_PER_PLAYER
    delivered = sum(D.SWORDS[s].value for s in facts.pawn_sword[base:base + D.PAWNS_PER_PLAYER] if s >= 0)
    in_front = sum(D.SWORDS[s].value // 2 for s in facts.swords_in_front[seat])
    paintings = sum(facts.paintings[seat])
    gems = facts.gems[seat] // D.GEMS_PER_POINT
    movement = -D.MOVEMENT_TILE_PENALTY if facts.fencing_held[seat] & _MOVEMENT_BIT else 0
    return delivered, in_front, paintings, gems, movement
