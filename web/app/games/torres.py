"""Torres's page beyond what its page parts (toledo.games.torres.page) say: a phase's scoring told line
by line on the board and on the pass-the-device screen, the start board with the names typed so far,
the arrow keys walking the squares, what the live region announces. Every click still goes through the
game's click keys (`PageController`, the click tree of `toledo.games.torres.page.clicks`), which only
ever yield a legal action: the page decides no rule.
"""

from __future__ import annotations

import dataclasses
from html import escape
from typing import TYPE_CHECKING, Any

from toledo.games.torres import GAME, State
from toledo.games.torres import data as D
from toledo.games.torres.actions import Action, Kind
from toledo.games.torres.page import clicks as O
from toledo.games.torres.page import preview_svg
from toledo.games.torres.page.panels import buttons_html, levels_of, players_html, turn_line
from toledo.games.torres.page.scoring_view import (Scoring, king_line, phase_scoring, phase_totals, ranking_html,
                                                   scored, scoring_html)
from toledo.games.torres.page.svg import board_svg
from toledo.games.torres.page.words import tr, tr_count

from .. import access, moments, turns
from ..controller import GameSession, PageController, SeatSetup
from ..dom import announce, board_layout, by_id, lang, mark, present, set_html, set_text

if TYPE_CHECKING:  # pragma: no cover
    from toledo.core.session import ReplayCursor

SCORING_LINE_MS = 350  # a scoring is shown line by line at least this slowly (when the game is paced)
ARROW_STEPS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}
SCORING_BOX = "tiles"  # the scoring is shown right under the controls, in sight on phones too


class Session(GameSession):
    """A Torres game in progress: the page's session plus the scoring on show and what was announced."""

    def __init__(self, setup: SeatSetup, state: State, seeded: dict[int, Any]) -> None:
        super().__init__(setup, state, D.COLOURS, seeded)
        self.private = self.private and state.setup.variant != "master"  # the master version shows all
        self.choice: O.Selection = O.NOTHING
        self.offer: O.Offers | None = None
        self.scoring: Scoring | None = None  # the latest phase end, shown until the next phase's play
        self.king_text = ""
        self.announced: tuple[int, O.Selection] | None = None
        self.focus_key: tuple[int, O.Selection] | None = None


