"""The one build step pyproject.toml cannot declare: the gettext catalogues compiled into the wheel.

`pip install .` and `pip wheel .` (the site's build among them) run setuptools' build_py, which
copies the package; this subclass then compiles every `<lang>/LC_MESSAGES/*.po` (the platform's in
`toledo/locale/`, each game's in `toledo/games/<name>/locale/`) into its `.mo` beside the copies, with Babel (pinned in pyproject's build-system requires), so every
install can say its words in each language. The .mo files are never committed; a catalogue Babel
cannot read, or a fuzzy entry, fails the build instead of shipping a half-translated screen.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# a fixed header date: the same catalogue always compiles to the same bytes (a stable wheel hash)
FIXED_DATE = datetime(1980, 1, 1, tzinfo=timezone.utc)


class BuildWithCatalogues(build_py):
    """build_py, then the compiled catalogues into the build tree."""

    def run(self) -> None:
        super().run()
        if not self.dry_run:
            sources = [*(ROOT / "toledo" / "locale").glob("*/LC_MESSAGES/*.po"),
                       *(ROOT / "toledo" / "games").glob("*/locale/*/LC_MESSAGES/*.po")]
            for po in sorted(sources):
                self.compile_catalogue(po, Path(self.build_lib) / po.relative_to(ROOT).with_suffix(".mo"))

    def compile_catalogue(self, po: Path, mo: Path) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name, domain=po.stem, abort_invalid=True)
        fuzzy = [str(message.id) for message in catalog if message.id and message.fuzzy]
        if fuzzy:
            raise RuntimeError(f"{po}: {fuzzy[0]!r} is marked fuzzy")
        catalog.creation_date = FIXED_DATE
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        os.chmod(mo, 0o644)


setup(cmdclass={"build_py": BuildWithCatalogues})
