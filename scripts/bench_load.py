#!/usr/bin/env python3
"""Load time of the game page against the bare Pyodide runtime, cold and warm, in one run.

    .venv/bin/python scripts/build_site.py && .venv/bin/python scripts/bench_load.py [--runs 3]

For each page (site/index.html, the game; site/static/bare.html, PyScript + Pyodide with no package and
no game) it measures, in Debian's Chromium driven by Playwright:

- ready: navigation start -> <html data-ready="true"> (set by the page's Python when it is interactive),
- first paint: navigation start -> first contentful paint (the static frame, before any Python),

cold (a new browser profile: empty HTTP and code caches) and warm (the browser restarted on the same
profile: disk caches filled). Pages alternate so both see the same machine load. Prints medians, the
game/bare ratio (goal <= 1.25) and the first paint (goal <= 0.3 s). Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402
from browser_support import CHROMIUM, CHROMIUM_ARGS, load_serve  # noqa: E402  (shared launch flags)

PAGES = {"game": "index.html", "bare": "static/bare.html"}
# Records when the page marks itself ready, relative to navigation start (performance.now()).
# Init scripts run before <html> exists, so watch the whole document.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.documentElement && document.documentElement.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


def measure(playwright: Playwright, profile: Path, url: str) -> tuple[float, float]:
    """(ready, first contentful paint) in seconds for one navigation in a browser on `profile`."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 800})
    try:
        outside: list[str] = []
        context.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("http://127.0.0.1",
                                                                                        "data:", "blob:")) else None)
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
        ready = page.evaluate("window.__readyAt") / 1000
        paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN})"
                              ".startTime") / 1000
        if outside:
            raise SystemExit(f"bench_load: the page requested outside addresses: {outside[:3]}")
        return ready, paint
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="bench_load.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold+warm pairs per page (default 3)")
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file() or not (SITE / PAGES["bare"]).is_file():
        print("bench_load: build the site first: python scripts/build_site.py", file=sys.stderr)
        return 1
    server, base = load_serve().start_server(SITE, 0)
    results: dict[tuple[str, str], list[tuple[float, float]]] = {}
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
            for run in range(args.runs):
                for name, path in PAGES.items():
                    profile = Path(tmp) / f"{name}-{run}"
                    for phase in ("cold", "warm"):  # warm: a restarted browser on the profile the cold run filled
                        result = measure(playwright, profile, base + path)
                        results.setdefault((name, phase), []).append(result)
                        print(f"  run {run + 1} {name:4} {phase}: ready {result[0]:.2f} s, first paint "
                              f"{result[1]:.3f} s", flush=True)
    finally:
        server.shutdown()
        server.server_close()

    def med(name: str, phase: str, i: int) -> float:
        return statistics.median(r[i] for r in results[(name, phase)])

    print(f"\nmedians of {args.runs} runs, navigation start -> ready (data-ready) | first contentful paint")
    print(f"{'':6}{'game':>9}{'bare':>9}{'ratio':>8}   {'paint game':>10}{'paint bare':>11}")
    for phase in ("cold", "warm"):
        game, bare = med("game", phase, 0), med("bare", phase, 0)
        print(f"{phase:6}{game:8.2f}s{bare:8.2f}s{game / bare:8.2f}   {med('game', phase, 1):9.3f}s"
              f"{med('bare', phase, 1):10.3f}s")
    worst = max(med("game", p, 0) / med("bare", p, 0) for p in ("cold", "warm"))
    paint = max(med("game", p, 1) for p in ("cold", "warm"))
    print(f"\ngoal: game <= 1.25 x bare ({'met' if worst <= 1.25 else 'MISSED'}: {worst:.2f}); "
          f"frame painted within 0.3 s ({'met' if paint <= 0.3 else 'MISSED'}: {paint:.3f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
