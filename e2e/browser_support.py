"""Helpers shared by the browser tests (a uniquely named module, so `import` cannot pick up
another folder's conftest.py when `pytest tests e2e` collects both)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route

ROOT = Path(__file__).resolve().parent.parent
# TOLEDO_SITE_DIR: a site built elsewhere (build_site.py --out DIR), so that two checkouts' test
# runs never serve a folder another build is rewriting.
SITE_DIR = Path(os.environ.get("TOLEDO_SITE_DIR") or ROOT / "site").resolve()
ARTIFACTS_DIR = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
# Pyodide start-up is CPU bound (wasm compile + wheel unpack): ~4 s here, far more on a busy CI box.
READY_TIMEOUT_MS = 60_000
LOCAL_HOST = "127.0.0.1"
# The resolver rule stops Chromium's own background calls to outside
# hosts, which Playwright cannot observe; the other flags switch those calls off at the source.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    # A headless browser has no address bar, yet Chromium loads the bar's popup (a page of its own, in
    # its own renderer) in the first seconds of every launch: on two cores it takes one from the page.
    "--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
]


def load_serve() -> ModuleType:
    """scripts/serve.py (scripts/ is not a package), imported by path once: `start_server(root, 0)`
    serves the built site on 127.0.0.1 the way the README's play command does."""
    name = "toledo_site_serve"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "serve.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def is_local(url: str) -> bool:
    """True for URLs that stay on this machine's test server (data: and blob: count as local)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob"):
        return True
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname == LOCAL_HOST


@dataclass
class PageLog:
    """Everything the pages of one test did that the teardown checks."""

    requests: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    errors_allowed: bool = False

    def note_outside(self, url: str) -> None:
        """Record an off-machine URL once (a page that retries asks for it again)."""
        if url not in self.outside_requests:
            self.outside_requests.append(url)

    def allow_errors(self) -> None:
        """Opt out of the console/page error check (the outside-request check stays)."""
        self.errors_allowed = True

    def problems(self) -> list[str]:
        found = [f"request left {LOCAL_HOST}: {url}" for url in self.outside_requests]
        if not self.errors_allowed:
            found += [f"console error: {text}" for text in self.console_errors]
            found += [f"page error: {text}" for text in self.page_errors]
        return found


def system_snapshot() -> str:
    """One line about the machine when a renderer dies: memory, the disks Chromium's shared
    memory uses (/dev/shm, or $TMPDIR with --disable-dev-shm-usage), load and Chromium's size."""
    parts: list[str] = []
    try:
        meminfo = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
        parts.append(f"MemAvailable {meminfo['MemAvailable'].strip()}")
    except (OSError, KeyError, ValueError):
        pass
    for where in ("/dev/shm", os.environ.get("TMPDIR", "/tmp")):
        try:
            parts.append(f"{where} free {shutil.disk_usage(where).free >> 20} MiB")
        except OSError:
            pass
    try:
        parts.append("load " + " ".join(Path("/proc/loadavg").read_text().split()[:3]))
        rss = subprocess.run(["ps", "-C", "chromium", "-o", "rss="], capture_output=True, text=True,
                             timeout=5).stdout.split()
        threads = subprocess.run(["ps", "-eLo", "pid="], capture_output=True, text=True, timeout=5).stdout.split()
        parts.append(f"chromium {len(rss)} processes {sum(map(int, rss)) >> 10} MiB; {len(threads)} threads")
    except (OSError, subprocess.SubprocessError):
        pass
    try:  # the kernel's word on it (OOM killer, segfault, trap), where dmesg is readable
        kernel = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=5).stdout.splitlines()
        notes = [line.strip() for line in kernel
                 if any(word in line.lower() for word in ("oom", "killed process", "segfault", "traps:"))]
        if notes:
            parts.append("kernel: " + " | ".join(notes[-4:]))
    except (OSError, subprocess.SubprocessError):
        pass
    return "; ".join(parts)


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Block until the page's Python has run (main.py sets <html data-ready="true">)."""
    page.wait_for_selector('html[data-ready="true"]', state="attached", timeout=timeout_ms)


# A picture waits for the page's fonts and a quiet frame: on a machine busy with two test workers that
# once took longer than Playwright's 30 s.
SCREENSHOT_TIMEOUT_MS = 120_000


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot to e2e/artifacts/<name>.png and return its path."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS_DIR / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, timeout=SCREENSHOT_TIMEOUT_MS)
    return path


