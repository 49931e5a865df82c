"""How long the Hard computer player thinks per decision, natively.

    python scripts/bench_ai.py [--positions 120] [--seed 0] [--level hard] [--iterations N] [--cpu] [--json]

Positions are decision points with a real choice (two or more distinct options) taken from seeded
games of 2, 3 and 4 players played by Medium bots (fast, and realistic positions). Each one is
decided once by a fresh bot; the script prints the median, 95th percentile and maximum time.

For the browser mode: `bench_positions` and `time_decisions` use only the `toledo` package and
the standard library, so the page can run them unchanged inside Pyodide (load this file's source)
and report `summary(times)` the same way.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from toledo import State, new_game  # noqa: E402
from toledo.actions import Action  # noqa: E402
from toledo.ai import HARD_ITERATIONS, EXPERT_ITERATIONS, ExpertBot, HardBot, MediumBot  # noqa: E402
from toledo.ai.common import group_actions  # noqa: E402
from toledo.view import PlayerView  # noqa: E402

Decide = Callable[[PlayerView, tuple[Action, ...]], Action]


def bench_positions(count: int, seed: int = 0) -> list[State]:
    """`count` decision points with at least two distinct options, from seeded Medium games."""
    rng = random.Random(seed)
    out: list[State] = []
    game = 0
    while len(out) < count:
        players = 2 + game % 3
        state = new_game(players, seed=seed * 10007 + game)
        bots = [MediumBot(seed + game * 5 + i, samples=2) for i in range(players)]
        while not state.is_terminal() and len(out) < count:
            legal = state.legal_actions()
            if len(group_actions(legal, state)) > 1 and rng.random() < 0.15:
                out.append(state.clone())
            state.apply(bots[state.current].choose(state.view(state.current), legal))
        game += 1
    return out


def time_decisions(positions: Sequence[State], make_decider: Callable[[int], Decide],
                   clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """Seconds per decision, one fresh decider (seeded by the position's index) per position.
    `clock` is wall time by default; `time.process_time` measures this process's CPU time, which
    a busy machine does not inflate."""
    times = []
    for i, state in enumerate(positions):
        decide = make_decider(i)
        view, legal = state.view(state.current), state.legal_actions()
        t0 = clock()
        action = decide(view, legal)
        times.append(clock() - t0)
        if action not in legal:
            raise AssertionError(f"illegal decision {action} at position {i}")
    return times


def summary(times: Sequence[float]) -> dict[str, Any]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"decisions": len(ordered), "median_s": round(statistics.median(ordered), 3),
            "p95_s": round(p95, 3), "max_s": round(ordered[-1], 3), "mean_s": round(statistics.fmean(ordered), 3)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", choices=("hard", "expert"), default="hard")
    parser.add_argument("--iterations", type=int, default=None, help="override the level's iteration budget")
    parser.add_argument("--cpu", action="store_true", help="measure CPU time of this process instead of wall time")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    cls = HardBot if args.level == "hard" else ExpertBot
    iterations = args.iterations or (HARD_ITERATIONS if args.level == "hard" else EXPERT_ITERATIONS)
    positions = bench_positions(args.positions, args.seed)
    clock = time.process_time if args.cpu else time.perf_counter
    times = time_decisions(positions, lambda i: cls(args.seed + i, iterations=iterations).choose, clock)
    result = {"level": args.level, "iterations": iterations, "clock": "cpu" if args.cpu else "wall",
              "python": sys.version.split()[0], **summary(times)}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"{args.level} ({iterations} iterations), {result['decisions']} decisions, {result['clock']} time: median {result['median_s']} s,"
              f" p95 {result['p95_s']} s, max {result['max_s']} s (mean {result['mean_s']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
