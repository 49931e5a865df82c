"""Toledo's part of the page: clicks and keys become Toledo actions through toledo.games.toledo.ui, and
every picture is drawn by toledo.games.toledo.svg (pure functions of the state).

Everything a person may click comes from `ui.offer` (a filter of `state.legal_actions()`), every click
goes through `ui.click`, and a shortcut key through `keyboard.shortcut` (only what the offer shows).
With two or more people at the device (hotseat) each hand stays hidden until its owner asks for it.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from pyscript import document  # type: ignore[import-not-found]

from toledo.ai import bots
from toledo.games.toledo import data as D
from toledo.games.toledo import keyboard, panels, ui, ui_text
from toledo.games.toledo.actions import Action, Kind
from toledo.games.toledo.describe import describe, game_log
from toledo.games.toledo.rules_help import rules_html
from toledo.games.toledo.state import Setup, State
from toledo.games.toledo.svg import board_svg
from toledo.games.toledo.ui_text import tr

from . import access, moments, turns
from .controller import GameSession, LogEntry, PageController, SeatSetup
from .dom import announce, board_layout, by_id, lang, mark, present, set_html, set_text, show_message

if TYPE_CHECKING:  # pragma: no cover
    from toledo.core.session import ReplayCursor

    from .context import App

LEVEL_ORDER = ("easy", "medium", "hard", "expert", "greedy")  # offered; the benchmark-only levels are not
DRAG_PX = 12  # a press that travels farther than this is a drag, not a tap
HUMAN_DUEL_MS = 500  # a duel a person started is shown round by round at least this slowly
BOT_SEED_STEP = 7919  # bots seeded exactly as toledo.cli.play_game, so a seeded computer game replays natively


class Session(GameSession):
    """A Toledo game in progress: the page's session plus the pick in progress and what to highlight."""

    def __init__(self, setup: SeatSetup, state: State) -> None:
        seeded = {i: bots.make_bot(k, setup.seed * BOT_SEED_STEP + i, game="toledo")
                  for i, k in enumerate(setup.kinds) if k != "human"}
        super().__init__(setup, state, D.COLOURS, seeded)
        self.pick = ui.Pick()
        self.recent: set[int] = set()  # spaces the last action touched
        self.offer = ui.Offer(prompt="")  # what the last redraw offered (for the shortcuts)
        self.announced: tuple[int, ui.Pick] | None = None  # the decision last said in the live region
        self.announced_turn = -1
        self.focus_pick: tuple[int, ui.Pick] | None = None
        self.moment: tuple[str, str] | None = None  # what the last action showed not to be missed


