"""Every registered game can be played by the computer players (`toledo.ai`), which reach it only
through the registry: each level finishes games from every player count and variant, choosing
legal actions from its own seat's view, and a seeded game against them replays exactly."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conformance.cases import SEEDS, Case, cases, played, positions
from toledo.ai import bots, coach
from toledo.ai.search import HardBot
from toledo.core.i18n import LANGUAGES

CASES = cases()
GAMES = sorted({c.game for c in CASES})


def play(case: Case, seed: int, players: list[Any]) -> Any:
    """A game of `case` with one bot per seat; every choice is checked to be legal."""
    rules = case.rules()
    state = rules.new_state(case.setup(seed))
    while not state.is_terminal():
        seat = state.current_player
        legal = state.legal_actions()
        action = players[seat].choose(state.view(seat), legal)
        assert action in legal, (str(case), state.step, action)
        state.apply(action)
    assert len(state.returns()) == case.players
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_game_tells_the_computer_players_about_itself(game: str) -> None:
    rules = Case(game, 2, "").rules()
    heuristics = rules.heuristics()
    for name in ("prior_temperature", "easy_temperature", "hard_iterations", "playout_turns"):
        assert isinstance(getattr(heuristics, name), (int, float)), name
    for name in ("group", "score_actions", "rollout_action", "points", "win_values", "turn", "advance",
                 "forced", "reason"):
        assert callable(getattr(heuristics, name)), name


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_quick_levels_finish_every_game(case: Case) -> None:
    lineup = ["random", "easy", "greedy", "easy"][:case.players]
    players = [bots.make_bot(name, seed=seat, game=case.game) for seat, name in enumerate(lineup)]
    first = play(case, 21, players)
    again = play(case, 21, [bots.make_bot(name, seed=seat, game=case.game) for seat, name in enumerate(lineup)])
    assert again.history == first.history  # the bots' randomness is their own seeds'


@pytest.mark.parametrize("game", GAMES)
def test_medium_and_a_short_hard_search_finish_a_game(game: str) -> None:
    case = cases(game)[0]
    players = [bots.make_bot("medium", seed=1, game=game), HardBot(seed=2, iterations=12, game=game)]
    players += [bots.make_bot("greedy", seed=3, game=game)] * (case.players - 2)
    play(case, 22, players)


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_explains_a_hint_in_every_language(game: str) -> None:
    case = cases(game)[0]
    hinted = 0
    for state, _ in positions(case, SEEDS[0], every=max(1, len(played(case, SEEDS[0])[1]) // 4)):
        if state.is_terminal():
            continue
        seat = state.current_player
        found = coach.hint(game, state.view(seat), state.legal_actions(), iterations=30)
        assert found.best.action in state.legal_actions()
        for lang in LANGUAGES:
            text = coach.hint_text(found, lang)
            assert text and "{" not in text and "\n" not in text
        hinted += 1
    assert hinted >= 3

