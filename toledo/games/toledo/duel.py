"""How a duel is decided (D1-D3, D6): cards are revealed until one side has won two rounds."""

from __future__ import annotations

from collections.abc import Callable

from . import data as D
from .records import DuelRound


def round_won(card: int, mine: int, theirs: int) -> bool:
    """D2: a revealed card's scene goes to the side holding that scene's fencing tile alone; otherwise
    the figure decides (an attacker for the challenger). No card left (D6): the defender wins."""
    if card < 0:
        return False
    scene = D.CARD_COLOUR[card]
    bit = 1 << scene
    i_have = scene != D.NEUTRAL and bool(mine & bit)
    they_have = scene != D.NEUTRAL and bool(theirs & bit)
    return i_have if i_have != they_have else D.CARD_FIGURE[card] == D.ATTACKER


def reveal_rounds(take_top: Callable[[], int], mine: int, theirs: int) -> tuple[DuelRound, ...]:
    """D3: the rounds of a best-of-three, each card taken by `take_top` (-1 when none is left);
    `mine`/`theirs` are the challenger's and the defender's duel tiles as bit masks."""
    rounds: list[DuelRound] = []
    wins = losses = 0
    while wins < 2 and losses < 2:
        card = take_top()
        won = round_won(card, mine, theirs)
        rounds.append(DuelRound(card, won))
        if won:
            wins += 1
        else:
            losses += 1
    return tuple(rounds)
