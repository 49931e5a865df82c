"""The computer players' common interface and registry.

A bot sees only its seat's view and the legal actions (which follow from that view), and draws all
its randomness from its own seeded generator, so a game against it replays exactly. Every level is
written once for all games: ``make_bot(level, seed, game)`` builds one for the game called
`game` in `toledo.core.registry`.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable, Protocol, Sequence



class Bot(Protocol):
    name: str

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Pick one of `legal`, knowing only `view`."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline and the invariant suite's player."""

    name = "random"

    def __init__(self, seed: int, game: str) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))]


def decide(search: Any) -> Any:
    """A started sliced search (`run(slice)` until True, then `best()`) run to its choice in one go:
    how a bot decides outside the page, which drives the same slices between frames."""
    while not search.run(0.05):
        pass
    return search.best()


BotFactory = Callable[..., Bot]  # factory(seed, game=name)
BOTS: dict[str, BotFactory] = {"random": RandomBot}

# The most seconds of thinking a level's decision takes where a person waits for it (the page asks
# for `timed` bots): Hard answers within about a second on a slow device or a busy day as well, with
# the best it has weighed by then. Untimed bots (the ladder, the tests, native benchmarks) spend their
# whole budget, so their games replay the same on any machine. Expert has no time target.
THINKING_LIMITS: dict[str, float] = {"hard": 0.85}


def register(name: str, factory: BotFactory) -> None:
    BOTS[name] = factory


def make_bot(name: str, seed: int, game: str, timed: bool = False) -> Bot:
    """Level `name`'s player for `game`; `timed`: its searches end within the level's thinking limit."""
    _load_builtin_levels()
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(sorted(BOTS))})") from None
    bot = factory(seed, game=game)
    return time_limited(bot, name) if timed else bot


def time_limited(bot: Bot, level: str) -> Bot:
    """`bot`, its searches held to level `level`'s thinking limit (`THINKING_LIMITS`), where it has one."""
    limit = THINKING_LIMITS.get(level)
    if limit is not None and hasattr(bot, "max_seconds"):  # the searching levels take a limit
        bot.max_seconds = limit  # type: ignore[attr-defined]
    return bot


def bot_names() -> list[str]:
    _load_builtin_levels()
    return sorted(BOTS)


def _load_builtin_levels() -> None:
    """The levels register themselves when their package `toledo.ai` is imported."""
    importlib.import_module(__package__ or "toledo.ai")
