"""The order in which Python imports the modules behind a page's import, so that the page can import
them one by one, giving the browser its turn between pieces, instead of in one long task.

A module's first import runs its dependencies' first imports inside it; `python -X importtime` prints
each module when its import ends, so its lines are already in dependency order: importing the names in
that order, each import finds its dependencies done and costs only its own work. The order is taken
natively (the same pinned versions as in the browser, another Python): a name the browser lacks is
skipped there, and the page's own final import settles anything the list missed.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

# `python -X importtime` lines: "import time:  self [us] | cumulative | <indent>name"
LINE = re.compile(r"^import time:\s+\d+\s+\|\s+\d+\s+\|\s+(?P<name>\S+)\s*$")

# The browser's own modules, stood in for so that the page's modules import natively (only their
# import-time code runs, which keeps what it is given without using it).
STUBS = """
import sys, types
class Anything:
    def __getattr__(self, attr): return self
    def __call__(self, *args, **kwargs): return self
for name in ("pyscript", "pyodide", "pyodide.ffi", "pyodide.http", "js", "pyodide_js"):
    stub = types.ModuleType(name)
    stub.__getattr__ = lambda attr: Anything()
    sys.modules[name] = stub
sys.modules["pyodide"].ffi = sys.modules["pyodide.ffi"]
"""


def read_lines(text: str) -> list[str]:
    """The module names of `-X importtime` output, in the order their imports ended, each once."""
    names: list[str] = []
    for line in text.splitlines():
        found = LINE.match(line)
        if found and found["name"] not in names:
            names.append(found["name"])
    return names


def order(targets: Sequence[str], paths: Sequence[Path], python: str = sys.executable) -> list[str]:
    """Every module importing `targets` (in that order) imports, in dependency order, the targets last
    (modules whose import was only tried, and failed, left out)."""
    code = (STUBS + f"sys.path[:0] = {[str(p) for p in paths]!r}\n" + "".join(f"import {t}\n" for t in targets)
            + "print(' '.join(sys.modules))\n")  # imports that failed (tried for a fallback) are listed too
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run([python, "-X", "importtime", "-c", code], capture_output=True, text=True, env=env,
                          check=False)
    if done.returncode != 0:
        raise RuntimeError(f"importing {', '.join(targets)} natively failed: {done.stderr.strip().splitlines()[-1:]}")
    loaded = set(done.stdout.split())
    names = [n for n in read_lines(done.stderr) if n in loaded]
    missing = [t for t in targets if t not in names]
    if missing:
        raise RuntimeError(f"-X importtime did not list {', '.join(missing)}")
    return names
