"""The Torres board as SVG text: a pure function of what one seat may see.

Nothing here knows a rule: what is clickable comes from the caller as target keys, exactly as
`offers` writes them ("square:d4", "tower:2", "card:k13", "deck", "reserve", "end", "keep:k13",
"cancel", "action:score 2"). Every clickable element carries `data-key`, the classes `offered`,
`selected`, `recent` when they apply, role="button", an accessible name in the page's language and a
`<title>`. Other hooks: `.square.h-3` (a stack of 3), `.castle-<n>`, `.kings-castle`, `.knight.seat-<i>`,
`.king`, `.tower`, `.supply`, `.score`, `.card`, `.path`; in the player rows `.player`, `.level`,
`.tower-chip` (`.used`, `.fixed`).

The board itself is `svg_board`'s: each stack a tower of blocks inside its own square, its height also
written at its foot; each castle one tinted plot with one outline in its own colour, the king's castle
ringed in gold; knights told apart by colour and by the sign on their chest.
Four layouts: wide (board left, panels right), tall (board on top, panels below; 400 units wide
for phones), upright (a tablet held upright: the board across the width, the panels under it in two
columns) and square (the same with larger words, for a squarish box beside the page's side panel). Names from players are escaped; no other text comes from outside.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from html import escape

from .. import data as D
from ..actions import parse
from .clicks import describe_action
from .pieces_svg import (GOLD, HIGHLIGHT, INK, PLAYER_FILL, SELECTED, block_icon, card_face, colour_of, fit,
                         fresh_legend, knight_shape, tower_shape)
from ..stage import Stage
from .svg_base import LAYOUTS, SQUARE, TALL, UPRIGHT, WIDE, Ctx, Layout
from .svg_base import text as _text
from .svg_board import board as _board
from .svg_board import path as _board_path
from .svg_board import uniform_cost
from ..view import PlayerView
from ..words import card_name, master_name, tr, tr_count

__all__ = ["LAYOUTS", "SQUARE", "TALL", "UPRIGHT", "WIDE", "Layout", "board_svg"]

ARROW_ID = "torres-arrow"
Section = Callable[[Ctx, float, float, float], tuple[str, float]]  # draws at (x, y) in width w: text, next y


# --- the panels -----------------------------------------------------------------------------------
def _stage_text(ctx: Ctx) -> str:
    view, lang = ctx.view, ctx.lang
    stage = view.stage
    if stage == Stage.TURN:
        return tr("stage_turn", lang, phase=view.phase + 1, round=view.round + 1,
                  rounds=D.rounds(view.num_players, view.phase))
    if stage == Stage.KING_MOVE:
        return tr("stage_king_move", lang, phase=view.phase + 1)
    key = {Stage.BLOCKS: "stage_blocks", Stage.KNIGHTS: "stage_knights", Stage.KING: "stage_king"}.get(stage)
    return tr(key, lang) if key else tr("stage_over", lang)


def _status(ctx: Ctx, x: float, y: float, w: float) -> tuple[str, float]:
    view, lang = ctx.view, ctx.lang
    parts = [f'<g class="status" data-stage="{view.stage.name.lower()}" data-phase="{view.phase + 1}" '
             f'data-round="{view.round + 1}" data-ap="{view.ap}">',
             _text(x, y + 16, _stage_text(ctx), 17, bold=True, width=w)]
    line = []
    if view.current >= 0:
        # "Anna's turn" in each language's grammar: the first clause of the words both games share (the
        # drawing cannot tell a lone person from a bot's seat, so the top bar alone says "Your turn")
        whose = tr("turn_info_of", lang, player=ctx.name(view.current), turn=0)
        line.append(whose.split(tr("sep", lang))[0])
        if view.stage == Stage.TURN:
            line.append(tr("ap_left", lang, ap=view.ap))
            if view.bought:
                line.append(tr_count("bought", view.bought, lang))
            if view.card_played:
                line.append(tr("card_played", lang))
    if line:
        parts.append(_text(x, y + 38, tr("sep", lang).join(line), ctx.f(14), cls="turn-info", width=w))
    parts.append("</g>")
    return "".join(parts), y + 50


# a tower in the player rows, its blocks in a small box: width, gap
CHIPS = {"wide": (18, 3), "tall": (16, 2), "upright": (18, 3), "square": (18, 3)}


def _tower_chips(ctx: Ctx, seat: int, x: float, y: float) -> str:
    """`seat`'s towers of the phase as small boxes: the blocks left, a dash once the tower is used up,
    the one fixed for this turn ringed. Everyone's towers are public, and the rows are where rivals' show."""
    view = ctx.view
    fixed = view.fixed_tower if seat == view.current else -1
    chip, gap = CHIPS[ctx.layout.name]
    parts = []
    for i, blocks in enumerate(view.towers[seat]):
        cx = x + i * (chip + gap)
        used = blocks < 0
        stroke = f'stroke="{SELECTED}" stroke-width="2"' if i == fixed else 'stroke="#a38d62"'
        if used:
            stroke += ' stroke-dasharray="3 2"'
        parts.append(f'<g class="tower-chip{" used" if used else ""}{" fixed" if i == fixed else ""}" '
                     f'data-blocks="{blocks}"><rect x="{cx:g}" y="{y:g}" width="{chip}" height="19" rx="3" '
                     f'fill="{"#ddd6c8" if used else "#efe7d4"}" {stroke}/>'
                     + _text(cx + chip / 2, y + 15, "–" if used else str(blocks), ctx.f(12), bold=not used,
                             anchor="middle", fill="#6b5a44" if used else INK) + "</g>")
    return "".join(parts)


def _tower_words(ctx: Ctx, i: int, blocks: int) -> str:
    """Tower i+1 in words: its blocks, or that it is used up."""
    if blocks < 0:
        return ctx.word("tower", n=i + 1) + ctx.word("sep") + ctx.word("tower_used")
    return ctx.word("tower_blocks", blocks, n=i + 1)


def _towers_words(ctx: Ctx, seat: int) -> str:
    return ", ".join(_tower_words(ctx, i, blocks) for i, blocks in enumerate(ctx.view.towers[seat]))


def _who(ctx: Ctx, seat: int, shown: str, x: float, y: float, width: float, bold: bool) -> str:
    """The seat's name, and after it a computer's level in a lighter ink."""
    level = ctx.level(seat)
    size = ctx.f(13)
    if not level:
        return _text(x, y, shown, size, bold=bold, width=width)
    sep = ctx.word("sep")
    squeeze = fit(shown + sep + level, size, width)
    weight = ' font-weight="700"' if bold else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{weight} fill="{INK}"{squeeze}>{escape(shown)}'
            f'<tspan class="level" font-weight="400" fill="#6b5a44">{escape(sep + level)}</tspan></text>')


def _players(ctx: Ctx, x: float, y: float, w: float) -> tuple[str, float]:
    """A row per player: name and level, the score track, the towers of the phase, knights in reserve and
    cards in hand."""
    view, lang = ctx.view, ctx.lang
    parts = [_text(x, y + 14, tr("players", lang), ctx.f(14), bold=True)]
    name_w = w * 0.30
    bx, bw = x + 30 + name_w, w * (0.15 if ctx.layout is WIDE else 0.12)  # the score track
    chips_x = bx + bw + 36
    if any(view.towers):
        parts.append(_text(chips_x, y + 14, ctx.word("towers_column"), ctx.f(12), fill="#6b5a44", cls="towers-column"))
    y += 22
    row_h = 30
    top_score = max(50, *view.scores)
    for seat in range(view.num_players):
        colour = colour_of(view.colours, seat)
        name = ctx.name(seat)
        shown = tr("svg_you", lang, name=name) if ctx.you and seat == view.seat else name
        label = tr("player_row", lang, name=shown, points=tr_count("score_points", view.scores[seat], lang),
                   reserve=tr_count("reserve", view.knight_supply[seat], lang),
                   cards=tr_count("cards", view.hand_sizes[seat], lang))
        if ctx.level(seat):
            label = f"{label}{ctx.word('sep')}{ctx.level(seat)}"
        if view.towers[seat]:
            label = f"{label}{ctx.word('sep')}{_towers_words(ctx, seat)}"
        current = " current" if seat == view.current else ""
        parts.append(f'<g class="player seat-{seat} colour-{colour}{current}" data-seat="{seat}" role="img" '
                     f'aria-label="{escape(label)}"><title>{escape(label)}</title>')
        if current:
            parts.append(f'<rect x="{x - 4:g}" y="{y:g}" width="{w + 4:g}" height="{row_h - 3}" rx="6" '
                         f'fill="#fff1c9" stroke="{HIGHLIGHT}" stroke-width="1.5"/>')
        parts.append(knight_shape(colour, x + 12, y + 13, 8))
        parts.append(_who(ctx, seat, shown, x + 26, y + 18, name_w, bool(current)))
        # the score track: a bar out of the leading score (at least 50), the number after it
        filled = bw * max(view.scores[seat], 0) / top_score
        parts.append(f'<rect x="{bx:g}" y="{y + 9:g}" width="{bw:g}" height="8" rx="4" fill="#e6dcc4"/>'
                     f'<rect class="score-bar" x="{bx:g}" y="{y + 9:g}" width="{filled:g}" height="8" rx="4" '
                     f'fill="{PLAYER_FILL[colour]}"/>')
        parts.append(_text(bx + bw + 5, y + 18, str(view.scores[seat]), ctx.f(14), bold=True, cls="score"))
        parts.append(_tower_chips(ctx, seat, chips_x, y + 4))
        rx = x + w - 58
        parts.append(knight_shape(colour, rx, y + 13, 5))
        parts.append(_text(rx + 8, y + 18, str(view.knight_supply[seat]), ctx.f(12), cls="knights-left"))
        parts.append(f'<rect x="{rx + 27:g}" y="{y + 6:g}" width="9" height="13" rx="2" fill="#fbf3de" '
                     f'stroke="#7a5a2e"/>')
        parts.append(_text(rx + 39, y + 18, str(view.hand_sizes[seat]), ctx.f(12), cls="hand-size"))
        parts.append("</g>")
        y += row_h
    return "".join(parts), y + 4


def _button(ctx: Ctx, key: str, label: str, x: float, y: float, w: float, h: float, cls: str = "choice",
            text: str | None = None) -> str:
    shown = label if text is None else text
    return (f'<g class="{ctx.classes(key, cls)}"{ctx.button(key, label)}'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="7" fill="#fff8e8" stroke="#6b4f2a" '
            f'stroke-width="1.5"/>{ctx.ring(key, x, y, w, h, 8)}'
            f'{_text(x + w / 2, y + h / 2 + 5, shown, ctx.f(13), bold=True, anchor="middle", width=w - 8)}</g>')


def _score_row(ctx: Ctx, x: float, y: float, w: float) -> tuple[str, float]:
    keys = sorted((k for k in ctx.offered if k.startswith("action:score ")), key=lambda k: int(k.split()[-1]))
    if not keys:
        return "", y
    parts = [_text(x, y + 16, tr("score_track", ctx.lang), ctx.f(13), bold=True, width=w * 0.3)]
    bx = x + w * 0.32
    step = min(44.0, (w - (bx - x)) / max(len(keys), 1))
    for key in keys:
        n = int(key.split()[-1])
        label = tr_count("do_score", n, ctx.lang)
        parts.append(_button(ctx, key, label, bx, y, step - 4, 26, "score-step", f"+{n}"))
        bx += step
    return "".join(parts), y + 34


def _supplies(ctx: Ctx, x: float, y: float, w: float) -> tuple[str, float]:
    """The towers of the player on turn, the general supply, the deck and the knight reserve."""
    view, lang = ctx.view, ctx.lang
    seat = view.current if view.current >= 0 else view.seat
    parts = [_text(x, y + 14, tr("towers_of", lang, name=ctx.name(seat)), ctx.f(14), bold=True, width=w)]
    y += 22
    slots = view.towers[seat]
    tall = ctx.layout is not WIDE  # a narrow column: the towers fill a row, the supply, deck and reserve the next
    sw = (w - 3 * 6) / 4 if tall else 52
    small = ctx.f(10)
    if not slots:
        parts.append(_text(x, y + 40, tr("no_towers", lang), ctx.f(12), fill="#6b5a44"))
    for i, blocks in enumerate(slots):
        key = f"tower:{i + 1}"
        sx = x + i * (sw + 6)
        classes = ["tower"] + (["used"] if blocks < 0 else []) + (["fixed"] if i == view.fixed_tower else [])
        label = _tower_words(ctx, i, blocks)
        if i == view.fixed_tower:
            label += tr("sep", lang) + tr("tower_fixed", lang)
        parts.append(f'<g class="{ctx.classes(key, *classes)}" data-blocks="{blocks}"{ctx.button(key, label)}'
                     f'<rect x="{sx:g}" y="{y:g}" width="{sw:g}" height="66" rx="6" '
                     f'fill="{"#efe7d4" if blocks >= 0 else "#ddd6c8"}" stroke="#a38d62" '
                     f'stroke-dasharray="{"" if blocks >= 0 else "4 3"}"/>'
                     f'{tower_shape(sx + sw / 2, y + 47, max(blocks, 0), 24, 10)}'
                     f'{_text(sx + sw / 2, y + 62, tr("tower", lang, n=i + 1), small, anchor="middle", width=sw - 4)}'
                     f'{"" if _badge_w(ctx, key) else _text(sx + sw - 5, y + 14, str(max(blocks, 0)), ctx.f(12), bold=True, anchor="end")}'
                     f'{ctx.ring(key, sx, y, sw, 66, 7)}{ctx.badge(key, sx + sw - 2, y + 13, 9)}</g>')
    if tall:
        rx, item_w = x, w / 3
        y += 74
    else:
        rx = x + 4 * (sw + 6) + 4
        item_w = (x + w - rx) / 3
    # the general supply (nothing to click), the deck, the reserve of knights of the player on turn
    supply = tr_count("general_supply", view.supply, lang)
    parts.append(f'<g class="supply" data-count="{view.supply}" role="img" aria-label="{escape(supply)}">'
                 f'<title>{escape(supply)}</title>{block_icon(rx + item_w / 2 - 11, y + 10, 22)}'
                 f'{_text(rx + item_w / 2, y + 50, str(view.supply), ctx.f(14), bold=True, anchor="middle")}'
                 f'{_text(rx + item_w / 2, y + 65, tr("supply_label", lang), small, anchor="middle", width=item_w - 2)}</g>')
    if view.variant == D.VARIANTS[D.OWN_DECK]:
        size = view.deck_sizes[seat]
        deck = tr_count("own_deck", size, lang)
    else:
        size = view.deck_size
        deck = tr_count("deck", size, lang) if size else tr("deck_empty", lang)
    dx = rx + item_w
    shift = _badge_w(ctx, "deck") / 2 + 2 if _badge_w(ctx, "deck") else 0  # the icon makes room for its cost
    if view.variant != D.VARIANTS[D.MASTER]:
        parts.append(f'<g class="{ctx.classes("deck", "deck")}" data-count="{size}"{ctx.button("deck", deck)}'
                     f'<rect x="{dx + item_w / 2 - 14:g}" y="{y + 6:g}" width="28" height="38" rx="4" fill="#7a5a2e" '
                     f'stroke="#3b2a1a" stroke-width="1.5"/>'
                     f'<rect x="{dx + item_w / 2 - 9:g}" y="{y + 11:g}" width="18" height="28" rx="2" fill="none" '
                     f'stroke="#e9d3a5" stroke-width="1"/>'
                     f'{_text(dx + item_w / 2, y + 61, str(size), ctx.f(13), bold=True, anchor="middle")}'
                     f'{_text(dx + item_w / 2, y + 74, tr("deck_label", lang), small, anchor="middle", width=item_w - 2)}'
                     f'{ctx.ring("deck", dx + item_w / 2 - 16, y + 4, 32, 42, 5)}'
                     f'{ctx.badge("deck", dx + item_w - 2, y + 12, 9)}</g>')
    kx = rx + 2 * item_w
    colour = colour_of(view.colours, seat)
    reserve = tr_count("reserve", view.knight_supply[seat], lang)
    parts.append(f'<g class="{ctx.classes("reserve", "reserve", f"seat-{seat}")}" '
                 f'data-count="{view.knight_supply[seat]}"{ctx.button("reserve", reserve)}'
                 f'<rect x="{kx + 2:g}" y="{y + 2:g}" width="{item_w - 4:g}" height="62" rx="6" fill="#efe7d4" '
                 f'stroke="#a38d62"/>{knight_shape(colour, kx + item_w / 2 - _badge_w(ctx, "reserve") / 2, y + 20, 10)}'
                 f'{_text(kx + item_w / 2, y + 45, str(view.knight_supply[seat]), ctx.f(14), bold=True, anchor="middle")}'
                 f'{_text(kx + item_w / 2, y + 60, tr("reserve_label", lang), small, anchor="middle", width=item_w - 6)}'
                 f'{ctx.ring("reserve", kx + 2, y + 2, item_w - 4, 62, 7)}{ctx.badge("reserve", kx + item_w - 3, y + 14, 9)}'
                 f'</g>')
    return "".join(parts), y + 80


def _badge_w(ctx: Ctx, key: str) -> float:
    """How wide an offered target's cost badge is drawn (0 without one)."""
    words = ctx.cost_text(key)
    return len(words) * ctx.f(9) * 0.54 + 5 if words else 0


