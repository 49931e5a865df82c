"""The word catalogues: gettext .po sources every language has in full (same keys, placeholders and
plural forms), the keys the code asks for, the compiled .mo files read by gettext, and the language
choice."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural

from tests.support import load_script
from toledo.core import i18n
from toledo.core.i18n import (
    LANGUAGES,
    SHELL_DOMAIN,
    all_domains,
    catalogue,
    catalogue_folders,
    catalogue_problems,
    choose_language,
    has_message,
    join_list,
    placeholders,
    plural_key,
    template,
    translate,
    translate_count,
)
from toledo.games.toledo import data as D
from toledo.games.toledo.words import DOMAIN as TOLEDO
from toledo.games.torres.words import DOMAIN as TORRES

ROOT = Path(__file__).resolve().parents[2]
catalogues = load_script("compile_catalogues")
PLURAL_FORMS = {"en": "nplurals=2; plural=(n != 1);", "de": "nplurals=2; plural=(n != 1);",
                "fr": "nplurals=2; plural=(n > 1);"}


def _po_files() -> list[Path]:
    """Every catalogue source of every domain: the platform's and each registered game's, the tests'
    own games too (their .po ships uncompiled)."""
    return [po for folder in sorted(set(catalogue_folders().values())) for po in catalogues.po_files(folder)]


def _po(domain: str, lang: str) -> Path:
    return catalogue_folders()[domain] / lang / "LC_MESSAGES" / f"{domain}.po"


def _messages(domain: str, context: str | None = None) -> dict[str, dict[str, str]]:
    return catalogues.messages(domain, context, catalogue_folders()[domain])


def _groups() -> list[tuple[str, str | None]]:
    """(domain, msgctxt) of every group of messages in the English catalogues (None: no msgctxt, the
    interface words `translate` finds), so a new domain or context is checked without a word here."""
    return sorted({(po.stem, m.context) for po in _po_files() if po.parent.parent.name == "en"
                   for m in catalogues.read_catalogue(po) if m.id}, key=str)


GROUPS = _groups()


def _entries(po: Path) -> dict[tuple[str | None, str], object]:
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m
            for m in catalogues.read_catalogue(po) if m.id}


def test_every_language_has_a_catalogue_of_every_domain() -> None:
    groups = {(SHELL_DOMAIN, None), (TOLEDO, None), (TOLEDO, "log"), (TOLEDO, "explain"), (TOLEDO, "rules"),
              (TORRES, None), (TORRES, "log"), (TORRES, "rules")}
    assert groups <= set(GROUPS)
    found = {(po.parent.parent.name, po.stem) for po in _po_files()}
    domains = {domain for _, domain in found}
    assert {SHELL_DOMAIN, TOLEDO, "torres"} <= domains
    assert found == {(lang, domain) for lang in LANGUAGES for domain in domains}
    assert all_domains() == (SHELL_DOMAIN, *sorted(domains - {SHELL_DOMAIN}))


@pytest.mark.parametrize("po", _po_files(), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_babel_parses_each_catalogue_and_its_plural_rule_is_the_language_s(po: Path) -> None:
    catalog = catalogues.read_catalogue(po)  # raises on a syntax error, a fuzzy or empty entry
    lang = po.parent.parent.name
    assert str(catalog.locale) == lang
    assert catalog.plural_forms == PLURAL_FORMS.get(lang, get_plural(lang).plural_forms)


def test_a_broken_catalogue_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    for body, says in [('msgid "a"\nmsgstr "unterminated\n', "cannot parse.*line 7"),
                       ('msgid "a"\nmsgstr\n', "cannot parse"),
                       ('msgid "a"\nmsgid "b"\nmsgstr "B"\n', "cannot parse"),
                       ('msgid "a"\nmsgstr "A"\n\nmsgid "a"\nmsgstr "B"\n', "appear twice"),
                       ('msgid "a"\nmsgstr ""\n', "empty translation"),
                       ('#, fuzzy\nmsgid "a"\nmsgstr "A"\n', "fuzzy"),
                       ('msgid "a"\nmsgid_plural "a"\nmsgstr[0] "eine"\n', "empty translation"),
                       ('msgid "a"\nmsgid_plural "a"\nmsgstr[0] "eine"\nmsgstr[1] "zwei"\nmsgstr[2] "x"\n',
                        "more translations than num_plurals")]:
        po = folder / "x.po"
        po.write_text(header + body, encoding="utf-8")
        with pytest.raises(catalogues.CatalogueError, match=says):
            catalogues.read_catalogue(po)


def test_a_compiled_catalogue_whose_source_is_gone_is_deleted(tmp_path: Path) -> None:
    """A catalogue moved to a game's folder must not leave its old .mo behind to be read and shipped."""
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "kept.po").write_text("", encoding="utf-8")
    (folder / "kept.mo").write_bytes(b"")
    (folder / "moved.mo").write_bytes(b"")
    assert catalogues.remove_orphans(tmp_path) == [folder / "moved.mo"]
    assert sorted(p.name for p in folder.iterdir()) == ["kept.mo", "kept.po"]


