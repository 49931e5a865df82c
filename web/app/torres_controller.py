"""Torres's part of the page: clicks, touches and keys become Torres actions through
toledo.games.torres.offers, and the board is drawn by toledo.games.torres.svg (via torres_board).

Everything a person may click is an offer read off the legal actions (`offers.offers`), and every click
goes through `offers.click`, which only ever yields a legal action: the page decides no rule. Keys do
what a click could (the numbered buttons, Escape to cancel, E to end the turn; Enter on a lit square).
With two or more people at the device (hotseat) each hand stays hidden until its owner asks for it.
"""

from __future__ import annotations

import dataclasses
from html import escape
from typing import TYPE_CHECKING, Any

from toledo.ai import bots
from toledo.games.torres import GAME, State
from toledo.games.torres import data as D
from toledo.games.torres import offers as O
from toledo.games.torres.actions import Action, Kind
from toledo.games.torres.describe import describe, events
from toledo.games.torres.rules_help import rules_html
from toledo.games.torres.svg import board_svg

from . import access, moments, torres_words, turns
from .controller import GameSession, LogEntry, PageController, SeatSetup
from .dom import announce, board_layout, by_id, lang, mark, present, set_html, set_text, show_message
from .torres_panels import buttons_html, costs_of, hand_html, passage_path, players_html, turn_line
from .torres_scoring import (
    Scoring,
    king_line,
    phase_scoring,
    phase_totals,
    ranking_html,
    scored,
    scoring_html,
    verdict,
)
from .torres_words import tr, tr_count

if TYPE_CHECKING:  # pragma: no cover
    from toledo.core.session import ReplayCursor

LEVEL_ORDER = ("random", "easy", "medium", "hard", "expert", "greedy")  # offered; benchmark-only levels are not
BOT_SEED_STEP = 7919
SCORING_LINE_MS = 350  # a scoring is shown line by line at least this slowly (when the game is paced)
KEY_NUMBERS = "123456789"
ARROW_STEPS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}
SCORING_BOX = "tiles"  # the scoring is shown right under the controls, in sight on phones too


class Session(GameSession):
    """A Torres game in progress: the page's session plus the clicks so far and what to highlight."""

    def __init__(self, setup: SeatSetup, state: State) -> None:
        seeded = {i: bots.make_bot(k, setup.seed * BOT_SEED_STEP + i, game="torres")
                  for i, k in enumerate(setup.kinds) if k != "human"}
        super().__init__(setup, state, D.COLOURS, seeded)
        self.private = self.private and state.setup.variant != "master"  # the master version shows all
        self.selection: O.Selection = O.NOTHING
        self.offers: O.Offers | None = None
        self.recent: frozenset[str] = frozenset()
        self.scoring: Scoring | None = None  # the latest phase end, shown until the next phase's play
        self.king_text = ""
        self.announced: tuple[int, O.Selection] | None = None
        self.focus_key: tuple[int, O.Selection] | None = None


