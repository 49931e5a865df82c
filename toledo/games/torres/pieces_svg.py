"""Torres's pieces as small SVG fragments: stacks of blocks, knights (a colour and a silhouette per
seat), the king, tower stacks, cards. Pure functions of their arguments; colours are presentation
attributes that `web/static/torres.css` may override through the classes."""

from __future__ import annotations

from html import escape
from typing import Final

from . import data as D

# player colours (data.COLOURS order): fill and dark outline; the silhouettes tell seats apart without colour
PLAYER_FILL: Final = {"red": "#c0392b", "blue": "#2d6cb5", "green": "#2f8f4e", "yellow": "#e5b422"}
PLAYER_DARK: Final = {"red": "#6e1d15", "blue": "#153a66", "green": "#17502a", "yellow": "#7a5c06"}
PLAYER_SHAPE: Final = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "diamond"}
# castle outlines: distinct hues, none of them a player's colour
CASTLE_COLOURS: Final = ("#8e44ad", "#16a085", "#d35400", "#2c3e50", "#c2185b", "#7cb342", "#00838f", "#6d4c41",
                         "#5e35b1", "#f06292", "#9e9d24", "#0277bd", "#ef6c00", "#4e342e", "#43a047", "#ad1457")
HIGHLIGHT: Final = "#ffb300"
SELECTED: Final = "#ff5722"
RECENT: Final = "#fff3b0"
INK: Final = "#2b2118"
GOLD: Final = "#d4a017"
BLOCK_TOP: Final = "#e9d3a5"
BLOCK_FRONT: Final = "#b98b4f"
BLOCK_LINE: Final = "#7a5a2e"
GROUND: Final = "#cfe0b4"


def colour_of(colours: tuple[int, ...], seat: int) -> str:
    return D.COLOURS[colours[seat]]


def castle_colour(number: int) -> str:
    return CASTLE_COLOURS[number % len(CASTLE_COLOURS)]


def knight_shape(colour: str, x: float, y: float, r: float) -> str:
    """A knight's token centred on (x, y): the seat's silhouette in its colour, with a visor slit."""
    fill, dark = PLAYER_FILL[colour], PLAYER_DARK[colour]
    style = f'fill="{fill}" stroke="{dark}" stroke-width="{max(r * 0.14, 1.2):.3g}"'
    shape = PLAYER_SHAPE[colour]
    if shape == "circle":
        body = f'<circle class="body" cx="{x:g}" cy="{y:g}" r="{r:g}" {style}/>'
    elif shape == "square":
        s = r * 0.9
        body = f'<rect class="body" x="{x - s:g}" y="{y - s:g}" width="{2 * s:g}" height="{2 * s:g}" rx="{r * 0.2:.3g}" {style}/>'
    elif shape == "triangle":
        h = r * 1.15
        body = (f'<polygon class="body" points="{x:g},{y - h:g} {x + h:g},{y + h * 0.8:g} {x - h:g},{y + h * 0.8:g}" '
                f'{style}/>')
    else:
        h = r * 1.2
        body = f'<polygon class="body" points="{x:g},{y - h:g} {x + h:g},{y:g} {x:g},{y + h:g} {x - h:g},{y:g}" {style}/>'
    slit = (f'<line x1="{x - r * 0.4:g}" y1="{y:g}" x2="{x + r * 0.4:g}" y2="{y:g}" stroke="#fff" '
            f'stroke-width="{max(r * 0.16, 1):.3g}" stroke-linecap="round"/>')
    return body + slit


def king_shape(x: float, y: float, r: float) -> str:
    """The king: a golden crown centred on (x, y)."""
    w, h = r * 1.1, r * 0.9
    pts = (f"{x - w:g},{y + h:g} {x - w:g},{y - h * 0.6:g} {x - w * 0.5:g},{y:g} {x:g},{y - h:g} "
           f"{x + w * 0.5:g},{y:g} {x + w:g},{y - h * 0.6:g} {x + w:g},{y + h:g}")
    return (f'<polygon class="crown" points="{pts}" fill="{GOLD}" stroke="#5c4300" '
            f'stroke-width="{max(r * 0.12, 1):.3g}" stroke-linejoin="round"/>'
            f'<circle cx="{x:g}" cy="{y + h * 0.45:g}" r="{r * 0.16:.3g}" fill="#b03a2e"/>')


def lift(height: int, rise: float) -> float:
    """How far a stack's top is drawn above the ground: `rise` per block up to five, half that for the
    next four, no more after nine, so that a tall stack never hides the square behind it (its number
    still says its height)."""
    return rise * (min(height, 5) + min(max(height - 5, 0), 4) * 0.5)


def stack_shape(x: float, y: float, size: float, height: int, rise: float, castle: str | None = None) -> str:
    """A stack of `height` blocks standing on the square whose inner top-left corner is (x, y): a front
    face with one band per block under a top face lifted by `lift`; `castle` outlines the top."""
    up = lift(height, rise)
    top = y - up
    out = []
    if height:
        band = up / height
        out.append(f'<rect class="front" x="{x:g}" y="{top + size:g}" width="{size:g}" height="{up:g}" '
                   f'fill="{BLOCK_FRONT}" stroke="{BLOCK_LINE}" stroke-width="1"/>')
        lines = "".join(f"M{x:g},{top + size + k * band:g}h{size:g}" for k in range(1, height))
        if lines:
            out.append(f'<path d="{lines}" stroke="{BLOCK_LINE}" stroke-width="0.8" fill="none"/>')
    stroke = castle or "#9bb07f"
    width = 3 if castle else 1
    fill = BLOCK_TOP if height else GROUND
    out.append(f'<rect class="top" x="{x:g}" y="{top:g}" width="{size:g}" height="{size:g}" fill="{fill}" '
               f'stroke="{stroke}" stroke-width="{width}"/>')
    return "".join(out)


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


def card_face(x: float, y: float, w: float, h: float, ident: str, name: str, count: int, fresh: int,
              font_min: float = 8) -> str:
    """An action card's face: its number, a short name, how many are held, how many are new this turn;
    no text under `font_min` units."""
    size = max(min(w / 6.5, 12), font_min)
    small = max(10, font_min)
    r = max(8, small * 0.75)
    out = [f'<rect class="card-bg" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" fill="#fbf3de" '
           f'stroke="#7a5a2e" stroke-width="1.5"/>',
           f'<text x="{x + 5:g}" y="{y + size + 3:g}" font-size="{size:g}" font-weight="700" fill="{INK}">'
           f'{escape(ident.upper())}</text>',
           f'<text x="{x + w / 2:g}" y="{y + h * 0.7:g}" font-size="{max(size * 0.95, font_min):g}" '
           f'text-anchor="middle" fill="{INK}"{fit(name, max(size * 0.95, font_min), w - 6)}>{escape(name)}</text>']
    if count > 1:
        out.append(f'<circle cx="{x + w - r - 1:g}" cy="{y + r + 1:g}" r="{r:g}" fill="{INK}"/>'
                   f'<text x="{x + w - r - 1:g}" y="{y + r + 1 + small * 0.35:g}" font-size="{small:g}" '
                   f'text-anchor="middle" fill="#fff" font-weight="700">×{count}</text>')
    if fresh:
        out.append(f'<rect x="{x + 3:g}" y="{y + h - 9:g}" width="{w - 6:g}" height="5" rx="2" fill="#7cb342"/>')
    return "".join(out)


def fit(text: str, size: float, width: float) -> str:
    """Attributes that squeeze `text` (font `size`) into `width` units when it would be wider."""
    if len(text) * size * 0.56 <= width:
        return ""
    return f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"'
