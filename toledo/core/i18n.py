"""Every player-facing word, in English, German and French, read from gettext catalogues.

The words live in `<lang>/LC_MESSAGES/<domain>.po` files: the platform's (`shell`: start screen, menus,
loading, saves, links, undo, language names; `tutorial`: what every lesson shares) in `toledo/locale/`,
each game's in its own folder, `toledo/games/<name>/locale/`, found through the registry. They are
compiled to `.mo` files by `scripts/compile_catalogues.py` (Babel, at build time) and shipped in the
wheel; at run time only the standard library's `gettext` reads them, in the browser too. msgids are
symbolic keys ("turn_of"), so English is a catalogue like the others and a key names the same message
in every language (docs/i18n.md).

`translate(key, lang, **params)` looks in the shell's domain, then in every game's: a key lives in one
domain only (a test checks it), so callers need not know which. `translate_count(key, n, lang)` picks
the language's plural form (ngettext) and passes `count=n`. A game's own modules use `render` with
their domain and, for words of one part of the game, a msgctxt.

Conventions:
- Parameters are plain text already translated by the caller (a player's name, a translated
  business word...). Results are plain text: the page must insert them with `textContent` or as an
  attribute value, never as HTML, because player names come from users.
- A missing message or parameter raises KeyError: a programming slip, caught by the tests, that must
  never show a raw key to players.
- German addresses the player as "du", French as "vous"; French "de {name}" / "que {name}" elide
  before a vowel ("d'Anna").
- `choose_language(navigator.languages)` picks the language on first visit; the player may switch
  (the page stores the choice; the key `language` labels the switch, which names each language in itself).
"""

from __future__ import annotations

import gettext
import io
import re
import struct
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any, Final

from . import registry

LANGUAGES: Final[tuple[str, ...]] = ("en", "de", "fr")
DEFAULT_LANGUAGE: Final = "en"
SHELL_DOMAIN: Final = "shell"
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
# Suffixes of the keys `plural_key` names, by plural form index (every language here has two forms).
PLURAL_SUFFIXES: Final = ("one", "other")

_VOWELS: Final = frozenset("aeiouyàâäéèêëîïôöùûüæœh")  # h: most French names with h elide (Hélène)
_ELIDE: Final = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")


class _Missing(gettext.NullTranslations):
    """Every catalogue's last fallback: a message it lacks is an error, never its key shown as text."""

    def gettext(self, message: str) -> str:
        raise KeyError(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise KeyError(msgid1)

    def pgettext(self, context: str, message: str) -> str:
        raise KeyError(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        raise KeyError(msgid1)


def normalise_language(lang: str | None) -> str:
    """A supported language code for `lang` ("de-AT" -> "de"); English for anything unknown."""
    if not lang:
        return DEFAULT_LANGUAGE
    primary = lang.strip().lower().replace("_", "-").split("-", 1)[0]
    return primary if primary in LANGUAGES else DEFAULT_LANGUAGE


@cache
def _folders(games: tuple[str, ...]) -> dict[str, Path]:
    # Domains found by their English catalogue (.mo, or a .po that ships uncompiled): the platform's in
    # `locale/`, then each registered game's in its own folder's `locale/`.
    found: dict[str, Path] = {SHELL_DOMAIN: LOCALE_DIR}
    places = [LOCALE_DIR] + [package / "locale" for package in map(registry.folder, games) if package is not None]
    for place in places:
        english = place / DEFAULT_LANGUAGE / "LC_MESSAGES"
        for path in sorted(english.glob("*.[mp]o")):
            found.setdefault(path.stem, place)
    return found


def catalogue_folders() -> dict[str, Path]:
    """Every domain and the folder that holds its `<lang>/LC_MESSAGES/<domain>.mo` (or `.po`): `shell` and
    `tutorial` in the platform's `toledo/locale/`, a game's in its own folder, `<game>/locale/` (the
    registry says where each game is, without importing it). Asked anew when a game is registered."""
    return _folders(registry.names())


def _read_po(path: Path) -> gettext.GNUTranslations:
    """A .po file as gettext's catalogue, compiled in memory (for a game's folder that ships no .mo)."""
    entries: dict[bytes, bytes] = {}
    fields: dict[str, list[str]] = {}
    last = ""

    def flush() -> None:
        if "msgid" in fields:
            ident = "".join(fields["msgid"])
            if "msgid_plural" in fields:
                ident += "\x00" + "".join(fields["msgid_plural"])
                text = "\x00".join("".join(v) for k, v in sorted(fields.items()) if k.startswith("msgstr["))
            else:
                text = "".join(fields.get("msgstr", []))
            if "msgctxt" in fields:
                ident = "".join(fields["msgctxt"]) + "\x04" + ident
            entries[ident.encode()] = text.encode()
        fields.clear()

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if not line or line.startswith("#"):
            if not line:
                flush()
            continue
        if line.startswith('"'):
            fields[last].append(_unquote(line))
            continue
        last, _, rest = line.partition(" ")
        if last == "msgctxt" or (last == "msgid" and "msgid" in fields):
            flush()
        fields[last] = [_unquote(rest)]
    return gettext.GNUTranslations(io.BytesIO(_mo(entries)))


_ESCAPES: Final = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str) -> str:
    """A .po string's text ("a \\"b\\"\\n" -> 'a "b"' and a new line)."""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), text[1:-1])