@pytest.mark.parametrize(("domain", "context"), GROUPS)
def test_every_language_has_every_message_with_the_same_placeholders(domain: str, context: str | None) -> None:
    texts = _messages(domain, context)
    assert set(texts) == set(LANGUAGES)
    assert texts["en"], (domain, context)
    assert catalogue_problems(texts) == []


def test_plural_entries_have_every_form_in_every_language() -> None:
    for domain, context in GROUPS:
        english = {key for (ctx, key), m in _entries(_po(domain, "en")).items()
                   if ctx == context and m.pluralizable}
        for lang in LANGUAGES:
            entries = _entries(_po(domain, lang))
            plural = {key for (ctx, key), m in entries.items() if ctx == context and m.pluralizable}
            assert plural == english, (lang, domain, context)
            for key in plural:
                forms = entries[(context, key)].string
                assert len(forms) == 2 and all(f.strip() for f in forms), (lang, key)
                assert placeholders(forms[0]) == placeholders(forms[1]), (lang, key)
    assert {"cards", "undo_available"} <= {
        key for (ctx, key), m in _entries(_po(SHELL_DOMAIN, "en")).items() if m.pluralizable}
    # a number's words are one plural entry, never a KEY_one / KEY_other pair of plain ones
    for domain, context in GROUPS:
        singles = {key for (ctx, key), m in _entries(_po(domain, "en")).items()
                   if ctx == context and not m.pluralizable}
        assert not {k for k in singles if k.endswith("_one") and k[:-4] + "_other" in singles}


def test_a_key_lives_in_one_domain_so_translate_finds_it_unambiguously() -> None:
    seen: dict[str, str] = {}
    for domain in all_domains():
        for key in _messages(domain)["en"]:
            key = re.sub(r"_(one|other)$", "", key)
            assert seen.setdefault(key, domain) == domain, (key, seen[key], domain)


def test_the_compiled_catalogues_are_fresh_and_gettext_reads_their_plural_rule() -> None:
    assert catalogues.po_files() and set(catalogues.po_files()) <= set(_po_files())
    for po in catalogues.po_files():  # the product's: the platform's and every game's in toledo/games/
        assert not catalogues.is_stale(po), po
    for lang in LANGUAGES:
        for domain in all_domains():
            assert catalogue(domain, lang).info()["plural-forms"] == PLURAL_FORMS[lang]


# --- the keys the code asks for ------------------------------------------------------------------------
PLAIN_CALLS = {"translate", "tr", "ui", "_fill"}  # t.ui (explain), _fill (ui.py) go through tr/translate
PLURAL_CALLS = {"translate_count", "tr_count", "plural_key"}


