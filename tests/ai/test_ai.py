"""The computer players: legal, honest (only their seat's view matters), deterministic, sliceable."""

from __future__ import annotations

import itertools
import json
import random
import time
from typing import Callable, Iterator

import pytest

from toledo import State, new_game, sample_state
from toledo.ai import LEVELS, EasyBot, ExpertBot, HardBot, MediumBot, Search
from toledo.games.toledo.ai.common import action_key, group_actions
from toledo.ai.tournament import lineup, run_tournament, summarise, wilson
from toledo.ai.bots import Bot, make_bot
from toledo.ai.games import game_ai
from toledo.cli import main
from toledo.core.heuristics import lead
from toledo.games.toledo.state import Phase

TINY = 24  # search iterations: enough to exercise every code path, cheap enough for many positions


def tiny_bot(level: str, seed: int) -> Bot:
    """Each level at a test-sized budget (the search levels' logic is the same at any budget)."""
    if level == "hard":
        return HardBot(seed, iterations=TINY, game="toledo")
    if level == "expert":
        return ExpertBot(seed, iterations=TINY, game="toledo")
    return make_bot(level, seed, "toledo")


def positions(count: int, seed: int) -> list[State]:
    """Decision points with a real choice from seeded games of 2-4 players, at every phase of a
    turn; mostly played by Easy (realistic positions) with random moves mixed in (odd ones)."""
    out: list[State] = []
    for state in iter_positions(seed):
        out.append(state)
        if len(out) == count:
            break
    return out


def iter_positions(seed: int) -> Iterator[State]:
    """`positions` one at a time, for a search that may stop early."""
    rng = random.Random(seed)
    game = 0
    while True:
        players = 2 + game % 3
        state = new_game(players, seed=seed * 1000 + game)
        bots = [EasyBot(seed + i, "toledo") for i in range(players)]
        target = rng.randrange(5, 400)
        while not state.is_terminal() and state.step < target:
            legal = state.legal_actions()
            if rng.random() < 0.2:
                action = legal[rng.randrange(len(legal))]
            else:
                action = bots[state.current].choose(state.view(state.current), legal)
            state.apply(action)
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            yield state
        game += 1


POSITIONS = positions(36, seed=5)


def test_positions_cover_every_kind_of_decision() -> None:
    phases = {s.phase for s in POSITIONS}
    assert {Phase.START, Phase.CONTINUE, Phase.USE} <= phases
    assert {s.n for s in POSITIONS} == {2, 3, 4}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action(level: str) -> None:
    for i, state in enumerate(POSITIONS):
        seat = state.current
        legal = state.legal_actions()
        action = tiny_bot(level, i).choose(state.view(seat), legal)
        assert action in legal, (level, str(action), state.summary())


@pytest.mark.parametrize("level", [*LEVELS, "greedy", "scorer"])
def test_hidden_information_does_not_change_the_decision(level: str) -> None:
    """Two states that differ only in what the seat cannot see (other hands, draw order, future
    reshuffles) give the same view, so the same bot with the same seed decides the same."""
    rng = random.Random(11)
    checked = 0
    for i, state in enumerate(POSITIONS[:14]):
        seat = state.current
        view = state.view(seat)
        twin = sample_state(view, rng)
        assert twin.view(seat) == view
        differs = twin.draw_pile != state.draw_pile or any(
            twin.hands[q] != state.hands[q] for q in range(state.n) if q != seat)
        if not differs:
            continue
        checked += 1
        first = tiny_bot(level, 100 + i).choose(view, state.legal_actions())
        second = tiny_bot(level, 100 + i).choose(twin.view(seat), twin.legal_actions())
        assert first == second, (level, str(first), str(second))
    assert checked >= 10


