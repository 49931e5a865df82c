"""Pebbles's page parts (`toledo.core.page.GamePage`): the heap drawn as a board, a button per take, its
words in its own catalogues (`../locale/`, found by the platform as every registered game's are). With
these the site's one controller plays it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from toledo.core import i18n
from toledo.core.page import PHONE_UPRIGHT, Clicked, click_tree

from ..game import COLOURS, GAME, TAKES, State, Take

DOMAIN = "pebbles"
PAGE_CONTEXT = "page"  # its words whose keys the platform or another game uses too (setup_lead, rules...)
SEARCH = (DOMAIN, i18n.SHELL_DOMAIN)
PER_ROW = 10  # pebbles drawn in a row


def tr(key: str, lang: str, /, **params: Any) -> str:
    if i18n.has_message(key, lang, domains=(DOMAIN,), context=PAGE_CONTEXT):
        return i18n.render(key, lang, params, domains=(DOMAIN,), context=PAGE_CONTEXT)
    return i18n.render(key, lang, params, domains=SEARCH)


def key_of(take: Take) -> str:
    return f"take:{take.count}" if take.count else "reserve"


def paths(take: Take) -> list[tuple[str, ...]]:
    return [(key_of(take),)]


@dataclass(frozen=True)
class Offer:
    prompt: str
    legal: tuple[Take, ...] = ()

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(key_of(take) for take in self.legal)


class PebblesPage:
    name = "pebbles"
    stylesheet = ""
    level_order = ("random", "easy", "medium", "hard")
    colours: tuple[str, ...] = COLOURS
    variants: tuple[str, ...] = ("",)
    layouts = (("tall", PHONE_UPRIGHT),)  # one drawing for both: a small game
    min_players = max_players = 2

    def tr(self, key: str, lang: str, /, **params: Any) -> str:
        return tr(key, lang, **params)

    def level_name(self, level: str, lang: str) -> str:
        return tr(f"level_{level}", lang) if i18n.has_message(f"level_{level}", lang, domains=SEARCH) else level

    def colour_name(self, colour: str, lang: str) -> str:
        return tr(f"colour_{colour}", lang)

    def variant_name(self, variant: str, lang: str) -> str:
        return variant

    def shortcuts(self, lang: str) -> list[tuple[str, str]]:
        return [(tr("key_numbers", lang), tr("key_numbers_help", lang)), ("R", tr("key_reserve_help", lang))]

    def rules_html(self, lang: str) -> str:
        return f"<p>{escape(tr('rules', lang))}</p>"

    def how_to_play(self, lang: str) -> tuple[str, tuple[str, ...]]:
        return tr("howto_title", lang), tuple(tr(f"howto_{i}", lang) for i in (1, 2, 3))

    def lead(self, lang: str) -> str:
        return tr("game_lead", lang)

    # --- the board --------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int, start: int = 0, colours: tuple[int, ...] = (),
                  variant: str = "") -> State:
        return GAME.new_state(GAME.make_setup(num_players, seed, start, colours))

    def view_for(self, state: State, seat: int) -> Any:
        view = state.view(seat if seat >= 0 else max(state.current_player, 0))
        return view if seat >= 0 else dataclasses.replace(view, secret=0)

    def board_svg(self, view: Any, offer: Offer | None = None, *, names: Sequence[str] = (),
                  recent: frozenset[str] = frozenset(), lang: str = "en", layout: str = "wide",
                  you: bool = True, kinds: Sequence[str] = ()) -> str:
        """The heap, and a button per number of pebbles that may be taken now."""
        rows = (view.heap + PER_ROW - 1) // PER_ROW
        height = 60 + 40 * rows + 70
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="pebbles-board" viewBox="0 0 440 {height}" '
               f'role="group" aria-label="{escape(tr("board_title", lang, count=view.heap))}" data-step="{view.step}">',
               f'<rect width="440" height="{height}" rx="12" fill="#efe6d2"/>']
        for i in range(view.heap):
            x, y = 40 + 40 * (i % PER_ROW), 50 + 40 * (i // PER_ROW)
            out.append(f'<circle class="pebble" cx="{x}" cy="{y}" r="15" fill="#8a8478"/>')
        offered = offer.keys if offer is not None else frozenset()
        for k in (1, 2, 3):
            key = f"take:{k}"
            if key not in offered:
                continue
            label = escape(tr("take", lang, count=k))
            x = 20 + 140 * (k - 1)
            out.append(f'<g class="take offered" data-key="{key}" role="button" tabindex="0" aria-label="{label}">'
                       f'<rect x="{x}" y="{height - 60}" width="120" height="48" rx="8" fill="#7a1f14"/>'
                       f'<text x="{x + 60}" y="{height - 30}" text-anchor="middle" fill="#fff">{label}</text></g>')
        out.append("</svg>")
        return "".join(out)

    def preview_svg(self, num_players: int, lang: str, layout: str) -> str:
        return self.board_svg(self.view_for(self.new_state(2, 0), -1), lang=lang, layout=layout)

    # --- clicks -----------------------------------------------------------------------------------
    def fresh_choice(self) -> tuple[str, ...]:
        return ()

    def offer(self, state: State, choice: tuple[str, ...], lang: str, view: Any = None) -> Offer:
        return Offer(tr("prompt", lang), state.legal_actions())

    def click(self, state: State, choice: tuple[str, ...], key: str, lang: str) -> Clicked:
        selection, action = click_tree(state.legal_actions(), paths).click(choice, key)
        return Clicked(selection, action)

    def keys_for(self, state: State, action: Take) -> tuple[str, ...]:
        return click_tree(state.legal_actions(), paths).keys_for(action)

    def key_press(self, state: State, seat: int, choice: tuple[str, ...], offer: Offer, key: str) -> str | None:
        wanted = f"take:{key}" if key in "123" else "reserve" if key.lower() == "r" else ""
        return wanted if wanted and wanted in offer.keys else None

    # --- panels -----------------------------------------------------------------------------------
    def panels(self, state: State, view: Any, seat: int, offer: Offer | None, lang: str) -> Mapping[str, str]:
        reserve = ""
        if offer is not None and "reserve" in offer.keys:
            label = escape(tr("reserve", lang, count=state.secret[state.current]))
            reserve = f'<button type="button" class="btn" data-key="reserve">{label}</button>'
        hand = f'<p class="pebbles-secret">{escape(tr("secret", lang, count=view.secret))}</p>' if seat >= 0 else ""
        return {"actions": reserve, "hand": hand}

    def players_html(self, state: State, names: Sequence[str], kinds: Sequence[str], lang: str, viewer: int) -> str:
        out = []
        for seat, name in enumerate(names):
            shown = state.view(seat).shown[seat]
            note = f" · {escape(tr('secret_used', lang, count=shown))}" if shown else ""
            out.append(f'<div class="player" data-seat="{seat}">{escape(name)}{note}</div>')
        return "".join(out)

    def scores_html(self, state: State, names: Sequence[str], lang: str) -> str:
        return f"<p>{escape(self.verdict(state, names, lang))}</p>"

    def verdict(self, state: State, names: Sequence[str], lang: str) -> str:
        return tr("verdict", lang, player=names[state.winner])

    def action_text(self, outcome: Outcome, action: Take, after: State, names: Sequence[str], lang: str) -> str:
        player = names[outcome.seat]
        if action.count:
            return tr("log_take", lang, player=player, count=action.count)
        return tr("log_reserve", lang, player=player, count=after.secret[outcome.seat])

    def log_line(self, outcome: Outcome, action: Take, after: State, names: Sequence[str], lang: str) -> str:
        return self.action_text(outcome, action, after, names, lang)

    def recent_keys(self, outcome: Outcome, action: Take, after: State) -> frozenset[str] | None:
        return frozenset()


PAGE = PebblesPage()
__all__ = ["PAGE", "TAKES"]
