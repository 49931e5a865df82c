"""Actions told in words, for the move log.

`describe(outcome, action, after)` (`outcome`: what `State.apply` returned) returns a `LogLine`: a message key and its parameters, so that the
interface can say it in any of its languages (`LogLine.text(lang)`, from the "log" context of the
`toledo` gettext catalogues). It tells only what everyone saw: cards drawn are counted, never named.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...core.i18n import LANGUAGES, template
from . import data as D
from .actions import Action, Kind
from .outcome import ToledoOutcome
from .state import Phase, State
from .words import DOMAIN

# The log's words: msgctxt "log" of this game's catalogues; {placeholders} are filled from LogLine.params
# (already translated), without French elision.
_CONTEXT: Final = "log"


@dataclass(frozen=True, slots=True)
class LogLine:
    """One log entry: a message key and parameters; nested lines are parameters too."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int = -1  # who acted (-1: nobody in particular)

    def text(self, lang: str = "en", names: list[str] | None = None) -> str:
        lang = lang if lang in LANGUAGES else "en"

        def word(key: str) -> str:
            try:
                return template(key, lang, domains=(DOMAIN,), context=_CONTEXT)
            except KeyError:
                return key

        def render(value: Any) -> str:
            if isinstance(value, LogLine):
                return value.text(lang, names)
            if isinstance(value, list):
                return "; ".join(render(v) for v in value)
            if isinstance(value, Seat):
                return names[value.index] if names else value.colour.capitalize()
            if isinstance(value, Word):
                return word(value.key)
            return str(value)

        text = template(self.key, lang, domains=(DOMAIN,), context=_CONTEXT)
        return text.format(**{k: render(v) for k, v in self.params.items()})


@dataclass(frozen=True, slots=True)
class Seat:
    """A player named in a log line: shown by the seat's name when known, else its colour."""

    index: int
    colour: str


@dataclass(frozen=True, slots=True)
class Word:
    """A word to translate (business, row, colour...)."""

    key: str


def _seat(state: State, seat: int) -> Seat:
    return Seat(seat, state.colour_of(seat))


def _place(state: State, space: int, seat: int) -> LogLine:
    kind = D.SPACE_KINDS[space]
    if space == D.CATHEDRAL:
        return LogLine("where_cathedral")
    if kind == D.SpaceKind.TAVERN:
        return LogLine("where_tavern", {"space": space})
    if kind == D.SpaceKind.ARTIST:
        return LogLine("where_artist", {"space": space})
    owner = state.tile_owner[space]
    business = Word("business_" + D.BUSINESS_NAMES[state.tile_business[space]])
    if owner == seat:
        return LogLine("where_own", {"business": business, "space": space})
    return LogLine("where_business", {"owner": _seat(state, owner), "business": business, "space": space})


def _card(card: int) -> LogLine:
    return LogLine("card", {"value": D.CARD_VALUE[card], "colour": Word(D.SCENE_COLOURS[D.CARD_COLOUR[card]]),
                            "figure": Word(D.FIGURES[D.CARD_FIGURE[card]])})


def _benefit(outcome: ToledoOutcome, after: State, space: int) -> LogLine:
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.TAVERN:
        return LogLine("benefit_tavern", {"count": outcome.hand_change + 1})
    if kind == D.SpaceKind.ARTIST:
        return LogLine("benefit_artist", {"value": after.paintings[outcome.seat][-1]})
    return LogLine("benefit_" + D.BUSINESS_NAMES[after.tile_business[space]])  # using a tile never changes it


def describe(outcome: ToledoOutcome, action: Action, after: State) -> LogLine:
    """The log line for `action`, whose apply returned `outcome` and gave `after` (a move or a use never
    changes a tile, and a seat keeps its colour: `after` tells them as `before` did)."""
    seat = outcome.seat
    player = _seat(after, seat)
    kind = action.kind
    line: LogLine
    if kind is Kind.DRAW:
        line = LogLine("draw", {"player": player, "count": outcome.hand_change})
    elif kind is Kind.PLACE:
        line = LogLine("place", {"player": player, "circles": action.circles,
                                 "business": Word("business_" + D.BUSINESS_NAMES[action.business]), "space": action.space,
                                 "row": Word(D.ROW_NAMES[D.SPACE_FEES[action.space]])})
    elif kind is Kind.MOVE or kind is Kind.EXTRA:
        dest = after.pawn_pos[outcome.pawn]
        if dest == D.ALCAZAR:
            where = LogLine("where_alcazar")
        else:
            where = _place(after, dest, seat)
            if after.phase == Phase.FULL:
                where = LogLine("where_full", {"place": where})
        line = LogLine(kind.name.lower(), {"player": player, "value": D.CARD_VALUE[action.card],
                                           "pawn": action.pawn + 1, "where": where})
    elif kind is Kind.RETURN:
        line = LogLine("return", {"player": player, "pawn": action.pawn + 1})
    elif kind is Kind.CHALLENGE:
        duel = after.last_duel
        assert duel is not None
        rounds = []
        for r in duel.rounds:
            winner = _seat(after, duel.challenger if r.challenger_won else duel.defender)
            rounds.append(LogLine("round_none", {"winner": winner}) if r.card < 0
                          else LogLine("round", {"card": _card(r.card), "winner": winner}))
        won = sum(r.challenger_won for r in duel.rounds)
        line = LogLine("challenge", {
            "player": player, "defender": _seat(after, duel.defender), "rounds": rounds,
            "winner": _seat(after, duel.challenger if duel.challenger_won else duel.defender),
            "score": f"{won}:{len(duel.rounds) - won}"})
    elif kind is Kind.PAY or kind is Kind.USE:
        space = outcome.source
        benefit = _benefit(outcome, after, space)
        if kind is Kind.USE:
            line = LogLine("use", {"player": player, "benefit": benefit})
        elif D.SPACE_KINDS[space] == D.SpaceKind.BUSINESS:
            line = LogLine("pay_owner", {"player": player, "value": D.CARD_VALUE[action.card],
                                         "owner": _seat(after, after.tile_owner[space]), "benefit": benefit})
        else:
            line = LogLine("pay_discard", {"player": player, "value": D.CARD_VALUE[action.card], "benefit": benefit})
    elif kind is Kind.SWORD:
        sword = D.SWORDS[action.sword]
        line = LogLine("sword", {"player": player, "value": sword.value, "metal": sword.metal, "gems": sword.gems})
    elif kind is Kind.FENCE:
        params: dict[str, Any] = {"player": player, "tile": Word(D.FENCING_NAMES[action.take])}
        if action.give_back >= 0:
            params["back"] = Word(D.FENCING_NAMES[action.give_back])
        line = LogLine("fence_back" if action.give_back >= 0 else "fence", params)
    elif kind is Kind.CARRY:
        pawn = outcome.pawn % D.PAWNS_PER_PLAYER + 1
        line = (LogLine("carry_none", {"pawn": pawn}) if action.sword < 0
                else LogLine("carry", {"pawn": pawn, "value": D.SWORDS[action.sword].value}))
    else:
        line = LogLine(kind.name.lower(), {"player": player})
    return LogLine(line.key, line.params, seat)


def game_log(setup_state: State, actions: list[Action]) -> list[LogLine]:
    """Describe every action of a game, replaying it from a fresh copy of `setup_state`."""
    state = setup_state.clone()
    return [describe(state.apply(action), action, state) for action in actions]
