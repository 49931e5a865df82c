"""How long a computer player thinks per decision, natively and in the browser, in any game.

    python scripts/bench_ai.py [--game toledo] [--positions 120] [--seed 0] [--players N] [--level hard]
                               [--iterations N] [--cpu] [--browser [--timed]] [--json]

Positions are decision points with a real choice (two or more distinct options) taken from seeded
games of 2, 3 and 4 players played by greedy bots (instant, and realistic positions; a game gives
many, so a short run holds the first games' sizes only: `--players N` takes them all from N-player
games, as a search costs more with more rivals to answer). Each one is
decided once by a fresh bot; the script prints the median, 95th percentile and maximum time.

--browser runs the same positions inside Pyodide in headless Chromium (Debian's /usr/bin/chromium,
the built site/ from scripts/build_site.py, served on 127.0.0.1): this file (and the parser it imports) is copied into
Pyodide's file system and each decision is made the way the page makes it, a sliced search that
yields to the browser between slices as the page's (`web/app/pacing.py` SLICE_SECONDS); the time is
the wall time from the start of the search to its answer, pauses included, i.e. how long a player
waits. A PerformanceObserver records the page's long tasks (over 50 ms, the browser's own threshold)
while the bots think: the longest one is how long the page could not answer a click. Without
--browser the decision is one plain `bot.choose` call. `--timed` (with --browser) holds the bots to
their level's thinking limit as the page does (`toledo.ai.bots.THINKING_LIMITS`) and counts the
decisions it ended early; without it every decision takes its whole budget (the work a level does).

`--level turn-every` (Torres) walks every sequence of the turn, no beam, up to `--iterations`
positions (20,000 by default): what the exhaustive whole-turn search costs.

Output: one line, `<level> (<n> iterations)[, <N> players], <k> decisions, <where>, <clock> time: median … s, p95 … s,
max … s (mean … s)` and in the browser `; main thread: <k> tasks over 50 ms, longest … ms`, or with
--json an object with the same figures (game, players, level, iterations, where, clock, python, decisions, median_s,
p95_s, max_s, mean_s, and in the browser long_tasks, longest_task_ms; with --timed, cut).
"""

from __future__ import annotations

import json
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(SCRIPTS))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402

from toledo.ai import ExpertBot, HardBot  # noqa: E402
from toledo.ai.bots import decide, make_bot, time_limited  # noqa: E402
from toledo.ai.games import game_ai  # noqa: E402
from toledo.ai.turn import TurnSearch  # noqa: E402
from toledo.core import registry  # noqa: E402

Decide = Callable[[Any, tuple[Any, ...]], Any]
LEVELS = ("easy", "greedy", "medium", "hard", "expert", "ismcts", "ismcts-expert", "turn", "plan", "plan-expert",
          "turn-every")
EVERY_CAP = 20_000  # `turn-every` stops there: no real turn's every sequence fits (docs/ai-strength.md)


class EveryTurn:
    """`turn-every`, for its cost only: every sequence of the seat's own actions to its turn's end (no
    beam), up to `cap` positions, valued as `turn` values them."""

    def __init__(self, seed: int, game: str, cap: int) -> None:
        self.seed, self.game, self.cap = seed, game, cap

    def search(self, view: Any, legal: Sequence[Any]) -> TurnSearch:
        search = TurnSearch(self.seed, 0, 0, game=self.game, max_positions=self.cap)
        search.start(view, legal)
        return search

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return decide(self.search(view, legal))


def bench_positions(count: int, seed: int = 0, game_name: str = "toledo", players: int | None = None) -> list[Any]:
    """`count` decision points with at least two distinct options, from seeded greedy games (of 2, 3 and
    4 players in turn, or all of `players`)."""
    rng = random.Random(seed)
    rules = registry.get(game_name)
    heuristics = game_ai(game_name).heuristics
    out: list[Any] = []
    game = 0
    while len(out) < count:
        n = players or 2 + game % 3
        state = rules.new_state(rules.make_setup(n, seed=seed * 10007 + game))
        bots = [make_bot("greedy", seed + game * 5 + i, game=game_name) for i in range(n)]
        while not state.is_terminal() and len(out) < count:
            legal = state.legal_actions()
            if len(heuristics.group(legal, state)) > 1 and rng.random() < 0.15:
                out.append(state.clone())
            state.apply(bots[state.current_player].choose(state.view(state.current_player), legal))
        game += 1
    return out


def make_level(level: str, seed: int, iterations: int | None, game: str, timed: bool = False) -> Any:
    """A fresh bot: the search levels at `iterations` (None: the game's default budget; for
    `turn-every`, the cap on positions); `timed`: held to the level's thinking limit, as the page's are."""
    if level == "turn-every":
        return EveryTurn(seed, game, iterations or EVERY_CAP)
    if level in ("ismcts", "ismcts-expert") or level in ("hard", "expert") and not _plans(level, game):
        cls = HardBot if level in ("hard", "ismcts") else ExpertBot
        bot = cls(seed, iterations=iterations, game=game)
        return time_limited(bot, level) if timed else bot
    return make_bot(level, seed, game=game, timed=timed)


