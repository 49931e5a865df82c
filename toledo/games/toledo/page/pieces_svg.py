"""Toledo's pieces drawn as small SVG pictures: pawns, cards, fencing tiles, sword chips, and the
colours and shapes that tell the players apart. Pure functions of their arguments."""

from __future__ import annotations

from html import escape

from ....core.seat_shapes import seat_shape
from .. import data as D
from ..words import tr

# player colours: fill, dark outline, light tint (tile background)
PLAYER_FILL = {"red": "#c0392b", "blue": "#2d6cb5", "green": "#2f8f4e", "yellow": "#e5b422"}
PLAYER_DARK = {"red": "#6e1d15", "blue": "#153a66", "green": "#17502a", "yellow": "#7a5c06"}
PLAYER_TINT = {"red": "#f4d5cf", "blue": "#d4e2f4", "green": "#d3ecda", "yellow": "#f8ecc2"}
PLAYER_SHAPE = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "diamond"}
SCENE_FILL = {"violet": "#7b4fa3", "brown": "#8a5a2b", "teal": "#1c8c8c", "neutral": "#8d8d8d", "movement": "#d9a441"}
HIGHLIGHT = "#ffb300"
SELECTED = "#ff5722"
INK = "#3b2a1a"



def pawn_shape(colour: str, x: float, y: float, r: float = 13) -> str:
    """A pawn's body centred on (x, y): shape and fill by colour."""
    fill, dark = PLAYER_FILL[colour], PLAYER_DARK[colour]
    return seat_shape(PLAYER_SHAPE[colour], x, y, r, f'fill="{fill}" stroke="{dark}" stroke-width="2"', rounded=3)


def pawn_icon_svg(colour: str, size: int = 18, label: str = "") -> str:
    """A standalone little pawn (for player panels and legends)."""
    c = size / 2
    text = (f'<text x="{c:g}" y="{c + size * 0.17:g}" font-size="{size * 0.45:g}" text-anchor="middle" '
            f'fill="#fff" font-weight="700">{escape(label)}</text>') if label else ""
    return (f'<svg class="pawn-icon pawn-{colour}" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
            f'aria-hidden="true">{pawn_shape(colour, c, c + (1 if PLAYER_SHAPE[colour] == "triangle" else 0), size * 0.4)}'
            f'{text}</svg>')


