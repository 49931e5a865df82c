"""Actions: small frozen values with a canonical text form that round-trips.

Each action exists once: every constructor goes through one pool, so `parse(str(a)) is a` and the
engine compares actions by identity. Squares are written as a column letter a-h and a row number
1-8 counted from the top (`a1` = (0, 0), `h8` = (7, 7)); tower slots as `t1`-`t4` (the slots of
the phase, numbered from 1 and never renumbered within a phase); cards as `k10`-`k19`.

    block d3                  M2: a start block (master version)
    knight d3                 S6: a start knight on a free castle
    king d3                   S7: the king onto a free castle; W9: the king moves there
    king stay                 W9: the king stays where he is
    place d4                  A2: a knight from the supply onto d4 (2 AP)
    step d3 d4                A3: a knight steps one square (1 AP)
    pass d3 e5                A4: a knight passes through a castle from d3 to e5 (1 AP)
    build d4 t2               A5/A6: a block from tower 2 onto d4 (1 AP; the first fixes the tower)
    buy                       A7/K1: the top card of the common deck (1 AP)
    buy k13 top k10 bottom k16    V2: keep k13, put k10 on top and k16 under the own deck
    play k10 d3 d4            K10: climb two levels (likewise k13 gate, k16 diagonal, k18 redeploy,
                              k19 leap: knight square, target square)
    play k11 e4               K11: a block from the general supply onto e4
    play k12 d3 t1            K12: a block from tower 1 under the knight on d3
    play k14 | play k15       K14/K15: 6 or 7 AP this turn
    play k17 d3 f4            K17: the free block on d3 moves onto f4
    score 2                   A9: advance 2 spaces (2 AP)
    end t2 t1+1 t3+1          A10/A6: end the turn, dissolving tower 2 and adding one of its
                              blocks to tower 1 and one to tower 3 (the rest, if any, goes back)

In `buy`, the cards after `top` are listed from the top of the deck down, the cards after `bottom`
likewise, so the last one is the bottom card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from ...core.boundary.values import own_value, read_canonical
from ...core.errors import ActionSyntaxError
from .data import CARD_IDS, K10, K11, K12, K13, K14, K15, K16, K17, K18, K19, MAX_SLOTS, MAX_TOWER, \
    NUM_CARD_TYPES, SQUARE_BY_NAME, SQUARE_NAMES, SQUARES


class Kind(IntEnum):
    """Action kinds, in the order legal actions are listed."""

    BLOCK = 0
    KNIGHT = 1
    KING = 2
    KING_STAY = 3
    PLACE = 4
    STEP = 5
    PASS = 6
    BUILD = 7
    BUY = 8
    PLAY = 9
    SCORE = 10
    END = 11


# which squares/tower a card's play names (K4: each card is one complete action)
PAIR_CARDS: Final = frozenset((K10, K13, K16, K17, K18, K19))  # knight/block square, target square
SQUARE_CARDS: Final = frozenset((K11,))  # target square
TOWER_CARDS: Final = frozenset((K12,))  # knight square, tower slot
PLAIN_CARDS: Final = frozenset((K14, K15))


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. Unused fields are -1 / empty. Build actions with `make` or `parse` only."""

    kind: Kind
    sq: int = -1  # the square acted on (knight, block or target)
    to: int = -1  # the second square (moves)
    tower: int = -1  # tower slot, 0-based (BUILD, END, play k12)
    card: int = -1  # card type 0-9 (PLAY; BUY in the own-deck variant: the card kept)
    n: int = 0  # SCORE: spaces
    spread: tuple[int, ...] = ()  # END: blocks added to each slot (length MAX_SLOTS)
    top: tuple[int, ...] = ()  # BUY (own deck): cards put on top, topmost first
    bottom: tuple[int, ...] = ()  # BUY (own deck): cards put under the deck, bottom card last

    def __str__(self) -> str:
        k = self.kind
        if k is Kind.STEP or k is Kind.PASS:
            return f"{_VERB[k]} {SQUARE_NAMES[self.sq]} {SQUARE_NAMES[self.to]}"
        if k is Kind.BUILD:
            return f"build {SQUARE_NAMES[self.sq]} t{self.tower + 1}"
        if k is Kind.PLAY:
            c = self.card
            if c in PAIR_CARDS:
                return f"play {CARD_IDS[c]} {SQUARE_NAMES[self.sq]} {SQUARE_NAMES[self.to]}"
            if c in SQUARE_CARDS:
                return f"play {CARD_IDS[c]} {SQUARE_NAMES[self.sq]}"
            if c in TOWER_CARDS:
                return f"play {CARD_IDS[c]} {SQUARE_NAMES[self.sq]} t{self.tower + 1}"
            return f"play {CARD_IDS[c]}"
        if k is Kind.SCORE:
            return f"score {self.n}"
        if k is Kind.END:
            parts = [f"end t{self.tower + 1}"]
            parts.extend(f"t{i + 1}+{a}" for i, a in enumerate(self.spread) if a)
            return " ".join(parts)
        if k is Kind.BUY:
            if self.card < 0:
                return "buy"
            parts = ["buy", CARD_IDS[self.card]]
            if self.top:
                parts.append("top")
                parts.extend(CARD_IDS[c] for c in self.top)
            if self.bottom:
                parts.append("bottom")
                parts.extend(CARD_IDS[c] for c in self.bottom)
            return " ".join(parts)
        if k is Kind.KING_STAY:
            return "king stay"
        return f"{_VERB[k]} {SQUARE_NAMES[self.sq]}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def words(self) -> tuple[str, dict[str, object]]:
        """A message key and its parameters, for a log line in any language."""
        params: dict[str, object] = {}
        if self.sq >= 0:
            params["square"] = SQUARE_NAMES[self.sq]
        if self.to >= 0:
            params["target"] = SQUARE_NAMES[self.to]
        if self.tower >= 0:
            params["tower"] = self.tower + 1
        if self.kind is Kind.PLAY:
            return f"play_{CARD_IDS[self.card]}", params
        if self.kind is Kind.SCORE:
            params["spaces"] = self.n
        if self.kind is Kind.END:
            params["added"] = {i + 1: a for i, a in enumerate(self.spread) if a}
        if self.kind is Kind.BUY and self.card >= 0:
            params.update(kept=CARD_IDS[self.card], top=[CARD_IDS[c] for c in self.top],
                          bottom=[CARD_IDS[c] for c in self.bottom])
        return self.kind.name.lower(), params


