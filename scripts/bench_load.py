#!/usr/bin/env python3
"""Time to an interactive board, cold and warm, for each game, against a bare Pyodide boot; first visit bytes.

    .venv/bin/python scripts/build_site.py --out /tmp/site-x
    .venv/bin/python scripts/bench_load.py --site /tmp/site-x [--runs 5] [--games toledo,torres] [--stay 5]

In Debian's Chromium driven by Playwright, against the built site on a local static server (scripts/serve.py):

- ready:    navigation start -> <html data-ready="true"> (set by the page's Python once the board answers);
- skeleton: navigation start -> the first <svg> inside #board (the pre-rendered board, before any Python);
- cold:     a fresh browser profile (empty HTTP cache, code cache, service worker); the run then waits for
            the service worker to finish its precache, as a player's first visit would, and with --stay
            stays that many seconds more (a player's visit lasts: V8 writes the wasm's code cache seconds in);
- warm:     the browser restarted on that profile: the second visit, answered by the service worker;
- bare:     static/bare.html, the same Pyodide started by `loadPyodide()` alone (no PyScript, no snapshot,
            no package), in the same runs, so a busy machine slows both alike;
- bytes:    what the server sent during a cold run including the precache (200 answers, file sizes), and
            the same files gzipped (-6), as a host compressing them would send them.

Prints every run and the medians against the goals (ready <= 2.5 s cold and <= 1.2 s warm for every game,
skeleton <= 0.3 s, first visit <= 9 MB raw and <= 4 MB gzipped). Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import functools
import gzip
import statistics
import sys
import tempfile
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402
from browser_support import CHROMIUM, CHROMIUM_ARGS, load_serve  # noqa: E402  (shared launch flags)

GOALS = {"cold": 2.5, "warm": 1.2, "skeleton": 0.3, "raw_mb": 9.0, "gzip_mb": 4.0}
BARE = "static/bare.html"
# Init scripts run before <html> exists: watch the whole document for readiness and the board's first svg.
PROBE = """
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (window.__boardAt === undefined && document.querySelector("#board svg")) window.__boardAt = performance.now();
  if (root && root.dataset.ready === "true" && window.__readyAt === undefined) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, childList: true, subtree: true});
"""
CONTROLLED = "navigator.serviceWorker.controller !== null && document.documentElement.dataset.offline === 'ready'"


class Tally:
    """The paths the server answered with 200 (a 304 sends no body), per cold run."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.paths: list[str] = []

    def take(self) -> list[str]:
        with self.lock:
            taken, self.paths = self.paths, []
        return taken