def icon_svg(what: str, x: float, y: float, s: float = 1.0) -> str:
    """A small pictogram centred on (x, y)."""
    t = f'transform="translate({x:g},{y:g}) scale({s:g})"'
    if what == "metal":  # an ingot
        return (f'<g {t}><polygon points="-15,7 15,7 10,-5 -10,-5" fill="#a9b0b7" stroke="#4f565c" stroke-width="1.5"/>'
                f'<polygon points="-10,-5 10,-5 7,-9 -7,-9" fill="#cfd5da" stroke="#4f565c" stroke-width="1.2"/></g>')
    if what == "gem":
        return (f'<g {t}><polygon points="-12,-5 -6,-11 6,-11 12,-5 0,11" fill="#d6336c" stroke="#7a1236" stroke-width="1.5"/>'
                f'<path d="M-12,-5 H12 M-6,-11 L0,-5 L6,-11" fill="none" stroke="#f7a8c4" stroke-width="1"/></g>')
    if what == "sword":
        return (f'<g {t}><path d="M0,-15 L3,-11 L3,6 L-3,6 L-3,-11 Z" fill="#d9dde1" stroke="#444" stroke-width="1.2"/>'
                f'<rect x="-9" y="6" width="18" height="3.5" rx="1.5" fill="#8a5a2b"/>'
                f'<rect x="-1.8" y="9.5" width="3.6" height="6" fill="#5a3a1a"/></g>')
    if what == "fence":  # two crossed foils
        return (f'<g {t} stroke="#444" stroke-width="2" stroke-linecap="round">'
                f'<line x1="-12" y1="12" x2="11" y2="-11"/><line x1="12" y1="12" x2="-11" y2="-11"/>'
                f'<line x1="-12" y1="5" x2="-5" y2="12" stroke="#8a5a2b" stroke-width="3"/>'
                f'<line x1="12" y1="5" x2="5" y2="12" stroke="#8a5a2b" stroke-width="3"/></g>')
    if what == "tavern":  # a mug
        return (f'<g {t}><rect x="-10" y="-9" width="16" height="20" rx="2" fill="#e2a53b" stroke="#6b4310" stroke-width="1.5"/>'
                f'<path d="M6,-4 h5 a3,3 0 0 1 3,3 v5 a3,3 0 0 1 -3,3 h-5" fill="none" stroke="#6b4310" stroke-width="2"/>'
                f'<path d="M-11,-9 q4,-6 9,-2 q5,-5 9,1" fill="#fff8e6" stroke="#6b4310" stroke-width="1"/></g>')
    if what == "artist":  # a palette
        return (f'<g {t}><path d="M0,-12 C12,-12 15,-3 13,3 C11,8 5,5 3,9 C1,13 -3,13 -8,11 C-14,8 -15,-9 0,-12 Z" '
                f'fill="#f1dcb4" stroke="#6b4310" stroke-width="1.5"/>'
                f'<circle cx="-6" cy="-4" r="2.5" fill="#c0392b"/><circle cx="1" cy="-7" r="2.5" fill="#2d6cb5"/>'
                f'<circle cx="7" cy="-3" r="2.5" fill="#2f8f4e"/><circle cx="-7" cy="4" r="2.5" fill="#e5b422"/></g>')
    if what == "gate":  # an arch
        return (f'<g {t}><path d="M-12,12 V-2 A12,12 0 0 1 12,-2 V12 Z" fill="#5b4a3a" stroke="#2d241b" stroke-width="1.5"/>'
                f'<path d="M0,-14 V12 M-8,-8 V12 M8,-8 V12" stroke="#8c7a66" stroke-width="1"/></g>')
    if what == "movement":  # arrows
        return (f'<g {t} fill="none" stroke="#5a3a00" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">'
                f'<path d="M-10,6 L0,-4 L10,6"/><path d="M-10,-2 L0,-12 L10,-2"/></g>')
    if what == "painting":
        return (f'<g {t}><rect x="-13" y="-10" width="26" height="20" fill="#c9a44c" stroke="#5a4010" stroke-width="1.5"/>'
                f'<rect x="-9" y="-6" width="18" height="12" fill="#8fb3d9"/>'
                f'<path d="M-9,6 L-3,-1 L2,4 L5,1 L9,6 Z" fill="#3f7a3a"/></g>')
    raise ValueError(what)


def stat_icon_svg(what: str, size: int = 16) -> str:
    """A pictogram for a number in a player's row: cards in hand, metal, gems, paintings, pawns in the
    Alcazar, business tiles still to place (pawns on the road: `pawn_icon_svg`). Decorative: the row's
    words name the number."""
    if what == "cards":  # a card's back
        body = ('<rect x="-9" y="-13" width="18" height="26" rx="3" fill="#8a5a2b" stroke="#4a2f14" stroke-width="2"/>'
                '<rect x="-5" y="-9" width="10" height="18" rx="1.5" fill="none" stroke="#e9c46a" stroke-width="1.5"/>')
    elif what == "tiles":  # a business tile with its two circles
        body = ('<rect x="-13" y="-11" width="26" height="22" rx="3" fill="#f6ecd4" stroke="#6b5a44" stroke-width="2"/>'
                '<circle cx="-5" cy="3" r="3.5" fill="#fff" stroke="#6b5a44" stroke-width="1.5"/>'
                '<circle cx="5" cy="3" r="3.5" fill="#fff" stroke="#6b5a44" stroke-width="1.5"/>')
    else:
        body = icon_svg({"alcazar": "gate", "gems": "gem", "paintings": "painting"}.get(what, what), 0, 0)
    return (f'<svg class="stat-icon" viewBox="-16 -16 32 32" width="{size}" height="{size}" aria-hidden="true">'
            f'{body}</svg>')


def coin_svg(x: float, y: float, value: int, r: float = 11) -> str:
    return (f'<g class="fee" data-fee="{value}"><circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="#e9c46a" stroke="#8a6412" '
            f'stroke-width="1.5"/><text x="{x:g}" y="{y + r * 0.4:g}" font-size="{r * 1.15:g}" text-anchor="middle" '
            f'font-weight="700" fill="#5a3f06">{value}</text></g>')


def _scene_word(colour: str, lang: str) -> str:
    return tr("scene_neutral" if colour == "neutral" else f"fencing_{colour}", lang)


