"""The one registry of games: name → title, player counts and the module that holds the game.

Games are registered by `toledo.games` (one line each) and imported only when first used, so the
core never imports a game and a tool that plays one game loads only that one. (The page's start-up
memory snapshot is taken with every game already imported.)
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import SetupError

if TYPE_CHECKING:  # pragma: no cover
    from .protocol import Game


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    module: str  # the package whose attribute GAME is the game's `Game`

    def load(self) -> Game:
        return importlib.import_module(self.module).GAME  # type: ignore[no-any-return]


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    _GAMES[info.name] = info


def names() -> tuple[str, ...]:
    return tuple(_GAMES)


def info(name: str) -> GameInfo:
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(_GAMES)
        raise SetupError(f"unknown game {str(name)[:20]!r} (known: {known})") from None


def folder(name: str) -> Path | None:
    """The folder of the registered game `name` (its package), found without importing the game; None
    when it cannot be found (a package whose files are not on the path)."""
    module = info(name).module
    loaded = sys.modules.get(module)  # a restored snapshot's modules are found here, not on disk
    places = list(getattr(loaded, "__path__", ()) or ())
    if not places:
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:
            return None
        places = list(spec.submodule_search_locations or ()) if spec is not None else []
    return Path(places[0]) if places else None


def get(name: str) -> Game:
    """The game called `name`, imported on first use."""
    return info(name).load()


def game_of(value: object) -> Game:
    """The game a setup, or a state (anything with a `setup`), belongs to. Only games already imported
    are asked: a setup exists only once its game's package is loaded."""
    setup = getattr(value, "setup", value)
    module = type(setup).__module__
    for entry in _GAMES.values():
        game = getattr(sys.modules.get(entry.module), "GAME", None)
        if game is None:
            continue
        setup_type = getattr(game, "setup_type", None)  # else: a setup class defined in the game's package
        if isinstance(setup, setup_type) if setup_type else module.startswith(entry.module + "."):
            return game  # type: ignore[no-any-return]
    raise SetupError(f"{type(setup).__name__} is not the setup of a registered game")