_VERB: Final[dict[Kind, str]] = {
    Kind.BLOCK: "block", Kind.KNIGHT: "knight", Kind.KING: "king", Kind.PLACE: "place", Kind.STEP: "step",
    Kind.PASS: "pass",
}

# --- the pool ------------------------------------------------------------------------------------
_POOL: dict[tuple[object, ...], Action] = {}


def make(kind: Kind, sq: int = -1, to: int = -1, tower: int = -1, card: int = -1, n: int = 0,
         spread: tuple[int, ...] = (), top: tuple[int, ...] = (), bottom: tuple[int, ...] = ()) -> Action:
    """The one action with these fields."""
    key = (kind, sq, to, tower, card, n, spread, top, bottom)
    action = _POOL.get(key)
    if action is None:
        action = _POOL[key] = Action(kind, sq, to, tower, card, n, spread, top, bottom)
    return action


def _square_row(kind: Kind) -> tuple[Action, ...]:
    return tuple(make(kind, q) for q in range(SQUARES))


BLOCK: Final = _square_row(Kind.BLOCK)
KNIGHT: Final = _square_row(Kind.KNIGHT)
KING: Final = _square_row(Kind.KING)
KING_STAY: Final = make(Kind.KING_STAY)
PLACE: Final = _square_row(Kind.PLACE)
BUY: Final = make(Kind.BUY)
BUILD: Final = tuple(tuple(make(Kind.BUILD, q, tower=t) for q in range(SQUARES)) for t in range(MAX_SLOTS))
PLAY_K11: Final = tuple(make(Kind.PLAY, q, card=K11) for q in range(SQUARES))
PLAY_K12: Final = tuple(tuple(make(Kind.PLAY, q, tower=t, card=K12) for q in range(SQUARES))
                        for t in range(MAX_SLOTS))
PLAY_PLAIN: Final = {c: make(Kind.PLAY, card=c) for c in PLAIN_CARDS}
MAX_SCORE_SPACES: Final = 9  # more than any turn's AP
SCORE: Final = tuple(make(Kind.SCORE, n=k) if k else None for k in range(MAX_SCORE_SPACES + 1))

