"""A guided first game: a fixed deal played from a stored script, with steps that teach its rules.

A game's tutorial is data (`toledo/games/<name>/tutorial.py`, attribute `TUTORIAL`): the deal (seed,
seats: the learner and gentle computer players), the whole game as a script of action texts (every
seat's moves, so the lesson is the same every time), and an ordered list of steps. A step shows at a
given action count and says, through a catalogue key, what it teaches (the spec's rule ids) and what
the learner does there:

- `NEXT`: read, then press Next; nothing is played.
- `PLAY`: play the step's expected actions, in order (each one the script's action at that count).
- `FORWARD`: press Next and the script plays on, for every seat, up to the following step (so a long
  stretch of the game reaches its final round and scoring without a hundred clicks).

Between a step's end and the following step's count the script plays on by itself: only the computer
acts there, unless the step was a FORWARD (the tests check both). Every question a `Lesson` answers
takes the number of actions played, so it follows the game whichever part of the page asks first. The tutorial game is an ordinary
game (its setup plus its actions), so it is saved and resumed like any game, and the step reached
follows from the number of actions played (`Lesson.sync`): Next steps at that count are shown again
on resume, nothing else is repeated. Leaving the tutorial is just forgetting the lesson: the same
position goes on as a normal game.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from . import registry

NEXT: Final = "next"
PLAY: Final = "play"
FORWARD: Final = "forward"
KINDS: Final = (NEXT, PLAY, FORWARD)
DOMAIN: Final = "tutorial"  # the words every tutorial shares (buttons, refusals); a game's own domain holds its steps


@dataclass(frozen=True, slots=True)
class Step:
    """One moment of the lesson. `words` is a key of the tutorial's catalogue domain."""

    id: str
    rules: tuple[str, ...]  # the spec's rule ids the step teaches ("M6", "A4")
    words: str
    at: int  # the action count at which the step shows
    do: str = NEXT
    expect: tuple[str, ...] = ()  # PLAY: the action texts the learner plays, in order
    light: tuple[str, ...] = ()  # board keys or panel ids lit besides the expected action's own

    @property
    def end(self) -> int:
        """The action count once the step's own actions are played."""
        return self.at + len(self.expect)


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game's guided first game: its deal, its script and its steps."""

    game: str  # the registry name
    seed: int
    learner: int  # the learner's seat
    seats: tuple[str, ...]  # per seat: "human" for the learner, else the computer level after leaving
    script: tuple[str, ...]  # every action of the game, both sides, in order
    steps: tuple[Step, ...]
    domain: str  # the catalogue domain of the steps' words
    names: tuple[str, ...] = ()  # catalogue keys of the seats' names, if the lesson names them

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def setup(self) -> Any:
        return registry.get(self.game).make_setup(self.num_players, seed=self.seed)

    def rules(self) -> frozenset[str]:
        """Every rule id some step teaches."""
        return frozenset(rule for step in self.steps for rule in step.rules)

    def on_script(self, actions: Sequence[object]) -> bool:
        """Whether a game's actions (values or texts) are the start of the script: a tutorial game
        that was not left nor played otherwise."""
        return len(actions) <= len(self.script) and all(
            str(a) == s for a, s in zip(actions, self.script))


def tutorial_of(game: str) -> Tutorial | None:
    """The tutorial of the registered game `game`, or None if it has none."""
    try:
        module = importlib.import_module(f"{registry.info(game).module}.tutorial")
    except ModuleNotFoundError:
        return None
    found = getattr(module, "TUTORIAL", None)
    return found if isinstance(found, Tutorial) else None


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a learner's action is not the one the step asks for, and the action meant."""

    step: Step
    expected: str  # the action text the step asks for ("" when the step asks for Next)


@dataclass
class Lesson:
    """A tutorial being followed: which step shows, given how many actions the game holds."""

    tutorial: Tutorial
    index: int = 0  # the step shown (== len(steps) once past the last)
    _seen: int = field(default=-1, repr=False)

    @classmethod
    def resume(cls, tutorial: Tutorial, played: int) -> Lesson:
        """The lesson of a game holding `played` actions of the script."""
        lesson = cls(tutorial)
        lesson.sync(played)
        return lesson

    @property
    def step(self) -> Step | None:
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def last(self) -> bool:
        """Whether the step shown is the lesson's last."""
        return self.index == len(self.tutorial.steps) - 1

    def _first_from(self, played: int) -> int:
        for i, step in enumerate(self.tutorial.steps):
            if step.end > played or (step.do != PLAY and step.at >= played):
                return i
        return len(self.tutorial.steps)

    def sync(self, played: int) -> None:
        """Follow the game to `played` actions: forward as the script is played, back on undo."""
        first = self._first_from(played)
        self.index = first if played < self._seen else max(self.index, first)
        self._seen = played

    def waiting(self, played: int) -> bool:
        """The step shown waits for the learner (Next or a move), rather than for the script."""
        self.sync(played)
        step = self.step
        return step is not None and step.at <= played < max(step.end, step.at + 1)

    def expected(self, played: int) -> str | None:
        """The action text the learner is to play now, if the step asks for one."""
        self.sync(played)
        step = self.step
        if step is None or step.do != PLAY or not step.at <= played < step.end:
            return None
        return step.expect[played - step.at]

    def needs_next(self, played: int) -> bool:
        self.sync(played)
        step = self.step
        return step is not None and step.do != PLAY and step.at == played

    def press_next(self, played: int) -> None:
        """The learner read the step (Next): on to the following one (a FORWARD lets the script run)."""
        if self.needs_next(played):
            self.index += 1

    def auto(self, played: int) -> str | None:
        """The script's action to play by itself now (a computer's move, or a FORWARD stretch), if any."""
        if played >= len(self.tutorial.script) or self.waiting(played):  # (waiting syncs)
            return None
        step = self.step
        if step is not None and played >= step.at:
            return None  # the step's own moves are the learner's
        return self.tutorial.script[played]

    def check(self, played: int, action: object) -> Refusal | None:
        """None if `action` is what the step asks for now, else why not and what was meant."""
        expected = self.expected(played)
        if expected is not None and str(action) == expected:
            return None
        step = self.step
        assert step is not None or expected is None
        return Refusal(step if step is not None else self.tutorial.steps[-1], expected or "")


def keys_to_click(page: Any, state: Any, choice: Any, action: Any, lang: str = "en") -> tuple[str, ...]:
    """The click keys that play `action` from the choice at hand, for a game's page parts `page`
    (`toledo.core.page.GamePage`): its `keys_for` names them from a fresh choice; what is already picked
    (a card, a tower that stays chosen after a block) is left out, found by trying the path's shorter ends,
    each key on offer when it is clicked (offers and clicks are pure functions). () if the page cannot
    name the action."""
    keys = tuple(str(k) for k in page.keys_for(state, action))
    for first in range(len(keys) - 1, 0, -1):
        if _plays(page, state, choice, keys[first:], lang) == action:
            return keys[first:]
    return keys


def _plays(page: Any, state: Any, choice: Any, keys: Sequence[str], lang: str) -> Any:
    """The action clicking `keys` in turn plays (None if a key is not on offer or the choice goes on)."""
    for i, key in enumerate(keys):
        if key not in page.offer(state, choice, lang).keys:
            return None
        clicked = page.click(state, choice, key, lang)
        if clicked.action is not None:
            return clicked.action if i == len(keys) - 1 else None
        choice = clicked.choice
    return None

