"""Keyboard shortcuts of the play screen, as a pure function of the offer (no DOM here).

`shortcut(key, offer, hand, picked_card)` turns a key into the same target a click would name
("action", "draw"), ("ui", "place"), ("card", kind)... or None. Like every click, it can only reach
what `clicks.offer` shows, so a shortcut never does anything the buttons could not.

    D  take 2 cards          E  end the turn (or pass)    U  use the space   S  skip it
    P  place a tile          R  return a pawn             M  movement tile on/off
    C or Esc  cancel the pick                             1-6  a card of that value (again: the next one)

The page adds its own keys (web/app/access.py): Enter/Space choose the focused space or pawn, the arrow
keys walk the board, ? opens the rules and this list, I reads out what the focused thing does.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import data as D
from .clicks import Offer

# key -> targets tried in order: ("action", canonical text) or ("ui", step)
KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "d": (("action", "draw"),),
    "e": (("action", "end"), ("action", "pass")),
    "u": (("action", "use"),),
    "s": (("action", "skip"),),
    "p": (("ui", "place"),),
    "r": (("ui", "return"),),
    "m": (("ui", "extra"),),
    "c": (("ui", "cancel"),),
    "escape": (("ui", "cancel"),),
}

# the shortcut of each button (for aria-keyshortcuts and the hint on the button)
BUTTON_KEYS: dict[tuple[str, str], str] = {
    target: key.upper() for key, targets in KEYS.items() if key != "escape" for target in targets}

# what the help lists: (key as shown, message key of the game's words)
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("D", "key_draw"), ("E", "key_end"), ("U", "key_use"), ("S", "key_skip"), ("P", "key_place"),
    ("R", "key_return"), ("M", "key_extra"), ("C", "key_cancel"), ("1–6", "key_digits"),
    ("key_name_arrows", "key_arrows"), ("key_name_enter", "key_enter"), ("key_name_tab", "key_tab"),
    ("I", "key_info"), ("?", "key_help"),
)


def shortcut(key: str, offer: Offer, hand: Sequence[int], picked_card: int = -1) -> tuple[str, object] | None:
    """The click target of `key` (a KeyboardEvent.key) for this offer, or None when it means nothing now.

    `hand` is the hand shown (card kinds, repeats allowed), `picked_card` the card kind picked so far.
    """
    k = key.lower()
    if k in KEYS:
        offered = {("action", b.action) for b in offer.buttons if b.action} | {("ui", b.ui) for b in offer.buttons if b.ui}
        for target in KEYS[k]:
            if target in offered:
                return target
        return None
    if len(k) == 1 and k.isdigit() and 1 <= int(k) <= 6:
        value = int(k)
        kinds = sorted({card for card in hand if D.CARD_VALUE[card] == value})
        useful = [card for card in kinds if card in offer.cards]
        choices = useful or kinds
        if not choices:
            return None
        if picked_card in choices:  # pressed again: the next card of that value
            return ("card", choices[(choices.index(picked_card) + 1) % len(choices)])
        return ("card", choices[0])
    return None


__all__ = ["BUTTON_KEYS", "KEYS", "SHORTCUTS", "shortcut"]
