"""The rules of Toledo explained in the project's own words, in English, German and French.

Organised like a turn: setup; the four actions; moving and the same-value chain; full spaces and
duels; using spaces and their costs by row; the businesses; the movement tile; the Alcazar; the end
and scoring; ties. Every paragraph names the numbered rules it explains (the ids of the project's
rules specification, e.g. "M6"), so players and maintainers can cross-reference; the page shows them
small and discreet.

    sections(lang) -> list[Section]        structured data (title, paragraphs with their rule ids)
    rules_html(lang, heading_level=2)      an escaped HTML fragment for the rules panel

The words are in the "rules" context of the `toledo` gettext catalogues; counts (cards, metal,
gems...) come from `toledo.data`, so a corrected component count shows up here too. The front end
should insert `rules_html(lang)` as the content of its rules panel (it is built only from the
catalogues' text and those counts, escaped, so inserting it as HTML is safe).
"""

from __future__ import annotations

from typing import Final

from . import data as D
from ...core.rules_help import Paragraph, RulesHelp, Section
from ...core.i18n import LANGUAGES, translate
from .words import DOMAIN


# The shape shared by every language: section ids, and per paragraph the rules it explains.
STRUCTURE: Final[tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]] = (
    ("setup", (("S1",), ("S3",), ("S2", "S4"), ("S5",))),
    ("turn", (("A1", "K1"), ("A2",), ("A3",), ("A4",), ("A5",))),
    ("moving", (("M1", "M2"), ("M2",), ("M3",), ("M4",), ("M7",), ("K1", "K2"))),
    ("duels", (("M5",), ("M6",), ("D1",), ("D2",), ("D3", "D4"), ("D5", "D6"))),
    ("using", (("U1",), ("U1",), ("U2", "U3"), ("U7", "U8"))),
    ("businesses", (("U4",), ("U5",), ("U6",))),
    ("movement-tile", (("T1",), ("T2",), ("T3",))),
    ("alcazar", (("L1",), ("L2",), ("L3",))),
    ("end", (("E1",), ("E2",), ("E4",))),
    ("ties", (("E3",), ("I1",))),
)

# Component facts the texts quote, from the one data module.
FACTS: Final[dict[str, int]] = {
    "pawns": D.PAWNS_PER_PLAYER, "tiles": D.TILES_PER_PLAYER, "cards": D.NUM_CARDS, "hand": D.HAND_SIZE_AT_START,
    "swords": len(D.SWORDS), "fencing": sum(D.FENCING_TILES_PER_KIND), "metal": D.METAL_SUPPLY,
    "gems": D.GEM_SUPPLY, "paintings": len(D.PAINTINGS_BOTTOM_TO_TOP), "draw": D.CARDS_PER_DRAW_ACTION,
    "tavern": D.CARDS_PER_TAVERN, "max_fencing": D.MAX_FENCING_TILES, "end_pawns": D.ALCAZAR_PAWNS_TO_END,
    "penalty": D.MOVEMENT_TILE_PENALTY, "gems_per_point": D.GEMS_PER_POINT,
}

# The words: msgctxt "rules" of this game's gettext catalogues, keyed "<section id>.title" and
# "<section id>.<paragraph number from 1>", plus "contents" and "rule_numbers" (the table of contents'
# label and the hint on the rule ids). Paragraphs are filled with FACTS only (no French elision).
# The heading is the page's own "rules_title".
HELP: Final = RulesHelp(STRUCTURE, FACTS, DOMAIN, title=lambda lang: translate("rules_title", lang))

sections = HELP.sections
rules_html = HELP.html


__all__ = ["LANGUAGES", "Paragraph", "STRUCTURE", "Section", "rules_html", "sections"]
