"""The page's one mutable object: which game, what is played and shown now. Every module gets it."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toledo.core import registry
from toledo.core.page import has_page, page_of
from toledo.core.i18n import plural_key

from .dom import Listeners, lang, mark, set_title

if TYPE_CHECKING:  # pragma: no cover
    from toledo.core.session import GameStore, ReplayCursor, Storage

    from .controller import GameSession, PageController


@dataclass
class App:
    params: dict[str, str]  # the address's ?query, last value of each name
    games: tuple[str, ...]  # the games the page offers: the registered ones with page parts
    listeners: Listeners = field(default_factory=Listeners)
    controller: PageController | None = None  # the chosen game's
    session: GameSession | None = None  # the game in progress (None on the start screen)
    replay: ReplayCursor | None = None  # the replay shown instead of the game
    store: GameStore | None = None  # the unfinished games in this browser (localStorage)
    tab: Storage | None = None  # this tab's memory (sessionStorage): the game a reload resumes
    status: str = ""  # the footer's line without the seed
    pydantic: Any = None  # the task loading pydantic's wheels, once started
    key_mode: bool = False  # the last input was a key: after a redraw the focus goes to the next choice
    info_shown: Any = None  # the element the info panel describes

    @property
    def game(self) -> PageController:
        assert self.controller is not None, "no game chosen yet"
        return self.controller

    def use_game(self, name: str) -> PageController:
        """Make `name` the page's game: its own controller (web/app/games/<name>.py) when it has one,
        else the one every game is played by, on its page parts."""
        if self.controller is None or self.controller.name != name:
            self.controller = controller_class(name)(self, page_of(name))
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


def playable_games() -> tuple[str, ...]:
    """The registered games the page can offer (those with page parts), in the registry's order."""
    return tuple(name for name in registry.names() if has_page(name))


def own_controller(name: str) -> str | None:
    """The module of game `name`'s own controller (app.games.<name>), if it has one."""
    own = f"{__package__}.games.{name}"
    return own if importlib.util.find_spec(own) is not None else None


def page_modules(name: str) -> tuple[str, ...]:
    """What choosing game `name` imports: its page parts, and its own controller when it has one."""
    own = own_controller(name)
    return (f"{registry.info(name).module}.page", *((own,) if own else ()))


def controller_class(name: str) -> type[PageController]:
    """The controller of game `name`: its own (the class `Controller` of app.games.<name>) or the generic one."""
    from .controller import PageController  # noqa: PLC0415 (the controller module needs the App type only)

    own = own_controller(name)
    if own is None:
        return PageController
    return importlib.import_module(own).Controller  # type: ignore[no-any-return]
