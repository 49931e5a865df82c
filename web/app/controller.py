"""One controller for every game's page, and the game in progress as the rest of the page sees it.

The page's own modules never import a game package: a game's page parts (`toledo.core.page.GamePage`,
its package's `page.PAGE`, found through the registry) answer every question about it, and
`PageController` plays any game from them alone: clicks and keys through the game's click keys, apply,
redraw, the log, the end, the replay. A game whose page wants more than its parts can say (Toledo's
duels and card dragging, Torres's scoring told line by line) subclasses it in `web/app/games/<name>.py`;
`App.use_game` takes that class when the module is there.

The engine's conventions (toledo.core.protocol) carry the rest: a state has `current_player` (-1 when
over), `is_terminal()`, `history`, `setup` (`seed`, `start_player`, `colours`) and `view(seat)`; the
computer players answer `choose(view, legal)` (or `search(view, legal)` for the searching levels).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from toledo.ai import bots
from toledo.core import registry
from toledo.core.page import GamePage

from . import coach_panel, moments, steady, turns, undo
from .dom import (announce, board_layout, by_id, lang, mark, set_html, set_text, show_game_over_controls,
                  show_message)

if TYPE_CHECKING:  # pragma: no cover
    from .context import App


@dataclass(frozen=True)
class SeatSetup:
    """The start screen's game: who sits where, and how fast the computers play."""

    kinds: list[str]  # "human" or a computer level, per seat
    names: list[str]
    colours: list[int]  # indexes into the game's colours
    seed: int
    start: int  # the first player's seat
    speed: int  # ms per computer action (0 = instant)
    variant: str = ""  # the game's variant ("" = its first, the default)


@dataclass(frozen=True)
class LogEntry:
    """One line of the move log: whose action it was, in words."""

    seat: int
    text: str


class GameSession:
    """A game in progress. A controller subclasses it with what only its own drawing needs."""

    def __init__(self, setup: SeatSetup, state: Any, colour_names: Sequence[str], bots: dict[int, Any]) -> None:
        self.kinds = list(setup.kinds)
        self.names = list(setup.names)
        self.seed = setup.seed
        self.speed = setup.speed
        self.state = state
        self.colour_names = tuple(colour_names)
        self.bots = bots  # seat -> computer player
        self.humans = [i for i, k in enumerate(self.kinds) if k == "human"]
        self.private = len(self.humans) >= 2  # hotseat: hide each hand until its owner is at the device
        self.revealed = -1  # the person whose hand may be shown now (hotseat)
        self.last_actor = -1
        self.busy = False  # a human's click is being played out
        self.driving = False  # the computer-turn loop runs
        self.last_render = 0.0
        self.game_id = ""  # its key in this browser's store of games
        self.choice: Any = None  # the game's choice so far within the decision at hand (its page's)
        self.offer: Any = None  # what the last redraw offered (None: nothing to choose)
        self.recent: frozenset[str] = frozenset()  # the board keys the last actions changed
        self._history: list[Any] = []  # the history list whose texts are kept (an undo makes a new state)
        self._acted: list[Any] = []  # its actions whose texts are kept (the same objects)
        self._texts: list[str] = []  # ... and those texts: each action is written out once
        self.guide: Any = None  # a lesson following this game: allows(action) -> bool, show() after a redraw

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.kinds) and self.kinds[seat] == "human"

    def hand_seat(self) -> int:
        """Whose hand the page shows: the person to act, else the only person's; in hotseat only the
        revealed player's, on their turn (-1: no hand shows)."""
        if not self.humans:
            return -1
        seat = self.state.current_player
        if not self.private:
            return seat if seat in self.humans else self.humans[0]
        return seat if seat == self.revealed and seat in self.humans else -1

    def human_to_act(self) -> bool:
        """A person at this device may act now (a hotseat game also waits for the hand to be shown)."""
        seat = self.state.current_player
        return self.is_human(seat) and self.hand_seat() == seat

    def action_texts(self) -> list[str]:
        """Every action's text, in order: kept from one call to the next (the transcript and the autosave
        share them), so an action is written out once; after an undo they are made again."""
        history = self.state.history
        kept = len(self._acted)
        if history is not self._history or kept > len(history) or (kept and history[kept - 1] is not self._acted[-1]):
            self._history, self._acted, self._texts, kept = history, [], [], 0
        for action in history[kept:]:
            self._acted.append(action)
            self._texts.append(str(action))
        return self._texts

    def transcript(self) -> str:
        """For tests and bug reports: the seed, seats and every action (JSON)."""
        setup = self.state.setup
        return json.dumps({"seed": self.seed, "seats": self.kinds, "start": setup.start_player,
                           "colours": [self.colour_names[c] for c in setup.colours],
                           "actions": self.action_texts()})


