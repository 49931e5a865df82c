"""Every component fact of Toledo in one place.

Each constant says how sure it is, in the terms of the component notes the project was given:
rulebook (printed in the rules), sourced (several published accounts agree), likely (one clear
source or a strong inference), default (nothing published; a documented choice). A correction is
a one-line change here plus a test.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

# --- players (rulebook) -----------------------------------------------------------------------
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
PAWNS_PER_PLAYER: Final = 5
HAND_SIZE_AT_START: Final = 5
CARDS_PER_DRAW_ACTION: Final = 2  # A1
CARDS_PER_TAVERN: Final = 3  # U2
MAX_FENCING_TILES: Final = 3  # U6
ALCAZAR_PAWNS_TO_END: Final = 3  # E1
MOVEMENT_TILE_PENALTY: Final = 2  # T3
GEMS_PER_POINT: Final = 2  # E2

COLOURS: Final[tuple[str, ...]] = ("red", "blue", "green", "yellow")  # four player colours (rulebook)


class Business(IntEnum):
    """The four business types (rulebook); one 1-circle and one 2-circle tile each (sourced)."""

    METAL = 0
    GEM = 1
    SWORD = 2
    FENCE = 3


BUSINESS_NAMES: Final[tuple[str, ...]] = ("metal", "gem", "sword", "fence")
TILE_CIRCLES: Final[tuple[int, ...]] = (1, 2)
TILES_PER_PLAYER: Final = len(BUSINESS_NAMES) * len(TILE_CIRCLES)  # 8 (rulebook)


# --- the road (layout: default; row sizes: likely) ---------------------------------------------
class SpaceKind(IntEnum):
    CATHEDRAL = 0
    BUSINESS = 1
    TAVERN = 2
    ARTIST = 3
    ENTRY = 4  # one of the two Alcazar entry spaces


CATHEDRAL: Final = 0
ENTRY_SPACES: Final[tuple[int, ...]] = (20, 21)  # default: the last two spaces of the road
LAST_SPACE: Final = 21
ALCAZAR: Final = 22  # position of a pawn that has entered the Alcazar
PRINTED_CIRCLES: Final = 2  # taverns and the artist have 2 printed circles (sourced)

_ROAD: Final[tuple[tuple[SpaceKind, int], ...]] = (
    (SpaceKind.CATHEDRAL, 0),
    # bottom row, minimum fee 1
    (SpaceKind.BUSINESS, 1), (SpaceKind.BUSINESS, 1), (SpaceKind.BUSINESS, 1), (SpaceKind.BUSINESS, 1),
    (SpaceKind.TAVERN, 1),
    (SpaceKind.BUSINESS, 1), (SpaceKind.BUSINESS, 1),
    # middle row, minimum fee 3
    (SpaceKind.BUSINESS, 3), (SpaceKind.BUSINESS, 3),
    (SpaceKind.ARTIST, 3),
    (SpaceKind.BUSINESS, 3), (SpaceKind.BUSINESS, 3),
    (SpaceKind.TAVERN, 3),
    (SpaceKind.BUSINESS, 3),
    # top row, minimum fee 5
    (SpaceKind.BUSINESS, 5), (SpaceKind.BUSINESS, 5), (SpaceKind.BUSINESS, 5), (SpaceKind.BUSINESS, 5),
    (SpaceKind.BUSINESS, 5),
    # the two Alcazar entries
    (SpaceKind.ENTRY, 0), (SpaceKind.ENTRY, 0),
)
SPACE_KINDS: Final[tuple[SpaceKind, ...]] = tuple(kind for kind, _ in _ROAD)
SPACE_FEES: Final[tuple[int, ...]] = tuple(fee for _, fee in _ROAD)
ROW_NAMES: Final[dict[int, str]] = {1: "bottom", 3: "middle", 5: "top"}
BUSINESS_SPACES: Final[tuple[int, ...]] = tuple(i for i, k in enumerate(SPACE_KINDS) if k == SpaceKind.BUSINESS)


# --- sword tiles (19; table: default, fitted to sourced points) ---------------------------------
class SwordTile(NamedTuple):
    value: int
    metal: int
    gems: int

    def __str__(self) -> str:
        return f"{self.value}/{self.metal}/{self.gems}"


def _sword_table() -> tuple[SwordTile, ...]:
    tiles = []
    for metal in range(1, 5):
        for gems in range(0, 5):
            if (metal, gems) == (1, 4):
                continue  # the one combination missing from the 19
            value = 15 if (metal, gems) == (4, 4) else 2 * (metal + gems)
            tiles.append(SwordTile(value, metal, gems))
    return tuple(sorted(tiles))


SWORDS: Final[tuple[SwordTile, ...]] = _sword_table()
METAL_SUPPLY: Final = 23  # rulebook
GEM_SUPPLY: Final = 20  # rulebook

# --- paintings (6; values likely), stacked lowest at the bottom (rulebook) ----------------------
PAINTINGS_BOTTOM_TO_TOP: Final[tuple[int, ...]] = (1, 1, 1, 2, 2, 3)


# --- fencing-master tiles (16: 12 duel tiles, 4 movement; 4 per duel colour: default) ----------
class Fencing(IntEnum):
    VIOLET = 0
    BROWN = 1
    TEAL = 2  # third colour: default (undocumented)
    MOVEMENT = 3


FENCING_NAMES: Final[tuple[str, ...]] = ("violet", "brown", "teal", "movement")
FENCING_TILES_PER_KIND: Final[tuple[int, ...]] = (4, 4, 4, 4)
DUEL_COLOURS: Final = 3

# --- money cards (84; the scene mix is a default) ----------------------------------------------
# A card is fully described by its kind: value 1-6 and a fencing scene (colour, highlighted figure).
# Cards of one kind are indistinguishable, so the engine counts kinds rather than tracking copies.
SCENE_COLOURS: Final[tuple[str, ...]] = ("violet", "brown", "teal", "neutral")
SCENE_LETTERS: Final[str] = "VBTN"
NEUTRAL: Final = 3
FIGURES: Final[tuple[str, ...]] = ("attacker", "defender")
FIGURE_LETTERS: Final[str] = "ad"
CARD_VALUES: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6)
SCENES_PER_VALUE: Final = len(SCENE_COLOURS) * len(FIGURES)  # 8
NUM_CARD_KINDS: Final = len(CARD_VALUES) * SCENES_PER_VALUE  # 48
# copies of each scene for one value: 2 of each duel colour and figure, 1 neutral of each figure
COPIES_PER_SCENE: Final[tuple[int, ...]] = (2, 2, 2, 2, 2, 2, 1, 1)  # index = colour * 2 + figure


def card_kind(value: int, colour: int, figure: int) -> int:
    """Kind index: grouped by value so that all cards of one value are a contiguous range."""
    return (value - 1) * SCENES_PER_VALUE + colour * 2 + figure


CARD_VALUE: Final[tuple[int, ...]] = tuple(k // SCENES_PER_VALUE + 1 for k in range(NUM_CARD_KINDS))
CARD_COLOUR: Final[tuple[int, ...]] = tuple((k % SCENES_PER_VALUE) // 2 for k in range(NUM_CARD_KINDS))
CARD_FIGURE: Final[tuple[int, ...]] = tuple(k % 2 for k in range(NUM_CARD_KINDS))
CARD_COPIES: Final[tuple[int, ...]] = tuple(COPIES_PER_SCENE[k % SCENES_PER_VALUE] for k in range(NUM_CARD_KINDS))
CARD_TEXT: Final[tuple[str, ...]] = tuple(
    f"{CARD_VALUE[k]}{SCENE_LETTERS[CARD_COLOUR[k]]}{FIGURE_LETTERS[CARD_FIGURE[k]]}" for k in range(NUM_CARD_KINDS)
)
NUM_CARDS: Final = sum(CARD_COPIES)  # 84 (rulebook)
ATTACKER: Final = 0
DEFENDER: Final = 1


def kinds_of_value(value: int) -> range:
    return range((value - 1) * SCENES_PER_VALUE, value * SCENES_PER_VALUE)
