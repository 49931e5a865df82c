"""scripts/bench_ai.py --browser: the AI benchmark's browser side runs the search inside Pyodide.

The figures themselves are printed by the script, never asserted (timings depend on the machine);
this only shows the browser mode works end to end on a few cheap decisions.
"""

from __future__ import annotations

import pytest
from browser_support import SITE_DIR
from playwright.sync_api import Browser

from tests.support import load_script


def test_bench_ai_browser_mode_times_decisions_inside_pyodide(site_url: str, browser: Browser) -> None:
    bench = load_script("bench_ai")
    times, python, _long_tasks, cut = bench.times_in_browser(browser, site_url, 3, seed=5, level="hard",
                                                          iterations=60, site=SITE_DIR, timed=True)
    assert len(times) == 3 and all(t > 0 for t in times)
    assert 0 <= cut <= 3  # how many the page's thinking limit ended early: a figure, not a target
    assert python.startswith("3.14")  # Pyodide's interpreter, not this process's
    # the long tasks (`long_tasks`) are figures the script prints, never asserted: they depend on the machine


def test_bench_ai_rejects_bad_options_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench_ai")
    for argv in (["--positions", "0"], ["--browser", "--cpu"], ["--timed"], ["--level", "godlike"]):
        with pytest.raises(SystemExit) as exit_info:
            bench.main(argv)
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("bench_ai.py: error:") and err.count("\n") == 1, err
