"""Moments a player must not miss (a duel's winner, a pawn reaching its goal, the final round, the end):
a short banner over the board, animated unless the person asked for reduced motion (the stylesheet
decides), said by screen readers, gone again by itself. The move log keeps the line for later."""

from __future__ import annotations

import asyncio

from pyscript import document  # type: ignore[import-not-found]

from .dom import mark, present

SHOWN_SECONDS = 2.8  # long enough to read a short line, short enough not to be in the way
_shown = [0]  # which showing is the latest (an older one's timer must not hide a newer one)


def _banner() -> object:
    el = document.getElementById("moment")
    if present(el):
        return el
    el = document.createElement("div")
    el.id = "moment"
    el.setAttribute("role", "status")
    el.setAttribute("aria-live", "assertive")
    el.hidden = True
    document.getElementById("app").appendChild(el)
    return el


def show(kind: str, text: str) -> None:
    """Show `text` as a moment of `kind` ("duel", "goal", "final", "over")."""
    el = _banner()
    el.textContent = text  # player names are text, never markup
    el.setAttribute("data-kind", kind)
    el.hidden = False
    el.classList.remove("play")
    _ = el.offsetWidth  # restart the animation when two moments follow each other
    el.classList.add("play")
    mark(moment=kind)
    _shown[0] += 1
    asyncio.ensure_future(_hide_later(_shown[0]))


async def _hide_later(showing: int) -> None:
    await asyncio.sleep(SHOWN_SECONDS)
    if showing == _shown[0]:
        clear()


def clear() -> None:
    el = document.getElementById("moment")
    if present(el):
        el.hidden = True
    mark(moment="")
