"""The Torres board as SVG: every square a plot of ground, every stack a tower of blocks standing
inside its own square (taller stacks visibly taller), every castle one tinted plot with one outline.

Nothing of a square is ever drawn outside its own square (a knight's helmet may reach a few units over
its back edge, never as far as the top or the piece of the square behind), so a tall tower can hide
nothing: every square, knight and the king stays visible and clickable where it is drawn. Offered and
selected squares get a ring inside the plot, so a castle's tint and outline always stay in sight.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import NamedTuple

from .. import data as D
from .pieces_svg import (BLOCK_FRONT, BLOCK_LINE, BLOCK_SIDE, BLOCK_TOP, GOLD, GROUND, HIGHLIGHT, INK, PLOT_TINT,
                         SELECTED, TINT, castle_colours, king_shape, knight_shape, tint)
from .svg_base import Ctx, Layout, text
from ..words import tr

FULL_BLOCKS = 5  # blocks drawn at full thickness; the ones above are drawn thinner, so nine still fit
MOST_BLOCKS = 10  # no taller tower is drawn (its number still says its height)


class Tower(NamedTuple):
    """Where a square's stack is drawn (SVG units)."""

    x: float  # the square's top-left corner
    y: float
    tx: float  # the tower's left edge
    tw: float  # its width
    ground: float  # the line it stands on
    top: float  # the upper edge of its top face
    depth: float  # the top face's depth
    lift: float  # how far its top stands above the ground

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the top face: where a piece stands and where a click lands best."""
        return self.tx + self.tw / 2, self.top + self.depth / 2


def block_rise(cell: float, k: int) -> float:
    """The thickness of the k-th block (1-based) in a square of side `cell`."""
    return cell * (0.1 if k <= FULL_BLOCKS else 0.03)


def tower(layout: Layout, q: int, height: int) -> Tower:
    c = layout.cell
    x, y = layout.x0 + (q % D.SIZE) * c, layout.y0 + (q // D.SIZE) * c
    inset = c * 0.12
    ground = y + c * 0.88
    lift = sum(block_rise(c, k) for k in range(1, min(height, MOST_BLOCKS) + 1))
    depth = c * 0.2
    return Tower(x, y, x + inset, c - 2 * inset, ground, ground - lift - depth, depth, lift)


def _edges(castle: tuple[int, ...], number: int, layout: Layout) -> str:
    """A path along the outer edges of one castle's squares: the castle's single outline."""
    c, out = layout.cell, []
    for q in range(D.SQUARES):
        if castle[q] != number:
            continue
        col, row = q % D.SIZE, q // D.SIZE
        x, y = layout.x0 + col * c, layout.y0 + row * c

        def other(dc: int, dr: int) -> bool:
            cc, rr = col + dc, row + dr
            return not (0 <= cc < D.SIZE and 0 <= rr < D.SIZE) or castle[rr * D.SIZE + cc] != number

        if other(0, -1):
            out.append(f"M{x:g},{y:g}h{c}")
        if other(0, 1):
            out.append(f"M{x:g},{y + c:g}h{c}")
        if other(-1, 0):
            out.append(f"M{x:g},{y:g}v{c}")
        if other(1, 0):
            out.append(f"M{x + c:g},{y:g}v{c}")
    return "".join(out)


def castle_info(view_castle: tuple[int, ...], heights: tuple[int, ...]) -> dict[int, tuple[int, int]]:
    """castle number -> (area, height)."""
    out: dict[int, tuple[int, int]] = {}
    for q, number in enumerate(view_castle):
        if number >= 0:
            area, height = out.get(number, (0, 0))
            out[number] = (area + 1, max(height, heights[q]))
    return out


def _square_label(ctx: Ctx, q: int, castles: dict[int, tuple[int, int]], kings: int) -> str:
    view = ctx.view
    name = D.SQUARE_NAMES[q]
    h = view.heights[q]
    parts = [ctx.word("square_stack", h, square=name) if h else ctx.word("square_ground", square=name)]
    number = view.castle[q]
    if number >= 0:
        area, height = castles[number]
        parts.append(ctx.word("castle_info", area, height=height))
        if number == kings:
            parts.append(ctx.word("kings_castle"))
    piece = view.pieces[q]
    if piece == -2:
        parts.append(ctx.word("piece_king"))
    elif piece >= 0:
        parts.append(ctx.word("piece_knight", name=ctx.name(piece)))
    else:
        parts.append(ctx.word("square_free"))
    return ctx.word("sep").join(parts)


def _stack(t: Tower, height: int, cell: float) -> str:
    """The tower's blocks: a front face with one band per block, a shaded right side, the top face."""
    if not height:
        return ""
    side = cell * 0.07  # the right side seen at a slant
    front = (f'<rect class="front" x="{t.tx:g}" y="{t.ground - t.lift:g}" width="{t.tw:g}" height="{t.lift:g}" '
             f'fill="{BLOCK_FRONT}" stroke="{BLOCK_LINE}" stroke-width="1"/>')
    y, bands = t.ground, []
    for k in range(1, min(height, MOST_BLOCKS)):
        y -= block_rise(cell, k)
        bands.append(f"M{t.tx:g},{y:g}h{t.tw:g}")
    lines = f'<path d="{"".join(bands)}" stroke="{BLOCK_LINE}" stroke-width="0.8" fill="none"/>' if bands else ""
    right = t.tx + t.tw
    slant = (f'<polygon class="side" points="{right:g},{t.top + t.depth:g} {right + side:g},{t.top + t.depth - side:g} '
             f'{right + side:g},{t.ground - side:g} {right:g},{t.ground:g}" fill="{BLOCK_SIDE}" stroke="{BLOCK_LINE}" '
             f'stroke-width="0.8"/>')
    top = (f'<polygon class="top" points="{t.tx:g},{t.top + t.depth:g} {t.tx + side:g},{t.top:g} {right + side:g},'
           f'{t.top:g} {right:g},{t.top + t.depth:g}" fill="{BLOCK_TOP}" stroke="{BLOCK_LINE}" stroke-width="1"/>')
    return f'<g class="stack">{front}{lines}{slant}{top}</g>'


