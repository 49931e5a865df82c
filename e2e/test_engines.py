"""The site in the other engines beside Chromium: Firefox ESR over WebDriver BiDi and WebKit (Safari's
engine) over WebDriver, each playing the same short path (engine_smoke/scenario.py): a cold visit, both
games against the computer with clicks on the board, a later visit the service worker controls and a
reload with the host gone; no console or page error, no failed request and no request off the machine.

The terminal summary gives each engine's version, its cold and later seconds and how Python started
(from the build's snapshot or from scratch). An engine missing on a developer's machine is skipped with
one line; with CI set, or on a fresh clone (scripts/test.sh installs them), every engine must run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import ModuleType

import pytest
from browser_support import SITE_DIR
from engine_smoke import firefox, scenario, webkit
from engine_smoke.net import OutsideGuard, SmokeServer

from tests import run_summary

ENGINES: dict[str, ModuleType] = {"firefox": firefox, "webkit": webkit}
DRIVERS = {"firefox": firefox.FirefoxDriver, "webkit": webkit.WebKitDriver}
DRIVER_TIMEOUT_S = 180.0


@pytest.fixture
def smoke_server() -> Iterator[SmokeServer]:
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail(f"{SITE_DIR} is not built: run `python scripts/build_site.py` (scripts/test.sh does)",
                    pytrace=False)
    server = SmokeServer(SITE_DIR)
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_the_site_plays_offline_in_the_engine(engine: str, smoke_server: SmokeServer) -> None:
    why = ENGINES[engine].missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{engine}: {why}", pytrace=False)
        pytest.skip(f"{engine} not on this machine: {why}")
    guard = OutsideGuard()
    result = scenario.SmokeResult()
    driver = DRIVERS[engine](smoke_server.url, guard.port, DRIVER_TIMEOUT_S)
    try:
        try:
            scenario.run(driver, smoke_server.url, smoke_server.stop, result)
        except Exception as error:
            problems = result.problems + driver.engine_problems()
            raise AssertionError(f"{driver.version}, {result.stage}: {error}"
                                 + "".join(f"\n  {p}" for p in problems)) from error
        problems = result.problems + driver.engine_problems() + smoke_server.failures
        scenario.probe_outside(driver)
        probe = [asked for asked in guard.asked if scenario.PROBE_URL in asked]
        assert probe, f"{driver.version}: the guard did not see the page's request to {scenario.PROBE_URL}"
        problems += [f"request left the machine: {asked}" for asked in guard.asked if asked not in probe]
    finally:
        driver.close()
        guard.close()
    run_summary.add("browser engines",
                    f"{driver.version}: cold {result.cold_s:.1f} s, later {result.later_s:.1f} s, offline reload "
                    f"{result.offline_s:.1f} s; Python from the {' / '.join(result.python_start)}")
    assert not problems, f"{driver.version}:\n" + "\n".join(problems)