class Controller(PageController):
    """Torres for the page (meets `controller.GameController`)."""

    name = "torres"
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    colours: tuple[str, ...] = tuple(D.COLOURS)
    variants: tuple[str, ...] = tuple(D.VARIANTS)
    targets = (("data-key", "key"),)
    words = torres_words
    describe = staticmethod(describe)

    # --- words and help ---------------------------------------------------------------------------
    def variant_name(self, variant: str, language: str) -> str:
        return tr(f"variant_{variant}", language)

    def rules_html(self, language: str) -> str:
        return rules_html(language, heading_level=3)

    def shortcuts(self, language: str) -> list[tuple[str, str]]:
        return [(tr("key_buttons", language), tr("key_buttons_help", language)),
                ("Esc", tr("key_escape_help", language)), ("E", tr("key_end_help", language)),
                ("Tab · ←↑→↓ · Enter", tr("key_board_help", language))]

    # --- the start screen -------------------------------------------------------------------------
    def levels(self) -> list[str]:
        """The levels a player may choose, in menu order."""
        names = bots.bot_names()
        return [n for n in LEVEL_ORDER if n in names]

    def preview(self, num_players: int) -> None:
        """The start board with the names typed so far (a seat left blank shows its colour's name)."""
        from pyscript import document  # type: ignore[import-not-found]

        typed = []
        for row in list(document.querySelectorAll("#seats .seat"))[:num_players]:
            field = row.querySelector(".seat-name")
            typed.append(" ".join(str(field.value or "").split()) or str(field.placeholder or ""))
        names = tuple(typed) if any(str(row.querySelector(".seat-name").value or "").strip()
                                    for row in list(document.querySelectorAll("#seats .seat"))[:num_players]) else ()
        set_html("board", preview_svg(num_players, names, lang(), board_layout() == "tall"))

    # --- a game -----------------------------------------------------------------------------------
    def start(self, setup: SeatSetup, state: Any | None = None) -> Session:
        variant = getattr(setup, "variant", "") or D.VARIANTS[0]
        fresh = State(GAME.make_setup(len(setup.kinds), setup.seed, setup.start, tuple(setup.colours), variant))
        s = Session(setup, state if state is not None else fresh)
        if state is not None:
            self._restore_scoring(s)
        return s

    def _restore_scoring(self, s: Session) -> None:
        """A loaded game that stands at a king's move or at the end shows the scoring that led there."""
        history = s.state.history
        if not history or s.state.stage.name not in ("KING_MOVE", "OVER"):
            return
        before = GAME.new_state(s.state.setup)
        for action in history[:-1]:
            before.apply(action)
        s.scoring = phase_scoring(before, s.state, s.names, lang())

    def _view(self, s: Session) -> Any:
        """The drawn view: the shown hand's seat, else a spectator's without cards."""
        state = s.state
        shown = s.hand_seat()
        seat = state.current_player
        view = state.view(shown if shown >= 0 else max(seat, 0))
        if shown < 0 and state.setup.variant != "master":  # nothing of the seat's secrets while nobody may see them
            none = (0,) * D.NUM_CARD_TYPES
            view = dataclasses.replace(view, hand=none, fresh=none, hands=(None,) * state.n, deck_top=(),
                                       deck_bottom=())
        return view

    def redraw(self, session: GameSession) -> None:
        """Board and panel for the decision at hand."""
        s = _torres(session)
        state = s.state
        human_turn = s.human_to_act() and not state.is_terminal()
        language = lang()
        keep = access.focused_target()
        o = O.offers(state, s.selection, lang=language) if human_turn else None
        if o is not None:
            s.selection = o.selection
        s.offers = o
        view = self._view(s)
        offered = o.keys if o is not None else frozenset()
        selected = o.selected if o is not None else frozenset()
        set_html("board", board_svg(view, offered=offered, selected=selected, recent=s.recent, names=tuple(s.names),
                                    lang=language, tall=board_layout() == "tall",
                                    costs=costs_of(o) if o is not None else None,
                                    path=passage_path(o, view) if o is not None else ()))
        _focusable_targets()
        shown = s.hand_seat()
        set_html("players", players_html(state, s.names, s.kinds, language, shown))
        self._draw_hand(s, view, shown)
        set_text("turn-info", turn_line(state, s.names, s.humans, language))
        if human_turn and o is not None:
            set_text("prompt", o.prompt)
            set_html("actions", buttons_html(o.buttons()))
        else:
            set_html("actions", "")
        self._draw_scoring(s)
        self._after_redraw(s, keep, human_turn)
        mark(step=state.step, phase=state.stage.name.lower(), seat=state.current_player, selection=len(s.selection))
        self._redrawn(s, human_turn)

    def _draw_hand(self, s: Session, view: Any, shown: int) -> None:
        language = lang()
        if shown >= 0 or s.state.setup.variant == "master":
            seat = shown if shown >= 0 else max(s.state.current_player, 0)
            who = tr("your_hand", language) if len(s.humans) == 1 and seat in s.humans \
                else tr("hand_of", language, player=s.names[seat])
            set_text("hand-title", tr("hand_title", language, who=who,
                                      cards=tr_count("cards", sum(s.state.hands[seat]), language)))
            set_html("hand", hand_html(s.state.hands[seat], view.fresh if seat == view.seat else
                                       (0,) * D.NUM_CARD_TYPES, language))
        else:
            self._draw_no_hand(s, language)

    def _draw_scoring(self, s: Session) -> None:
        if s.scoring is None:
            set_html(SCORING_BOX, "")
            return
        extra = f'<p class="king-move">{escape(s.king_text)}</p>' if s.king_text else ""
        set_html(SCORING_BOX, scoring_html(s.scoring, s.names, lang()) + extra)

    def _after_redraw(self, s: Session, keep: str | None, human_turn: bool) -> None:
        access.board_entry()
        if not human_turn or s.offers is None:
            return
        key = (s.state.step, s.selection)
        if s.announced != key:
            text = s.offers.prompt
            if s.announced is None or s.announced[0] != s.state.step or not s.selection:
                text = f"{tr('your_turn', lang(), player=s.names[s.state.current_player])}. {text}"
            s.announced = key
            announce(text)
        if self.app.key_mode:
            access.restore_focus(keep, s.focus_key == key)
        s.focus_key = key

    def relabel(self, session: GameSession) -> None:
        s = _torres(session)
        if s.scoring is not None and scored_now(s):
            self._restore_scoring(s)  # its lines in the new language
        super().relabel(s)
        self._draw_pass_scoring(s)
        self._relabel_moment(s)

    def _relabel_moment(self, s: Session) -> None:
        """A scoring's banner still showing takes the new language too; a scoring being told keeps its step."""
        from pyscript import document  # type: ignore[import-not-found]

        line = str(document.documentElement.getAttribute("data-scoring_line") or "")
        if s.scoring is not None and line.isdigit() and 0 < int(line) < len(s.scoring.lines):
            self._draw_scoring_step(s, s.scoring, int(line))
        banner = document.getElementById("moment")
        if s.scoring is not None and present(banner) and not banner.hidden \
                and str(banner.getAttribute("data-kind")) == "scoring":
            banner.textContent = tr("scoring_title", lang(), phase=s.scoring.phase + 1)

    def apply(self, session: GameSession, action: Action) -> LogEntry:
        """Apply an action; remember what it changed (the squares, a scoring, the king's move)."""
        s = _torres(session)
        state = s.state
        before = state.clone()
        seat = state.current_player
        state.apply(action)
        s.last_actor = seat
        s.recent = O.recent_keys(action)
        if scored(before, state):
            s.scoring = phase_scoring(before, state, s.names, lang())
            s.king_text = ""
        elif action.kind in (Kind.KING, Kind.KING_STAY) and before.stage.name == "KING_MOVE":
            s.king_text = king_line(before, action, s.names, lang())
        elif s.scoring is not None and before.stage.name == "TURN" and action.kind is not Kind.END:
            s.scoring, s.king_text = None, ""  # the next phase is under way
        return LogEntry(seat, log_text(before, action, state, s.names, lang()))

    async def show_action(self, session: GameSession, action: Action) -> None:
        """A scoring line by line (at the computer's pace; all at once when the game runs instantly): as
        each castle's line appears, the board lights that castle and marks the knight that scores; the
        score track moves on with the totals."""
        s = _torres(session)
        if s.scoring is None or action.kind is not Kind.END or s.state.history[-1] is not action:
            return
        if not scored_now(s):
            return
        moments.show("scoring", tr("scoring_title", lang(), phase=s.scoring.phase + 1))
        if s.speed > 0:
            for shown in range(1, len(s.scoring.lines)):
                self._draw_scoring_step(s, s.scoring, shown)
                await turns.pause(max(s.speed * 0.5, SCORING_LINE_MS))
            mark(scoring_line="")
        set_html(SCORING_BOX, scoring_html(s.scoring, s.names, lang()))

    def _draw_scoring_step(self, s: Session, scoring: Scoring, shown: int) -> None:
        """The board and the scoring box while the first `shown` lines of a scoring are out."""
        language = lang()
        lit, scorers = scoring.mark(shown - 1)
        view = self._view(s)
        if not scoring.totals_shown(shown):
            view = dataclasses.replace(view, scores=scoring.before)
        tall = board_layout() == "tall"
        set_html("board", board_svg(view, names=tuple(s.names), lang=language, tall=tall, lit=lit, scorers=scorers))
        set_html(SCORING_BOX, scoring_html(scoring, s.names, language, shown))
        if shown == 1:  # the last decision's words and buttons give way to the scoring
            set_text("prompt", tr("scoring_title", language, phase=scoring.phase + 1))
            set_text("turn-info", tr("scoring_title", language, phase=scoring.phase + 1))
            set_html("actions", "")
            if tall:
                by_id("board").scrollTop = 0  # the whole board in sight, whichever castle is lit
        mark(scoring_line=str(shown))

    async def human_turn(self, session: GameSession) -> None:
        """As every game's, but a scoring that just happened is shown on the pass-the-device screen too:
        the player who hands the device over and the one who takes it both see it first."""
        s = _torres(session)
        await super().human_turn(s)
        self._draw_pass_scoring(s)

    def _draw_pass_scoring(self, s: Session) -> None:
        from pyscript import document  # type: ignore[import-not-found]

        card = document.querySelector("#pass-device .pass-card")
        if not present(card):
            return
        box = document.getElementById("pass-scoring")
        if not present(box):
            box = document.createElement("div")
            box.id = "pass-scoring"
            card.insertBefore(box, card.firstChild)
        due = s.private and s.revealed != s.state.current_player and s.scoring is not None and scored_now(s)
        box.innerHTML = scoring_html(s.scoring, s.names, lang()) if due and s.scoring is not None else ""
        box.hidden = not due

    def _draw_end(self, session: GameSession) -> None:
        s = _torres(session)
        language = lang()
        totals = phase_totals(GAME, s.state.setup, s.state.history)
        scoring = scoring_html(s.scoring, s.names, language) if s.scoring is not None else ""
        set_html("scores", ranking_html(s.state, s.names, totals, language) + scoring)

    def _verdict(self, s: GameSession, language: str) -> str:
        return verdict(s.state, s.names, language)

    # --- clicks and keys --------------------------------------------------------------------------
    def _clicked(self, session: GameSession, what: str, raw: str, el: Any) -> None:
        s = _torres(session)
        if what == "key" and self._may_click(s):
            self._act(s, "key", raw)

    def arrow_target(self, target: Any, key: str) -> Any:
        """An arrow key on a square: the square beside it that way (the board's rows run down the
        screen); None off the squares, where the arrows walk the board's targets in order."""
        from pyscript import document  # type: ignore[import-not-found]

        square = target.closest("[data-square]") if hasattr(target, "closest") else None
        if not present(square):
            return None
        q = D.SQUARE_BY_NAME.get(str(square.getAttribute("data-square")), -1)
        dc, dr = ARROW_STEPS.get(key, (0, 0))
        col, row = q % D.SIZE + dc, q // D.SIZE + dr
        if q < 0 or not (0 <= col < D.SIZE and 0 <= row < D.SIZE):
            return square  # the edge: stay
        found = document.querySelector(f'#board [data-square="{D.SQUARE_NAMES[row * D.SIZE + col]}"]')
        return found if present(found) else None

    def on_key(self, session: GameSession, key: str) -> bool:
        s = _torres(session)
        o = s.offers
        if o is None:
            return False
        buttons = o.buttons()
        if key in KEY_NUMBERS and int(key) <= len(buttons):
            self._act(s, "key", buttons[int(key) - 1].key)
            return True
        if key == "Escape" and s.selection:
            self._act(s, "key", O.CANCEL)
            return True
        if key.lower() == "e" and O.END in o.keys:
            self._act(s, "key", O.END)
            return True
        return False

    def _resolve(self, session: GameSession, what: str, value: object) -> Action | None:
        s = _torres(session)
        s.selection, action = O.click(s.state, s.selection, str(value))
        show_message("")
        return action

    def _turn_passed(self, session: GameSession) -> None:
        super()._turn_passed(session)
        _torres(session).selection = O.NOTHING  # the next turn starts with nothing picked

    # --- undo, the log, the replay ----------------------------------------------------------------
    def undone(self, session: GameSession) -> None:
        s = _torres(session)
        s.selection = O.NOTHING
        s.recent = frozenset()

    def log_lines(self, session: GameSession) -> list[LogEntry]:
        language = lang()
        state = GAME.new_state(session.state.setup)
        out = []
        for action in session.state.history:
            before = state.clone()
            state.apply(action)
            out.append(LogEntry(before.current_player, log_text(before, action, state, session.names, language)))
        return out

    def replay_line(self, session: GameSession, cursor: ReplayCursor) -> str:
        """The replay's words for the action that led to the shown position."""
        if cursor.position == 0:
            return ""
        before = cursor.state_at(cursor.position - 1)
        return log_text(before, cursor.actions[cursor.position - 1], cursor.state, session.names, lang())

    def draw_replay(self, session: GameSession, cursor: ReplayCursor) -> None:
        state = cursor.state
        language = lang()
        recent = O.recent_keys(cursor.actions[cursor.position - 1]) if cursor.position else frozenset()
        set_html("board", board_svg(state.view(cursor.seat_to_show()), recent=recent, names=tuple(session.names),
                                    lang=language, tall=board_layout() == "tall"))
        set_html("replay-players", players_html(state, session.names, session.kinds, language))
        note = ""
        if cursor.position and scored(cursor.state_at(cursor.position - 1), state):
            note = scoring_html(phase_scoring(cursor.state_at(cursor.position - 1), state, session.names, language),
                                session.names, language)
        set_html("replay-duel", note)


