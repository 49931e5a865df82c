"""Seeded games between computer levels in every Torres variant, and the whole-turn search's size.

    python scripts/bench_turn.py games --bots plan,turn --players 2 --variant base --games 20 --seed 7000
    python scripts/bench_turn.py size --turns 40 --seed 0 [--width 0 --per-node 0 --cap 20000]
    python scripts/bench_turn.py steps --bots plan --turns 20 --seed 0

`games` plays like `python -m toledo tournament` (game g: deal `seed + g // players`, the line-up
rotated by g seats, each bot seeded by deal, game and seat) but in a chosen variant, and prints one
Markdown row: line-up, players, variant, games, seed, the first bot's wins with Wilson's 95 %
interval, chance, and its decision time p50 / p95 (native, this machine).

`size` takes the start of real turns (seeded games of 2-4 players between `turn` bots, base and
own-deck) and runs the whole-turn search from each, with the beam (`--width`, `--per-node`; 0 = no
limit, i.e. every sequence) up to `--cap` positions, and prints the distinct positions per turn
(median, p95, max), how many turns hit the cap, and the search's CPU time (median, p95, max).

`steps` decides the first decision of real turns with the level named by `--bots` through the sliced
protocol the page uses, in the smallest slices (`run(0.0)`: one piece of work, then a pause), and
prints the longest piece of work between two pauses in this process's CPU time: what the page's
slice can overrun by (natively; Pyodide takes about twice as long).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
from one_line_args import OneLineParser  # noqa: E402

from toledo.ai.bots import make_bot  # noqa: E402
from toledo.ai.tournament import lineup, wilson  # noqa: E402
from toledo.ai.turn import TurnSearch  # noqa: E402
from toledo.core import registry  # noqa: E402


def play(names: list[str], players: int, variant: str, index: int, deal: int, game: str = "torres") -> dict[str, Any]:
    seats = lineup(names, players, index)
    agents = [make_bot(name, deal * 7919 + index * 31 + i, game=game) for i, name in enumerate(seats)]
    rules = registry.get(game)
    state = rules.new_state(rules.make_setup(players, seed=deal, variant=variant))
    times: list[list[float]] = [[] for _ in range(players)]
    while state.current_player >= 0:
        seat = state.current_player
        t0 = time.perf_counter()
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        times[seat].append(time.perf_counter() - t0)
        state.apply(action)
    return {"seats": seats, "returns": state.returns(), "scores": state.scores(), "times": times}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))] if ordered else 0.0


def games_row(names: list[str], players: int, variant: str, games: int, seed: int) -> str:
    wins = 0.0
    seat_games = 0
    times: list[float] = []
    for g in range(games):
        result = play(names, players, variant, g, seed + g // players)
        for seat, name in enumerate(result["seats"]):
            if name == names[0]:
                wins += result["returns"][seat]
                seat_games += 1
                times.extend(result["times"][seat])
        print(f"game {g}: {' '.join(result['seats'])} scores {result['scores']} returns {result['returns']}", file=sys.stderr, flush=True)
    low, high = wilson(wins, seat_games)
    others = ", ".join(names[1:]) + (f" × {players - len(names) + 1}" if players > len(names) else "")
    return (f"| {names[0]}, {others} | {players} | {variant} | {games} | {seed} | {wins:g} of {seat_games}, "
            f"{100 * wins / seat_games:.1f}% ({100 * low:.1f}–{100 * high:.1f}%) | {100 / players:.0f}% | "
            f"{1000 * percentile(times, 0.5):.0f} / {1000 * percentile(times, 0.95):.0f} ms |")


def turn_starts(count: int, seed: int) -> list[Any]:
    """The first decision of `count` real turns (action phases only) from seeded games of turn bots."""
    rules = registry.get("torres")
    out: list[Any] = []
    game = 0
    while len(out) < count:
        players = 2 + game % 3
        variant = ("base", "own-deck")[game // 3 % 2]
        state = rules.new_state(rules.make_setup(players, seed=seed * 10007 + game, variant=variant))
        agents = [make_bot("turn", seed + game * 5 + i, game="torres") for i in range(players)]
        last = -1
        while state.current_player >= 0 and len(out) < count:
            if state.stage.name == "TURN" and state.turn != last:
                last = state.turn
                if (state.turn + game) % 4 == 0:
                    out.append(state.clone())
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        game += 1
    return out


def size_report(turns: int, seed: int, width: int, per_node: int, cap: int) -> str:
    positions: list[int] = []
    seconds: list[float] = []
    capped = 0
    for state in turn_starts(turns, seed):
        search = TurnSearch(0, width, per_node, game="torres", max_positions=cap)
        t0 = time.process_time()
        search.start(state.view(state.current_player), state.legal_actions(), state=state)
        search.run(1e9)
        seconds.append(time.process_time() - t0)
        positions.append(search.positions)
        capped += search.positions >= cap
    beam = "every sequence" if not width and not per_node else f"width {width}, {per_node} actions per position"
    return (f"torres turn search ({beam}, cap {cap}), {turns} turns: positions median {statistics.median(positions):.0f}, "
            f"p95 {percentile(positions, 0.95):.0f}, max {max(positions)}; {capped} turns at the cap; "
            f"cpu time median {statistics.median(seconds):.3f} s, p95 {percentile(seconds, 0.95):.3f} s, "
            f"max {max(seconds):.3f} s")


def steps_report(level: str, turns: int, seed: int) -> str:
    longest: list[float] = []
    clock = time.process_time
    for i, state in enumerate(turn_starts(turns, seed)):
        bot = make_bot(level, seed + i, game="torres")
        search = bot.search(state.view(state.current_player), state.legal_actions())
        worst = 0.0
        while True:
            t0 = clock()
            over = search.run(0.0)
            worst = max(worst, clock() - t0)
            if over:
                break
        search.best()
        longest.append(worst)
    return (f"torres {level}, {turns} turns, native cpu time of the longest step between two pauses: "
            f"median {1000 * statistics.median(longest):.1f} ms, p95 {1000 * percentile(longest, 0.95):.1f} ms, "
            f"max {1000 * max(longest):.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("games", "size", "steps"))
    parser.add_argument("--bots", default="plan,turn")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--variant", default="base", choices=("base", "own-deck", "master"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--width", type=int, default=0)
    parser.add_argument("--per-node", type=int, default=0)
    parser.add_argument("--cap", type=int, default=20000)
    args = parser.parse_args(argv)
    if args.what == "games":
        print(games_row(args.bots.split(","), args.players, args.variant, args.games, args.seed))
    elif args.what == "steps":
        print(steps_report(args.bots.split(",")[0], args.turns, args.seed))
    else:
        print(size_report(args.turns, args.seed, args.width, args.per_node, args.cap))
    return 0


if __name__ == "__main__":
    sys.exit(main())
