"""Torres's panels beside the board, as markup: the players, the phase line, the hand, the buttons the
board does not show, and each action in words for the move log.

Every button carries data-key, the offers key the controller hands back to
toledo.games.torres.page.clicks.click, so a button can do exactly what the offer says and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from .. import data as D
from . import clicks as O
from ..stage import Stage

from .words import card_name, level_name, tr, tr_count

MAX_KEYED_BUTTONS = 9  # buttons 1-9 have a number key
SEPARATOR = " · "  # between the clauses of a status line, in every catalogue


def stage_line(state: Any, lang: str) -> str:
    """Phase, round and AP (or the setup stage, the king's move, the end)."""
    stage = state.stage
    if stage == Stage.BLOCKS:
        return tr("stage_blocks", lang)
    if stage == Stage.KNIGHTS:
        return tr("stage_knights", lang)
    if stage == Stage.KING:
        return tr("stage_king", lang)
    if stage == Stage.KING_MOVE:
        return tr("stage_king_move", lang, phase=state.phase + 1)
    if stage == Stage.OVER:
        return tr("stage_over", lang)
    line = tr("phase_round", lang, phase=state.phase + 1, round=state.rnd + 1, rounds=state.rounds())
    return f"{line} · {tr('ap_now', lang, ap=state.ap)}"


def whose_turn(seat: int, names: Sequence[str], humans: Sequence[int], lang: str) -> str:
    """"Your turn" for the only person at the device, else "Anna's turn" in the language's grammar: the
    words both games share. Their first clause names the player; Torres says phase and round instead of
    Toledo's turn number, so the clause after the separator is left out."""
    if list(humans) == [seat]:
        text = tr("turn_info_you", lang, turn=0)
    else:
        text = tr("turn_info_of", lang, player=names[seat], turn=0)
    return text.split(SEPARATOR)[0]


def turn_line(state: Any, names: Sequence[str], humans: Sequence[int], lang: str) -> str:
    """The top bar: whose turn it is, then the phase, round and AP."""
    seat = state.current_player
    if seat < 0:
        return tr("stage_over", lang)
    return f"{whose_turn(seat, names, humans, lang)}{SEPARATOR}{stage_line(state, lang)}"


def _towers(slots: Sequence[int], fixed: int, lang: str) -> str:
    if not slots:
        return escape(tr("no_towers", lang))
    parts = []
    for i, blocks in enumerate(slots):
        text = tr("tower_used", lang) if blocks < 0 else str(blocks)
        mark = " ★" if i == fixed else ""
        parts.append(f'<span class="tower-chip{" used" if blocks < 0 else ""}">T{i + 1}: {escape(text)}{mark}</span>')
    return " ".join(parts)


def level_label(name: str, kind: str, lang: str) -> str:
    """A computer seat's level in words, "" for a person; a seat named after its level ("Hard") says it
    once, in the page's language."""
    if kind == "human":
        return ""
    level = level_name(kind, lang)
    return "" if name.casefold() in (level.casefold(), kind.casefold()) else level


def levels_of(names: Sequence[str], kinds: Sequence[str], lang: str) -> tuple[str, ...]:
    """Each seat's `level_label` (none without kinds)."""
    return tuple(level_label(names[seat] if seat < len(names) else "", kind, lang) for seat, kind in enumerate(kinds))


def players_html(state: Any, names: Sequence[str], kinds: Sequence[str], lang: str, shown: int = -1) -> str:
    """Each player: score, knights in reserve, cards in hand, towers (the one to act marked)."""
    view = state.view(max(shown, 0))
    rows = []
    for seat in range(state.n):
        colour = D.COLOURS[state.setup.colours[seat]]
        cards = tr_count("cards", view.hand_sizes[seat], lang)
        reserve = tr_count("reserve", view.knight_supply[seat], lang)
        points = tr_count("points", view.scores[seat], lang)
        level = level_label(names[seat], kinds[seat], lang)
        who = escape(names[seat]) + (f" ({escape(level)})" if level else "")
        active = " active" if seat == state.current_player else ""
        fixed = view.fixed_tower if seat == state.current_player else -1
        label = tr("player_row", lang, name=names[seat], points=points, reserve=reserve, cards=cards)
        rows.append(f'<div class="player torres-player{active}" data-seat="{seat}" data-colour="{colour}" '
                    f'aria-label="{escape(label)}" tabindex="-1"><span class="swatch {colour}"></span>'
                    f'<strong>{who}</strong> <span class="score" data-score="{view.scores[seat]}">{escape(points)}</span>'
                    f'<div class="player-facts">{escape(reserve)} · {escape(cards)}</div>'
                    f'<div class="player-towers">{_towers(view.towers[seat], fixed, lang)}</div></div>')
    deck = (tr_count("deck", view.deck_size, lang) if state.setup.variant == "base"
            else tr_count("own_deck", view.deck_sizes[max(shown, 0)], lang) if state.setup.variant == "own-deck" else "")
    supply = tr_count("general_supply", view.supply, lang)
    facts = " · ".join(x for x in (supply, deck) if x)
    return "".join(rows) + f'<p class="torres-supply">{escape(facts)}</p>' + master_html(state, lang)


def master_html(state: Any, lang: str) -> str:
    """The master card, in the master version."""
    if state.master_card < 0:
        return ""
    card = D.MASTER_CARDS[state.master_card]
    points = "/".join(str(p) for p in card.points)
    text = tr("master_card_line", lang, name=tr(f"master_{card.ident}", lang), points=points)
    return f'<p class="master-card" data-master="{card.ident}">{escape(text)}</p>'


def hand_html(hand: Sequence[int], fresh: Sequence[int], lang: str) -> str:
    """The hand shown, in words (the board draws the cards themselves)."""
    items = []
    for c, count in enumerate(hand):
        if count:
            new = f' <em>{escape(tr("card_fresh", lang))}</em>' if fresh[c] else ""
            items.append(f'<li data-card="{D.CARD_IDS[c]}">{escape(card_name(D.CARD_IDS[c], lang))} ×{count}{new}</li>')
    if not items:
        return f'<p class="hand-empty">{escape(tr("no_cards", lang))}</p>'
    return f'<ul class="torres-hand">{"".join(items)}</ul>'


def buttons_html(buttons: Sequence[O.Option]) -> str:
    """The offered choices the board does not show (end the turn, scoring, cancel, ...), numbered."""
    out = []
    for i, option in enumerate(buttons):
        number = i + 1 if i < MAX_KEYED_BUTTONS else 0
        hint = f'<kbd>{number}</kbd> ' if number else ""
        keys = f' aria-keyshortcuts="{number}"' if number else ""
        score = option.action is not None and option.action.kind.name == "SCORE"
        text = f"+{option.action.n}" if score and option.action is not None else option.label
        size = " small" if score else ""  # the score track's steps fit on one row, their words in the name
        out.append(f'<button type="button" class="btn{size}" data-key="{escape(option.key)}"{keys} '
                   f'aria-label="{escape(option.label)}" title="{escape(option.label)}">{hint}{escape(text)}</button>')
    return "".join(out)


def costs_of(offers: O.Offers) -> dict[str, int]:
    """The AP an offered board target costs at least, for the drawing; free targets are left out."""
    out: dict[str, int] = {}
    for option in offers.options:
        paid = [c for c in option.ap if c]
        if paid and option.target.kind in O.BOARD_KINDS:
            out[option.key] = min(paid)
    return out


def passage_path(offers: O.Offers, view: Any) -> list[str]:
    """The way a passage takes, as square keys: from the chosen knight into the castle beside it, out of
    the castle beside the target, to the target. Drawn when the choice is down to one passage (the knight
    and its target chosen, or a knight with a single passage offered); else nothing."""
    sel = [t for t in offers.selection if t.kind == O.SQUARE]
    if not sel:
        return []
    passages = [o for o in offers.options if o.castles and o.target.kind in (O.SQUARE, O.ACTION)]
    if len(sel) >= 2 and offers.selection[-1].kind == O.SQUARE:
        source, target = sel[-2].id, sel[-1].id
    elif len(passages) == 1 and passages[0].target.kind == O.SQUARE:
        source, target = sel[-1].id, passages[0].target.id
    else:
        return []
    castles = next((o.castles for o in offers.options if o.castles), ())
    if not castles:
        return []
    s, t = D.SQUARE_BY_NAME[source], D.SQUARE_BY_NAME[target]
    number = view.castle[D.SQUARE_BY_NAME[castles[0]]]
    inside = [q for q in range(D.SQUARES) if view.castle[q] == number]
    entry = min(inside, key=lambda q: _distance(q, s))
    leave = min(inside, key=lambda q: _distance(q, t))
    way = [s, entry] + ([leave] if leave != entry else []) + [t]
    return [f"{O.SQUARE}:{D.SQUARE_NAMES[q]}" for q in way]


def _distance(a: int, b: int) -> int:
    return abs(a % D.SIZE - b % D.SIZE) + abs(a // D.SIZE - b // D.SIZE)