# pair actions (from, to): a row of 64 per source square, made on first use (all 64 x 64 per kind
# at import would cost start-up time)
_PAIR_ROWS: dict[tuple[Kind, int], list[list[Action] | None]] = {}


def pair_rows(kind: Kind, card: int = -1) -> list[list[Action] | None]:
    """The rows of one pair kind (STEP, PASS, or PLAY with a pair card), indexed by source square."""
    key = (kind, card)
    rows = _PAIR_ROWS.get(key)
    if rows is None:
        rows = _PAIR_ROWS[key] = [None] * SQUARES
    return rows


def fill_row(rows: list[list[Action] | None], kind: Kind, card: int, s: int) -> list[Action]:
    row = [make(kind, s, t, card=card) for t in range(SQUARES)]
    rows[s] = row
    return row


STEP_ROWS: Final = pair_rows(Kind.STEP)
PASS_ROWS: Final = pair_rows(Kind.PASS)
PLAY_ROWS: Final = {c: pair_rows(Kind.PLAY, c) for c in sorted(PAIR_CARDS)}


def step(s: int, t: int) -> Action:
    return (STEP_ROWS[s] or fill_row(STEP_ROWS, Kind.STEP, -1, s))[t]


def passage(s: int, t: int) -> Action:
    return (PASS_ROWS[s] or fill_row(PASS_ROWS, Kind.PASS, -1, s))[t]


def play_pair(card: int, s: int, t: int) -> Action:
    rows = PLAY_ROWS[card]
    return (rows[s] or fill_row(rows, Kind.PLAY, card, s))[t]


def end(tower: int, spread: tuple[int, ...]) -> Action:
    return make(Kind.END, tower=tower, spread=spread)


NO_SPREAD: Final = (0,) * MAX_SLOTS


def buy_own(keep: int, top: tuple[int, ...], bottom: tuple[int, ...]) -> Action:
    return make(Kind.BUY, card=keep, top=top, bottom=bottom)


# --- reading ---------------------------------------------------------------------------------------
_CARD_BY_ID: Final = {ident: t for t, ident in enumerate(CARD_IDS)}
_TOWER_BY_TEXT: Final = {f"t{i + 1}": i for i in range(MAX_SLOTS)}
_SPACES_BY_TEXT: Final = {str(k): k for k in range(1, MAX_SCORE_SPACES + 1)}
_ADD_BY_TEXT: Final = {f"+{k}": k for k in range(1, MAX_TOWER + 1)}


def _square(text: str, word: str) -> int:
    q = SQUARE_BY_NAME.get(word)
    if q is None:
        raise ActionSyntaxError(text, f"{word[:8]!r} is not a square (a1-h8: column a-h, row 1-8 from the top)")
    return q


def _card(text: str, word: str) -> int:
    c = _CARD_BY_ID.get(word)
    if c is None:
        raise ActionSyntaxError(text, f"{word[:8]!r} is not a card (k10-k19)")
    return c


def _tower(text: str, word: str) -> int:
    t = _TOWER_BY_TEXT.get(word)
    if t is None:
        raise ActionSyntaxError(text, f"{word[:8]!r} is not a tower slot (t1-t{MAX_SLOTS})")
    return t


def _count(text: str, args: list[str], n: int, verb: str) -> None:
    if len(args) != n:
        raise ActionSyntaxError(text, f"{verb!r} takes {n} argument(s), got {len(args)}")


def _parse_buy(text: str, args: list[str]) -> Action:
    if not args:
        return BUY
    keep = _card(text, args[0])
    piles: dict[str, list[int]] = {"top": [], "bottom": []}
    i = 1
    for where in ("top", "bottom"):
        if i < len(args) and args[i] == where:
            i += 1
            while i < len(args) and args[i] not in piles:
                piles[where].append(_card(text, args[i]))
                i += 1
            if not piles[where]:
                raise ActionSyntaxError(text, f"no card after {where!r}")
    if i != len(args):
        raise ActionSyntaxError(text, "expected 'buy CARD [top CARD [CARD]] [bottom CARD [CARD]]'")
    cards = [keep, *piles["top"], *piles["bottom"]]
    if len(cards) > 3 or len(set(cards)) != len(cards):
        raise ActionSyntaxError(text, "at most three different cards: one kept, up to two put back")
    return buy_own(keep, tuple(piles["top"]), tuple(piles["bottom"]))