def test_greedy_scores_read_nothing_hidden() -> None:
    """Not only the choice: every action's Greedy score is the same on a state and on another one
    drawn from the same view (other hands and pile order guessed afresh)."""
    h = game_ai("toledo").heuristics
    rng = random.Random(12)
    for state in POSITIONS:
        seat = state.current
        twin = sample_state(state.view(seat), rng)
        legal = state.legal_actions()
        assert twin.draw_pile != state.draw_pile
        assert h.greedy_scores(state, legal) == h.greedy_scores(twin, legal)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_decision(level: str) -> None:
    for i, state in enumerate(POSITIONS[:12]):
        view, legal = state.view(state.current), state.legal_actions()
        assert tiny_bot(level, i).choose(view, legal) == tiny_bot(level, i).choose(view, legal)


def test_bots_see_only_a_view_copy_and_leave_the_state_alone() -> None:
    state = POSITIONS[3]
    before = state.summary()
    for level in LEVELS:
        tiny_bot(level, 1).choose(state.view(state.current), state.legal_actions())
    assert state.summary() == before


def test_search_runs_in_short_slices_and_gives_a_legal_best() -> None:
    state = next(s for s in POSITIONS if s.phase == Phase.START)
    legal = state.legal_actions()
    search = Search(iterations=150, seed=3, game="toledo")
    search.start(state.view(state.current), legal)
    assert search.best() in legal  # usable even before any iteration (the heuristic's pick)
    slices = 0
    while True:
        done = search.run(0.01)
        slices += 1
        assert search.best() in legal
        if done:
            break
    assert slices > 1 and search.done == search.budget  # (how long a slice takes: scripts/bench_ai.py)
    assert search.run(0.01) is True  # nothing left to do


def test_slicing_does_not_change_the_result() -> None:
    state = next(s for s in POSITIONS if s.phase == Phase.START)
    view, legal = state.view(state.current), state.legal_actions()
    whole = Search(iterations=80, seed=9, game="toledo")
    whole.start(view, legal)
    whole.run(60.0)
    sliced = Search(iterations=80, seed=9, game="toledo")
    sliced.start(view, legal)
    while not sliced.run(0.002):
        pass
    assert sliced.best() == whole.best() and sliced.stats() == whole.stats()


def test_browser_loop_decides_like_choose() -> None:
    """Driving the bot's Search in slices (as the page does) gives the decisions `choose` gives,
    decision after decision, because both advance the bot's generator alike."""
    sliced_bot, plain_bot = HardBot(5, iterations=40, game="toledo"), HardBot(5, iterations=40, game="toledo")
    for state in POSITIONS[:6]:
        view, legal = state.view(state.current), state.legal_actions()
        search = sliced_bot.search(view, legal)
        while not search.run(0.003):
            pass
        assert search.best() == plain_bot.choose(view, legal)


def test_a_settled_search_decides_as_the_whole_budget_does_and_stops_once_nothing_can_overtake() -> None:
    """`settle` stops when the most visited option leads the next by more than the iterations left:
    the decision is the whole budget's, on the same seed, at every position; many stop early."""
    stopped = 0
    for i, state in enumerate(POSITIONS[:16]):
        view, legal = state.view(state.current), state.legal_actions()
        whole = Search(iterations=200, seed=i, game="toledo")
        settled = Search(iterations=200, seed=i, game="toledo", settle=True)
        for search in (whole, settled):
            search.start(view, legal)
            while not search.run(0.01):
                pass
        assert settled.best() == whole.best() and whole.done == whole.budget
        assert settled.done <= settled.budget
        if settled.done < settled.budget:
            stopped += 1
            visits = sorted((v for _, v, _ in settled.ranking()), reverse=True)
            assert visits[0] - visits[1] > settled.budget - settled.done
            assert settled.run(0.01) is True  # settled for good
    assert stopped >= 4


def test_the_bots_settle_and_a_bare_search_or_one_weighed_option_runs_its_whole_budget() -> None:
    state = POSITIONS[0]
    view, legal = state.view(state.current), state.legal_actions()
    assert HardBot(1, game="toledo").search(view, legal).settle and ExpertBot(1, game="toledo").search(view, legal).settle
    assert not Search(game="toledo").settle  # the coach shows every option's visits
    only = Search(iterations=30, seed=1, game="toledo", settle=True)
    only.start(view, legal, only=legal[0])
    while not only.run(0.01):
        pass
    assert only.done == only.budget == 30  # one option's value, not a choice: nothing to settle


