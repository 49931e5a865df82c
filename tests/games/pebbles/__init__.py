"""Pebbles, a game only the tests register: the smallest game the platform plays (see `game`)."""

from .game import GAME

__all__ = ["GAME"]
