"""How the whole-turn search plays the turns after the one it weighs: the rivals answering by Medium's
lookahead (`MediumBot.play_turn`) and, with two rounds, the seat's own next turn and the rivals' answers
to it before a leaf is weighed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from toledo.ai.bots import make_bot
from toledo.ai.games import game_ai
from toledo.ai.medium import MediumBot, favourites
from toledo.ai.plan import PlanBot, PlanConfig, PlanSearch
from toledo.games.torres import State, new_game, sample_state
from toledo.games.torres.stage import Stage

GAME = "torres"


def _turn_start(players: int, seed: int, turns: int) -> State:
    """A base-game position at the start of a turn, `turns` turns into phase play (Greedy's moves)."""
    state = new_game(players, seed=seed)
    bots = [make_bot("greedy", seed + i, game=GAME) for i in range(players)]
    while state.stage != Stage.TURN or state.turn < turns:
        state.apply(bots[state.current].choose(state.view(state.current), state.legal_actions()))
    return state


def _run(search: PlanSearch, state: State) -> PlanSearch:
    search.start(state.view(state.current), state.legal_actions())
    while not search.run(1e9):
        pass
    return search


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_medium_plays_a_rivals_whole_turn_from_its_favourite_first_actions(seed: int) -> None:
    """The lookahead plays the turn of whoever is to act, starting with one of the scorer's favourites,
    to the turn's end, on a copy: the position it is given is untouched."""
    h = game_ai(GAME).heuristics
    state = _turn_start(3, seed, 4 + seed)
    seat, turn, step = state.current, state.turn, state.step
    options = list(h.group(state.legal_actions(), state).values())
    firsts = [options[i] for i in favourites(h, state, options)]
    assert 1 <= len(firsts) <= h.medium_width < len(options)
    play = MediumBot(seed, game=GAME).play_turn(state)
    steps = 0
    try:
        while True:
            next(play)
            steps += 1
    except StopIteration as done:
        end = done.value
    assert steps == len(firsts)  # one option weighed per step: the page's slices stay short
    assert state.step == step and state.current == seat  # the given position is left as it was
    assert end.history[step] in firsts
    assert end.turn > turn or end.current != seat  # the turn is over


def test_medium_looks_at_the_same_favourites_as_its_lookahead_model() -> None:
    """Medium's own decision and the rivals' model start from the same few options."""
    h = game_ai(GAME).heuristics
    state = _turn_start(3, 4, 6)
    search = MediumBot(1, game=GAME, samples=1).search(state.view(state.current), state.legal_actions())
    groups = h.group(state.legal_actions(), state)
    keys = list(groups)
    wanted = [keys[i] for i in favourites(h, search.states[0], [groups[k] for k in keys])]
    assert search.keys == wanted and len(wanted) == h.medium_width


def _leaf_turns(monkeypatch: pytest.MonkeyPatch, state: State, config: PlanConfig) -> set[int]:
    """The turn counters of the positions a search weighs its candidates at."""
    seen: set[int] = set()
    original = PlanSearch._margin

    def margin(self: PlanSearch, s: Any, seat: int) -> float:
        if s.stage == Stage.TURN and s.current == seat == self.me and s.ap == 5:
            seen.add(s.turn)
        return original(self, s, seat)

    monkeypatch.setattr(PlanSearch, "_margin", margin)
    _run(PlanSearch(3, config, game=GAME), state)
    return seen


@pytest.mark.parametrize("reply_by", ["search", "lookahead"])
def test_two_rounds_weigh_a_turn_where_the_seat_is_to_act_a_round_later(monkeypatch: pytest.MonkeyPatch,
                                                                      reply_by: str) -> None:
    """One round weighs a candidate turn when the seat is next to act (the rivals have answered); two
    rounds play its own next turn and the rivals' answers to that too."""
    state = _turn_start(3, 5, 3)
    base = dict(width=12, per_node=10, plans=4, samples=1, reply_width=2, reply_per_node=3, reply_by=reply_by)
    one = _leaf_turns(monkeypatch, state, PlanConfig(**base))
    monkeypatch.undo()
    two = _leaf_turns(monkeypatch, state, PlanConfig(**base, rounds=2))
    assert one == {state.turn + 3}
    assert two == {state.turn + 6}


def test_hard_and_expert_weigh_two_rounds_against_medium_like_rivals_with_three_and_four_players() -> None:
    """With three or four players the rivals answer by Medium's lookahead and a turn is weighed two rounds
    on, Expert on more sampled states than Hard; two players keep the turn search's answers and one round."""
    hard, expert = make_bot("hard", 1, game=GAME), make_bot("expert", 1, game=GAME)
    assert isinstance(hard, PlanBot) and isinstance(expert, PlanBot)
    for bot in (hard, expert):
        two = bot.config.for_players(2)
        assert (two.reply_by, two.rounds) == ("search", 1)
        for players in (3, 4):
            config = bot.config.for_players(players)
            assert (config.reply_by, config.rounds) == ("lookahead", 2)
    for players in (3, 4):
        assert expert.config.for_players(players).samples > hard.config.for_players(players).samples


def test_a_search_with_two_rounds_replays_and_chooses_a_legal_action() -> None:
    config = PlanConfig(width=12, per_node=10, plans=4, samples=2, reply_by="lookahead", rounds=2)
    for seed in (1, 2):
        state = _turn_start(3, seed, 2)
        first, again = _run(PlanSearch(9, config, game=GAME), state), _run(PlanSearch(9, config, game=GAME), state)
        assert first.budget == len(first.candidates) * 2 > 2  # the candidates were weighed
        assert first.totals == again.totals and first.best() == again.best()
        assert first.best() in state.legal_actions()


@pytest.mark.parametrize("players", [3, 4])
def test_two_rounds_decide_from_the_seats_view_alone(players: int) -> None:
    """Medium's lookahead for the rivals and the seat's own next turn play on states drawn from the
    view, so two states that differ only in what the seat cannot see give the same decision."""
    config = PlanConfig(width=12, per_node=10, plans=4, samples=2, reply_by="lookahead", rounds=2)
    rng = random.Random(players)
    checked = 0
    for seed in (1, 2, 3):
        state = _turn_start(players, seed, 2 + seed)
        seat = state.current
        twin = sample_state(state.view(seat), rng)
        assert twin.view(seat) == state.view(seat)
        if twin.deck == state.deck and twin.hands == state.hands:
            continue
        first = PlanBot(11, game=GAME, config=config).choose(state.view(seat), state.legal_actions())
        second = PlanBot(11, game=GAME, config=config).choose(twin.view(seat), twin.legal_actions())
        assert first == second
        checked += 1
    assert checked >= 2
