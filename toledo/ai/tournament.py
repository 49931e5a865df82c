"""`python -m toledo tournament`: seeded games between bot levels, with win rates and 95 % intervals.

Seating: ``--bots`` names the line-up seat by seat; when it names fewer bots than there are
players, the last name fills the remaining seats (``--bots hard,medium --players 4`` is one Hard
against three Medium). Game g plays deal ``seed + g // players`` with the line-up rotated by
``g % players`` seats, so every bot sits in every seat equally often on the same deals.

A bot's win counts 1, a shared win (E3) 1/k. The interval is Wilson's score interval at 95 %.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Sequence

from . import bots
from .. import cli
from .bots import Bot
from ..games.toledo.state import new_game


def make_player(name: str, seed: int, budget: str | None = None) -> Bot:
    """A bot by level name; `budget` ("500" iterations or "0.5s" seconds) applies to search levels."""
    if budget is not None and name in ("hard", "expert"):
        from .search import ExpertBot, HardBot

        cls = HardBot if name == "hard" else ExpertBot
        iterations, seconds = parse_budget(budget)
        return cls(seed, iterations=iterations, max_seconds=seconds)
    return bots.make_bot(name, seed)


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
        raise cli.UsageError(f"--budget must be a number of iterations (e.g. 800) or seconds (e.g. 0.5s), not {text!r}") \
            from None


def lineup(names: Sequence[str], players: int, game: int) -> list[str]:
    """The bot in each seat for game number `game` (see the module docstring)."""
    seats = list(names[:players]) + [names[-1]] * (players - len(names))
    shift = game % players
    return seats[-shift:] + seats[:-shift] if shift else seats


def play_one(task: tuple[int, int, int, list[str], str | None]) -> dict[str, Any]:
    """One game; returns seats, scores, returns and per-seat thinking time."""
    index, deal, players, seats, budget = task
    agents = [make_player(name, deal * 7919 + index * 31 + i, budget) for i, name in enumerate(seats)]
    state = new_game(players, seed=deal)
    spent = [0.0] * players
    decisions = [0] * players
    clock = time.perf_counter
    while not state.is_terminal():
        seat = state.current
        legal = state.legal_actions()
        t0 = clock()
        action = agents[seat].choose(state.view(seat), legal)
        spent[seat] += clock() - t0
        decisions[seat] += 1
        state.apply(action)
    return {"game": index, "deal": deal, "seats": seats, "scores": [s.total for s in state.scores()],
            "returns": state.returns(), "turns": state.turn, "seconds": spent, "decisions": decisions}


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
                                          "seconds": 0.0, "decisions": 0})
            row["seat_games"] += 1
            row["wins"] += game["returns"][seat]
            row["score_sum"] += game["scores"][seat]
            row["seconds"] += game["seconds"][seat]
            row["decisions"] += game["decisions"][seat]
    out = []
    for row in table.values():
        n = row["seat_games"]
        low, high = wilson(row["wins"], n)
        out.append({"bot": row["bot"], "seat_games": n, "wins": round(row["wins"], 2),
                    "win_rate": round(row["wins"] / n, 4), "ci95": [round(low, 4), round(high, 4)],
                    "chance": round(1 / players, 4), "mean_score": round(row["score_sum"] / n, 2),
                    "ms_per_decision": round(1000 * row["seconds"] / max(1, row["decisions"]), 1)})
    return out


def run_tournament(names: Sequence[str], players: int, games: int, seed: int, budget: str | None = None,
                   jobs: int = 1) -> list[dict[str, Any]]:
    tasks = [(g, seed + g // players, players, lineup(names, players, g), budget) for g in range(games)]
    if jobs <= 1:
        return [play_one(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play_one, tasks, chunksize=1))


def cmd_tournament(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    known = bots.bot_names()
    if not names:
        raise cli.UsageError("--bots names no bot")
    if len(names) > args.players:
        raise cli.UsageError(f"--bots names {len(names)} bots for {args.players} players")
    for name in names:
        if name not in known:
            raise cli.UsageError(f"unknown bot {name!r} (choose from {', '.join(known)})")
    if args.budget is not None:
        parse_budget(args.budget)
    started = time.perf_counter()
    results = run_tournament(names, args.players, args.games, args.seed, args.budget, args.jobs)
    rows = summarise(results, args.players)
    seconds = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps({"players": args.players, "games": args.games, "seed": args.seed, "bots": names,
                          "budget": args.budget, "seconds": seconds, "table": rows,
                          "games_detail": results if args.details else None}, indent=1))
        return 0
    print(f"{args.games} games, {args.players} players, seed {args.seed}, line-up {','.join(lineup(names, args.players, 0))}"
          f" rotated, hard budget {args.budget or 'default'}, {seconds} s")
    print(f"{'bot':<8} {'seat-games':>10} {'wins':>7} {'win rate':>9} {'95% CI':>15} {'chance':>7} {'score':>6} {'ms/dec':>7}")
    for r in rows:
        ci = f"{100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%"
        print(f"{r['bot']:<8} {r['seat_games']:>10} {r['wins']:>7g} {100 * r['win_rate']:>8.1f}% {ci:>15}"
              f" {100 * r['chance']:>6.1f}% {r['mean_score']:>6.2f} {r['ms_per_decision']:>7.1f}")
    return 0


def _add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tournament", help="play seeded games between bot levels and print win rates")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    p.add_argument("--games", type=cli._positive, default=20)
    p.add_argument("--seed", type=cli._natural, default=0)
    p.add_argument("--bots", default="hard,medium", help="line-up, comma-separated; the last fills remaining seats")
    p.add_argument("--budget", default=None, help="hard/expert budget: iterations (800) or seconds (0.5s)")
    p.add_argument("--jobs", type=cli._positive, default=1, help="worker processes")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--details", action="store_true", help="with --json: include every game")


if not any(name == "tournament" for name, _ in cli._EXTRA_COMMANDS):
    cli._EXTRA_COMMANDS.append(("tournament", _add_parser))
cli.COMMANDS["tournament"] = cmd_tournament
