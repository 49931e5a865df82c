#!/usr/bin/env python3
"""A player's first and later visit over a real network: seconds to a usable start screen, to Start
answering, to a first move; bytes before Start and in all; against a bare Pyodide page over the same link.

    .venv/bin/python scripts/build_site.py --out /tmp/site-x
    .venv/bin/python scripts/bench_load.py --site /tmp/site-x [--runs 3] [--links 10:60,50:20,local]
                                           [--games toledo,torres] [--stay 5] [--cpu 4]

In Debian's Chromium driven by Playwright, against the built site on scripts/slow_link.py: a static host
(gzip when asked, Last-Modified and 304, Cache-Control max-age=600) behind one downlink of N Mbit/s shared
by all connections and a fixed latency per request (`--links`: Mbit/s:ms pairs; `local` is no limit).
The browser takes the tests' launch flags (e2e/browser_support.py): among them, no preloading of the
address bar's popup, which a headless browser never shows and a player's browser made when it opened.
`--cpu N` slows the page's renderer N times (Chromium's CPU throttling, DevTools' "4x slowdown" for a
mid-range phone), the bare page's too; the goals below are for a computer's CPU, so such a run only reports.

- first:  a new browser profile; once the first move is possible the visit stays until the service worker
          has cached the site (and --stay seconds more, as a player's visit lasts; V8 writes the wasm's
          compiled code then), so the figures in all include the precache;
- later:  the browser restarted on that profile (HTTP cache, Cache Storage, the code cache kept);
- paint:  navigation start -> the first contentful paint, or the start screen wired for use before Python
          (<html data-form="early">) when that comes later;
- start:  -> Python ready (<html data-ready="true">): Start answers at once from then on;
- move:   Start pressed the moment it is enabled (before Python, if the page lets it) -> the board takes
          a first move (data-turn="human", not busy), with the start screen's default seats;
- bytes:  what went over the link (bodies, compressed as sent): for the requests made before `start`,
          and in all;
- bare:   static/bare.html, the same Pyodide started by loadPyodide() alone (stock archive, no PyScript,
          no game) in the same runs, so a busy machine slows both alike: its `start` is Python running.

Prints every visit and the medians against the goals. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import math
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared modules, also when loaded by path
import slow_link  # noqa: E402
from browser_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (shared launch flags)
from one_line_args import OneLineParser  # noqa: E402

BARE = "static/bare.html"
# (link, measure) -> goal in seconds; ratio goals are against the bare page's `start` over the same link.
GOALS = {("10:60", "start"): 6.5, ("10:60", "move"): 7.0, ("10:60", "paint"): 0.8, ("50:20", "start"): 2.5}
LATER_GOAL = 1.2
BARE_RATIO_GOAL = 1.4
# Before any page script: note when the page is ready, when the early start screen is wired, when a first
# move is possible (the page's own marks on <html>).
PROBE = """
new MutationObserver(() => {
  const root = document.documentElement;
  if (!root) return;
  const now = performance.now();
  if (window.__formAt === undefined && root.dataset.form === "early") window.__formAt = now;
  if (window.__readyAt === undefined && root.dataset.ready === "true") window.__readyAt = now;
  if (window.__moveAt === undefined && root.dataset.turn === "human" && root.dataset.busy === "false") {
    window.__moveAt = now;
  }
}).observe(document, {attributes: true, childList: true, subtree: true});
"""
CONTROLLED = "navigator.serviceWorker.controller !== null && document.documentElement.dataset.offline === 'ready'"
TIMEOUT_MS = 240_000
# --trace: when the runtime's wasm starts compiling and is ready (marks beside the page's own), and every
# request's timing, so what waits on what before Start can be read off.
TRACE_PROBE = """
for (const name of ["instantiateStreaming", "instantiate", "compileStreaming"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    performance.mark(`wasm:${name}`);
    return original.apply(this, args).then((result) => { performance.mark(`wasm:${name} done`); return result; });
  };
}
"""
TRACE = """() => ({
  requests: performance.getEntriesByType("resource").map((e) => ({
    name: e.name, start: e.startTime, sent: e.requestStart, first: e.responseStart, end: e.responseEnd,
    bytes: e.encodedBodySize, kind: e.initiatorType})),
  marks: performance.getEntriesByType("mark").map((e) => ({name: e.name, at: e.startTime})),
})"""


def parse_links(text: str) -> list[str]:
    links = [part.strip() for part in text.split(",") if part.strip()]
    for link in links:
        if link != "local" and (len(link.split(":")) != 2 or not all(x.replace(".", "").isdigit()
                                                                     for x in link.split(":"))):
            raise SystemExit(f"bench_load: a link is Mbit/s:ms or local, not {link!r}")
    return links


def make_link(spec: str) -> slow_link.Link:
    if spec == "local":
        return slow_link.Link(None, 0)
    mbit, ms = spec.split(":")
    return slow_link.Link(float(mbit), float(ms))


def visit(playwright: Playwright, profile: Path, url: str, link: slow_link.Link, first: bool, game: bool,
          stay: float, trace: bool = False, cpu: float = 1.0) -> dict[str, Any]:
    """One navigation in a browser on `profile`; the figures of that visit."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 800}, service_workers="allow")
    try:
        outside: list[str] = []
        context.on("request", lambda r: outside.append(r.url) if not r.url.startswith(
            ("http://127.0.0.1", "data:", "blob:")) else None)
        page = context.new_page()
        if cpu != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.add_init_script(PROBE)
        if trace:
            page.add_init_script(TRACE_PROBE)
        link.take()
        began = time.monotonic()
        page.goto(url, wait_until="commit")
        if game:
            press_start(page)
            page.wait_for_function("window.__moveAt !== undefined", timeout=TIMEOUT_MS)
        page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
        if first and game:  # the first visit ends once the site is cached for offline play
            page.wait_for_function(CONTROLLED, timeout=TIMEOUT_MS)
        if first and stay:
            page.wait_for_timeout(stay * 1000)
        times = page.evaluate("""() => ({
            fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
            form: window.__formAt ?? NaN, ready: window.__readyAt, move: window.__moveAt ?? NaN,
            how: document.documentElement.dataset.pythonStart ?? ""})""")
        if trace:
            print_trace(page.evaluate(TRACE), times)
        if outside:
            raise SystemExit(f"bench_load: the page requested outside addresses: {outside[:3]}")
    finally:
        context.close()
    answers = link.take()
    start = times["ready"] / 1000
    paint = times["fcp"] / 1000 if math.isnan(times["form"]) else max(times["fcp"], times["form"]) / 1000
    return {"paint": paint, "start": start, "move": times["move"] / 1000, "how": times["how"],
            "before": sum(n for t, _, n in answers if t <= began + start) / 1e6,
            "all": sum(n for _, _, n in answers) / 1e6}


