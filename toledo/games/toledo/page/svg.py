"""The board as SVG text: a pure function of what a seat may see, in the manner of python-chess's chess.svg.

Nothing here knows a rule. What is clickable or highlighted is passed in by the caller (who derives it
from `state.legal_actions()`); this module only draws. Every element the interface talks to carries a
semantic class and, when it can be clicked, one `data-key` (the page protocol's click keys):

    [data-key="space:N"]      road space N (0 = the Cathedral, 20 and 21 = the Alcazar entries)
    [data-key="pawn:red-3"]   pawn 3 of the red player (pawns are numbered 1-5), with data-pos
    [data-key="sword:i"]      sword tile i of `data.SWORDS` lying on the board
    [data-key="fencing:teal"] the pile of teal fencing tiles on the board
    .legal / .selected      highlight classes (also drawn, so a standalone SVG shows them)
    .own                    a pawn of the seat the board is told to (none for a spectator)

Player colours are also told apart by shape: red circle, blue square, green triangle, yellow diamond.
Text from players (names) is XML-escaped; no other text comes from outside.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from html import escape

from .. import data as D
from ..explain import fencing_label, pawn_label, space_help, space_label, supply_label, sword_label
from ..state import State
from ..words import tr
from ..view import PlayerView, player_view
from .board_layout import GATE_R, LAYOUTS, TILE_H, TILE_W, Layout, alcazar_entries, gate_box
from .pieces_svg import (HIGHLIGHT, INK, PLAYER_DARK, PLAYER_FILL, PLAYER_SHAPE, PLAYER_TINT, SCENE_FILL, SELECTED, coin_svg,
                         icon_svg, pawn_shape)

# the geometry lives in board_layout.py; TILE_W, TILE_H and LAYOUTS are read through here too


# --- the board ----------------------------------------------------------------------------------
@dataclass
class _Ctx:
    """Who the board is told to (accessible names and tooltips come from toledo.explain)."""

    view: PlayerView
    lang: str
    names: list[str] | None
    you: bool
    min_font: float = 0

    def fs(self, size: float) -> float:
        """A font size, never under the layout's smallest."""
        return max(size, self.min_font)

    def t(self, key: str, **params: object) -> str:
        return tr(key, self.lang, **params)

    def pawn(self, pawn: int) -> str:
        return pawn_label(self.view, pawn, self.lang, self.names, self.you)

    def space(self, space: int) -> str:
        return space_label(self.view, space, self.lang, self.names, self.you)

    def space_help(self, space: int) -> str:
        return space_help(self.view, space, self.lang, self.names, self.you)


Box = tuple[float, float, float, float]  # x, y, width, height


def _aria(role: str, label: str, focusable: bool) -> str:
    """role, accessible name, tab stop (0: a choice now) or reachable by the arrow keys only (-1).

    Not aria-disabled: a click on something that is no choice now still answers (it says why not)."""
    return f' role="{role}" aria-label="{escape(label)}" tabindex="{0 if focusable else -1}"'


def _focus_ring(box: Box, rx: float = 8) -> str:
    x, y, w, h = box
    return (f'<rect class="focus-ring" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="none" '
            f'stroke="#1a1a1a" stroke-width="4" stroke-dasharray="8 4"/>')


def _fit(text: str, size: float, width: float) -> str:
    """Attributes that squeeze `text` (font `size`) into `width` units if it would be wider (long words in
    German or French)."""
    if len(text) * size * 0.56 <= width:
        return ""
    return f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"'


def _split(box: Box, n: int) -> list[Box]:
    """`box` cut into n equal parts side by side, along its longer side."""
    x, y, w, h = box
    if n <= 1:
        return [box]
    if w >= h:
        return [(x + i * w / n, y, w / n, h) for i in range(n)]
    return [(x, y + i * h / n, w, h / n) for i in range(n)]


