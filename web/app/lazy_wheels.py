"""pydantic, loaded after start-up: only saving, opening and sharing games need it, and unpacking it
would add about a second to every start. The build lists its wheels in lazy-packages.json."""

from __future__ import annotations

import asyncio
from importlib import metadata
from typing import TYPE_CHECKING, Any

from pyscript import window  # type: ignore[import-not-found]

from . import import_slices
from .dom import by_id, mark, session_message

if TYPE_CHECKING:  # pragma: no cover
    from .context import App

IDLE_SECONDS = 1.0  # how long the start screen waits before loading pydantic on its own


CHUNK = 1 << 18  # a large file (pydantic-core's library) is written a quarter of a megabyte at a time


async def _unpack_in_slices(url: str) -> list[str]:
    """A wheel written into site-packages piece by piece, the browser's turn in between (the runtime's
    own loader unpacks a whole wheel in one task: ~0.2 s, far more on a busy machine). Returns the paths
    of its compiled libraries."""
    import io
    import sys
    import time
    import zipfile
    from pathlib import Path

    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    data = await (await pyfetch(url)).bytes()
    target = Path(next(p for p in sys.path if p.endswith("site-packages")))
    libraries = []
    began = time.perf_counter()
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        for member in wheel.infolist():
            path = target / member.filename
            if member.is_dir():
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            with wheel.open(member) as source, path.open("wb") as out:
                while chunk := source.read(CHUNK):
                    out.write(chunk)
                    if time.perf_counter() - began > import_slices.SLICE_SECONDS:
                        await asyncio.sleep(0)
                        began = time.perf_counter()
            if member.filename.endswith(".so"):
                libraries.append(str(path))
    return libraries


async def _load(app: App) -> None:
    import importlib
    import importlib.util

    if importlib.util.find_spec("pydantic") is None:
        import pyodide_js  # type: ignore[import-not-found]

        base = str(window.location.href)
        for url in (await import_slices.listing())["packages"]:
            for library in await _unpack_in_slices(str(window.URL.new(url, base).href)):
                await pyodide_js._api.loadDynlib(library)  # compiled off the page, as the runtime's loader does
            await asyncio.sleep(0)
        importlib.invalidate_caches()
    await asyncio.sleep(0)
    autosave, _share, save = await import_slices.load("saves", "toledo.core.autosave", "toledo.core.share",
                                                      "toledo.core.save")  # pydantic, piece by piece
    for model in (*save.MODELS, autosave.AutosaveEntry):  # their validators too, one at a time
        model.model_rebuild()
        await asyncio.sleep(0)

    status = by_id("status")
    old = app.status
    app.status = f"{app.status} · pydantic {metadata.version('pydantic')}"
    status.textContent = str(status.textContent).replace(old, app.status)
    mark(saves="ready")


def start(app: App) -> Any:
    """The loading task (started once; later calls return the same task)."""
    if app.pydantic is None:
        app.pydantic = asyncio.ensure_future(_load(app))
    return app.pydantic


async def when_idle(app: App) -> None:
    """On the start screen nothing runs: load pydantic there, so Continue and Open answer at once. A game
    that started meanwhile is never paused by it (importing pydantic blocks the page for ~0.5 s)."""
    await asyncio.sleep(IDLE_SECONDS)
    if app.session is None and app.pydantic is None:
        start(app)


async def ready(app: App) -> bool:
    """Wait for pydantic; False (and said so) if it failed to load, to be tried again next time."""
    try:
        await start(app)
        return True
    except Exception as err:  # noqa: BLE001 - say so, and try again next time
        app.pydantic = None
        session_message(app.tr("error_unexpected", detail=str(err)), error=True)
        return False
