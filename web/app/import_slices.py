"""Imports that come after start-up (pydantic for the saves, a game's page code when it is chosen), done
module by module with the browser's turn in between, so that none holds the page up for long.

The build lists, in lazy-packages.json, every module each of them imports in dependency order
(scripts/import_order.py): importing the names one by one in that order, each costs only its own work.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import sys
import time
from types import ModuleType
from typing import Any

SLICE_SECONDS = 0.02  # work between two turns of the browser (a long task is 50 ms; the page is slower)
LISTING = "./lazy-packages.json"

_listing: dict[str, Any] = {}  # the build's listing, fetched once
_opened: dict[str, ModuleType] = {}  # packages in sys.modules whose __init__ is still to run
_lock: list[asyncio.Lock | None] = [None]  # made in the running loop, on first use


async def listing() -> dict[str, Any]:
    """lazy-packages.json: {"packages": [wheel URLs], "imports": {"saves" or a game: [module names]}}."""
    if not _listing:
        from pyodide.http import pyfetch  # type: ignore[import-not-found]

        response = await pyfetch(LISTING)
        _listing.update(await response.json())
    return _listing


def _open_package(name: str, later: set[str]) -> None:
    """A package whose submodules come before it in the order (its __init__ imports them) is put in
    sys.modules without running its __init__ yet, as Python itself holds it while the __init__ runs: its
    submodules then import one by one instead of all inside the package's first import."""
    parent = name.rpartition(".")[0]
    if not parent or parent in sys.modules or parent not in later:
        return
    _open_package(parent, later)
    spec = importlib.util.find_spec(parent)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules[parent] = module
    _opened[parent] = module


def _import_one(name: str) -> None:
    opened = _opened.pop(name, None)
    if opened is None:
        importlib.import_module(name)
        return
    try:  # the package's own __init__, its submodules already there
        opened.__spec__.loader.exec_module(opened)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    grand, _, last = name.rpartition(".")
    if grand in sys.modules:
        setattr(sys.modules[grand], last, opened)


async def _browsers_turn() -> None:
    """Yield to the browser. Packages opened ahead leave sys.modules meanwhile: whatever runs in between
    and imports one gets it whole, by a plain import, and the slices then go on without their copy."""
    hidden = {name: module for name, module in _opened.items() if sys.modules.get(name) is module}
    for name in hidden:
        del sys.modules[name]
    await asyncio.sleep(0)
    for name, module in hidden.items():
        if name not in sys.modules:
            sys.modules[name] = module
        elif _opened.get(name) is module:  # imported whole meanwhile: its submodules imported here join it
            del _opened[name]
            whole = sys.modules[name]
            for child, _, last in (n.rpartition(".") for n in list(sys.modules)):
                if child == name and not hasattr(whole, last):
                    setattr(whole, last, sys.modules[f"{name}.{last}"])


async def import_in_slices(names: list[str]) -> None:
    """Import `names` in order, giving the browser its turn whenever a slice's time is used up. One list at
    a time (the packages opened ahead are the one list's own)."""
    if _lock[0] is None:
        _lock[0] = asyncio.Lock()
    async with _lock[0]:
        await _import_all(names)


async def _import_all(names: list[str]) -> None:
    later = {n for n in names if n not in sys.modules}
    began = time.perf_counter()
    for name in names:
        if name in sys.modules and name not in _opened:
            continue
        later.discard(name)
        try:
            _open_package(name, later)
            _import_one(name)
        except Exception:  # noqa: BLE001 - a module only the native Python has: the final import decides
            pass
        if time.perf_counter() - began > SLICE_SECONDS:
            await _browsers_turn()
            began = time.perf_counter()
    for name, module in list(_opened.items()):  # a package the list left open (never so with the build's lists)
        if sys.modules.get(name) is module:
            del sys.modules[name]
        del _opened[name]


async def load(key: str, *targets: str) -> list[ModuleType]:
    """The `targets` (whose order the listing holds under `key`), imported slice by slice."""
    if not all(t in sys.modules for t in targets):
        try:
            names = list((await listing()).get("imports", {}).get(key, []))
        except Exception:  # noqa: BLE001 - no listing (an old cached build): one import each, as before
            names = []
        await import_in_slices(names)
    return [importlib.import_module(t) for t in targets]
