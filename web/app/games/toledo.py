"""Toledo's page beyond what its page parts (toledo.games.toledo.page) say: a duel shown round by round,
a card dragged onto the board, the choices about the space a pawn just reached shown beside it, what
the live region announces and where the keyboard's focus goes. Every click still goes through the
game's click keys (`PageController`), so nothing here decides a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document  # type: ignore[import-not-found]

from toledo.core.page import GamePage
from toledo.games.toledo import data as D
from toledo.games.toledo.page import clicks as ui
from toledo.games.toledo.page import panels
from toledo.games.toledo.actions import Action, Kind
from toledo.games.toledo.outcome import ToledoOutcome
from toledo.games.toledo.state import Setup, State
from toledo.games.toledo.page.svg import board_svg
from toledo.games.toledo.words import tr

from .. import access, moments, turns
from ..controller import GameSession, PageController, SeatSetup
from ..dom import announce, board_layout, by_id, lang, mark, present, set_html, set_text

if TYPE_CHECKING:  # pragma: no cover
    from toledo.core.session import ReplayCursor

    from ..context import App

DRAG_PX = 12  # a press that travels farther than this is a drag, not a tap
HUMAN_DUEL_MS = 500  # a duel a person started is shown round by round at least this slowly
PAWN, SPACE = '[data-key^="pawn:"]', '[data-key^="space:"]'  # a drop lands on a pawn or on a space


class Session(GameSession):
    """A Toledo game in progress: the page's session plus what was last announced and shown."""

    def __init__(self, setup: SeatSetup, state: State, seeded: dict[int, Any]) -> None:
        super().__init__(setup, state, D.COLOURS, seeded)
        self.choice: ui.Pick = ui.Pick()
        self.offer: ui.Offer = ui.Offer(prompt="")  # what the last redraw offered (for the shortcuts)
        self.announced: tuple[int, ui.Pick] | None = None  # the decision last said in the live region
        self.announced_turn = -1
        self.focus_pick: tuple[int, ui.Pick] | None = None
        self.moment: tuple[str, str] | None = None  # what the last action showed not to be missed


