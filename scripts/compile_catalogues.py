#!/usr/bin/env python3
"""Compile the gettext catalogues <lang>/LC_MESSAGES/<domain>.po into .mo files, with Babel: the platform's
in toledo/locale/ and each game's in its own folder, toledo/games/<name>/locale/.

    compile_catalogues.py            compile every catalogue whose .mo is missing or older than its .po
    compile_catalogues.py --force    compile them all
    compile_catalogues.py --init xx  start language xx: copies of the English catalogues with empty
                                     translations (the English text as a comment) and xx's plural rule

The .mo files sit next to their .po sources, are not committed, and go into the wheel (pyproject
package-data); at run time `toledo.core.i18n` reads them with the standard library's gettext. A
catalogue Babel cannot parse, or one with a fuzzy, empty or incomplete plural entry, stops the
compilation with one line naming it: the build must never ship a half-translated screen. Each .mo is
written to a temporary file and renamed, so parallel runs (several test sessions) never see half a file.

Babel comes from requirements-dev.txt; it is imported only when needed, so a wrong option still gets
its one-line answer without it.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "toledo" / "locale"  # the platform's words (shell, tutorial)
GAMES_DIR = ROOT / "toledo" / "games"  # each game's words in <name>/locale/
REFERENCE = "en"
PO_LINE = re.compile(r'^(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"$')
# Babel stamps the compile time into each .mo header unless the .po names a date; a fixed one makes an
# unchanged catalogue compile to the same bytes, so the wheel's content-hash URL stays (build_site.py).
FIXED_DATE = datetime(1980, 1, 1, tzinfo=timezone.utc)


class CatalogueError(RuntimeError):
    """A .po file that must not be compiled (the message names the file and the entry)."""


def locale_dirs() -> list[Path]:
    """The folders holding <lang>/LC_MESSAGES/: the platform's, then every game's that has words."""
    return [LOCALE_DIR, *sorted(path for path in GAMES_DIR.glob("*/locale") if path.is_dir())]


def po_files(locale_dir: Path | None = None) -> list[Path]:
    """Every catalogue source of one folder (default: every folder of `locale_dirs`), sorted by folder,
    then <lang>/LC_MESSAGES/<domain>.po."""
    folders = locale_dirs() if locale_dir is None else [locale_dir]
    return [po for folder in folders for po in sorted(folder.glob("*/LC_MESSAGES/*.po"))]


def domain_dir(domain: str) -> Path:
    """The folder of `locale_dirs` whose English catalogues hold `domain` (the platform's if none does)."""
    for folder in locale_dirs():
        if (folder / REFERENCE / "LC_MESSAGES" / f"{domain}.po").is_file():
            return folder
    return LOCALE_DIR


def mo_path(po: Path) -> Path:
    return po.with_suffix(".mo")


def is_stale(po: Path) -> bool:
    """True when the .mo is missing or older than its .po."""
    mo = mo_path(po)
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


def syntax_problems(text: str) -> list[str]:
    """Lines that are neither blank, a comment, nor a keyword with one quoted string (or a continuation
    string): Babel reads some of them without a word, e.g. drops the last letter of an unclosed string."""
    return [f"line {number} is not a keyword with one quoted string: {line.strip()[:50]!r}"
            for number, line in enumerate(text.splitlines(), start=1)
            if line.strip() and not line.lstrip().startswith("#") and not PO_LINE.match(line.strip())]


def read_catalogue(po: Path) -> Catalog:
    """The parsed catalogue; CatalogueError when Babel cannot parse it or an entry is unusable."""
    from babel.messages.pofile import PoFileError, read_po

    lang, domain = po.parent.parent.name, po.stem
    try:
        text = po.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise CatalogueError(f"{po}: not UTF-8: {error}") from None
    problems = syntax_problems(text)
    if problems:
        raise CatalogueError(f"{po}: Babel cannot parse it: {problems[0]}")
    try:
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=domain, abort_invalid=True)
    except (PoFileError, ValueError) as error:
        raise CatalogueError(f"{po}: Babel cannot parse it: {error}") from None
    entries = sum(1 for line in text.splitlines() if line.startswith("msgid ")) - 1  # less the header
    if entries != len(catalog):  # Babel keeps the last of two entries with one key (and msgctxt)
        raise CatalogueError(f"{po}: {entries - len(catalog)} key(s) appear twice")
    problems = entry_problems(catalog)
    if problems:
        raise CatalogueError(f"{po}: {problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return catalog


def entry_problems(catalog: Catalog) -> list[str]:
    """Entries that would compile into a wrong screen: fuzzy or empty texts, missing plural forms, and
    whatever Babel's own checkers find (plural counts, format markers)."""
    problems: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        name = f"{message.context}|{key}" if message.context else key
        forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        if message.fuzzy:
            problems.append(f"{name!r} is marked fuzzy")
        if message.pluralizable and len(forms) != catalog.num_plurals:
            problems.append(f"{name!r} has {len(forms)} plural forms, the language has {catalog.num_plurals}")
        if not all(form and form.strip() for form in forms):
            problems.append(f"{name!r} has an empty translation")
    for message, errors in catalog.check():
        problems += [f"{message.id!r}: {error}" for error in errors]
    return problems


def messages(domain: str, context: str | None = None, locale_dir: Path | None = None) -> dict[str, dict[str, str]]:
    """{lang: {key: text}} of one domain's entries under one msgctxt (None: those without), every
    language found (in `locale_dir`, by default the folder that holds the domain); form i of a plural
    entry is "<key>_one" / "<key>_other" (toledo.core.i18n.plural_key's names). For checks and tools:
    the game reads the compiled catalogues with gettext."""
    suffixes = ("one", "other")
    out: dict[str, dict[str, str]] = {}
    for po in sorted((locale_dir or domain_dir(domain)).glob(f"*/LC_MESSAGES/{domain}.po")):
        texts: dict[str, str] = {}
        for message in read_catalogue(po):
            if not message.id or message.context != context:
                continue
            if isinstance(message.id, (list, tuple)):
                for index, form in enumerate(message.string):
                    texts[f"{message.id[0]}_{suffixes[index] if index < len(suffixes) else index}"] = form
            else:
                texts[message.id] = message.string
        out[po.parent.parent.name] = texts
    return out


def compile_catalogue(po: Path) -> Path:
    """Write the .mo of one .po (atomically) and return its path."""
    from babel.messages.mofile import write_mo

    catalog = read_catalogue(po)
    catalog.creation_date = FIXED_DATE
    mo = mo_path(po)
    handle, temporary = tempfile.mkstemp(prefix=f".{mo.name}.", dir=mo.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        os.chmod(temporary, 0o644)  # mkstemp's 0600 would follow the file into the wheel
        os.replace(temporary, mo)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return mo


def compile_all(force: bool = False, locale_dir: Path | None = None) -> list[Path]:
    """Compile every stale catalogue (all with force) of one folder (default: every folder of
    `locale_dirs`); the .mo files written."""
    sources = po_files(locale_dir)
    if not sources:
        raise CatalogueError(f"no catalogues under {locale_dir or LOCALE_DIR}")
    remove_orphans(locale_dir)
    return [compile_catalogue(po) for po in sources if force or is_stale(po)]


def remove_orphans(locale_dir: Path | None = None) -> list[Path]:
    """Delete the .mo files whose .po is gone (a catalogue moved or dropped): left behind, one would still
    be read, and shipped in the wheel. The .mo files deleted."""
    folders = locale_dirs() if locale_dir is None else [locale_dir]
    orphans = [mo for folder in folders for mo in sorted(folder.glob("*/LC_MESSAGES/*.mo"))
               if not mo.with_suffix(".po").is_file()]
    for mo in orphans:
        mo.unlink()
    return orphans


def init_language(lang: str, locale_dir: Path | None = None) -> list[Path]:
    """New .po files for `lang` from the English ones, in each folder of `locale_dirs` (or only in
    `locale_dir`): same keys and contexts, empty translations."""
    from babel.core import UnknownLocaleError
    from babel.messages.catalog import Catalog, Message
    from babel.messages.plurals import get_plural
    from babel.messages.pofile import write_po

    try:
        plural = get_plural(lang)
    except UnknownLocaleError:
        raise CatalogueError(f"Babel knows no language {lang!r}") from None
    written = []
    sources = [po for po in po_files(locale_dir) if po.parent.parent.name == REFERENCE]
    for source in sources:
        target = source.parent.parent.parent / lang / "LC_MESSAGES" / source.name
        if target.exists():
            raise CatalogueError(f"{target} exists already")
        english = read_catalogue(source)
        catalog = Catalog(locale=lang, domain=source.stem)
        for message in english:
            if not message.id:
                continue
            text = message.string
            shown = " | ".join(text) if isinstance(text, (list, tuple)) else text
            empty = ("",) * plural.num_plurals if message.pluralizable else ""
            catalog[message.id] = Message(message.id, empty, context=message.context,
                                          user_comments=message.user_comments, auto_comments=[f"en: {shown}"])
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as out:
            out.write(f'# {lang} words of the {source.stem} domain (see docs/i18n.md).\n'
                      'msgid ""\nmsgstr ""\n"Project-Id-Version: toledo\\n"\n'
                      f'"Language: {lang}\\n"\n"MIME-Version: 1.0\\n"\n'
                      '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n'
                      f'"Plural-Forms: {plural.plural_forms}\\n"\n\n'.encode())
            write_po(out, catalog, width=79, omit_header=True, sort_output=False)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="compile_catalogues.py",
                           description="Compile the word catalogues (toledo/locale/, "
                                       "toledo/games/*/locale/) into .mo files (Babel).")
    parser.add_argument("--force", action="store_true", help="compile every catalogue, not only stale ones")
    parser.add_argument("--init", metavar="LANG", help="start a new language from the English catalogues")
    args = parser.parse_args(argv)
    try:
        import babel  # noqa: F401
    except ImportError:
        print("compile_catalogues.py: error: Babel is not installed (pip install -r requirements-dev.txt)",
              file=sys.stderr)
        return 1
    try:
        if args.init:
            for path in init_language(args.init):
                print(f"compile_catalogues.py: wrote {path.relative_to(ROOT)}")
            return 0
        written = compile_all(force=args.force)
    except CatalogueError as error:
        print(f"compile_catalogues.py: error: {error}", file=sys.stderr)
        return 1
    print(f"compile_catalogues.py: {len(written)} of {len(po_files())} catalogues compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
