"""Shared pytest hooks: compiled word catalogues before any test, and the random-play suite's figures
(longest game) in the terminal summary."""

from __future__ import annotations

import pytest

import tests.games  # noqa: F401  (registers the tests' own games before any test is collected)


def pytest_configure(config: pytest.Config) -> None:
    """Compile the gettext catalogues whose .mo is missing or older than its .po (a fresh clone, an
    edited .po), so the engine finds its words; a .po Babel cannot compile stops the run in one line."""
    from tests.support import load_script

    compile_catalogues = load_script("compile_catalogues")
    try:
        compile_catalogues.compile_all()
    except compile_catalogues.CatalogueError as error:
        raise pytest.UsageError(f"word catalogues: {error}") from None


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    import sys

    helpers = sys.modules.get("tests.toledo.helpers")
    lines = getattr(helpers, "REPORT", None)
    if lines:
        terminalreporter.section("engine figures")
        for line in lines:
            terminalreporter.write_line(line)