def _literal_keys(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literal_keys(node.body) + _literal_keys(node.orelse)
    return []


def domain_of(where: str) -> str:
    """The game domain whose log and explanations a module's words belong to (by its package)."""
    return TORRES if "games/torres/" in where else TOLEDO


def keys_in_code() -> set[tuple[str, str | None, bool, str]]:
    """(key, msgctxt, plural?, where) of every literal key passed to a word function in toledo/ and web/."""
    found: set[tuple[str, str | None, bool, str]] = set()
    for path in sorted([*(ROOT / "toledo").rglob("*.py"), *(ROOT / "web").rglob("*.py")]):
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if path.name == "explain.py" and name in ("t", "tc"):
                group: tuple[str | None, bool] | None = ("explain", name == "tc")
            elif path.name == "describe.py" and name == "LogLine":
                group = ("log", any(kw.arg == "count" for kw in node.keywords))  # count= picks a plural form
            elif path.name == "describe.py" and name == "Word":
                group = ("log", False) if domain_of(str(path)) == TOLEDO else (None, False)
            elif name in PLAIN_CALLS:
                group = (None, False)
            elif name in PLURAL_CALLS:
                group = (None, True)
            else:
                group = None
            if group is not None:
                found |= {(key, group[0], group[1], where) for key in _literal_keys(node.args[0])}
    return found


def test_every_key_the_code_uses_is_in_every_language() -> None:
    used = keys_in_code()
    assert len(used) > 250 and {"explain", "log", None} == {context for _, context, _, _ in used}
    for key, context, plural, where in sorted(used, key=str):
        domains = (domain_of(where),) if context else None
        for lang in LANGUAGES:
            if plural:
                assert template(key, lang, domains=domains, context=context, count=2), (where, key)
                assert template(key, lang, domains=domains, context=context, count=1), (where, key)
            else:
                assert has_message(key, lang, domains=domains, context=context), (where, key, lang)


# Keys the front end relies on: renaming one breaks the page.
REQUIRED_KEYS = {
    "start_title", "start_seat", "kind_human", "level_easy", "level_medium", "level_hard",
    "level_expert", "start_game", "action_draw",
    "action_skip", "action_end", "action_challenge", "action_carry_sword", "action_carry_none",
    "pass_title", "thinking", "score_swords_delivered", "score_swords_in_front", "score_paintings",
    "score_gems", "score_movement_tile", "score_total", "score_cards_in_hand", "score_hand_value", "winner",
    "winners", "play_again", "save_file", "load_file", "share_link", "undo", "replay", "log_title",
    "refused_file_damaged", "refused_link_damaged", "loading", "language",
} | {f"colour_{c}" for c in D.COLOURS} | {f"business_{b}" for b in D.BUSINESS_NAMES}


def test_the_interface_keys_exist() -> None:
    assert not [key for key in REQUIRED_KEYS if not has_message(key)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_interface_message_formats_with_its_placeholders(lang: str) -> None:
    for domain in all_domains():
        for key, text in _messages(domain)[lang].items():
            params = {name: "Xavier" for name in placeholders(text)}
            out = translate(key, lang, **params)
            assert out and "{" not in out and "}" not in out, (lang, key)


def test_catalogue_problems_names_what_differs() -> None:
    broken = {"en": {"a": "{x} y", "b": "z"}, "de": {"a": "{y}"}, "fr": {"a": "{x}", "b": " ", "c": "c"}}
    problems = catalogue_problems(broken)
    assert "de: key 'b' missing" in problems
    assert any(p.startswith("de: 'a' uses ['y']") for p in problems)
    assert "fr: 'b' is empty" in problems and "fr: key 'c' not in en" in problems


# --- run time ----------------------------------------------------------------------------------------------
def test_translate_fills_placeholders_and_falls_back_to_english() -> None:
    assert translate("turn_of", "en", player="Anna") == "Anna's turn"
    assert translate("turn_of", "de", player="Anna") == "Anna ist am Zug"
    assert translate("turn_of", "fr", player="Anna") == "Au tour d'Anna"  # elision before a vowel
    assert translate("turn_of", "fr", player="Bruno") == "Au tour de Bruno"
    assert translate("turn_of", "es", player="Ana") == "Ana's turn"
    assert translate("action_draw", "de-AT") == "2 Karten nehmen"


def test_translate_is_strict_about_keys_and_parameters() -> None:
    with pytest.raises(KeyError, match="no_such_key"):
        translate("no_such_key", "en")
    with pytest.raises(KeyError):
        translate("turn_of", "en")
    with pytest.raises(KeyError):
        translate("draw", "en")  # a move-log word (msgctxt "log") is not an interface word
    assert not has_message("no_such_key") and has_message("draw", domains=(TOLEDO,), context="log")


def test_plurals_follow_each_language() -> None:
    assert translate_count("cards", 1, "en") == "1 card"
    assert translate_count("cards", 0, "en") == "0 cards"
    assert translate_count("cards", 0, "fr") == "0 carte"  # French: 0 is singular
    assert translate_count("cards", 1, "fr") == "1 carte"
    assert translate_count("cards", 2, "fr") == "2 cartes"
    assert translate_count("cards", 0, "de") == "0 Karten"
    assert translate_count("cards", 2, "de") == "2 Karten"
    assert translate_count("reserve", 0, "fr") == "0 chevalier en réserve"
    assert translate_count("reserve", 0, "en") == "0 knights in reserve"
    assert [translate_count("points", n, "en") for n in (0, 1, 2)] == ["0 pts", "1 pt", "2 pts"]
    assert [translate_count("points", n, "fr") for n in (0, 1, 2)] == ["0 pt", "1 pt", "2 pts"]
    assert plural_key("verdict", 1, "de") == "verdict_one"
    assert plural_key("cards", 0, "fr") == "cards_one" and plural_key("cards", 0, "en") == "cards_other"
    assert translate(plural_key("cards", 5, "de"), "de", count="<b>5</b>") == "<b>5</b> Karten"


def test_a_negative_count_takes_the_plural_as_with_gnu_gettext() -> None:
    # a score below zero: GNU gettext's n is unsigned, so no language here calls -1 or -2 singular
    assert translate_count("cards", -1, "en") == "-1 cards"
    assert translate_count("cards", -2, "fr") == "-2 cartes"
    assert translate_count("cards", -1, "fr") == "-1 cartes"
    assert plural_key("cards", -1, "fr") == "cards_other"


def test_join_list() -> None:
    assert join_list([], "en") == ""
    assert join_list(["Red"], "en") == "Red"
    assert join_list(["Rot", "Blau"], "de") == "Rot und Blau"
    assert join_list(["Rouge", "Bleu", "Vert"], "fr") == "Rouge, Bleu et Vert"


@pytest.mark.parametrize(("languages", "expected"), [
    (["de-DE", "de", "en-US", "en"], "de"),
    (["fr-CH"], "fr"),
    (["fr_CA"], "fr"),
    (["es-ES", "it", "fr"], "fr"),
    (["es-ES", "it"], "en"),
    ([], "en"),
    (["EN-gb", "de"], "en"),
    (["en;q=0.5", "de;q=0.9"], "de"),
    (["de;q=0", "fr"], "fr"),
    (["*"], "en"),
    (["", "de"], "de"),
])
def test_choose_language_picks_the_first_supported(languages: list[str], expected: str) -> None:
    assert choose_language(languages) == expected


def test_choose_language_tolerates_junk() -> None:
    assert choose_language([None, 3, "q=;;", "de;q=abc"]) in {"en", "de"}  # type: ignore[list-item]


@pytest.mark.parametrize("domain", sorted({po.stem for po in catalogues.po_files()}))
def test_a_catalogue_read_from_its_po_equals_the_compiled_one(domain: str) -> None:
    """A game may ship its words as .po files only (the tests' games do): read in memory, every
    catalogue says exactly what its compiled .mo says, plural rules included."""
    import gettext

    for lang in i18n.LANGUAGES:
        read = i18n._read_po(_po(domain, lang))
        compiled = gettext.translation(domain, catalogue_folders()[domain], languages=[lang])
        assert {k: v for k, v in read._catalog.items() if k} == {k: v for k, v in compiled._catalog.items() if k}
        assert [read.plural(n) for n in range(5)] == [compiled.plural(n) for n in range(5)]
