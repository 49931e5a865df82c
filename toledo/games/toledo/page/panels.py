"""Toledo's panels beside the board as HTML: the action buttons, the hand, the tiles, the players,
a duel round by round and the final scores. Pure functions of the state; every word from the catalogues."""

from __future__ import annotations

from html import escape
from typing import Sequence

from ....core.i18n import plural_key
from .. import data as D
from ..explain import card_label, player_area_label
from .pieces_svg import PLAYER_FILL, card_svg, fencing_tile_svg, pawn_icon_svg, stat_icon_svg, sword_chip_svg
from ..state import Duel, State
from .clicks import Button, business_name, tile_name
from ..words import and_list, level_name, tr, tr_count
from ..view import PlayerView


def _attrs(**kw: object) -> str:
    return "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in kw.items() if v is not None)


def _fill(key: str, lang: str, **html: str) -> str:
    """The message `key` escaped, with its {placeholders} filled by the given markup (numbers in <b>...)."""
    text = escape(tr(key, lang, **{name: f"\x00{i}\x00" for i, name in enumerate(html)}))
    for i, value in enumerate(html.values()):
        text = text.replace(f"\x00{i}\x00", value)
    return text


def buttons_html(buttons: Sequence[Button], keys: dict[tuple[str, str], str] | None = None) -> str:
    """The offer's buttons; `keys` maps ("action", text) / ("ui", step) to a keyboard shortcut, announced
    as aria-keyshortcuts and shown as a small hint (keyboard.BUTTON_KEYS)."""
    out = []
    for b in buttons:
        classes = "btn" + (" primary" if b.primary else "")
        key = (keys or {}).get(("action", b.action) if b.action else ("ui", b.ui))
        attrs = _attrs(data_key=b.key, title=b.title or None,
                       aria_pressed=None if b.pressed is None else str(b.pressed).lower(), aria_keyshortcuts=key)
        hint = f' <kbd class="key-hint" aria-hidden="true">{escape(key)}</kbd>' if key else ""
        out.append(f'<button type="button" class="{classes}"{attrs}>{escape(b.label)}{hint}</button>')
    return "".join(out)


def hand_html(hand: Sequence[int], cards: dict[int, str] | None = None, lang: str = "en",
              view: PlayerView | None = None) -> str:
    """A hand of card kinds (with repeats), each a button carrying its kind. With the owner's `view`, each
    card's accessible name and tooltip say what it means in a duel (toledo.explain.card_label)."""
    if not hand:
        return f'<p class="empty-hand">{escape(tr("hand_empty", lang))}</p>'
    cards = cards or {}
    out = []
    labels: dict[int, str] = {}
    for kind in sorted(hand):
        state = cards.get(kind, "")
        if kind not in labels:
            labels[kind] = (card_label(view, kind, lang) if view is not None else
                            tr("svg_card", lang, value=D.CARD_VALUE[kind], scene=_scene(kind, lang),
                               figure=tr(f"figure_{D.FIGURES[D.CARD_FIGURE[kind]]}", lang)))
        label = escape(labels[kind])
        pressed = ' aria-pressed="true"' if state == "selected" else ""
        out.append(f'<button type="button" class="card {state}" data-key="card:{kind}" '
                   f'data-value="{D.CARD_VALUE[kind]}" aria-label="{label}" title="{label}"{pressed}>'
                   f'{card_svg(kind, lang=lang, hidden=True)}</button>')
    return "".join(out)


def _scene(kind: int, lang: str) -> str:
    colour = D.SCENE_COLOURS[D.CARD_COLOUR[kind]]
    return tr("scene_neutral" if colour == "neutral" else f"fencing_{colour}", lang)


def tiles_html(tiles: dict[int, bool], selected: int, colour: str, lang: str = "en") -> str:
    """The player's business tiles still to place, as buttons (place mode)."""
    out = []
    for bit, ok in tiles.items():
        business = business_name(D.BUSINESS_NAMES[bit >> 1], lang)
        circles = (bit & 1) + 1
        classes = "tile-btn" + (" selected" if bit == selected else "") + ("" if ok else " disabled")
        label = escape(tr("action_place_tile", lang, circles=circles, business=business))
        pressed = "true" if bit == selected else "false"
        out.append(f'<button type="button" class="{classes}" data-key="tile:{bit}" data-tile-name="{tile_name(bit)}" '
                   f'aria-label="{label}" title="{label}" aria-pressed="{pressed}" '
                   f'style="--owner:{PLAYER_FILL[colour]}"><span class="tile-label">'
                   f'{escape(business)}</span><span class="tile-circles" aria-hidden="true">{"●" * circles}</span>'
                   f'</button>')
    return "".join(out)


