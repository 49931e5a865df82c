"""The Elo ladder's Bradley–Terry fit, checked on games drawn from known ratings."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from toledo.ai import ladder

TRUE = {"a": 1000.0, "b": 1200.0, "c": 850.0, "d": 1450.0}


def synthetic(games_per_pair: int, seed: int, ratings: dict[str, float] = TRUE) -> list[ladder.Outcome]:
    rng = random.Random(seed)
    out: list[ladder.Outcome] = []
    for i, j in ladder.pairings(sorted(ratings)):
        p = ladder.expected(ratings[i], ratings[j])
        for g in range(games_per_pair):
            won = 1.0 if rng.random() < p else 0.0
            out.append((i, j, won) if g % 2 else (j, i, 1.0 - won))  # both orders, as seats alternate
    return out


def test_the_fit_recovers_the_ratings_the_games_were_drawn_from() -> None:
    fitted = ladder.fit(synthetic(3000, seed=1), "a", prior=0.0)
    assert fitted["a"] == pytest.approx(ladder.ANCHOR)
    for name, rating in TRUE.items():
        assert fitted[name] == pytest.approx(rating, abs=25.0), name


def test_the_fit_maximises_the_likelihood() -> None:
    games = synthetic(200, seed=2)
    fitted = ladder.fit(games, "a", prior=0.0)

    def loglik(r: dict[str, float]) -> float:
        import math
        return sum(s * math.log(ladder.expected(r[i], r[j])) + (1 - s) * math.log(ladder.expected(r[j], r[i]))
                   for i, j, s in games)

    best = loglik(fitted)
    for name in ("b", "c", "d"):
        for step in (-15.0, 15.0):
            moved = dict(fitted)
            moved[name] += step
            assert loglik(moved) < best


def test_bootstrap_intervals_cover_the_truth_and_narrow_with_more_games() -> None:
    few = ladder.bootstrap(synthetic(100, seed=3), "a", rounds=200, seed=4)
    many = ladder.bootstrap(synthetic(900, seed=3), "a", rounds=200, seed=4)
    for name in ("b", "c", "d"):
        low, high = many[name]
        assert low <= TRUE[name] <= high, name
        assert high - low < (few[name][1] - few[name][0]) / 1.8, name
    assert few["a"] == (ladder.ANCHOR, ladder.ANCHOR)


def test_a_level_that_wins_every_game_gets_a_finite_rating_above_the_rest() -> None:
    games = [("x", "y", 1.0)] * 50 + [("y", "z", 0.5)] * 50 + [("x", "z", 1.0)] * 50
    fitted = ladder.fit(games, "y")
    assert fitted["x"] > fitted["y"] + 300
    assert fitted["x"] < 5000
    assert fitted["z"] == pytest.approx(fitted["y"], abs=1.0)


def test_a_table_of_equals_gives_each_seat_its_share_and_the_two_player_table_is_bradley_terry() -> None:
    for players in (2, 3, 4):
        assert ladder.first_place(1300.0, 1300.0, players) == pytest.approx(1 / players)
    assert ladder.first_place(1635.0, 1214.0, 2) == pytest.approx(ladder.expected(1635.0, 1214.0))


def test_first_place_is_harder_at_a_bigger_table_and_the_gap_it_asks_for_inverts_it() -> None:
    shares = [ladder.first_place(1400.0, 1000.0, n) for n in (2, 3, 4)]
    assert shares[0] > shares[1] > shares[2]
    for players in (2, 3, 4):
        for share in (0.6, 0.9, 0.95):
            gap = ladder.gap_for(share, players)
            assert ladder.first_place(1000.0 + gap, 1000.0, players) == pytest.approx(share)
    assert ladder.gap_for(0.9, 4) > ladder.gap_for(0.9, 3) > ladder.gap_for(0.9, 2) == pytest.approx(381.7, abs=0.1)


def test_the_ladder_report_predicts_the_line_ups_from_the_fit() -> None:
    from tests.support import load_script

    script = load_script("bench_ai_ladder")
    lines = script.predictions({"greedy": 1000.0, "medium": 1214.0, "hard": 1635.0}, ["greedy", "medium", "hard"])
    rows = {line.split(" | ")[0].strip("| "): line for line in lines if line.startswith("| ") and " vs " in line}
    assert list(rows) == ["hard vs medium", "hard vs greedy", "medium vs greedy"]
    assert rows["hard vs medium"] == "| hard vs medium | 91.9% | 84.9% | 79.0% |"
    assert lines[-1].endswith("90% asks for 382 / 502 / 573; 95% asks for 512 / 632 / 702.")


def test_the_schedule_gives_every_pairing_both_seats_on_its_own_deals() -> None:
    tasks = ladder.schedule(["easy", "greedy", "medium"], 4, 500, "toledo")
    assert len(tasks) == 12
    by_pair: dict[frozenset[str], list[tuple[int, list[str]]]] = {}
    for _, deal, players, seats, _, game in tasks:
        assert players == 2 and game == "toledo"
        by_pair.setdefault(frozenset(seats), []).append((deal, seats))
    deals = [{d for d, _ in rows} for rows in by_pair.values()]
    assert all(len(d) == 2 for d in deals) and not set.intersection(*deals)
    for rows in by_pair.values():
        assert sorted(s[0] for _, s in rows) == sorted(s[1] for _, s in rows)


def test_costly_pairings_play_their_own_count_after_the_others() -> None:
    tasks = ladder.schedule(["easy", "greedy", "hard"], 4, 500, "toledo", costly=("hard",), costly_games=2)
    dear = [t for t in tasks if "hard" in t[3]]
    assert len(tasks) == 4 + 2 * 2 and len(dear) == 4
    assert tasks[-4:] == dear


def test_a_pairing_plays_the_same_deals_whichever_other_levels_run() -> None:
    every = ["easy", "greedy", "medium", "hard"]
    some = ladder.schedule(["greedy", "hard"], 4, 500, "toledo", every=every)
    whole = [t for t in ladder.schedule(every, 4, 500, "toledo") if set(t[3]) == {"greedy", "hard"}]
    assert some == whole


def test_a_level_kept_for_measurement_moves_no_other_pairings_deals() -> None:
    every = ["easy", "greedy", "medium", "hard"]
    with_turn = ladder.schedule(every + ["turn"], 4, 500, "torres", every=every)
    without = ladder.schedule(every, 4, 500, "torres")
    assert [t for t in with_turn if "turn" not in t[3]] == without
    turn_deals = {t[1] for t in with_turn if "turn" in t[3]}
    assert len(turn_deals) == 4 * 2 and not turn_deals & {t[1] for t in without}
    assert all(t[1] >= 500 + ladder.PAIRING_STRIDE * 6 for t in with_turn if "turn" in t[3])


def test_the_ladder_script_plays_one_levels_pairings_on_their_usual_deals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--with LEVEL`: the games to play again after one level changed, on the deals a whole run gives them."""
    from tests.support import load_script

    script = load_script("bench_ai_ladder")
    out = tmp_path / "games.jsonl"
    levels = ["easy", "greedy", "medium"]
    assert script.main(["--game", "torres", "--levels", ",".join(levels), "--games", "2", "--with", "easy",
                        "--jobs", "1", "--rounds", "10", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    whole = {(tuple(t[3]), t[1]) for t in ladder.schedule(levels, 2, 40000, "torres", ("hard", "expert"), None,
                                                           script.LEVELS)}
    played = {(tuple(r["seats"]), r["deal"]) for r in rows}
    assert len(rows) == 4 and all("easy" in r["seats"] for r in rows)
    assert played == {key for key in whole if "easy" in key[0]}
    with pytest.raises(SystemExit) as stop:
        script.main(["--game", "torres", "--levels", "easy,greedy", "--with", "expert"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith("--with names a level of --levels, not 'expert'")
