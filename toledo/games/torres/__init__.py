"""Torres (Wolfgang Kramer & Michael Kiesling, 1999): rules, data, views and sampled states.

>>> from toledo.games import torres
>>> game = torres.new_game(num_players=2, seed=7)
>>> [str(a) for a in game.legal_actions()][:3]
['knight d1', 'knight c3', 'knight f3']
>>> game.apply(torres.parse("knight c3")).seat  # apply tells what it did: here, who acted
0
>>> game.current_player
1
"""

from __future__ import annotations

from . import data
from .actions import Action, Kind, parse
from .game import GAME, TorresGame
from .sampling import sample_state
from .view import player_view
from .stage import Stage
from .state import Setup, State, new_game, replay
from .view import PlayerView

__all__ = [
    "GAME", "Action", "Kind", "PlayerView", "Setup", "Stage", "State", "TorresGame", "data", "new_game", "parse",
    "player_view", "replay", "sample_state",
]