class Controller(PageController):
    """Torres's page: what its parts say, and a phase's scoring told line by line."""

    # --- the start screen -------------------------------------------------------------------------
    def preview(self, num_players: int) -> None:
        """The start board with the names typed so far (a seat left blank shows its colour's name)."""
        from pyscript import document  # type: ignore[import-not-found]

        typed = []
        for row in list(document.querySelectorAll("#seats .seat"))[:num_players]:
            field = row.querySelector(".seat-name")
            typed.append(" ".join(str(field.value or "").split()) or str(field.placeholder or ""))
        names = tuple(typed) if any(str(row.querySelector(".seat-name").value or "").strip()
                                    for row in list(document.querySelectorAll("#seats .seat"))[:num_players]) else ()
        set_html("board", preview_svg(num_players, names, lang(), board_layout(self.page)))

    # --- a game -----------------------------------------------------------------------------------
    def start(self, setup: SeatSetup, state: Any | None = None) -> Session:
        fresh = self.page.new_state(len(setup.kinds), setup.seed, setup.start, tuple(setup.colours), setup.variant)
        s = Session(setup, state if state is not None else fresh, self.start_bots(setup))
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
        s.scoring = phase_scoring(before.apply(history[-1]), s.state, s.names, lang())

    def _view(self, s: Session) -> Any:
        """The drawn view: the shown hand's seat, else a spectator's without secrets."""
        return self.page.view_for(s.state, s.hand_seat())

    def redraw(self, session: GameSession) -> None:
        """Board and panel for the decision at hand."""
        s = _torres(session)
        state, page = s.state, self.page
        human_turn = s.human_to_act() and not state.is_terminal()
        language = lang()
        keep = access.focused_target()
        view = self._view(s)
        o = page.offer(state, s.choice, language, view if s.hand_seat() == state.current_player else None) \
            if human_turn else None
        if o is not None:
            s.choice = o.selection
        s.offer = o
        set_html("board", page.board_svg(view, o, names=s.names, recent=s.recent, lang=language,
                                         layout=board_layout(self.page), you=s.hand_seat() >= 0, kinds=s.kinds))
        _focusable_targets()
        shown = s.hand_seat()
        set_html("players", page.players_html(state, s.names, s.kinds, language, shown))
        self._draw_hand(s, view, shown)
        set_text("turn-info", turn_line(state, s.names, s.humans, language))
        if human_turn and o is not None:
            set_text("prompt", o.prompt)
            set_html("actions", buttons_html(o.buttons()))
        else:
            set_html("actions", "")
        self._draw_scoring(s)
        self._after_redraw(s, keep, human_turn)
        mark(step=state.step, phase=state.stage.name.lower(), seat=state.current_player, selection=len(s.choice))
        self._redrawn(s, human_turn)

    def _draw_hand(self, s: Session, view: Any, shown: int) -> None:
        language = lang()
        if shown >= 0 or s.state.setup.variant == "master":
            seat = shown if shown >= 0 else max(s.state.current_player, 0)
            who = tr("your_hand", language) if len(s.humans) == 1 and seat in s.humans \
                else tr("hand_of", language, player=s.names[seat])
            set_text("hand-title", tr("hand_title", language, who=who,
                                      cards=tr_count("cards", sum(s.state.hands[seat]), language)))
            set_html("hand", self.page.hand_of(s.state, view, seat, language))
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
        if not human_turn or s.offer is None:
            return
        key = (s.state.step, s.choice)
        if s.announced != key:
            text = s.offer.prompt
            if s.announced is None or s.announced[0] != s.state.step or not s.choice:
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

        line = str(document.documentElement.getAttribute("data-scoring-line") or "")
        if s.scoring is not None and line.isdigit() and 0 < int(line) < len(s.scoring.lines):
            self._draw_scoring_step(s, s.scoring, int(line))
        banner = document.getElementById("moment")
        if s.scoring is not None and present(banner) and not banner.hidden \
                and str(banner.getAttribute("data-kind")) == "scoring":
            banner.textContent = tr("scoring_title", lang(), phase=s.scoring.phase + 1)

    def _applied(self, session: GameSession, outcome: Any, action: Action) -> None:
        """Remember a scoring, or the king's move, for the scoring box."""
        s = _torres(session)
        state = s.state
        if scored(outcome):
            s.scoring = phase_scoring(outcome, state, s.names, lang())
            s.king_text = ""
        elif action.kind in (Kind.KING, Kind.KING_STAY) and outcome.stage.name == "KING_MOVE":
            s.king_text = king_line(outcome, action, s.names, lang())
        elif s.scoring is not None and outcome.stage.name == "TURN" and action.kind is not Kind.END:
            s.scoring, s.king_text = None, ""  # the next phase is under way

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
        layout = board_layout(self.page)
        set_html("board", board_svg(view, names=tuple(s.names), lang=language, layout=layout, lit=lit, scorers=scorers,
                                    levels=levels_of(s.names, s.kinds, language)))
        set_html(SCORING_BOX, scoring_html(scoring, s.names, language, shown))
        if shown == 1:  # the last decision's words and buttons give way to the scoring
            set_text("prompt", tr("scoring_title", language, phase=scoring.phase + 1))
            set_text("turn-info", tr("scoring_title", language, phase=scoring.phase + 1))
            set_html("actions", "")
            if layout != "wide":  # the board on top of a box that scrolls
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
        scoring = (f'<div class="end-more">{scoring_html(s.scoring, s.names, language)}</div>'
                   if s.scoring is not None else "")
        set_html("scores", ranking_html(s.state, s.names, totals, language) + scoring)

    # --- clicks and keys --------------------------------------------------------------------------
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

    # --- undo, the log, the replay ----------------------------------------------------------------
    def draw_replay(self, session: GameSession, cursor: ReplayCursor) -> None:
        state = cursor.state
        language = lang()
        recent = O.recent_keys(cursor.actions[cursor.position - 1]) if cursor.position else frozenset()
        # a replay is told as to a spectator: no seat's hidden cards, even mid-game (the master version hides none)
        set_html("board", self.page.board_svg(self.page.view_for(state, -1), None, names=session.names,
                                              recent=recent, lang=language, layout=board_layout(self.page),
                                              you=False, kinds=session.kinds))
        set_html("replay-players", players_html(state, session.names, session.kinds, language))
        note = ""
        if cursor.position and scored(outcome := cursor.outcome_at(cursor.position)):
            note = scoring_html(phase_scoring(outcome, state, session.names, language), session.names, language)
        set_html("replay-duel", note)


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
