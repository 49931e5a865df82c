"""The page's later imports in slices, natively: the build's import orders (scripts/import_order.py) list
each module after what it imports, and importing them one by one (web/app/import_slices.py, packages
opened before their __init__ runs) fails on none and leaves every module whole, as one plain import does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tests.support import load_script

ROOT = Path(__file__).resolve().parents[2]
import_order = load_script("import_order")
build_site = load_script("build_site")

# A fresh Python (the browser's modules stood in for as the build does): the page's import_slices imports the listed names one by one, then the test checks that
# nothing failed and that the packages it opened ahead are complete.
SLICED = """
import asyncio, importlib, json
sys.path[:0] = [{web!r}, {root!r}]
from app import import_slices
names = json.loads(sys.stdin.read())
failed = []
real = import_slices._import_one
def watched(name):
    try:
        real(name)
    except Exception:
        failed.append(name)
        raise
import_slices._import_one = watched
asyncio.run(import_slices.import_in_slices(names))
print(json.dumps({{"failed": failed, "open": list(import_slices._opened),
                   "missing": [n for n in names if n not in sys.modules]}}))
"""


def sliced(names: list[str]) -> dict[str, list[str]]:
    code = import_order.STUBS + SLICED.format(web=str(ROOT / "web"), root=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(names), capture_output=True, text=True,
                          check=True, cwd=ROOT)
    return json.loads(done.stdout)


def test_an_order_lists_each_module_after_what_it_imports() -> None:
    names = import_order.order(["toledo.games.torres"], [ROOT])
    assert names[-1] == "toledo.games.torres"
    assert names.index("toledo.games.torres.data") < names.index("toledo.games.torres.state")
    assert len(names) == len(set(names))
    assert build_site.page_imports(ROOT / "web")["torres"] == ["toledo.games.torres.page", "app.games.torres"]


@pytest.mark.parametrize("targets", [["toledo.core.autosave", "toledo.core.share"], ["toledo.games.torres.page", "app.games.torres"]])
def test_importing_an_order_in_slices_leaves_every_module_whole(targets: list[str]) -> None:
    names = import_order.order(targets, [ROOT / "web", ROOT])
    found = sliced(names)
    assert found == {"failed": [], "open": [], "missing": []}


def test_a_package_whose_init_imports_its_submodules_is_run_once_they_are_there() -> None:
    """toledo.games.torres's __init__ imports the whole game: its submodules come first, each on its own,
    and the package still ends with every name its __init__ defines."""
    names = import_order.order(["toledo.games.torres"], [ROOT])
    code = import_order.STUBS + SLICED.format(web=str(ROOT / "web"), root=str(ROOT)) + (
        "import toledo.games.torres as T, toledo.games as G\n"
        "assert G.torres is T and T.GAME.name == 'torres' and T.State is T.state.State\n")
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(names), capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["failed"] == []


def test_code_running_between_slices_never_meets_a_package_still_opened() -> None:
    """The browser's turn comes after every module here: something importing the Torres package then (a
    link opened meanwhile) gets it whole, and the slices go on and end with every module whole."""
    names = import_order.order(["toledo.games.torres"], [ROOT])
    code = import_order.STUBS + f"""
import asyncio, importlib, json
sys.path[:0] = [{str(ROOT / "web")!r}, {str(ROOT)!r}]
from app import import_slices
import_slices.SLICE_SECONDS = 0.0
names = json.loads(sys.stdin.read())
met = []

async def meanwhile(task):
    while not task.done():
        await asyncio.sleep(0)
        if "toledo.games.torres.state" in sys.modules and not met:
            from toledo.games.torres import GAME  # noqa: the package whole, though the slices are not done
            met.append(GAME.name)

async def main():
    task = asyncio.ensure_future(import_slices.import_in_slices(names))
    await asyncio.gather(task, meanwhile(task))

asyncio.run(main())
import toledo.games.torres as T, toledo.games as G
print(json.dumps({{"met": met, "whole": G.torres is T and T.State is T.state.State, "open": list(import_slices._opened),
                   "missing": [n for n in names if n not in sys.modules]}}))
"""
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(names), capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"met": ["torres"], "whole": True, "open": [], "missing": []}