def _parse_end(text: str, args: list[str]) -> Action:
    if not args:
        raise ActionSyntaxError(text, "'end' names the tower slot used up this turn, e.g. 'end t2'")
    tower = _tower(text, args[0])
    spread = [0] * MAX_SLOTS
    for word in args[1:]:
        slot, plus, amount = word.partition("+")
        added = _ADD_BY_TEXT.get(plus + amount)
        if not plus or added is None:
            raise ActionSyntaxError(text, f"{word[:8]!r} is not a tower and blocks added (e.g. t1+2)")
        i = _tower(text, slot)
        if i == tower or spread[i]:
            raise ActionSyntaxError(text, f"tower {slot} named twice")
        spread[i] = added
    return end(tower, tuple(spread))


def parse(text: str) -> Action:
    """The action whose canonical text is `text`, and only that text: `str(parse(t)) == t` for every
    text read, so a save or link never keeps another spelling (other spaces, upper case, a Kelvin
    sign for k, a control character between words). Raises ActionSyntaxError naming the bad word, or
    the canonical text when that is all that differs."""
    return read_canonical(text, _read)


def _read(text: str) -> Action:
    """The action `text` names, spelt canonically or not (`parse` then insists on the canonical text)."""
    words = text.strip().lower().split()
    if not words:
        raise ActionSyntaxError(text, "empty action")
    verb, args = words[0], words[1:]
    if verb in ("block", "knight", "place"):
        _count(text, args, 1, verb)
        table = BLOCK if verb == "block" else KNIGHT if verb == "knight" else PLACE
        return table[_square(text, args[0])]
    if verb == "king":
        _count(text, args, 1, verb)
        return KING_STAY if args[0] == "stay" else KING[_square(text, args[0])]
    if verb in ("step", "pass"):
        _count(text, args, 2, verb)
        s, t = _square(text, args[0]), _square(text, args[1])
        return step(s, t) if verb == "step" else passage(s, t)
    if verb == "build":
        _count(text, args, 2, verb)
        return BUILD[_tower(text, args[1])][_square(text, args[0])]
    if verb == "buy":
        return _parse_buy(text, args)
    if verb == "score":
        _count(text, args, 1, verb)
        k = _SPACES_BY_TEXT.get(args[0])
        if k is None:
            raise ActionSyntaxError(text, f"{args[0][:8]!r} is not a number of spaces (1-{MAX_SCORE_SPACES})")
        return SCORE[k]  # type: ignore[return-value]
    if verb == "end":
        return _parse_end(text, args)
    if verb == "play":
        if not args:
            raise ActionSyntaxError(text, "'play' names a card (k10-k19)")
        c = _card(text, args[0])
        rest = args[1:]
        if c in PAIR_CARDS:
            _count(text, rest, 2, f"play {CARD_IDS[c]}")
            return play_pair(c, _square(text, rest[0]), _square(text, rest[1]))
        if c in SQUARE_CARDS:
            _count(text, rest, 1, f"play {CARD_IDS[c]}")
            return PLAY_K11[_square(text, rest[0])]
        if c in TOWER_CARDS:
            _count(text, rest, 2, f"play {CARD_IDS[c]}")
            return PLAY_K12[_tower(text, rest[1])][_square(text, rest[0])]
        _count(text, rest, 0, f"play {CARD_IDS[c]}")
        return PLAY_PLAIN[c]
    raise ActionSyntaxError(text, f"unknown verb {verb[:10]!r}")


def own(action: object) -> Action | None:
    """The game's own (pooled) action equal to `action` in value and in every field's type, or None
    when `action` is no action of this game (another type, a float square, a square 99)."""
    return own_value(action, Action, _read)


def well_formed(action: object) -> bool:
    """Whether `action` is one of the game's own actions (see `own`). Anything else handed to the
    engine (None, text, a hand-built Action with a square 99 or 3.0) is not an action at all, and is
    refused as such before anything changes."""
    return own(action) is not None


assert len(CARD_IDS) == NUM_CARD_TYPES
