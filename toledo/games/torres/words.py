"""Torres's words in English, German and French, read from the `torres` gettext catalogues.

The interface words (board, panels, offers) have no msgctxt; the move log is msgctxt "log" and the
rules help msgctxt "rules" (see `describe` and `rules_help`). `tr` looks in this game's domain, then
in the shell's (colours, "cards", "players" are the platform's words), so callers need one function.
Parameters are plain text already translated; results are plain text (escape them in markup).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.i18n import SHELL_DOMAIN, render
from . import data as D

DOMAIN: Final = "torres"
_SEARCH: Final = (DOMAIN, SHELL_DOMAIN)


def tr(key: str, lang: str = "en", /, **params: Any) -> str:
    """An interface text of Torres (or of the shell) in `lang`; a missing key raises KeyError."""
    return render(key, lang, params, domains=_SEARCH)


def tr_count(key: str, count: int, lang: str = "en", /, **params: Any) -> str:
    """`tr` of the plural entry `key` in the form `count` takes in `lang`, with count=count."""
    return render(key, lang, dict(count=count, **params), domains=_SEARCH, count=count)


def card_name(card: int, lang: str = "en") -> str:
    """An action card's full name (card types 0-9, written k10-k19)."""
    return tr(f"card_{D.CARD_IDS[card]}", lang)


def card_short(card: int, lang: str = "en") -> str:
    """An action card's name short enough for a card face."""
    return tr(f"card_short_{D.CARD_IDS[card]}", lang)


def master_name(card: int, lang: str = "en") -> str:
    return tr(f"master_{D.MASTER_CARDS[card].ident}", lang)


def colour_name(colour: int, lang: str = "en") -> str:
    """A player colour (an index into data.COLOURS) as a name: 'Red', 'Rot', 'Rouge'."""
    return tr(f"colour_{D.COLOURS[colour]}", lang)


def seat_name(seat: int, colours: Sequence[int], names: Sequence[str], lang: str = "en") -> str:
    """A seat's name: the one given, else its colour's name."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return colour_name(colours[seat], lang)
