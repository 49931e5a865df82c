"""pydantic, loaded after start-up: only saving, opening and sharing games need it, and unpacking it
would add about a second to every start. The build lists its wheels in lazy-packages.json."""

from __future__ import annotations

import asyncio
from importlib import metadata
from typing import TYPE_CHECKING, Any

from pyscript import window  # type: ignore[import-not-found]

from .dom import by_id, mark, session_message

if TYPE_CHECKING:  # pragma: no cover
    from .context import App

IDLE_SECONDS = 1.0  # how long the start screen waits before loading pydantic on its own


async def _load(app: App) -> None:
    import importlib
    import importlib.util

    if importlib.util.find_spec("pydantic") is None:
        import pyodide_js  # type: ignore[import-not-found]
        from pyodide.ffi import to_js  # type: ignore[import-not-found]
        from pyodide.http import pyfetch  # type: ignore[import-not-found]

        response = await pyfetch("./lazy-packages.json")
        urls = (await response.json())["packages"]
        base = str(window.location.href)
        await pyodide_js.loadPackage(to_js([str(window.URL.new(url, base).href) for url in urls]))
        importlib.invalidate_caches()
    await asyncio.sleep(0)
    import toledo.core.autosave  # noqa: F401  (imports pydantic once)
    import toledo.core.share  # noqa: F401

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