class _LeafTurns:
    """Toledo's heuristics, recording the turn of every position the search weighs."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.turns: list[int] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def win_values(self, state: State) -> list[float]:
        self.turns.append(-1 if state.is_terminal() else state.turn)
        return self.inner.win_values(state)  # type: ignore[attr-defined]


@pytest.mark.parametrize("search_turns", [1, 2, 4])
def test_search_weighs_every_leaf_as_the_same_turn_ends(search_turns: int) -> None:
    """With `search_turns`, the tree stops growing and playouts stop where that many turns after the
    decision's own have ended, so every leaf is compared at the same moment (or the game's end)."""
    from toledo.ai.games import GameAI
    from toledo.ai.search import SearchConfig

    state = next(s for s in POSITIONS if s.phase == Phase.START and s.n == 2)
    search = Search(iterations=120, seed=4, config=SearchConfig(search_turns=search_turns), game="toledo")
    spy = _LeafTurns(search.game.heuristics)
    search.game = GameAI(search.game.name, spy, search.game.sample_state)  # type: ignore[arg-type]
    search.start(state.view(state.current), state.legal_actions())
    search.run(60.0)
    assert search.done == search.budget and len(spy.turns) == search.done
    assert set(spy.turns) <= {state.turn + search_turns + 1, -1}
    assert state.turn + search_turns + 1 in spy.turns


def test_toledo_hard_weighs_leaves_after_the_same_turn_by_default() -> None:

    h = game_ai("toledo").heuristics
    search = Search(iterations=10, game="toledo")
    assert search.config.search_turns == h.search_turns > 0 and search.config.per_option == h.hard_per_option


def test_toledo_search_explores_as_the_table_size_asks() -> None:
    """Toledo's heuristics name an exploration constant per table size (less exploration wins more
    with four players); other sizes, and a search given its own settings, keep the config's."""
    from toledo.ai.search import SearchConfig

    sizes = game_ai("toledo").heuristics.hard_c_puct
    default = SearchConfig().c_puct
    assert sizes and 2 not in sizes and all(0 < c < default for c in sizes.values())
    for players in (2, 3, 4):
        state = next(s for s in POSITIONS if s.n == players)
        for bot in (HardBot(1, iterations=10, game="toledo"), ExpertBot(1, iterations=10, game="toledo")):
            search = Search(10, config=bot.config, game="toledo")
            search.start(state.view(state.current), state.legal_actions())
            assert search.c_puct == sizes.get(players, default)
        own = Search(10, config=SearchConfig(c_puct=2.0), game="toledo")
        own.start(state.view(state.current), state.legal_actions())
        assert own.c_puct == 2.0


def test_less_exploration_gathers_the_visits_on_fewer_options() -> None:
    """The constant reaches the tree: on the same four-player decision and seed, a search that
    explores less spreads its visits over the options less evenly."""
    from toledo.ai.search import SearchConfig

    state = next(s for s in POSITIONS if s.n == 4 and s.phase == Phase.START and len(s.legal_actions()) > 4)
    top = []
    for c in (0.2, 3.0):
        search = Search(400, seed=3, config=SearchConfig(c_puct_players={4: c}, per_option=400), game="toledo")
        search.start(state.view(state.current), state.legal_actions())
        search.run(60.0)
        top.append(max(child.visits for child in search.root.children.values()) / search.done)
    assert top[0] > top[1]


def test_a_lead_is_over_the_best_rival_the_rivals_mean_or_a_mix_of_the_two() -> None:
    """`against` is the rivals' mean's share: 0 the best rival alone, 1 the mean alone; with one rival
    all are the same."""
    points = [10.0, 14.0, 4.0]
    assert lead(points, 0) == 10 - 14
    assert lead(points, 0, 1.0) == 10 - 9
    assert lead(points, 0, 0.5) == 10 - 11.5
    assert lead(points, 2, 0.5) == 4 - 13
    for against in (0.0, 0.5, 1.0):
        assert lead([7.0, 3.0], 1, against) == -4


