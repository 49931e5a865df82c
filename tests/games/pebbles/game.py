"""Pebbles: two players take 1, 2 or 3 pebbles in turn from a heap of 15 to 20; whoever takes the last
one wins. Each holds a secret number from 1 to 3, dealt from the seed, and once in the game may take
that many instead ("reserve"), which shows it: the one hidden thing."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from toledo.core.boundary.text import parse_small_int
from toledo.core.boundary.values import exactly_equal
from toledo.core.errors import ActionSyntaxError, IllegalActionError, SetupError
from toledo.core.heuristics import BasicHeuristics
from toledo.core.protocol import PlainOutcome
from toledo.core.seating import check_seating
from toledo.core.state_base import StateBase

COLOURS = ("black", "white")


@dataclass(frozen=True, slots=True)
class Setup:
    num_players: int = 2
    seed: int = 0
    start_player: int = 0
    colours: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", check_seating("Pebbles", 2, 2, COLOURS, self.num_players, self.colours,
                                                          self.start_player, self.seed))


@dataclass(frozen=True, slots=True)
class Take:
    count: int  # 1 to 3; 0 takes the secret number

    def __str__(self) -> str:
        return f"take {self.count}" if self.count else "reserve"


TAKES = tuple(Take(k) for k in range(4))  # each action one value, as the real games keep them


def parse(text: str) -> Take:
    words = text.split(" ") if isinstance(text, str) else []
    count = parse_small_int(words[1], 1, 3) if len(words) == 2 and words[0] == "take" else None
    if words != ["reserve"] and count is None:
        raise ActionSyntaxError(str(text), "not 'take 1', 'take 2', 'take 3' or 'reserve'")
    return TAKES[count or 0]


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    num_players: int
    colours: tuple[int, ...]
    start_player: int
    step: int
    turn: int
    last_reveal_step: int
    current: int
    winner: int
    heap: int
    secret: int  # the seat's own
    shown: tuple[int, ...]  # each seat's secret once used, else 0


class State(StateBase):
    __slots__ = ("setup", "heap", "secret", "used", "current", "winner", "turn", "history", "base_step",
                 "last_reveal_step")

    def __init__(self, setup: Setup) -> None:
        rng = random.Random(f"pebbles:{setup.seed}")
        self.setup, self.heap, self.secret = setup, 15 + rng.randrange(6), [rng.randint(1, 3), rng.randint(1, 3)]
        self.used, self.current, self.winner, self.turn = [False, False], setup.start_player, -1, 1
        self.history: list[Take] = []
        self.base_step = self.last_reveal_step = 0

    def clone(self) -> State:
        other = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            setattr(other, name, value[:] if isinstance(value, list) else value)
        return other

    def is_terminal(self) -> bool:
        return self.heap == 0

    def legal_actions(self) -> tuple[Take, ...]:
        p, heap = self.current, self.heap
        reserve = TAKES[:1] if heap and not self.used[p] and self.secret[p] <= heap else ()
        return tuple(TAKES[k] for k in (1, 2, 3) if k <= heap) + reserve

    def why_illegal(self, action: Any) -> str:
        if self.heap == 0:
            return "the game is over"
        if not any(exactly_equal(action, take) for take in TAKES):
            return "not an action"
        return "the reserve is used up" if action.count == 0 and self.used[self.current] else "too few pebbles left"

    def apply(self, action: Any) -> PlainOutcome:
        own = next((legal for legal in self.legal_actions() if exactly_equal(action, legal)), None)
        if own is None:
            text = str(action) if isinstance(action, Take) else repr(action)[:40]
            raise IllegalActionError(text, self.why_illegal(action), self.step, self.current_player)
        action = own  # the history keeps the game's own value, never a caller's copy
        p = self.current
        self.heap -= action.count or self.secret[p]
        self.used[p] = self.used[p] or not action.count
        self.history.append(action)
        self.last_reveal_step = self.step  # every action ends a turn
        if self.heap == 0:
            self.winner = p
        else:
            self.current, self.turn = 1 - p, self.turn + 1
        return PlainOutcome(p, self.heap == 0)

    def returns(self) -> list[float]:
        return [float(seat == self.winner) for seat in (0, 1)]

    def view(self, seat: int) -> View:
        shown = tuple(s if u else 0 for s, u in zip(self.secret, self.used))
        return View(seat, 2, self.setup.colours, self.setup.start_player, self.step, self.turn, self.last_reveal_step,
                    self.current_player, self.winner, self.heap, self.secret[seat], shown)


def sample_state(view: View, rng: random.Random) -> State:
    """The other secret redrawn unless it was shown."""
    state = State(Setup(2, rng.getrandbits(63), view.start_player, view.colours))
    state.heap, state.winner, state.turn, state.last_reveal_step = view.heap, view.winner, view.turn, view.last_reveal_step
    state.current = view.current if view.current >= 0 else view.winner
    state.secret = [view.secret if seat == view.seat else shown or rng.randint(1, 3) for seat, shown in enumerate(view.shown)]
    state.used, state.base_step = [bool(shown) for shown in view.shown], view.step
    return state


class Heuristics(BasicHeuristics):
    def score_actions(self, state: State, legal: Any) -> list[float]:  # leave the heap a multiple of four
        taken = [a.count or state.secret[state.current] for a in legal]
        return [float((state.heap - k) % 4 == 0) for k in taken]


class PebblesGame:
    name, title, min_players, max_players = "pebbles", "Pebbles", 2, 2
    colours, variants, setup_type = COLOURS, ("base",), Setup

    def make_setup(self, num_players: int, seed: int = 0, start_player: int = 0, colours: Any = (),
                   variant: str = "") -> Setup:
        if variant not in ("", "base"):
            raise SetupError("Pebbles has no variants")
        return Setup(num_players, seed, start_player, tuple(colours))

    def setup_variant(self, setup: Setup) -> str:
        return "base"

    def new_state(self, setup: Setup) -> State:
        return State(setup)

    def parse_action(self, text: str) -> Take:
        return parse(text)

    def sample_state(self, view: View, rng: random.Random) -> State:
        return sample_state(view, rng)

    def heuristics(self) -> Heuristics:
        return Heuristics()


GAME = PebblesGame()
