"""How strong the computer players are: the seeded tournaments behind the tables in README and docs/ai.md.

    python scripts/bench_ai_strength.py [--only NAME ...] [--list] [--scale 1.0] [--jobs 2] [--out FILE]

Each line-up below is one `python -m toledo tournament` run (the same code, seeds and default
budgets), played with `--jobs` worker processes. Results are printed as one Markdown table row per
run as soon as it finishes (and appended to `--out` as JSON lines, so a long session that is stopped
keeps what it measured). `--scale` multiplies every run's number of games (0.25 for a quick look);
`--only` picks runs by name (`--list` prints them). The whole list takes hours on a 2-core machine: it is never run in CI.
A tournament replays exactly for its seed, whatever --jobs is.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402

from toledo.ai.tournament import run_tournament, summarise  # noqa: E402


class Run(NamedTuple):
    name: str
    game: str
    bots: tuple[str, ...]  # seat by seat; the last fills the remaining seats
    players: int
    games: int
    seed: int


FORMER: tuple[Run, ...] = (  # against the former yardstick, now `scorer` (docs/ai-strength.md: "Against the former yardstick")
    Run("former-toledo-hard-greedy", "toledo", ("hard", "scorer"), 2, 40, 5000),
    Run("former-toledo-hard-medium", "toledo", ("hard", "medium"), 2, 40, 5100),
    Run("former-toledo-medium-greedy", "toledo", ("medium", "scorer"), 2, 40, 5200),
    Run("former-toledo-greedy-easy", "toledo", ("scorer", "easy"), 2, 40, 5300),
    Run("former-torres-hard-greedy", "torres", ("hard", "scorer"), 2, 40, 6000),
    Run("former-torres-medium-greedy", "torres", ("medium", "scorer"), 2, 40, 6200),
    Run("former-torres-greedy-easy", "torres", ("scorer", "easy"), 2, 40, 6300),
    Run("former-torres-hard-medium", "torres", ("hard", "medium"), 2, 40, 6400),
    Run("former-toledo-hard-greedy-3p", "toledo", ("hard", "scorer"), 3, 12, 7000),
    Run("former-toledo-hard-greedy-4p", "toledo", ("hard", "scorer"), 4, 12, 7100),
    Run("former-torres-hard-greedy-3p", "torres", ("hard", "scorer"), 3, 12, 8000),
    Run("former-torres-hard-greedy-4p", "torres", ("hard", "scorer"), 4, 12, 8100),
    Run("former-torres-turn-greedy", "torres", ("turn", "scorer"), 2, 40, 9000),
    Run("torres-hard-turn", "torres", ("hard", "turn"), 2, 40, 81000),
    Run("torres-plan-turn", "torres", ("plan", "turn"), 2, 40, 81000),
    Run("torres-plan-expert-turn", "torres", ("plan-expert", "turn"), 2, 40, 81000),
)

# Against today's Greedy, on deals never used for tuning (tuning used seeds 100 and below; the
# ladder, scripts/bench_ai_ladder.py, plays the two-player pairings from seed 40000).
TARGETS: tuple[Run, ...] = (
    Run("toledo-hard-greedy-3p", "toledo", ("hard", "greedy"), 3, 201, 50300),
    Run("toledo-hard-greedy-4p", "toledo", ("hard", "greedy"), 4, 200, 50400),
    Run("toledo-hard-medium-3p", "toledo", ("hard", "medium"), 3, 201, 50500),
    Run("toledo-hard-medium-4p", "toledo", ("hard", "medium"), 4, 200, 50600),
    # a second set of deals for Toledo's closest line-up to its target
    Run("toledo-hard-medium-3p-again", "toledo", ("hard", "medium"), 3, 201, 51500),
    Run("toledo-medium-greedy-3p", "toledo", ("medium", "greedy"), 3, 201, 50700),
    Run("toledo-medium-greedy-4p", "toledo", ("medium", "greedy"), 4, 200, 50800),
    Run("torres-hard-greedy-3p", "torres", ("hard", "greedy"), 3, 201, 60300),
    Run("torres-hard-greedy-4p", "torres", ("hard", "greedy"), 4, 200, 60400),
    Run("torres-hard-medium-3p", "torres", ("hard", "medium"), 3, 201, 60500),
    Run("torres-hard-medium-4p", "torres", ("hard", "medium"), 4, 200, 60600),
    # a second set of deals for Hard's two closest line-ups, against Greedy
    Run("torres-hard-greedy-3p-again", "torres", ("hard", "greedy"), 3, 201, 61300),
    Run("torres-hard-greedy-4p-again", "torres", ("hard", "greedy"), 4, 200, 61400),
    Run("torres-medium-greedy-3p", "torres", ("medium", "greedy"), 3, 201, 60700),
    Run("torres-medium-greedy-4p", "torres", ("medium", "greedy"), 4, 200, 60800),
    # Expert has no target; it plays Hard's deals, so each of its rows pairs with Hard's
    Run("torres-expert-greedy-3p", "torres", ("expert", "greedy"), 3, 201, 60300),
    Run("torres-expert-greedy-4p", "torres", ("expert", "greedy"), 4, 200, 60400),
    Run("torres-expert-medium-3p", "torres", ("expert", "medium"), 3, 201, 60500),
    Run("torres-expert-medium-4p", "torres", ("expert", "medium"), 4, 200, 60600),
)
RUNS: tuple[Run, ...] = TARGETS + FORMER


def row(run: Run, games: int, table: list[dict], seconds: float) -> str:
    first = next(r for r in table if r["bot"] == run.bots[0])
    low, high = first["ci95"]
    times = "; ".join(f"{r['bot']} p50 {r['ms_p50']:.0f} ms, p95 {r['ms_p95']:.0f} ms" for r in table)
    return (f"| {run.game} | {', '.join(run.bots)} | {run.players} | {games} | {run.seed} | "
            f"{run.bots[0]} {100 * first['win_rate']:.1f}% ({100 * low:.1f}–{100 * high:.1f}%) | "
            f"{100 / run.players:.0f}% | {times} | {seconds:.0f} s |")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, metavar="NAME", help="runs by name (--list names them)")
    parser.add_argument("--list", action="store_true", help="print every run's name and stop")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(r.name for r in RUNS))
        return 0
    unknown = sorted(set(args.only or ()) - {r.name for r in RUNS})
    if unknown:  # one short line, not the whole list of names
        parser.error(f"no run named {', '.join(map(repr, unknown))} (--list names them)")
    print("| game | line-up | players | games | seed | first bot's win rate (95% CI) | chance | decision time | wall |")
    print("|---|---|---|---|---|---|---|---|---|")
    for run in RUNS:
        if args.only is not None and run.name not in args.only:
            continue
        games = max(run.players, round(run.games * args.scale / run.players) * run.players)
        started = time.perf_counter()
        results = run_tournament(list(run.bots), run.players, games, run.seed, jobs=args.jobs, game=run.game)
        table = summarise(results, run.players)
        seconds = time.perf_counter() - started
        print(row(run, games, table, seconds), flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps({"run": run.name, "game": run.game, "bots": run.bots, "players": run.players,
                                    "games": games, "seed": run.seed, "seconds": round(seconds, 1),
                                    "table": table}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