def _tiles_left(bits: int, lang: str) -> list[tuple[str, str, str]]:
    """The business tiles a player has still to place: (business, short name, long name) each."""
    out = []
    for bit in range(D.TILES_PER_PLAYER):
        if bits >> bit & 1:
            name = D.BUSINESS_NAMES[bit >> 1]
            out.append((name, f'{tr(f"tile_abbr_{name}", lang)}{(bit & 1) + 1}',
                        tr_count("mini_tile", (bit & 1) + 1, lang, business=business_name(name, lang))))
    return out


def _tiles_left_html(bits: int, lang: str = "en") -> str:
    parts = [f'<span class="mini-tile t-{name}" title="{escape(title)}">{escape(short)}</span>'
             for name, short, title in _tiles_left(bits, lang)]
    return "".join(parts) or escape(tr("none", lang))


def _tiles_left_text(bits: int, lang: str) -> str:
    return " ".join(short for _, short, _ in _tiles_left(bits, lang)) or tr("none", lang)


def _stat(name: str, long_html: str, short_html: str, title: str) -> str:
    """One number in a player's row, twice: in words (phones' sheet, screen readers) and as pictograms with
    numbers (beside a desktop's board, where every row must fit under the controls); the style sheet
    shows one."""
    return (f'<span class="stat {name}" data-stat="{name}" title="{escape(title)}"><span class="long">{long_html}'
            f'</span><span class="short" aria-hidden="true">{short_html}</span></span>')


def players_html(state: State, names: Sequence[str], kinds: Sequence[str], lang: str = "en",
                 viewer: int = -1) -> str:
    """Every player's area: public facts only (hand sizes, never hands) and the score so far (E2).

    Each area is focusable and named by `toledo.explain.player_area_label`, told to seat `viewer`
    (-1: a spectator, nobody is "you")."""
    out = []
    to_act = state.current_player
    view = state.view(max(viewer, 0))
    for seat in range(state.n):
        colour = state.colour_of(seat)
        base = seat * D.PAWNS_PER_PLAYER
        positions = state.pawn_pos[base:base + D.PAWNS_PER_PLAYER]
        alcazar = sum(1 for pos in positions if pos == D.ALCAZAR)
        road = sum(1 for pos in positions if D.CATHEDRAL < pos < D.ALCAZAR)
        hand, metal, gems = state.hand_sizes[seat], state.metal[seat], state.gems[seat]
        swords = "".join(sword_chip_svg(s, 24, lang) for s in state.swords_in_front[seat])
        fencing = "".join(fencing_tile_svg(kind, 22, lang) for i, kind in enumerate(D.FENCING_NAMES)
                          if state.fencing_held[seat] >> i & 1)
        paintings = " + ".join(str(v) for v in state.paintings[seat]) or "–"
        tiles = bin(state.tiles_left[seat]).count("1")
        who = (tr("kind_human", lang) if kinds[seat] == "human"
               else tr("computer_level", lang, level=level_name(kinds[seat], lang)))
        classes = "player" + (" to-act" if seat == to_act else "")
        values = "+".join(str(D.SWORDS[s].value) for s in state.swords_in_front[seat])
        swords_part = (_stat("swords", swords, f"{stat_icon_svg('sword')}<b>{values}</b>",
                             f'{tr("stat_swords_title", lang)}: {values}') if values else "")
        fencing_part = (f'<span class="stat" data-stat="fencing" title="{escape(tr("stat_fencing_title", lang))}">'
                        f'{fencing}</span>' if state.fencing_held[seat] else "")
        cards_key, gems_key = plural_key("cards", hand, lang), plural_key("stat_gems", gems, lang)
        label = escape(player_area_label(view, seat, lang, list(names), you=viewer >= 0))
        stats = (
            _stat("cards", _fill(cards_key, lang, count=f"<b>{hand}</b>"), f"{stat_icon_svg('cards')}<b>{hand}</b>",
                  tr(cards_key, lang, count=hand))
            + _stat("metal", _fill("stat_metal", lang, count=f"<b>{metal}</b>"),
                    f"{stat_icon_svg('metal')}<b>{metal}</b>", tr("stat_metal", lang, count=metal))
            + _stat("gems", _fill(gems_key, lang, count=f"<b>{gems}</b>"), f"{stat_icon_svg('gems')}<b>{gems}</b>",
                    tr(gems_key, lang, count=gems))
            + _stat("paintings", _fill("stat_paintings", lang, list=f"<b>{paintings}</b>"),
                    f"{stat_icon_svg('paintings')}<b>{paintings.replace(' ', '')}</b>",
                    tr("stat_paintings", lang, list=paintings))
            + _stat("pawns", _fill("stat_pawns", lang, alcazar=f"<b>{alcazar}</b>", road=f"<b>{road}</b>"),
                    f"{stat_icon_svg('alcazar')}<b>{alcazar}</b> {pawn_icon_svg(colour, 14)}<b>{road}</b>",
                    tr("stat_pawns", lang, alcazar=alcazar, road=road))
            + swords_part + fencing_part
            + _stat("tiles", _fill("stat_tiles", lang, tiles=_tiles_left_html(state.tiles_left[seat], lang)),
                    f"{stat_icon_svg('tiles')}<b>{tiles}</b>",
                    tr("stat_tiles", lang, tiles=_tiles_left_text(state.tiles_left[seat], lang))))
        out.append(
            f'<section class="{classes}" data-seat="{seat}" data-colour="{colour}" style="--pc:{PLAYER_FILL[colour]}" '
            f'tabindex="0" aria-label="{label}" title="{label}">'
            f'<header>{pawn_icon_svg(colour, 18)}<span class="pname">{escape(names[seat])}</span>'
            f'<span class="pkind">{escape(who)}</span>'
            f'<span class="pscore" title="{escape(tr("points_title", lang))}">'
            f'{escape(tr_count("points", state.score(seat).total, lang))}</span></header>'
            f'<div class="stats">{stats}</div></section>')
    return "".join(out)


