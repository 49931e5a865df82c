"""Torres's pieces as small SVG fragments: stacks of blocks, knights (a colour and a silhouette per
seat), the king, tower stacks, cards. Pure functions of their arguments; colours are presentation
attributes that the page's style sheet (style.css here) may override through the classes."""

from __future__ import annotations

from html import escape
from typing import Final

from ....core.seat_shapes import seat_shape
from .. import data as D

# player colours (data.COLOURS order): fill and dark outline; the silhouettes tell seats apart without colour
# (red a shade deeper and green a shade lighter than plain: without red or green cones they differ in lightness)
PLAYER_FILL: Final = {"red": "#a33025", "blue": "#2d6cb5", "green": "#349d56", "yellow": "#e5b422"}
PLAYER_DARK: Final = {"red": "#6e1d15", "blue": "#153a66", "green": "#17502a", "yellow": "#7a5c06"}
PLAYER_SHAPE: Final = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "diamond"}
# castle outlines: every two of them far apart (CIEDE2000) for normal sight, protanopia and deuteranopia
# alike, and far from the king's gold (tests/torres/test_torres_palette.py); the first eight go to the
# castles of the eight start squares, so a castle keeps its colour all game
CASTLE_COLOURS: Final = ("#D55E00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#800015", "#2a15bf", "#800055",
                         "#954055")
TINT: Final = 0.3  # how much of its castle's colour a square's plot takes, unless PLOT_TINT says otherwise
# each castle colour's share in its plot: chosen so that the plots themselves, not only the outlines, stay
# apart from each other and from unclaimed ground for protanopia and deuteranopia too (equal shares made the
# green castle's plot the ground's look-alike without green cones)
PLOT_TINT: Final = dict(zip(CASTLE_COLOURS, (0.45, 0.4, 0.35, 0.2, 0.45, 0.45, 0.45, 0.45, 0.45)))
HIGHLIGHT: Final = "#ffb300"
SELECTED: Final = "#ff5722"
RECENT: Final = "#fff3b0"
INK: Final = "#2b2118"
GOLD: Final = "#d4a017"
FRESH: Final = "#7cb342"  # the bar under a card bought this turn (K2: not playable until the next)
BLOCK_TOP: Final = "#e9d3a5"
BLOCK_FRONT: Final = "#b98b4f"
BLOCK_LINE: Final = "#7a5a2e"
BLOCK_SIDE: Final = "#9c7440"
GROUND: Final = "#cfe0b4"


def colour_of(colours: tuple[int, ...], seat: int) -> str:
    return D.COLOURS[colours[seat]]


def castle_colour(number: int) -> str:
    return CASTLE_COLOURS[number % len(CASTLE_COLOURS)]


def castle_colours(castle: tuple[int, ...], heights: tuple[int, ...], variant: str) -> dict[int, str]:
    """castle number -> its outline colour. A castle standing on one of the eight start squares takes that
    square's colour (castles never merge, so the colour stays with it all game); a castle founded later
    takes the first colour no other castle has. In the master version the start blocks stand anywhere, so
    castles take colours in the order of their lowest square."""
    out: dict[int, str] = {}
    if variant != D.VARIANTS[D.MASTER]:
        for i, q in enumerate(D.START_SQUARES):
            number = castle[q]
            if number >= 0 and heights[q] and number not in out:
                out[number] = CASTLE_COLOURS[i]
    free = [c for c in CASTLE_COLOURS if c not in out.values()]
    for number in sorted({n for n in castle if n >= 0} - set(out)):
        out[number] = free.pop(0) if free else castle_colour(number)
    return out


def tint(colour: str, amount: float | None = None) -> str:
    """`colour` mixed with white: a castle's plot (by default its colour's share in PLOT_TINT)."""
    if amount is None:
        amount = PLOT_TINT.get(colour, TINT)
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(amount * v + (1 - amount) * 255):02x}" for v in rgb)


