"""Torres's actions and events told in words, for the move log.

`describe(outcome, action, after)` (`outcome`: what `State.apply` returned) returns the `LogLine` of one
action; `events(outcome, after)` the lines of what followed on its own (a scoring, a new phase, the end); `game_log` a whole game. A line is a
message key of the "log" context of the `torres` catalogues and its parameters, so the page says it in
any language (`LogLine.text(lang, names)`). Only what everyone saw is told: a card bought is never
named, a card played is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ...core.i18n import join_list, normalise_language, render
from . import data as D
from .actions import Action, Kind
from .outcome import TorresOutcome
from .stage import Stage
from .state import State
from .words import DOMAIN, colour_name, tr

_CONTEXT: Final = "log"


@dataclass(frozen=True, slots=True)
class Seat:
    """A player named in a line: by the name the page gives, else by colour."""

    index: int
    colour: int  # index into data.COLOURS


@dataclass(frozen=True, slots=True)
class Word:
    """An interface word of the game to translate (a card's name)."""

    key: str


@dataclass(frozen=True, slots=True)
class LogLine:
    """One log entry: a message key, its parameters (nested lines, seats, words, lists of them, plain
    values), the seat that acted (-1: nobody in particular) and the count that picks a plural form."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int = -1
    count: int | None = None

    def text(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        lang = normalise_language(lang)

        def say(value: Any) -> str:
            if isinstance(value, LogLine):
                return value.text(lang, names)
            if isinstance(value, Seat):
                return names[value.index] if value.index < len(names) and names[value.index] else \
                    colour_name(value.colour, lang)
            if isinstance(value, Word):
                return tr(value.key, lang)
            if isinstance(value, list):
                items = [say(v) for v in value]
                return "; ".join(items) if value and isinstance(value[0], LogLine) else join_list(items, lang)
            return str(value)

        params = {k: say(v) for k, v in self.params.items()}
        if self.count is not None:
            params.setdefault("count", str(self.count))
        return render(self.key, lang, params, domains=(DOMAIN,), context=_CONTEXT, count=self.count)


def _seat(st: State, seat: int) -> Seat:
    return Seat(seat, st.setup.colours[seat])


def _card(card: int) -> Word:
    return Word(f"card_{D.CARD_IDS[card]}")


def describe(outcome: TorresOutcome, action: Action, after: State) -> LogLine:
    """The log line of `action`, whose apply returned `outcome` and gave `after`."""
    seat = outcome.seat
    who = _seat(after, seat)
    names = D.SQUARE_NAMES
    square = names[action.sq] if action.sq >= 0 else ""
    target = names[action.to] if action.to >= 0 else ""
    k = action.kind
    if k is Kind.BLOCK:
        return LogLine("block", {"player": who, "square": square}, seat)
    if k is Kind.KNIGHT:
        return LogLine("knight", {"player": who, "square": square}, seat)
    if k is Kind.KING:
        if outcome.stage == Stage.KING_MOVE:
            return LogLine("king_move", {"player": who, "square": square}, seat)
        return LogLine("king", {"player": who, "square": square}, seat)
    if k is Kind.KING_STAY:
        return LogLine("king_stay", {"player": who}, seat)
    if k is Kind.PLACE:
        return LogLine("place", {"player": who, "square": square}, seat)
    if k is Kind.STEP:
        return LogLine("step", {"player": who, "square": square, "target": target}, seat)
    if k is Kind.PASS:
        return LogLine("pass", {"player": who, "square": square, "target": target}, seat)
    if k is Kind.BUILD:
        return LogLine("build", {"player": who, "square": square, "tower": action.tower + 1,
                                 "height": after.heights[action.sq]}, seat)
    if k is Kind.BUY:
        if action.card < 0:
            return LogLine("buy", {"player": who}, seat)
        # V2: the card kept and the order put back stay the buyer's secret
        return LogLine("keep" if action.top or action.bottom else "keep_only", {"player": who}, seat)
    if k is Kind.SCORE:
        return LogLine("score", {"player": who}, seat, count=action.n)
    if k is Kind.END:
        spread = [LogLine("spread_item", {"tower": i + 1, "count": added}) for i, added in enumerate(action.spread)
                  if added]
        if spread:
            return LogLine("end_spread", {"player": who, "tower": action.tower + 1, "spread": spread}, seat)
        return LogLine("end", {"player": who, "tower": action.tower + 1}, seat)
    params: dict[str, Any] = {"player": who, "card": _card(action.card), "square": square, "target": target,
                              "tower": action.tower + 1}
    return LogLine(_PLAY_KEYS[action.card], params, seat)


# one literal key per card, so the catalogue tests see every one
_PLAY_KEYS: Final = ("play_k10", "play_k11", "play_k12", "play_k13", "play_k14", "play_k15", "play_k16",
                     "play_k17", "play_k18", "play_k19")


def events(outcome: TorresOutcome, after: State) -> list[LogLine]:
    """What happened on its own after an action: a scoring, a new phase, the end of the game."""
    out: list[LogLine] = []
    if outcome.scored:
        before = outcome.scored
        results = [LogLine("scoring_item", {"player": _seat(after, s), "points": after.score[s] - before[s],
                                            "score": after.score[s]})
                   for s in ((outcome.order_start + i) % after.n for i in range(after.n))]
        out.append(LogLine("scoring", {"phase": outcome.phase + 1, "results": results}))
    if after.stage == Stage.TURN and outcome.stage in (Stage.KING, Stage.KING_MOVE):
        out.append(LogLine("phase_begins", {"phase": after.phase + 1}))
    if outcome.ended:
        winners = after.winners()
        out.append(LogLine("game_over", {"players": [_seat(after, s) for s in winners],
                                         "points": after.score[winners[0]]}, count=len(winners)))
    return out


def lines(outcome: TorresOutcome, action: Action, after: State) -> list[LogLine]:
    """The action's line, then the events it set off."""
    return [describe(outcome, action, after), *events(outcome, after)]


def game_log(start: State, actions: Sequence[Action]) -> list[LogLine]:
    """Every line of a game played from `start` (not changed) by `actions`."""
    out: list[LogLine] = []
    st = start.clone()
    for action in actions:
        out += lines(st.apply(action), action, st)
    return out
