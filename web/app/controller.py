"""What a game's controller does for the page, and the game in progress as the rest of the page sees it.

The page's own modules never import a game package: they hold a `GameController` (chosen by the
routing table in web/main.py) and a `GameSession`. A second game is one new module whose `Controller`
class meets `GameController`, plus one line in that table.

The engine's conventions (toledo.core.protocol) carry the rest: a state has `current_player` (-1 when
over), `is_terminal()`, `history`, `setup` (`seed`, `start_player`, `colours`) and `view(seat)`; the
computer players answer `choose(view, legal)` (or `search(view, legal)` for the searching levels).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


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
        self.busy = False  # a human's click is being played out
        self.driving = False  # the computer-turn loop runs
        self.last_render = 0.0
        self.game_id = ""  # its key in this browser's store of games
        self.open_replay = False  # a finished game was loaded: show its replay once the end is drawn

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.kinds) and self.kinds[seat] == "human"

    def human_to_act(self) -> bool:
        """A person at this device may act now (a hotseat game also waits for the hand to be shown)."""
        return self.is_human(self.state.current_player)

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
