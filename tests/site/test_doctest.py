"""The examples in the package docstring and in README.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import toledo

README = Path(__file__).resolve().parents[2] / "README.md"


def test_package_docstring_examples():
    result = doctest.testmod(toledo, verbose=False, report=True)
    assert result.attempted > 0 and result.failed == 0


def test_readme_examples():
    if not README.exists():
        pytest.skip("README.md is absent")
    result = doctest.testfile(str(README), module_relative=False, verbose=False, report=True,
                              optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if ">>> " in README.read_text(encoding="utf-8"):
        assert result.attempted > 0