def make_decider(level: str, seed: int, iterations: int | None, game: str) -> Decide:
    """A fresh bot's `choose` (see `make_level`)."""
    return make_level(level, seed, iterations, game).choose


def _plans(level: str, game: str) -> bool:
    """Does the game's `level` choose whole turns (`toledo.ai.plan`), which has no iteration budget?"""
    return level in getattr(game_ai(game).heuristics, "plan_search", {})


def default_iterations(level: str, game: str) -> int | None:
    if level == "turn-every":
        return EVERY_CAP
    if level not in ("hard", "expert", "ismcts", "ismcts-expert") or _plans(level, game):
        return None
    return HardBot(0, game=game).iterations * (1 if level in ("hard", "ismcts") else ExpertBot.scale)


def time_decisions(positions: Sequence[Any], make_decider: Callable[[int], Decide],
                   clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """Seconds per decision, one fresh decider (seeded by the position's index) per position.
    `clock` is wall time by default; `time.process_time` measures this process's CPU time, which
    a busy machine does not inflate."""
    times = []
    for i, state in enumerate(positions):
        decide = make_decider(i)
        view, legal = state.view(state.current_player), state.legal_actions()
        t0 = clock()
        action = decide(view, legal)
        times.append(clock() - t0)
        if action not in legal:
            raise AssertionError(f"illegal decision {action} at position {i}")
    return times


def summary(times: Sequence[float]) -> dict[str, Any]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"decisions": len(ordered), "median_s": round(statistics.median(ordered), 4),
            "p95_s": round(p95, 4), "max_s": round(ordered[-1], 4), "mean_s": round(statistics.fmean(ordered), 4)}


# The page the browser mode opens (served from site/ by a Playwright route, so the product has no
# benchmark page): Pyodide from the vendored runtime, the wheels the game itself loads, and the
# game's own no-jspi.js.
_BENCH_PAGE = """<!doctype html><meta charset="utf-8"><title>Toledo AI benchmark</title>
<script src="./static/no-jspi.js"></script>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.longTasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask" });
window.runBench = async (files, wheels, args) => {
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
  await pyodide.loadPackage(wheels);
  for (const [name, source] of Object.entries(files)) pyodide.FS.writeFile(`/home/pyodide/${name}`, source);
  pyodide.globals.set("bench_args_json", JSON.stringify(args));
  return await pyodide.runPythonAsync(`
import asyncio, json, sys, time
from js import performance
sys.path.insert(0, "/home/pyodide")
import bench_ai
args = json.loads(bench_args_json)
game = args.get("game", "toledo")
positions = bench_ai.bench_positions(args["positions"], args["seed"], game, args.get("players"))
times = []
cut = 0  # decisions the thinking limit ended early
windows = []  # [start, end] of each decision in the page's clock, for the long tasks
for i, state in enumerate(positions):
    view, legal = state.view(state.current_player), state.legal_actions()
    await asyncio.sleep(0)  # the position's set-up is not the bot's thinking
    window = [performance.now()]
    started = time.perf_counter()
    bot = bench_ai.make_level(args["level"], args["seed"] + i, args["iterations"], game, args["timed"])
    if hasattr(bot, "search") and len(legal) > 1:  # exactly as the page thinks: slices, then yield
        search = bot.search(view, legal)
        while not search.run(args["slice"]):
            await asyncio.sleep(0)
        action = search.best()
        cut += bool(getattr(search, "cut", False))
    else:
        action = bot.choose(view, legal)
    times.append(time.perf_counter() - started)
    window.append(performance.now())
    windows.append(window)
    if action not in legal:
        raise AssertionError(f"illegal decision {action} at position {i}")
from pyodide.ffi import can_run_sync
json.dumps({"times": times, "cut": cut, "windows": windows, "python": sys.version.split()[0], "jspi": can_run_sync()})
`);
};
window.benchReady = true;
</script>"""
SLICE_SECONDS = 0.03  # the page's slice (web/app/pacing.py SLICE_SECONDS)
LONG_TASK_MS = 50  # what the browser reports as a long task, and the page's limit while a bot thinks


def _game_wheels(site: Path) -> list[str]:
    """The wheels the page loads first: PyScript's config names them, or the boot module does (the
    build that starts Pyodide from a snapshot names the game's wheel in its BOOT object)."""
    config = json.loads((site / "config.json").read_text())
    if config.get("packages"):
        return list(config["packages"])
    boot = site / "boot" / "pyodide-boot.mjs"
    found = re.search(r'"wheel":\s*"([^"]+)"', boot.read_text()) if boot.is_file() else None
    if found is None:
        raise SystemExit(f"bench_ai.py: error: {site} names no wheel for the game")
    return [found.group(1)]


