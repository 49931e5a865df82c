"""Bitboard helpers: a set of squares is an int with bit `q` for square `q = y * 8 + x`.

Castles (D3) are derived from the set of squares with blocks by orthogonal flood fill; the engine
keeps them incrementally for ordinary building and recomputes them only when a block moves (K17).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from .data import SIZE, SQUARES

FULL: Final = (1 << SQUARES) - 1
_FILE_A: Final = sum(1 << (y * SIZE) for y in range(SIZE))
_FILE_H: Final = _FILE_A << (SIZE - 1)
NOT_A: Final = FULL ^ _FILE_A  # squares a left neighbour exists for
NOT_H: Final = FULL ^ _FILE_H
BIT: Final[tuple[int, ...]] = tuple(1 << q for q in range(SQUARES))


def neighbours(m: int) -> int:
    """The squares orthogonally next to any square of `m` (may include squares of `m`)."""
    return ((m << SIZE) | (m >> SIZE) | ((m & NOT_H) << 1) | ((m & NOT_A) >> 1)) & FULL


def _coords(q: int) -> tuple[int, int]:
    return q % SIZE, q // SIZE


def _on(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


# orthogonal neighbours as masks and as square lists (ascending)
NB: Final[tuple[int, ...]] = tuple(neighbours(1 << q) for q in range(SQUARES))
NBL: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(t for t in range(SQUARES) if NB[q] >> t & 1) for q in range(SQUARES))
DIAG: Final[tuple[int, ...]] = tuple(
    sum(1 << ((q // SIZE + dy) * SIZE + q % SIZE + dx) for dx in (-1, 1) for dy in (-1, 1)
        if _on(q % SIZE + dx, q // SIZE + dy))
    for q in range(SQUARES))
# straight jumps (K19): (square jumped over, landing square), in ascending order of landing square
def _jumps(q: int) -> tuple[tuple[int, int], ...]:
    x, y = _coords(q)
    pairs = [((y + dy) * SIZE + x + dx, (y + 2 * dy) * SIZE + x + 2 * dx)
             for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)) if _on(x + 2 * dx, y + 2 * dy)]
    return tuple(sorted(pairs, key=lambda pair: pair[1]))


JUMPS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(_jumps(q) for q in range(SQUARES))


def squares_of(m: int) -> Iterator[int]:
    """The squares of `m`, ascending."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def square_list(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


_SQS: dict[int, tuple[int, ...]] = {}
_SQS_LIMIT: Final = 1 << 16
# the squares of each value of one board row (8 bits), per row
_ROW_SQUARES: Final = tuple(tuple(tuple(r * SIZE + i for i in range(SIZE) if b >> i & 1) for b in range(256))
                            for r in range(SIZE))


def sqs(m: int) -> tuple[int, ...]:
    """The squares of `m`, ascending, remembered (the same masks recur from step to step)."""
    found = _SQS.get(m)
    if found is not None:
        return found
    out: tuple[int, ...] = ()
    x = m
    r = 0
    while x:
        b = x & 255
        if b:
            out += _ROW_SQUARES[r][b]
        x >>= SIZE
        r += 1
    if len(_SQS) >= _SQS_LIMIT:
        _SQS.clear()
    _SQS[m] = out
    return out


def component(seed: int, within: int) -> int:
    """The squares of `within` orthogonally connected to the squares of `seed`."""
    comp = seed & within
    while True:
        grown = (comp | neighbours(comp)) & within
        if grown == comp:
            return comp
        comp = grown


def components(m: int) -> list[int]:
    """The orthogonally connected parts of `m`, ordered by their lowest square."""
    out = []
    while m:
        part = component(m & -m, m)
        out.append(part)
        m ^= part
    return out


def mask_text(m: int) -> str:
    from .data import SQUARE_NAMES

    return " ".join(SQUARE_NAMES[q] for q in squares_of(m))
