"""Real Torres positions for the browser tests, made by playing seeded games in Python and handed to
the page as save files: a late game with tall towers, a king's move and a build by the person at seat 0."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from toledo.core.save import PlayerEntry, dumps
from toledo.games.torres import data as D
from toledo.games.torres.stage import Stage
from toledo.games.torres.state import Setup, State

TOWERING = 0.75  # how often the builder takes the action that makes the board's towers tallest


def _tallness(st: State) -> int:
    return sum(h * h for h in st.heights)


def play(seed: int, stop: Callable[[State], bool], *, towering: float = TOWERING, players: int = 2) -> State:
    """A seeded game that favours tall towers, played until `stop` says so (or the end)."""
    st = State(Setup(players, seed, 0, (), "base"))
    rng = random.Random(seed)
    while not st.is_terminal() and not stop(st):
        legal = st.legal_actions()
        if rng.random() < towering and len(legal) > 1:
            action = max(legal, key=lambda a: (_tallness(st.child(a)), rng.random()))
        else:
            action = legal[rng.randrange(len(legal))]
        st.apply(action)
    return st


def late_game() -> State:
    """Phase 3 under way, seat 0 (the person) to act: the tallest towers a game reaches."""
    return play(5, lambda st: st.phase == 2 and st.rnd >= 2 and st.stage == Stage.TURN and st.current_player == 0
                and st.ap == D.AP_PER_TURN)


def kings_move() -> State:
    """After scoring 1, the person at seat 0 moves the king."""
    for seed in range(40):
        st = play(seed, lambda s: s.stage == Stage.KING_MOVE or s.phase > 0, towering=0.3)
        if st.stage == Stage.KING_MOVE and st.current_player == 0:
            return st
    raise AssertionError("no seed gives seat 0 the king's move")


def save_file(st: State, folder: Path, kinds: tuple[str, ...] = ("human", "random"),
              names: tuple[str, ...] = ("Ann", "Bot")) -> Path:
    players = [PlayerEntry(name=names[i], colour=D.COLOURS[c], kind=kinds[i])  # type: ignore[arg-type]
               for i, c in enumerate(st.setup.colours)]
    path = folder / "torres-position.json"
    path.write_text(dumps(st, players), encoding="utf-8")
    return path


def build_turn() -> State:
    """Phase 2's first turn of the person at seat 0: full towers, so a build is offered."""
    for seed in range(40):
        st = play(seed, lambda s: s.phase == 1 and s.stage == Stage.TURN and s.current_player == 0, towering=0.3)
        if st.phase == 1 and st.stage == Stage.TURN and st.current_player == 0:
            return st
    raise AssertionError("no seed reaches seat 0's turn in phase 2")


def before_scoring() -> State:
    """The last turn of phase 1 with nothing but its end left to choose: ending it scores."""
    for seed in range(40):
        st = play(seed, lambda s: s.stage == Stage.TURN and s.phase == 0 and s.rnd == s.rounds() - 1
                  and s.turn_in_round == s.n - 1, towering=0.3)
        if st.stage == Stage.TURN and st.phase == 0:
            return st
    raise AssertionError("no seed reaches the last turn of phase 1")


def rival_holds_cards() -> State:
    """The person at seat 0 to act in a turn while the computer at seat 1 holds cards (bought earlier)."""
    return play(3, lambda st: any(st.hands[1]) and st.current_player == 0 and st.stage == Stage.TURN
                and st.ap == D.AP_PER_TURN, towering=0.2)
