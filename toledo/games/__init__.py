"""The games of the platform, one package each. Adding a game: its folder plus one line here."""

from ..core.registry import GameInfo, register

register(GameInfo("toledo", "Toledo", 2, 4, "toledo.games.toledo"))
register(GameInfo("torres", "Torres", 2, 4, "toledo.games.torres"))
