"""The game-agnostic platform: the game protocol, errors, the registry of games, a game's history
(setup + actions), undo floors, save files, share links and the stored-games list.

Nothing here imports a game: games register themselves (`toledo.games`) and are loaded by name.
"""

VERSION = "0.2.0"  # the platform's release (`toledo.__version__`), shown in the page's status line