def _pawn(ctx: _Ctx, pawn: int, x: float, y: float, legal: Collection[str], selected: str | None,
          extra_class: str = "", r: float = 13, hit: Box | None = None, group: int = 1, hidden: bool = False) -> str:
    """A pawn on the board. `hit`: its (invisible) touch area, bigger than the drawing; `group`: how many
    pawns of its owner stand with it (one button stands for them all); `hidden`: one of those others."""
    view = ctx.view
    seat, index = divmod(pawn, D.PAWNS_PER_PLAYER)
    colour = D.COLOURS[view.colours[seat]]
    name = f"{colour}-{index + 1}"
    classes = ["pawn", f"pawn-{colour}"]
    if ctx.you and seat == view.seat:
        classes.append("own")  # the page shows a phone's player their own pawns when nothing else is news
    ring = ""
    is_legal = name in legal
    if is_legal:
        classes.append("legal")
        ring = f'<circle class="hl" cx="{x:g}" cy="{y:g}" r="{r + 6:g}" fill="none" stroke="{HIGHLIGHT}" stroke-width="3.5"/>'
    if name == selected:
        classes.append("selected")
        ring = f'<circle class="hl" cx="{x:g}" cy="{y:g}" r="{r + 6:g}" fill="none" stroke="{SELECTED}" stroke-width="4"/>'
    if extra_class:
        classes.append(extra_class)
    if hidden:
        aria = ' aria-hidden="true" pointer-events="none"'
    else:
        label = ctx.pawn(pawn)
        if group > 1:
            label = ctx.t("svg_pawns_here", label=label, count=group)
        if extra_class == "arrived":
            aria = f' role="img" aria-label="{escape(label)}" tabindex="-1"'
        else:
            aria = _aria("button", label, is_legal or name == selected)
    text_fill = "#3b2a1a" if colour == "yellow" else "#fff"
    dy = r * 0.45 if PLAYER_SHAPE[colour] != "triangle" else r * 0.65
    extra = ""
    if hit is not None and not hidden:
        hx, hy, hw, hh = hit
        extra = (f'<rect class="hit" x="{hx:g}" y="{hy:g}" width="{hw:g}" height="{hh:g}" rx="8" fill="transparent" '
                 f'pointer-events="all"/>')
    if not hidden:
        extra += _focus_ring(hit if hit is not None else (x - r - 7, y - r - 7, 2 * r + 14, 2 * r + 14),
                             8 if hit is not None else r)
    return (f'<g class="{" ".join(classes)}" data-key="pawn:{name}" data-pos="{view.pawn_pos[pawn]}"{aria}>{extra}{ring}'
            f'{pawn_shape(colour, x, y, r)}<text x="{x:g}" y="{y + dy:g}" font-size="{ctx.fs(r * 1.05):g}" '
            f'text-anchor="middle" font-weight="700" fill="{text_fill}" pointer-events="none">{index + 1}</text></g>')


