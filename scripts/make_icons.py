#!/usr/bin/env python3
"""Draw the app icons (web/static/icons/icon-192.png, icon-512.png) with the standard library only.

The emblem: a sandstone tower of the Alcazar on deep red, crossed by a silver sword with a golden
hilt. The red fills the whole square and the emblem stays inside the central circle of 80 % of the
width, so the same file serves as a "maskable" icon (launchers may crop it to any shape).

    python3 scripts/make_icons.py            # rewrite both PNGs (deterministic: same bytes every run)
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "web" / "static" / "icons"
SIZES = (192, 512)

Colour = tuple[int, int, int, int]
BACKGROUND: Colour = (122, 31, 20, 255)
STONE: Colour = (232, 199, 122, 255)
STONE_SHADE: Colour = (196, 158, 86, 255)
DOOR: Colour = (74, 22, 14, 255)
INK: Colour = (43, 26, 16, 255)
STEEL: Colour = (222, 228, 234, 255)
STEEL_SHADE: Colour = (160, 170, 182, 255)
GOLD: Colour = (229, 180, 34, 255)
GRIP: Colour = (110, 62, 28, 255)

# The sword runs from the pommel (bottom left) to the tip (top right), inside the safe circle.
POMMEL = (0.27, 0.73)
TIP = (0.77, 0.23)
AXIS_LEN = math.dist(POMMEL, TIP)
AXIS = ((TIP[0] - POMMEL[0]) / AXIS_LEN, (TIP[1] - POMMEL[1]) / AXIS_LEN)


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGBA PNG from raw rows (4 bytes per pixel)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 (none) on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit, RGBA, deflate, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _sword(u: float, v: float, grow: float) -> Colour | None:
    """The sword's colour at (u, v), or None; `grow` widens every part (for the dark outline)."""
    du, dv = u - POMMEL[0], v - POMMEL[1]
    t = du * AXIS[0] + dv * AXIS[1]  # distance along the sword from the pommel
    s = abs(du * -AXIS[1] + dv * AXIS[0])  # distance from the axis
    if math.hypot(du, dv) < 0.038 + grow:
        return GOLD  # pommel
    if -0.01 < t < 0.13 and s < 0.02 + grow:
        return GRIP
    if 0.12 - grow < t < 0.16 + grow and s < 0.105 + grow:
        return GOLD  # cross-guard
    blade_end = AXIS_LEN
    if 0.15 < t < blade_end + grow:
        width = 0.034 * min(1.0, max(0.0, (blade_end - t) / 0.09))  # tapers to the tip
        if s < width + grow:
            return STEEL_SHADE if s < 0.007 and grow == 0 else STEEL
    return None


def _tower(u: float, v: float) -> Colour | None:
    """The Alcazar tower with battlements and a door."""
    if 0.30 < u < 0.70 and 0.40 < v < 0.80:
        door_centre = (0.5, 0.66)
        if 0.44 < u < 0.56 and v > door_centre[1]:
            return DOOR
        if math.hypot(u - door_centre[0], v - door_centre[1]) < 0.06:
            return DOOR
        if 0.37 < u < 0.43 and 0.48 < v < 0.56:
            return DOOR  # window
        return STONE_SHADE if u > 0.62 else STONE
    if 0.27 < u < 0.73 and 0.36 < v <= 0.40:
        return STONE  # parapet
    if 0.27 < v <= 0.36:
        for left in (0.27, 0.395, 0.52, 0.645):  # four merlons
            if left < u < left + 0.085:
                return STONE
    return None


def emblem(u: float, v: float) -> Colour:
    """The icon's colour at (u, v) in [0, 1]², y pointing down."""
    sword = _sword(u, v, 0.0)
    if sword is not None:
        return sword
    if _sword(u, v, 0.012) is not None:
        return INK
    tower = _tower(u, v)
    return tower if tower is not None else BACKGROUND


def render(size: int, paint: Callable[[float, float], Colour] = emblem, samples: int = 3) -> bytes:
    """Rasterise `paint` at size x size with samples x samples supersampling per pixel."""
    rows = []
    offsets = [(i + 0.5) / samples for i in range(samples)]
    count = samples * samples
    for y in range(size):
        row = bytearray()
        for x in range(size):
            r = g = b = a = 0
            for oy in offsets:
                for ox in offsets:
                    cr, cg, cb, ca = paint((x + ox) / size, (y + oy) / size)
                    r, g, b, a = r + cr, g + cg, b + cb, a + ca
            row += bytes((round(r / count), round(g / count), round(b / count), round(a / count)))
        rows.append(bytes(row))
    return png_bytes(size, size, rows)


def main(argv: list[str] | None = None) -> int:
    OneLineParser(prog="make_icons.py", description=(__doc__ or "").split("\n\n")[0]).parse_args(argv)
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        path = ICON_DIR / f"icon-{size}.png"
        path.write_bytes(render(size))
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