def test_a_lead_can_count_the_rivals_points_more_than_the_seats_own() -> None:
    """`weight` multiplies the rivals' term, whatever mix it is: above 1 a point handed to a rival costs
    more than a point won."""
    points = [10.0, 14.0, 4.0]
    assert lead(points, 0, 0.0, 1.0) == lead(points, 0)
    assert lead(points, 0, 0.0, 1.5) == 10 - 1.5 * 14
    assert lead(points, 0, 0.5, 2.0) == 10 - 2 * 11.5
    # the seat's own point and a rival's are no longer even: +1 each leaves the seat worse off
    assert lead([11.0, 15.0, 4.0], 0, 0.5, 1.5) < lead(points, 0, 0.5, 1.5)


def test_search_time_cap_stops_it() -> None:
    state = next(s for s in POSITIONS if s.phase == Phase.START)
    search = Search(iterations=10**9, seed=1, max_seconds=0.05, game="toledo")
    search.start(state.view(state.current), state.legal_actions())
    t0 = time.perf_counter()
    while not search.run(0.02):
        pass
    # generous: the machine may be busy; an uncapped search of 10**9 iterations would never end
    assert time.perf_counter() - t0 < 10.0 and search.best() in state.legal_actions()
    assert search.cut  # the cap, not the budget, ended it


def test_run_before_start_is_an_error() -> None:
    with pytest.raises(RuntimeError):
        Search(game="toledo").run(0.01)


def test_alike_actions_share_a_key() -> None:
    from toledo import parse

    board = new_game(2, seed=4)  # every pawn on the Cathedral
    key = lambda text: action_key(parse(text), board)  # noqa: E731
    assert key("move 4Va 2") == key("move 4Bd 2")  # the scene does not matter
    assert key("move 4Va 2") == key("move 4Va 3")  # both pawns stand on the Cathedral
    assert key("move 4Va 2") != key("move 5Va 2") != key("extra 5Va 2")
    assert key("pay 5Ta") == key("pay 5Nd") != key("pay 6Ta")
    assert key("fence teal") != key("fence teal back violet") != key("fence violet")
    assert key("place metal1 3") != key("place metal2 3") != key("place metal1 4")
    for text in ("place metal2 3", "place gem2 4"):
        board.apply(parse(text))
    move = next(a for a in board.legal_actions() if a.is_move and a.pawn == 0)
    board.apply(move)  # red pawn 1 leaves the Cathedral; pawn 2 stays
    while board.current == 0:
        board.apply(parse("skip") if parse("skip") in board.legal_actions() else parse("end"))
    board.apply(parse("draw"))
    assert board.current == 0 and board.pawn_pos[0] != board.pawn_pos[1] == board.pawn_pos[2]
    again = next(a for a in board.legal_actions() if a.is_move and a.pawn == 1)
    assert action_key(again, board) == key(str(again).replace(" 2", " 3"))
    assert action_key(again, board) != key(str(again).replace(" 2", " 1"))
    assert len(group_actions(board.legal_actions(), board)) < len(board.legal_actions())


def test_easy_uses_its_own_business_most_of_the_time() -> None:
    # the first position of seed 8 where the player may use their own business for free
    found = next((state for state in itertools.islice(iter_positions(seed=8), 200) if state.phase == Phase.USE
                  and any(a.kind.name == "USE" for a in state.legal_actions())), None)
    assert found is not None, "seed 8 no longer reaches a free use of one's own business: choose another seed"
    legal = found.legal_actions()
    uses = sum(EasyBot(i, "toledo").choose(found.view(found.current), legal).kind.name == "USE" for i in range(40))
    assert uses >= 30