def _groups(view: PlayerView, pawns: Sequence[int], legal: Collection[str]) -> dict[int, tuple[int, int]]:
    """pawn -> (the pawn that stands for its owner's pawns among `pawns`, how many they are).

    Pawns of one owner on one spot are interchangeable: the first that is an option now speaks for all."""
    by_seat: dict[int, list[int]] = {}
    for pawn in pawns:
        by_seat.setdefault(pawn // D.PAWNS_PER_PLAYER, []).append(pawn)
    out = {}
    for seat, members in by_seat.items():
        colour = D.COLOURS[view.colours[seat]]
        options = [p for p in members if f"{colour}-{p % D.PAWNS_PER_PLAYER + 1}" in legal]
        rep = options[0] if options else members[0]
        for p in members:
            out[p] = (rep, len(members))
    return out


def _is_legal(view: PlayerView, pawn: int, legal: Collection[str]) -> bool:
    return f"{D.COLOURS[view.colours[pawn // D.PAWNS_PER_PLAYER]]}-{pawn % D.PAWNS_PER_PLAYER + 1}" in legal


def _tile_frame(layout: Layout, classes: list[str], space: int, kind: str, legal: bool, selected: bool, recent: bool,
                fill: str, stroke: str, stroke_width: float = 2, dash: str = "", attrs: str = "",
                ctx: _Ctx | None = None) -> tuple[str, str]:
    """Opening of a space group and its background; returns (open tag, background)."""
    if legal:
        classes.append("legal")
    if selected:
        classes.append("selected")
    if recent:
        classes.append("recent")
    x, y = layout.origin(space)
    fee = D.SPACE_FEES[space]
    aria = title = ""
    if ctx is not None:
        aria = _aria("button", ctx.space(space), legal or selected)
        title = f"<title>{escape(ctx.space_help(space))}</title>"
    head = (f'<g class="{" ".join(classes)}" data-key="space:{space}" data-kind="{kind}" data-fee="{fee}" '
            f'transform="translate({x},{y})"{attrs}{aria}>{title}')
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    back = ""
    if recent:
        back += f'<rect x="-5" y="-5" width="{TILE_W + 10}" height="{TILE_H + 10}" rx="14" fill="#fff3b0" opacity=".8"/>'
    back += (f'<rect class="tile-bg" width="{TILE_W}" height="{TILE_H}" rx="10" fill="{fill}" stroke="{stroke}" '
             f'stroke-width="{stroke_width:g}"{dash_attr}/>')
    if legal or selected:
        colour = SELECTED if selected else HIGHLIGHT
        back += (f'<rect class="hl" x="-3" y="-3" width="{TILE_W + 6}" height="{TILE_H + 6}" rx="12" fill="none" '
                 f'stroke="{colour}" stroke-width="5"/>')
    back += _focus_ring((-7, -7, TILE_W + 14, TILE_H + 14), 14)
    return head, back


def _circles_xy(n: int) -> list[tuple[int, int]]:
    return [(TILE_W // 2, 100)] if n == 1 else [(TILE_W // 2 - 25, 100), (TILE_W // 2 + 25, 100)]


def _space(layout: Layout, ctx: _Ctx, space: int, legal_spaces: Collection[int], legal_pawns: Collection[str],
           selected_pawn: str | None, selected_space: int | None, recent: Collection[int]) -> str:
    view = ctx.view
    kind = D.SPACE_KINDS[space]
    fee = D.SPACE_FEES[space]
    owner = view.tile_owner[space]
    flags = (space in legal_spaces, space == selected_space, space in recent)
    parts: list[str] = []
    circles = 0
    t = ctx.t
    if kind == D.SpaceKind.ENTRY:
        head, back = _tile_frame(layout, ["space", "space-entry"], space, "entry", *flags, fill="#cfc6b4", stroke="#6f6252",
                                 ctx=ctx)
        parts += [head, back, icon_svg("gate", TILE_W / 2, 52, 1.6),
                  f'<text x="{TILE_W / 2}" y="96" font-size="{ctx.fs(13):g}" text-anchor="middle" fill="{INK}">'
                  f'{escape(t("svg_entry_line1"))}</text>',
                  f'<text x="{TILE_W / 2}" y="112" font-size="{ctx.fs(13):g}" text-anchor="middle" fill="{INK}">'
                  f'{escape(t("svg_entry_line2"))}</text>']
    elif kind in (D.SpaceKind.TAVERN, D.SpaceKind.ARTIST):
        what = "tavern" if kind == D.SpaceKind.TAVERN else "artist"
        fill = "#e7c894" if what == "tavern" else "#d9d3e8"
        head, back = _tile_frame(layout, ["space", f"space-{what}"], space, what, *flags, fill=fill, stroke="#7a5a2a",
                                 ctx=ctx)
        parts += [head, back, icon_svg(what, TILE_W / 2, 40, 1.3),
                  f'<text x="{TILE_W / 2}" y="74" font-size="{ctx.fs(14):g}" text-anchor="middle" font-weight="600" '
                  f'fill="{INK}">{escape(t(f"svg_{what}"))}</text>']
        circles = view.capacity[space]
        fee = max(fee, 3) if what == "artist" else fee
    elif owner < 0:
        head, back = _tile_frame(layout, ["space", "space-business", "empty"], space, "business", *flags,
                                 fill="#efe5cc", stroke="#a38d62", stroke_width=1.5, dash="6 4", ctx=ctx)
        parts += [head, back, f'<text x="{TILE_W / 2}" y="72" font-size="{ctx.fs(12):g}" text-anchor="middle" fill="#9a8660">'
                              f'{escape(t("svg_empty"))}</text>']
    else:
        colour = D.COLOURS[view.colours[owner]]
        business = D.BUSINESS_NAMES[view.tile_business[space]]
        head, back = _tile_frame(layout, ["space", "space-business", "tile", f"tile-{business}", f"owner-{colour}"], space,
                                 "business", *flags, fill=PLAYER_TINT[colour], stroke=PLAYER_FILL[colour],
                                 stroke_width=4, attrs=f' data-owner="{colour}" data-business="{business}"', ctx=ctx)
        parts += [head, back,
                  icon_svg(business, TILE_W / 2, 40, 1.3),
                  f'<text x="{TILE_W / 2}" y="74" font-size="{ctx.fs(14):g}" text-anchor="middle" font-weight="600" '
                  f'fill="{PLAYER_DARK[colour]}"{_fit(t(f"svg_business_{business}"), ctx.fs(14), 100)}>'
                  f'{escape(t(f"svg_business_{business}"))}</text>',
                  # the owner's mark in the corner, so colour-blind players can tell owners apart
                  pawn_shape(colour, 14, 18, 6)]
        circles = view.capacity[space]
    parts.append(f'<text x="8" y="{TILE_H - 6}" font-size="{ctx.fs(11):g}" fill="#7a6a55">{space}</text>')
    if kind != D.SpaceKind.ENTRY:
        parts.append(coin_svg(TILE_W - 14, 16, fee, ctx.fs(11 * 1.15) / 1.15))
    spots = _circles_xy(circles) if circles else []
    for cx, cy in spots:
        parts.append(f'<circle class="circle" cx="{cx}" cy="{cy}" r="17" fill="#fffdf6" stroke="#6b5a44" '
                     f'stroke-width="1.5"/>')
    occupants = view.occupants[space]
    # a pawn that arrived on a full space and has not moved on or won its duel yet (M6)
    waiting = [pawn for pawn, pos in enumerate(view.pawn_pos) if pos == space and pawn not in occupants]
    groups = _groups(view, occupants, legal_pawns)
    reps = sorted({rep for rep, _ in groups.values() if _is_legal(view, rep, legal_pawns)})
    waiting_legal = any(_is_legal(view, p, legal_pawns) for p in waiting)
    # touch areas: the whole tile, or its lower half when the tile or the waiting pawn is a choice too
    half = space in legal_spaces or waiting_legal
    region: Box = (0, TILE_H / 2, TILE_W, TILE_H / 2) if half else (0, 0, TILE_W, TILE_H)
    hits = dict(zip(sorted(reps, key=occupants.index), _split(region, len(reps))))  # side by side, as they stand
    for (cx, cy), pawn in zip(spots, occupants):
        rep, count = groups[pawn]
        parts.append(_pawn(ctx, pawn, cx, cy, legal_pawns, selected_pawn, hit=hits.get(pawn), group=count,
                           hidden=pawn != rep))
    for pawn in waiting:
        hit = (0, -16, TILE_W, TILE_H / 2 + 16) if _is_legal(view, pawn, legal_pawns) else None
        parts.append(_pawn(ctx, pawn, TILE_W / 2, 4, legal_pawns, selected_pawn, "waiting", hit=hit))
    parts.append("</g>")
    return "".join(parts)


def _road_path(layout: Layout) -> str:
    """The road as one smooth line through the space centres, from the Cathedral up to the Alcazar gate."""
    pts = [layout.centre(s) for s in range(D.LAST_SPACE + 1)]
    d = f"M{pts[0][0]},{pts[0][1]}"
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if y0 == y1:
            d += f" L{x1},{y1}"
        else:  # a hairpin up to the next row
            mid = (y0 + y1) / 2
            d += f" C{x0},{mid:g} {x1},{mid:g} {x1},{y1}"
    x21, y21 = layout.centre(D.LAST_SPACE)
    gate_y = layout.alcazar[1] + layout.alcazar[3]
    d += f" C{x21},{gate_y + 20} {layout.gate_x},{gate_y + 40} {layout.gate_x},{gate_y - 10}"
    return (f'<g aria-hidden="true"><path class="road" d="{d}" fill="none" stroke="#cbb489" stroke-width="46" '
            f'stroke-linecap="round" stroke-linejoin="round"/>'
            f'<path d="{d}" fill="none" stroke="#b39a6b" stroke-width="2" stroke-dasharray="2 10" '
            f'stroke-linecap="round"/></g>')


def _terraces(layout: Layout, ctx: _Ctx) -> str:
    """Three terraces of the hill, darker as the road climbs, each with its fee plaque."""
    out = ['<g aria-hidden="true">']
    fills = {"bottom": "#eadfc2", "middle": "#e2d3ad", "top": "#d9c798"}
    for row, y, h in layout.bands:
        out.append(f'<rect class="row row-{row}" x="8" y="{y}" width="{layout.width - 16}" height="{h}" rx="18" '
                   f'fill="{fills[row]}"/>')
    for row, x, y in layout.plaques:
        fee = 5 if row == "top" else 3
        out.append(f'<g class="plaque" data-row="{row}" transform="translate({x},{y})">'
                   f'<rect width="104" height="100" rx="10" fill="#f6eedb" stroke="#a38d62" stroke-width="1.5"/>'
                   f'<text x="52" y="26" font-size="{ctx.fs(14):g}" text-anchor="middle" font-weight="600" fill="{INK}"'
                   f'{_fit(ctx.t(f"svg_row_{row}"), ctx.fs(14), 96)}>{escape(ctx.t(f"svg_row_{row}"))}</text>'
                   f'{coin_svg(52, 55, fee, ctx.fs(16 * 1.15) / 1.15)}'
                   f'<text x="52" y="90" font-size="{ctx.fs(12):g}" text-anchor="middle" fill="#6b5a44"'
                   f'{_fit(ctx.t("svg_fee", fee=fee), ctx.fs(12), 96)}>{escape(ctx.t("svg_fee", fee=fee))}</text></g>')
    out.append("</g>")
    return "".join(out)


def _cathedral(layout: Layout, ctx: _Ctx, legal_spaces: Collection[int], legal_pawns: Collection[str],
               selected_pawn: str | None, recent: Collection[int]) -> str:
    view = ctx.view
    classes = ["space", "cathedral"]
    legal = D.CATHEDRAL in legal_spaces
    if legal:
        classes.append("legal")
    if D.CATHEDRAL in recent:
        classes.append("recent")
    x0, top, w, h = layout.cathedral
    y0 = top + 6  # the drawing below was made with y0 = 6 under the spires' tips
    h -= 6
    parts = [f'<g class="{" ".join(classes)}" data-key="space:0" data-kind="cathedral"'
             f'{_aria("button", ctx.space(0), legal)}><title>{escape(ctx.space_help(0))}</title>',
             # towers, nave and dome
             f'<rect x="{x0 + 4}" y="{y0 + 30}" width="22" height="70" fill="#cdbf9f" stroke="#6f6252" stroke-width="1.5"/>',
             f'<polygon points="{x0 + 2},{y0 + 30} {x0 + 15},{y0 - 6} {x0 + 28},{y0 + 30}" fill="#8f7b5a" stroke="#6f6252"/>',
             f'<rect x="{x0 + w - 26}" y="{y0 + 30}" width="22" height="70" fill="#cdbf9f" stroke="#6f6252" stroke-width="1.5"/>',
             f'<polygon points="{x0 + w - 28},{y0 + 30} {x0 + w - 15},{y0 - 6} {x0 + w - 2},{y0 + 30}" fill="#8f7b5a" '
             f'stroke="#6f6252"/>',
             f'<path d="M{x0 + 30},{y0 + 60} A27,27 0 0 1 {x0 + w - 30},{y0 + 60} Z" fill="#b9a27a" stroke="#6f6252" '
             f'stroke-width="1.5"/>',
             f'<line x1="{x0 + w / 2}" y1="{y0 + 32}" x2="{x0 + w / 2}" y2="{y0 + 16}" stroke="#6f6252" stroke-width="2"/>',
             f'<line x1="{x0 + w / 2 - 6}" y1="{y0 + 21}" x2="{x0 + w / 2 + 6}" y2="{y0 + 21}" stroke="#6f6252" '
             f'stroke-width="2"/>',
             f'<rect class="tile-bg" x="{x0}" y="{y0 + 60}" width="{w}" height="{h - 60}" rx="8" fill="#ddd0b2" '
             f'stroke="#6f6252" stroke-width="2"/>',
             f'<text x="{x0 + w / 2}" y="{y0 + 78}" font-size="{ctx.fs(14):g}" text-anchor="middle" font-weight="700" '
             f'font-family="Georgia, serif" fill="{INK}">{escape(ctx.t("svg_cathedral"))}</text>',
             _focus_ring((x0 - 6, y0 - 10, w + 12, h + 16), 12)]
    if legal:
        parts.append(f'<rect class="hl" x="{x0 - 3}" y="{y0 + 57}" width="{w + 6}" height="{h - 54}" rx="10" '
                     f'fill="none" stroke="{HIGHLIGHT}" stroke-width="5"/>')
    home = [p for p, pos in enumerate(view.pawn_pos) if pos == D.CATHEDRAL]
    groups = _groups(view, home, legal_pawns)
    reps = sorted({rep for rep, _ in groups.values() if _is_legal(view, rep, legal_pawns)})
    # the pawns of a seat stand in one line; a choice among them may be tapped anywhere in the Cathedral's hall
    hits = dict(zip(reps, _split((x0, y0 + 60, w, h - 60), len(reps))))
    lines: dict[int, int] = {}
    for pawn in home:
        seat = pawn // D.PAWNS_PER_PLAYER
        line = lines.setdefault(seat, len(lines))
        col = sum(1 for q in home if q // D.PAWNS_PER_PLAYER == seat and q < pawn)
        rep, count = groups[pawn]
        parts.append(_pawn(ctx, pawn, x0 + 13 + col * 22, y0 + 95 + line * 22, legal_pawns, selected_pawn, r=9,
                           hit=hits.get(pawn), group=count, hidden=pawn != rep))
    parts.append("</g>")
    return "".join(parts)


def _alcazar(layout: Layout, ctx: _Ctx, legal_pawns: Collection[str], selected_pawn: str | None) -> str:
    view = ctx.view
    x0, y0, w, h = layout.alcazar
    parts = [f'<g class="alcazar" data-area="alcazar" role="group" aria-label="{escape(ctx.t("svg_alcazar"))}">'
             '<g aria-hidden="true">',
             # towers with battlements, the wall and the gate
             f'<rect x="{x0}" y="{y0 + 8}" width="44" height="{h - 8}" fill="#bfae8c" stroke="#5b4a3a" stroke-width="2"/>',
             f'<rect x="{x0 + w - 44}" y="{y0 + 8}" width="44" height="{h - 8}" fill="#bfae8c" stroke="#5b4a3a" '
             f'stroke-width="2"/>',
             f'<rect x="{x0 + 36}" y="{y0 + 28}" width="{w - 72}" height="{h - 28}" fill="#cdbd9b" stroke="#5b4a3a" '
             f'stroke-width="2"/>']
    for bx in range(x0 + 40, x0 + w - 44, 18):  # crenellations
        parts.append(f'<rect x="{bx}" y="{y0 + 18}" width="10" height="10" fill="#cdbd9b" stroke="#5b4a3a" '
                     f'stroke-width="1.5"/>')
    for tx in (x0, x0 + w - 44):
        for i in range(3):
            parts.append(f'<rect x="{tx + i * 16}" y="{y0}" width="12" height="10" fill="#bfae8c" stroke="#5b4a3a" '
                         f'stroke-width="1.5"/>')
    left, _, right, foot = gate_box(layout)
    parts += [f'<path class="gate" d="M{left},{foot} V{foot - 24} A{GATE_R},{GATE_R} 0 0 1 {right},{foot - 24} '
              f'V{foot} Z" fill="#5b4a3a"/>',
              f'<text x="{x0 + 60}" y="{y0 + 50}" font-size="{ctx.fs(20):g}" font-weight="700" font-family="Georgia, serif" '
              f'fill="{INK}">{escape(ctx.t("svg_alcazar"))}</text></g>']
    arrived: dict[int, list[int]] = {}
    for pawn, pos in enumerate(view.pawn_pos):
        if pos == D.ALCAZAR:
            arrived.setdefault(pawn // D.PAWNS_PER_PLAYER, []).append(pawn)
    for line, seat in enumerate(seat for seat in range(view.num_players) if seat in arrived):
        pawns = arrived[seat]
        parts.append(f'<g class="alcazar-row" data-seat="{seat}">')
        for pawn, (px, y) in zip(pawns, alcazar_entries(layout, line, len(pawns))):
            parts.append(_pawn(ctx, pawn, px, y, legal_pawns, selected_pawn, "arrived", r=8))
            sword = view.pawn_sword[pawn]
            label = str(D.SWORDS[sword].value) if sword >= 0 else "–"
            if sword >= 0:
                parts.append(icon_svg("sword", px + 16, y, .5))
            parts.append(f'<text class="carried" x="{px + 23}" y="{y + 5}" font-size="{ctx.fs(13):g}" font-weight="700" '
                         f'fill="{INK}" aria-hidden="true">{label}</text>')
        parts.append("</g>")
    if not arrived:
        parts.append(f'<text x="{x0 + 60}" y="{y0 + 80}" font-size="{ctx.fs(13):g}" fill="#5b4a3a">'
                     f'{escape(ctx.t("svg_alcazar_none"))}</text>')
    parts.append("</g>")
    return "".join(parts)


def _supply(layout: Layout, ctx: _Ctx, legal_fencing: Collection[str]) -> str:
    """Piles, paintings, metal, gems and fencing tiles in one line."""
    view = ctx.view
    t = ctx.t
    parts = []
    if layout.title:
        parts.append(f'<text x="{layout.title[0]}" y="{layout.title[1]}" font-size="{ctx.fs(34):g}" font-weight="700" '
                     f'font-family="Georgia, serif" letter-spacing="3" fill="{INK}" aria-hidden="true">TOLEDO</text>')
    y = layout.supply_y
    x_draw, x_discard, x_paint, x_metal, x_gems, x_fence, fence_step = layout.supply_x

    def item(cls: str, what: str, x: int, attrs: str, body: str, caption: str) -> None:
        label = escape(supply_label(view, what, ctx.lang))
        parts.append(f'<g class="supply {cls}" {attrs} transform="translate({x},{y})" role="img" aria-label="{label}" '
                     f'tabindex="-1"><title>{label}</title>{_focus_ring((-2, -2, 64, 100))}{body}'
                     f'<text x="30" y="92" font-size="{ctx.fs(12):g}" text-anchor="middle" fill="#5b4a3a"{_fit(caption, ctx.fs(12), 64)}>'
                     f'{escape(caption)}</text></g>')

    def stack(count: int, fill: str) -> str:
        layers = min(count, 4)
        body = "".join(f'<rect x="{10 + i * 2}" y="{12 - i * 2}" width="38" height="54" rx="4" fill="{fill}" '
                       f'stroke="#3b2a1a" stroke-width="1"/>' for i in range(layers))
        if not count:
            body = '<rect x="10" y="12" width="38" height="54" rx="4" fill="none" stroke="#a38d62" stroke-dasharray="4 3"/>'
        return body + (f'<text x="30" y="46" font-size="{ctx.fs(16):g}" text-anchor="middle" font-weight="700" fill="#fff" '
                       f'stroke="#3b2a1a" stroke-width=".6">{count}</text>')

    item("draw-pile", "draw", x_draw, f'data-count="{view.draw_size}"', stack(view.draw_size, "#7a4b2a"), t("svg_draw"))
    discards = sum(view.discard)
    item("discard-pile", "discard", x_discard, f'data-count="{discards}"', stack(discards, "#b59a76"), t("svg_discards"))
    stack_top = view.paintings_stack[-1] if view.paintings_stack else 0
    body = (icon_svg("painting", 30, 32, 1.7) if view.paintings_stack else
            '<rect x="8" y="15" width="44" height="34" fill="none" stroke="#a38d62" stroke-dasharray="4 3"/>')
    note = (t("svg_paintings_top", value=stack_top, count=len(view.paintings_stack)) if view.paintings_stack
            else t("svg_paintings_none"))
    body += (f'<text x="30" y="70" font-size="{ctx.fs(13):g}" text-anchor="middle" fill="{INK}"{_fit(note, ctx.fs(13), 84)}>'
             f'{escape(note)}</text>')
    item("paintings", "paintings", x_paint, f'data-count="{len(view.paintings_stack)}" data-top="{stack_top}"', body,
         t("svg_paintings"))
    body = icon_svg("metal", 30, 30, 1.4) + (f'<text x="30" y="66" font-size="{ctx.fs(17):g}" text-anchor="middle" font-weight="700" '
                                          f'fill="{INK}">{view.metal_supply}</text>')
    item("metal-supply", "metal", x_metal, f'data-count="{view.metal_supply}"', body, t("svg_metal"))
    body = icon_svg("gem", 30, 30, 1.4) + (f'<text x="30" y="66" font-size="{ctx.fs(17):g}" text-anchor="middle" font-weight="700" '
                                        f'fill="{INK}">{view.gem_supply}</text>')
    item("gem-supply", "gems", x_gems, f'data-count="{view.gem_supply}"', body, t("svg_gems"))
    # fencing tiles, by kind
    fy = layout.fencing_y
    parts.append(f'<text x="{x_fence + 1.5 * fence_step + 22:g}" y="{fy + 6}" font-size="{ctx.fs(12):g}" text-anchor="middle" '
                 f'fill="#5b4a3a" aria-hidden="true">{escape(t("svg_fencing"))}</text>')
    for i, kind in enumerate(D.FENCING_NAMES):
        count = view.fencing_board[i]
        x = x_fence + i * fence_step
        classes = ["fencing-stack", f"fencing-{kind}"]
        ring = ""
        legal = kind in legal_fencing
        if legal:
            classes.append("legal")
            ring = (f'<rect class="hl" x="-4" y="-4" width="52" height="52" rx="8" fill="none" stroke="{HIGHLIGHT}" '
                    f'stroke-width="4"/>')
        icon = (icon_svg("movement", 22, 24, 1.1) if kind == "movement"
                else icon_svg("fence", 22, 22, .9).replace('stroke="#444"', 'stroke="#fff"'))
        opacity = "1" if count else ".35"
        label = fencing_label(view, i, ctx.lang, ctx.names, ctx.you)
        parts.append(f'<g class="{" ".join(classes)}" data-key="fencing:{kind}" data-count="{count}" '
                     f'transform="translate({x},{fy + 16})" opacity="{opacity}"{_aria("button", label, legal)}>'
                     f'<title>{escape(label)}</title>'
                     f'<rect class="hit" x="-6" y="-8" width="56" height="92" fill="transparent" pointer-events="all"/>'
                     f'{_focus_ring((-7, -7, 58, 90))}{ring}'
                     f'<rect width="44" height="44" rx="6" fill="{SCENE_FILL[kind]}" stroke="#3b2a1a" stroke-width="1.5"/>'
                     f'{icon}<text x="22" y="62" font-size="{ctx.fs(15):g}" text-anchor="middle" font-weight="700" fill="{INK}">'
                     f'×{count}</text><text x="22" y="78" font-size="{ctx.fs(10):g}" text-anchor="middle" fill="#5b4a3a"'
                     f'{_fit(t(f"fencing_{kind}"), ctx.fs(10), 52)}>'
                     f'{escape(t(f"fencing_{kind}"))}</text></g>')
    return "".join(parts)


def _swords(layout: Layout, ctx: _Ctx, legal_swords: Collection[int]) -> str:
    view = ctx.view
    x0, y0, per_row, step = layout.swords
    parts = [f'<text x="{x0 + 2}" y="{y0 - 8}" font-size="{ctx.fs(13):g}" font-weight="600" fill="{INK}" aria-hidden="true">'
             f'{escape(ctx.t("svg_swords_title"))} '
             f'<tspan font-weight="400" fill="#6b5a44">{escape(ctx.t("svg_swords_legend"))}</tspan></text>']
    w = 46
    for i, sword in enumerate(D.SWORDS):
        row, col = divmod(i, per_row)
        x, y = x0 + col * step, y0 + row * 100
        on = view.sword_on_board[i]
        classes = ["sword-tile", "on-board" if on else "taken"]
        ring = ""
        legal = i in legal_swords
        label = escape(sword_label(view, i, ctx.lang, ctx.names, ctx.you))
        if legal:
            classes.append("legal")
            ring = (f'<rect class="hl" x="-3" y="-3" width="{w + 6}" height="98" rx="8" fill="none" stroke="{HIGHLIGHT}" '
                    f'stroke-width="4"/>')
        if not on:
            parts.append(f'<g class="{" ".join(classes)}" data-sword-slot="{i}" transform="translate({x:g},{y})" '
                         f'role="img" aria-label="{label}" tabindex="-1"><title>{label}</title>'
                         f'{_focus_ring((-5, -5, w + 10, 102))}'
                         f'<rect width="{w}" height="92" rx="6" fill="none" stroke="#b8a57f" stroke-dasharray="4 3"/>'
                         f'<text x="{w / 2}" y="52" font-size="{ctx.fs(14):g}" text-anchor="middle" fill="#b8a57f">{sword.value}</text></g>')
            continue
        parts.append(
            f'<g class="{" ".join(classes)}" data-key="sword:{i}" data-value="{sword.value}" data-metal="{sword.metal}" '
            f'data-gems="{sword.gems}" transform="translate({x:g},{y})" role="button" aria-label="{label}" '
            f'tabindex="{0 if legal else -1}">'
            f'<title>{label}</title>'
            f'<rect class="hit" x="{(w - step) / 2 + 1:g}" y="-4" width="{step - 2:g}" height="100" fill="transparent" '
            f'pointer-events="all"/>{_focus_ring((-5, -5, w + 10, 102))}{ring}'
            f'<rect width="{w}" height="92" rx="6" fill="#eef1f4" stroke="#4f565c" stroke-width="1.5"/>'
            f'<text x="{w / 2}" y="22" font-size="{ctx.fs(19):g}" text-anchor="middle" font-weight="700" font-family="Georgia, serif" '
            f'fill="{INK}">{sword.value}</text>'
            f'{icon_svg("sword", w / 2, 42, .8)}'
            f'{icon_svg("metal", 13, 64, .55)}<text x="13" y="84" font-size="{ctx.fs(13):g}" text-anchor="middle" font-weight="700" '
            f'fill="#4f565c">{sword.metal}</text>'
            f'{icon_svg("gem", 33, 64, .6)}<text x="33" y="84" font-size="{ctx.fs(13):g}" text-anchor="middle" font-weight="700" '
            f'fill="#7a1236">{sword.gems}</text></g>')
    return "".join(parts)


def board_svg(
    info: PlayerView | State,
    *,
    names: Sequence[str] = (),
    legal_spaces: Collection[int] = (),
    legal_pawns: Collection[str] = (),
    legal_swords: Collection[int] = (),
    legal_fencing: Collection[str] = (),
    selected_pawn: str | None = None,
    selected_space: int | None = None,
    recent: Collection[int] = (),
    layout: str = "wide",
    lang: str = "en",
    you: bool = True,
) -> str:
    """The whole board as one `<svg>` element.

    `info` is a seat's view (or a state, of which only public facts are drawn). `legal_*` name what to
    highlight as clickable (spaces by number, pawns as "colour-K", swords by index into data.SWORDS,
    fencing piles by kind name); `selected_*` mark the current pick; `recent` marks spaces that just
    changed. `names` label seats (escaped). `layout` is "wide" (landscape) or "tall" (phones).

    Accessibility: spaces, pawns, sword tiles and fencing piles are role="button" with an accessible
    name and a tooltip (<title>) from toledo.explain, told to the view's seat in `lang` (`you=False`:
    to a spectator); the choices offered now are tab stops (tabindex 0), the rest can be reached with
    the arrow keys (tabindex -1). The supply parts and the Alcazar's pawns are
    named images. A choice's touch area is at least 60 board units (44 px on a 390 px phone).
    """
    if isinstance(info, State):  # public facts only: told to a spectator
        view, you = player_view(info, 0), False
    else:
        view = info
    geo = LAYOUTS[layout]
    w, h = geo.width, geo.height
    ctx = _Ctx(view, lang, list(names) if names else None, you, geo.min_font)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="toledo-board layout-{geo.name}" viewBox="0 0 {w} {h}" '
             f'role="group" aria-label="{escape(ctx.t("svg_board"))}" data-step="{view.step}" '
             f'font-family="system-ui, sans-serif">',
             f'<rect class="board-bg" width="{w}" height="{h}" rx="16" fill="#f3ead3"/>',
             _terraces(geo, ctx), _road_path(geo), _supply(geo, ctx, legal_fencing),
             _alcazar(geo, ctx, legal_pawns, selected_pawn),
             _cathedral(geo, ctx, legal_spaces, legal_pawns, selected_pawn, recent)]
    for space in range(1, D.LAST_SPACE + 1):
        parts.append(_space(geo, ctx, space, legal_spaces, legal_pawns, selected_pawn, selected_space, recent))
    parts.append(_swords(geo, ctx, legal_swords))
    parts.append("</svg>")
    return "".join(parts)
