"""Toledo (Martin Wallace, 2008): the rules engine.

>>> import toledo
>>> game = toledo.new_game(num_players=2, seed=7)
>>> game.current_player
0
>>> [str(a) for a in game.legal_actions()][:3]
['draw', 'place metal1 1', 'place metal1 2']
>>> game.apply(toledo.parse("place gem2 6"))
>>> str(game.legal_actions()[0]), game.current_player
('draw', 1)
"""

from .actions import Action, Kind, parse
from .errors import ActionSyntaxError, IllegalActionError, SaveFileError, SetupError, ToledoError
from .state import Duel, DuelRound, Phase, Score, Setup, State, new_game, replay
from .view import PlayerView, player_view, sample_state

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionSyntaxError", "Duel", "DuelRound", "IllegalActionError", "Kind", "Phase", "PlayerView",
    "SaveFileError", "Score", "Setup", "SetupError", "State", "ToledoError", "new_game", "parse", "player_view",
    "replay", "sample_state",
]
