"""Shared pytest hooks: the random-play suite's figures (longest game) in the terminal summary."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    import sys

    helpers = sys.modules.get("tests.toledo.helpers")
    lines = getattr(helpers, "REPORT", None)
    if lines:
        terminalreporter.section("engine figures")
        for line in lines:
            terminalreporter.write_line(line)