# The README's pictures: written into docs/ only when asked for, so a test run leaves the tracked ones alone.
README_PICTURES = ROOT / "docs" / "screenshots" if os.environ.get("UPDATE_SCREENSHOTS") == "1" else ARTIFACTS_DIR


def readme_picture(page: Page, name: str) -> Path:
    """The screen as a person sees it (not the whole page), as README_PICTURES/<name>.png."""
    README_PICTURES.mkdir(parents=True, exist_ok=True)
    path = README_PICTURES / f"{name}.png"
    page.screenshot(path=str(path), timeout=SCREENSHOT_TIMEOUT_MS)
    return path


# --- waiting on the game page --------------------------------------------------------------------
# The page marks <html> with data-busy (computer thinking, animations) and data-turn (who the page
# waits for). "Settled" = nothing is running and the page waits for a person, or the game is over.
WAITING_TURNS = ("human", "over", "pass")
GAME_TIMEOUT_MS = 180_000


def settled_condition(turns: tuple[str, ...] = WAITING_TURNS) -> str:
    names = ", ".join(f"'{t}'" for t in turns)
    return ("document.documentElement.dataset.busy === 'false' && "
            f"[{names}].includes(document.documentElement.dataset.turn)")


SETTLED = settled_condition()


def settle(page: Page, timeout_ms: int = GAME_TIMEOUT_MS, turns: tuple[str, ...] = WAITING_TURNS) -> str:
    """Wait until the page waits for a person (or the game is over); return data-turn."""
    page.wait_for_function(settled_condition(turns), timeout=timeout_ms)
    return page.evaluate("document.documentElement.dataset.turn")


def outside(page: Page, selector: str, within: str = "") -> list[str]:
    """Elements of `selector` (visible) not wholly inside the viewport (or inside element `within`)."""
    return page.evaluate("""([selector, within]) => {
        const frame = within ? document.querySelector(within).getBoundingClientRect()
                             : {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
        return [...document.querySelectorAll(selector)]
          .filter(el => el.getClientRects().length)
          .map(el => [el, el.getBoundingClientRect()])
          .filter(([el, r]) => r.left < frame.left - 1 || r.top < frame.top - 1
                               || r.right > frame.right + 1 || r.bottom > frame.bottom + 1)
          .map(([el, r]) => `${el.tagName}.${el.getAttribute('class')} ${JSON.stringify(el.dataset)} `
                            + `at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    }""", [selector, within])


def html_data(page: Page, name: str) -> str:
    return page.evaluate(f"document.documentElement.dataset.{name}")


def transcript(page: Page) -> dict:
    """The page's game as JSON: seed, seats, start, colours and the action texts."""
    return json.loads(page.evaluate("window.toledoTranscript()"))


SESSION_DONE = "['loaded', 'refused'].includes(document.documentElement.dataset.session)"
SESSION_TIMEOUT_MS = 60_000


def session_result(page: Page, timeout_ms: int = SESSION_TIMEOUT_MS) -> str:
    """Wait until a file, link or stored game was opened or refused; return which (and reset the marker)."""
    page.wait_for_function(SESSION_DONE, timeout=timeout_ms)
    result = html_data(page, "session")
    page.evaluate("document.documentElement.dataset.session = ''")
    return result


def to_start(page: Page) -> None:
    """Leave the game for the start screen (the game stays stored)."""
    covered = page.locator("#pass-device").is_visible()  # the pass screen covers the top bar
    page.locator("#pass-device [data-ui='new-game']" if covered else "#new-game").click()
    page.wait_for_function("document.documentElement.dataset.turn === 'setup'")


def local_items(page: Page) -> dict[str, str]:
    """Everything the origin's localStorage holds, by key."""
    return json.loads(page.evaluate("JSON.stringify(Object.fromEntries(Object.entries(localStorage)))"))


PYTHON_RUNTIME = "**/pyodide/pyodide.asm.wasm"


def hold_python(page: Page) -> list[Route]:
    """Hold Python back (its runtime's wasm is asked for and waits) until `release_python`: the page as it
    is before Python, for as long as a test needs."""
    held: list[Route] = []
    page.route(PYTHON_RUNTIME, lambda route: held.append(route))
    return held


def release_python(page: Page, held: list[Route]) -> None:
    page.unroute(PYTHON_RUNTIME)
    for route in held:
        try:
            route.continue_()
        except PlaywrightError:  # its request was given up meanwhile (the boot module asks again)
            pass
