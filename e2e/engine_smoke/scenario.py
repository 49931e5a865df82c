"""The smoke run every engine plays, written once against a small driver protocol.

A player's path through the site: a cold first visit to Toledo against the computer (a turn ended by
a button, the computer's reply, then a card and a pawn picked on the board), the service worker taking
control, a later visit in a new window to Torres (a knight and the king placed on board squares, the
computer placing its own), and a reload with the host gone (the game resumed and played on). Readiness
is read only from what the page shows every test:
<html data-ready>, data-busy/data-turn/data-step, data-offline and the service worker's controller.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from browser_support import SETTLED

READY = "document.documentElement.dataset.ready === 'true'"
CONTROLLED = ("!!navigator.serviceWorker && navigator.serviceWorker.controller !== null "
              "&& document.documentElement.dataset.offline === 'ready'")
STEP = "Number(document.documentElement.dataset.step)"
TRANSCRIPT_LENGTH = "JSON.parse(window.toledoTranscript()).actions.length"
BOOT_TIMEOUT_S = 150.0  # Pyodide in JavaScriptCore on a busy 2-core box is far slower than in V8
PLAY_TIMEOUT_S = 90.0
WORKER_TIMEOUT_S = 120.0
GAME_QUERY = "seats=human,easy&names=Ann,Bot&speed=0&autostart=1"


class Driver(Protocol):
    """One engine's hands on the page: a new window, a reload, a script, a pointer click."""

    def open(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def evaluate(self, expression: str) -> Any: ...
    def click(self, selector: str, index: int = 0) -> None: ...
    def engine_problems(self) -> list[str]: ...


@dataclass
class SmokeResult:
    """What the run saw, for the terminal summary and the failure message."""

    cold_s: float = 0.0
    later_s: float = 0.0
    offline_s: float = 0.0
    python_start: list[str] = field(default_factory=list)  # how Python started, per visit
    problems: list[str] = field(default_factory=list)  # errors the pages collected
    stage: str = "not started"


def wait_for(driver: Driver, expression: str, timeout_s: float, what: str) -> float:
    """Poll until the expression is truthy; the seconds it took. An error the page collected meanwhile
    ends the wait at once (a page that failed to boot would otherwise keep the run waiting)."""
    started = time.monotonic()
    while True:
        done, errors = driver.evaluate(f"[Boolean({expression}), (window.__smokeErrors || []).slice(0, 5)]")
        if done:
            return time.monotonic() - started
        waited = time.monotonic() - started
        assert not errors, f"the page failed while waiting for {what}:\n  " + "\n  ".join(errors)
        assert waited < timeout_s, f"timed out after {waited:.0f} s waiting for {what} ({expression})"
        time.sleep(0.1)


def visit(driver: Driver, url: str, result: SmokeResult, load: Callable[[], None] | None = None) -> float:
    """Open (or reload) a page and wait until it answers; the seconds from the request to ready."""
    started = time.monotonic()
    (load or (lambda: driver.open(url)))()
    wait_for(driver, READY, BOOT_TIMEOUT_S, "the page to be ready")
    seconds = time.monotonic() - started
    result.python_start.append(str(driver.evaluate("document.documentElement.dataset.pythonStart || 'unknown'")))
    return seconds


def settle(driver: Driver) -> str:
    wait_for(driver, SETTLED, PLAY_TIMEOUT_S, "the page to wait for a person")
    return str(driver.evaluate("document.documentElement.dataset.turn"))


def collect_errors(driver: Driver, result: SmokeResult) -> None:
    """The page's collected errors, read before the page goes away (net.COLLECTOR keeps them)."""
    result.problems += list(driver.evaluate("window.__smokeErrors || ['the error collector is missing']"))


def play_toledo(driver: Driver) -> None:
    """A turn ended by a button and answered by the computer, then a card and a pawn on the board."""
    assert settle(driver) == "human"
    before = int(driver.evaluate(TRANSCRIPT_LENGTH))
    driver.click('#actions [data-key="action:draw"]')
    wait_for(driver, f"{TRANSCRIPT_LENGTH} > {before + 1}", PLAY_TIMEOUT_S, "the turn to be played")
    assert settle(driver) == "human"
    actions = json.loads(driver.evaluate("window.toledoTranscript()"))["actions"]
    assert actions[before] == "draw" and len(actions) > before + 1, f"no reply from the computer: {actions}"
    driver.click("#hand .card.playable")
    settle(driver)
    pawns = int(driver.evaluate("document.querySelectorAll('#board .pawn.legal').length"))
    assert pawns > 0, "a picked card must light a pawn on the board"
    step = int(driver.evaluate(STEP))
    driver.click("#board .pawn.legal")  # an SVG element: a pointer at its point
    wait_for(driver, f"{STEP} > {step}", PLAY_TIMEOUT_S, "the pawn's move")
    settle(driver)


def play_torres(driver: Driver, placements: int) -> None:
    """The set-up's pieces placed on lit board squares, the computer placing its own between them."""
    assert settle(driver) == "human"
    before = int(driver.evaluate(TRANSCRIPT_LENGTH))
    for _ in range(placements):
        offered = int(driver.evaluate("document.querySelectorAll('#board [data-key].offered').length"))
        assert offered > 0, "the set-up must light squares to place a knight on"
        length = int(driver.evaluate(TRANSCRIPT_LENGTH))
        driver.click("#board [data-key].offered", length % offered)
        wait_for(driver, f"{TRANSCRIPT_LENGTH} > {length}", PLAY_TIMEOUT_S, "the knight's placement")
        assert settle(driver) == "human"
    actions = json.loads(driver.evaluate("window.toledoTranscript()"))["actions"][before:]
    assert len(actions) > placements, f"no reply from the computer: {actions}"


def score_in_torres(driver: Driver) -> None:
    """The resumed game's turn goes on: a step on the score track picked on the board."""
    assert settle(driver) == "human"
    before = int(driver.evaluate(TRANSCRIPT_LENGTH))
    driver.click('#board [data-key^="action:score"].offered')
    wait_for(driver, f"{TRANSCRIPT_LENGTH} > {before}", PLAY_TIMEOUT_S, "the step on the score track")
    settle(driver)


PROBE_URL = "http://outside.invalid/smoke-probe"


def probe_outside(driver: Driver) -> None:
    """A request the page sends off the machine on purpose, so each run shows that its guard sees one."""
    driver.evaluate(f"fetch('{PROBE_URL}', {{mode: 'no-cors'}}).then(() => 'sent', () => 'refused')")


def run(driver: Driver, site_url: str, stop_host: Callable[[], None], result: SmokeResult) -> None:
    result.stage = "cold visit"
    result.cold_s = visit(driver, f"{site_url}?{GAME_QUERY}&seed=21", result)
    # the start screen's progress counted every large download as it streamed in, to its last byte
    assert driver.evaluate("window.toledoStart.loaded()") == 1, driver.evaluate("window.toledoStart.loaded()")
    result.stage = "Toledo against the computer"
    play_toledo(driver)
    result.stage = "the service worker taking control"
    wait_for(driver, CONTROLLED, WORKER_TIMEOUT_S, "the service worker's control")
    collect_errors(driver, result)

    result.stage = "later visit"
    result.later_s = visit(driver, f"{site_url}?game=torres&{GAME_QUERY}&seed=7", result)
    assert driver.evaluate("navigator.serviceWorker.controller !== null"), "a later visit must be controlled"
    assert driver.evaluate("window.toledoStart.loaded()") is None  # its files come from the caches: none counted
    result.stage = "Torres against the computer"
    play_torres(driver, placements=2)
    collect_errors(driver, result)

    result.stage = "offline reload"
    stop_host()
    result.offline_s = visit(driver, "", result, load=driver.reload)
    assert driver.evaluate("navigator.serviceWorker.controller !== null")
    score_in_torres(driver)
    collect_errors(driver, result)
    result.stage = "done"