def card_svg(kind: int, width: int = 54, lang: str = "en", hidden: bool = False) -> str:
    """A money card face: value, fencing-scene colour band, the highlighted figure (A attacker / D defender).

    `hidden` leaves the picture out of the accessibility tree (when the button around it has the name)."""
    h = round(width * 1.4)
    colour = D.SCENE_COLOURS[D.CARD_COLOUR[kind]]
    figure = D.FIGURES[D.CARD_FIGURE[kind]]
    fill = SCENE_FILL[colour]
    value = D.CARD_VALUE[kind]
    w = width
    # the figure: a sword pointing forward (attacker) or a shield (defender), on the scene band
    if figure == "attacker":
        fig = (f'<path d="M{w * .22:g},{h * .8:g} L{w * .72:g},{h * .62:g}" stroke="#fff" stroke-width="{w * .06:g}" '
               f'stroke-linecap="round"/><path d="M{w * .3:g},{h * .72:g} L{w * .36:g},{h * .84:g}" stroke="#fff" '
               f'stroke-width="{w * .05:g}"/>')
    else:
        fig = (f'<path d="M{w * .5:g},{h * .6:g} L{w * .68:g},{h * .65:g} Q{w * .68:g},{h * .82:g} {w * .5:g},{h * .9:g} '
               f'Q{w * .32:g},{h * .82:g} {w * .32:g},{h * .65:g} Z" fill="#fff" fill-opacity=".9"/>')
    label = tr("svg_card", lang, value=value, scene=_scene_word(colour, lang), figure=tr(f"figure_{figure}", lang))
    aria = 'aria-hidden="true"' if hidden else f'role="img" aria-label="{escape(label)}"'
    return (f'<svg class="card-face scene-{colour} figure-{figure}" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
            f'{aria}>'
            f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="{w * .1:g}" fill="#fbf6ea" stroke="#6b5a44" '
            f'stroke-width="1.5"/>'
            f'<rect x="{w * .08:g}" y="{h * .5:g}" width="{w * .84:g}" height="{h * .44:g}" rx="{w * .06:g}" fill="{fill}"/>'
            f'{fig}'
            f'<text x="{w / 2:g}" y="{h * .4:g}" font-size="{w * .5:g}" text-anchor="middle" font-weight="700" '
            f'font-family="Georgia, serif" fill="{INK}">{value}</text>'
            f'<text x="{w * .9:g}" y="{h * .91:g}" font-size="{w * .28:g}" text-anchor="end" fill="#fff" '
            f'font-weight="700">{"A" if figure == "attacker" else "D"}</text></svg>')


def fencing_tile_svg(kind: str, size: int = 26, lang: str = "en") -> str:
    """A fencing-master tile: a duel colour, or the movement tile."""
    s = size
    body = (icon_svg("movement", s / 2, s / 2 + 2, s / 30) if kind == "movement"
            else icon_svg("fence", s / 2, s / 2, s / 34).replace('stroke="#444"', 'stroke="#fff"'))
    label = escape(tr("svg_fencing_tile", lang, kind=tr(f"fencing_{kind}", lang)))
    return (f'<svg class="fencing-icon fencing-{kind}" viewBox="0 0 {s} {s}" width="{s}" height="{s}" role="img" '
            f'aria-label="{label}"><title>{label}</title><rect x="1" y="1" width="{s - 2}" height="{s - 2}" rx="4" '
            f'fill="{SCENE_FILL[kind]}" stroke="#3b2a1a" stroke-width="1.2"/>{body}</svg>')


def sword_chip_svg(sword: int, width: int = 30, lang: str = "en") -> str:
    """A small sword tile (for player panels): its value on a blade."""
    value = D.SWORDS[sword].value
    h = round(width * 1.2)
    label = escape(tr("svg_sword_chip", lang, value=value))
    return (f'<svg class="sword-chip" viewBox="0 0 {width} {h}" width="{width}" height="{h}" role="img" '
            f'aria-label="{label}"><title>{label}</title><rect x="1" y="1" width="{width - 2}" height="{h - 2}" rx="4" '
            f'fill="#eef1f4" stroke="#4f565c" stroke-width="1.2"/>{icon_svg("sword", width / 2, h * .38, width / 40)}'
            f'<text x="{width / 2:g}" y="{h * .9:g}" font-size="{width * .4:g}" text-anchor="middle" font-weight="700" '
            f'fill="{INK}">{value}</text></svg>')
