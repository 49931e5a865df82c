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

from . import games as _games  # registers the games
from .core import VERSION
from .core.errors import ActionSyntaxError, IllegalActionError, SaveFileError, SetupError, ToledoError
from .games.toledo import data
from .games.toledo.actions import Action, Kind, parse
from .games.toledo.state import Duel, DuelRound, Phase, Score, Setup, State, new_game, replay
from .games.toledo.sampling import sample_state
from .games.toledo.view import PlayerView, player_view

__version__ = VERSION

__all__ = [
    "Action", "ActionSyntaxError", "Duel", "DuelRound", "IllegalActionError", "Kind", "Phase", "PlayerView",
    "SaveFileError", "Score", "Setup", "SetupError", "State", "ToledoError", "data", "new_game", "parse",
    "player_view", "replay", "sample_state",
]
