"""The move log's words and share links (engine side of saving and replaying games)."""

from __future__ import annotations

import random

import pytest

from toledo import new_game, parse
from tests.support import load_script
from toledo.games.toledo.describe import LANGUAGES, describe, game_log
from toledo.games.toledo.words import DOMAIN
from toledo.core.errors import SaveFileError
from toledo.core.save import to_save
from toledo.core.share import decode, encode


def _random_game(players: int, seed: int, max_steps: int = 100_000):
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and state.step < max_steps:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_log_catalogues_have_the_same_keys() -> None:
    messages = load_script("compile_catalogues").messages(DOMAIN, "log")
    keys = set(messages["en"])
    assert len(keys) > 40
    for lang in LANGUAGES:
        assert set(messages[lang]) == keys, lang


def test_every_action_of_random_games_is_told_in_every_language() -> None:
    told: set[str] = set()
    for seed in range(6):
        game = _random_game(2 + seed % 3, seed)
        fresh = new_game(game.n, seed=seed)
        for line in game_log(fresh, game.history):
            told.add(line.key)
            for lang in LANGUAGES:
                text = line.text(lang)
                assert text and "{" not in text, (lang, line)
    assert {"draw", "place", "move", "challenge", "pay_owner", "end"} <= told


def test_log_names_the_mover_the_card_and_the_owner() -> None:
    state = new_game(2, seed=42)
    state.apply(parse("place metal1 1"))
    # blue moves onto red's metal dealer with a 1, if it holds one
    ones = [a for a in state.legal_actions() if a.is_move and str(a).startswith("move 1")]
    assert ones, "seed 42 no longer deals blue a 1: choose another seed"
    line = describe(state.apply(ones[0]), ones[0], state)
    assert line.text("en", ["Ana", "Ben"]) == "Ben plays a 1 and moves pawn 1 to Ana's metal dealer (space 1)."


def test_log_never_names_drawn_cards() -> None:
    state = new_game(2, seed=1)
    outcome = state.apply(next(a for a in state.legal_actions() if str(a) == "draw"))
    line = describe(outcome, state.history[-1], state)
    assert line.text("en") == "Red takes 2 cards."


def test_share_link_round_trips_a_finished_game() -> None:
    game = _random_game(4, 3)
    model, again = decode("#" + encode(to_save(game)))
    assert again.summary() == game.summary()
    assert [str(a) for a in again.history] == [str(a) for a in game.history]


@pytest.mark.parametrize("mangle, message", [
    (lambda f: f[:-32], "cut short"),  # whole base64 quads off, so only the zlib stream is short
    (lambda f: "x" + f, "carries no game"),
    (lambda f: "game=" + "@" * 40, "damaged"),
    (lambda f: f[:5] + f[5:25] + "Z" * 30 + f[55:], "damaged"),
])
def test_share_link_tampering_is_refused_in_one_line(mangle, message) -> None:
    fragment = encode(to_save(_random_game(2, 5, max_steps=300)))
    with pytest.raises(SaveFileError) as err:
        decode(mangle(fragment))
    assert message in str(err.value) and "\n" not in str(err.value)
