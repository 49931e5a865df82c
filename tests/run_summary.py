"""Lines for the run's terminal summary, by section, from whichever process ran the test.

With pytest-xdist the tests run in worker processes whose own summaries are never printed: each
worker hands its lines to the controller as it finishes, and the controller prints every section at
the end, as a run in one process does. Both test folders' conftests register this one plugin.
"""

from __future__ import annotations

import pytest

PLUGIN_NAME = "toledo-run-summary"
_OUTPUT_KEY = "toledo_summary_sections"

# section title -> its lines, in the order first added
SECTIONS: dict[str, list[str]] = {}


def add(section: str, line: str) -> None:
    """One line for the summary's `section` (printed once, at the end of the whole run)."""
    SECTIONS.setdefault(section, []).append(line)


def register(config: pytest.Config) -> None:
    """Register the plugin once, however many conftests ask."""
    if not config.pluginmanager.has_plugin(PLUGIN_NAME):
        config.pluginmanager.register(_Plugin(), PLUGIN_NAME)


class _Plugin:
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        output = getattr(session.config, "workeroutput", None)  # set only in a pytest-xdist worker
        if output is not None:
            output[_OUTPUT_KEY] = {section: list(lines) for section, lines in SECTIONS.items()}

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: object, error: object) -> None:
        # in the pytest-xdist controller, as each worker ends
        for section, lines in getattr(node, "workeroutput", {}).get(_OUTPUT_KEY, {}).items():
            SECTIONS.setdefault(section, []).extend(lines)

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
        if hasattr(config, "workeroutput"):
            return  # a worker's summary is not shown; the controller prints its lines
        for section, lines in SECTIONS.items():
            terminalreporter.section(section)
            for line in lines:
                terminalreporter.write_line(line)
