"""Toledo as the platform sees it: the one `GAME` object of `toledo.core.protocol.Game`.

The platform's save files, share links, stored games, undo and replay are written once for every
game; this object answers what they must ask Toledo: its colours and rules revisions, how a setup is
made from a save file's fields, how action text is read, the move log, why undo stops where it
does, and which spaces an action touched.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any

from . import data as D
from .actions import Action, Kind, parse
from .describe import LogLine, describe
from .outcome import ToledoOutcome
from .sampling import sample_state
from .state import RULES_REVISION, Setup, State, replay
from ...core.boundary.excerpt import excerpt
from ...core.errors import SetupError

VARIANTS: tuple[str, ...] = ("base",)


class ToledoGame:
    """Toledo's entry point for the platform (`toledo.core.registry.get("toledo")`)."""

    name = "toledo"
    title = "Toledo"
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    colours: tuple[str, ...] = tuple(D.COLOURS)
    variants = VARIANTS
    setup_type = Setup
    # 1: the lead card after an opening extra card could repeat its value (T2 before its correction)
    rules_revisions: tuple[int, ...] = tuple(range(1, RULES_REVISION + 1))

    def make_setup(self, num_players: int, seed: int = 0, start_player: int = 0,
                   colours: Sequence[int] = (), variant: str = "", rules: int | None = None) -> Setup:
        if variant not in ("", *VARIANTS):
            raise SetupError(f"Toledo has no variant {excerpt(variant)} (only {', '.join(VARIANTS)})")
        return Setup(num_players, seed, start_player, tuple(colours), RULES_REVISION if rules is None else rules)

    def setup_variant(self, setup: Setup) -> str:
        return VARIANTS[0]

    def setup_rules(self, setup: Setup) -> int:
        return setup.rules

    def new_state(self, setup: Setup) -> State:
        return State(setup)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def sample_state(self, view: Any, rng: random.Random) -> State:
        return sample_state(view, rng)

    def heuristics(self) -> Any:
        """What the computer players know of Toledo, imported only when a computer player needs it."""
        return importlib.import_module(f"{__package__}.ai.heuristics").HEURISTICS

    def describe(self, outcome: ToledoOutcome, action: Action, after: State) -> LogLine:
        return describe(outcome, action, after)

    def undo_reason(self, state: State, floor: int) -> str:
        """The action just before `floor` revealed something or ended a turn: which one."""
        index = floor - 1 - state.base_step
        action = state.history[index]
        if action.kind in (Kind.END, Kind.PASS, Kind.PLACE, Kind.RETURN, Kind.DRAW):
            return "undo_stop_turn"  # the action that ended the previous turn
        if action.kind is Kind.CHALLENGE:
            return "undo_stop_duel"
        # USE or PAY: the tavern dealt cards, or the artist gave a painting
        return "undo_stop_tavern" if _used_tavern(state.setup, tuple(state.history[:index + 1])) else "undo_stop_painting"

    def recent_spaces(self, outcome: ToledoOutcome, action: Action, after: State) -> set[int]:
        """Where a pawn landed (the entry it took, when it went on into the Alcazar), a duel, a tile."""
        if action.is_move:
            return {min(outcome.source + D.CARD_VALUE[action.card], D.LAST_SPACE)}
        if action.kind is Kind.CHALLENGE and after.last_duel is not None:
            return {after.last_duel.space}
        if action.kind is Kind.PLACE:
            return {action.space}
        if action.kind is Kind.RETURN:
            return {D.CATHEDRAL}
        return set()


_TAVERN_CACHE: dict[tuple[Setup, tuple[Action, ...]], bool] = {}


def _used_tavern(setup: Setup, actions: tuple[Action, ...]) -> bool:
    """Whether the last of `actions` (a use or payment) was at a tavern (else the artist)."""
    key = (setup, actions)
    if key not in _TAVERN_CACHE:
        before = replay(setup, list(actions[:-1]))
        _TAVERN_CACHE.clear()  # one entry is enough: the floor changes once per reveal
        _TAVERN_CACHE[key] = D.SPACE_KINDS[before.pawn_pos[before.active_pawn]] == D.SpaceKind.TAVERN
    return _TAVERN_CACHE[key]


GAME = ToledoGame()
