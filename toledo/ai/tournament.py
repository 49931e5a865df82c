"""`python -m toledo tournament`: seeded games between bot levels, with win rates and 95 % intervals.

``--game`` chooses the game (any game of the registry that supplies heuristics; the command line
plays ``toledo`` unless told otherwise). Seating: ``--bots`` names the line-up seat by seat; when it names fewer bots than there are
players, the last name fills the remaining seats (``--bots hard,medium --players 4`` is one Hard
against three Medium). Game g plays deal ``seed + g // players`` with the line-up rotated by
``g % players`` seats, so every bot sits in every seat equally often on the same deals.

A bot's win counts 1, a shared win 1/k. The interval is Wilson's score interval at 95 %. Decision
times are measured per decision (p50, p95 and the slowest), on this machine, natively.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Sequence

from . import bots
from ..core import registry
from .bots import Bot
from .games import game_ai


def make_player(name: str, seed: int, budget: str | None, game: str) -> Bot:
    """A bot by level name; `budget` ("500" iterations or "0.5s" seconds) applies to the ISMCTS levels."""
    if budget is not None and _ismcts(name, game):
        from .search import ExpertBot, HardBot

        cls = HardBot if name in ("hard", "ismcts") else ExpertBot
        iterations, seconds = parse_budget(budget)
        return cls(seed, iterations=iterations, max_seconds=seconds, game=game)
    return bots.make_bot(name, seed, game=game)


def _ismcts(name: str, game: str) -> bool:
    """Is level `name` the ISMCTS in `game` (the levels an iteration budget applies to)?"""
    if name in ("ismcts", "ismcts-expert"):
        return True
    return name in ("hard", "expert") and name not in getattr(game_ai(game).heuristics, "plan_search", {})


def parse_budget(text: str) -> tuple[int, float | None]:
    """'800' -> 800 iterations; '0.5s' -> a 0.5 s cap (and no practical iteration limit)."""
    text = text.strip().lower()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if not 0 < seconds <= 600:
                raise ValueError
            return 10**9, seconds
        iterations = int(text)
        if iterations < 1:
            raise ValueError
        return iterations, None
    except ValueError:
        raise ValueError(f"--budget must be a number of iterations (e.g. 800) or seconds (e.g. 0.5s), not {text!r}") \
            from None


def lineup(names: Sequence[str], players: int, game: int) -> list[str]:
    """The bot in each seat for game number `game` (see the module docstring)."""
    seats = list(names[:players]) + [names[-1]] * (players - len(names))
    shift = game % players
    return seats[-shift:] + seats[:-shift] if shift else seats


Task = tuple[int, int, int, list[str], "str | None", str]  # game number, deal, players, seats, budget, game


def play_one(task: Task) -> dict[str, Any]:
    """One game; returns seats, scores, returns and per-seat thinking time."""
    index, deal, players, seats, budget, game = task
    agents = [make_player(name, deal * 7919 + index * 31 + i, budget, game) for i, name in enumerate(seats)]
    rules = registry.get(game)
    state = rules.new_state(rules.make_setup(players, seed=deal))
    spent = [0.0] * players
    decisions = [0] * players
    times: list[list[float]] = [[] for _ in range(players)]
    clock = time.perf_counter
    while True:
        seat = state.current_player
        if seat < 0:
            break
        legal = state.legal_actions()
        t0 = clock()
        action = agents[seat].choose(state.view(seat), legal)
        took = clock() - t0
        spent[seat] += took
        times[seat].append(round(took, 5))
        decisions[seat] += 1
        state.apply(action)
    h = game_ai(game).heuristics
    return {"game": index, "deal": deal, "seats": seats, "scores": [round(x, 2) for x in h.points(state)],
            "returns": state.returns(), "turns": h.turn(state), "seconds": spent, "decisions": decisions,
            "times": times}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(results: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Per bot name: seat-games, wins, win rate with its interval, mean score and thinking time."""
    table: dict[str, dict[str, Any]] = {}
    for game in results:
        for seat, name in enumerate(game["seats"]):
            row = table.setdefault(name, {"bot": name, "seat_games": 0, "wins": 0.0, "score_sum": 0,
                                          "seconds": 0.0, "decisions": 0, "times": []})
            row["seat_games"] += 1
            row["wins"] += game["returns"][seat]
            row["score_sum"] += game["scores"][seat]
            row["seconds"] += game["seconds"][seat]
            row["decisions"] += game["decisions"][seat]
            row["times"].extend(game.get("times", [[]] * len(game["seats"]))[seat])
    out = []
    for row in table.values():
        n = row["seat_games"]
        low, high = wilson(row["wins"], n)
        out.append({"bot": row["bot"], "seat_games": n, "wins": round(row["wins"], 2),
                    "win_rate": round(row["wins"] / n, 4), "ci95": [round(low, 4), round(high, 4)],
                    "chance": round(1 / players, 4), "mean_score": round(row["score_sum"] / n, 2),
                    "ms_per_decision": round(1000 * row["seconds"] / max(1, row["decisions"]), 1),
                    "ms_p50": _percentile_ms(row["times"], 0.50), "ms_p95": _percentile_ms(row["times"], 0.95),
                    "ms_max": _percentile_ms(row["times"], 1.0)})
    return out


def _percentile_ms(times: list[float], q: float) -> float:
    """The q-quantile of decision times in milliseconds (nearest rank; 0 for no decisions)."""
    if not times:
        return 0.0
    ordered = sorted(times)
    return round(1000 * ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))], 1)


def run_tournament(names: Sequence[str], players: int, games: int, seed: int, budget: str | None = None,
                   jobs: int = 1, *, game: str) -> list[dict[str, Any]]:
    """Every game's result, in game order whatever `jobs` is (each game seeds its own bots)."""
    tasks: list[Task] = [(g, seed + g // players, players, lineup(names, players, g), budget, game)
                         for g in range(games)]
    if jobs <= 1:
        return [play_one(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play_one, tasks, chunksize=1))