# a chess knight's head facing left, in a box one unit wide and tall: its base's middle at (0, 0)
_KNIGHT = ((-0.40, 0), (0.40, 0), (0.40, -0.1), (0.27, -0.16), (0.31, -0.46), (0.27, -0.72), (0.16, -0.9),
           (0.1, -1.0), (0.02, -0.9), (-0.12, -0.86), (-0.34, -0.64), (-0.42, -0.5), (-0.37, -0.41), (-0.2, -0.45),
           (-0.06, -0.43), (-0.17, -0.3), (-0.27, -0.16), (-0.40, -0.1))


def _mark(shape: str, x: float, y: float, r: float, fill: str) -> str:
    """The seat's small sign (circle, square, triangle, diamond): seats apart without colour."""
    return seat_shape(shape, x, y, r, f'fill="{fill}"', cls="mark", triangle=(1.2, 0.75), diamond=1.25)


def knight_shape(colour: str, x: float, y: float, r: float, *, scoring: bool = False) -> str:
    """A knight standing on its base centred on (x, y + r), 2r tall: a horse's head in the seat's colour
    with the seat's sign on its chest; `scoring` adds a ring of light behind it."""
    fill, dark = PLAYER_FILL[colour], PLAYER_DARK[colour]
    s, base = 2 * r, y + r
    points = " ".join(f"{x + px * s:.4g},{base + py * s:.4g}" for px, py in _KNIGHT)
    halo = (f'<circle class="halo" cx="{x:g}" cy="{y:g}" r="{r * 1.35:g}" fill="#fff6c2" stroke="{SELECTED}" '
            f'stroke-width="{max(r * 0.18, 1.5):.3g}"/>' if scoring else "")
    return (f'{halo}<polygon class="body" points="{points}" fill="{fill}" stroke="{dark}" '
            f'stroke-width="{max(r * 0.12, 1):.3g}" stroke-linejoin="round"/>'
            f'<circle cx="{x - 0.08 * s:.4g}" cy="{base - 0.7 * s:.4g}" r="{max(0.045 * s, 0.8):.3g}" fill="{dark}"/>'
            f'{_mark(PLAYER_SHAPE[colour], x + 0.1 * s, base - 0.27 * s, 0.1 * s, "#fff")}')


def king_shape(x: float, y: float, r: float) -> str:
    """The king: a golden crown on a cushion, centred on (x, y), about 2r wide and tall."""
    w, h = r * 0.95, r * 0.8
    pts = (f"{x - w:g},{y + h * 0.55:g} {x - w * 1.05:g},{y - h:g} {x - w * 0.5:g},{y - h * 0.25:g} {x:g},{y - h * 1.15:g} "
           f"{x + w * 0.5:g},{y - h * 0.25:g} {x + w * 1.05:g},{y - h:g} {x + w:g},{y + h * 0.55:g}")
    return (f'<ellipse cx="{x:g}" cy="{y + h * 0.8:g}" rx="{w * 1.15:g}" ry="{h * 0.35:g}" fill="#8e1b2c" '
            f'stroke="#4d0c16" stroke-width="{max(r * 0.08, 0.8):.3g}"/>'
            f'<polygon class="crown" points="{pts}" fill="{GOLD}" stroke="#5c4300" '
            f'stroke-width="{max(r * 0.1, 1):.3g}" stroke-linejoin="round"/>'
            + "".join(f'<circle cx="{x + dx * w:g}" cy="{y - h * dy:g}" r="{r * 0.12:.3g}" fill="#fff3b0" '
                      f'stroke="#5c4300" stroke-width="{max(r * 0.05, 0.5):.3g}"/>'
                      for dx, dy in ((-1.05, 1.1), (0, 1.3), (1.05, 1.1)))
            + f'<circle cx="{x:g}" cy="{y + h * 0.15:g}" r="{r * 0.17:.3g}" fill="#b03a2e"/>')


