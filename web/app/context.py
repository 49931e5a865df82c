"""The page's one mutable object: which game, what is played and shown now. Every module gets it."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toledo.core import registry
from toledo.core.i18n import plural_key

from .dom import Listeners, lang, mark, set_title

if TYPE_CHECKING:  # pragma: no cover
    from toledo.core.session import GameStore, ReplayCursor, Storage

    from .controller import GameController, GameSession


@dataclass
class App:
    params: dict[str, str]  # the address's ?query, last value of each name
    controllers: Mapping[str, str]  # the routing table: game name -> module holding its `Controller`
    listeners: Listeners = field(default_factory=Listeners)
    controller: GameController | None = None  # the chosen game's
    session: GameSession | None = None  # the game in progress (None on the start screen)
    replay: ReplayCursor | None = None  # the replay shown instead of the game
    store: GameStore | None = None  # the unfinished games in this browser (localStorage)
    tab: Storage | None = None  # this tab's memory (sessionStorage): the game a reload resumes
    status: str = ""  # the footer's line without the seed
    pydantic: Any = None  # the task loading pydantic's wheels, once started
    key_mode: bool = False  # the last input was a key: after a redraw the focus goes to the next choice
    info_shown: Any = None  # the element the info panel describes

    @property
    def game(self) -> GameController:
        assert self.controller is not None, "no game chosen yet"
        return self.controller

    def use_game(self, name: str) -> GameController:
        """Load the controller of `name` from the routing table and make it the page's game."""
        if self.controller is None or self.controller.name != name:
            module = importlib.import_module(self.controllers[name])
            self.controller = module.Controller(self)
        mark(game=name)
        set_title(registry.info(name).title)
        return self.game

    def tr(self, key: str, language: str | None = None, /, **params: Any) -> str:
        """An interface word in the page's language (or `language`)."""
        return self.game.tr(key, language or lang(), **params)

    def tr_count(self, key: str, count: int, /, **params: Any) -> str:
        """`tr` of KEY_one / KEY_other by the language's plural rule, with count=count."""
        language = lang()
        return self.game.tr(plural_key(key, count, language), language, count=count, **params)

    def int_param(self, name: str, default: int) -> int:
        try:
            return int(self.params.get(name, default))
        except ValueError:
            return default