def _mo(entries: dict[bytes, bytes]) -> bytes:
    """The GNU .mo bytes of a catalogue (the format gettext reads)."""
    keys = sorted(entries)
    ids, strs = b"", b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(entries[key])))
        ids += key + b"\x00"
        strs += entries[key] + b"\x00"
    start = 7 * 4 + 16 * len(keys)
    table: list[int] = []
    for id_at, id_len, _, _ in offsets:
        table += [id_len, start + id_at]
    for _, _, str_at, str_len in offsets:
        table += [str_len, start + len(ids) + str_at]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return header + struct.pack(f"{len(table)}i", *table) + ids + strs


@cache
def catalogue(domain: str, lang: str) -> gettext.GNUTranslations:
    """The catalogue of `domain` in `lang` (one of LANGUAGES), read once per process: its compiled `.mo`
    (what the wheel and the site ship), else its `.po` compiled in memory (a game that ships no .mo)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r} (one of {', '.join(LANGUAGES)})")
    folder = catalogue_folders().get(domain, LOCALE_DIR)
    messages = folder / lang / "LC_MESSAGES"
    if (messages / f"{domain}.mo").is_file():
        found = gettext.translation(domain, folder, languages=[lang], fallback=False)
    elif (messages / f"{domain}.po").is_file():
        found = _read_po(messages / f"{domain}.po")
    else:
        raise FileNotFoundError(f"no catalogue {lang}/LC_MESSAGES/{domain}.mo in {folder}: "
                                "run scripts/compile_catalogues.py")
    assert isinstance(found, gettext.GNUTranslations)
    found.add_fallback(_Missing())
    return found


@cache
def _domains(games: tuple[str, ...]) -> tuple[str, ...]:
    return (SHELL_DOMAIN, *sorted(domain for domain in _folders(games) if domain != SHELL_DOMAIN))


def all_domains() -> tuple[str, ...]:
    """The shell's domain, then every other (the platform's tutorial, each registered game's), as found
    by `catalogue_folders`."""
    return _domains(registry.names())


def _unsigned(count: int) -> int:
    # Plural formulas are written for GNU gettext, whose n is an unsigned long: a negative count (a
    # score below zero) wraps to a huge number and so takes the plural form ("-1 points", "-2 points"),
    # where Python's formula would call French -2 singular.
    return count % 2**64


def _plural_index(count: int, lang: str, domain: str) -> int:
    # The form's index by the catalogue's own Plural-Forms header (French: 0 and 1 are singular).
    return int(catalogue(domain, lang).plural(_unsigned(count)))  # type: ignore[attr-defined]


def _lookup(key: str, lang: str, search: Sequence[str], context: str | None, count: int | None) -> str:
    for domain in search:
        found = catalogue(domain, lang)
        try:
            if count is None:
                return found.pgettext(context, key) if context else found.gettext(key)
            n = _unsigned(count)
            return found.npgettext(context, key, key, n) if context else found.ngettext(key, key, n)
        except KeyError:
            continue
    raise KeyError(key)


def template(key: str, lang: str, *, domains: Sequence[str] | None = None, context: str | None = None,
             count: int | None = None) -> str:
    """The unfilled text of `key` in `lang` (English for unknown languages), searched in `domains`
    (default: the shell's, then every game's) under msgctxt `context`; `count` picks a plural form.

    A key made by `plural_key` ("cards_other") names one form of the plural entry "cards".
    Raises KeyError when no domain has the message.
    """
    lang = normalise_language(lang)
    search = all_domains() if domains is None else domains
    try:
        return _lookup(key, lang, search, context, count)
    except KeyError:
        pass
    base, _, suffix = key.rpartition("_")
    if base and count is None and suffix in PLURAL_SUFFIXES:
        index = PLURAL_SUFFIXES.index(suffix)
        # any number that takes this form in this language selects it
        for n in range(100):
            if _plural_index(n, lang, search[0]) == index:
                try:
                    return _lookup(base, lang, search, context, n)
                except KeyError:
                    break
    raise KeyError(f"no message {key!r} in the {lang} catalogue") from None


def has_message(key: str, lang: str = DEFAULT_LANGUAGE, *, domains: Sequence[str] | None = None,
                context: str | None = None) -> bool:
    """Whether `template(key, lang, ...)` finds a text."""
    try:
        template(key, lang, domains=domains, context=context)
    except KeyError:
        return False
    return True


def _elide_fr(text: str, params: Mapping[str, Any]) -> str:
    """'de {owner}' becomes "d'{owner}" when the value starts with a vowel (de Anna -> d'Anna)."""

    def fix(match: re.Match[str]) -> str:
        value = str(params.get(match.group(2), ""))
        if value[:1].lower() in _VOWELS:
            return f"{match.group(1)[:-1]}'{{{match.group(2)}}}"
        return match.group(0)

    return _ELIDE.sub(fix, text)


def fill(text: str, lang: str, params: Mapping[str, Any]) -> str:
    """A template filled with params, with French elision. A missing parameter raises KeyError."""
    if normalise_language(lang) == "fr":
        text = _elide_fr(text, params)
    return text.format_map(params)


def render(key: str, lang: str, params: Mapping[str, Any], *, domains: Sequence[str] | None = None,
           context: str | None = None, count: int | None = None) -> str:
    """`template(key, lang, ...)` filled with `params` (see `fill`); `count` only picks the form."""
    return fill(template(key, lang, domains=domains, context=context, count=count), lang, params)


def format_message(catalogues: Mapping[str, Mapping[str, str]], key: str, lang: str, /, **params: Any) -> str:
    """Fill `key` of `catalogues[lang]`, a plain {lang: {key: text}} mapping, like `translate` does.
    Unknown languages fall back to English; a missing key or parameter raises KeyError."""
    lang = normalise_language(lang)
    texts = catalogues.get(lang) or catalogues[DEFAULT_LANGUAGE]
    try:
        text = texts[key]
    except KeyError:
        raise KeyError(f"no message {key!r} in the {lang} catalogue") from None
    return fill(text, lang, params)


def translate(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The interface text for `key` in `lang`, e.g. translate("turn_of", "de", player="Anna")."""
    return render(key, lang, params)


def plural_key(key: str, count: int, lang: str) -> str:
    """The key of the one plural form of `key` that `count` takes in `lang` ("cards_one", "cards_other"),
    for callers that fill that form themselves; French treats 0 and 1 as singular, English and German 1."""
    index = _plural_index(count, normalise_language(lang), SHELL_DOMAIN)
    return f"{key}_{PLURAL_SUFFIXES[index]}"


def translate_count(key: str, count: int, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """Like translate, for words that change with a number: translate_count("cards", 3, "fr")."""
    return render(key, lang, dict(count=count, **params), count=count)


def join_list(items: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """'Red', 'Red and Blue', 'Red, Blue and Green' in the language's words."""
    if len(items) <= 1:
        return "".join(items)
    return translate("list_and", lang, items=", ".join(items[:-1]), last=items[-1])


def choose_language(accept_languages: Iterable[str]) -> str:
    """The best of en/de/fr for a browser's language list (navigator.languages), else English.

    Entries may be tags ("de-CH", "fr_CA") or Accept-Language items with weights ("fr;q=0.8");
    the list order decides among equal weights.
    """
    ranked: list[tuple[float, int, str]] = []
    for position, entry in enumerate(accept_languages or ()):
        if not isinstance(entry, str):
            continue
        tag, _, rest = entry.partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", rest)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        if weight <= 0:
            continue
        ranked.append((-weight, position, tag))
    for _, _, tag in sorted(ranked):
        primary = tag.strip().lower().replace("_", "-").split("-", 1)[0]
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def placeholders(text: str) -> frozenset[str]:
    """The {names} a template uses."""
    return frozenset(name for _, name, _, _ in Formatter().parse(text) if name)


def catalogue_problems(catalogues: Mapping[str, Mapping[str, str]]) -> list[str]:
    """Differences between language catalogues given as {lang: {key: text}}: keys missing from one,
    placeholders that differ from English, empty texts. Empty list = consistent."""
    problems: list[str] = []
    reference = catalogues[DEFAULT_LANGUAGE]
    for lang in LANGUAGES:
        texts = catalogues.get(lang)
        if texts is None:
            problems.append(f"{lang}: catalogue missing")
            continue
        for key in sorted(set(reference) - set(texts)):
            problems.append(f"{lang}: key {key!r} missing")
        for key in sorted(set(texts) - set(reference)):
            problems.append(f"{lang}: key {key!r} not in {DEFAULT_LANGUAGE}")
        for key in sorted(set(reference) & set(texts)):
            text = texts[key]
            if not text.strip():
                problems.append(f"{lang}: {key!r} is empty")
            elif placeholders(text) != placeholders(reference[key]):
                problems.append(f"{lang}: {key!r} uses {sorted(placeholders(text))}, "
                                f"{DEFAULT_LANGUAGE} uses {sorted(placeholders(reference[key]))}")
    return problems
