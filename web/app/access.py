"""The keyboard and screen readers: keys, where the focus goes after a redraw, the info panel.

The game's shortcuts come from its controller (a pure function of what it offers, so a key can only do
what a button could); this module adds the page's own keys: Enter/Space choose the focused board
target, the arrow keys walk the board or the hand, ? opens the rules and I reads out what the focused
thing does here and now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window  # type: ignore[import-not-found]

from . import rules_dialog
from .dom import announce, by_id, present, to_js_object

if TYPE_CHECKING:  # pragma: no cover
    from .context import App

BOARD_TARGETS = "[data-key]"  # every game marks what may be clicked with one click key
FOCUS_ATTRS = ("data-key", "data-ui")
NEXT_CHOICE = ('#board .legal[tabindex="0"]', '#board .offered[tabindex="0"]', "#tiles .tile-btn:not(.disabled)", "#actions .btn.primary",
               "#hand .card.playable", "#hand .card.payable", "#actions .btn")
INFO_AREAS = "#board, #hand, #players, #tiles"
MODIFIERS = ("Shift", "Control", "Alt", "Meta")
ARROWS = ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp")


# --- focus across redraws -------------------------------------------------------------------------------
def board_entry() -> None:
    """Nothing to choose on the board: Tab still reaches it (its first space)."""
    board = by_id("board")
    if board.querySelector('[tabindex="0"]') is None:
        first = board.querySelector("[data-key]")
        if present(first):
            first.setAttribute("tabindex", "0")


def focused_target() -> str | None:
    """A selector for the focused target (a redraw replaces it by a new element)."""
    el = document.activeElement
    if not present(el) or not hasattr(el, "getAttribute"):
        return None
    for attr in FOCUS_ATTRS:
        value = el.getAttribute(attr)
        if present(value):
            area = el.closest("#board, #hand, #tiles, #actions, #players")
            where = f"#{area.id} " if present(area) else ""
            return f'{where}[{attr}="{value}"]'
    return None


def restore_focus(keep: str | None, same_pick: bool, card_next: bool = False) -> None:
    """The same target again if nothing was decided; else the next thing to choose (a card after a pawn)."""
    if keep and same_pick:
        el = document.querySelector(keep)
        if present(el) and el.getAttribute("tabindex") != "-1":
            el.focus()
            return
    for selector in ("#hand .card.playable",) * card_next + NEXT_CHOICE:
        el = document.querySelector(selector)
        if present(el):
            el.focus()
            return


# --- the info panel ---------------------------------------------------------------------------------------
def info_of(el: Any) -> tuple[str, str]:
    """(accessible name, tooltip) of a board element, card, tile, button or player area."""
    label = str(el.getAttribute("aria-label") or el.textContent or "").strip()
    title = el.querySelector(":scope > title")
    help_text = str(title.textContent) if present(title) else str(el.getAttribute("title") or "")
    return label, "" if help_text == label else help_text


def show_info(app: App, el: Any) -> None:
    if el is app.info_shown:
        return
    app.info_shown = el
    label, help_text = info_of(el)
    box = by_id("info-text")
    box.textContent = ""
    strong = document.createElement("span")
    strong.className = "info-label"
    strong.textContent = label  # names come from players: text, never markup
    box.appendChild(strong)
    if help_text:
        box.appendChild(document.createTextNode(" " + help_text))


def info_target(event: Any) -> Any:
    target = event.target
    if not present(target) or not hasattr(target, "closest"):
        return None
    area = target.closest(INFO_AREAS)
    if not present(area):
        return None
    el = target.closest("[aria-label], .player")
    if not present(el) or not area.contains(el) or el is area:
        return None
    return el


def on_info(app: App, event: Any) -> None:
    el = info_target(event)
    if el is not None:
        show_info(app, el)


# --- keys ---------------------------------------------------------------------------------------------------
def on_pointer(app: App, _: Any) -> None:
    app.key_mode = False


def move_focus(area: Any, selector: str, step: int) -> None:
    """Arrow keys: the previous or next element of `area` (in drawing order: the road's order)."""
    items = list(area.querySelectorAll(selector))
    if not items:
        return
    current = document.activeElement
    index = next((i for i, el in enumerate(items) if el is current or el == current), -1)
    items[(index + step) % len(items) if index >= 0 else 0].focus()


def may_act(app: App) -> bool:
    session = app.session
    if session is None or session.busy or session.state.is_terminal() or app.replay is not None:
        return False
    return session.human_to_act()


def _inside(target: Any, selector: str) -> bool:
    return hasattr(target, "closest") and present(target.closest(selector))


def on_keydown(app: App, event: Any) -> None:
    key = str(event.key)
    if event.ctrlKey or event.metaKey or event.altKey or key in MODIFIERS:
        return
    app.key_mode = True
    target = event.target
    tag = str(getattr(target, "tagName", "") or "").lower()
    if tag in ("input", "select", "textarea") or rules_dialog.is_open() or not by_id("pass-device").hidden:
        return
    in_board = _inside(target, "#board")
    if key in ("Enter", " "):
        el = target.closest(BOARD_TARGETS) if in_board else None
        if present(el):  # the board's buttons are SVG: click them as a pointer would
            event.preventDefault()
            el.dispatchEvent(window.MouseEvent.new("click", to_js_object({"bubbles": True})))
        return
    if key in ARROWS:
        step = 1 if key in ("ArrowRight", "ArrowDown") else -1
        if in_board:
            event.preventDefault()
            walk = getattr(app.game, "arrow_target", None)  # a board of squares walks them by direction
            el = walk(target, key) if walk is not None else None
            if el is not None:
                el.focus()
            else:
                move_focus(by_id("board"), "[tabindex]", step)
        elif _inside(target, "#hand"):
            event.preventDefault()
            move_focus(by_id("hand"), ".card", step)
        return
    if key == "?":
        event.preventDefault()
        rules_dialog.open_dialog(app)
        return
    if key.lower() == "i":
        el = info_target(event)
        if el is not None:
            label, help_text = info_of(el)
            show_info(app, el)
            announce(f"{label}. {help_text}".strip())
        return
    if tag == "button" and key.lower() in ("enter", " "):
        return
    if may_act(app) and app.game.on_key(app.session, key):  # type: ignore[arg-type]
        event.preventDefault()
