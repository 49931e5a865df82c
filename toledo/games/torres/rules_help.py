"""The rules of Torres explained in the project's own words, in English, German and French.

Organised like a game: the goal; setting up; a turn; knights; building; action cards; phases and
valuations; the king's move; the own-deck variant; the master version; the end. Every paragraph names
the numbered rules it explains (ids of the project's Torres rules specification, e.g. "A4"), shown
small beside it.

    sections(lang) -> list[Section]        structured data (title, paragraphs with their rule ids)
    rules_html(lang, heading_level=2)      an escaped HTML fragment for the rules panel

The words are in the "rules" context of the `torres` gettext catalogues; numbers (knights, start
castles, action points) come from `data`, so a corrected count shows up here too. The fragment is
built only from the catalogues' text and those numbers, escaped, so inserting it as HTML is safe.
"""

from __future__ import annotations

from typing import Final

from ...core.rules_help import Paragraph, RulesHelp, Section
from . import data as D
from .words import DOMAIN


# The shape shared by every language: section ids, and per paragraph the rules it explains.
STRUCTURE: Final[tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]] = (
    ("goal", (("S1", "W5", "E2"),)),
    ("setup", (("D1", "D3", "S4"), ("S6", "S7", "D4"), ("W2", "D5"))),
    ("turn", (("A1",), ("A6", "A10"))),
    ("knights", (("A2",), ("A3",), ("A4",))),
    ("blocks", (("A5",), ("D6",))),
    ("cards", (("A7", "K1", "K2"), ("A8", "K3", "K4", "K5"), ("K10", "K13", "K16", "K19"), ("K11", "K12", "K17"),
               ("K14", "K15", "K18"))),
    ("scoring", (("W1",), ("W5",), ("W6",), ("A9", "W8"))),
    ("king", (("W9",),)),
    ("own-deck", (("V1", "V2"),)),
    ("master", (("M2",), ("M3", "M4", "M5"), ("M6",))),
    ("end", (("E1", "E2"),)),
)

# Component facts the texts quote, from the one data module.
FACTS: Final[dict[str, int]] = {
    "castles": D.START_CASTLES, "knights": D.KNIGHTS_PER_PLAYER, "ap": D.AP_PER_TURN,
    "place_ap": D.AP_PLACE_KNIGHT,
}

# msgctxt "rules": "<section id>.title", "<section id>.<paragraph number from 1>", plus "title",
# "contents" and "rule_numbers" (the heading, the table of contents' label, the hint on the rule ids).
HELP: Final = RulesHelp(STRUCTURE, FACTS, DOMAIN, anchor="torres-rules-", article_class="rules-help torres-rules")

sections = HELP.sections
rules_html = HELP.html


__all__ = ["FACTS", "Paragraph", "STRUCTURE", "Section", "rules_html", "sections"]
