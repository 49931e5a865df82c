"""The interface catalogues: three languages with the same keys and placeholders, and the language choice."""

from __future__ import annotations

import pytest

from toledo.games.toledo import data as D
from toledo.games.toledo.describe import LOG_MESSAGES
from toledo.core.i18n import (
    LANGUAGES,
    MESSAGES,
    catalogue_problems,
    choose_language,
    join_list,
    placeholders,
    plural_key,
    translate,
    translate_count,
)


def test_catalogues_have_identical_keys_and_placeholders() -> None:
    assert set(MESSAGES) == set(LANGUAGES) == {"en", "de", "fr"}
    assert catalogue_problems(MESSAGES) == []
    for lang in LANGUAGES:
        assert set(MESSAGES[lang]) == set(MESSAGES["en"]), lang
        for key, text in MESSAGES[lang].items():
            assert placeholders(text) == placeholders(MESSAGES["en"][key]), (lang, key)


def test_the_log_catalogue_passes_the_same_check() -> None:
    assert catalogue_problems(LOG_MESSAGES) == []


def test_catalogue_problems_names_what_differs() -> None:
    broken = {"en": {"a": "{x} y", "b": "z"}, "de": {"a": "{y}"}, "fr": {"a": "{x}", "b": " ", "c": "c"}}
    problems = catalogue_problems(broken)
    assert "de: key 'b' missing" in problems
    assert any(p.startswith("de: 'a' uses ['y']") for p in problems)
    assert "fr: 'b' is empty" in problems and "fr: key 'c' not in en" in problems


# Keys the front end relies on (issue 6 and issues 3-5): renaming one breaks the page.
REQUIRED_KEYS = {
    "start_title", "start_seat", "kind_human", "kind_computer", "level_easy", "level_medium", "level_hard",
    "level_expert", "start_name", "start_colour", "start_seed", "start_button", "action_draw", "action_place",
    "action_move", "action_return", "action_pay", "action_use", "action_skip", "action_end", "action_challenge",
    "action_choose_sword", "action_take_fencing", "action_give_back", "action_carry_sword", "action_carry_none",
    "pass_title", "thinking", "duel_round", "score_swords_delivered", "score_swords_in_front", "score_paintings",
    "score_gems", "score_movement_tile", "score_total", "score_cards_in_hand", "score_hand_value", "winner",
    "winners", "play_again", "save_file", "load_file", "share_link", "undo", "replay", "log_title",
    "error_file_invalid", "error_link_invalid", "loading", "language",
} | {f"colour_{c}" for c in D.COLOURS} | {f"business_{b}" for b in D.BUSINESS_NAMES} | {
    f"language_name_{lang}" for lang in LANGUAGES}


def test_the_interface_keys_exist() -> None:
    assert REQUIRED_KEYS <= set(MESSAGES["en"]), sorted(REQUIRED_KEYS - set(MESSAGES["en"]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_formats_with_its_placeholders(lang: str) -> None:
    for key, text in MESSAGES[lang].items():
        params = {name: "Xavier" for name in placeholders(text)}
        out = translate(key, lang, **params)
        assert out and "{" not in out and "}" not in out, (lang, key)


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


def test_plurals_follow_each_language() -> None:
    assert translate_count("cards", 1, "en") == "1 card"
    assert translate_count("cards", 0, "en") == "0 cards"
    assert translate_count("cards", 0, "fr") == "0 carte"
    assert translate_count("cards", 2, "de") == "2 Karten"
    assert plural_key("final_round", 1, "de") == "final_round_one"
    for key in MESSAGES["en"]:
        if key.endswith("_one"):
            assert key[:-4] + "_other" in MESSAGES["en"], key


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
