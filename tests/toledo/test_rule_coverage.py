"""Every numbered rule of the specification has at least one test named after it (test_<id>_...)."""

from __future__ import annotations

import re
from pathlib import Path

RULE_IDS = (
    [f"s{i}" for i in range(1, 6)] + [f"a{i}" for i in range(1, 6)] + ["k1", "k2"]
    + [f"m{i}" for i in range(1, 8)] + [f"u{i}" for i in range(1, 9)] + [f"d{i}" for i in range(1, 7)]
    + [f"t{i}" for i in range(1, 4)] + [f"l{i}" for i in range(1, 4)] + [f"e{i}" for i in range(1, 5)] + ["i1"]
)


def test_every_rule_id_has_a_test():
    names = set()
    for path in Path(__file__).resolve().parent.glob("test_*.py"):
        names.update(re.findall(r"^def (test_[a-z]\d+)_", path.read_text(encoding="utf-8"), re.MULTILINE))
    missing = [rule for rule in RULE_IDS if f"test_{rule}" not in names]
    assert not missing, f"rules without a test: {', '.join(missing)}"
    assert len(RULE_IDS) == 44
