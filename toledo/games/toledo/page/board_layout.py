"""Where everything of Toledo's board goes: the landscape layout and the one for narrow screens."""

from __future__ import annotations

from dataclasses import dataclass

from .. import data as D

COL_W, TILE_W, TILE_H = 120, 110, 130
GATE_R = 18  # the Alcazar gate's half width; its arch rises 24 + GATE_R above the wall's foot
ENTRY_STEP, ENTRY_LINE = 52, 22  # an arrived pawn with its sword and a two-digit value; the seats' lines
ENTRY_LEFT, ENTRY_RIGHT = 9, 39  # how far an entry reaches left and right of its pawn's centre


@dataclass(frozen=True)
class Layout:
    """Where everything goes. `wide` is the landscape board; `tall` the same board for narrow screens."""

    name: str
    width: int
    height: int
    origins: dict[int, tuple[int, int]]  # road space 1-21 -> its tile's top-left corner
    cathedral: tuple[int, int, int, int]  # x, y of the spires' top, width, height
    alcazar: tuple[int, int, int, int]  # x, y, width, height
    gate_x: int  # the Alcazar gate, above the entries
    bands: tuple[tuple[str, int, int], ...]  # terrace (row name), top, height
    plaques: tuple[tuple[str, int, int], ...]  # row name, x, y of its fee plaque
    title: tuple[int, int] | None  # where "TOLEDO" is written (None: not at all)
    supply_y: int
    fencing_y: int  # the fencing tiles' line (the supply's own line when wide)
    supply_x: tuple[int, int, int, int, int, int, int]  # draw, discards, paintings, metal, gems, fencing, fencing step
    swords: tuple[int, int, int, float]  # x, y, swords per row, step
    min_font: float = 0  # no text smaller (board units): the tall board is drawn small on a phone

    def origin(self, space: int) -> tuple[int, int]:
        return self.origins[space]

    def centre(self, space: int) -> tuple[int, int]:
        if space == D.CATHEDRAL:
            x, y, w, h = self.cathedral
            return x + w // 2, y + h - 60
        x, y = self.origins[space]
        return x + TILE_W // 2, y + TILE_H // 2


def _wide() -> Layout:
    """Three rows of seven: bottom left to right after the Cathedral, middle back, top on to the Alcazar."""
    top, middle, bottom = 185, 365, 545
    origins = {}
    for space in range(1, D.LAST_SPACE + 1):
        if space <= 7:
            origins[space] = (20 + space * COL_W, bottom)
        elif space <= 14:
            origins[space] = (20 + (15 - space) * COL_W, middle)
        else:
            origins[space] = (20 + (space - 14) * COL_W, top)
    bands = tuple((row, y - 16, TILE_H + 32) for row, y in (("bottom", bottom), ("middle", middle), ("top", top)))
    return Layout("wide", 1000, 820, origins, (18, 489, 114, 186), (622, 14, 356, 150), 835, bands,
                  (("top", 22, top + 14), ("middle", 22, middle + 14)), (28, 44), 64, 64,
                  (22, 92, 170, 250, 316, 388, 56), (22, 710, 19, 50.6),
                  min_font=16.5)  # 12 CSS px when the board is 740 px wide (a tablet)


def _tall() -> Layout:
    """Four columns: each fee row of the board becomes two lines snaking upwards."""
    col = [20 + c * 122 for c in range(4)]
    f, e, d, c, b, a = 418, 568, 734, 884, 1050, 1235  # lines from the top (F) down to the bottom (A)
    origins = {1: (col[1], a), 2: (col[2], a), 3: (col[3], a),
               4: (col[3], b), 5: (col[2], b), 6: (col[1], b), 7: (col[0], b),
               8: (col[1], c), 9: (col[2], c), 10: (col[3], c),
               11: (col[3], d), 12: (col[2], d), 13: (col[1], d), 14: (col[0], d),
               15: (col[1], e), 16: (col[2], e), 17: (col[3], e),
               18: (col[3], f), 19: (col[2], f), 20: (col[1], f), 21: (col[0], f)}
    bands = (("bottom", b - 16, a - b + TILE_H + 32), ("middle", d - 16, c - d + TILE_H + 32),
             ("top", f - 16, e - f + TILE_H + 32))
    # the supply takes two lines, leaving a gap on the left where the road climbs to the gate
    return Layout("tall", 520, 1612, origins, (col[0] - 2, a - 50, 114, 180), (16, 14, 488, 150), 75, bands,
                  (("top", col[0] + 2, e + 14), ("middle", col[0] + 2, c + 14)), None, 172, 276,
                  (120, 188, 262, 352, 420, 130, 60), (14, 1408, 10, 50),
                  min_font=17)  # 12 CSS px when the board is 370 px wide


def gate_box(layout: Layout) -> tuple[int, int, int, int]:
    """The Alcazar gate's drawing: left, top, right, bottom."""
    x0, y0, w, h = layout.alcazar
    return layout.gate_x - GATE_R, y0 + h - 24 - GATE_R, layout.gate_x + GATE_R, y0 + h


def alcazar_entries(layout: Layout, line: int, count: int) -> list[tuple[int, int]]:
    """Where a seat's arrived pawns stand on its line inside the Alcazar: left to right from the wall's
    first tower, stepping over the gate on the lines low enough to reach it."""
    x0, y0, _, _ = layout.alcazar
    y = y0 + 74 + line * ENTRY_LINE
    left, top, right, _ = gate_box(layout)
    low = y + ENTRY_LEFT >= top - 2
    spots: list[tuple[int, int]] = []
    x = x0 + 64
    while len(spots) < count:
        if low and x - ENTRY_LEFT < right + 4 and x + ENTRY_RIGHT > left - 4:
            x = right + 4 + ENTRY_LEFT
            continue
        spots.append((x, y))
        x += ENTRY_STEP
    return spots


LAYOUTS: dict[str, Layout] = {"wide": _wide(), "tall": _tall()}
