"""The scorings (W5-W8) and the master cards' points (M5), and a scoring's breakdown castle by castle
(`breakdown`) for whoever shows it: the same rules, so the parts always add up to what is scored."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import data as D
from .board import BIT, component, square_list

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

_BORDER = sum(BIT[q] for q in D.BORDER_SQUARES)
_DIAGONALS = sum(BIT[q] for q in D.DIAGONAL_SQUARES)


class PhasePoints(NamedTuple):
    """One seat's result at one scoring."""

    castles: int  # W5
    king: int  # W6
    master: int  # M5

    @property
    def total(self) -> int:
        return self.castles + self.king + self.master


def castle_points(st: State, seat: int) -> int:
    """W5: for each castle, its area times the level of the seat's highest knight on it."""
    total = 0
    mine = st.knight_masks[seat]
    h = st.heights
    for c in st.castle_masks:
        on = mine & c
        if on:
            total += c.bit_count() * max(h[q] for q in square_list(on))
    return total


def king_bonus(st: State, seat: int, phase: int) -> int:
    """W6: a knight on the king's castle at level exactly phase + 1 earns 5, 10 or 15, once."""
    if st.king < 0:
        return 0
    level = phase + 1
    on = st.knight_masks[seat] & st.castle_masks[st.castle_ids[st.king]]
    return D.KING_BONUS[phase] if any(st.heights[q] == level for q in square_list(on)) else 0


def master_points(st: State, phase: int) -> list[int]:
    """M5: what the master card pays each seat at this scoring (0 outside the master version)."""
    n = st.n
    card = st.master_card
    if card < 0 or not D.MASTER_CARDS[card].points[phase]:
        return [0] * n
    pts = D.MASTER_CARDS[card].points[phase]
    if card in (D.MC1, D.MC2):
        area = _BORDER if card == D.MC1 else _DIAGONALS
        counts = [(st.knight_masks[s] & area).bit_count() for s in range(n)]
        out = [pts * c for c in counts]
        best = max(counts)
        if best >= 1 and counts.count(best) == 1:  # only a strict majority earns the bonus
            out[counts.index(best)] += D.MASTER_CARDS[card].bonus[phase]
        return out
    return [pts if master_condition(st, s, card, phase) else 0 for s in range(n)]


def master_condition(st: State, seat: int, card: int, phase: int) -> bool:
    """M5's conditions for MC3-MC8 (the Decisions on their wording are in the spec)."""
    mine = st.knight_masks[seat]
    ks = square_list(mine)
    h = st.heights
    if card == D.MC3:
        castles = {st.castle_ids[q] for q in ks if h[q] > 0}  # knights on the ground stand on no castle
        return len(castles) == D.SPREAD_CASTLES[phase]
    if card == D.MC7:
        return _has_square(mine)
    if len(ks) != D.KNIGHTS_PER_PLAYER:  # "all your knights" = all 6, each on the board
        return False
    if card == D.MC4:
        return component(mine & -mine, mine) == mine
    levels = [h[q] for q in ks]  # knights on the ground count with level 0
    if card == D.MC5:
        return len(set(levels)) == len(levels)
    if card == D.MC6:
        return len({q // D.SIZE for q in ks}) == 1 or len({q % D.SIZE for q in ks}) == 1
    if card == D.MC8:
        return len(set(levels)) == 1
    return False


def _has_square(mine: int) -> bool:
    """MC7: four knights on (x, y), (x + d, y), (x, y + d), (x + d, y + d) for some d >= 1."""
    for q in square_list(mine):
        x, y = q % D.SIZE, q // D.SIZE
        for d in range(1, D.SIZE - max(x, y)):
            if mine >> (q + d) & 1 and mine >> (q + d * D.SIZE) & 1 and mine >> (q + d * D.SIZE + d) & 1:
                return True
    return False


def phase_points(st: State, phase: int) -> list[PhasePoints]:
    """Each seat's result if the scoring of `phase` (0-based) happened now."""
    master = master_points(st, phase)
    return [PhasePoints(castle_points(st, s), king_bonus(st, s, phase), master[s]) for s in range(st.n)]


def scoring_order(st: State) -> tuple[int, ...]:
    """W7: the seats in the turn order of the round just completed (the state keeps its start player
    until the king's move)."""
    return tuple((st.round_start + i) % st.n for i in range(st.n))


class CastleShare(NamedTuple):
    """W5: what one seat scores on one castle."""

    seat: int
    level: int  # the level of the seat's highest knight on the castle
    points: int  # the castle's area times that level


class CastleScore(NamedTuple):
    """One castle at a scoring, and the seats that score on it (W5)."""

    squares: tuple[int, ...]  # ascending: the first names the castle
    height: int  # its highest level
    shares: tuple[CastleShare, ...]  # by seat; only seats with a knight on it

    @property
    def area(self) -> int:
        return len(self.squares)


class Breakdown(NamedTuple):
    """A scoring told part by part: each castle (W5), then each seat's whole result with the king's
    castle bonus (W6) and the master card (M5), in scoring order (W7). The bump rule (W8) may then
    move a seat past the sum: the state's score after the scoring says where it landed."""

    phase: int  # 0-based
    castles: tuple[CastleScore, ...]  # every castle, by its lowest square
    results: tuple[PhasePoints, ...]  # per seat; `castles` is the sum of the seat's shares
    order: tuple[int, ...]  # W7

    def castle_total(self, seat: int) -> int:
        return sum(share.points for castle in self.castles for share in castle.shares if share.seat == seat)


def breakdown(st: State, phase: int | None = None) -> Breakdown:
    """The scoring of `phase` (default: the state's) castle by castle, as `phase_points` scores it now;
    at a phase end (stage KING_MOVE or OVER) it is the scoring just made."""
    phase = st.phase if phase is None else phase
    h = st.heights
    castles = []
    for c in sorted(st.castle_masks, key=lambda m: m & -m):
        squares = tuple(square_list(c))
        shares = []
        for seat in range(st.n):
            on = st.knight_masks[seat] & c
            if on:
                level = max(h[q] for q in square_list(on))
                shares.append(CastleShare(seat, level, len(squares) * level))
        castles.append(CastleScore(squares, max(h[q] for q in squares), tuple(shares)))
    return Breakdown(phase, tuple(castles), tuple(phase_points(st, phase)), scoring_order(st))


def score_phase(st: State) -> None:
    """W7: the seats score in the turn order of the round just completed, each adding his whole result
    at once, then the bump rule (W8)."""
    results = phase_points(st, st.phase)
    for seat in scoring_order(st):
        st.gain(seat, results[seat].total)