class Controller(PageController):
    """Toledo for the page (meets `controller.GameController`)."""

    name = "toledo"
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    colours: tuple[str, ...] = tuple(D.COLOURS)
    # what the drawing marks clickable, the innermost first after the page's own data-ui buttons
    targets = (("data-action", "action"), ("data-card", "card"), ("data-tile", "tile"), ("data-sword", "sword"),
               ("data-fencing", "fencing"), ("data-pawn", "pawn"), ("data-space", "space"))
    words = ui_text
    describe = staticmethod(describe)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.drag: list[Any] | None = None  # a card being dragged: [kind, x, y, moved far enough]
        on = app.listeners.on
        on(document, "pointerdown", self._drag_start, passive=True)
        on(document, "pointermove", self._drag_move, passive=True)
        on(document, "pointerup", self._drag_end)
        on(document, "pointercancel", lambda *_: self._drag_stop())

    # --- words and help ---------------------------------------------------------------------------
    def rules_html(self, language: str) -> str:
        return rules_html(language, heading_level=3)

    def shortcuts(self, language: str) -> list[tuple[str, str]]:
        return [(tr(key, language) if key.startswith("key_") else key, tr(text, language))
                for key, text in keyboard.SHORTCUTS]

    # --- the start screen -------------------------------------------------------------------------
    def levels(self) -> list[str]:
        """The levels a player may choose, in menu order ('random' only if the AI has no levels)."""
        names = bots.bot_names()
        return [n for n in LEVEL_ORDER if n in names] or ["random"]

    def preview(self, num_players: int) -> None:
        set_html("board", board_svg(State(Setup(num_players, 0)), layout=board_layout(), lang=lang()))

    # --- a game -----------------------------------------------------------------------------------
    def start(self, setup: SeatSetup, state: Any | None = None) -> Session:
        fresh = State(Setup(len(setup.kinds), setup.seed, setup.start, tuple(setup.colours)))
        return Session(setup, state if state is not None else fresh)

    def redraw(self, session: GameSession) -> None:
        """Board and panel for the current decision."""
        s = _toledo(session)
        state = s.state
        seat = state.current_player
        human_turn = s.human_to_act()
        language = lang()
        keep = access.focused_target()  # the keyboard's place, found again after the redraw
        o = ui.offer(state, s.pick, language) if human_turn else ui.Offer(prompt="")
        shown = s.hand_seat()
        # names and tooltips are told to the player whose hand shows; else to a spectator, from a view without cards
        view = state.view(shown if shown >= 0 else max(seat, 0))
        if shown < 0:
            view = dataclasses.replace(view, hand=(0,) * D.NUM_CARD_KINDS)
        set_html("board", board_svg(view, names=s.names, legal_spaces=o.spaces, legal_pawns=o.pawns,
                                    legal_swords=o.swords, legal_fencing=o.fencing, selected_pawn=o.selected_pawn,
                                    recent=s.recent, layout=board_layout(), lang=language, you=shown >= 0))
        set_html("players", panels.players_html(state, s.names, s.kinds, language, shown))
        self._draw_hand(s, o, human_turn, view)
        set_html("tiles", panels.tiles_html(o.tiles, o.selected_tile, state.colour_of(seat), language)
                 if o.tiles is not None else "")
        turn_text = _turn_text(s, seat, language)
        if state.is_terminal():
            set_text("turn-info", tr("end_title", language))
        elif human_turn:
            set_text("prompt", o.prompt)
            set_html("actions", panels.buttons_html(o.buttons, keyboard.BUTTON_KEYS))
            set_text("turn-info", turn_text)
        else:
            set_html("actions", "")
            set_text("turn-info", turn_text)
        s.offer = o
        self._after_redraw(s, keep, human_turn)
        _follow_ups_in_place(s, o, human_turn)
        mark(step=state.step, phase=state.phase.name.lower(), seat=seat)
        self._redrawn(s, human_turn)

    def _draw_hand(self, s: Session, o: ui.Offer, human_turn: bool, view: Any) -> None:
        language = lang()
        shown = s.hand_seat()
        if shown >= 0:
            who = tr("your_hand", language) if len(s.humans) == 1 else tr("hand_of", language, player=s.names[shown])
            set_text("hand-title", tr("hand_title", language, who=who,
                                      cards=self.app.tr_count("cards", s.state.hand_sizes[shown])))
            set_html("hand", panels.hand_html(s.state.hand(shown), o.cards if human_turn else {}, language, view))
        else:
            self._draw_no_hand(s, language)

    def _after_redraw(self, s: Session, keep: str | None, human_turn: bool) -> None:
        """A way into the board for the Tab key, the keyboard's focus, what to announce."""
        access.board_entry()
        if not human_turn:
            return
        key = (s.state.step, s.pick)
        if s.announced != key:
            s.announced = key
            text = s.offer.prompt
            if s.announced_turn != s.state.turn:  # a new turn: say whose it is first
                s.announced_turn = s.state.turn
                text = f"{tr('your_turn', lang(), player=s.names[s.state.current])}. {text}"
            announce(text)
        if self.app.key_mode:
            access.restore_focus(keep, s.focus_pick == key, s.pick.pawn >= 0)
        s.focus_pick = key

    def relabel(self, session: GameSession) -> None:
        s = _toledo(session)
        super().relabel(s)
        duel = s.state.last_duel
        if by_id("duel").innerHTML and duel is not None:  # a duel on show: its rounds in the new language
            set_html("duel", panels.duel_html(duel, s.names, s.state.setup.colours, lang=lang()))

    def apply(self, session: GameSession, action: Action) -> LogEntry:
        """Apply an action and remember what changed (the highlighted spaces)."""
        s = _toledo(session)
        state = s.state
        before = state.clone()
        seat = state.current
        state.apply(action)
        s.last_actor = seat
        s.pick = ui.Pick(extra=s.pick.extra)
        if action.is_move:  # where the pawn landed (the entry it took, when it went on into the Alcazar)
            pawn = seat * D.PAWNS_PER_PLAYER + action.pawn
            s.recent = {min(before.pawn_pos[pawn] + D.CARD_VALUE[action.card], D.LAST_SPACE)}
        elif action.kind is Kind.CHALLENGE and state.last_duel is not None:
            s.recent = {state.last_duel.space}
        elif action.kind is Kind.PLACE:
            s.recent = {action.space}
        elif action.kind is Kind.RETURN:
            s.recent = {D.CATHEDRAL}
        elif action.kind in (Kind.END, Kind.DRAW, Kind.PASS):
            s.recent = set()
        language = lang()
        s.moment = _moment(before, state, seat, s.names, language)
        text = describe(before, action, state).text(language, s.names)
        if _final_round_begins(before, state):
            text += " " + tr("log_final_round", language)
        return LogEntry(seat, text)

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

    def _draw_end(self, s: GameSession) -> None:
        set_html("scores", panels.scores_html(s.state, s.names, lang()))

    def _verdict(self, s: GameSession, language: str) -> str:
        return panels.verdict_text(s.state, s.names, language)

    # --- clicks and keys --------------------------------------------------------------------------
    def _clicked(self, session: GameSession, what: str, raw: str, el: Any) -> None:
        s = _toledo(session)
        if not self._may_click(s):
            return
        value: object = raw
        if what == "card":
            value = int(el.getAttribute("data-kind"))
        elif what in ("tile", "sword", "space"):
            value = int(raw)
        self._act(s, what, value)

    def on_key(self, session: GameSession, key: str) -> bool:
        s = _toledo(session)
        shown = s.hand_seat()
        hand = s.state.hand(shown) if shown >= 0 else []
        choice = keyboard.shortcut(key, s.offer, hand, s.pick.card)
        if choice is None:
            return False
        self._act(s, *choice)
        return True

    def _resolve(self, session: GameSession, what: str, value: object) -> Action | None:
        s = _toledo(session)
        result = ui.click(s.state, s.pick, what, value, lang())
        s.pick = result.pick
        show_message(result.message)
        return result.action

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
        if s is None or s.pick.pawn >= 0 or s.pick.mode or not hasattr(target, "closest"):
            return
        card = target.closest("#hand .card.playable, #hand .card.selected")
        if present(card):
            self.drag = [int(card.getAttribute("data-kind")), event.clientX, event.clientY, False]

    def _drag_move(self, event: Any) -> None:
        drag = self.drag
        s = self._mine()
        if drag is None or drag[3] or s is None:
            return
        if abs(event.clientX - drag[1]) + abs(event.clientY - drag[2]) > DRAG_PX:
            drag[3] = True  # a drag: the card is picked, so its landings light up under the finger
            mark(drag="card")
            if s.pick.card != drag[0]:
                s.pick = ui.click(s.state, ui.Pick(extra=s.pick.extra), "card", drag[0], lang()).pick
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
        target = spot.closest("#board [data-pawn], #board [data-space]") if present(spot) else None
        if not present(target):
            return  # dropped off the board: the card stays picked, a tap on a space still moves
        pawn = target.getAttribute("data-pawn")
        if present(pawn) and target.classList.contains("legal"):
            self._act(s, "pawn", str(pawn))
        else:
            space = target.closest("[data-space]")
            if present(space):
                self._act(s, "space", int(space.getAttribute("data-space")))

    # --- undo, the log, the replay ----------------------------------------------------------------
    def undone(self, session: GameSession) -> None:
        s = _toledo(session)
        s.pick = ui.Pick(extra=s.pick.extra)
        s.recent = set()

    def log_lines(self, session: GameSession) -> list[LogEntry]:
        language = lang()
        lines = [LogEntry(line.seat, line.text(language, session.names))
                 for line in game_log(State(session.state.setup), session.state.history)]
        state = State(session.state.setup)
        for i, action in enumerate(session.state.history):  # the line that began the final round says so
            before = state.final_turns_left
            state.apply(action)
            if before < 0 <= state.final_turns_left:
                lines[i] = LogEntry(lines[i].seat, f"{lines[i].text} {tr('log_final_round', language)}")
                break
        return lines

    def draw_replay(self, session: GameSession, cursor: ReplayCursor) -> None:
        state = cursor.state
        language = lang()
        set_html("board", board_svg(state.view(cursor.seat_to_show()), names=session.names, recent=cursor.recent(),
                                    layout=board_layout(), lang=language))
        set_html("replay-players", panels.players_html(state, session.names, session.kinds, language))
        action = cursor.actions[cursor.position - 1] if cursor.position else None
        duel = state.last_duel if action is not None and action.kind is Kind.CHALLENGE else None
        set_html("replay-duel", panels.duel_html(duel, session.names, state.setup.colours, lang=language)
                 if duel is not None else "")