_PREVIEWS: dict[tuple[int, tuple[str, ...], str, bool], str] = {}  # the start screen's boards, drawn once


def preview_svg(num_players: int, names: tuple[str, ...], language: str, tall: bool) -> str:
    """The start board for `num_players` (seats named by their colours when `names` is empty)."""
    key = (num_players, names, language, tall)
    if key not in _PREVIEWS:
        state = State(GAME.make_setup(num_players, 0))
        _PREVIEWS[key] = board_svg(state.view(0), lang=language, tall=tall, names=names)
    return _PREVIEWS[key]


def warm_preview(num_players: int, language: str, layout: str) -> None:
    """Draw the start board before Torres is chosen (the start screen calls this while it idles), so that
    choosing Torres only puts the drawing in."""
    if D.MIN_PLAYERS <= num_players <= D.MAX_PLAYERS:
        preview_svg(num_players, (), language, layout == "tall")


def log_text(before: State, action: Action, after: State, names: list[str], language: str) -> str:
    """One log entry per action: the action, then what it set off (a scoring, a new phase, the end)."""
    return " ".join(line.text(language, names) for line in (describe(before, action, after), *events(before, after)))


def scored_now(s: Session) -> bool:
    """The last action ended a phase (the scoring box belongs to it)."""
    return s.state.stage.name in ("KING_MOVE", "OVER")


def _focusable_targets() -> None:
    """Every offered board target reachable by Tab and named for screen readers, whoever drew it."""
    from pyscript import document  # type: ignore[import-not-found]

    for el in document.querySelectorAll("#board [data-key].offered"):
        el.setAttribute("tabindex", "0")
        if not el.getAttribute("role"):
            el.setAttribute("role", "button")


def _torres(session: GameSession) -> Session:
    assert isinstance(session, Session), "a Torres controller plays Torres sessions"
    return session