def counting_server(site: Path, tally: Tally) -> tuple[Any, str]:
    serve = load_serve()

    class Counting(serve.SiteHandler):  # type: ignore[name-defined,misc]
        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            if str(code) == "200":
                with tally.lock:
                    tally.paths.append(unquote(urlsplit(self.path).path))

    server = ThreadingHTTPServer((serve.HOST, 0), functools.partial(Counting, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{serve.HOST}:{server.server_address[1]}/"


def measure(playwright: Playwright, profile: Path, url: str, wait_offline: bool,
            stay: float = 0.0) -> tuple[float, float]:
    """(ready, board skeleton) in seconds for one navigation in a browser on `profile`; a cold visit
    stays `stay` seconds more once cached (the bare page: once ready)."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 800}, service_workers="allow")
    try:
        outside: list[str] = []
        context.on("request", lambda r: outside.append(r.url) if not r.url.startswith(
            ("http://127.0.0.1", "data:", "blob:")) else None)
        page = context.new_page()
        page.add_init_script(PROBE)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=180_000)
        ready = page.evaluate("window.__readyAt") / 1000
        board = page.evaluate("window.__boardAt === undefined ? NaN : window.__boardAt") / 1000
        if wait_offline and "bare" not in url:  # the first visit ends once the site is cached for offline play
            page.wait_for_function(CONTROLLED, timeout=180_000)
        if wait_offline and stay:  # the bare page too: its wasm has the same code cache
            page.wait_for_timeout(stay * 1000)
        if outside:
            raise SystemExit(f"bench_load: the page requested outside addresses: {outside[:3]}")
        return ready, board
    finally:
        context.close()


def first_visit_bytes(site: Path, paths: list[str]) -> tuple[float, float]:
    """(raw MB, gzipped MB) of the files served with 200."""
    raw = packed = 0
    for path in paths:
        file = site / (path.lstrip("/") or "index.html")
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            data = file.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, compresslevel=6))
    return raw / 1e6, packed / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="bench_load.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="built site (default: site/)")
    parser.add_argument("--runs", type=int, default=5, help="cold+warm pairs per page (default 5)")
    parser.add_argument("--games", default="toledo,torres", help="games to load (?game=...; default toledo,torres)")
    parser.add_argument("--stay", type=float, default=0.0,
                        help="seconds a first visit stays open once cached, as a player would (default 0; V8 "
                             "writes the wasm's compiled code a few seconds into a visit, under load later)")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "index.html").is_file() or not (site / BARE).is_file():
        print("bench_load: build the site first: python scripts/build_site.py --out DIR", file=sys.stderr)
        return 1
    pages = {name: f"index.html?game={name}" for name in args.games.split(",") if name}
    pages["bare"] = BARE
    tally = Tally()
    server, base = counting_server(site, tally)
    results: dict[tuple[str, str], list[tuple[float, float]]] = {}
    sent: dict[str, list[tuple[float, float]]] = {}
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
            for run in range(args.runs):
                for name, path in pages.items():
                    profile = Path(tmp) / f"{name}-{run}"
                    for phase in ("cold", "warm"):
                        tally.take()
                        result = measure(playwright, profile, base + path, wait_offline=phase == "cold",
                                         stay=args.stay)
                        results.setdefault((name, phase), []).append(result)
                        line = f"  run {run + 1} {name:7} {phase}: ready {result[0]:.2f} s, board {result[1]:.3f} s"
                        if phase == "cold" and name != "bare":
                            sent.setdefault(name, []).append(first_visit_bytes(site, tally.take()))
                            line += f", first visit {sent[name][-1][0]:.1f} MB ({sent[name][-1][1]:.1f} MB gzipped)"
                        print(line, flush=True)
    finally:
        server.shutdown()
        server.server_close()
    return report(args.runs, pages, results, sent)


def report(runs: int, pages: dict[str, str], results: dict[tuple[str, str], list[tuple[float, float]]],
           sent: dict[str, list[tuple[float, float]]]) -> int:
    def med(name: str, phase: str, i: int) -> float:
        return statistics.median(r[i] for r in results[(name, phase)])

    games = [name for name in pages if name != "bare"]
    print(f"\nmedians of {runs} runs (seconds from navigation start)")
    print(f"{'':8}{'cold':>7}{'warm':>7}{'x bare cold':>13}{'x bare warm':>13}{'board svg':>11}")
    for name in pages:
        cold, warm = med(name, "cold", 0), med(name, "warm", 0)
        ratios = f"{cold / med('bare', 'cold', 0):13.2f}{warm / med('bare', 'warm', 0):13.2f}"
        print(f"{name:8}{cold:7.2f}{warm:7.2f}{ratios}{max(med(name, 'cold', 1), med(name, 'warm', 1)):11.3f}")
    verdict = []
    for name in games:
        cold, warm, board = med(name, "cold", 0), med(name, "warm", 0), max(med(name, p, 1) for p in ("cold", "warm"))
        raw = statistics.median(s[0] for s in sent[name])
        packed = statistics.median(s[1] for s in sent[name])
        checks = [("cold", cold, GOALS["cold"], "s"), ("warm", warm, GOALS["warm"], "s"),
                  ("skeleton", board, GOALS["skeleton"], "s"), ("first visit", raw, GOALS["raw_mb"], "MB"),
                  ("first visit gzipped", packed, GOALS["gzip_mb"], "MB")]
        verdict.append(f"{name}: " + ", ".join(
            f"{label} {value:.2f} {unit} ({'met' if value <= goal else 'MISSED'} <= {goal})"
            for label, value, goal, unit in checks))
    print("\ngoals:\n  " + "\n  ".join(verdict))
    return 0


if __name__ == "__main__":
    sys.exit(main())