class Controller(PageController):
    """Toledo's page: what its parts say, and a duel round by round, a card dragged onto the board, the
    choices about the space a pawn just reached shown beside it."""

    def __init__(self, app: App, page: GamePage) -> None:
        super().__init__(app, page)
        self.drag: list[Any] | None = None  # a card being dragged: [kind, x, y, moved far enough]
        on = app.listeners.on
        on(document, "pointerdown", self._drag_start, passive=True)
        on(document, "pointermove", self._drag_move, passive=True)
        on(document, "pointerup", self._drag_end)
        on(document, "pointercancel", lambda *_: self._drag_stop())

    # --- a game -----------------------------------------------------------------------------------
    def start(self, setup: SeatSetup, state: Any | None = None) -> Session:
        fresh = State(Setup(len(setup.kinds), setup.seed, setup.start, tuple(setup.colours)))
        return Session(setup, state if state is not None else fresh, self.start_bots(setup))

    def redraw(self, session: GameSession) -> None:
        """Board and panel for the current decision."""
        s = _toledo(session)
        state, page = s.state, self.page
        seat = state.current_player
        human_turn = s.human_to_act()
        language = lang()
        keep = access.focused_target()  # the keyboard's place, found again after the redraw
        o = page.offer(state, s.choice, language) if human_turn else ui.Offer(prompt="")
        shown = s.hand_seat()
        # names and tooltips are told to the player whose hand shows; else to a spectator, from a view without cards
        view = page.view_for(state, shown)
        set_html("board", page.board_svg(view, o, names=s.names, recent=s.recent, lang=language,
                                         layout=board_layout(self.page), you=shown >= 0))
        set_html("players", page.players_html(state, s.names, s.kinds, language, shown))
        boxes = page.panels(state, view, shown, o, language)
        if shown >= 0:
            who = tr("your_hand", language) if len(s.humans) == 1 else tr("hand_of", language, player=s.names[shown])
            set_text("hand-title", tr("hand_title", language, who=who,
                                      cards=self.app.tr_count("cards", state.hand_sizes[shown])))
            set_html("hand", boxes["hand"])
        else:
            self._draw_no_hand(s, language)
        set_html("tiles", boxes["tiles"])
        turn_text = _turn_text(s, seat, language)
        if state.is_terminal():
            set_text("turn-info", tr("end_title", language))
        elif human_turn:
            set_text("prompt", o.prompt)
            set_html("actions", boxes["actions"])
            set_text("turn-info", turn_text)
        else:
            set_html("actions", "")
            set_text("turn-info", turn_text)
        s.offer = o
        self._after_redraw(s, keep, human_turn)
        _follow_ups_in_place(s, o, human_turn)
        mark(step=state.step, phase=state.phase.name.lower(), seat=seat)
        self._redrawn(s, human_turn)

    def _after_redraw(self, s: Session, keep: str | None, human_turn: bool) -> None:
        """A way into the board for the Tab key, the keyboard's focus, what to announce."""
        access.board_entry()
        if not human_turn:
            return
        key = (s.state.step, s.choice)
        if s.announced != key:
            s.announced = key
            text = s.offer.prompt
            if s.announced_turn != s.state.turn:  # a new turn: say whose it is first
                s.announced_turn = s.state.turn
                text = f"{tr('your_turn', lang(), player=s.names[s.state.current])}. {text}"
            announce(text)
        if self.app.key_mode:
            access.restore_focus(keep, s.focus_pick == key, s.choice.pawn >= 0)
        s.focus_pick = key

    def relabel(self, session: GameSession) -> None:
        s = _toledo(session)
        super().relabel(s)
        duel = s.state.last_duel
        if by_id("duel").innerHTML and duel is not None:  # a duel on show: its rounds in the new language
            set_html("duel", panels.duel_html(duel, s.names, s.state.setup.colours, lang=lang()))

    def _applied(self, session: GameSession, outcome: Any, action: Action) -> None:
        """The pick starts afresh (the movement tile's toggle stays); what not to miss is remembered."""
        s = _toledo(session)
        s.choice = ui.Pick(extra=s.choice.extra)
        s.moment = _moment(outcome, action, s.state, s.names, lang())

    async def show_action(self, session: GameSession, action: Action) -> None:
        """A duel round by round (at the computer's pace, or slower when a person started it)."""
        s = _toledo(session)
        state = s.state
        if action.kind is Kind.CHALLENGE and state.last_duel is not None:
            duel = state.last_duel
            delay = s.speed if s.kinds[s.last_actor] != "human" else max(s.speed, HUMAN_DUEL_MS)
            if s.speed > 0:
                for shown in range(1, len(duel.rounds)):
                    set_html("duel", panels.duel_html(duel, s.names, state.setup.colours, shown, lang()))
                    await turns.pause(delay * 0.8)
            set_html("duel", panels.duel_html(duel, s.names, state.setup.colours, lang=lang()))
        elif action.kind in (Kind.END, Kind.DRAW, Kind.PLACE, Kind.RETURN):
            set_html("duel", "")
        if s.moment is not None:
            moments.show(*s.moment)
            s.moment = None

    # --- clicks and keys --------------------------------------------------------------------------
    # --- dragging a card onto the board: the same two choices as tapping the card, then the space ------
    def _mine(self) -> Session | None:
        """The session, if the person at the device may choose now."""
        session = self.app.session
        if self.app.controller is not self or not isinstance(session, Session) or session.busy \
                or not session.human_to_act():
            return None
        return session

    def _drag_start(self, event: Any) -> None:
        self.drag = None
        s = self._mine()
        target = event.target
        if s is None or s.choice.pawn >= 0 or s.choice.mode or not hasattr(target, "closest"):
            return
        card = target.closest("#hand .card.playable, #hand .card.selected")
        if present(card):
            self.drag = [str(card.getAttribute("data-key")), event.clientX, event.clientY, False]

    def _drag_move(self, event: Any) -> None:
        drag = self.drag
        s = self._mine()
        if drag is None or drag[3] or s is None:
            return
        if abs(event.clientX - drag[1]) + abs(event.clientY - drag[2]) > DRAG_PX:
            drag[3] = True  # a drag: the card is picked, so its landings light up under the finger
            mark(drag="card")
            if ui.key("card", s.choice.card) != drag[0]:
                s.choice = ui.click_key(s.state, ui.Pick(extra=s.choice.extra), drag[0], lang()).pick
                self.redraw(s)

    def _drag_stop(self) -> None:
        self.drag = None
        mark(drag="")

    def _drag_end(self, event: Any) -> None:
        drag = self.drag
        self._drag_stop()
        s = self._mine()
        if drag is None or not drag[3] or s is None:
            return
        spot = document.elementFromPoint(event.clientX, event.clientY)
        target = spot.closest(f"#board {PAWN}, #board {SPACE}") if present(spot) else None
        if not present(target):
            return  # dropped off the board: the card stays picked, a tap on a space still moves
        if target.matches(PAWN) and target.classList.contains("legal"):
            self._act(s, "key", str(target.getAttribute("data-key")))
        else:
            space = target.closest(SPACE)
            if present(space):
                self._act(s, "key", str(space.getAttribute("data-key")))

    # --- undo, the log, the replay ----------------------------------------------------------------
    def undone(self, session: GameSession) -> None:
        s = _toledo(session)
        s.choice = ui.Pick(extra=s.choice.extra)
        s.recent = frozenset()

    def _turn_passed(self, session: GameSession) -> None:
        session.revealed = -1  # the pick was made afresh by the action; the movement tile's toggle stays

    def draw_replay(self, session: GameSession, cursor: ReplayCursor) -> None:
        state = cursor.state
        language = lang()
        set_html("board", board_svg(state.view(cursor.seat_to_show()), names=session.names, recent=cursor.recent(),
                                    layout=board_layout(self.page), lang=language))
        set_html("replay-players", panels.players_html(state, session.names, session.kinds, language))
        action = cursor.actions[cursor.position - 1] if cursor.position else None
        duel = state.last_duel if action is not None and action.kind is Kind.CHALLENGE else None
        set_html("replay-duel", panels.duel_html(duel, session.names, state.setup.colours, lang=language)
                 if duel is not None else "")


