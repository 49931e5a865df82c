"""Toledo (Martin Wallace, Kosmos 2008): rules, data, views, drawing, words and AI heuristics.

`GAME` is the game as the platform sees it (`toledo.core.protocol.Game`), found by the registry.
"""

from .game import GAME

__all__ = ["GAME"]
