"""The computer players' common interface and registry.

A bot sees only its seat's `PlayerView` and the legal actions (which follow from that view), and
draws all its randomness from its own seeded generator, so a game against it replays exactly.
"""

from __future__ import annotations

import importlib
import random
from typing import Callable, Protocol

from ..games.toledo.actions import Action
from ..games.toledo.view import PlayerView


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Pick one of `legal`, knowing only `view`."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline and the invariant suite's player."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return legal[self.rng.randrange(len(legal))]


BotFactory = Callable[[int], Bot]
BOTS: dict[str, BotFactory] = {"random": RandomBot}


def register(name: str, factory: BotFactory) -> None:
    BOTS[name] = factory


def make_bot(name: str, seed: int = 0) -> Bot:
    _load_builtin_levels()
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(sorted(BOTS))})") from None


def bot_names() -> list[str]:
    _load_builtin_levels()
    return sorted(BOTS)


def _load_builtin_levels() -> None:
    """The levels register themselves when their package `toledo.ai` is imported."""
    importlib.import_module(__package__ or "toledo.ai")
