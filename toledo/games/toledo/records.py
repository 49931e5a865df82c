"""The small values a Toledo state, its views and its words share: the setup, the decision at hand,
duels and the E2 score breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple, Protocol

from . import data as D
from ...core.errors import SetupError
from ...core.seating import check_seating

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
        object.__setattr__(self, "colours", check_seating("Toledo", D.MIN_PLAYERS, D.MAX_PLAYERS, D.COLOURS,
                                                          self.num_players, self.colours, self.start_player, self.seed))
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
    """E2 breakdown for one player: the state's, or as everyone can see it (every part is public, I1;
    only the hand's value is not, so a score read off a view leaves it None)."""

    swords_delivered: int
    swords_in_front: int  # already halved, rounded down
    paintings: int
    gems: int  # already converted, 2 gems a point
    movement_tile: int  # 0 or -2
    total: int
    cards_in_hand: int  # E3 tie-breaks
    hand_value: int | None = None


class PublicFacts(Protocol):
    """The public fields E2 needs; both `State` and `PlayerView` have them."""

    pawn_sword: Sequence[int]
    swords_in_front: Sequence[Sequence[int]]
    paintings: Sequence[Sequence[int]]
    gems: Sequence[int]
    fencing_held: Sequence[int]


def score_of(facts: PublicFacts, seat: int, cards_in_hand: int, hand_value: int | None = None) -> Score:
    """E2 for one seat from its public facts (a state's or a view's), with E3's hand counts."""
    parts = fame_points(facts, seat)
    return Score(*parts, sum(parts), cards_in_hand, hand_value)


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
