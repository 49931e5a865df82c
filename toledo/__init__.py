"""A platform for board games in the browser, with Toledo (Martin Wallace, 2008) as its first game.

The top-level names are Toledo's, so ``toledo.new_game(...)`` plays Toledo; every game is reached
through the registry (`toledo.core.registry.get("torres")`).

>>> import toledo
>>> game = toledo.new_game(num_players=2, seed=7)
>>> game.current_player
0
>>> [str(a) for a in game.legal_actions()][:3]
['draw', 'place metal1 1', 'place metal1 2']
>>> game.apply(toledo.parse("place gem2 6")).seat  # apply tells what it did: here, who acted
0
>>> str(game.legal_actions()[0]), game.current_player
('draw', 1)
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from . import games as _games  # registers the games
from .core import VERSION
from .core.errors import ActionSyntaxError, IllegalActionError, SaveFileError, SetupError, ToledoError

__version__ = VERSION

# Toledo's names, imported on first use: a program (or the page) that plays another game never loads
# Toledo's rules for them.
_TOLEDO_NAMES = {
    "data": ("toledo.games.toledo", "data"),
    "Action": ("toledo.games.toledo.actions", "Action"), "Kind": ("toledo.games.toledo.actions", "Kind"),
    "parse": ("toledo.games.toledo.actions", "parse"),
    **{name: ("toledo.games.toledo.state", name)
       for name in ("Duel", "DuelRound", "Phase", "Score", "Setup", "State", "new_game", "replay")},
    "sample_state": ("toledo.games.toledo.sampling", "sample_state"),
    "PlayerView": ("toledo.games.toledo.view", "PlayerView"),
    "player_view": ("toledo.games.toledo.view", "player_view"),
}

__all__ = [
    "Action", "ActionSyntaxError", "Duel", "DuelRound", "IllegalActionError", "Kind", "Phase", "PlayerView",
    "SaveFileError", "Score", "Setup", "SetupError", "State", "ToledoError", "data", "new_game", "parse",
    "player_view", "replay", "sample_state",
]


def __getattr__(name: str) -> Any:
    if name in _TOLEDO_NAMES:
        module, attribute = _TOLEDO_NAMES[name]
        value = getattr(import_module(module), attribute)
        globals()[name] = value  # once
        return value
    raise AttributeError(f"module 'toledo' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
