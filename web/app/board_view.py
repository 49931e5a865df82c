"""The board's box follows its drawing. Any game's board works: the drawing is watched (a MutationObserver on
#board).

Desktops: the page may grow as wide as the board drawn at the screen's height needs, and on a short screen
the board's box keeps to that width (the side panel takes the rest); the stylesheet reads the drawing's
shape (its viewBox's width over its height) from --board-aspect on <html>.

Small screens: the board scrolls inside its own box, and whatever a game lights up as a choice comes into
sight by itself. The choices are found by the classes both games' drawings use (.selected, .legal,
.offered); when nothing is offered, what just changed (.recent); when nothing has, the person's own pieces
(.own), so a phone's first view of a turn is where they stand, not the far end of the board. What a
lesson asks to be clicked next comes before them, in the board's box and in the panel's. The box scrolls only when the lit set
changes, so the person's own scrolling is left alone in between."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window  # type: ignore[import-not-found]

from .dom import by_id, present, to_js_object

if TYPE_CHECKING:  # pragma: no cover
    from .context import App

# the stylesheet's small-screen frame, where the board has a box of its own (elsewhere it is drawn whole,
# and nothing here may cost a forced layout while a computer thinks)
BOXED = window.matchMedia("(max-width: 900px), (max-height: 560px)")
# the choices, else the news, else the person's own pieces (where a drawing marks them)
FOCUS = ("svg .selected, svg .legal, svg .offered", "svg .recent", "svg .own")
_last = [""]  # the lit set the box was last scrolled to
_asked: list[Any] = []  # what a lesson asks the person to click now, in the order of the clicks
_shape = [""]  # the drawing's shape the page was last sized for


def fit_the_page_to_the_drawing() -> None:
    svg = by_id("board").querySelector(":scope > svg[viewBox]")
    if not present(svg):
        return
    _x, _y, width, height = (float(part) for part in str(svg.getAttribute("viewBox")).split())
    aspect = f"{width / height:.4f}"
    if aspect != _shape[0]:  # a style change only when the shape does (a new layout), never per move
        _shape[0] = aspect
        document.documentElement.style.setProperty("--board-aspect", aspect)


def _key(els: list[Any]) -> str:
    step = str(document.documentElement.getAttribute("data-step") or "")
    names = [f"{el.getAttribute('class')}|{el.getAttribute('data-key') or ''}" for el in els]
    return step + "#" + ";".join(names)


def bring_choices_into_sight(*_: Any) -> None:
    if not BOXED.matches or _to_asked("board"):
        return
    board = by_id("board")
    if board.scrollHeight <= board.clientHeight + 1 and board.scrollWidth <= board.clientWidth + 1:
        return
    for selector in FOCUS:
        els = list(board.querySelectorAll(selector))
        if not els:
            continue
        key = _key(els)
        if key == _last[0]:
            return
        _last[0] = key
        box = board.getBoundingClientRect()
        rects = [el.getBoundingClientRect() for el in els]
        top, bottom = min(r.top for r in rects), max(r.bottom for r in rects)
        left, right = min(r.left for r in rects), max(r.right for r in rects)
        if bottom - top > box.height:  # not all in one view: the first one
            top, bottom, left, right = rects[0].top, rects[0].bottom, rects[0].left, rects[0].right
        board.scrollTop += (top + bottom) / 2 - (box.top + box.height / 2)
        board.scrollLeft += (left + right) / 2 - (box.left + box.width / 2)
        return


def bring_into_sight(parts: list[Any]) -> None:
    """What a lesson asks the person to click, in the order of the clicks. Small screens: the board and the
    panel under it each scroll in a box of their own, and each box scrolls the least that brings the next
    of these inside it into sight (a pawn off the board's view, a card at the foot of the hand); the
    board's box does so again after its next drawing, instead of showing the choices."""
    _asked[:] = parts
    if BOXED.matches:
        _to_asked("board")
        _to_asked("side")


def _to_asked(name: str) -> bool:
    """Scroll box `name` to the first asked part inside it not yet clicked (selected); False if none is."""
    box = by_id(name)
    part = next((p for p in _asked if p.isConnected and box.contains(p) and p.getClientRects().length
                 and not p.classList.contains("selected")), None)
    if part is None:
        return False
    outer, inner = box.getBoundingClientRect(), part.getBoundingClientRect()
    box.scrollTop += _least(outer.top, outer.bottom, inner.top, inner.bottom)
    box.scrollLeft += _least(outer.left, outer.right, inner.left, inner.right)
    return True


def _least(low: float, high: float, start: float, end: float) -> float:
    """How far to scroll a box spanning low..high so that start..end is inside it (6 px spare), never past
    its start: 0 if it already is."""
    if end > high:
        return min(end - high + 6, start - low)
    if start < low:
        return start - low - 6
    return 0.0


def _drawn(*_: Any) -> None:
    fit_the_page_to_the_drawing()
    bring_choices_into_sight()


def watch(app: App) -> None:
    """From now on, every new drawing of the board sizes the page to its shape and brings its choices into
    sight."""
    observer = window.MutationObserver.new(app.listeners.keep(_drawn))
    observer.observe(by_id("board"), to_js_object({"childList": True}))
    app.listeners.hold(observer)
    fit_the_page_to_the_drawing()
