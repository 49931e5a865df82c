"""Every registered game's `apply` tells what it did (`toledo.core.protocol.Outcome`), and what it tells
agrees with the change of state it made: the log, the page's news and its banners are made from it
instead of from a copy of the state before the action."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest

from tests.conformance.cases import SEEDS, Case, cases, played
from toledo.core.protocol import Outcome
from toledo.games.toledo import data as TD
from toledo.games.toledo.outcome import ToledoOutcome
from toledo.games.torres.outcome import TorresOutcome
from toledo.games.torres.stage import Stage

CASES = cases()


def _toledo_told(before: Any, action: Any, after: Any) -> ToledoOutcome:
    """What Toledo's log and page read from the states before and after an action."""
    seat = before.current
    kind = action.kind.name
    pawn = source = -1
    if kind in ("MOVE", "EXTRA", "RETURN"):
        pawn = seat * TD.PAWNS_PER_PLAYER + action.pawn
    elif kind in ("USE", "PAY", "CARRY", "CHALLENGE"):
        pawn = before.active_pawn
    if pawn >= 0:
        source = before.pawn_pos[pawn]
    return ToledoOutcome(seat, after.is_terminal(), pawn, source, after.hand_sizes[seat] - before.hand_sizes[seat],
                         before.final_turns_left < 0 <= after.final_turns_left,
                         after.pawns_in_alcazar(seat) > before.pawns_in_alcazar(seat))


def _torres_told(before: Any, action: Any, after: Any) -> TorresOutcome:
    """What Torres's log and scoring box read from the states before and after an action."""
    seat = before.current_player
    if before.stage == Stage.TURN and after.stage in (Stage.KING_MOVE, Stage.OVER):
        return TorresOutcome(seat, after.is_terminal(), before.stage, tuple(before.score), before.phase,
                             before.round_start)
    return TorresOutcome(seat, after.is_terminal(), before.stage)


TOLD: dict[str, Callable[[Any, Any, Any], Outcome]] = {"toledo": _toledo_told, "torres": _torres_told}


@pytest.mark.parametrize("seed", SEEDS[:2])
@pytest.mark.parametrize("case", CASES, ids=str)
def test_apply_tells_what_changed(case: Case, seed: int) -> None:
    setup, actions = played(case, seed)
    state = case.rules().new_state(setup)
    told = TOLD.get(case.game)
    for action in actions:
        before = state.clone()
        outcome = state.apply(action)
        assert isinstance(outcome, Outcome) and hash(outcome) == hash(outcome)
        with pytest.raises(AttributeError):
            outcome.seat = -1  # type: ignore[misc]
        assert outcome.seat == before.current_player and outcome.ended == state.is_terminal()
        if told is not None:
            assert outcome == told(before, action, state), (case, state.step, str(action))
    assert outcome.ended


@pytest.mark.parametrize("game", sorted(TOLD))
def test_the_log_made_from_outcomes_says_what_before_and_after_said(game: str) -> None:
    page = importlib.import_module(f"toledo.games.{game}.page").PAGE
    told = TOLD[game]
    lines = 0
    for case in cases(game):
        setup, actions = played(case, SEEDS[0])
        names = ["Ana", "Ben", "Cem", "Dai"][:case.players]
        state = case.rules().new_state(setup)
        for action in actions:
            before = state.clone()
            outcome = state.apply(action)
            old = told(before, action, state)
            lang = ("en", "de", "fr")[state.step % 3]
            assert page.log_line(outcome, action, state, names, lang) == page.log_line(old, action, state, names, lang)
            assert page.recent_keys(outcome, action, state) == page.recent_keys(old, action, state)
            lines += 1
    assert lines > 1000
