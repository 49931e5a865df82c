"""The one save format of every game: documents name their game, round-trip through files and links,
and anything hostile is refused by the boundary with one `InputError` before any deep work."""

from __future__ import annotations

import json

import pytest

from tests.core.games import GAMES, document_of, random_state
from tests.core.test_boundary import assert_clean
from toledo.core import codec, registry, save
from toledo.core.boundary.limits import MAX_ACTIONS, MAX_DEPTH
from toledo.core.boundary.links import pack, unpack
from toledo.core.codec import check_header, same_game, save_text, share_fragment, upgrade
from toledo.core.errors import InputError
from toledo.core.save import loads
from toledo.core.share import decode


def refused_save(text: str | bytes, *words: str, code: str | None = None) -> InputError:
    with pytest.raises(InputError) as info:
        loads(text)
    return _checked(info.value, words, code)


def refused_link(fragment: str, *words: str, code: str | None = None) -> InputError:
    with pytest.raises(InputError) as info:
        decode(fragment)
    return _checked(info.value, words, code)


def _checked(err: InputError, words: tuple[str, ...], code: str | None) -> InputError:
    assert_clean(str(err))
    for word in words:
        assert word in str(err), str(err)
    if code is not None:
        assert err.code == code, str(err)
    return err


def link_of(document: object) -> str:
    return pack(json.dumps(document, separators=(",", ":")).encode())


# --- what a document holds ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_saves_and_links_carry_the_game_s_name_and_round_trip(game: str) -> None:
    state = random_state(game, registry.get(game).max_players, 7, steps=40)
    document = document_of(state)
    assert document["game"] == game and document["format"] == "tabletop-save" and document["version"] == 2
    assert list(document) == ["format", "version", "game", "variant", "setup", "actions"]
    model, again = loads(save_text(document))
    assert model.game == game and again.history == state.history and again.setup == state.setup
    fragment = share_fragment(document)
    assert json.loads(unpack(fragment))["game"] == game
    model, again = decode(fragment)
    assert model.game == game and again.history == state.history
    assert json.loads(save.dumps(again))["game"] == game


def test_a_version_1_document_is_toledo_under_rules_revision_1() -> None:
    state = random_state("toledo", 2, 3, steps=20)
    document = document_of(state)
    old = {"format": "toledo-save", "version": 1,
           "setup": {k: v for k, v in document["setup"].items() if k != "rules"}, "actions": document["actions"]}
    new = upgrade(old)
    assert new["game"] == "toledo" and new["variant"] == "base" and new["setup"]["rules"] == 1
    assert upgrade(document) is document
    model, _ = loads(json.dumps(old))
    assert model.setup.rules == 1 and model.game == "toledo"
    refused_save(json.dumps({**old, "game": "torres"}), "version 1 has no such field")


@pytest.mark.parametrize("document, code", [
    ([1, 2], "not_ours"),
    ({"format": "chess"}, "not_ours"),
    ({"format": "toledo-save", "version": 3}, "version"),
    ({"format": "toledo-save", "version": True}, "version"),
    ({"format": "toledo-save", "version": 1.0}, "version"),
    ({"format": "toledo-save", "version": "2"}, "version"),
])
def test_the_header_names_what_the_document_is(document: object, code: str) -> None:
    with pytest.raises(InputError) as info:
        check_header(document)
    assert info.value.code == code
    assert_clean(str(info.value))


def test_same_game_is_one_game_at_two_moments() -> None:
    state = random_state("torres", 2, 4, steps=30)
    later = document_of(state)
    earlier = {**later, "actions": later["actions"][:10]}
    assert same_game(earlier, later) and same_game(later, later) and not same_game(later, earlier)
    assert not same_game({**earlier, "game": "toledo"}, later)
    other_seat = {**later, "setup": {**later["setup"], "seed": 5}}
    assert not same_game(earlier, other_seat)


def test_an_unknown_game_is_refused_by_name() -> None:
    document = document_of(random_state("toledo", 2, 1, steps=3))
    refused_save(json.dumps({**document, "game": "chess"}), "no game is called 'chess'", code="unavailable")
    refused_save(json.dumps({**document, "game": "Toledo\n"}), "game")
    with pytest.raises(InputError):
        codec.game_named(None)


# --- hostile documents, for every game ----------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_5000_digit_seed_is_refused(game: str) -> None:
    text = save_text(document_of(random_state(game, 2, 1, steps=3)))
    huge = text.replace('"seed": 1,', '"seed": ' + "9" * 5000 + ",")
    assert huge != text
    refused_save(huge, "5000 digits", code="not_json")
    refused_link("game=" + pack(huge.encode())[5:], "5000 digits")
    refused_save(text.replace('"seed": 1,', '"seed": ' + "9" * 19 + ","), "setup.seed")  # JSON, but no seed


