"""What a game's controller does for the page, and the game in progress as the rest of the page sees it.

The page's own modules never import a game package: they hold a `GameController` (chosen by the
routing table in web/main.py) and a `GameSession`. A second game is one new module whose `Controller`
class meets `GameController`, plus one line in that table; subclassing `PageController` gives it what
every game's page does alike (the pass-the-device screen, a person's click played out, the end screen).

The engine's conventions (toledo.core.protocol) carry the rest: a state has `current_player` (-1 when
over), `is_terminal()`, `history`, `setup` (`seed`, `start_player`, `colours`) and `view(seat)`; the
computer players answer `choose(view, legal)` (or `search(view, legal)` for the searching levels).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from . import coach_panel, moments, turns, undo
from .dom import announce, by_id, lang, mark, set_html, set_text, show_game_over_controls, show_message

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
        self.open_replay = False  # a finished game was loaded: show its replay once the end is drawn
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

    def transcript(self) -> str:
        """For tests and bug reports: the seed, seats and every action (JSON)."""
        setup = self.state.setup
        return json.dumps({"seed": self.seed, "seats": self.kinds, "start": setup.start_player,
                           "colours": [self.colour_names[c] for c in setup.colours],
                           "actions": [str(a) for a in self.state.history]})


class GameController(Protocol):
    """One game's part of the page: its words, its start-screen facts, drawing, clicks and keys.

    Optional, asked for with getattr: `variants` and `variant_name(variant, lang)` (the start screen's
    variant menu, shown when a game has several), `replay_line(session, cursor)` (the replay's words
    when the engine's game has no `describe`)."""

    name: str  # the registry's name, also the URL's game=...
    min_players: int
    max_players: int
    colours: tuple[str, ...]  # colour names a seat may take, by colour index

    # --- words and help ---------------------------------------------------------------------------
    def tr(self, key: str, lang: str, /, **params: Any) -> str:
        """Every interface word: the game's catalogue first, then the shared one."""
        ...

    def level_name(self, level: str, lang: str) -> str: ...

    def colour_name(self, colour: str, lang: str) -> str: ...

    def rules_html(self, lang: str) -> str: ...

    def shortcuts(self, lang: str) -> list[tuple[str, str]]:
        """The keyboard help: (key as shown, what it does), in `lang`."""
        ...

    # --- the start screen -------------------------------------------------------------------------
    def levels(self) -> list[str]:
        """Computer levels for the seat menus, weakest first."""
        ...

    def preview(self, num_players: int) -> None:
        """An empty board for the chosen number of players."""
        ...

    # --- a game -----------------------------------------------------------------------------------
    def start(self, setup: SeatSetup, state: Any | None = None) -> GameSession:
        """A new session (on `state`, a loaded position, when given); nothing drawn yet."""
        ...

    def redraw(self, session: GameSession) -> None:
        """Board and panel for the decision at hand."""
        ...

    def relabel(self, session: GameSession) -> None:
        """After a language switch: redraw, and what a redraw leaves alone (scores, the pass screen)."""
        ...

    def apply(self, session: GameSession, action: Any) -> LogEntry:
        """Apply an action (remembering what changed, for the drawing); say it for the log."""
        ...

    async def show_action(self, session: GameSession, action: Any) -> None:
        """What an applied action shows beyond the redraw (a duel round by round)."""
        ...

    async def human_turn(self, session: GameSession) -> None:
        """A person is to act: show the turn (or the pass-the-device screen first)."""
        ...

    def show_end(self, session: GameSession) -> None: ...

    def on_click(self, session: GameSession, what: str, raw: str, el: Any) -> None:
        """A click on a game target (`what` is data-action, card, tile, sword, fencing, pawn, space or ui)."""
        ...

    def on_key(self, session: GameSession, key: str) -> bool:
        """A shortcut key while a person may act; True if it meant something."""
        ...

    def undone(self, session: GameSession) -> None:
        """The state was taken back: forget picks and highlights of the undone actions."""
        ...

    def action_words(self, session: GameSession, before: Any, action: Any, language: str) -> str:
        """`action`, legal in `before`, as the move log words it (no final full stop): the coach's words."""
        ...

    def log_lines(self, session: GameSession) -> list[LogEntry]:
        """The whole move log of the session's state."""
        ...

    def draw_replay(self, session: GameSession, cursor: Any) -> None:
        """A replay position (`toledo.core.session.ReplayCursor`): board, players, a duel."""
        ...


class PageController:
    """What every game's controller does alike; a game's `Controller` subclasses it to meet `GameController`.

    The game supplies its words (`words`, `describe`) and the steps only it knows: `redraw`, `_clicked`
    (a click the pass screen did not take), `_resolve` (a click or key as the game's action, or None while
    a choice is still being built), `_draw_end` and `_verdict`."""

    words: ModuleType  # the game's words: tr(key, lang, **params), level_name(level, lang), colour_name(colour, lang)
    describe: Callable[[Any, Any, Any], Any]  # describe(before, action, after) -> a line with text(lang, names)

    def __init__(self, app: App) -> None:
        self.app = app

    # --- words ------------------------------------------------------------------------------------
    def tr(self, key: str, language: str, /, **params: Any) -> str:
        return self.words.tr(key, language, **params)  # type: ignore[no-any-return]

    def level_name(self, level: str, language: str) -> str:
        return self.words.level_name(level, language)  # type: ignore[no-any-return]

    def colour_name(self, colour: str, language: str) -> str:
        return self.words.colour_name(colour, language)  # type: ignore[no-any-return]

    def action_words(self, session: GameSession, before: Any, action: Any, language: str) -> str:
        after = before.clone()
        after.apply(action)
        return self.describe(before, action, after).text(language, session.names).rstrip(".")  # type: ignore[no-any-return]

    # --- what the game draws ----------------------------------------------------------------------
    def redraw(self, session: GameSession) -> None:
        raise NotImplementedError

    def _draw_end(self, s: GameSession) -> None:
        """The final scores (also after a language switch)."""
        raise NotImplementedError

    def _verdict(self, s: GameSession, language: str) -> str:
        """Who won, in words."""
        raise NotImplementedError

    def _redrawn(self, s: GameSession, human_turn: bool) -> None:
        """Every redraw's last steps: its time (the computer loop paces redraws by it), undo and the coach."""
        s.last_render = time.perf_counter()
        undo.show_bar(self.app, human_turn)
        coach_panel.offer(self.app, s)
        if s.guide is not None:
            s.guide.show()

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
            return
        self._clicked(session, what, raw, el)

    def _clicked(self, s: GameSession, what: str, raw: str, el: Any) -> None:
        raise NotImplementedError

    def _may_click(self, s: GameSession) -> bool:
        """A click counts only on its person's own turn, and not while the last one is still played out."""
        if s.busy or s.state.is_terminal():
            return False
        if not s.human_to_act():
            show_message(self.tr("msg_not_your_turn", lang()) if not s.is_human(s.state.current_player) else "")
            return False
        return True

    def _resolve(self, s: GameSession, what: str, value: object) -> Any:
        raise NotImplementedError

    def _turn_passed(self, s: GameSession) -> None:
        """A person's action ended their turn: the next hotseat player must ask for their hand."""
        s.revealed = -1

    def _act(self, s: GameSession, what: str, value: object) -> None:
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
