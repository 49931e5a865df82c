"""The Elo ladder of the levels: a two-player round-robin over fresh deals, fitted by Bradley–Terry.

    python scripts/bench_ai_ladder.py --game toledo [--levels easy,greedy,medium,hard,expert]
        [--games 200] [--search-games N] [--seed 40000] [--jobs 2] [--with LEVEL] [--out FILE] [--fit FILE ...]

Every pair of `--levels` plays `--games` games (both seats equally, each pairing on its own deals:
`toledo.ai.ladder.schedule`), in a pool of `--jobs` processes; pairings with Hard or Expert play
`--search-games` instead (they cost a hundred times more) after all the others. Each finished game is appended to
`--out` as a JSON line at once, and a run given an `--out` that already holds games plays only the
ones missing, so a long run can be stopped and resumed. `--with LEVEL` plays only that level's pairings
(on the deals a whole run gives them): the games to play again after a level changed. The ratings are the maximum-likelihood
Bradley–Terry fit on the Elo scale with Greedy pinned at 1000, with 95 % bootstrap intervals; the
head-to-head records follow, then what the fit predicts for a table of three or four (one seat against the
other level in every other seat, as `bench_ai_strength.py`'s line-ups) and the gap a first-place share asks
for. `--fit FILE ...` only fits games already played (several files may be
joined, e.g. cheap pairings played with many games and the search levels with fewer); its `--levels`
may name any level the files hold.
`--levels` may add `turn` (Torres's whole-turn baseline, for measurement only): its pairings come
after those of the player's levels, so their deals stay as they were.
"""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402

from toledo.ai import ladder  # noqa: E402
from toledo.ai.tournament import play_one, wilson  # noqa: E402

LEVELS = ("easy", "greedy", "medium", "hard", "expert")
MEASURED = ("turn",)  # levels for measurement only (Torres's whole-turn baseline), rated beside the others
ANCHOR = "greedy"


def _key(game: str, seats: list[str], deal: int) -> tuple[str, str, str, int]:
    return (game, seats[0], seats[1], deal)


def load(paths: list[str], game: str) -> list[dict[str, Any]]:
    out = []
    for path in paths:
        p = Path(path)
        if not p.exists():
            continue
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if row.get("game_name") == game:
                    out.append(row)
    return out


def play(tasks: list[Any], jobs: int, out: str | None, game: str) -> list[dict[str, Any]]:
    """Play the tasks; every result is appended to `out` as soon as it is in."""
    kept: list[dict[str, Any]] = []

    def keep(result: dict[str, Any]) -> None:
        result = {"game_name": game, "seats": result["seats"], "deal": result["deal"], "returns": result["returns"],
                  "scores": result["scores"], "seconds": [round(x, 3) for x in result["seconds"]],
                  "decisions": result["decisions"]}
        kept.append(result)
        if out:
            with open(out, "a", encoding="utf-8") as f:
                f.write(json.dumps(result) + "\n")
    if jobs <= 1:
        for t in tasks:
            keep(play_one(t))
        return kept
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(play_one, tasks, chunksize=1):
            keep(result)
    return kept


