"""Browser test fixtures: the built site/ served on 127.0.0.1, Debian's Chromium, strict pages.

Plain playwright.sync_api (no pytest-playwright plugin): the fixtures below are the whole
contract, and nothing starts unless an e2e test asks for it, so `pytest tests e2e` costs the
unit tests nothing.

Fixtures:
    site_url  (session)  "http://127.0.0.1:<port>/" serving site/ via scripts/serve.py
    browser   (function) headless Chromium from /usr/bin/chromium, offline-hardened flags, wasm on its
                         baseline tier (BASELINE_WASM_ONLY) except for tests marked `timing`; one browser
                         per test process, launched again if it went away or the flags differ, and every
                         context a test opened closed after it: each page has a profile of its own (a
                         context), so nothing carries over, and the ~0.6 CPU-s of a launch is paid once
    new_page  (function) factory new_page(width=1280, height=800, service_workers="block", **options) -> Page,
                         one context each (options go to new_context: locale, has_touch...). Service workers are blocked unless a test asks for
                         "allow" (e2e/test_offline.py): a background precache would slow the other tests.
    page      (function) new_page() at 1280x800
    page_log  (function) PageLog of every page made in the test: requests, outside_requests,
                         console_errors, page_errors. At teardown the test fails if any
                         request left 127.0.0.1 or any console/page error was seen; call
                         page_log.allow_errors() first in a test that expects errors.
Helpers (in e2e/browser_support.py, re-exported here):
    wait_ready(page, timeout_ms=60_000)  wait for html[data-ready="true"] (set by main.py)
    screenshot(page, name) -> Path       full-page PNG in e2e/artifacts/<name>.png
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

# Make browser_support importable under any pytest --import-mode (importlib mode adds no paths).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_support import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SITE_DIR,
    PageLog,
    is_local,
    load_serve,
    screenshot,
    system_snapshot,
    wait_ready,
)
from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    sync_playwright,
)

from tests import run_summary  # noqa: E402

__all__ = ["PageLog", "screenshot", "wait_ready"]


# A renderer crash is summed up at the end of the run (a rerun would hide it otherwise), after a line
# on what the machine looked like when this test process started.
CRASHES = "browser renderer crashes"
_MACHINE_AT_START = system_snapshot()
_crashed: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    run_summary.register(config)


def note_crash(line: str) -> None:
    if not _crashed:
        run_summary.add(CRASHES, f"machine when the tests were collected: {_MACHINE_AT_START}")
    _crashed.append(line)
    run_summary.add(CRASHES, line)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE_DIR / "index.html").is_file() or not (SITE_DIR / "config.json").is_file():
        pytest.fail(f"{SITE_DIR} is not built: run `python scripts/build_site.py` (scripts/test.sh does)",
                    pytrace=False)
    server, url = load_serve().start_server(SITE_DIR, 0)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    # Playwright copies Chromium's own stderr (crash reports, fatal checks) into its debug log;
    # pytest captures it and shows it only under a failing test.
    os.environ.setdefault("DEBUG", "pw:browser")
    with sync_playwright() as playwright:
        yield playwright


# Chromium's optimising wasm tier (TurboFan) recompiles Pyodide's hot functions in every new profile,
# in the background, on cores the other test process needs, and a test's pages rarely live long enough
# to gain from it. Its baseline tier (Liftoff) runs the very same code, so the tests use it alone; the
# tests that time the page's own tasks get the browser a player has.
BASELINE_WASM_ONLY = "--js-flags=--liftoff-only"
# Every request for another host goes to a proxy that is not there and fails: the host resolver rule
# misses addresses written as numbers. Chromium never sends 127.0.0.1 to a proxy.
NO_NETWORK = ["--proxy-server=http://127.0.0.1:9"]


@pytest.fixture(scope="session")
def _launched(playwright_instance: Playwright) -> Iterator[list[tuple[Browser, list[str]]]]:
    """The test process's browser and its flags, once launched (a list, so a test can launch it again);
    closed before Playwright itself stops."""
    launched: list[tuple[Browser, list[str]]] = []
    yield launched
    for browser, _args in launched:
        if browser.is_connected():
            browser.close()


@pytest.fixture
def browser(request: pytest.FixtureRequest, playwright_instance: Playwright,
            _launched: list[tuple[Browser, list[str]]]) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium (scripts/test.sh does)", pytrace=False)
    timed = request.node.get_closest_marker("timing") is not None
    args = [*CHROMIUM_ARGS, *NO_NETWORK, *([] if timed else [BASELINE_WASM_ONLY])]
    if not _launched or not _launched[0][0].is_connected() or _launched[0][1] != args:
        for old, _args in _launched:
            if old.is_connected():
                old.close()
        _launched[:] = [(playwright_instance.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                                             args=args), args)]
    browser = _launched[0][0]
    try:
        yield browser
    finally:
        for context in browser.contexts:  # whatever the test opened, even beside new_page
            context.close()


@pytest.fixture
def page_log() -> Iterator[PageLog]:
    log = PageLog()
    yield log
    problems = log.problems()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def new_page(browser: Browser, page_log: PageLog) -> Iterator[Callable[..., Page]]:
    contexts: list[BrowserContext] = []

    def make(width: int = 1280, height: int = 800, service_workers: str = "block", **options: object) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height},  # type: ignore[arg-type]
                                      service_workers=service_workers, **options)  # type: ignore[arg-type]
        contexts.append(context)

        # Record anything bound off-machine (NO_NETWORK has already made it fail). No route() here: a
        # routed context has no HTTP cache, so every reload would fetch and compile Pyodide anew.
        def on_request(request: Request) -> None:
            page_log.requests.append(request.url)
            if not is_local(request.url):
                page_log.note_outside(request.url)

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                page_log.console_errors.append(f"{message.text} ({message.location.get('url', '')})")

        context.on("request", on_request)
        page = context.new_page()
        # A renderer crash fails the test through Playwright; say what the machine looked like.
        def on_crash(_page: Page) -> None:
            test = os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0]
            line = f"renderer crashed in {test} ({page.url}): {system_snapshot()}"
            note_crash(line)
            print(line, file=sys.stderr)

        page.on("crash", on_crash)
        page.on("console", on_console)
        page.on("pageerror", lambda error: page_log.page_errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    return new_page()
