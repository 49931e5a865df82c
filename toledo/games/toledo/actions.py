"""Actions: small frozen values with a canonical text form that round-trips.

Every action that can ever exist is built once, at import, and `parse` returns those same objects,
so comparing actions is usually an identity check and the engine never allocates one in its loop.

Text forms (pawns are numbered 1-5 within the acting player's colour; cards are written by kind,
value + scene colour letter + figure letter, e.g. ``4Va`` = a 4 with a violet scene, attacker lit):

    draw                      A1: take 2 cards
    place metal2 7            A2: put your 2-circle metal dealer on space 7
    return 3                  A4: put pawn 3 back on the Cathedral
    move 4Va 2                A3/M1/M3: play a 4Va and move pawn 2 four spaces
    extra 2Nd 1               T1/T2: the movement tile's extra card, any value
    challenge blue            M6/D: duel a blue pawn on the full space
    use | pay 3Bd | skip      U: use your own business free, pay for another one, or leave it
    sword 10/2/3              U5: take the sword of value 10 costing 2 metal and 3 gems
    fence violet [back teal]  U6: take a fencing tile (giving one back when holding 3)
    carry 10/2/3 | carry none L2: the sword a pawn takes into the Alcazar
    end                       end the turn after moving
    pass                      A5: no action is possible
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from . import data
from ...core.boundary.text import parse_small_int
from ...core.boundary.values import own_value, read_canonical
from ...core.errors import ActionSyntaxError


class Kind(IntEnum):
    """Action kinds, in the order legal actions are listed."""

    DRAW = 0
    PLACE = 1
    MOVE = 2
    EXTRA = 3
    RETURN = 4
    CHALLENGE = 5
    USE = 6
    PAY = 7
    SKIP = 8
    SWORD = 9
    FENCE = 10
    CARRY = 11
    END = 12
    PASS = 13


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. Unused fields are -1. Build actions with the module's constructors or `parse`."""

    kind: Kind
    card: int = -1  # card kind (MOVE, EXTRA, PAY)
    pawn: int = -1  # pawn index 0-4 of the acting player (MOVE, EXTRA, RETURN)
    space: int = -1  # PLACE
    business: int = -1  # PLACE
    circles: int = -1  # PLACE
    colour: int = -1  # CHALLENGE: the colour challenged
    sword: int = -1  # SWORD, CARRY (-1 with CARRY: no sword)
    take: int = -1  # FENCE: the tile taken
    give_back: int = -1  # FENCE: the tile put back, -1 if none

    def __str__(self) -> str:
        k = self.kind
        if k is Kind.MOVE or k is Kind.EXTRA:
            return f"{k.name.lower()} {data.CARD_TEXT[self.card]} {self.pawn + 1}"
        if k is Kind.PLACE:
            return f"place {data.BUSINESS_NAMES[self.business]}{self.circles} {self.space}"
        if k is Kind.RETURN:
            return f"return {self.pawn + 1}"
        if k is Kind.CHALLENGE:
            return f"challenge {data.COLOURS[self.colour]}"
        if k is Kind.PAY:
            return f"pay {data.CARD_TEXT[self.card]}"
        if k is Kind.SWORD:
            return f"sword {data.SWORDS[self.sword]}"
        if k is Kind.CARRY:
            return "carry none" if self.sword < 0 else f"carry {data.SWORDS[self.sword]}"
        if k is Kind.FENCE:
            text = f"fence {data.FENCING_NAMES[self.take]}"
            return text if self.give_back < 0 else f"{text} back {data.FENCING_NAMES[self.give_back]}"
        return k.name.lower()

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @property
    def is_move(self) -> bool:
        return self.kind is Kind.MOVE or self.kind is Kind.EXTRA


# --- the interned tables -----------------------------------------------------------------------
_PAWNS = range(data.PAWNS_PER_PLAYER)
DRAW = Action(Kind.DRAW)
USE = Action(Kind.USE)
SKIP = Action(Kind.SKIP)
END = Action(Kind.END)
PASS = Action(Kind.PASS)
MOVE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(Kind.MOVE, card=c, pawn=p) for p in _PAWNS) for c in range(data.NUM_CARD_KINDS)
)
EXTRA: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(Kind.EXTRA, card=c, pawn=p) for p in _PAWNS) for c in range(data.NUM_CARD_KINDS)
)
PAY: tuple[Action, ...] = tuple(Action(Kind.PAY, card=c) for c in range(data.NUM_CARD_KINDS))
RETURN: tuple[Action, ...] = tuple(Action(Kind.RETURN, pawn=p) for p in _PAWNS)
CHALLENGE: tuple[Action, ...] = tuple(Action(Kind.CHALLENGE, colour=c) for c in range(len(data.COLOURS)))
SWORD: tuple[Action, ...] = tuple(Action(Kind.SWORD, sword=s) for s in range(len(data.SWORDS)))
CARRY: tuple[Action, ...] = tuple(Action(Kind.CARRY, sword=s) for s in range(len(data.SWORDS)))
CARRY_NONE = Action(Kind.CARRY, sword=-1)
# PLACE[business][circles - 1][space]; entries for non-business spaces are never offered
PLACE: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(
        tuple(Action(Kind.PLACE, space=s, business=b, circles=c) for s in range(data.LAST_SPACE + 1))
        for c in data.TILE_CIRCLES
    )
    for b in range(len(data.BUSINESS_NAMES))
)
# FENCE[take][give_back + 1]
FENCE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(Kind.FENCE, take=t, give_back=g) for g in range(-1, len(data.FENCING_NAMES)))
    for t in range(len(data.FENCING_NAMES))
)

