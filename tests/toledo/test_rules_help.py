"""The rules help: same structure in every language, facts from the data module, safe HTML."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from toledo.games.toledo import data as D
from tests.support import load_script
from toledo.core.i18n import LANGUAGES
from toledo.games.toledo.rules_help import FACTS, STRUCTURE, rules_html, sections
from toledo.games.toledo.words import DOMAIN

# Every rule family of the specification is explained somewhere (S, A, K, M, U, D, T, L, E, I).
RULE_ID = re.compile(r"^[SAKMUDTLEI][0-9]$")


def test_every_language_has_the_same_sections_and_paragraph_count() -> None:
    texts = load_script("compile_catalogues").messages(DOMAIN, "rules")
    assert set(texts) == set(LANGUAGES)
    # exactly the keys the structure reads: no paragraph in a catalogue that the page would never show
    wanted = {"contents", "rule_numbers"} | {f"{sid}.{n}" for sid, refs in STRUCTURE for n in range(1, len(refs) + 1)}
    wanted |= {f"{sid}.title" for sid, _ in STRUCTURE}
    reference = [(s.id, len(s.paragraphs), [p.rules for p in s.paragraphs]) for s in sections("en")]
    assert [r[0] for r in reference] == ["setup", "turn", "moving", "duels", "using", "businesses",
                                         "movement-tile", "alcazar", "end", "ties"]
    for lang in LANGUAGES:
        assert set(texts[lang]) == wanted, lang
        assert [(s.id, len(s.paragraphs), [p.rules for p in s.paragraphs]) for s in sections(lang)] == reference


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sections_are_filled_and_cite_real_rule_ids(lang: str) -> None:
    for section in sections(lang):
        assert section.title.strip()
        for paragraph in section.paragraphs:
            assert len(paragraph.text) > 20 and "{" not in paragraph.text
            assert paragraph.rules and all(RULE_ID.match(r) for r in paragraph.rules)
    cited = {r for s in sections(lang) for p in s.paragraphs for r in p.rules}
    assert {r[0] for r in cited} == set("SAKMUDTLEI")
    # Every rule of the turn structure is explained at least once.
    assert {"A1", "A2", "A3", "A4", "M1", "M2", "M3", "M6", "D2", "U1", "U6", "T1", "L1", "E1", "E2", "E3"} <= cited


def test_counts_come_from_the_data_module() -> None:
    text = " ".join(p.text for s in sections("en") for p in s.paragraphs)
    assert f"The {D.NUM_CARDS} money cards" in text and f"{D.METAL_SUPPLY} metal" in text
    assert FACTS["fencing"] == 16 and FACTS["swords"] == 19


def test_the_scoring_example_adds_up_to_18_in_every_language() -> None:
    for lang in LANGUAGES:
        example = sections(lang)[8].paragraphs[2].text
        assert "12 + 3 + 4 + 1 − 2 = 18" in example


class _Outline(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.headings: list[str] = []
        self.refs = 0
        self._in_heading = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_heading = tag in ("h2", "h3")
        if tag == "small" and ("class", "rule-ref") in attrs:
            self.refs += 1

    def handle_data(self, data: str) -> None:
        if self._in_heading:
            self.headings.append(data)
            self._in_heading = False


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_html_is_a_well_formed_semantic_fragment(lang: str) -> None:
    html = rules_html(lang)
    root = ET.fromstring(f"<div>{html}</div>")  # well-formed (no stray & or <)
    article = root.find("article")
    assert article is not None and article.get("lang") == lang
    assert article.find("h2") is not None and article.find("nav/ol") is not None
    found = article.findall("section")
    assert [s.get("id") for s in found] == [f"rules-{sid}" for sid, _ in STRUCTURE]
    for section in found:
        heading = section.find("h3")
        assert heading is not None and heading.get("id") == section.get("aria-labelledby")
    links = [a.get("href") for a in article.iter("a")]
    assert links == [f"#rules-{sid}" for sid, _ in STRUCTURE]
    outline = _Outline()
    outline.feed(html)
    assert outline.headings[1:] == [s.title for s in sections(lang)]
    assert outline.refs == sum(len(s.paragraphs) for s in sections(lang))


def test_rules_html_escapes_and_levels() -> None:
    html = rules_html("fr", heading_level=3)
    assert "<h3>" in html and "<h4 " in html and "<h2" not in html
    assert "l&#x27;Alcazar" in html  # apostrophes escaped, so the fragment is safe inside attributes too
    assert rules_html("xx") == rules_html("en")
    with pytest.raises(ValueError):
        rules_html("en", heading_level=6)