def _hand(ctx: Ctx, x: float, y: float, w: float) -> tuple[str, float]:
    view, lang, geo = ctx.view, ctx.lang, ctx.layout
    if not ctx.you and view.variant != D.VARIANTS[D.MASTER]:
        return "", y - 6  # a spectator sees no hand (only the master version hides nothing)
    title = tr("your_cards", lang) if ctx.you else tr("svg_cards_of", lang, name=ctx.name(view.seat))
    parts = [_text(x, y + 14, title, ctx.f(14), bold=True)]
    y += 20
    if view.variant == D.VARIANTS[D.MASTER] and 0 <= view.master_card < len(D.MASTER_CARDS):
        parts.append(_text(x + w, y - 6, tr("master_card", lang, name=master_name(view.master_card, lang)), ctx.f(12),
                           anchor="end", cls="master-card", width=w * 0.6))
    held = [c for c in range(D.NUM_CARD_TYPES) if view.hand[c] > 0]
    if not held:
        parts.append(_text(x, y + 16, tr("no_cards", lang), ctx.f(12), fill="#6b5a44"))
        return "".join(parts), y + 26
    if any(view.fresh[c] for c in held):  # what a card's green bar means (the master version buys no cards)
        parts.append(fresh_legend(x + w, y - 6, tr("card_fresh_legend", lang), ctx.f(12), w * 0.6))
    per_row = max(1, int((w + 6) // (geo.card_w + 6)))
    for i, c in enumerate(held):
        row, col = divmod(i, per_row)
        cx, cy = x + col * (geo.card_w + 6), y + row * (geo.card_h + 6)
        ident = D.CARD_IDS[c]
        key = f"card:{ident}"
        label = tr("card_label", lang, card=card_name(c, lang), count=view.hand[c])
        if view.fresh[c]:
            label += tr("sep", lang) + tr("card_fresh", lang)
        face = card_face(cx, cy, geo.card_w, geo.card_h, ident, card_name(c, lang), view.hand[c], view.fresh[c],
                         geo.font_min)
        parts.append(f'<g class="{ctx.classes(key, "card", f"card-{ident}")}" data-count="{view.hand[c]}"'
                     f'{ctx.button(key, label)}'
                     f'{face}'
                     f'{ctx.ring(key, cx, cy, geo.card_w, geo.card_h, 6)}</g>')
    rows = (len(held) + per_row - 1) // per_row
    return "".join(parts), y + rows * (geo.card_h + 6) + 4


def _choice_label(ctx: Ctx, key: str) -> str:
    kind, _, ident = key.partition(":")
    lang = ctx.lang
    if kind == "action":
        try:
            return describe_action(parse(ident), ctx.view, lang)
        except (ValueError, KeyError, IndexError):
            return ident
    if kind == "keep" and ident in D.CARD_IDS:
        return tr("opt_keep", lang, card=card_name(D.CARD_IDS.index(ident), lang))
    if kind == "cancel":
        return tr("opt_cancel", lang)
    if kind == "end":
        return tr("end_label", lang)
    return key


def _choices(ctx: Ctx, x: float, y: float, w: float) -> tuple[str, float]:
    """The end-turn button and a button for every offered key not drawn elsewhere (spreads, cards kept,
    cancel, the king staying...)."""
    parts = []
    keys = ["end"] if ctx.view.stage == Stage.TURN or "end" in ctx.offered else []
    keys += sorted(k for k in ctx.offered | ctx.selected if k not in ctx.drawn and k != "end")
    if not keys:
        return "", y
    bx, by = x, y
    for key in keys:
        label = _choice_label(ctx, key)
        bw = min(w, max(70.0, len(label) * ctx.f(13) * 0.6 + 20))
        if bx + bw > x + w and bx > x:
            bx, by = x, by + 36
        parts.append(_button(ctx, key, label, bx, by, bw, 30))
        bx += bw + 6
    return "".join(parts), by + 38


def _legend(ctx: Ctx, x: float, y: float, w: float) -> tuple[str, float]:
    lang = ctx.lang
    parts = ['<g class="legend" aria-hidden="true">',
             _text(x, y + 12, tr("height_legend", lang), ctx.f(11), fill="#5b4a3a", width=w),
             f'<rect x="{x + 2:g}" y="{y + 21:g}" width="12" height="12" fill="none" stroke="{GOLD}" stroke-width="4"/>',
             _text(x + 20, y + 32, tr("kings_castle_short", lang), ctx.f(11), fill="#5b4a3a")]
    cost = uniform_cost(ctx)
    if cost:
        parts.append(_text(x + w / 2, y + 32, tr("cost_each", lang, ap=cost), ctx.f(11), fill="#5b4a3a",
                           cls="cost-each", width=w / 2))
    parts.append("</g>")
    return "".join(parts), y + 40


def board_svg(view: PlayerView, *, offered: Collection[str] = (), selected: Collection[str] = (),
              recent: Collection[str] = (), names: Sequence[str] = (), lang: str = "en", layout: str = "wide",
              costs: Mapping[str, int] | None = None, path: Sequence[str] = (), lit: Collection[int] = (),
              scorers: Collection[int] = (), you: bool = True, levels: Sequence[str] = ()) -> str:
    """The board and its panels as one `<svg>` element, drawn for `view`'s seat (`you=False`: told to a
    spectator, the seat's hand shown only when nothing is secret).

    `offered` / `selected` / `recent` are target keys (offers.Offers.keys, .selected, offers.recent_keys);
    `costs` the AP an offered target costs (written on it); `path` square keys drawn as a dashed way
    (a passage); `names` label seats (else their colours); `layout` names the arrangement (`LAYOUTS`);
    `lit` the squares of a castle being scored (lit, the others dimmed) and `scorers` the squares whose
    knight scores on it (marked); `levels` each seat's level in words, written after a computer's name
    ("" for a person)."""
    geo = LAYOUTS[layout]
    ctx = Ctx(view, lang, tuple(names), frozenset(offered), frozenset(selected), frozenset(recent),
              dict(costs or {}), geo, frozenset(lit), frozenset(scorers), you, tuple(levels))
    board_bottom = geo.y0 + geo.cell * D.SIZE + 30
    body = [_board(ctx), _board_path(ctx, path, ARROW_ID)]
    columns: tuple[tuple[float, float, tuple[Section, ...]], ...]
    if geo is TALL:  # a phone: the top bar says whose turn it is; what to choose from follows the board at once
        y = float(board_bottom)
        columns = ((geo.panel_x, geo.panel_w, (_supplies, _hand, _score_row, _choices, _players, _legend)),)
    elif geo.second is not None:  # the top bar says whose turn it is; the table left, the seat's things right
        y = float(board_bottom)
        columns = ((geo.panel_x, geo.panel_w, (_players, _score_row, _legend)),
                   (*geo.second, (_supplies, _hand, _choices)))
    else:
        status, y = _status(ctx, geo.status_x, geo.status_y, geo.panel_w)
        body.append(status)
        columns = ((geo.panel_x, geo.panel_w, (_players, _score_row, _supplies, _hand, _choices, _legend)),)
    bottom = float(board_bottom)
    for x, w, sections in columns:
        at = y
        for section in sections:
            drawn, at = section(ctx, x, at + 6, w)
            body.append(drawn)
        bottom = max(bottom, at)
    height = int(bottom + 10)
    title = escape(tr("board_title", lang) + tr("sep", lang) + _stage_text(ctx))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="torres-board layout-{geo.name}" '
            f'viewBox="0 0 {geo.width} {height}" role="group" aria-label="{escape(tr("board_title", lang))}" '
            f'data-step="{view.step}" data-seat="{view.seat}" font-family="system-ui, sans-serif">'
            f'<title>{title}</title>'
            f'<defs><marker id="{ARROW_ID}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" '
            f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{SELECTED}"/></marker></defs>'
            f'<rect class="board-bg" width="{geo.width}" height="{height}" rx="14" fill="#f3ead3"/>')
    return head + "".join(body) + "</svg>"
