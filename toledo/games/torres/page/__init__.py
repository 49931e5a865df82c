"""Torres's page parts (`toledo.core.page.GamePage`): pure functions of the state and the selection so far.

    clicks        the click paths of every action and what is offered (the core's click tree)
    panels        players, hand, buttons as HTML
    scoring_view  a phase's scoring told line by line, the ranking and its chart
    svg           the board and its side panels (with svg_base, svg_board, pieces_svg), a pure function of a view
    words         the page's words (the catalogue's "page" context first)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ....core.page import PHONE_UPRIGHT, SQUARISH_DESKTOP, TABLET_UPRIGHT, Clicked, PageWords
from .. import GAME, State
from .. import data as D
from ..actions import Action
from ..describe import describe, events
from ..outcome import TorresOutcome
from ..rules_help import rules_html
from . import clicks as O
from . import panels, scoring_view, words
from .svg import board_svg

KEY_NUMBERS = "123456789"
NO_CARDS = (0,) * D.NUM_CARD_TYPES


def log_text(outcome: TorresOutcome, action: Action, after: State, names: Sequence[str], language: str) -> str:
    """One log entry per action: the action, then what it set off (a scoring, a new phase, the end)."""
    return " ".join(line.text(language, list(names))
                    for line in (describe(outcome, action, after), *events(outcome, after)))


_PREVIEWS: dict[tuple[int, tuple[str, ...], str, str], str] = {}  # the start screen's boards, drawn once


def preview_svg(num_players: int, names: tuple[str, ...], language: str, layout: str) -> str:
    """The start board for `num_players` (seats named by their colours when `names` is empty)."""
    key = (num_players, names, language, layout)
    if key not in _PREVIEWS:
        state = State(GAME.make_setup(num_players, 0))
        _PREVIEWS[key] = board_svg(state.view(0), lang=language, layout=layout, names=names)
    return _PREVIEWS[key]


class TorresPage(PageWords):
    name = "torres"
    words = words
    rules = staticmethod(rules_html)
    stylesheet = "style.css"  # beside this file; the build links it into the page
    # weakest first, as the ladder rates them; the benchmark-only levels are not offered
    level_order = ("random", "easy", "greedy", "medium", "hard", "expert")
    colours: tuple[str, ...] = tuple(D.COLOURS)
    variants: tuple[str, ...] = tuple(D.VARIANTS)
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    # A phone held sideways too: its short box would shrink the wide drawing (a square board with its
    # panels beside it) past reading and tapping, where the tall one keeps both and scrolls in the box; a
    # short but wide screen (a laptop's low window, from 1000 px) has the room for the wide one, whole. A
    # tablet held upright, or a squarish box beside the side panel, would leave the wide drawing's square
    # board a third of the screen.
    layouts = (("tall", PHONE_UPRIGHT + ", (max-height: 560px) and (max-width: 999px)"), ("upright", TABLET_UPRIGHT),
               ("square", SQUARISH_DESKTOP))

    # --- words and help ---------------------------------------------------------------------------
    def variant_name(self, variant: str, lang: str) -> str:
        return words.tr(f"variant_{variant}", lang)

    def shortcuts(self, lang: str) -> list[tuple[str, str]]:
        tr = words.tr
        return [(tr("key_buttons", lang), tr("key_buttons_help", lang)),
                ("Esc", tr("key_escape_help", lang)), ("E", tr("key_end_help", lang)),
                ("Tab · ←↑→↓ · Enter", tr("key_board_help", lang))]

    # --- the board --------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int, start: int = 0, colours: tuple[int, ...] = (),
                  variant: str = "") -> State:
        return State(GAME.make_setup(num_players, seed, start, colours, variant or D.VARIANTS[0]))

    def view_for(self, state: State, seat: int) -> Any:
        """`seat`'s view; for a spectator (-1) the player to act's without any secret (in the master
        version nothing is secret)."""
        view = state.view(seat if seat >= 0 else max(state.current_player, 0))
        if seat < 0 and state.setup.variant != "master":
            view = dataclasses.replace(view, hand=NO_CARDS, fresh=NO_CARDS, hands=(None,) * state.n, deck_top=(),
                                       deck_bottom=())
        return view

    def board_svg(self, view: Any, offer: O.Offers | None = None, *, names: Sequence[str] = (),
                  recent: frozenset[str] = frozenset(), lang: str = "en", layout: str = "wide",
                  you: bool = True, kinds: Sequence[str] = ()) -> str:
        levels = panels.levels_of(names, kinds, lang)
        if offer is None:
            return board_svg(view, recent=recent, names=tuple(names), lang=lang, layout=layout, you=you, levels=levels)
        return board_svg(view, offered=offer.keys, selected=offer.selected, recent=recent, names=tuple(names),
                         lang=lang, layout=layout, costs=panels.costs_of(offer), path=panels.passage_path(offer, view),
                         you=you, levels=levels)

    def preview_svg(self, num_players: int, lang: str, layout: str) -> str:
        return preview_svg(num_players, (), lang, layout)

    # --- clicks -----------------------------------------------------------------------------------
    def fresh_choice(self) -> O.Selection:
        return O.NOTHING

    def offer(self, state: State, choice: O.Selection, lang: str, view: Any = None) -> O.Offers:
        return O.offers(state, choice, view=view, lang=lang)

    def click(self, state: State, choice: O.Selection, key: str, lang: str) -> Clicked:
        selection, action = O.click(state, choice, key)
        return Clicked(selection, action, "")

    def keys_for(self, state: State, action: Action) -> tuple[str, ...]:
        return O.keys_for(state, action)

    def key_press(self, state: State, seat: int, choice: O.Selection, offer: O.Offers, key: str) -> str | None:
        """The numbered buttons, Escape to cancel, E to end the turn."""
        buttons = offer.buttons()
        if key in KEY_NUMBERS and int(key) <= len(buttons):
            return buttons[int(key) - 1].key
        if key == "Escape" and choice:
            return O.CANCEL
        if key.lower() == "e" and O.END in offer.keys:
            return O.END
        return None

    # --- panels -----------------------------------------------------------------------------------
    def hand_of(self, state: State, view: Any, seat: int, lang: str) -> str:
        """`seat`'s hand in words (the cards just bought marked, when `view` is that seat's)."""
        return panels.hand_html(state.hands[seat], view.fresh if seat == view.seat else NO_CARDS, lang)

    def panels(self, state: State, view: Any, seat: int, offer: O.Offers | None, lang: str) -> Mapping[str, str]:
        return {"actions": panels.buttons_html(offer.buttons()) if offer is not None else "",
                "hand": self.hand_of(state, view, seat, lang) if seat >= 0 else ""}

    def players_html(self, state: State, names: Sequence[str], kinds: Sequence[str], lang: str, viewer: int) -> str:
        return panels.players_html(state, names, kinds, lang, viewer)

    def scores_html(self, state: State, names: Sequence[str], lang: str) -> str:
        totals = scoring_view.phase_totals(GAME, state.setup, state.history)
        return scoring_view.ranking_html(state, names, totals, lang)

    def verdict(self, state: State, names: Sequence[str], lang: str) -> str:
        return scoring_view.verdict(state, names, lang)

    def action_text(self, outcome: TorresOutcome, action: Action, after: State, names: Sequence[str],
                    lang: str) -> str:
        return describe(outcome, action, after).text(lang, list(names))

    def log_line(self, outcome: TorresOutcome, action: Action, after: State, names: Sequence[str], lang: str) -> str:
        return log_text(outcome, action, after, names, lang)

    def recent_keys(self, outcome: TorresOutcome, action: Action, after: State) -> frozenset[str] | None:
        return O.recent_keys(action)


PAGE = TorresPage()