def _match(first: Callable[[int], Bot], second: Callable[[int], Bot], games: int, seed: int) -> float:
    """Wins of `first` in `games` two-player games, seats alternating, each deal played both ways."""
    wins = 0.0
    for g in range(games):
        state = new_game(2, seed=seed + g // 2)
        seat = g % 2
        bots = [first(g), second(g)] if seat == 0 else [second(g), first(g)]
        while not state.is_terminal():
            p = state.current
            state.apply(bots[p].choose(state.view(p), state.legal_actions()))
        wins += state.returns()[seat]
    return wins


def test_greedy_beats_easy_in_a_short_match() -> None:
    assert _match(lambda g: make_bot("greedy", g, "toledo"), lambda g: EasyBot(100 + g, "toledo"), 6, seed=21) >= 5


def test_medium_beats_easy_in_a_short_match() -> None:
    # one game and one sample instead of four: Medium wins nearly every game against Easy, so one
    # game at a quarter of the lookahead's cost still tells a broken Medium apart
    assert _match(lambda g: MediumBot(g, "toledo", samples=1), lambda g: EasyBot(100 + g, "toledo"), 1, seed=21) == 1


def test_smoke_tournament_with_a_tiny_budget() -> None:
    results = run_tournament(["hard", "greedy"], 3, 3, seed=2, budget="8", game="toledo")
    assert [r["seats"] for r in results] == [lineup(["hard", "greedy"], 3, g) for g in range(3)]
    rows = summarise(results, 3)
    assert sum(r["wins"] for r in rows) == pytest.approx(3)
    assert {r["bot"] for r in rows} == {"hard", "greedy"}
    assert all(r["ms_p50"] <= r["ms_p95"] <= r["ms_max"] for r in rows)


def test_lineup_rotates_every_bot_through_every_seat() -> None:
    assert lineup(["hard", "medium"], 4, 0) == ["hard", "medium", "medium", "medium"]
    assert [lineup(["hard", "medium"], 4, g).index("hard") for g in range(4)] == [0, 1, 2, 3]
    assert lineup(["a", "b"], 2, 1) == ["b", "a"]


def test_wilson_interval() -> None:
    low, high = wilson(150, 200)
    assert 0.68 < low < 0.70 and 0.80 < high < 0.82
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_command_prints_a_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "easy,random", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "easy" in out and "random" in out
    assert main(["tournament", "--bots", "easy,random", "--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and {r["bot"] for r in data["table"]} == {"easy", "random"}


@pytest.mark.parametrize("argv", [
    ["tournament", "--bots", "nobody"],
    ["tournament", "--games", "0"],
    ["tournament", "--players", "5"],
    ["tournament", "--budget", "fast"],
    ["tournament", "--bots", "easy,easy,easy", "--players", "2"],
    ["tournament", "--jobs", "-1"],
])
def test_bad_tournament_options_exit_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error:")


def test_importing_the_ai_leaves_the_command_line_and_pydantic_unloaded() -> None:
    """The page imports toledo.ai; the tournament (and through toledo.cli, pydantic) load only with the CLI."""
    import subprocess
    import sys

    code = ("import sys, toledo.ai, toledo.ai.bots; toledo.ai.bots.make_bot('hard', 1, 'toledo'); "
            "print(sorted(m for m in ('pydantic', 'toledo.cli', 'toledo.ai.tournament') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_expert_spends_three_times_hards_budget_on_a_decision_with_few_options() -> None:
    state = new_game(2, seed=3)
    rng = random.Random(3)
    while not 2 <= len(group_actions(state.legal_actions(), state)) <= 10:
        state.apply(rng.choice(state.legal_actions()))
    view, legal = state.view(state.current_player), state.legal_actions()
    hard, expert = HardBot(1, game="toledo").search(view, legal), ExpertBot(1, game="toledo").search(view, legal)
    assert hard.budget < HardBot(1, game="toledo").iterations  # the per-option budget binds, not the cap
    assert expert.budget == 3 * hard.budget
