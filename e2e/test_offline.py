"""Offline after the first visit: the service worker caches the built site, the game loads and plays
with the network gone, a new build replaces the cache cleanly, and the worker supplies cross-origin
isolation on a host that sends no COOP/COEP headers.

These tests create their pages with service workers allowed (the other e2e tests block them, so a
background precache never slows them down); the outside-request guard stays on as everywhere.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from browser_support import ROOT, SETTLED, SITE_DIR, PageLog, wait_ready
from playwright.sync_api import Page, Route

SW_TIMEOUT_MS = 90_000  # first install precaches the site (mostly already in the HTTP cache): slower on a busy box
CONTROLLED = ("navigator.serviceWorker.controller !== null "
              "&& document.documentElement.dataset.offline === 'ready'")


def _load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"toledo_offline_e2e_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


serve = _load_script("serve")
build_site = _load_script("build_site")


def _boot_settings() -> dict[str, object]:
    """The built boot module's BOOT line (the snapshot's and the archives' URLs)."""
    text = (SITE_DIR / "boot" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    match = re.search(r"^const BOOT = (\{.*\});", text, re.MULTILINE)
    assert match is not None, "the built boot module has no BOOT line"
    return json.loads(match.group(1))  # type: ignore[no-any-return]


def _require_worker() -> None:
    if not (SITE_DIR / "sw.js").is_file():
        pytest.fail("site/sw.js missing: rebuild with python scripts/build_site.py", pytrace=False)


def ensure_registered(page: Page, site_url: str) -> None:
    """Load the registration module if the page does not include it (yet), exactly as the page would."""
    if not page.evaluate("!!document.querySelector('script[src$=\"register-sw.js\"]')"):
        page.add_script_tag(url=f"{site_url}static/register-sw.js", type="module")


def poll(page: Page, expression: str, timeout_s: float = SW_TIMEOUT_MS / 1000) -> None:
    """Wait until an expression that may return a promise is truthy (wait_for_function would take the
    promise object itself as truthy)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(100)


def _worker_says(worker: object, expression: str) -> bool:
    """Evaluate in a service worker; False if it is gone meanwhile (an old build's worker stops)."""
    try:
        return bool(worker.evaluate(expression))  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - the worker was stopped
        return False


def wait_controlled(page: Page) -> None:
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)


def cache_names(page: Page) -> list[str]:
    return page.evaluate("caches.keys()")


def worker_version(site: Path) -> str:
    match = re.search(r'^const BUILD = \{"version":"([0-9a-f]+)"', (site / "sw.js").read_text(), re.MULTILINE)
    assert match is not None
    return match.group(1)


def test_game_loads_and_plays_offline_after_the_first_visit(site_url: str, new_page: Callable[..., Page]) -> None:
    _require_worker()
    page = new_page(1280, 800, service_workers="allow")
    game_url = f"{site_url}?seats=human,easy&seed=21&speed=0&autostart=1"
    page.goto(game_url)
    wait_ready(page)
    # The first visit starts Python the usual way and never asks for the memory snapshot before it is ready.
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "scratch"
    assert not any(url.endswith("/snapshot.bin") for url in page.evaluate(
        "performance.getEntriesByType('resource').map((e) => e.name)"))
    ensure_registered(page, site_url)
    wait_controlled(page)
    assert cache_names(page) == [f"toledo-{worker_version(SITE_DIR)}"]
    snapshot = f"{site_url}{_boot_settings()['snapshot'].removeprefix('./')}"
    assert page.evaluate(f"caches.match({json.dumps(snapshot)}).then((r) => !!r)") is True  # kept for later
    cached = page.evaluate("""async () => {
        const cache = await caches.open((await caches.keys())[0]);
        return (await cache.keys()).map((r) => r.url);
    }""")
    assert len(cached) == len(build_site.precache_files(SITE_DIR))

    page.context.set_offline(True)
    try:
        assert page.evaluate("fetch('./config.json').then((r) => r.ok)") is True  # from the cache
        page.reload()
        wait_ready(page)
        assert page.evaluate("navigator.onLine") is False
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"  # a later visit
        # A whole turn without a network: the human takes 2 cards, then the computer answers.
        page.wait_for_function(SETTLED, timeout=60_000)
        assert page.evaluate("document.documentElement.dataset.turn") == "human"
        step = int(page.evaluate("document.documentElement.dataset.step"))
        cards = page.locator("#hand .card").count()
        page.locator('#actions [data-key="action:draw"]').first.click()
        page.wait_for_function(f"Number(document.documentElement.dataset.step) > {step + 1}", timeout=60_000)
        page.wait_for_function(SETTLED, timeout=60_000)
        assert page.locator("#log li").count() >= 2
        if page.evaluate("document.documentElement.dataset.turn") == "human":
            assert page.locator("#hand .card").count() >= cards + 2
    finally:
        page.context.set_offline(False)


def test_the_cached_wasm_answers_when_its_network_request_fails(site_url: str, new_page: Callable[..., Page],
                                                                page_log: PageLog) -> None:
    """The runtime's wasm is asked of the network first, past the service worker (the HTTP cache keeps
    V8's compiled code); if that request fails on a later visit, the service worker's copy answers. A
    snapshot that is not one (a broken copy in the cache) is never used: Python starts the usual way."""
    _require_worker()
    page = new_page(1280, 800, service_workers="allow")
    page.goto(site_url)
    wait_ready(page)
    ensure_registered(page, site_url)
    wait_controlled(page)
    marked: list[bool] = []

    def fail_the_network(route: Route) -> None:
        marked.append("x-toledo-network" in route.request.headers)
        if marked[-1]:
            route.abort()
        else:
            route.continue_()

    page.context.route("**/pyodide/pyodide.asm.wasm", fail_the_network)
    page_log.allow_errors()  # the browser logs the failed request
    page.reload()
    wait_ready(page)
    assert marked[:1] == [True]
    assert page.evaluate("document.documentElement.dataset.ready") == "true"
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"

    page.context.unroute("**/pyodide/pyodide.asm.wasm")
    snapshot = f"{site_url}{_boot_settings()['snapshot'].removeprefix('./')}"
    page.evaluate(f"""async () => {{
        const cache = await caches.open((await caches.keys())[0]);
        await cache.put({json.dumps(snapshot)}, new Response("not a snapshot"));
    }}""")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "scratch"


def _site_paths(urls: list[str], site_url: str) -> set[str]:
    """The site files among request URLs, as paths relative to the site (query and fragment dropped)."""
    paths = set()
    for url in urls:
        if url.startswith(site_url):
            path = url[len(site_url):].split("#", 1)[0].split("?", 1)[0]
            paths.add(path or "index.html")
    return paths


def test_precache_is_exactly_what_the_page_requests(site_url: str, new_page: Callable[..., Page],
                                                     page_log: PageLog) -> None:
    """Every precached file is one the page really requests (a start, then saves enabled: pydantic), and
    every file the page requests is precached (else it would be missing offline). The service worker is
    blocked here, so every request seen is the page's own."""
    _require_worker()
    page = new_page(1280, 800)
    page.goto(f"{site_url}?seats=human,easy&seed=21&speed=0")
    wait_ready(page)
    page.wait_for_selector('html[data-saves="ready"]', state="attached", timeout=60_000)  # pydantic loaded
    requested = _site_paths(page_log.requests, site_url)
    precached = set(build_site.precache_files(SITE_DIR))
    # The memory snapshot is the one exception: precached for later visits, which restore it from the
    # cache; a first visit (as here, without a service worker) never asks for it.
    later = {_boot_settings()["snapshot"].removeprefix("./")}
    assert sorted(precached - requested - later) == [], "precached, yet the page never requests them"
    assert later <= precached and not later & requested
    assert sorted(requested - precached - {"sw.js"}) == [], "requested by the page, yet missing offline"


class _NoIsolationHandler(serve.SiteHandler):  # type: ignore[name-defined,misc]
    """A plain static host: no COOP/COEP/CORP headers (like many free hosts)."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super(serve.SiteHandler, self).end_headers()


@pytest.fixture
def site_copy(tmp_path: Path) -> Path:
    _require_worker()
    copy = tmp_path / "site"
    shutil.copytree(SITE_DIR, copy)
    return copy


def _serve(root: Path, handler: type = serve.SiteHandler) -> Iterator[str]:
    """Serve `root` on 127.0.0.1 with `handler` in a daemon thread."""
    server = serve.SiteServer((serve.HOST, 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{serve.HOST}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def plain_host_url(site_copy: Path) -> Iterator[str]:
    yield from _serve(site_copy, _NoIsolationHandler)


@pytest.fixture
def copy_url(site_copy: Path) -> Iterator[str]:
    yield from _serve(site_copy)


def test_worker_adds_cross_origin_isolation_on_a_plain_host(plain_host_url: str,
                                                             new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800, service_workers="allow")
    page.goto(plain_host_url)
    wait_ready(page)
    assert page.evaluate("crossOriginIsolated") is False  # the host sends no headers
    ensure_registered(page, plain_host_url)
    wait_controlled(page)
    page.reload()  # the worker answers the navigation now, headers included
    wait_ready(page)
    assert page.evaluate("crossOriginIsolated") is True


def test_a_new_build_replaces_the_cache_cleanly(site_copy: Path, copy_url: str,
                                                new_page: Callable[..., Page]) -> None:
    page = new_page(1280, 800, service_workers="allow")
    context = page.context
    page.goto(copy_url)
    wait_ready(page)
    ensure_registered(page, copy_url)
    wait_controlled(page)
    old = worker_version(site_copy)
    assert cache_names(page) == [f"toledo-{old}"]

    # "Deploy" a new build: a changed page, and sw.js rewritten by the build step.
    index = site_copy / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("</body>", "<!-- build 2 --></body>"),
                     encoding="utf-8")
    build_site.write_service_worker(site_copy, ROOT / "web" / "sw.js")
    new = worker_version(site_copy)
    assert new != old

    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    poll(page, "navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)")
    # The open page keeps its build: both caches exist until the old page is gone.
    assert sorted(cache_names(page)) == sorted([f"toledo-{old}", f"toledo-{new}"])
    page.close()
    # Wait for the switch-over in the workers themselves: a page opened at once may still be taken by the
    # old worker (on a busy machine the close can finish after the next navigation), and then the new
    # build waits for that page to go.
    switched = f"caches.keys().then((k) => k.length === 1 && k[0] === 'toledo-{new}')"
    deadline = time.monotonic() + SW_TIMEOUT_MS / 1000
    while not any(_worker_says(worker, switched) for worker in context.service_workers):
        assert time.monotonic() < deadline, "the new build never took over"
        time.sleep(0.1)

    fresh = context.new_page()
    fresh.goto(copy_url)
    poll(fresh, switched)
    fresh.reload()  # the navigation that raced the switch-over may still have come from the old build
    wait_ready(fresh)
    assert "<!-- build 2 -->" in fresh.content()  # served from the new cache
    context.set_offline(True)
    try:
        fresh.reload()
        wait_ready(fresh)
        assert "<!-- build 2 -->" in fresh.content()
    finally:
        context.set_offline(False)
    version = fresh.evaluate("""() => new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data), {once: true});
        navigator.serviceWorker.controller.postMessage('version');
    })""")
    assert version == {"version": new, "files": len(json.loads(
        re.search(r"^const BUILD = (\{.*\});", (site_copy / "sw.js").read_text(), re.M).group(1))["files"])}


def test_pages_without_service_workers_still_play(site_url: str, new_page: Callable[..., Page]) -> None:
    """Where workers are unavailable (blocked, private modes), registration fails quietly: no console
    error, the game unaffected (the conftest fails the test on any console error)."""
    page = new_page(1280, 800)  # service workers blocked
    page.goto(site_url)
    wait_ready(page)
    ensure_registered(page, site_url)
    page.wait_for_function("document.querySelector('script[src$=\"register-sw.js\"]') !== null")
    page.wait_for_timeout(500)  # let the registration attempt settle
    assert page.evaluate("document.documentElement.dataset.offline") is None
    assert page.evaluate("document.documentElement.dataset.ready") == "true"
