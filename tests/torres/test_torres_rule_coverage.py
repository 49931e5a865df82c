"""Every numbered rule of the Torres specification has at least one test named after it.

A test for rule X1 is a function named `test_torres_x1_<what it checks>` in any test module of this
folder. The ids are written out here (the tests never read the specification itself).
"""

from __future__ import annotations

import ast
from pathlib import Path

RULE_IDS: tuple[str, ...] = (
    *(f"d{i}" for i in range(1, 7)),  # definitions
    *(f"s{i}" for i in range(1, 9)),  # setup
    *(f"a{i}" for i in range(1, 13)),  # a turn
    *(f"k{i}" for i in range(1, 7)), *(f"k{i}" for i in range(10, 20)),  # action cards
    *(f"v{i}" for i in range(1, 4)),  # the own-deck variant
    *(f"w{i}" for i in range(1, 14)),  # phases and scoring
    *(f"m{i}" for i in range(1, 8)),  # the master version
    *(f"e{i}" for i in range(1, 3)),  # end
    *(f"i{i}" for i in range(1, 6)),  # information
)


def defined_test_names() -> set[str]:
    """The names of every test function in this folder's test modules (classes included)."""
    names: set[str] = set()
    for path in sorted(Path(__file__).resolve().parent.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names.update(node.name for node in ast.walk(tree)
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"))
    return names


def test_the_rule_list_is_the_specifications():
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 72
    assert {r[0] for r in RULE_IDS} == set("dsakvwmei")


def test_every_rule_id_has_a_test():
    names = defined_test_names()
    missing = [rule for rule in RULE_IDS if not any(n.startswith(f"test_torres_{rule}_") for n in names)]
    assert not missing, f"Torres rules without a test: {', '.join(missing)}"