@pytest.mark.parametrize("game", GAMES)
def test_deep_nesting_is_refused_in_saves_and_links(game: str) -> None:
    document = document_of(random_state(game, 2, 1, steps=3))
    for deep in ("[" * 1000 + "]" * 1000, json.dumps({**document, "actions": [[[[["draw"]]]]] * 2}).replace(
            '[[[["draw"]]]]', "[" * 1000 + '"draw"' + "]" * 1000)):
        refused_save(deep, f"more than {MAX_DEPTH} deep", code="not_json")
        refused_link(pack(deep.encode()), f"more than {MAX_DEPTH} deep")


def test_a_50_megabyte_file_gets_a_short_message() -> None:
    err = refused_save(b" " * 50_000_000, "too large", code="too_large")
    assert len(str(err)) < 80


@pytest.mark.parametrize("game", GAMES)
def test_names_with_line_breaks_never_split_the_message(game: str) -> None:
    state = random_state(game, 2, 1, steps=3)
    for name in ("Ann\nBob", "Ann\r\nerror: fake", "x" * 500 + "\n", "\u2028Ann", "Ann\u202e"):
        document = document_of(state, [name, "Bob"])
        refused_save(json.dumps(document), "setup.players.0.name")
        refused_link(link_of(document), "setup.players.0.name")
    # an action that names itself with a line break is quoted escaped
    document = document_of(state)
    err = refused_save(json.dumps({**document, "actions": ["pla\nce metal1 2"]}), "'pla\\nce metal1 2'")
    assert err.step == 0


@pytest.mark.parametrize("game, text", [("toledo", "place metal1 ²"), ("toledo", "place metal1 ٣"),
                                        ("toledo", "move 4Va １"), ("torres", "score ²"),
                                        ("torres", "end t１"), ("torres", "block a٣")])
def test_actions_with_non_ascii_digits_are_refused(game: str, text: str) -> None:
    state = random_state(game, 2, 1, steps=0)
    document = document_of(state)
    err = refused_save(json.dumps({**document, "actions": [text]}), "cannot be played", code="damaged")
    assert err.step == 0
    refused_link(link_of({**document, "actions": [text]}), "cannot be played")


@pytest.mark.parametrize("game", GAMES)
def test_actions_of_thousands_of_digits_are_refused_by_length(game: str) -> None:
    document = document_of(random_state(game, 2, 1, steps=0))
    err = refused_save(json.dumps({**document, "actions": ["place metal1 " + "7" * 5000]}), "longer than")
    assert err.step == 0


def test_a_link_of_451000_actions_is_refused_before_any_validation_or_replay(monkeypatch) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("deep work on a game that is far too long")

    monkeypatch.setattr(save.SaveModel, "model_validate", never)
    monkeypatch.setattr(save, "replay_texts", never)
    document = document_of(random_state("toledo", 2, 1, steps=0))
    refused_link(link_of({**document, "actions": ["end"] * 451_000}), "too large", code="too_large")
    refused_save(json.dumps({**document, "actions": ["end"] * 451_000}), "too large", code="too_large")
    refused_save(json.dumps({**document, "actions": ["end"] * 451_000}, separators=(",", ":"))[:-1] + "}",
                 "too large", code="too_large")
    refused_link(link_of({**document, "actions": ["end"] * (MAX_ACTIONS + 1)}), f"{MAX_ACTIONS + 1:,} actions")


@pytest.mark.parametrize("game", GAMES)
def test_actions_after_the_end_are_refused_without_naming_a_seat(game: str) -> None:
    state = random_state(game, 2, 2)
    assert state.is_terminal()
    document = document_of(state)
    err = refused_save(json.dumps({**document, "actions": document["actions"] + [document["actions"][-1]]}),
                       "game is over")
    assert "to act" not in str(err) and err.step == len(document["actions"])
    with pytest.raises(Exception) as info:
        state.apply(state.history[-1])
    assert "to act" not in str(info.value) and "game is over" in str(info.value)


@pytest.mark.parametrize("game", GAMES)
def test_apply_of_a_non_action_raises_the_game_s_error(game: str) -> None:
    from toledo.core.errors import IllegalActionError

    state = random_state(game, 2, 1, steps=5)
    before = state.history[:]
    for junk in (None, "draw", 3, object()):
        with pytest.raises(IllegalActionError) as info:
            state.apply(junk)
        assert "not an action" in str(info.value) and "\n" not in str(info.value)
    assert state.history == before
