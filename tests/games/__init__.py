"""Games registered only for the tests, never offered by the site: each is a folder here and one line
below, as a product game is a folder in `toledo/games/` and one line in `toledo/games/__init__.py`.
`tests/conftest.py` imports this package before collection, so the conformance suite, the core's
property tests and the computer players' tests play these games too."""

from toledo.core.registry import GameInfo, register

register(GameInfo("pebbles", "Pebbles", 2, 2, "tests.games.pebbles"))
