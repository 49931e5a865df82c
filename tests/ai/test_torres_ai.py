"""The computer players on Torres: legal, honest (only their seat's view matters), deterministic,
and the levels in order, all through the same search and levels as every other game."""

from __future__ import annotations

import random

import pytest

from toledo.ai import LEVELS
from toledo.ai.bots import Bot, make_bot
from toledo.ai.coach import hint
from toledo.ai.plan import PlanBot, PlanConfig, PlanSearch
from toledo.ai.games import game_ai
from toledo.ai.search import HardBot, Search
from toledo.ai.tournament import run_tournament, summarise
from toledo.ai.turn import TurnBot, TurnSearch
from toledo.core.heuristics import lead
from toledo.games.torres import Kind, State, new_game, parse, sample_state
from toledo.games.torres.ai.common import group_actions
from toledo.games.torres.ai.heuristics import HEURISTICS
from toledo.games.torres.stage import Stage

GAME = "torres"
# Expert is Hard with a bigger budget: at a test's budget the two are the same code
LEVELS_TO_TEST = [level for level in (*LEVELS, "greedy", "scorer", "turn", "plan") if level != "expert"]
TINY = 8  # search iterations: every code path, at a test's cost
# the whole-turn searches at a test's cost: a narrow beam, two turns (one of them the best by score
# now, as Hard has) weighed against the rivals' answers
TINY_PLAN = PlanConfig(width=4, per_node=4, plans=2, samples=1, reply_width=2, reply_per_node=3, now_plans=1)


def tiny_bot(level: str, seed: int) -> Bot:
    if level == "plan":
        return PlanBot(seed, game=GAME, config=TINY_PLAN)
    if level == "hard":
        return HardBot(seed, iterations=TINY, game=GAME)
    if level == "turn":
        return TurnBot(seed, game=GAME, width=6, per_node=5)
    return make_bot(level, seed, game=GAME)