def _square(ctx: Ctx, q: int, castles: dict[int, tuple[int, int]], kings: int, colours: dict[int, str]) -> str:
    view, geo = ctx.view, ctx.layout
    c = geo.cell
    h = view.heights[q]
    t = tower(geo, q, h)
    number = view.castle[q]
    key = f"square:{D.SQUARE_NAMES[q]}"
    base = ["square", f"h-{h}"]
    if number >= 0:
        base.append(f"castle-{number}")
        if number == kings:
            base.append("kings-castle")
    if q in ctx.lit:
        base.append("lit")
    castle_attr = f' data-castle="{number}"' if number >= 0 else ""
    dim = bool(ctx.lit) and q not in ctx.lit  # a scoring: what is not being scored steps back, its plot too
    ground = (tint(colours[number], PLOT_TINT.get(colours[number], TINT) * (0.4 if dim else 1.0)) if number >= 0
              else GROUND)
    parts = [f'<g class="{ctx.classes(key, *base)}" data-square="{D.SQUARE_NAMES[q]}" data-h="{h}"{castle_attr}'
             f'{ctx.button(key, _square_label(ctx, q, castles, kings))}',
             f'<rect class="cell" x="{t.x:g}" y="{t.y:g}" width="{c}" height="{c}" fill="{ground}" '
             f'stroke="#a9bb8e" stroke-width="0.6"/>']
    if dim:
        parts.append('<g class="dim" opacity=".38">')
    if key in ctx.recent:
        parts.append(f'<rect class="glow" x="{t.x + 2.5:g}" y="{t.y + 2.5:g}" width="{c - 5:g}" height="{c - 5:g}" '
                     f'rx="3" fill="none" stroke="{INK}" stroke-width="1.6" stroke-dasharray="3 3"/>')
    if key in ctx.selected or key in ctx.offered:  # a ring inside the plot: the castle's edge stays in sight
        colour, width = (SELECTED, 4.5) if key in ctx.selected else (HIGHLIGHT, 3.5)
        parts.append(f'<rect class="hl" x="{t.x + 5:g}" y="{t.y + 5:g}" width="{c - 10:g}" height="{c - 10:g}" '
                     f'rx="5" fill="{colour}" fill-opacity=".16" stroke="{colour}" stroke-width="{width}" '
                     f'pointer-events="none"/>')
    parts.append(_stack(t, h, c))
    if h:  # the height, also written: on the tower's foot, left of where a piece stands
        font = ctx.f(c * 0.25)
        bw = font * (0.72 if h < 10 else 1.3)
        bx, by = t.tx - c * 0.06, t.ground - font * 0.95
        parts.append(f'<g class="height-tag" pointer-events="none"><rect x="{bx:g}" y="{by:g}" width="{bw:g}" '
                     f'height="{font * 1.05:g}" rx="3" fill="#fffaf0" stroke="{BLOCK_LINE}" stroke-width="0.8"/>'
                     f'{text(bx + bw / 2, by + font * 0.86, str(h), font, bold=True, anchor="middle", cls="height")}</g>')
    piece = view.pieces[q]
    cx, _ = t.centre
    stand = t.top + t.depth * 0.8  # a piece stands on the top face, a little in front of its middle
    if piece == -2:
        r = c * 0.21
        parts.append(f'<g class="king">{king_shape(cx, stand - r * 0.9, r)}</g>')
    elif piece >= 0:
        scoring = " scoring" if q in ctx.scorers else ""
        colour = D.COLOURS[view.colours[piece]]
        r = c * 0.2
        parts.append(f'<g class="knight seat-{piece} colour-{colour}{scoring}" data-seat="{piece}">'
                     f'{knight_shape(colour, cx, stand - r, r, scoring=bool(scoring))}</g>')
    parts.append("</g></g>" if dim else "</g>")
    return "".join(parts)