def print_trace(trace: dict[str, Any], times: dict[str, Any]) -> None:
    """Every request (ms from navigation: start, request sent, first byte, last byte; body bytes as sent)
    and every mark, in time order, up to a little after Python is ready."""
    rows = [(r["start"], f"{r['start']:7.0f} {r['sent']:7.0f} {r['first']:7.0f} {r['end']:7.0f} "
                         f"{r['bytes'] / 1e3:8.0f} KB  {r['kind']:14} {r['name'].split('/', 3)[-1][:70]}")
            for r in trace["requests"] if r["start"] <= times["ready"] + 500]
    rows += [(m["at"], f"{m['at']:7.0f} {'':7} {'':7} {'':7} {'':11}  mark           {m['name']}")
             for m in trace["marks"] if m["at"] <= times["ready"] + 500]
    rows.append((times["ready"], f"{times['ready']:7.0f} {'':39}  ready (data-ready)"))
    print(f"    {'start':>7} {'sent':>7} {'first':>7} {'last':>7} {'body':>11}")
    for _, row in sorted(rows):
        print("    " + row)


def press_start(page: Page) -> None:
    """Click Start as soon as it is enabled (the page may let it be pressed before Python is ready)."""
    page.wait_for_selector("#start:not([disabled])", state="visible", timeout=TIMEOUT_MS)
    page.click("#start", timeout=TIMEOUT_MS)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="bench_load.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="built site (default: site/)")
    parser.add_argument("--runs", type=int, default=3, help="first+later visit pairs per page and link (default 3)")
    parser.add_argument("--links", default="10:60,50:20", help="Mbit/s:ms pairs, or local (default 10:60,50:20)")
    parser.add_argument("--games", default="toledo,torres", help="games to load (?game=...; default toledo,torres)")
    parser.add_argument("--stay", type=float, default=3.0,
                        help="seconds a first visit stays open once cached, as a player's would (default 3)")
    parser.add_argument("--cpu", type=float, default=1.0,
                        help="slow the page's CPU this many times, as a phone's (default 1: no slowing)")
    parser.add_argument("--trace", action="store_true",
                        help="print every request's timing and the page's marks for each visit")
    args = parser.parse_args(argv)
    if not 1 <= args.cpu <= 20:
        parser.error(f"--cpu is a slowdown from 1 to 20, not {args.cpu:g}")
    site = args.site.resolve()
    if not (site / "index.html").is_file() or not (site / BARE).is_file():
        print("bench_load: build the site first: python scripts/build_site.py --out DIR", file=sys.stderr)
        return 1
    pages = {name: f"index.html?game={name}" for name in args.games.split(",") if name}
    pages["bare"] = BARE
    results: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        for spec in parse_links(args.links):
            link = make_link(spec)
            server, base = slow_link.start(site, link)
            try:
                for run in range(args.runs):
                    for name, path in pages.items():
                        profile = Path(tmp) / f"{spec.replace(':', '-')}-{name}-{run}"
                        for phase in ("first", "later"):
                            got = visit(playwright, profile, base + path, link, phase == "first", name != "bare",
                                        args.stay, args.trace, args.cpu)
                            results.setdefault((spec, name, phase), []).append(got)
                            print(f"  {spec:6} run {run + 1} {name:7} {phase:5}: paint {got['paint']:.2f} s, "
                                  f"start {got['start']:.2f} s, move {got['move']:.2f} s, {got['before']:.1f} MB "
                                  f"before start, {got['all']:.1f} MB in all {got['how']}", flush=True)
            finally:
                server.shutdown()
                server.server_close()
    report(args.runs, pages, results, args.cpu)
    return 0