def _final_round_begins(before: State, after: State) -> bool:
    return before.final_turns_left < 0 <= after.final_turns_left


def _moment(before: State, after: State, seat: int, names: list[str], language: str) -> tuple[str, str] | None:
    """What the action just applied showed that no one should miss, in words (or None)."""
    duel = after.last_duel
    if duel is not None and before.last_duel is not duel:
        winner = names[duel.challenger if duel.challenger_won else duel.defender]
        return "duel", tr("moment_duel", language, space=duel.space, winner=winner)
    if _final_round_begins(before, after):
        return "final", tr("moment_final", language)
    arrived = after.pawns_in_alcazar(seat)
    if arrived > before.pawns_in_alcazar(seat):
        return "goal", tr("moment_alcazar", language, player=names[seat], count=arrived)
    return None


FOLLOW_UP_PHASES = ("USE", "FULL")  # a pawn just landed: what to do there is offered on the board too


def _follow_ups_in_place(s: Session, o: ui.Offer, human_turn: bool) -> None:
    """The choices about the space a pawn just landed on (use it, pay, skip, challenge), again beside that
    space on the board, where the eye already is. The same buttons stay in the panel (and for keys and
    screen readers, this copy is hidden)."""
    state = s.state
    if not human_turn or state.phase.name not in FOLLOW_UP_PHASES or s.pick.card >= 0:
        return
    buttons = [b for b in o.buttons if b.action]
    board = by_id("board")
    spot = board.querySelector(f'svg [data-space="{state.pawn_pos[state.active_pawn]}"]')
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