def _moment(outcome: ToledoOutcome, action: Action, after: State, names: list[str],
            language: str) -> tuple[str, str] | None:
    """What the action just applied showed that no one should miss, in words (or None)."""
    duel = after.last_duel
    if duel is not None and action.kind is Kind.CHALLENGE:  # every challenge is a new duel
        winner = names[duel.challenger if duel.challenger_won else duel.defender]
        return "duel", tr("moment_duel", language, space=duel.space, winner=winner)
    if outcome.final_round:
        return "final", tr("moment_final", language)
    if outcome.arrived:
        seat = outcome.seat
        return "goal", tr("moment_alcazar", language, player=names[seat], count=after.pawns_in_alcazar(seat))
    return None


FOLLOW_UP_PHASES = ("USE", "FULL")  # a pawn just landed: what to do there is offered on the board too


def _follow_ups_in_place(s: Session, o: ui.Offer, human_turn: bool) -> None:
    """The choices about the space a pawn just landed on (use it, pay, skip, challenge), again beside that
    space on the board, where the eye already is. The same buttons stay in the panel (and for keys and
    screen readers, this copy is hidden)."""
    state = s.state
    if not human_turn or state.phase.name not in FOLLOW_UP_PHASES or s.choice.card >= 0:
        return
    buttons = [b for b in o.buttons if b.action]
    board = by_id("board")
    spot = board.querySelector(f'svg [data-key="space:{state.pawn_pos[state.active_pawn]}"]')
    if not buttons or not present(spot):
        return
    pop = document.createElement("div")
    pop.className = "board-pop"
    pop.setAttribute("aria-hidden", "true")
    pop.innerHTML = panels.buttons_html(buttons)
    for button in pop.querySelectorAll("button"):
        button.setAttribute("tabindex", "-1")
    board.appendChild(pop)
    box, place = board.getBoundingClientRect(), spot.getBoundingClientRect()
    left = place.left - box.left + board.scrollLeft + place.width / 2 - pop.offsetWidth / 2
    left = max(4, min(left, board.scrollWidth - pop.offsetWidth - 4))
    top = place.bottom - box.top + board.scrollTop + 4
    if top + pop.offsetHeight > board.scrollHeight - 4:  # no room under the space: above it
        top = place.top - box.top + board.scrollTop - pop.offsetHeight - 4
    pop.style.left = f"{left}px"
    pop.style.top = f"{max(4, top)}px"


def _turn_text(s: Session, seat: int, language: str) -> str:
    """The top bar: "Your turn" for the only person at the device, else "Anna's turn" (in its grammar)."""
    if seat < 0:
        return ""
    if s.humans == [seat]:
        return tr("turn_info_you", language, turn=s.state.turn)
    return tr("turn_info_of", language, player=s.names[seat], turn=s.state.turn)


def _toledo(session: GameSession) -> Session:
    assert isinstance(session, Session), "a Toledo controller plays Toledo sessions"
    return session
