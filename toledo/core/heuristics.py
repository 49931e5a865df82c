"""What a game tells the computer players about itself: the one protocol between a game and `toledo.ai`.

The search, the levels and the coach in `toledo.ai` are written once for every game; each game
supplies only this knowledge. A game package may import only the core, which is why the protocol
lives here; the AI reaches a game's object through the registry, as `GAME.heuristics()`, which
imports the game's AI module on first use (a page where only people play never loads it).

Units: `score_actions` and `points` speak in the game's points (fame, victory points), so one
temperature or margin means the same thing in every part of a game's AI; `win_values` are win
chances in [0, 1], one per seat.

Everything here is called inside the search's inner loop: implementations should work on plain
fields of the state and allocate little.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

Params = dict[str, object]


class Heuristics(Protocol):
    """One game's knowledge for the generic computer players (see the module docstring)."""

    prior_temperature: float  # softmax temperature turning `score_actions` into the search's priors
    easy_temperature: float  # the same for the Easy level (hot: a beginner's spread of choices)
    hard_iterations: int  # Hard's search budget per decision (Expert: three times this), sized to the browser
    hard_per_option: int  # ... and per distinct option, for decisions with few options
    playout_turns: int  # whole turns a playout plays after the turn in progress (the rivals' answer) before weighing
    search_turns: int  # > 0: Hard weighs every leaf at the end of the same turn, this many after the decision's own
    medium_samples: int  # states Medium draws from its view per decision (few when little is hidden)
    medium_width: int  # options Medium looks ahead from, the scorer's favourites (0: every option)
    medium_turns: int  # turns after its own Medium plays out by the playout policy before weighing (0: none)
    lookahead_priors: float  # > 0: Hard's root priors come from Medium's lookahead, softened by this many points
    # (optional: `hard_c_puct`, {players: constant}, the tree's exploration where a table size wants its own)

    def group(self, legal: Sequence[Any], board: Any) -> dict[Hashable, Any]:
        """The legal actions of the player to act in `board` (a state or a view) grouped into
        strategically alike options: key -> representative (the first legal action of the group,
        so the choice is deterministic). Keys are hashable and stable across sampled states.
        (Optional alongside it: `group_legal(state)`, the very same dict for `state.legal_actions()`
        worked out without listing them; the search's tree calls it where a game has it.)"""
        ...

    def score_actions(self, state: Any, legal: Sequence[Any]) -> list[float]:
        """A cheap hand-made worth, in points, of each legal action for the player to act,
        without applying any: the greedy level's choice, the search's priors, Easy's softmax."""
        ...

    def greedy_scores(self, state: Any, legal: Sequence[Any]) -> list[float]:
        """Each legal action's one-step gain in points from the player's own view, in plain terms
        (the Greedy level's choice, the yardstick of the others): public facts and the player's own only."""
        ...

    def rollout_action(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The playout policy: a fast, mostly greedy choice among `legal`. (Optional alongside it:
        `playout_action(state, rng)`, the same choice among the state's legal actions, with the same
        draws from `rng`, worked out without listing them; the search's playouts call it where a
        game has it. And `playout(state, rng, last_turn, max_steps)`, which applies it until the game
        is over, the turn `last_turn` has ended or `max_steps` actions were played: the playout in one call.)"""
        ...

    def points(self, state: Any) -> list[float]:
        """Each seat's expected final points from here (the game's real result once it is over)."""
        ...

    def win_values(self, state: Any) -> list[float]:
        """A value in [0, 1] per seat: the result once the game is over, else a win chance."""
        ...

    def turn(self, state: Any) -> int:
        """A number that grows by one with every turn: playouts stop when their turn is over."""
        ...

    def advance(self, state: Any, action: Any) -> None:
        """Apply a legal action as fast as the game can (no legality check, no history needed)."""
        ...

    def forced(self, state: Any) -> bool:
        """Is the decision at hand a follow-up of the previous action of the same player (pay or
        use, take a reward, finish a move), which a one-ply player resolves at once?"""
        ...

    def reason(self, state: Any, action: Any) -> tuple[str, Params]:
        """Why `action` is good in plain words: a message key of the words catalogue and its
        parameters (the coach's hint line)."""
        ...


def lead(points: Sequence[float], seat: int, against: float = 0.0, weight: float = 1.0) -> float:
    """The seat's points less its rivals': the best rival's, with the rivals' mean's share `against`
    mixed in (0: the best rival alone, 1: the mean alone), counted `weight` times. With three or four
    players, against the best rival alone whatever a move hands a rival who is not ahead yet costs
    nothing; a `weight` above 1 makes a point handed to the rivals cost more than a point won."""
    rivals = [x for q, x in enumerate(points) if q != seat]
    best = max(rivals)
    if not against:
        return points[seat] - weight * best
    return points[seat] - weight * ((1.0 - against) * best + against * sum(rivals) / len(rivals))


class HasHeuristics(Protocol):
    """A game whose computer players are written: its `GAME` offers this."""

    def heuristics(self) -> Heuristics: ...

    def sample_state(self, view: Any, rng: random.Random) -> Any: ...


class BasicHeuristics:
    """A game's computer players knowing nothing but its rules: every action an option of its own, no
    preference among them, random playouts, win chances only from a finished game's result. A new
    game subclasses it and overrides what it knows (most often `score_actions` and `points`); the
    search is then as good as its playouts."""

    prior_temperature = 1.0
    easy_temperature = 1.0
    hard_iterations = 400
    hard_per_option = 40
    playout_turns = 4
    search_turns = 0
    medium_samples = 4
    medium_width = 0
    medium_turns = 0
    lookahead_priors = 0.0

    def group(self, legal: Sequence[Any], board: Any) -> dict[Hashable, Any]:
        return {str(action): action for action in legal}

    def score_actions(self, state: Any, legal: Sequence[Any]) -> list[float]:
        return [0.0] * len(legal)

    def rollout_action(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]

    def points(self, state: Any) -> list[float]:
        return self.win_values(state)

    def win_values(self, state: Any) -> list[float]:
        n = state.setup.num_players
        return list(state.returns()) if state.is_terminal() else [1.0 / n] * n

    def turn(self, state: Any) -> int:
        return int(state.turn)

    def advance(self, state: Any, action: Any) -> None:
        state.apply(action)

    def forced(self, state: Any) -> bool:
        return False

    def reason(self, state: Any, action: Any) -> tuple[str, Params]:
        return "coach_reason_best", {}  # a word of the shell's catalogue, for every game