def tower_shape(x: float, y: float, blocks: int, w: float, rise: float) -> str:
    """A tower of `blocks` blocks (0-3) standing on the point (x, y) (its bottom centre)."""
    out = [f'<rect x="{x - w / 2 - 3:g}" y="{y:g}" width="{w + 6:g}" height="3" fill="#8a7a60"/>']
    for k in range(blocks):
        by = y - (k + 1) * rise
        out.append(f'<rect class="block" x="{x - w / 2:g}" y="{by:g}" width="{w:g}" height="{rise - 1:g}" rx="1.5" '
                   f'fill="{BLOCK_FRONT}" stroke="{BLOCK_LINE}" stroke-width="1"/>')
    return "".join(out)


def block_icon(x: float, y: float, s: float) -> str:
    """One block seen from the front and above, its top-left corner at (x, y)."""
    return (f'<rect x="{x:g}" y="{y + s * 0.3:g}" width="{s:g}" height="{s * 0.7:g}" fill="{BLOCK_FRONT}" '
            f'stroke="{BLOCK_LINE}"/><rect x="{x:g}" y="{y:g}" width="{s:g}" height="{s * 0.3:g}" fill="{BLOCK_TOP}" '
            f'stroke="{BLOCK_LINE}"/>')


def _two_lines(name: str, chars: int) -> list[str]:
    """A card's name on one line, or two split at the space nearest the middle when it is long."""
    if len(name) <= chars or " " not in name:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def card_face(x: float, y: float, w: float, h: float, ident: str, name: str, count: int, fresh: int,
              font_min: float = 8) -> str:
    """An action card's face: its number, its name (the same words as the hand's list, on two lines when
    long), how many are held, how many are new this turn; no text under `font_min` units."""
    size = max(min(w / 6.5, 12), font_min)
    small = max(10, font_min)
    r = max(8, small * 0.75)
    font = max(size * 0.95, font_min)
    lines = _two_lines(name, int((w - 6) / (font * 0.56)))
    bottom = y + h - 10
    out = [f'<rect class="card-bg" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" fill="#fbf3de" '
           f'stroke="#7a5a2e" stroke-width="1.5"/>',
           f'<text x="{x + 5:g}" y="{y + size + 3:g}" font-size="{size:g}" font-weight="700" fill="{INK}">'
           f'{escape(ident.upper())}</text>']
    for i, line in enumerate(lines):
        base = bottom - (len(lines) - 1 - i) * font * 1.02 if len(lines) > 1 else y + h * 0.7
        out.append(f'<text class="card-name" x="{x + w / 2:g}" y="{base:g}" font-size="{font:g}" text-anchor="middle" '
                   f'fill="{INK}"{fit(line, font, w - 6)}>{escape(line)}</text>')
    if count > 1:
        out.append(f'<circle cx="{x + w - r - 1:g}" cy="{y + r + 1:g}" r="{r:g}" fill="{INK}"/>'
                   f'<text x="{x + w - r - 1:g}" y="{y + r + 1 + small * 0.35:g}" font-size="{small:g}" '
                   f'text-anchor="middle" fill="#fff" font-weight="700">×{count}</text>')
    if fresh:
        out.append(f'<rect x="{x + 3:g}" y="{y + h - 7:g}" width="{w - 6:g}" height="4" rx="2" fill="{FRESH}"/>')
    return "".join(out)


def fresh_legend(x: float, y: float, words: str, size: float, width: float) -> str:
    """The key to a card's green bar, right-aligned to end at `x`: the bar, then `words` (what it means)."""
    bar = 16
    squeeze = fit(words, size, width - bar - 4)
    used = min(len(words) * size * 0.56, width - bar - 4)
    return (f'<g class="fresh-legend"><rect x="{x - used - bar - 4:g}" y="{y - size * 0.45:g}" width="{bar}" '
            f'height="4" rx="2" fill="{FRESH}"/><text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="end" '
            f'fill="{INK}"{squeeze}>{escape(words)}</text></g>')


def fit(text: str, size: float, width: float) -> str:
    """Attributes that squeeze `text` (font `size`) into `width` units when it would be wider."""
    if len(text) * size * 0.56 <= width:
        return ""
    return f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"'