def report(runs: int, pages: dict[str, str], results: dict[tuple[str, str, str], list[dict[str, Any]]],
           cpu: float = 1.0) -> None:
    links = sorted({key[0] for key in results}, key=lambda spec: list(dict.fromkeys(k[0] for k in results)).index(spec))

    def med(spec: str, name: str, phase: str, what: str) -> float:
        return statistics.median(r[what] for r in results[(spec, name, phase)])

    slowed = f", the CPU slowed {cpu:g} times" if cpu != 1 else ""
    print(f"\nmedians of {runs} runs (seconds from navigation start; MB over the link{slowed})")
    print(f"{'link':7}{'page':8}{'visit':6}{'paint':>7}{'start':>7}{'move':>7}{'x bare':>8}{'MB before':>11}"
          f"{'MB all':>8}")
    verdict: list[str] = []
    for spec in links:
        for name in pages:
            for phase in ("first", "later"):
                figures = {what: med(spec, name, phase, what) for what in ("paint", "start", "move", "before", "all")}
                ratio = figures["start"] / med(spec, "bare", phase, "start")
                print(f"{spec:7}{name:8}{phase:6}{figures['paint']:7.2f}{figures['start']:7.2f}{figures['move']:7.2f}"
                      f"{ratio:8.2f}{figures['before']:11.2f}{figures['all']:8.2f}")
                if name == "bare":
                    continue
                checks = [(what, figures[what], goal) for (where, what), goal in GOALS.items()
                          if where == spec and phase == "first"]
                if phase == "first" and spec == "10:60":
                    checks.append(("x bare", ratio, BARE_RATIO_GOAL))
                if phase == "later":
                    checks.append(("start", figures["start"], LATER_GOAL))
                verdict += [f"{spec} {name} {phase} {what} {value:.2f} "
                            f"({'met' if value <= goal else 'MISSED'} <= {goal})" for what, value, goal in checks]
    if cpu != 1:
        print("\ngoals: not judged (they are for a computer's CPU)")
        return
    print("\ngoals:\n  " + "\n  ".join(verdict))


if __name__ == "__main__":
    sys.exit(main())
