"""A game's rules help, written once: its sections as data and as an HTML fragment.

A game supplies its shape (section ids and, per paragraph, the rule ids it explains), the facts its
texts quote, and its gettext domain, as one `RulesHelp`; the words come from that domain under msgctxt
"rules", keyed "<section id>.title" and "<section id>.<paragraph number from 1>", plus "contents" and
"rule_numbers" (the table of contents' label and the hint on the rule ids) and, unless the game names
its heading otherwise, "title".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from .i18n import normalise_language, template

Structure = Sequence[tuple[str, Sequence[tuple[str, ...]]]]
CONTEXT = "rules"


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    rules: tuple[str, ...]  # rule ids of the specification this paragraph explains


@dataclass(frozen=True, slots=True)
class Section:
    id: str  # stable, language-independent (used for anchors)
    title: str
    paragraphs: tuple[Paragraph, ...]


def rules_text(key: str, lang: str, domain: str) -> str:
    return template(key, lang, domains=(domain,), context=CONTEXT)


def build_sections(structure: Structure, facts: Mapping[str, object], domain: str, lang: str) -> list[Section]:
    """The rules help as data, in `lang` (English for unknown languages); paragraphs filled with `facts`."""
    lang = normalise_language(lang)
    out = []
    for section_id, refs in structure:
        paragraphs = tuple(Paragraph(rules_text(f"{section_id}.{number}", lang, domain).format_map(facts), tuple(rules))
                           for number, rules in enumerate(refs, start=1))
        out.append(Section(section_id, rules_text(f"{section_id}.title", lang, domain), paragraphs))
    return out


def render_html(secs: Sequence[Section], title: str, domain: str, lang: str, heading_level: int = 2, *,
                anchor: str = "rules-", article_class: str = "rules-help") -> str:
    """An HTML fragment: an <article> with a title, a table of contents and one <section> per topic.

    Rule ids appear after each paragraph as <small class="rule-ref">. Everything is escaped; `anchor`
    prefixes the ids so two games' help never clash on one page."""
    lang = normalise_language(lang)
    if not 1 <= heading_level <= 5:
        raise ValueError("heading_level must be 1-5 (sections use the next level)")
    h, h2 = f"h{heading_level}", f"h{heading_level + 1}"
    contents, hint = rules_text("contents", lang, domain), rules_text("rule_numbers", lang, domain)
    parts = [f'<article class="{article_class}" lang="{lang}">',
             f"<{h}>{escape(title)}</{h}>",
             f'<nav class="rules-toc" aria-label="{escape(contents)}"><ol>']
    parts += [f'<li><a href="#{anchor}{s.id}">{escape(s.title)}</a></li>' for s in secs]
    parts.append("</ol></nav>")
    for s in secs:
        parts.append(f'<section id="{anchor}{s.id}" aria-labelledby="{anchor}{s.id}-title">')
        parts.append(f'<{h2} id="{anchor}{s.id}-title">{escape(s.title)}</{h2}>')
        for p in s.paragraphs:
            ref = escape(", ".join(p.rules))
            parts.append(f'<p>{escape(p.text)} <small class="rule-ref" title="{escape(hint)}">{ref}</small></p>')
        parts.append("</section>")
    parts.append("</article>")
    return "\n".join(parts)


@dataclass(frozen=True)
class RulesHelp:
    """One game's rules help: what the game knows of it, and its sections and HTML in any language."""

    structure: Structure
    facts: Mapping[str, object]  # the component counts its texts quote
    domain: str  # the game's gettext domain
    title: Callable[[str], str] | None = None  # the heading in a language; None: the domain's rules "title"
    anchor: str = "rules-"  # prefixes the HTML ids, so two games' help never clash on one page
    article_class: str = "rules-help"

    def sections(self, lang: str = "en") -> list[Section]:
        """The rules help as data, in `lang` (English for unknown languages)."""
        return build_sections(self.structure, self.facts, self.domain, lang)

    def html(self, lang: str = "en", heading_level: int = 2) -> str:
        """An HTML fragment: an <article> with a title, a table of contents and one <section> per topic;
        rule ids after each paragraph, everything escaped (see `render_html`)."""
        lang = normalise_language(lang)
        title = self.title(lang) if self.title is not None else rules_text("title", lang, self.domain)
        return render_html(self.sections(lang), title, self.domain, lang, heading_level, anchor=self.anchor,
                           article_class=self.article_class)
