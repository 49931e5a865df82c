"""Real Toledo positions for the browser tests: seeded games played by Greedy in Python, handed to the page
as share links (the address's fragment)."""

from __future__ import annotations

from toledo.ai.bots import make_bot
from toledo.core import codec, registry

NAMES = ("Ann", "Bea", "Cid", "Dan")


def midgame_link(players: int, actions: int, seed: int = 7) -> str:
    """The fragment of a link to a game of `players` after about `actions` actions, where the person at seat 0
    (the others Medium) is to act."""
    game = registry.get("toledo")
    setup = game.make_setup(players, seed, 0, tuple(range(players)), game.variants[0])
    state = game.new_state(setup)
    bots = [make_bot("greedy", seed + seat, "toledo") for seat in range(players)]
    played = []
    while not state.is_terminal() and (len(played) < actions or state.current_player != 0):
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        state.apply(action)
        played.append(action)
    document = codec.save_document(setup, NAMES[:players], ("human",) + ("medium",) * (players - 1), played, game)
    return codec.share_fragment(document)
