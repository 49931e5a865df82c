"""The one registry of games: name → title, player counts and the module that holds the game.

Games are registered by `toledo.games` (one line each) and imported only when first used, so the
core never imports a game and a page that plays Toledo never loads Torres.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
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


def get(name: str) -> Game:
    """The game called `name`, imported on first use."""
    return info(name).load()
