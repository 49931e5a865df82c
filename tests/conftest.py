"""Shared pytest hooks: compiled word catalogues before any test, and the run's summary lines (the
random-play suite's longest game among them) printed at the end, from every test process."""

from __future__ import annotations

import pytest

import tests.games  # noqa: F401  (registers the tests' own games before any test is collected)
from tests import run_summary


def pytest_configure(config: pytest.Config) -> None:
    """Compile the gettext catalogues whose .mo is missing or older than its .po (a fresh clone, an
    edited .po), so the engine finds its words; a .po Babel cannot compile stops the run in one line."""
    from tests.support import load_script

    compile_catalogues = load_script("compile_catalogues")
    try:
        compile_catalogues.compile_all()
    except compile_catalogues.CatalogueError as error:
        raise pytest.UsageError(f"word catalogues: {error}") from None
    run_summary.register(config)
