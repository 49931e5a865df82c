"""What the Torres drawing's parts share: the layouts, the drawing context (the view, the language,
what is offered, selected, recent, lit by a scoring) and small text and button helpers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape

from .pieces_svg import HIGHLIGHT, INK, SELECTED, fit
from ..view import PlayerView
from ..words import seat_name, tr, tr_count


@dataclass(frozen=True, slots=True)
class Layout:
    name: str
    width: int
    cell: int  # a square's side
    x0: int  # the board's top-left corner
    y0: int
    panel_x: int
    panel_y: int
    panel_w: int
    status_x: int
    status_y: int
    card_w: int
    card_h: int
    font_min: float  # the smallest text, 12.5 CSS px or more: the tall board is ~374 px wide on a 390 px phone,
    # the wide one ~850 px on a 1280 x 800 screen
    second: tuple[int, int] | None = None  # a second column of panels under the board: its x and width


WIDE = Layout("wide", 1000, 62, 34, 64, 560, 24, 428, 560, 24, 80, 58, 14.5)
TALL = Layout("tall", 400, 45, 24, 18, 8, 0, 384, 8, 20, 90, 52, 13.5)  # panel_y: below the board
# A tablet held upright (about 750 px for 760 units): the board across the width, the panels under it in two
# columns, the players' table on the left and the seat on turn's things on the right; no status (the page's
# top bar says it).
UPRIGHT = Layout("upright", 760, 75, 80, 12, 16, 0, 400, 0, 0, 80, 58, 13, second=(432, 312))
# The same in a squarish box beside the page's side panel, fitted to the screen's height (about 0.7 px a
# unit at 1024 x 768): larger words and cards, so they read at about 12 px there.
SQUARE = replace(UPRIGHT, name="square", card_w=96, card_h=66, font_min=17)
LAYOUTS: dict[str, Layout] = {layout.name: layout for layout in (WIDE, TALL, UPRIGHT, SQUARE)}


@dataclass
class Ctx:
    view: PlayerView
    lang: str
    names: Sequence[str]
    offered: frozenset[str]
    selected: frozenset[str]
    recent: frozenset[str]
    costs: Mapping[str, int]
    layout: Layout
    lit: frozenset[int] = frozenset()  # squares of the castle a scoring line is about
    scorers: frozenset[int] = frozenset()  # squares whose knight that line scores
    you: bool = True  # False: drawn for a spectator (an all-computer game); the view's seat is not "you"
    levels: Sequence[str] = ()  # per seat, a computer's level in words ("" for a person)
    drawn: set[str] = field(default_factory=set)
    words: dict[tuple[object, ...], str] = field(default_factory=dict)

    def word(self, key: str, count: int | None = None, **params: object) -> str:
        """`tr` (or `tr_count` with `count`) in the drawing's language, each different text looked up once:
        64 squares' labels repeat the same few clauses."""
        ident = (key, count, *sorted(params.items()))
        found = self.words.get(ident)
        if found is None:
            found = tr(key, self.lang, **params) if count is None else tr_count(key, count, self.lang, **params)
            self.words[ident] = found
        return found

    def name(self, seat: int) -> str:
        return seat_name(seat, self.view.colours, self.names, self.lang)

    def level(self, seat: int) -> str:
        return self.levels[seat] if seat < len(self.levels) else ""

    def classes(self, key: str, *base: str) -> str:
        out = list(base)
        out += [flag for flag, keys in (("offered", self.offered), ("selected", self.selected),
                                        ("recent", self.recent)) if key in keys]
        return " ".join(out)

    def f(self, size: float) -> float:
        """A text size, never under the layout's smallest."""
        return max(size, self.layout.font_min)

    def cost_text(self, key: str) -> str:
        if key in self.offered and key in self.costs:
            return tr("cost_badge", self.lang, ap=self.costs[key])
        return ""

    def button(self, key: str, label: str) -> str:
        """data-key, role, accessible name, tab stop and tooltip of a clickable thing."""
        self.drawn.add(key)
        cost = self.cost_text(key)
        full = f"{label} ({cost})" if cost else label
        focus = 0 if key in self.offered or key in self.selected else -1
        return (f' data-key="{escape(key)}" role="button" aria-label="{escape(full)}" tabindex="{focus}">'
                f'<title>{escape(full)}</title>')

    def ring(self, key: str, x: float, y: float, w: float, h: float, rx: float = 4) -> str:
        """The offered / selected highlight around a box (drawn, so a standalone SVG shows it too)."""
        if key in self.selected:
            colour, width = SELECTED, 4
        elif key in self.offered:
            colour, width = HIGHLIGHT, 3.5
        else:
            return ""
        return (f'<rect class="hl" x="{x - 2:g}" y="{y - 2:g}" width="{w + 4:g}" height="{h + 4:g}" rx="{rx:g}" '
                f'fill="none" stroke="{colour}" stroke-width="{width}" pointer-events="none"/>')

    def badge(self, key: str, x: float, y: float, size: float) -> str:
        """The AP cost of an offered target, right-aligned at (x, y)."""
        text = self.cost_text(key)
        if not text:
            return ""
        size = self.f(size)
        w = len(text) * size * 0.54 + 5
        return (f'<g class="cost" pointer-events="none"><rect x="{x - w:g}" y="{y - size:g}" width="{w:g}" '
                f'height="{size + 4:g}" rx="3" fill="{INK}" opacity=".85"/><text x="{x - w / 2:g}" y="{y + 1:g}" '
                f'font-size="{size:g}" text-anchor="middle" fill="#fff">{escape(text)}</text></g>')


def text(x: float, y: float, words: str, size: float, *, bold: bool = False, anchor: str = "start",
         fill: str = INK, cls: str = "", width: float | None = None) -> str:
    attrs = f' class="{cls}"' if cls else ""
    weight = ' font-weight="700"' if bold else ""
    squeeze = fit(words, size, width) if width else ""
    return (f'<text{attrs} x="{x:g}" y="{y:g}" font-size="{size:g}"{weight} text-anchor="{anchor}" '
            f'fill="{fill}"{squeeze}>{escape(words)}</text>')
