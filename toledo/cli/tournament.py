"""`python -m toledo tournament`: the command around the computer players' seeded tournament."""

from __future__ import annotations

import argparse
import json
import os
import time

from ..ai import bots
from ..ai.games import game_ai
from ..ai.tournament import lineup, parse_budget, run_tournament, summarise
from ..core import registry
from . import args as cli

NAME = "tournament"


def run(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    known = bots.bot_names()
    if not names:
        raise cli.UsageError("--bots names no bot")
    if len(names) > args.players:
        raise cli.UsageError(f"--bots names {len(names)} bots for {args.players} players")
    for name in names:
        if name not in known:
            raise cli.UsageError(f"unknown bot {name!r} (choose from {', '.join(known)})")
    if args.budget is not None:  # already within the option's caps; the AI's own reading must agree
        try:
            parse_budget(args.budget)
        except ValueError as err:
            raise cli.UsageError(str(err)) from None
    try:
        game_ai(args.game)
    except ValueError as err:
        raise cli.UsageError(str(err)) from None
    info = registry.info(args.game)
    cli.seats_for(info.title, info.min_players, info.max_players, args.players)
    started = time.perf_counter()
    jobs = min(args.jobs, args.games)  # a worker per game at most: more would only start and wait
    results = run_tournament(names, args.players, args.games, args.seed, args.budget, jobs, game=args.game)
    rows = summarise(results, args.players)
    seconds = round(time.perf_counter() - started, 1)
    if args.json:
        cli.emit(json.dumps({"game": args.game, "players": args.players, "games": args.games, "seed": args.seed, "bots": names,
                          "budget": args.budget, "seconds": seconds, "table": rows,
                          "games_detail": results if args.details else None}, indent=1))
        return 0
    cli.emit(f"{info.title}: {args.games} games, {args.players} players, seed {args.seed}, line-up {','.join(lineup(names, args.players, 0))}"
          f" rotated, hard budget {args.budget or 'default'}, {seconds} s")
    cli.emit(f"{'bot':<8} {'seat-games':>10} {'wins':>7} {'win rate':>9} {'95% CI':>15} {'chance':>7} {'score':>6} {'ms/dec':>7} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}")
    for r in rows:
        ci = f"{100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%"
        cli.emit(f"{r['bot']:<8} {r['seat_games']:>10} {r['wins']:>7g} {100 * r['win_rate']:>8.1f}% {ci:>15}"
              f" {100 * r['chance']:>6.1f}% {r['mean_score']:>6.2f} {r['ms_per_decision']:>7.1f}"
              f" {r['ms_p50']:>7.1f} {r['ms_p95']:>7.1f} {r['ms_max']:>7.1f}")
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tournament", help="play seeded games between bot levels and print win rates")
    p.add_argument("--game", choices=registry.names(), default="toledo")
    p.add_argument("--players", type=cli._player_count, default=2)
    p.add_argument("--games", type=cli._tournament_games, default=20, help=f"at most {cli.MAX_TOURNAMENT_GAMES:,}")
    p.add_argument("--seed", type=cli._natural, default=0)
    p.add_argument("--bots", default="hard,medium", help="line-up, comma-separated; the last fills remaining seats")
    p.add_argument("--budget", type=cli._budget, default=None,
                   help=f"hard/expert budget: iterations (800, at most {cli.MAX_BUDGET_ITERATIONS:,}) or seconds per "
                        f"decision (0.5s, at most {cli.MAX_BUDGET_SECONDS:.0f}s)")
    p.add_argument("--jobs", type=cli._jobs, default=min(os.cpu_count() or 1, cli.MAX_JOBS),
                   help=f"worker processes (default: one per core; at most {cli.MAX_JOBS}, and never more than games)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--details", action="store_true", help="with --json: include every game")
