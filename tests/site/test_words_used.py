"""Every word in the product's catalogues is one the product can show: a key nothing looks up is text
translators keep up for nobody.

The sources (the package, the page, the build scripts; not the tests) are parsed, not run. A key counts
as looked up when it appears whole as a string or a word of one in them (Python literals, the page's
markup and scripts), when a Python f-string or a `"prefix" + name` could build it, or, for keys built from data:
- a rules help paragraph (msgctxt "rules") names a section and paragraph of its game's `STRUCTURE`;
- a lesson's words are its steps' (`Step.words`) or its seats' names;
- a plural form ("cards_one", "cards_other") counts with its stem ("cards").
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from toledo.core import i18n, registry
from toledo.core.tutorial import tutorial_of

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ROOT / "toledo"
SOURCES = [*PRODUCT.rglob("*.py"), *(ROOT / "web").rglob("*.py"), *(ROOT / "scripts").glob("*.py")]
MARKUP = [p for p in (ROOT / "web").rglob("*") if p.suffix in {".html", ".js", ".mjs"}]
RULES_CONTEXT = "rules"
RULES_FRAME = frozenset({"title", "contents", "rule_numbers"})  # every rules help's heading and its lines


def _scan() -> tuple[set[str], list[re.Pattern[str]]]:
    """The strings the sources hold whole, and the shapes of those they build."""
    whole: set[str] = set()
    shapes: list[re.Pattern[str]] = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                whole.add(node.value)
                whole.update(re.findall(r"[\w.-]+", node.value))  # markup written in Python: data-i18n="..."
            elif isinstance(node, ast.JoinedStr):
                fixed = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
                if 3 <= len(fixed) <= 40:  # a key-shaped f-string, not a sentence or a bare "{x}"
                    shapes.append(re.compile("".join(re.escape(str(v.value)) if isinstance(v, ast.Constant)
                                                     else r"[\w-]+" for v in node.values)))
            elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
                  and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
                  and len(node.left.value) >= 3):
                shapes.append(re.compile(re.escape(node.left.value) + r"[\w-]+"))
    for path in MARKUP:
        whole.update(re.findall(r"[\w.-]+", path.read_text(encoding="utf-8")))
    return whole, shapes


WHOLE, SHAPES = _scan()


def _entries(domain: str) -> set[tuple[str | None, str]]:
    """(msgctxt, msgid) of each message in the domain's English catalogue."""
    out = set()
    for key in i18n.catalogue(domain, i18n.DEFAULT_LANGUAGE)._catalog:  # type: ignore[attr-defined]
        msgid = key[0] if isinstance(key, tuple) else key
        if msgid:
            context, _, msgid = msgid.rpartition("\x04")
            out.add((context or None, msgid))
    return out


def _looked_up(key: str) -> bool:
    if key in WHOLE or any(s.fullmatch(key) for s in SHAPES):
        return True
    stem, _, suffix = key.rpartition("_")  # a plural form `plural_key` names: "cards_one" for "cards"
    return suffix in i18n.PLURAL_SUFFIXES and _looked_up(stem)


def _product_domains() -> list[str]:
    return sorted(d for d, where in i18n.catalogue_folders().items() if where.is_relative_to(PRODUCT))


def _built_from_data() -> set[tuple[str | None, str]]:
    """The keys rules help and lessons look up from their data."""
    keys: set[tuple[str | None, str]] = {(RULES_CONTEXT, k) for k in RULES_FRAME}
    for game in registry.names():
        try:
            help_module = importlib.import_module(f"{registry.info(game).module}.rules_help")
        except ModuleNotFoundError:
            help_module = None
        for section, paragraphs in getattr(help_module, "STRUCTURE", ()):
            keys.add((RULES_CONTEXT, f"{section}.title"))
            keys.update((RULES_CONTEXT, f"{section}.{n}") for n in range(1, len(paragraphs) + 1))
        lesson = tutorial_of(game)
        if lesson is not None:
            keys.update((None, step.words) for step in lesson.steps)
            keys.update((None, name) for name in lesson.names)
    return keys


@pytest.mark.parametrize("domain", _product_domains())
def test_every_key_of_a_catalogue_is_looked_up(domain: str) -> None:
    from_data = _built_from_data()
    unused = sorted(f"{context + ':' if context else ''}{key}" for context, key in _entries(domain)
                    if (context, key) not in from_data
                    and (context == RULES_CONTEXT or not _looked_up(key)))
    assert not unused, f"{domain}: nothing shows {len(unused)} of its words: {', '.join(unused)}"


def test_the_scan_sees_keys_built_every_way() -> None:
    """The check itself: a key looked up whole, one an f-string builds and a rules paragraph are found."""
    assert "start_title" in WHOLE
    assert any(s.fullmatch("level_medium_help") for s in SHAPES)
    assert (RULES_CONTEXT, "setup.1") in _built_from_data()
