"""The coach in the page, for both games: a Hint button on a person's turn (what Hard would do and why,
in one line) and, after the game, the three turns that cost each person most by Hard's estimate.

Opt-in: the start screen's "Coach" box, off by default and remembered in this browser (or ?coach=1).
The searches run in the same slices as a computer's turn, so the page keeps answering; a hint or a
review belongs to the position it was asked for and is dropped as soon as the game moves on.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pyscript import document, window  # type: ignore[import-not-found]

from toledo.ai import coach
from toledo.core import registry

from . import marks
from .dom import NARROW, by_id, lang, mark, present
from .pacing import SLICE_SECONDS

if TYPE_CHECKING:  # pragma: no cover
    from .context import App
    from .controller import GameSession

STORE_KEY = "toledo.coach"  # localStorage: "1" when the player turned the coach on
# the marks of the coach's choice on the page (`marks`), and the line that says why
LIT, RING, WHY = "coach-lit", "coach-ring", "hint-text"
GOAL, GOAL_RING = "coach-goal", "coach-goal-ring"  # where the choice lands, when that is not clicked


@dataclass
class _Coach:
    """What the panel shows now: a hint for one position, the review of one finished game."""

    position: tuple[int, int] = (-1, -1)  # (id of the session, actions played) the hint belongs to
    hint: coach.Hint | None = None
    hint_state: Any = None
    review: object = None  # the session whose review runs or is shown
    mistakes: dict[int, list[coach.Mistake]] = field(default_factory=dict)  # seat -> its worst turns


_shown = _Coach()


def enabled() -> bool:
    try:
        return str(window.localStorage.getItem(STORE_KEY) or "") == "1"
    except Exception:  # noqa: BLE001 - storage refused: the coach stays off
        return False


def remember(on: bool) -> None:
    try:
        window.localStorage.setItem(STORE_KEY, "1" if on else "0")
    except Exception:  # noqa: BLE001 - storage refused: the choice holds for this game only
        pass


def fill_option(app: App) -> None:
    """The start screen's box: the stored choice, or ?coach=1 / ?coach=0 from the address."""
    if "coach" in app.params:
        remember(app.params["coach"] == "1")
    by_id("coach-on").checked = enabled()


def on_option(event: Any) -> None:
    remember(bool(event.target.checked))


def _position(session: GameSession) -> tuple[int, int]:
    return (id(session), len(session.state.history))


def offer(app: App, session: GameSession) -> None:
    """A person is to act: the Hint button (with the hint, if it was asked for this very position)."""
    bar = by_id("coach")
    if not enabled() or not session.human_to_act() or app.replay is not None:
        bar.hidden = True
        return
    bar.hidden = False
    if _shown.position != _position(session):
        _shown.position = _position(session)
        _shown.hint = None
    button = by_id("hint")
    button.disabled = False
    button.textContent = app.tr("coach_hint_button")
    _write_hint(app)


def hide() -> None:
    """A computer's turn (called at each of its moves): the bar goes, and the marks if a hint was shown."""
    by_id("coach").hidden = True
    if _shown.hint is not None:  # no search of the page at every computer move otherwise
        _clear_marks()


def on_hint(app: App) -> None:
    session = app.session
    if session is None or not enabled() or not session.human_to_act() or app.replay is not None:
        return
    if _shown.position == _position(session) and _shown.hint is not None:
        return
    asyncio.ensure_future(_think(app, session))


async def _think(app: App, session: GameSession) -> None:
    position = _position(session)
    _shown.position, _shown.hint = position, None
    button = by_id("hint")
    button.disabled = True
    _show(app.tr("coach_thinking"))
    mark(coach="thinking")
    state = session.state
    seat = state.current_player
    view = state.view(seat)
    search = coach.hint_search(app.game.name, view, state.legal_actions(), seed=session.seed + len(state.history))
    while not search.run(SLICE_SECONDS):
        await asyncio.sleep(0)
        if app.session is not session or _position(session) != position:
            return  # the game moved on (or was left): this hint is for a position that is gone
    _shown.hint = coach.hint_from(search, view, app.game.name)
    _shown.hint_state = state.clone()  # the position the hint's actions are worded in
    button.disabled = False
    _write_hint(app)
    mark(coach="hint")