def positions(count: int, seed: int) -> list[State]:
    """Decision points with a real choice from seeded games of 2-4 players in every variant, played
    by the fast scorer's favourites with random moves mixed in, from the setup to the last phase."""
    rng = random.Random(seed)
    out: list[State] = []
    game = 0
    while len(out) < count:
        players = 2 + game % 3
        variant = ("base", "own-deck", "master")[game // 3 % 3]
        state = new_game(players, seed=seed * 1000 + game, variant=variant)
        bots = [make_bot("scorer", seed + i, game=GAME) for i in range(players)]
        target = rng.randrange(0, 160)
        while not state.is_terminal() and state.step < target:
            legal = state.legal_actions()
            if rng.random() < 0.25:
                action = legal[rng.randrange(len(legal))]
            else:
                action = bots[state.current].choose(state.view(state.current), legal)
            state.apply(action)
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
        game += 1
    return out


POSITIONS = positions(24, seed=3)


def test_positions_cover_setup_and_turns_in_every_variant() -> None:
    stages = {s.stage for s in POSITIONS}
    assert Stage.TURN in stages and stages & {Stage.BLOCKS, Stage.KNIGHTS, Stage.KING}
    assert {s.setup.variant for s in POSITIONS} == {"base", "own-deck", "master"}
    assert {s.n for s in POSITIONS} == {2, 3, 4}


@pytest.mark.parametrize("level", LEVELS_TO_TEST)
def test_every_level_returns_a_legal_action(level: str) -> None:
    for i, state in enumerate(POSITIONS):
        legal = state.legal_actions()
        action = tiny_bot(level, i).choose(state.view(state.current), legal)
        assert action in legal, (level, str(action), state.summary())


def _hidden_differs(a: State, b: State, seat: int) -> bool:
    return a.deck != b.deck or a.decks != b.decks or any(a.hands[q] != b.hands[q] for q in range(a.n) if q != seat)


@pytest.mark.parametrize("level", LEVELS_TO_TEST)
def test_hidden_information_does_not_change_the_decision(level: str) -> None:
    """Two states that differ only in what the seat cannot see (the rivals' cards, the decks' order)
    give the same view, so the same bot with the same seed decides the same."""
    rng = random.Random(7)
    checked = 0
    for i, state in enumerate(POSITIONS):
        seat = state.current
        view = state.view(seat)
        twin = sample_state(view, rng)
        assert twin.view(seat) == view
        if not _hidden_differs(state, twin, seat):
            continue
        checked += 1
        first = tiny_bot(level, 50 + i).choose(view, state.legal_actions())
        second = tiny_bot(level, 50 + i).choose(twin.view(seat), twin.legal_actions())
        assert first == second, (level, str(first), str(second))
    assert checked >= 8


def test_greedy_scores_read_nothing_hidden() -> None:
    """Not only the choice: every action's Greedy score is the same on a state and on another one
    drawn from the same view (the rivals' cards and the decks guessed afresh)."""
    h = game_ai(GAME).heuristics
    rng = random.Random(8)
    differed = 0
    for state in POSITIONS:
        seat = state.current
        twin = sample_state(state.view(seat), rng)
        differed += _hidden_differs(state, twin, seat)
        legal = state.legal_actions()
        assert h.greedy_scores(state, legal) == h.greedy_scores(twin, legal)
    assert differed >= 8


@pytest.mark.parametrize("level", LEVELS_TO_TEST)
def test_same_seed_same_decision(level: str) -> None:
    for i, state in enumerate(POSITIONS[:10]):
        view, legal = state.view(state.current), state.legal_actions()
        assert tiny_bot(level, i).choose(view, legal) == tiny_bot(level, i).choose(view, legal)


def test_bots_leave_the_state_alone() -> None:
    for state in POSITIONS[:6]:
        before = state.summary()
        for level in LEVELS_TO_TEST:
            tiny_bot(level, 1).choose(state.view(state.current), state.legal_actions())
        assert state.summary() == before


def test_scoring_actions_leaves_the_state_alone() -> None:
    for state in POSITIONS:
        before = (state.summary(), state.occupied, list(state.knight_masks))
        HEURISTICS.score_actions(state, state.legal_actions())
        assert (state.summary(), state.occupied, list(state.knight_masks)) == before


def test_towers_of_one_size_are_one_option() -> None:
    state = new_game(2, seed=1)
    while state.stage != Stage.TURN:
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    builds = [a for a in legal if a.kind is Kind.BUILD]
    groups = group_actions(legal, state)
    assert len({a.sq for a in builds}) == sum(1 for a in groups.values() if a.kind is Kind.BUILD)
    assert group_actions(legal, state.view(state.current)) == groups  # a view groups alike


def test_a_climb_scores_above_wasting_the_turn() -> None:
    # a knight beside a taller square of its castle: stepping up beats ending the turn with 5 AP
    state = new_game(2, seed=1)
    while state.stage != Stage.TURN:
        state.apply(state.legal_actions()[0])
    scores = dict(zip(state.legal_actions(), HEURISTICS.score_actions(state, state.legal_actions())))
    best = max(scores, key=scores.__getitem__)
    assert best.kind is not Kind.END
    assert scores[best] > max(v for a, v in scores.items() if a.kind is Kind.END)


def test_the_search_is_sliceable_and_legal() -> None:
    state = next(s for s in POSITIONS if s.stage == Stage.TURN)
    legal = state.legal_actions()
    search = Search(iterations=40, seed=2, game=GAME)
    search.start(state.view(state.current), legal)
    assert search.best() in legal
    while not search.run(0.005):
        assert search.best() in legal
    assert search.best() in legal and search.done == search.budget


def test_hard_takes_its_root_priors_from_medium_lookahead() -> None:
    """Torres sets `lookahead_priors`: the root's priors rank options by Medium's lookahead values."""
    assert HEURISTICS.lookahead_priors > 0
    state = next(s for s in POSITIONS if s.stage == Stage.TURN and len(group_actions(s.legal_actions(), s)) > 8)
    view, legal = state.view(state.current), state.legal_actions()
    search = Search(iterations=30, seed=4, game=GAME)
    search.start(view, legal)
    assert search.run(0.0) is False and not search.root.weights  # the first slice goes to the lookahead
    while not search.run(0.01):
        pass
    weights = search.root.weights
    assert set(weights) == set(search.options)
    assert max(weights.values()) == 1.0  # Medium's favourite
    looked_at = sorted(weights.values(), reverse=True)[:HEURISTICS.medium_width]
    assert min(looked_at) > max(sorted(weights.values(), reverse=True)[HEURISTICS.medium_width:])


def test_the_lookahead_slices_do_not_change_the_decision() -> None:
    state = next(s for s in POSITIONS if s.stage == Stage.TURN and len(s.legal_actions()) > 5)
    view, legal = state.view(state.current), state.legal_actions()
    picks = []
    for slice_seconds in (0.0005, 5.0):
        search = Search(iterations=40, seed=9, game=GAME)
        search.start(view, legal)
        while not search.run(slice_seconds):
            pass
        picks.append(search.best())
    assert picks[0] == picks[1]


class SteppingClock:
    """A clock that moves on `step` seconds each time it is read: every piece of work then costs the same,
    whatever the machine, so what a slice does is exact."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_a_lookahead_slice_stops_before_a_pair_that_would_overrun_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Torres lookahead pair plays a whole turn out: a slice weighs a first one, then only as many as its
    time still holds by their running mean, and the slice the lookahead ends with starts no iteration."""
    import toledo.ai.medium as medium
    import toledo.ai.search as search_module

    state = next(s for s in POSITIONS if s.stage == Stage.TURN and len(group_actions(s.legal_actions(), s)) > 8)
    view, legal = state.view(state.current), state.legal_actions()
    search = Search(iterations=30, seed=4, game=GAME)
    search.start(view, legal)
    lookahead = search._lookahead
    assert lookahead is not None and lookahead.budget >= 5
    clock = SteppingClock(0.02)  # every read 20 ms later: each pair "takes" 20 ms
    monkeypatch.setattr(medium, "time", clock)
    monkeypatch.setattr(search_module, "time", clock)
    assert lookahead.run(0.03) is False and lookahead.done == 1  # a second pair would end past 30 ms
    assert lookahead.run(0.05) is False and lookahead.done == 3  # two fit in 50 ms, a third would not
    while lookahead.done < lookahead.budget - 1:
        assert search.run(0.03) is False and search.done == 0
    assert search.run(0.03) is False  # the lookahead's last pair ends its slice ...
    assert search._lookahead is None and search.done == 0 and search.root.weights
    search.run(0.03)
    assert search.done >= 1  # ... and the iterations begin with the next


def test_greedy_beats_easy_in_a_short_match() -> None:
    rows = {r["bot"]: r for r in summarise(run_tournament(["greedy", "easy"], 2, 4, seed=5, game=GAME), 2)}
    assert rows["greedy"]["wins"] >= 3


def test_the_coach_names_three_options_with_plain_reasons() -> None:
    state = next(s for s in POSITIONS if s.stage == Stage.TURN and len(s.legal_actions()) > 5)
    found = hint(GAME, state.view(state.current), state.legal_actions(), seed=1, iterations=30)
    assert len(found.suggestions) == 3
    assert all(s.reason_key.startswith("coach_torres_") for s in found.suggestions)
    assert all(parse(s.text) in state.legal_actions() for s in found.suggestions)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_hint_is_one_line_of_plain_words_in_every_language(lang: str) -> None:
    from toledo.ai.coach import hint_text

    state = next(s for s in POSITIONS if s.stage == Stage.TURN and len(s.legal_actions()) > 5)
    found = hint(GAME, state.view(state.current), state.legal_actions(), seed=1, iterations=30)
    line = hint_text(found, lang)
    assert "\n" not in line and "coach_" not in line and "{" not in line
    assert found.best.text in line


def test_every_reason_has_words_in_every_language() -> None:
    from toledo.core.i18n import has_message

    keys = {HEURISTICS.reason(s, a)[0] for s in POSITIONS for a in s.legal_actions()}
    keys |= {f"coach_torres_card_k{n}" for n in range(10, 20)}
    for lang in ("en", "de", "fr"):
        assert all(has_message(key, lang) for key in keys), lang


def test_a_review_names_the_costliest_turns() -> None:
    from toledo.ai.coach import review, review_text
    from toledo.games.torres import new_game as fresh

    state = fresh(2, seed=9)
    actions = []
    bots = [make_bot("easy", 1, game=GAME), make_bot("greedy", 2, game=GAME)]
    while state.turn < 5:
        action = bots[state.current].choose(state.view(state.current), state.legal_actions())
        actions.append(action)
        state.apply(action)
    found = review(GAME, state.setup, actions, seat=0, iterations=12)
    assert 1 <= len(found) <= 3
    assert [m.lost for m in found] == sorted((m.lost for m in found), reverse=True)
    assert all("{" not in review_text(m, "de") for m in found)


def test_hard_and_expert_search_whole_turns_and_the_ismcts_stays_for_comparison() -> None:
    hard, expert = make_bot("hard", 1, game=GAME), make_bot("expert", 1, game=GAME)
    assert isinstance(hard, PlanBot) and isinstance(expert, PlanBot)
    assert hard.name == "hard" and expert.name == "expert"
    # more than the benchmark level `plan`: a wider beam on more sampled states
    assert hard.config.samples > PlanConfig().samples and hard.config.width > PlanConfig().width
    # Expert is Hard's search with the rivals answering closer to a real whole-turn player
    for knob in ("width", "per_node", "plans", "samples"):
        assert getattr(expert.config, knob) == getattr(hard.config, knob)
    assert expert.config.reply_width > hard.config.reply_width
    assert expert.config.reply_per_node > hard.config.reply_per_node
    assert expert.config.now_plans > hard.config.now_plans == 0
    assert isinstance(make_bot("ismcts", 1, game=GAME), HardBot)
    assert isinstance(make_bot("plan", 1, game=GAME), PlanBot)
    assert isinstance(make_bot("plan-expert", 1, game=GAME), PlanBot)
    assert isinstance(make_bot("hard", 1, game="toledo"), HardBot)  # no whole turns there: the ISMCTS
    assert isinstance(make_bot("plan", 1, game="toledo"), HardBot)
    assert isinstance(make_bot("turn", 1, game=GAME), TurnBot)


def _turn_starts(count: int) -> list[State]:
    return [s for s in POSITIONS if s.stage == Stage.TURN and not s.keeping][:count]


def test_the_turn_search_decides_alike_on_any_sample() -> None:
    """What the seat cannot see (the rivals' cards, the deck) never changes the best turn: the same
    plan from several states drawn from the view (but for which card an own-deck purchase keeps,
    which the search names from the cards its sample put on top)."""
    rng = random.Random(3)
    checked = 0
    for state in _turn_starts(6):
        view, legal = state.view(state.current), state.legal_actions()
        plans = []
        for _ in range(3):
            search = TurnSearch(0, width=6, per_node=6, game=GAME)
            search.start(view, legal, state=sample_state(view, rng))
            search.run(1e9)
            plans.append([str(a) if a.kind is not Kind.BUY or a.card < 0 else "keep" for a in search.plans(1)[0][0]])
        assert plans[0] == plans[1] == plans[2], plans
        checked += 1
    assert checked >= 4


def test_the_exhaustive_turn_search_finds_the_best_short_turn() -> None:
    """With one action point left, every sequence is walked and the best one is the brute force's."""
    state = next(s for s in _turn_starts(20) if s.variant == 0)
    state = state.clone()
    state.ap = 1
    state._legal = None
    seat = state.current
    search = TurnSearch(0, width=0, per_node=0, game=GAME)
    search.start(state.view(seat), state.legal_actions(), state=state)
    search.run(1e9)
    assert search.complete

    def brute(s: State) -> float:
        best = float("-inf")
        for a in HEURISTICS.turn_moves(s, 0):
            child = s.clone()
            child.apply(a)
            over = child.current_player != seat or child.turn != state.turn
            best = max(best, HEURISTICS.turn_value(child, seat) if over else brute(child))
        return best

    assert search.plans(1)[0][1] == pytest.approx(brute(state))
    assert search.positions > 1 and search.expanded < search.positions


def test_the_turn_bot_plays_its_plan_to_the_end_of_the_turn() -> None:
    state = new_game(2, seed=4)
    bot = TurnBot(1, game=GAME, width=6, per_node=5)
    other = make_bot("greedy", 2, game=GAME)
    while state.stage != Stage.TURN or state.current != 0:
        state.apply(other.choose(state.view(state.current), state.legal_actions()))
    turn = state.turn
    first = bot.choose(state.view(0), state.legal_actions())
    planned = bot.last.plans(1)[0][0] if bot.last else []
    played = [first]
    state.apply(first)
    while state.current == 0 and state.turn == turn:
        action = bot.choose(state.view(0), state.legal_actions())
        played.append(action)
        state.apply(action)
    assert played == planned and played[-1].kind is Kind.END


def test_the_plan_search_is_sliceable() -> None:
    state = _turn_starts(3)[-1]
    view, legal = state.view(state.current), state.legal_actions()
    picks = []
    for slice_seconds in (0.0005, 5.0):
        search = PlanSearch(5, TINY_PLAN, game=GAME)
        search.start(view, legal)
        while not search.run(slice_seconds):
            assert search.best() in legal
        picks.append(search.best())
    assert picks[0] == picks[1] and picks[0] in legal


def _searched(state: State, config: PlanConfig, seed: int = 7, max_seconds: float | None = None,
              slice_seconds: float = 1e9) -> PlanSearch:
    """A plan search of the player to act in `state`, run to its end."""
    search = PlanSearch(seed, config, game=GAME, max_seconds=max_seconds)
    search.start(state.view(state.current), state.legal_actions())
    while not search.run(slice_seconds):
        pass
    return search


class _TickingClock:
    """A clock that moves a millisecond each time it is read: a time limit then ends a search at the
    same step on any machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def test_a_timed_plan_search_chooses_among_the_turns_it_weighed_in_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut short by its thinking limit, the search answers with the best of the turns it weighed on every
    sampled state: the same weights an untimed search gives those turns (the same seed, the same draws),
    the turns it had not finished left out. Untimed, it weighs them all."""
    config = PlanConfig(width=4, per_node=4, plans=4, samples=2, reply_width=2, reply_per_node=3)
    monkeypatch.setattr("toledo.ai.plan.time.perf_counter", _TickingClock())
    cut_short = 0
    for state in _turn_starts(4):
        whole = _searched(state, config)
        assert not whole.cut
        timed = _searched(state, config, max_seconds=whole.elapsed / 2, slice_seconds=0.02)
        assert timed.candidates == whole.candidates
        if not timed.cut:
            continue
        cut_short += 1
        weighed = timed._pairs // len(timed.states)
        assert weighed < len(whole.candidates)
        assert timed.totals[:weighed] == whole.totals[:weighed]
        if weighed:
            best = max(range(weighed), key=lambda i: (whole.totals[i], -i))
            assert timed.best_plan() == whole.candidates[best]
        else:
            assert timed.best_plan() == whole.candidates[0]
        assert timed.best() in state.legal_actions()
    assert cut_short >= 2


def test_the_page_holds_hard_to_its_thinking_limit_and_nothing_else_is_timed() -> None:
    from toledo.ai.bots import THINKING_LIMITS

    assert 0 < THINKING_LIMITS["hard"] <= 1.0  # a person waits about a second at most for Hard
    for level in ("hard", "expert", "medium"):
        untimed, timed = make_bot(level, 1, game=GAME), make_bot(level, 1, game=GAME, timed=True)
        assert getattr(untimed, "max_seconds", None) is None
        assert getattr(timed, "max_seconds", None) == THINKING_LIMITS.get(level)
        state = new_game(3, seed=4)
        search = timed.search(state.view(state.current), state.legal_actions())
        assert getattr(search, "max_seconds", None) == THINKING_LIMITS.get(level)
    toledo_hard = make_bot("hard", 1, game="toledo", timed=True)
    assert isinstance(toledo_hard, HardBot) and toledo_hard.max_seconds == THINKING_LIMITS["hard"]


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_hard_and_expert_weigh_fewer_sampled_states_when_more_rivals_answer_on_each(level: str) -> None:
    """Every rival answers on every sampled state, so with three or four players the search takes fewer
    states (and the score-now favourites too), and weighs a turn against the rivals' mean as well as
    the best rival, with three players counting a rival's point more than its own; the two-player
    search is the level as set."""
    bot = make_bot(level, 1, game=GAME)
    assert isinstance(bot, PlanBot)
    config = bot.config
    assert config.for_players(2) is config and config.samples == 8
    three, four = config.for_players(3), config.for_players(4)
    assert config.samples > three.samples >= four.samples >= 2
    assert three.now_plans > 0 and four.now_plans > 0
    assert config.against == 0 and 0 < three.against == four.against < 1
    assert config.rivals == four.rivals == 1 < three.rivals
    for knob in ("width", "per_node", "plans", "reply_width", "reply_per_node", "reply_seats"):
        assert getattr(three, knob) == getattr(four, knob) == getattr(config, knob)
    assert PlanConfig(samples=3).for_players(4).samples == 3  # nothing set for a table size: unchanged
    for players, wanted in ((2, config), (3, three), (4, four)):
        state = new_game(players, seed=players)
        search = bot.search(state.view(state.current), state.legal_actions())
        assert (search.config.samples, search.config.now_plans) == (wanted.samples, wanted.now_plans)
        # its own turns are ranked by the same lead as the leaves are weighed: the mix, the rivals' weight
        points = game_ai(GAME).heuristics.plan_points(state)
        seat = state.current
        assert search.turns.value(state, seat) == lead(points, seat, wanted.against, wanted.rivals)


def test_the_plan_search_also_weighs_the_score_now_favourite() -> None:
    """With `now_plans`, the best turn by score now is among the candidates, beside the evaluation's."""
    config = PlanConfig(width=4, per_node=4, plans=3, samples=1, reply_width=2, reply_per_node=3, now_plans=1)
    checked = 0
    for state in _turn_starts(4):
        search = _searched(state, config, seed=5)
        assert search.now is not None and search.turns.finished()
        favourite = search.now.plans(1)[0][0]
        assert search.candidates[0] == search.turns.plans(1)[0][0]
        assert favourite in search.candidates[:2]
        assert search.best() in state.legal_actions()
        checked += 1
    assert checked == 4


def test_the_whole_turn_search_counts_where_its_knights_can_walk_and_nothing_for_knights_in_the_supply() -> None:
    from toledo.games.torres.ai import evaluate

    checked = 0
    for state in POSITIONS:
        rest = evaluate.remaining_scorings(state)
        full, plan = evaluate.estimate(state), HEURISTICS.plan_points(state)
        for seat in range(state.n):
            mine = state.knight_masks[seat]
            if not (mine and rest > 0):
                assert full[seat] == plan[seat]
                continue
            allowance = evaluate.KNIGHT_WORTH * state.ksupply[seat] * min(rest, 2)
            climb = evaluate.CLIMB_SHARE * rest * evaluate.climb_value(state, mine)
            reach = evaluate.REACH_SHARE * rest * evaluate.reach_value(state, mine)
            assert plan[seat] - full[seat] == pytest.approx(reach - allowance - climb)
            checked += bool(state.ksupply[seat] and reach != climb)
    assert checked  # some seat had knights in its supply and a walk worth more than its next climb


def _reach_square_by_square(state: State, mine: int, steps: int, fade: float) -> float:
    """`evaluate.reach_value` written plainly: a walk from each knight, one square at a time."""
    from toledo.games.torres.board import NB, squares_of

    h = state.heights
    best = 0.0
    for start in squares_of(mine):
        seen, frontier, share = {start}, [start], 1.0
        for _ in range(steps):
            reached = [t for s in frontier for t in squares_of(NB[s] & ~state.occupied)
                       if h[t] <= h[s] + 1 and t not in seen]
            seen.update(reached)
            frontier = list(dict.fromkeys(reached))
            for t in frontier:
                ci = state.castle_ids[t]
                if ci >= 0:
                    castle = state.castle_masks[ci]
                    highest = max((h[q] for q in squares_of(mine & castle)), default=0)
                    best = max(best, (h[t] - highest) * castle.bit_count() * share)
            share *= fade
    return best


def test_a_knights_reach_is_the_best_castle_level_a_short_walk_gets_to() -> None:
    from toledo.games.torres.ai import evaluate

    rng = random.Random(5)
    states = list(POSITIONS)
    for game in range(12):
        state = new_game(2 + game % 3, seed=700 + game)
        while not state.is_terminal():
            if rng.random() < 0.1:
                states.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    walked = 0
    for state in states:
        for seat in range(state.n):
            mine = state.knight_masks[seat]
            if not mine:
                continue
            for steps, fade in ((1, 1.0), (3, 0.7), (4, 0.5)):
                assert evaluate.reach_value(state, mine, steps, fade) == pytest.approx(
                    _reach_square_by_square(state, mine, steps, fade))
            one_step = evaluate.reach_value(state, mine, 1)
            assert one_step >= evaluate.climb_value(state, mine)  # a climb is a one-step walk
            walked += evaluate.reach_value(state, mine) > one_step
    assert walked  # some walks of two or three steps found more than the first step