def times_in_browser(browser: Any, url: str, count: int, seed: int, level: str, iterations: int | None,
                     site: Path = ROOT / "site", game: str = "toledo",
                     players: int | None = None, timed: bool = False) -> tuple[list[float], str, list[float], int]:
    """Wall seconds per decision inside Pyodide, in a new page of a Playwright `browser`, with the
    built `site` served at `url`; Pyodide's Python version; the durations (ms) of the page's
    long tasks that overlapped a decision; and how many decisions the thinking limit ended early
    (`timed`: the bots held to their level's limit, as the page's are)."""
    lazy = json.loads((site / "lazy-packages.json").read_text())
    wheels = _game_wheels(site) + lazy["packages"]
    page = browser.new_page()
    try:
        bench_url = url + "bench-ai.html"
        page.route(bench_url, lambda route: route.fulfill(body=_BENCH_PAGE, content_type="text/html"))
        page.goto(bench_url)
        page.wait_for_function("window.benchReady === true")
        args = {"positions": count, "seed": seed, "level": level, "iterations": iterations, "slice": SLICE_SECONDS,
                "game": game, "players": players, "timed": timed}
        result = json.loads(page.evaluate(
            "([files, wheels, args]) => window.runBench(files, wheels.map(w => new URL(w, location.href).href), args)",
            [{path.name: path.read_text() for path in (Path(__file__), SCRIPTS / "one_line_args.py")}, wheels, args]))
        page.wait_for_timeout(200)  # the observer reports a task after it has ended
        long_tasks = page.evaluate("window.longTasks")
    finally:
        page.close()
    if result["jspi"]:  # the page runs without it; a benchmark with it would measure another program
        raise AssertionError("Pyodide used WebAssembly stack switching in the benchmark page")
    windows = result["windows"]
    thinking = [duration for start, duration in long_tasks
                if any(start < end and start + duration > begin for begin, end in windows)]
    return result["times"], result["python"], thinking, result["cut"]


def browser_times(count: int, seed: int, level: str, iterations: int | None,
                  site: Path = ROOT / "site", game: str = "toledo",
                  players: int | None = None, timed: bool = False) -> tuple[list[float], str, list[float], int]:
    """`times_in_browser` with its own server and headless Chromium (the e2e tests' launch flags)."""
    from playwright.sync_api import sync_playwright  # a dev dependency: only this mode needs it

    sys.path.insert(0, str(ROOT / "e2e"))
    from browser_support import CHROMIUM, CHROMIUM_ARGS, load_serve

    if not (site / "config.json").is_file():
        raise SystemExit(f"bench_ai.py: error: {site} is not built: run python scripts/build_site.py")
    server, url = load_serve().start_server(site, 0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            try:
                return times_in_browser(browser, url, count, seed, level, iterations, site, game, players, timed)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(prog="bench_ai.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=[n for n in registry.names() if hasattr(registry.get(n), "heuristics")],
                        default="toledo")
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=None,
                        help="positions from games of this many players only (default: 2, 3 and 4 in turn)")
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site for --browser")
    parser.add_argument("--iterations", type=int, default=None, help="override the level's iteration budget")
    parser.add_argument("--cpu", action="store_true", help="measure CPU time of this process instead of wall time")
    parser.add_argument("--browser", action="store_true",
                        help="decide inside Pyodide in headless Chromium (needs the built site/)")
    parser.add_argument("--timed", action="store_true",
                        help="with --browser: the bots held to their level's thinking limit, as the page's are")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.positions < 1 or (args.iterations is not None and args.iterations < 1):
        parser.error("--positions and --iterations must be at least 1")
    if args.timed and not args.browser:
        parser.error("--timed measures the page's thinking limit: it needs --browser")
    if args.browser and args.cpu:
        parser.error("--cpu measures this process; the browser mode measures wall time")
    iterations = args.iterations or default_iterations(args.level, args.game)
    if args.browser:
        times, python, long_tasks, cut = browser_times(args.positions, args.seed, args.level, iterations,
                                                       Path(args.site), args.game, args.players, args.timed)
        where = "browser (Pyodide, sliced as the page does)"
    else:
        positions = bench_positions(args.positions, args.seed, args.game, args.players)
        clock = time.process_time if args.cpu else time.perf_counter
        times = time_decisions(positions, lambda i: make_decider(args.level, args.seed + i, iterations, args.game), clock)
        python, where, long_tasks, cut = sys.version.split()[0], "native", None, 0
    result = {"game": args.game, "players": args.players, "level": args.level, "iterations": iterations, "where": where,
              "clock": "cpu" if args.cpu else "wall", "python": python, **summary(times)}
    if args.timed:
        result["cut"] = cut
    if long_tasks is not None:
        result["long_tasks"] = len(long_tasks)
        result["longest_task_ms"] = round(max(long_tasks, default=0.0), 1)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        unit = "positions at most" if args.level == "turn-every" else "iterations"
        budget = f" ({iterations} {unit})" if iterations else ""
        table = f", {args.players} players" if args.players else ""
        print(f"{args.game} {args.level}{budget}{table}, {result['decisions']} decisions, {where}, {result['clock']} time:"
              f" median {result['median_s']} s, p95 {result['p95_s']} s, max {result['max_s']} s (mean {result['mean_s']} s)"
              + (f"; main thread: {result['long_tasks']} tasks over {LONG_TASK_MS} ms, longest"
                 f" {result['longest_task_ms']} ms" if long_tasks is not None else "")
              + (f"; the thinking limit ended {cut} decisions early" if args.timed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