def _cost_badges(ctx: Ctx) -> Iterator[str]:
    """Each offered square's AP cost, small, in its top right corner (clear of the piece, which stands in
    the middle, and of the height, at the tower's foot on the left); none when every lit square costs
    the same, which the legend then says once."""
    geo, c = ctx.layout, ctx.layout.cell
    squares = [k for k in ctx.offered if k.startswith("square:") and k in ctx.costs]
    if len({ctx.costs[k] for k in squares}) <= 1:
        return
    size = ctx.f(c * 0.2)
    for key in squares:
        q = D.SQUARE_BY_NAME[key.removeprefix("square:")]
        x, y = geo.x0 + (q % D.SIZE) * c, geo.y0 + (q // D.SIZE) * c
        w = size * 1.25
        yield (f'<g class="cost" pointer-events="none"><rect x="{x + c - w - 1:g}" y="{y + 1:g}" width="{w:g}" '
               f'height="{size * 1.1:g}" rx="4" fill="{INK}" opacity=".88"/>'
               f'{text(x + c - w / 2 - 1, y + size * 0.92, str(ctx.costs[key]), size, bold=True, anchor="middle", fill="#fff")}'
               f'</g>')


def uniform_cost(ctx: Ctx) -> int | None:
    """The AP every offered square costs, when they all cost the same."""
    costs = {ctx.costs[k] for k in ctx.offered if k.startswith("square:") and k in ctx.costs}
    return next(iter(costs)) if len(costs) == 1 else None


def board(ctx: Ctx) -> str:
    view, geo = ctx.view, ctx.layout
    c = geo.cell
    side = c * D.SIZE
    castles = castle_info(view.castle, view.heights)
    colours = castle_colours(view.castle, view.heights, view.variant)
    kings = view.castle[view.king] if view.king >= 0 else -1
    parts = [f'<g class="board" role="group" aria-label="{escape(tr("board_title", ctx.lang))}">',
             f'<rect x="{geo.x0 - 6}" y="{geo.y0 - 6}" width="{side + 12}" height="{side + 12}" rx="6" '
             f'fill="#b7c99a" stroke="#6b7d52" stroke-width="2"/>']
    font = ctx.f(c * 0.24)
    for i in range(D.SIZE):
        parts.append(text(geo.x0 + i * c + c / 2, geo.y0 + side + font + 8, "abcdefgh"[i], font,
                          anchor="middle", fill="#5b4a3a"))
        parts.append(text(geo.x0 - 10, geo.y0 + i * c + c / 2 + font / 3, str(i + 1), font, anchor="middle",
                          fill="#5b4a3a"))
    for q in range(D.SQUARES):  # back row first: a helmet reaching over a square's back edge stays in front
        parts.append(_square(ctx, q, castles, kings, colours))
    # the castles' outlines over the plots (never clicked, never covered by a ring)
    outlines = []
    if kings >= 0:
        outlines.append(f'<path class="kings-outline" d="{_edges(view.castle, kings, geo)}" fill="none" '
                        f'stroke="{GOLD}" stroke-width="8" stroke-linecap="square" stroke-linejoin="miter"/>')
    lit = {view.castle[q] for q in ctx.lit if view.castle[q] >= 0}
    for number in sorted(castles):
        edges = _edges(view.castle, number, geo)
        if number in lit:
            outlines.append(f'<path class="lit-outline" d="{edges}" fill="none" stroke="#fff" stroke-width="9" '
                            f'stroke-linecap="square"/>')
        outlines.append(f'<path class="castle-outline castle-{number}" d="{edges}" fill="none" '
                        f'stroke="{colours[number]}" stroke-width="{4.5 if number in lit else 3}" '
                        f'stroke-linecap="square"/>')
    parts.append(f'<g class="outlines" pointer-events="none">{"".join(outlines)}</g>')
    parts.extend(_cost_badges(ctx))
    parts.append("</g>")
    return "".join(parts)


def path(ctx: Ctx, keys: list[str] | tuple[str, ...], arrow: str) -> str:
    """A passage's way, from piece to piece, over the squares' top faces."""
    geo, view = ctx.layout, ctx.view
    points = []
    for key in keys:
        q = D.SQUARE_BY_NAME.get(key.removeprefix("square:"), -1)
        if q < 0:
            continue
        x, y = tower(geo, q, view.heights[q]).centre
        points.append(f"{x:g},{y:g}")
    if len(points) < 2:
        return ""
    return (f'<polyline class="path" points="{" ".join(points)}" fill="none" stroke="{SELECTED}" stroke-width="4" '
            f'stroke-dasharray="8 5" stroke-linecap="round" stroke-linejoin="round" marker-end="url(#{arrow})" '
            f'pointer-events="none" aria-hidden="true"/>')