def _write_hint(app: App) -> None:
    found, session = _shown.hint, app.session
    _clear_marks()
    if found is None or session is None:
        _show("")
        return
    clicked = marks.keys_for(app, session, found.best.action)
    for key in clicked:  # the choice shown where it is clicked
        for el in marks.parts(key):
            marks.add(el, LIT, RING, WHY)
    for key in marks.landing_keys(app, session, found.best.action, clicked):
        for el in marks.parts(key):
            marks.add(el, GOAL, GOAL_RING, WHY)
    language = lang()
    before = _shown.hint_state
    if NARROW.matches:  # a phone's panel has room for the coach's choice, not for the runners-up too
        found = coach.Hint(found.seat, found.suggestions[:1])
    choice, others = coach.hint_lines(found, language,
                                      lambda action: app.game.action_words(session, before, action, language))
    _show(choice, others, app.tr_count("coach_hint_more", len(others)))


def _clear_marks() -> None:
    marks.clear(LIT, RING, WHY)
    marks.clear(GOAL, GOAL_RING, WHY)


def _show(choice: str, others: tuple[str, ...] = (), more: str = "") -> None:
    """The coach's line, and the runners-up folded under it (a line to open, so the hand keeps its place)."""
    by_id("hint-text").textContent = choice
    folded = by_id("hint-more")
    folded.hidden = not others
    folded.open = False
    folded.querySelector("summary").textContent = more
    items = folded.querySelector("ul")
    items.replaceChildren()
    for line in others:
        item = document.createElement("li")
        item.textContent = line
        items.appendChild(item)


def review_after(app: App, session: GameSession) -> None:
    """The finished game's review for every person who played it (nothing when the coach is off)."""
    section = by_id("review")
    if not enabled() or not session.humans:
        section.hidden = True
        return
    if _shown.review is session:
        section.hidden = False
        _write_review(app, session)
        return
    _shown.review = session
    _shown.mistakes = {}
    section.hidden = False
    asyncio.ensure_future(_review(app, session))


async def _review(app: App, session: GameSession) -> None:
    state = session.state
    name = app.game.name
    mark(coach="reviewing")
    for seat in session.humans:
        work = coach.Review(name, seed=session.seed, iterations=coach.review_iterations(name))
        work.start(state.setup, state.history, seat)
        while not work.run(SLICE_SECONDS):
            if _shown.review is not session:
                return
            share = (session.humans.index(seat) + work.done / max(1, work.total)) / len(session.humans)
            by_id("review-status").textContent = app.tr("coach_reviewing", percent=round(100 * share))
            await asyncio.sleep(0)
        _shown.mistakes[seat] = work.result()
    if _shown.review is session:
        _write_review(app, session)
        mark(coach="reviewed")


def _write_review(app: App, session: GameSession) -> None:
    """Each person's worst turns (a line each), or that no turn cost anything."""
    language = lang()
    status = by_id("review-status")
    listing = by_id("review-list")
    if len(_shown.mistakes) < len(session.humans):
        return  # still running: its progress line stays
    status.textContent = ""
    items = []
    for seat in session.humans:
        found = _shown.mistakes.get(seat, [])
        who = session.names[seat]
        if not found:
            items.append(f'<li data-seat="{seat}">{_escape(app.tr("coach_review_clean", name=who))}</li>')
            continue
        lines = "".join(f"<li>{_escape(_review_line(app, session, m, language))}</li>" for m in found)
        items.append(f'<li data-seat="{seat}"><strong>{_escape(who)}</strong><ol>{lines}</ol></li>')
    listing.innerHTML = "".join(items)


def _review_line(app: App, session: GameSession, mistake: coach.Mistake, language: str) -> str:
    """A review line with both actions in the move log's words, worded in the position they were
    chosen in."""
    state = session.state
    before = registry.get(app.game.name).new_state(state.setup)
    for action in state.history[:mistake.step]:
        before.apply(action)
    played = state.history[mistake.step]
    better = registry.get(app.game.name).parse_action(mistake.better)
    return coach.review_text(mistake, language, app.game.action_words(session, before, played, language),
                             app.game.action_words(session, before, better, language))


def relabel(app: App) -> None:
    """After a language switch: the hint and the review in the new words."""
    session = app.session
    if session is None:
        return
    if present(by_id("coach")) and not by_id("coach").hidden:
        by_id("hint").textContent = app.tr("coach_hint_button")
        _write_hint(app)
    if _shown.review is session and not by_id("review").hidden:
        _write_review(app, session)


def leave() -> None:
    """The game was left: stop whatever the coach was working on."""
    _shown.position, _shown.hint, _shown.hint_state, _shown.review, _shown.mistakes = (-1, -1), None, None, None, {}
    by_id("coach").hidden = True
    _clear_marks()
    by_id("review").hidden = True
    by_id("review-list").innerHTML = ""
    by_id("review-status").textContent = ""


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
