"""Toledo's page parts (`toledo.core.page.GamePage`): pure functions of the state and the pick so far.

    clicks     what a click means and what is offered (every offer a filter of the legal actions)
    keyboard   the shortcut keys, a pure function of the offer
    panels     players, hand, tiles, buttons, duel and scores as HTML
    svg        the board (with pieces_svg, board_layout), a pure function of a view
    landings   what a landing would cost, for the buttons of a picked card
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ....core.page import DESKTOP_UPRIGHT, PHONE_UPRIGHT, Clicked, PageWords, split_key
from .. import data as D
from .. import words
from ..actions import Action, Kind
from ..describe import describe
from ..game import GAME
from ..outcome import ToledoOutcome
from ..rules_help import rules_html
from ..state import Setup, State
from . import clicks, keyboard, panels
from .svg import board_svg

_PREVIEWS: dict[tuple[int, str, str], str] = {}  # the start screen's boards, drawn once


class ToledoPage(PageWords):
    name = "toledo"
    words = words
    rules = staticmethod(rules_html)
    stylesheet = ""  # the site's own sheet (web/static/toledo.css, the frame's) draws Toledo's board too
    # weakest first, as the ladder rates them; the benchmark-only levels are not offered
    level_order = ("easy", "greedy", "medium", "hard", "expert")
    colours: tuple[str, ...] = tuple(D.COLOURS)
    variants: tuple[str, ...] = ("",)
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    # The long board's tall drawing, fitted to the screen's height, also beside the side panel of a screen
    # held upright (1024 x 1366: tiles of 87 px and words of 13, where the wide one gave 65 and 10).
    layouts = (("tall", f"{PHONE_UPRIGHT}, {DESKTOP_UPRIGHT}"),)

    # --- words and help ---------------------------------------------------------------------------
    def variant_name(self, variant: str, lang: str) -> str:
        return variant

    def shortcuts(self, lang: str) -> list[tuple[str, str]]:
        return [(words.tr(key, lang) if key.startswith("key_") else key, words.tr(text, lang))
                for key, text in keyboard.SHORTCUTS]

    # --- the board --------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int, start: int = 0, colours: tuple[int, ...] = (),
                  variant: str = "") -> State:
        return State(Setup(num_players, seed, start, colours))

    def view_for(self, state: State, seat: int) -> Any:
        """`seat`'s view; for a spectator (-1) the player to act's without cards."""
        view = state.view(seat if seat >= 0 else max(state.current_player, 0))
        return view if seat >= 0 else dataclasses.replace(view, hand=(0,) * D.NUM_CARD_KINDS)

    def board_svg(self, view: Any, offer: clicks.Offer | None = None, *, names: Sequence[str] = (),
                  recent: frozenset[str] = frozenset(), lang: str = "en", layout: str = "wide",
                  you: bool = True, kinds: Sequence[str] = ()) -> str:
        # the levels are in the players' cards beside the board, so `kinds` is not drawn here
        o = offer if offer is not None else clicks.Offer(prompt="")
        spaces = {int(ident) for kind, ident in map(split_key, recent) if kind == "space"}
        return board_svg(view, names=names, legal_spaces=o.spaces, legal_pawns=o.pawns, legal_swords=o.swords,
                         legal_fencing=o.fencing, selected_pawn=o.selected_pawn, recent=spaces,
                         layout=layout, lang=lang, you=you)

    def preview_svg(self, num_players: int, lang: str, layout: str) -> str:
        key = (num_players, lang, layout)
        if key not in _PREVIEWS:
            _PREVIEWS[key] = board_svg(State(Setup(num_players, 0)), layout=layout, lang=lang)
        return _PREVIEWS[key]

    # --- clicks -----------------------------------------------------------------------------------
    def fresh_choice(self) -> clicks.Pick:
        return clicks.Pick()

    def offer(self, state: State, choice: clicks.Pick, lang: str, view: Any = None) -> clicks.Offer:
        return clicks.offer(state, choice, lang)

    def click(self, state: State, choice: clicks.Pick, key: str, lang: str) -> Clicked:
        result = clicks.click_key(state, choice, key, lang)
        return Clicked(result.pick, result.action, result.message)

    def keys_for(self, state: State, action: Action) -> tuple[str, ...]:
        return clicks.keys_for(state, action)

    def key_press(self, state: State, seat: int, choice: clicks.Pick, offer: clicks.Offer, key: str) -> str | None:
        hand = state.hand(seat) if seat >= 0 else []
        target = keyboard.shortcut(key, offer, hand, choice.card)
        return None if target is None else f"{target[0]}:{target[1]}"

    # --- panels -----------------------------------------------------------------------------------
    def panels(self, state: State, view: Any, seat: int, offer: clicks.Offer | None, lang: str) -> Mapping[str, str]:
        """The boxes beside the board: the buttons, the shown seat's hand, the tiles to place."""
        o = offer if offer is not None else clicks.Offer(prompt="")
        hand = panels.hand_html(state.hand(seat), o.cards, lang, view) if seat >= 0 else ""
        tiles = (panels.tiles_html(o.tiles, o.selected_tile, state.colour_of(state.current), lang)
                 if o.tiles is not None else "")
        return {"actions": panels.buttons_html(o.buttons, keyboard.BUTTON_KEYS), "hand": hand, "tiles": tiles}

    def players_html(self, state: State, names: Sequence[str], kinds: Sequence[str], lang: str, viewer: int) -> str:
        return panels.players_html(state, names, kinds, lang, viewer)

    def scores_html(self, state: State, names: Sequence[str], lang: str) -> str:
        return panels.scores_html(state, names, lang)

    def verdict(self, state: State, names: Sequence[str], lang: str) -> str:
        return panels.verdict_text(state, names, lang)

    def action_text(self, outcome: ToledoOutcome, action: Action, after: State, names: Sequence[str],
                    lang: str) -> str:
        return describe(outcome, action, after).text(lang, list(names))

    def log_line(self, outcome: ToledoOutcome, action: Action, after: State, names: Sequence[str], lang: str) -> str:
        text = self.action_text(outcome, action, after, names, lang)
        if outcome.final_round:
            text += " " + words.tr("log_final_round", lang)
        return text

    def recent_keys(self, outcome: ToledoOutcome, action: Action, after: State) -> frozenset[str] | None:
        """The spaces an action touched (`GAME.recent_spaces`: where a pawn landed, a duel, a tile); nothing
        after a turn's end; None (the last news stays) for what happens on the space a pawn just reached."""
        touched = GAME.recent_spaces(outcome, action, after)
        if touched:
            return frozenset(f"space:{space}" for space in touched)
        return frozenset() if action.kind in (Kind.END, Kind.DRAW, Kind.PASS) else None


PAGE = ToledoPage()
