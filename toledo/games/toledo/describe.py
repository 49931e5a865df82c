"""Actions told in words, for the move log.

`describe(before, action, after)` returns a `LogLine`: a message key and its parameters, so that the
interface can say it in any of its languages (`LogLine.text(lang)`). It tells only what everyone
saw: cards drawn are counted, never named.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import data as D
from .actions import Action, Kind
from .state import Phase, State

# message catalogues for the log; {placeholders} are filled from LogLine.params (already translated)
LOG_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "draw": "{player} takes {count} cards.",
        "place": "{player} places a {circles}-circle {business} on space {space} ({row} row).",
        "move": "{player} plays a {value} and moves pawn {pawn} to {where}.",
        "extra": "{player} plays a {value} with the movement tile and moves pawn {pawn} to {where}.",
        "return": "{player} returns pawn {pawn} to the Cathedral.",
        "challenge": "{player} challenges {defender}: {rounds}. {winner} wins {score}.",
        "round": "{card} for {winner}",
        "round_none": "no card left, the round goes to {winner}",
        "pay_owner": "{player} pays a {value} to {owner} and {benefit}.",
        "pay_discard": "{player} pays a {value} and {benefit}.",
        "use": "{player} {benefit}.",
        "skip": "{player} leaves the space unused.",
        "sword": "{player} forges the sword worth {value} ({metal} metal, {gems} gems).",
        "fence": "{player} takes the {tile} fencing tile.",
        "fence_back": "{player} takes the {tile} fencing tile and gives back the {back} one.",
        "carry": "Pawn {pawn} carries the sword worth {value} into the Alcazar.",
        "carry_none": "Pawn {pawn} enters the Alcazar without a sword.",
        "end": "{player} ends the turn.",
        "pass": "{player} cannot act and passes.",
        "where_business": "{owner}'s {business} (space {space})",
        "where_own": "their own {business} (space {space})",
        "where_tavern": "the tavern (space {space})",
        "where_artist": "the artist (space {space})",
        "where_alcazar": "the Alcazar",
        "where_full": "{place}, which is full",
        "where_cathedral": "the Cathedral",
        "benefit_metal": "takes 1 metal",
        "benefit_gem": "takes 1 gem",
        "benefit_sword": "goes to forge a sword",
        "benefit_fence": "goes to the fencing master",
        "benefit_tavern": "draws {count} cards",
        "benefit_artist": "takes a painting worth {value}",
        "business_metal": "metal dealer", "business_gem": "gem dealer", "business_sword": "swordsmith", "business_fence": "fencing master",
        "bottom": "bottom", "middle": "middle", "top": "top",
        "violet": "violet", "brown": "brown", "teal": "teal", "neutral": "neutral", "movement": "movement",
        "card": "a {value} ({colour}, {figure})",
        "attacker": "attacker", "defender": "defender",
    },
    "de": {
        "draw": "{player} nimmt {count} Karten.",
        "place": "{player} legt einen {business} mit {circles} Kreis(en) auf Feld {space} ({row} Reihe).",
        "move": "{player} spielt eine {value} und zieht Figur {pawn} auf {where}.",
        "extra": "{player} spielt eine {value} mit dem Bewegungsplättchen und zieht Figur {pawn} auf {where}.",
        "return": "{player} setzt Figur {pawn} auf die Kathedrale zurück.",
        "challenge": "{player} fordert {defender} heraus: {rounds}. {winner} gewinnt {score}.",
        "round": "{card} für {winner}",
        "round_none": "keine Karte mehr, die Runde geht an {winner}",
        "pay_owner": "{player} zahlt eine {value} an {owner} und {benefit}.",
        "pay_discard": "{player} zahlt eine {value} und {benefit}.",
        "use": "{player} {benefit}.",
        "skip": "{player} nutzt das Feld nicht.",
        "sword": "{player} schmiedet das Schwert im Wert {value} ({metal} Metall, {gems} Edelsteine).",
        "fence": "{player} nimmt das Fechtplättchen {tile}.",
        "fence_back": "{player} nimmt das Fechtplättchen {tile} und gibt {back} zurück.",
        "carry": "Figur {pawn} bringt das Schwert im Wert {value} in den Alcazar.",
        "carry_none": "Figur {pawn} betritt den Alcazar ohne Schwert.",
        "end": "{player} beendet den Zug.",
        "pass": "{player} kann nichts tun und passt.",
        "where_business": "den {business} von {owner} (Feld {space})",
        "where_own": "den eigenen {business} (Feld {space})",
        "where_tavern": "die Taverne (Feld {space})",
        "where_artist": "den Künstler (Feld {space})",
        "where_alcazar": "den Alcazar",
        "where_full": "{place}, das besetzt ist",
        "where_cathedral": "die Kathedrale",
        "benefit_metal": "nimmt 1 Metall",
        "benefit_gem": "nimmt 1 Edelstein",
        "benefit_sword": "geht zum Schmieden",
        "benefit_fence": "geht zum Fechtmeister",
        "benefit_tavern": "zieht {count} Karten",
        "benefit_artist": "nimmt ein Gemälde im Wert {value}",
        "business_metal": "Metallhändler", "business_gem": "Edelsteinhändler", "business_sword": "Schwertschmied", "business_fence": "Fechtmeister",
        "bottom": "untere", "middle": "mittlere", "top": "obere",
        "violet": "violett", "brown": "braun", "teal": "türkis", "neutral": "neutral", "movement": "Bewegung",
        "card": "eine {value} ({colour}, {figure})",
        "attacker": "Angreifer", "defender": "Verteidiger",
    },
    "fr": {
        "draw": "{player} prend {count} cartes.",
        "place": "{player} pose un {business} à {circles} cercle(s) sur la case {space} (rangée {row}).",
        "move": "{player} joue un {value} et avance le pion {pawn} vers {where}.",
        "extra": "{player} joue un {value} grâce à la tuile de déplacement et avance le pion {pawn} vers {where}.",
        "return": "{player} ramène le pion {pawn} à la cathédrale.",
        "challenge": "{player} défie {defender} : {rounds}. {winner} gagne {score}.",
        "round": "{card} pour {winner}",
        "round_none": "plus de carte, la manche revient à {winner}",
        "pay_owner": "{player} paie un {value} à {owner} et {benefit}.",
        "pay_discard": "{player} paie un {value} et {benefit}.",
        "use": "{player} {benefit}.",
        "skip": "{player} n'utilise pas la case.",
        "sword": "{player} forge l'épée de valeur {value} ({metal} métal, {gems} gemmes).",
        "fence": "{player} prend la tuile d'escrime {tile}.",
        "fence_back": "{player} prend la tuile d'escrime {tile} et rend la tuile {back}.",
        "carry": "Le pion {pawn} apporte l'épée de valeur {value} à l'Alcazar.",
        "carry_none": "Le pion {pawn} entre à l'Alcazar sans épée.",
        "end": "{player} termine son tour.",
        "pass": "{player} ne peut rien faire et passe.",
        "where_business": "le {business} de {owner} (case {space})",
        "where_own": "son propre {business} (case {space})",
        "where_tavern": "la taverne (case {space})",
        "where_artist": "l'artiste (case {space})",
        "where_alcazar": "l'Alcazar",
        "where_full": "{place}, qui est occupé",
        "where_cathedral": "la cathédrale",
        "benefit_metal": "prend 1 métal",
        "benefit_gem": "prend 1 gemme",
        "benefit_sword": "va forger une épée",
        "benefit_fence": "va chez le maître d'armes",
        "benefit_tavern": "pioche {count} cartes",
        "benefit_artist": "prend un tableau de valeur {value}",
        "business_metal": "marchand de métal", "business_gem": "marchand de gemmes", "business_sword": "forgeron", "business_fence": "maître d'armes",
        "bottom": "du bas", "middle": "du milieu", "top": "du haut",
        "violet": "violette", "brown": "marron", "teal": "turquoise", "neutral": "neutre", "movement": "déplacement",
        "card": "un {value} ({colour}, {figure})",
        "attacker": "attaquant", "defender": "défenseur",
    },
}
LANGUAGES = tuple(LOG_MESSAGES)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One log entry: a message key and parameters; nested lines are parameters too."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int = -1  # who acted (-1: nobody in particular)

    def text(self, lang: str = "en", names: list[str] | None = None) -> str:
        messages = LOG_MESSAGES.get(lang, LOG_MESSAGES["en"])

        def render(value: Any) -> str:
            if isinstance(value, LogLine):
                return value.text(lang, names)
            if isinstance(value, list):
                return "; ".join(render(v) for v in value)
            if isinstance(value, Seat):
                return names[value.index] if names else value.colour.capitalize()
            if isinstance(value, Word):
                return messages.get(value.key, value.key)
            return str(value)

        return messages[self.key].format(**{k: render(v) for k, v in self.params.items()})


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


def _benefit(before: State, after: State, seat: int, space: int) -> LogLine:
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.TAVERN:
        return LogLine("benefit_tavern", {"count": after.hand_sizes[seat] - before.hand_sizes[seat] + 1})
    if kind == D.SpaceKind.ARTIST:
        return LogLine("benefit_artist", {"value": after.paintings[seat][-1]})
    return LogLine("benefit_" + D.BUSINESS_NAMES[before.tile_business[space]])


def describe(before: State, action: Action, after: State) -> LogLine:
    """The log line for `action`, applied to `before` giving `after`."""
    seat = before.current
    player = _seat(before, seat)
    kind = action.kind
    line: LogLine
    if kind is Kind.DRAW:
        line = LogLine("draw", {"player": player, "count": after.hand_sizes[seat] - before.hand_sizes[seat]})
    elif kind is Kind.PLACE:
        line = LogLine("place", {"player": player, "circles": action.circles,
                                 "business": Word("business_" + D.BUSINESS_NAMES[action.business]), "space": action.space,
                                 "row": Word(D.ROW_NAMES[D.SPACE_FEES[action.space]])})
    elif kind is Kind.MOVE or kind is Kind.EXTRA:
        pawn = seat * D.PAWNS_PER_PLAYER + action.pawn
        dest = after.pawn_pos[pawn]
        if dest == D.ALCAZAR:
            where = LogLine("where_alcazar")
        else:
            where = _place(before, dest, seat)
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
            winner = _seat(before, duel.challenger if r.challenger_won else duel.defender)
            rounds.append(LogLine("round_none", {"winner": winner}) if r.card < 0
                          else LogLine("round", {"card": _card(r.card), "winner": winner}))
        won = sum(r.challenger_won for r in duel.rounds)
        line = LogLine("challenge", {
            "player": player, "defender": _seat(before, duel.defender), "rounds": rounds,
            "winner": _seat(before, duel.challenger if duel.challenger_won else duel.defender),
            "score": f"{won}:{len(duel.rounds) - won}"})
    elif kind is Kind.PAY or kind is Kind.USE:
        space = before.pawn_pos[before.active_pawn]
        benefit = _benefit(before, after, seat, space)
        if kind is Kind.USE:
            line = LogLine("use", {"player": player, "benefit": benefit})
        elif D.SPACE_KINDS[space] == D.SpaceKind.BUSINESS:
            line = LogLine("pay_owner", {"player": player, "value": D.CARD_VALUE[action.card],
                                         "owner": _seat(before, before.tile_owner[space]), "benefit": benefit})
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
        pawn = before.active_pawn % D.PAWNS_PER_PLAYER + 1
        line = (LogLine("carry_none", {"pawn": pawn}) if action.sword < 0
                else LogLine("carry", {"pawn": pawn, "value": D.SWORDS[action.sword].value}))
    else:
        line = LogLine(kind.name.lower(), {"player": player})
    return LogLine(line.key, line.params, seat)


def game_log(setup_state: State, actions: list[Action]) -> list[LogLine]:
    """Describe every action of a game, replaying it from a fresh copy of `setup_state`."""
    state = setup_state.clone()
    lines = []
    for action in actions:
        before = state.clone()
        state.apply(action)
        lines.append(describe(before, action, state))
    return lines
