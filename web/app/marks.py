"""What a move is clicked by, marked on the page: a class on each part it is clicked on (the stylesheets
outline a card or a button with it) and, on the board, a ring drawn over the part, last in the drawing
so no neighbour hides it. The lesson marks its step's move, the coach its choice, each in a class of its
own; a redraw of the board or the panels takes the marks with it. Where a move lands without a click
there (a Toledo pawn goes where its card sends it), the coach marks that too, in a mark of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window  # type: ignore[import-not-found]

from toledo.core.tutorial import keys_to_click

from .dom import lang, present

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession


def keys_for(app: App, session: GameSession, action: Any) -> tuple[str, ...]:
    """The keys the person still clicks for `action` (the game page's own, less what is picked)."""
    try:
        return keys_to_click(app.game.page, session.state, session.choice, action, lang())
    except Exception:  # noqa: BLE001 - an action the page cannot name: the words still say it
        return ()


def landing_keys(app: App, session: GameSession, action: Any, clicked: tuple[str, ...]) -> tuple[str, ...]:
    """The board keys `action` changes (the page's `recent_keys`, on a copy of the game) that are not
    among `clicked`: where the move lands when no click says so."""
    try:
        after = session.state.clone()
        outcome = after.apply(action)
        changed = app.game.page.recent_keys(outcome, action, after) or frozenset()
    except Exception:  # noqa: BLE001 - marks are a help: none rather than a broken turn
        return ()
    return tuple(sorted(str(key) for key in changed if str(key) not in clicked))


def parts(key: str) -> list[Any]:
    """The page's parts clicked by `key`."""
    return list(document.querySelectorAll(f'[data-key="{window.CSS.escape(key)}"]'))


def clear(lit: str, ring: str, described_by: str) -> None:
    """Every mark of one kind gone (the rings, the class, the description it gave)."""
    for el in list(document.querySelectorAll(f".{ring}")):
        el.remove()
    for el in list(document.querySelectorAll(f".{lit}")):
        el.classList.remove(lit)
        if str(el.getAttribute("aria-describedby") or "") == described_by:
            el.removeAttribute("aria-describedby")


def add(el: Any, lit: str, ring: str, described_by: str) -> None:
    """Mark one part: its class, the words that say why (for screen readers), and a ring on the board."""
    el.classList.add(lit)
    if not el.hasAttribute("aria-describedby"):
        el.setAttribute("aria-describedby", described_by)
    if present(getattr(el, "ownerSVGElement", None)):
        _ring(el, ring)


def _ring(el: Any, ring_class: str) -> None:
    svg = el.ownerSVGElement
    box = el.getBoundingClientRect()
    matrix = svg.getScreenCTM()
    if not present(matrix) or box.width == 0 or box.height == 0:
        return
    matrix = matrix.inverse()
    corners = []
    for x, y in ((box.left, box.top), (box.right, box.bottom)):
        point = svg.createSVGPoint()
        point.x, point.y = x, y
        corners.append(point.matrixTransform(matrix))
    ring = document.createElementNS(svg.namespaceURI, "rect")  # SVG's own namespace
    ring.setAttribute("class", ring_class)
    ring.setAttribute("aria-hidden", "true")
    for name, value in (("x", corners[0].x - 3), ("y", corners[0].y - 3), ("width", corners[1].x - corners[0].x + 6),
                        ("height", corners[1].y - corners[0].y + 6), ("rx", 6)):
        ring.setAttribute(name, str(round(float(value), 1)))
    svg.appendChild(ring)
