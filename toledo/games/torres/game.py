"""The platform's entry point for Torres: the `Game` object the registry hands out."""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence

from . import data as D
from .actions import Action, Kind, parse
from .sampling import sample_state
from .state import Setup, State
from .view import PlayerView


class TorresGame:
    """Torres (Kramer & Kiesling, 1999) for the platform (see toledo.core.protocol.Game)."""

    name = "torres"
    title = "Torres"
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    colours = D.COLOURS
    variants = D.VARIANTS  # base, own-deck (the rulebook's variant), master

    def make_setup(self, num_players: int, seed: int = 0, start_player: int = 0, colours: Sequence[int] = (),
                   variant: str = "") -> Setup:
        return Setup(num_players, seed, start_player, tuple(colours), variant or D.VARIANTS[0])

    def setup_variant(self, setup: Setup) -> str:
        return setup.variant

    def new_state(self, setup: Setup) -> State:
        return State(setup)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def sample_state(self, view: PlayerView, rng: random.Random) -> State:
        return sample_state(view, rng)

    def undo_reason(self, state: State, floor: int) -> str:
        """Why undo stops at `floor`: a card bought (its face was seen), else the previous turn's end."""
        action = state.history[floor - 1 - state.base_step]
        return "undo_stop_card" if action.kind is Kind.BUY else "undo_stop_turn"

    def heuristics(self) -> object:
        """What the computer players know of Torres, imported only when a computer player needs it."""
        return importlib.import_module(f"{__package__}.ai.heuristics").HEURISTICS

    def __repr__(self) -> str:
        return "<Game torres>"


GAME = TorresGame()