def duel_html(duel: Duel, names: Sequence[str], colours: Sequence[int], shown: int | None = None,
              lang: str = "en") -> str:
    """A duel round by round (the first `shown` rounds; all by default) with the revealed cards."""
    rounds = duel.rounds if shown is None else duel.rounds[:shown]
    challenger, defender = escape(names[duel.challenger]), escape(names[duel.defender])
    heading = _fill("duel_heading", lang, space=str(duel.space), challenger=challenger, defender=defender)
    parts = [f'<div class="duel" data-rounds="{len(duel.rounds)}" data-shown="{len(rounds)}"><h3>{heading}</h3><ol>']
    wins = losses = 0
    for r in rounds:
        winner = duel.challenger if r.challenger_won else duel.defender
        wins += r.challenger_won
        losses += not r.challenger_won
        card = (card_svg(r.card, 44, lang) if r.card >= 0
                else f'<span class="no-card">{escape(tr("duel_no_card", lang))}</span>')
        colour = D.COLOURS[colours[winner]]
        who = f'<b style="color:{PLAYER_FILL[colour]}">{escape(names[winner])}</b>'
        parts.append(f'<li>{card}<span>{_fill("duel_round_for", lang, winner=who, wins=str(wins), losses=str(losses))}'
                     f'</span></li>')
    parts.append("</ol>")
    if shown is None or shown >= len(duel.rounds):
        winner = challenger if duel.challenger_won else defender
        loser = defender if duel.challenger_won else challenger
        parts.append(f'<p class="duel-result">{_fill("duel_result", lang, winner=f"<b>{winner}</b>", loser=loser)}</p>')
    parts.append("</div>")
    return "".join(parts)


SCORE_COLUMNS = ("swords_delivered", "swords_in_front", "paintings", "gems", "movement_tile", "total", "cards_in_hand",
                 "hand_value")  # row titles: i18n keys score_<column>


def verdict_text(state: State, names: Sequence[str], lang: str = "en") -> str:
    """'Ann wins!' / 'Ann and Bob win!' (plain text)."""
    winners = state.winners()
    players = and_list([names[w] for w in winners], lang)
    return tr("verdict_many" if len(winners) > 1 else "verdict_one", lang, players=players)


def scores_html(state: State, names: Sequence[str], lang: str = "en") -> str:
    """The final score table (E2 breakdown, E3 tie-breaks) and the winner(s): one column per player."""
    winners = state.winners()
    scores = state.scores()
    order = sorted(range(state.n), key=lambda s: (-scores[s].total, -scores[s].cards_in_hand, -scores[s].hand_value))
    # the winner's column is lit and marked with a star: the word would not fit four narrow columns
    word = escape(tr("winner", lang))
    badge = (f'<span class="badge" title="{word}"><span aria-hidden="true">★</span>'
             f'<span class="visually-hidden">{word}</span></span>')
    win = ' class="winner"'
    head = "".join(f'<th scope="col" data-seat="{seat}"{win if seat in winners else ""}>'
                   f'{pawn_icon_svg(state.colour_of(seat), 16)} <span class="pname" title="{escape(names[seat])}">'
                   f'{escape(names[seat])}</span>{badge if seat in winners else ""}</th>' for seat in order)
    rows = []
    for key in SCORE_COLUMNS:
        cells = "".join(f'<td data-seat="{seat}"{win if seat in winners else ""}>'
                        f'{getattr(scores[seat], key)}</td>' for seat in order)
        rows.append(f'<tr data-row="{key}"><th scope="row">{escape(tr(f"score_{key}", lang))}</th>{cells}</tr>')
    best = scores[winners[0]].total
    note = ""
    if len(winners) > 1:
        note = tr("score_note_shared", lang)
    elif any(scores[s].total == best for s in range(state.n) if s not in winners):
        note = tr("score_note_tiebreak", lang)
    return (f'<h2 class="verdict">{escape(verdict_text(state, names, lang))}</h2>'
            f'<p class="verdict-note">{escape(note)}</p>'
            f'<table class="scores"><caption class="visually-hidden">{escape(tr("score_caption", lang))}</caption>'
            f'<thead><tr><th></th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
