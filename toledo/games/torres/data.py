"""Every component fact of Torres (1999 first edition) in one place.

Each constant says how sure it is: rulebook (printed in the rules), sourced (found in public
material), likely (one lower-authority source or a strong inference), default (nothing published;
a documented choice). A correction is a one-line change here plus a test.

Board squares are numbered `q = y * 8 + x` (x = column 0-7 left to right, y = row 0-7 top to
bottom; default, a convention only). In text a square is a column letter a-h and a row number 1-8
counted from the top, so `a1` is (0, 0) and `h8` is (7, 7).
"""

from __future__ import annotations

from typing import Final, NamedTuple

# --- players and pieces (rulebook) -------------------------------------------------------------
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
COLOURS: Final[tuple[str, ...]] = ("red", "blue", "green", "yellow")  # default: not named in the rules
KNIGHTS_PER_PLAYER: Final = 6  # rulebook, the same for 2-4 players
BLOCKS: Final = 92  # rulebook
START_CASTLES: Final = 8  # rulebook, the same for 2-4 players
SIZE: Final = 8  # rulebook: 8 x 8 squares
SQUARES: Final = SIZE * SIZE

# --- start squares (likely: one source, TobiHol/torres, indices y*8+x) ---------------------------
START_SQUARES: Final[tuple[int, ...]] = (3, 18, 21, 31, 32, 42, 45, 60)

# --- phase cards: the towers one player receives per phase, one per round ------------------------
# 4 players: rulebook (printed as the example); 3 and 2 players: likely (one source, TobiHol/torres).
PHASE_TOWERS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    2: ((3, 3, 3, 3), (3, 3, 3, 3), (3, 3, 3, 3)),
    3: ((3, 3, 2, 2), (3, 3, 2), (3, 3, 2)),
    4: ((2, 2, 2, 2), (2, 2, 2), (2, 2, 2)),
}
PHASES: Final = 3  # rulebook
MAX_SLOTS: Final = 4  # the most rounds in a phase (rulebook: 4)
MAX_TOWER: Final = 3  # rulebook: a tower never holds more than 3 blocks after redistribution

# --- action points (rulebook, the CODEX card) ----------------------------------------------------
AP_PER_TURN: Final = 5
AP_PLACE_KNIGHT: Final = 2
AP_STEP: Final = 1  # per square
AP_PASSAGE: Final = 1
AP_BLOCK: Final = 1
AP_BUY: Final = 1
AP_PER_SPACE: Final = 1  # advancing on the scoring track
MAX_BUYS_PER_TURN: Final = 2  # rulebook
MAX_CARDS_PLAYED_PER_TURN: Final = 1  # rulebook

# --- king's castle bonus (rulebook): at scoring n, a knight on level n earns 5 * n ---------------
KING_BONUS: Final[tuple[int, ...]] = (5, 10, 15)

# --- action cards --------------------------------------------------------------------------------
# 10 types (rulebook); each colour's set holds one of each (likely), so 4 copies of each type in the
# base game's common deck. Types are numbered 0-9 here and written k10-k19 in text.
NUM_CARD_TYPES: Final = 10
CARD_COPIES: Final = 4  # likely
CARD_IDS: Final[tuple[str, ...]] = tuple(f"k{10 + t}" for t in range(NUM_CARD_TYPES))
CARD_NAMES: Final[tuple[str, ...]] = (
    "Climb two",  # K10
    "Extra block",  # K11
    "Block under a knight",  # K12
    "Gate",  # K13
    "Six action points",  # K14
    "Seven action points",  # K15
    "Diagonal step",  # K16
    "Move a block",  # K17
    "Redeploy a knight",  # K18
    "Leap",  # K19
)
K10, K11, K12, K13, K14, K15, K16, K17, K18, K19 = range(NUM_CARD_TYPES)
CARD_EXTRA_AP: Final[dict[int, int]] = {K14: 1, K15: 2}  # rulebook: 6 and 7 AP in all
MIN_CASTLES_AFTER_MOVE: Final = 6  # rulebook, K17
OWN_DECK_LOOK: Final = 3  # rulebook, the own-deck variant: look at the top 3 cards

# --- the master version ---------------------------------------------------------------------------
MASTER_START_SPACING: Final = 3  # rulebook: two empty squares between start blocks, |dx| + |dy| >= 3
MASTER_START_FALLBACK: Final = 2  # default (spec M2): when no square keeps the spacing


class MasterCard(NamedTuple):
    ident: str
    name: str
    points: tuple[int, int, int]  # per scoring 1, 2, 3 (0 = the card pays nothing then)
    bonus: tuple[int, int, int]  # MC1/MC2: extra for the strict majority


# sourced (one source for the numbers: the Rio Grande 1999 English rules on fwtwr.com); the split
# 3 cards paying at every scoring / 5 only at the third is confirmed by a second source.
MASTER_CARDS: Final[tuple[MasterCard, ...]] = (
    MasterCard("MC1", "Border", (2, 5, 10), (2, 5, 10)),  # per knight on a border square
    MasterCard("MC2", "Main diagonals", (2, 5, 10), (2, 5, 10)),  # per knight on a main diagonal
    MasterCard("MC3", "Spread", (5, 15, 30), (0, 0, 0)),  # knights on exactly 4 / 5 / 6 castles
    MasterCard("MC4", "Together", (0, 0, 40), (0, 0, 0)),  # all knights orthogonally connected
    MasterCard("MC5", "All levels differ", (0, 0, 40), (0, 0, 0)),
    MasterCard("MC6", "In a row", (0, 0, 50), (0, 0, 0)),  # all knights in one row or column
    MasterCard("MC7", "Square", (0, 0, 50), (0, 0, 0)),  # four knights on the corners of a square
    MasterCard("MC8", "One level", (0, 0, 50), (0, 0, 0)),
)
MC1, MC2, MC3, MC4, MC5, MC6, MC7, MC8 = range(len(MASTER_CARDS))
SPREAD_CASTLES: Final[tuple[int, int, int]] = (4, 5, 6)  # MC3: exactly this many castles at scoring 1, 2, 3

# --- variants ------------------------------------------------------------------------------------
VARIANTS: Final[tuple[str, ...]] = ("base", "own-deck", "master")
BASE, OWN_DECK, MASTER = range(len(VARIANTS))


# --- squares ---------------------------------------------------------------------------------------
def square(x: int, y: int) -> int:
    return y * SIZE + x


SQUARE_NAMES: Final[tuple[str, ...]] = tuple(f"{'abcdefgh'[q % SIZE]}{q // SIZE + 1}" for q in range(SQUARES))
SQUARE_BY_NAME: Final[dict[str, int]] = {name: q for q, name in enumerate(SQUARE_NAMES)}
BORDER_SQUARES: Final[frozenset[int]] = frozenset(
    q for q in range(SQUARES) if q % SIZE in (0, SIZE - 1) or q // SIZE in (0, SIZE - 1))  # MC1: 28
DIAGONAL_SQUARES: Final[frozenset[int]] = frozenset(
    q for q in range(SQUARES) if q % SIZE == q // SIZE or q % SIZE + q // SIZE == SIZE - 1)  # MC2: 16


def rounds(num_players: int, phase: int) -> int:
    """W1: rounds in a phase (0-based phase)."""
    return len(PHASE_TOWERS[num_players][phase])