def report(rows: list[dict[str, Any]], levels: list[str], game: str, rounds: int) -> str:
    games = [g for g in ladder.outcomes(rows) if g[0] in levels and g[1] in levels]  # only the levels asked for
    present = [name for name in levels if any(name in (a, b) for a, b, _ in games)]
    if ANCHOR not in present or len(present) < 2:
        return f"{game}: not enough games to fit ({len(games)})"
    ratings = ladder.fit(games, ANCHOR, present)
    intervals = ladder.bootstrap(games, ANCHOR, present, rounds=rounds)
    played = {name: sum(1 for a, b, _ in games if name in (a, b)) for name in present}
    spent: dict[str, list[float]] = {name: [0.0, 0] for name in present}
    for r in rows:
        for seat, name in enumerate(r["seats"]):
            if name in spent:
                spent[name][0] += r["seconds"][seat]
                spent[name][1] += r["decisions"][seat]
    lines = [f"{game}: {len(games)} two-player games, Greedy pinned at {ladder.ANCHOR:.0f}", "",
             "| level | Elo | 95% interval | games | ms per decision (wall) |", "|---|---|---|---|---|"]
    for name in sorted(present, key=lambda x: -ratings[x]):
        low, high = intervals[name]
        ms = 1000 * spent[name][0] / max(1, spent[name][1])
        lines.append(f"| {name} | {ratings[name]:.0f} | {low:.0f} – {high:.0f} | {played[name]} | {ms:.1f} |")
    lines += ["", "| pairing | games | first's wins | first's win rate (95% CI) |", "|---|---|---|---|"]
    for (a, b), (wins, n) in sorted(ladder.head_to_head(games).items(),
                                    key=lambda kv: (present.index(kv[0][0]), present.index(kv[0][1]))):
        if present.index(a) > present.index(b):
            a, b, wins = b, a, n - wins
        low, high = wilson(wins, n)
        lines.append(f"| {b} vs {a} | {n} | {n - wins:g} | {100 * (n - wins) / n:.1f}% "
                     f"({100 * (1 - high):.1f}–{100 * (1 - low):.1f}%) |")
    return "\n".join(lines + predictions(ratings, present))


def predictions(ratings: dict[str, float], present: list[str]) -> list[str]:
    """What the fit predicts for one seat against the other level in every other seat (first place, by
    Plackett–Luce), and the gap a first-place share asks for."""
    lines = ["", "Predicted first place, one seat against the other level in every other seat (Plackett–Luce):",
             "", "| line-up | 2 players | 3 players | 4 players |", "|---|---|---|---|"]
    for a, b in ladder.pairings(sorted(present, key=lambda x: -ratings[x])):
        shares = " | ".join(f"{100 * ladder.first_place(ratings[a], ratings[b], n):.1f}%" for n in (2, 3, 4))
        lines.append(f"| {a} vs {b} | {shares} |")
    asks = "; ".join(f"{100 * share:.0f}% asks for " + " / ".join(f"{ladder.gap_for(share, n):.0f}" for n in (2, 3, 4))
                     for share in (0.9, 0.95))
    return lines + ["", f"The Elo gap first place asks for against equal rivals, at 2 / 3 / 4 players: {asks}."]


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="toledo", choices=["toledo", "torres"])
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--search-games", type=int, default=None, help="games per pairing with hard or expert")
    parser.add_argument("--seed", type=int, default=40000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--with", dest="only", default=None, metavar="LEVEL",
                        help="play only the pairings of this level")
    parser.add_argument("--out", default=None)
    parser.add_argument("--fit", nargs="*", default=None)
    parser.add_argument("--rounds", type=int, default=1000, help="bootstrap rounds")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    # a fit may name any level the files hold (e.g. `ismcts`, the ISMCTS where Hard is another search)
    unknown = [x for x in levels if x not in LEVELS + MEASURED] if args.fit is None else []
    if unknown or len(levels) < 2 or ANCHOR not in levels:
        parser.error(f"--levels needs two or more of {', '.join(LEVELS + MEASURED)}, greedy among them")
    if args.only is not None and args.only not in levels:
        parser.error(f"--with names a level of --levels, not {args.only!r}")
    if args.fit is None:
        done = {_key(args.game, r["seats"], r["deal"]) for r in load([args.out] if args.out else [], args.game)}
        tasks = [t for t in ladder.schedule(levels, args.games, args.seed, args.game, ("hard", "expert"),
                                            args.search_games, LEVELS)
                 if _key(args.game, t[3], t[1]) not in done and (args.only is None or args.only in t[3])]
        started = time.perf_counter()
        print(f"{args.game}: {len(tasks)} games to play ({len(done)} already in {args.out})", flush=True)
        fresh = play(tasks, args.jobs, args.out, args.game)
        print(f"played in {time.perf_counter() - started:.0f} s", flush=True)
        rows = load([args.out], args.game) if args.out else fresh
    else:
        rows = load(args.fit, args.game)
    print(report(rows, levels, args.game, args.rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
