"""The Torres page's pure helpers, natively (the browser runs the same files): the scoring lines add up
to the engine's totals, the page's own words exist in every language with the same fields, and every
button and cost comes from the engine's offers."""

from __future__ import annotations

import random

import pytest

from toledo.games.torres import GAME, State
from toledo.games.torres.page import clicks as O
from toledo.games.torres import scoring
from toledo.games.torres.page import panels as torres_panels
from toledo.games.torres.page import scoring_view as torres_scoring
from toledo.games.torres.page import words as torres_words
from toledo.games.torres.outcome import TorresOutcome
from toledo.games.torres.stage import Stage

NAMES = ["Ann", "Bob", "Cy", "Di"]


def random_game(players: int, seed: int, variant: str) -> list[tuple[State, object, State, TorresOutcome]]:
    """Every step of a random game as (before, action, after, what apply told)."""
    state = State(GAME.make_setup(players, seed, 0, (), variant))
    rng = random.Random(seed)
    steps = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before = state.clone()
        outcome = state.apply(action)
        steps.append((before, action, state.clone(), outcome))
    return steps


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_page_words_come_from_the_catalogues_with_plural_forms(lang: str) -> None:
    assert not hasattr(torres_words, "PAGE")  # no table of words beside the catalogues
    for key in ("ap_now", "phase_round", "scoring_title", "king_moved", "variant", "variant_master", "key_end_help"):
        assert torres_words.tr(key, lang, ap=3, phase=1, round=2, rounds=4, name="Ann", square="c4") != key
    one = torres_words.tr_count("scoring_castle", 1, lang, square="c4", name="Ann", level=2, points="2")
    many = torres_words.tr_count("scoring_castle", 3, lang, square="c4", name="Ann", level=2, points="6")
    assert one != many.replace("3", "1")  # the castle's size takes the language's plural form
    zero = torres_words.tr_count("ranking_winner", 0, lang, names="")
    assert (zero == torres_words.tr_count("ranking_winner", 1, lang, names="")) == (lang == "fr")


def test_the_torres_page_says_its_own_start_line() -> None:
    assert "knights" in torres_words.tr("setup_lead", "en")
    assert "Ritter" in torres_words.tr("info_hint", "de")


@pytest.mark.parametrize(("players", "seed", "variant"), [(2, 3, "base"), (3, 2, "own-deck"), (4, 3, "master")])
def test_each_scoring_is_told_castle_by_castle_and_adds_up(players: int, seed: int, variant: str) -> None:
    scorings = castles = 0
    for _before, _action, after, outcome in random_game(players, seed, variant):
        if not torres_scoring.scored(outcome):
            continue
        scorings += 1
        told = scoring.breakdown(after)
        lines = torres_scoring.castle_lines(told, NAMES[:players], "de")
        assert len(lines) == sum(len(castle.shares) for castle in told.castles)
        castles += len(lines)
        shown = torres_scoring.phase_scoring(outcome, after, NAMES[:players], "de")
        assert shown.lines[:len(lines)] == tuple(lines) and shown.after == tuple(after.score)
        totals = [line for seat, line in shown.lines if seat >= 0 and "→" in line]
        assert len(totals) == players
        for seat in range(players):
            assert f"→ {after.score[seat]}" in next(line for s, line in shown.lines if s == seat and "→" in line)
    assert scorings == 3 and castles > 0
    final = random_game(players, seed, variant)[-1][2]
    assert final.stage == Stage.OVER
    totals = torres_scoring.phase_totals(GAME, final.setup, final.history)
    assert len(totals) == 3 and list(totals[-1]) == final.score
    html = torres_scoring.ranking_html(final, NAMES[:players], totals, "fr")
    assert html.count("<li ") == players and html.count("<polyline") == players


def test_buttons_and_costs_come_from_the_offers() -> None:
    for before, _action, _after, _outcome in random_game(2, 5, "base")[:60]:
        offer = O.offers(before, ())
        buttons = torres_panels.buttons_html(offer.buttons())
        assert buttons.count("<button") == len(offer.buttons())
        costs = torres_panels.costs_of(offer)
        assert set(costs) <= offer.keys
        assert all(cost >= 1 for cost in costs.values())
        for option in offer.options:
            if option.target.kind == O.SQUARE:
                picked = O.offers(before, (option.target,))
                path = torres_panels.passage_path(picked, before.view(before.current_player))
                assert path == [] or (path[0] == option.key and len(path) >= 3)


def test_a_missing_word_shows_its_key_instead_of_stopping_the_game() -> None:
    assert torres_words.tr("no_such_word_anywhere", "de") == "no_such_word_anywhere"
    assert torres_words.tr("points", "en", count=1) != "points"
    assert torres_words.tr("variant_master", "fr") == "Version maître"


@pytest.mark.parametrize(("lang", "alone", "other"), [("en", "Your turn", "Anna's turn"),
                                                       ("de", "Du bist am Zug", "Anna ist am Zug"),
                                                       ("fr", "À vous de jouer", "À Anna de jouer")])
def test_the_top_bar_names_the_player_in_the_language_s_grammar(lang: str, alone: str, other: str) -> None:
    state = State(GAME.make_setup(2, 3, 0, (), "base"))
    names = ["Anna", "Ben"]
    assert state.current_player == 0
    assert torres_panels.turn_line(state, names, [0], lang).startswith(alone + " · ")
    assert torres_panels.turn_line(state, names, [0, 1], lang).startswith(other + " · ")
    assert torres_panels.turn_line(state, names, [1], lang).startswith(other + " · ")
