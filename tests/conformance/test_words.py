"""Every registered game's words are in its own folder: its catalogues in `<game folder>/locale/`, in every
language, none of its domains in the platform's `toledo/locale/`, the page's words about it (its
chooser line, its how-to-play card) read from them, and no key naming it in the platform's catalogues.
Nothing here knows a game by name."""

from __future__ import annotations

import re

import pytest

from tests.conformance.cases import games
from toledo.ai import bots
from toledo.core import i18n, registry
from toledo.core.page import has_page, page_of

def own_domains(game: str) -> list[str]:
    folder = registry.folder(game)
    assert folder is not None, game
    return sorted(domain for domain, where in i18n.catalogue_folders().items() if where == folder / "locale")


def keys(domain: str, lang: str = i18n.DEFAULT_LANGUAGE) -> set[str]:
    """The msgids of a catalogue (without msgctxt, a plural entry by its first msgid)."""
    found = i18n.catalogue(domain, lang)._catalog  # type: ignore[attr-defined]
    return {(key[0] if isinstance(key, tuple) else key).split("\x04")[-1] for key in found if key}


def texts(domain: str, lang: str) -> set[str]:
    return {text for text in i18n.catalogue(domain, lang)._catalog.values()}  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", games())
def test_a_game_s_catalogues_are_in_its_own_folder_in_every_language(game: str) -> None:
    domains = own_domains(game)
    assert domains, f"{game} has no catalogue in its folder's locale/"
    folder = registry.folder(game)
    assert folder is not None
    # each of its catalogues is found there (none shadowed by a platform domain of the same name)
    assert {po.stem for po in (folder / "locale").glob("*/LC_MESSAGES/*.po")} == set(domains)
    for domain in domains:
        for lang in i18n.LANGUAGES:
            assert (folder / "locale" / lang / "LC_MESSAGES" / f"{domain}.po").is_file(), (domain, lang)
            assert keys(domain, lang) == keys(domain), (domain, lang)
        assert not list(i18n.LOCALE_DIR.glob(f"*/LC_MESSAGES/{domain}.*")), domain


@pytest.mark.parametrize("game", [game for game in games() if has_page(game)])
def test_the_page_s_words_about_a_game_come_from_its_own_catalogues(game: str) -> None:
    page = page_of(game)
    for lang in i18n.LANGUAGES:
        own = set().union(*(texts(domain, lang) for domain in own_domains(game)))
        title, lines = page.how_to_play(lang)
        said = {title, *lines, page.lead(lang)}
        assert said <= own, (lang, sorted(said - own))


def test_the_platform_s_catalogues_hold_no_key_naming_a_registered_game() -> None:
    platform = [domain for domain, where in i18n.catalogue_folders().items() if where == i18n.LOCALE_DIR]
    assert i18n.SHELL_DOMAIN in platform
    for game in games():
        naming = re.compile(rf"(^|_){re.escape(game)}(_|$)")
        for domain in platform:
            found = {key for key in keys(domain) if naming.search(key)}
            assert not found, f"{domain} holds {game}'s words: {sorted(found)}"


@pytest.mark.parametrize("game", [game for game in games() if has_page(game)])
def test_every_level_a_game_offers_says_in_a_line_what_it_is_like(game: str) -> None:
    """The start screen writes a computer seat's level in a line under its menu, in every language."""
    page = page_of(game)
    offered = [level for level in page.level_order if level in bots.bot_names()]
    assert offered, game
    for lang in i18n.LANGUAGES:
        for level in offered:
            line = page.tr(f"level_{level}_help", lang)
            assert line.strip() and "level_" not in line, (game, level, lang, line)