BOT_SEED_STEP = 7919  # bots seeded exactly as toledo.cli.play_game, so a seeded computer game replays natively


class PageController:
    """Any game's page from its page parts alone. A game's own controller
    (web/app/games/<name>.py) subclasses it where its page shows more than its parts can say."""

    def __init__(self, app: App, page: GamePage) -> None:
        self.app = app
        self.page = page
        self.name = page.name
        self.min_players = page.min_players
        self.max_players = page.max_players
        self.colours = tuple(page.colours)
        self.variants = tuple(page.variants)

    # --- words ------------------------------------------------------------------------------------
    def tr(self, key: str, language: str, /, **params: Any) -> str:
        return self.page.tr(key, language, **params)

    def level_name(self, level: str, language: str) -> str:
        return self.page.level_name(level, language)

    def colour_name(self, colour: str, language: str) -> str:
        return self.page.colour_name(colour, language)

    def variant_name(self, variant: str, language: str) -> str:
        return self.page.variant_name(variant, language)

    def rules_html(self, language: str) -> str:
        return self.page.rules_html(language)

    def shortcuts(self, language: str) -> list[tuple[str, str]]:
        return self.page.shortcuts(language)

    def action_words(self, session: GameSession, before: Any, action: Any, language: str) -> str:
        after = before.clone()  # a move not (yet) played: the coach's suggestion
        return self.page.action_text(after.apply(action), action, after, session.names, language).rstrip(".")

    # --- the start screen -------------------------------------------------------------------------
    def levels(self) -> list[str]:
        """The levels a player may choose, in menu order ('random' only if the AI has no levels)."""
        names = bots.bot_names()
        return [n for n in self.page.level_order if n in names] or ["random"]

    def preview(self, num_players: int) -> None:
        set_html("board", self.page.preview_svg(num_players, lang(), board_layout(self.page)))

    # --- a game -----------------------------------------------------------------------------------
    def start(self, setup: SeatSetup, state: Any | None = None) -> GameSession:
        if state is None:
            state = self.page.new_state(len(setup.kinds), setup.seed, setup.start, tuple(setup.colours),
                                        setup.variant)
        session = GameSession(setup, state, self.colours, self.start_bots(setup))
        session.choice = self.page.fresh_choice()
        return session

    def start_bots(self, setup: SeatSetup) -> dict[int, Any]:
        """The computer seats' players, seeded from the game's seed, thinking within their level's time limit."""
        return {i: bots.make_bot(k, setup.seed * BOT_SEED_STEP + i, game=self.name, timed=True)
                for i, k in enumerate(setup.kinds) if k != "human"}

    def redraw(self, session: GameSession) -> None:
        """Board, players, the boxes beside the board, the prompt: all from the game's page parts."""
        s, page = session, self.page
        state = s.state
        human_turn = s.human_to_act() and not state.is_terminal()
        language = lang()
        shown = s.hand_seat()
        view = page.view_for(state, shown)
        o = page.offer(state, s.choice, language, view if shown == state.current_player else None) \
            if human_turn else None
        s.offer = o
        set_html("board", page.board_svg(view, o, names=s.names, recent=s.recent, lang=language,
                                         layout=board_layout(self.page), you=shown >= 0, kinds=s.kinds))
        set_html("players", page.players_html(state, s.names, s.kinds, language, shown))
        for box, html in page.panels(state, view, shown, o, language).items():
            set_html(box, html)
        if shown >= 0:
            who = self.tr("your_hand" if len(s.humans) == 1 else "hand_of", language, player=s.names[shown])
            set_text("hand-title", who)
        else:
            self._draw_no_hand(s, language)
        seat = state.current_player
        if state.is_terminal():
            set_text("turn-info", self.tr("end_title", language))
        else:
            set_text("turn-info", self.tr("turn_of", language, player=s.names[seat]))
        if o is not None:
            set_text("prompt", o.prompt)
        else:
            set_html("actions", "")
        mark(step=state.step, seat=seat)
        self._redrawn(s, human_turn)

    def apply(self, session: GameSession, action: Any) -> LogEntry:
        """Apply an action; remember what it changed on the board; say it for the log."""
        s = session
        outcome = s.state.apply(action)
        s.last_actor = outcome.seat
        recent = self.page.recent_keys(outcome, action, s.state)
        if recent is not None:
            s.recent = recent
        self._applied(s, outcome, action)
        return LogEntry(outcome.seat, self.page.log_line(outcome, action, s.state, s.names, lang()))

    def _applied(self, s: GameSession, outcome: Any, action: Any) -> None:
        """What a game's own controller remembers of an action just applied (`outcome`: what apply told)."""

    async def show_action(self, session: GameSession, action: Any) -> None:
        """Nothing beyond the redraw (a game's own controller shows more)."""

    def _draw_end(self, s: GameSession) -> None:
        """The final scores (also after a language switch)."""
        set_html("scores", self.page.scores_html(s.state, s.names, lang()))

    def _verdict(self, s: GameSession, language: str) -> str:
        """Who won, in words."""
        return self.page.verdict(s.state, s.names, language)

    def undone(self, session: GameSession) -> None:
        session.choice = self.page.fresh_choice()
        session.recent = frozenset()

    def log_lines(self, session: GameSession) -> list[LogEntry]:
        language = lang()
        state = registry.game_of(session.state).new_state(session.state.setup)
        out = []
        for action in session.state.history:
            outcome = state.apply(action)
            out.append(LogEntry(outcome.seat, self.page.log_line(outcome, action, state, session.names, language)))
        return out

    def replay_line(self, session: GameSession, cursor: Any) -> str:
        """The replay's words for the action that led to the shown position."""
        if cursor.position == 0:
            return ""
        return self.page.log_line(cursor.outcome_at(cursor.position), cursor.actions[cursor.position - 1], cursor.state,
                                  session.names, lang())

    def draw_replay(self, session: GameSession, cursor: Any) -> None:
        state = cursor.state
        language = lang()
        recent: frozenset[str] | None = None
        if cursor.position:
            recent = self.page.recent_keys(cursor.outcome_at(cursor.position), cursor.actions[cursor.position - 1],
                                           state)
        # told as to a spectator: a replay opened mid-game must not show any seat's hidden cards
        set_html("board", self.page.board_svg(self.page.view_for(state, -1), None, names=session.names,
                                              recent=recent or frozenset(), lang=language,
                                              layout=board_layout(self.page), you=False, kinds=session.kinds))
        set_html("replay-players", self.page.players_html(state, session.names, session.kinds, language, -1))
        set_html("replay-duel", "")

    # --- what every game's page does alike --------------------------------------------------------
    def _redrawn(self, s: GameSession, human_turn: bool) -> None:
        """Every redraw's last steps: its time (the computer loop paces redraws by it), undo and the coach."""
        s.last_render = time.perf_counter()
        undo.show_bar(self.app, human_turn)
        coach_panel.offer(self.app, s)
        if s.guide is not None:
            s.guide.show()
        if human_turn:
            steady.measure()

    def _draw_no_hand(self, s: GameSession, language: str) -> None:
        """No hand may show: say why (hotseat, or only computers hold cards)."""
        set_text("hand-title", self.tr("hand", language))
        hidden = self.tr("hand_hidden_hotseat" if s.private else "hand_computers", language)
        set_html("hand", f'<p class="hand-hidden">{escape(hidden)}</p>')

    def _pass_words(self, s: GameSession, seat: int, language: str) -> None:
        """The pass-the-device screen's button and the prompt behind it."""
        set_text("reveal", self.tr("pass_ready", language, player=s.names[seat]))
        set_text("prompt", self.tr("waiting_for", language, player=s.names[seat]))

    def relabel(self, session: GameSession) -> None:
        self.redraw(session)
        seat = session.state.current_player
        if session.state.is_terminal():
            self._draw_end(session)
        elif session.private and session.revealed != seat and session.is_human(seat):
            self._pass_words(session, seat, lang())

    async def human_turn(self, session: GameSession) -> None:
        seat = session.state.current_player
        if session.private and session.revealed != seat:
            self.redraw(session)  # the board is public; the hand area stays empty
            language = lang()
            set_text("pass-name", session.names[seat])
            self._pass_words(session, seat, language)
            by_id("pass-device").hidden = False
            announce(self.tr("pass_title", language, player=session.names[seat]))
            by_id("reveal").focus()  # the only thing to do now, for the keyboard too
            set_html("actions", "")
            mark(turn="pass", busy="false")
            return
        self.redraw(session)
        mark(turn="human", busy="false")
        steady.measure()  # the turn's first offer, now laid out as a turn (a game's first, too)

    def show_end(self, session: GameSession) -> None:
        language = lang()
        self.redraw(session)
        self._draw_end(session)
        verdict = self._verdict(session, language)
        announce(self.tr("announce_game_over", language, verdict=verdict))
        moments.show("over", verdict)
        show_game_over_controls()

    # --- clicks and keys --------------------------------------------------------------------------
    def on_click(self, session: GameSession, what: str, raw: str, el: Any) -> None:
        if what == "ui" and raw == "reveal":  # the pass screen: its owner is at the device, show the hand
            by_id("pass-device").hidden = True
            session.revealed = session.state.current_player
            self.redraw(session)
            mark(turn="human", busy="false")
            steady.measure()
            return
        self._clicked(session, what, raw, el)

    def _clicked(self, s: GameSession, what: str, raw: str, el: Any) -> None:
        """A click on a game's target (its click key), on its person's own turn."""
        if what == "key" and self._may_click(s):
            self._act(s, "key", raw)

    def on_key(self, session: GameSession, key: str) -> bool:
        """A shortcut key: the click key the game's page makes of it (only what the offer offers)."""
        if session.offer is None:
            return False
        clicked = self.page.key_press(session.state, session.hand_seat(), session.choice, session.offer, key)
        if clicked is None:
            return False
        self._act(session, "key", clicked)
        return True

    def _may_click(self, s: GameSession) -> bool:
        """A click counts only on its person's own turn, and not while the last one is still played out."""
        if s.busy or s.state.is_terminal():
            return False
        if not s.human_to_act():
            show_message(self.tr("msg_not_your_turn", lang()) if not s.is_human(s.state.current_player) else "")
            return False
        return True

    def _resolve(self, s: GameSession, what: str, value: object) -> Any:
        """A click key as the game's action, or None while the choice is still being built."""
        clicked = self.page.click(s.state, s.choice, str(value), lang())
        s.choice = clicked.choice
        show_message(clicked.message)
        return clicked.action

    def _turn_passed(self, s: GameSession) -> None:
        """A person's action ended their turn: the next hotseat player must ask for their hand."""
        s.revealed = -1
        s.choice = self.page.fresh_choice()

    def _act(self, s: GameSession, what: str, value: object) -> None:
        steady.release()
        s.busy = True
        mark(busy="true")  # synchronously, so a test that clicked sees the page busy until it settles
        asyncio.ensure_future(self._human_click(s, what, value))

    async def _human_click(self, s: GameSession, what: str, value: object) -> None:
        app = self.app
        try:
            action = self._resolve(s, what, value)
            if action is not None and s.guide is not None and not s.guide.allows(action):
                action = None  # not the lesson's move: refused, the step still showing
            if action is not None:
                seat = s.state.current_player
                await turns.play(app, s, action)
                if app.session is not s:
                    return
                if s.state.current_player != seat:
                    self._turn_passed(s)
                    self.redraw(s)  # the action shown before the next player thinks, however long that takes
                    steady.hold()
                    await turns.drive(app, s)
                    return
            self.redraw(s)
            mark(turn="human", busy="false")
        except Exception as err:
            show_message(self.tr("error_unexpected", lang(), detail=str(err)))
            mark(busy="false")
            raise
        finally:
            s.busy = False
