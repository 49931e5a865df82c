"""Torres's words: the catalogue has every word the code builds from names (cards, master cards,
stages), the move log tells whole games in every language, plurals follow each language, and the
rules help has the same shape everywhere."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from toledo.core.i18n import LANGUAGES, has_message, placeholders, template
from toledo.games.torres import data as D
from toledo.games.torres.describe import LogLine, Seat, describe, events, game_log
from toledo.games.torres.outcome import TorresOutcome
from toledo.games.torres.rules_help import FACTS, STRUCTURE, rules_html, sections
from toledo.games.torres.state import Setup, State
from toledo.games.torres.words import DOMAIN, card_name, card_short, colour_name, master_name, seat_name, tr, tr_count

SEARCH = (DOMAIN, "shell")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_built_from_a_name_exists(lang: str) -> None:
    for c in range(D.NUM_CARD_TYPES):
        assert card_name(c, lang) and card_short(c, lang)
        assert len(card_short(c, lang)) <= 13, "a short name fits a card face"
    for m in range(len(D.MASTER_CARDS)):
        assert master_name(m, lang)
    for colour in range(len(D.COLOURS)):
        assert colour_name(colour, lang)
    for key in ("stage_blocks", "stage_knights", "stage_king", "stage_over", "do_k14", "do_k15"):
        assert has_message(key, lang, domains=SEARCH), key
    for ident in D.CARD_IDS:
        assert has_message(f"do_{ident}", lang, domains=SEARCH)
        assert has_message(f"play_{ident}", lang, domains=(DOMAIN,), context="log")


def test_plurals_follow_each_language() -> None:
    assert tr_count("square_stack", 1, "en", square="d4") == "d4: 1 block"
    assert tr_count("square_stack", 0, "en", square="d4") == "d4: 0 blocks"
    assert tr_count("square_stack", 0, "fr", square="d4") == "d4 : 0 bloc"
    assert tr_count("square_stack", 2, "fr", square="d4") == "d4 : 2 blocs"
    assert tr_count("square_stack", 1, "de", square="d4") == "d4: 1 Block"
    assert tr_count("do_score", 1, "fr") == "avancer de 1 case sur la piste de score"
    assert tr_count("cards", 3, "de") == "3 Karten"  # the shell's word, found through tr_count


def test_names_and_french_elision() -> None:
    assert seat_name(1, (0, 2), ("Anna", ""), "fr") == "Vert"
    assert seat_name(0, (0, 2), ("Anna", ""), "fr") == "Anna"
    assert tr("piece_knight", "fr", name="Anna") == "chevalier d'Anna"
    assert tr("piece_knight", "fr", name="Bruno") == "chevalier de Bruno"


def test_french_counts_rounds_in_manches_as_a_tour_is_a_tower() -> None:
    """The top bar and the board's panel name the round alike, never with the word for a tower."""
    for key in ("phase_round", "stage_turn"):
        text = template(key, "fr", domains=(DOMAIN,))
        assert "manche {round}" in text and "tour {round}" not in text, text


def _games() -> list[tuple[State, list[object]]]:
    out = []
    for n, variant in ((2, "base"), (3, "own-deck"), (4, "master")):
        start = State(Setup(n, 7, 0, (), variant))
        st = start.clone()
        rng = random.Random(f"words:{n}:{variant}")
        actions = []
        while not st.is_terminal():
            legal = st.legal_actions()
            action = legal[rng.randrange(len(legal))]
            actions.append(action)
            st.apply(action, check=False)
        out.append((start, actions))
    return out


GAMES = _games()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_move_log_tells_whole_games(lang: str) -> None:
    for start, actions in GAMES:
        log = game_log(start, actions)  # type: ignore[arg-type]
        assert len(log) >= len(actions)
        keys = {line.key for line in log}
        assert {"scoring", "phase_begins", "game_over", "end"} <= keys
        for line in log:
            text = line.text(lang, ["Anna", "Ève"])
            assert text and "{" not in text and "}" not in text, (line.key, text)
        assert sum(1 for line in log if line.key == "scoring") == D.PHASES


def test_the_log_names_players_and_counts() -> None:
    start, actions = GAMES[0]
    st = start.clone()
    for action in actions:
        line = describe(st.apply(action), action, st)  # type: ignore[arg-type]
        if line.key == "score":
            assert line.text("en", ["Anna", "Bruno"]).startswith(("Anna moves", "Bruno moves"))
            assert line.text("en").split()[0] in ("Red", "Blue", "Green", "Yellow")
            break
    words = LogLine("score", {"player": Seat(0, 0)}, 0, count=1).text("fr")
    assert words == "Rouge avance de 1 case sur la piste de score."
    assert events(TorresOutcome(0), start) == []


def test_a_bought_card_is_never_named() -> None:
    for start, actions in GAMES:
        st = start.clone()
        for action in actions:
            line = describe(st.apply(action), action, st)  # type: ignore[arg-type]
            if line.key == "buy":
                assert set(line.params) == {"player"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_help_has_the_same_shape_in_every_language(lang: str) -> None:
    secs = sections(lang)
    assert [s.id for s in secs] == [s for s, _ in STRUCTURE]
    english = sections("en")
    for mine, theirs in zip(secs, english):
        assert len(mine.paragraphs) == len(theirs.paragraphs)
        for p, q in zip(mine.paragraphs, theirs.paragraphs):
            assert p.rules == q.rules and len(p.text) > 40
            assert "{" not in p.text
            if lang != "en":
                assert p.text != q.text, "translated"
    html = rules_html(lang)
    root = ET.fromstring(html)  # well-formed
    assert root.get("lang") == lang and len(root.findall("section")) == len(STRUCTURE)
    assert str(FACTS["knights"]) in html and str(FACTS["ap"]) in html


def test_rules_help_refuses_a_bad_heading_level() -> None:
    with pytest.raises(ValueError):
        rules_html("en", heading_level=6)


def test_log_and_rules_templates_agree_on_placeholders() -> None:
    for context in ("log", "rules"):
        for lang in LANGUAGES:
            for key in ("scoring", "end_spread") if context == "log" else ("setup.1", "knights.1"):
                assert placeholders(template(key, lang, domains=(DOMAIN,), context=context)) == placeholders(
                    template(key, "en", domains=(DOMAIN,), context=context))