_CARD_BY_TEXT = {text.lower(): k for k, text in enumerate(data.CARD_TEXT)}
_SWORD_BY_TEXT = {str(s): i for i, s in enumerate(data.SWORDS)}
_SIMPLE = {"draw": DRAW, "use": USE, "skip": SKIP, "end": END, "pass": PASS, "carry none": CARRY_NONE}


def _card(text: str, word: str) -> int:
    card = _CARD_BY_TEXT.get(word.lower())
    if card is None:
        raise ActionSyntaxError(text, f"{word!r} is not a card (value 1-6, scene V/B/T/N, figure a/d, e.g. 4Va)")
    return card


def _pawn(text: str, word: str) -> int:
    if word not in {"1", "2", "3", "4", "5"}:
        raise ActionSyntaxError(text, f"{word!r} is not a pawn number (1-5)")
    return int(word) - 1


def _sword(text: str, word: str) -> int:
    sword = _SWORD_BY_TEXT.get(word)
    if sword is None:
        raise ActionSyntaxError(text, f"{word!r} is not a sword tile (value/metal/gems, e.g. 10/2/3)")
    return sword


def _fencing(text: str, word: str) -> int:
    if word not in data.FENCING_NAMES:
        raise ActionSyntaxError(text, f"{word!r} is not a fencing tile ({', '.join(data.FENCING_NAMES)})")
    return data.FENCING_NAMES.index(word)


def parse(text: str) -> Action:
    """The action whose canonical text is `text`, and only that text: `str(parse(t)) == t` for every
    text read, so a save or link never keeps another spelling (other spaces, other case, look-alike
    letters). Raises ActionSyntaxError naming the bad word, or the canonical text when that is all
    that differs."""
    return read_canonical(text, _read)


def own(action: object) -> Action | None:
    """The game's own (interned) action equal to `action` in value and in every field's type, or None
    when `action` is no action of this game (another type, a float space, a card that does not exist)."""
    return own_value(action, Action, _read)


def _read(text: str) -> Action:
    """The action `text` names, spelt canonically or not (`parse` then insists on the canonical text)."""
    words = text.strip().split()
    norm = " ".join(words)
    if norm in _SIMPLE:
        return _SIMPLE[norm]
    if not words:
        raise ActionSyntaxError(text, "empty action")
    verb, args = words[0], words[1:]
    expected = {"move": 2, "extra": 2, "place": 2, "return": 1, "challenge": 1, "pay": 1, "sword": 1, "carry": 1}
    if verb in expected and len(args) != expected[verb]:
        raise ActionSyntaxError(text, f"{verb!r} takes {expected[verb]} argument(s), got {len(args)}")
    if verb in ("move", "extra"):
        table = MOVE if verb == "move" else EXTRA
        return table[_card(text, args[0])][_pawn(text, args[1])]
    if verb == "pay":
        return PAY[_card(text, args[0])]
    if verb == "return":
        return RETURN[_pawn(text, args[0])]
    if verb == "challenge":
        if args[0] not in data.COLOURS:
            raise ActionSyntaxError(text, f"{args[0]!r} is not a colour ({', '.join(data.COLOURS)})")
        return CHALLENGE[data.COLOURS.index(args[0])]
    if verb == "sword":
        return SWORD[_sword(text, args[0])]
    if verb == "carry":
        return CARRY[_sword(text, args[0])]
    if verb == "place":
        tile, space = args
        name, circles = tile[:-1], tile[-1:]
        if name not in data.BUSINESS_NAMES or circles not in ("1", "2"):
            raise ActionSyntaxError(text, f"{tile!r} is not a business tile (metal, gem, sword or fence + 1 or 2)")
        number = parse_small_int(space, 0, data.LAST_SPACE)  # ASCII digits only: '²'.isdigit() is True
        if number is None or number not in data.BUSINESS_SPACES:
            raise ActionSyntaxError(text, f"{space!r} is not a business space")
        return PLACE[data.BUSINESS_NAMES.index(name)][int(circles) - 1][number]
    if verb == "fence":
        if len(args) == 1:
            return FENCE[_fencing(text, args[0])][0]
        if len(args) == 3 and args[1] == "back":
            return FENCE[_fencing(text, args[0])][_fencing(text, args[2]) + 1]
        raise ActionSyntaxError(text, "expected 'fence TILE' or 'fence TILE back TILE'")
    raise ActionSyntaxError(text, f"unknown verb {verb!r}")
