"""Board explanations: accessible names and help texts per seat, in three languages, leaking nothing hidden."""

from __future__ import annotations

import dataclasses
import random

import pytest

from toledo import State, new_game
from toledo.games.toledo import data as D
from toledo.games.toledo.explain import (
    SUPPLY_ITEMS,
    action_label,
    card_label,
    fencing_label,
    pawn_label,
    player_area_label,
    public_score,
    space_help,
    space_label,
    supply_label,
    supply_labels,
    sword_label,
)
from tests.support import load_script
from toledo.core.i18n import LANGUAGES, catalogue_problems
from toledo.games.toledo.sampling import sample_state
from toledo.games.toledo.words import DOMAIN
from toledo.games.toledo.view import PlayerView

RED, BLUE, GREEN = 0, 1, 2


def _played(players: int, seed: int, steps: int) -> State:
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _all_texts(view: PlayerView, lang: str, names: list[str] | None = None, you: bool = True) -> list[str]:
    texts = []
    for space in range(D.LAST_SPACE + 1):
        texts += [space_label(view, space, lang, names, you), space_help(view, space, lang, names, you)]
    texts += [pawn_label(view, p, lang, names, you) for p in range(len(view.pawn_pos))]
    texts += [card_label(view, c, lang, you) for c in range(D.NUM_CARD_KINDS)]
    texts += [sword_label(view, s, lang, names, you) for s in range(len(D.SWORDS))]
    texts += [fencing_label(view, k, lang, names, you) for k in range(len(D.FENCING_NAMES))]
    texts += list(supply_labels(view, lang).values())
    texts += [player_area_label(view, seat, lang, names, you) for seat in range(view.num_players)]
    return texts


def _put_business(state: State, space: int, owner: int, business: D.Business, circles: int) -> None:
    state.tile_owner[space] = owner
    state.tile_business[space] = business
    state.capacity[space] = circles


def _put_pawn(state: State, pawn: int, space: int) -> None:
    if state.pawn_pos[pawn] not in (D.CATHEDRAL, D.ALCAZAR):
        state.occupants[state.pawn_pos[pawn]].remove(pawn)
    state.pawn_pos[pawn] = space
    if D.CATHEDRAL < space < D.ALCAZAR:
        state.occupants[space].append(pawn)


def _set_hand(state: State, seat: int, cards: list[int]) -> None:
    state.hands[seat] = [0] * D.NUM_CARD_KINDS
    for card in cards:
        state.hands[seat][card] += 1
    state.hand_sizes[seat] = len(cards)


@pytest.fixture
def table() -> State:
    """3 players: Blue's 2-circle gem dealer on space 9 (middle row) with Red's pawn 1 on it."""
    state = new_game(3, seed=11)
    _put_business(state, 9, BLUE, D.Business.GEM, 2)
    _put_pawn(state, RED * 5, 9)
    return state


def test_catalogue_is_complete_in_every_language() -> None:
    messages = load_script("compile_catalogues").messages(DOMAIN, "explain")
    assert set(messages) == set(LANGUAGES) and len(messages["en"]) > 100
    assert catalogue_problems(messages) == []


def test_space_label_names_owner_row_circles_and_occupants(table: State) -> None:
    assert space_label(table.view(GREEN), 9) == "Space 9, Blue's gem dealer, middle row, 2 circles, one taken by Red"
    assert space_label(table.view(RED), 9) == "Space 9, Blue's gem dealer, middle row, 2 circles, one taken by you"
    assert space_label(table.view(BLUE), 9, "de") == "Feld 9, dein Edelsteinhändler, mittlere Reihe, 2 Kreise, einer besetzt von Rot"
    assert space_label(table.view(GREEN), 9, "fr") == "Case 9, marchand de gemmes de Bleu, rangée du milieu, 2 cercles, un occupé par Rouge"
    _put_pawn(table, GREEN * 5, 9)
    assert space_label(table.view(BLUE), 9).endswith("2 circles, both taken by Red and Green")
    assert space_label(table.view(BLUE), 9, "de").endswith("beide besetzt von Rot und Grün")


def test_space_label_for_the_other_kinds_of_space(table: State) -> None:
    view = table.view(GREEN)
    assert space_label(view, 0) == "Space 0, the Cathedral, where every pawn starts; pawns here: Red (4), Blue (5), you (5)"
    assert space_label(view, 3) == "Space 3, empty business space, bottom row"
    assert space_label(view, 5) == "Space 5, tavern, bottom row, 2 circles, free"
    assert space_label(view, 10) == "Space 10, artist, middle row, 2 circles, free"
    assert space_label(view, 20) == "Space 20, entry to the Alcazar; nobody has entered the Alcazar yet"
    _put_pawn(table, BLUE * 5 + 2, D.ALCAZAR)
    assert space_label(table.view(GREEN), 21, "de") == "Feld 21, Eingang zum Alcazar; im Alcazar: Blau (1)"
    _put_business(table, 2, RED, D.Business.METAL, 1)
    _put_pawn(table, BLUE * 5, 2)
    assert space_label(table.view(GREEN), 2).endswith("1 circle, taken by Blue")
    with pytest.raises(ValueError):
        space_label(view, 22)


def test_space_help_tells_the_cost_for_the_viewer_here_and_now(table: State) -> None:
    _set_hand(table, GREEN, [D.card_kind(2, 0, 0), D.card_kind(4, 1, 1)])
    assert space_help(table.view(GREEN), 9) == (
        "Blue's gem dealer, middle row: costs you a card of 3 or more, paid to Blue; gives 1 gem (supply: 20).")
    _set_hand(table, GREEN, [D.card_kind(2, 0, 0)])
    assert "you have no card that high" in space_help(table.view(GREEN), 9)
    own = space_help(table.view(BLUE), 9)
    assert own.startswith("Your gem dealer, middle row: free for you; gives 1 gem (supply: 20).")
    assert "card of 3 or more" in own
    assert space_help(table.view(GREEN), 9, "de").startswith(
        "Edelsteinhändler von Blau, mittlere Reihe: kostet dich eine Karte ab 3, die Blau bekommt")
    assert space_help(table.view(GREEN), 9, "fr").startswith(
        "Marchand de gemmes de Bleu, rangée du milieu : vous coûte une carte de 3 ou plus, donnée à Bleu")
    table.gem_supply = 0
    assert "gem supply is empty" in space_help(table.view(GREEN), 9)


def test_space_help_for_taverns_artist_entries_and_empty_spaces(table: State) -> None:
    view = table.view(RED)
    assert space_help(view, 5).startswith("Tavern, bottom row: costs you a card of 1 or more, which is discarded")
    assert "you draw 3 cards" in space_help(view, 5)
    assert "you take the top painting, worth 3 (6 left)" in space_help(view, 10)
    assert "a card of 3 or more" in space_help(view, 10)
    assert space_help(view, 3).startswith("Empty business space, bottom row: room for a business tile")
    assert "You have 8 business tiles left." in space_help(view, 3)
    assert "Alcazar" in space_help(view, 20) and "sword" in space_help(view, 21)
    assert "Cathedral" in space_help(view, 0)
    table.paintings_stack.clear()
    assert "no paintings are left" in space_help(table.view(RED), 10)


def test_space_help_explains_swordsmiths_and_fencing_masters(table: State) -> None:
    _put_business(table, 16, BLUE, D.Business.SWORD, 1)
    _put_business(table, 17, BLUE, D.Business.FENCE, 1)
    assert "none on the board fits what you have (you have 0 metal and 0 gems)" in space_help(table.view(RED), 16)
    table.metal[RED], table.gems[RED] = 2, 1
    help_text = space_help(table.view(RED), 16)
    assert "you can pay for: 2, 4, 4, 6" in help_text and "a card of 5 or more" in help_text
    assert "open to you: violet, brown, teal, movement" in space_help(table.view(RED), 17)
    table.fencing_held[RED] = 0b0111
    assert "you hold 3, so you would give one back; open to you: movement" in space_help(table.view(RED), 17)


def test_space_help_warns_of_full_spaces(table: State) -> None:
    _put_pawn(table, GREEN * 5, 9)
    assert space_help(table.view(BLUE), 9).endswith(
        "Full: a pawn of yours landing here must move on with another card or challenge a pawn of another player.")
    _put_pawn(table, GREEN * 5, 0)
    _put_pawn(table, RED * 5 + 1, 9)
    assert "Full with your own pawns" in space_help(table.view(RED), 9)


def test_pawn_labels(table: State) -> None:
    assert pawn_label(table.view(GREEN), RED * 5) == "Red's pawn 1, on space 9 (Blue's gem dealer)"
    assert pawn_label(table.view(RED), RED * 5) == "Your pawn 1, on space 9 (Blue's gem dealer)"
    assert pawn_label(table.view(RED), BLUE * 5 + 4, "de") == "Figur 5 von Blau, auf der Kathedrale"
    _put_pawn(table, BLUE * 5, D.ALCAZAR)
    table.pawn_sword[BLUE * 5] = 7
    assert pawn_label(table.view(BLUE), BLUE * 5, "fr") == (
        f"Votre pion 1, dans l'Alcazar avec l'épée de valeur {D.SWORDS[7].value}")
    _put_pawn(table, GREEN * 5, 5)
    assert pawn_label(table.view(RED), GREEN * 5, "fr") == "Pion 1 de Vert, sur la case 5 (taverne)"


def test_card_labels_explain_the_duel() -> None:
    view = new_game(2, seed=1).view(0)
    violet_attacker = D.card_kind(4, D.Fencing.VIOLET, D.ATTACKER)
    assert card_label(view, violet_attacker) == (
        "Card 4, violet scene, attacker highlighted. In a duel this round goes to the only duellist holding a "
        "violet tile; if both or neither hold one, the challenger wins it.")
    neutral_defender = D.card_kind(2, D.NEUTRAL, D.DEFENDER)
    assert card_label(view, neutral_defender, "de") == (
        "Karte 2, Szene neutral, Verteidiger hervorgehoben. Im Duell geht diese Runde an den Verteidiger.")
    state = new_game(2, seed=1)
    state.fencing_held[0] = 1 << D.Fencing.VIOLET
    assert card_label(state.view(0), violet_attacker, "fr").endswith("Vous avez une tuile violette.")
    assert "You hold" not in card_label(state.view(1), violet_attacker)


def test_sword_labels_tell_cost_points_and_affordability(table: State) -> None:
    index = D.SWORDS.index(D.SwordTile(10, 2, 3))
    table.metal[RED], table.gems[RED] = 2, 1
    text = sword_label(table.view(RED), index)
    assert text.startswith("Sword worth 10, costs 2 metal and 3 gems. At the end: 10 points in the Alcazar, 5 if")
    assert text.endswith("You cannot pay for it yet: you need 2 gems more.")
    table.gems[RED] = 3
    assert sword_label(table.view(RED), index).endswith("You can pay for it (you have 2 metal and 3 gems).")
    table.sword_on_board[index] = False
    table.swords_in_front[BLUE].append(index)
    assert "It lies in front of Blue: 5 points at the end, or 10" in sword_label(table.view(RED), index)
    assert "Es liegt vor dir" in sword_label(table.view(BLUE), index, "de")


def test_fencing_labels(table: State) -> None:
    table.fencing_held[BLUE] = 1 << D.Fencing.MOVEMENT
    table.fencing_board[D.Fencing.MOVEMENT] -= 1
    text = fencing_label(table.view(RED), D.Fencing.MOVEMENT)
    assert text.startswith("Movement tile, 3 on the board.") and "2 points" in text and "Held by Blue." in text
    assert "You hold one." in fencing_label(table.view(BLUE), D.Fencing.MOVEMENT)
    assert fencing_label(table.view(RED), D.Fencing.TEAL, "de").startswith("Duellplättchen türkis, 4 auf dem Plan.")
    table.fencing_held[RED] = 0b0111
    assert fencing_label(table.view(RED), D.Fencing.MOVEMENT).endswith("taking this one means giving one back.")


def test_supply_labels(table: State) -> None:
    labels = supply_labels(table.view(RED))
    assert set(labels) == set(SUPPLY_ITEMS)
    assert labels["metal"] == "Metal supply: 23 left"
    assert labels["paintings"] == "Paintings: 6 left, the top one worth 3"
    assert labels["swords"] == "19 sword tiles on the board"
    assert labels["fencing"] == "Fencing tiles on the board: violet 4, brown 4, teal 4, movement 4"
    assert labels["draw"].startswith(f"Draw pile: {84 - 15} cards")
    assert supply_label(table.view(RED), "discard", "fr") == "Défausse : 0 carte"
    with pytest.raises(ValueError):
        supply_label(table.view(RED), "gold")


def test_player_area_label(table: State) -> None:
    table.metal[BLUE], table.gems[BLUE] = 1, 3
    table.paintings[BLUE].append(2)
    table.fencing_held[BLUE] = 1 << D.Fencing.MOVEMENT
    assert player_area_label(table.view(RED), BLUE) == (
        "Blue: 5 cards in hand; 1 metal, 3 gems; no swords in front; fencing tiles: movement; paintings: 2; "
        "pawns: 0 in the Alcazar, 0 on the road, 5 on the Cathedral; business tiles left: 8; 1 point so far")
    assert player_area_label(table.view(RED), RED, "de").startswith("Rot (du): jetzt am Zug; 5 Karten auf der Hand")
    assert player_area_label(table.view(RED), RED, "fr").startswith("Rouge (vous) : joue maintenant ; 5 cartes en main")


def test_e4_public_score_matches_the_rulebook_example() -> None:
    state = new_game(2, seed=3)
    twelve = next(i for i, s in enumerate(D.SWORDS) if s.value == 12)
    seven_ish = next(i for i, s in enumerate(D.SWORDS) if s.value // 2 == 3)
    _put_pawn(state, 0, D.ALCAZAR)
    state.pawn_sword[0] = twelve
    state.swords_in_front[0].append(seven_ish)
    state.paintings[0] += [2, 2]
    state.gems[0] = 3
    state.fencing_held[0] = 1 << D.Fencing.MOVEMENT
    score = public_score(state.view(1), 0)
    assert score.total == 18 == state.score(0).total
    assert "18 points so far" in player_area_label(state.view(1), 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_public_score_equals_the_engine_score_in_random_games(players: int) -> None:
    for seed in range(3):
        state = _played(players, seed, 400)
        for seat in range(players):
            engine, public = state.score(seat), public_score(state.view((seat + 1) % players), seat)
            assert public == dataclasses.replace(engine, hand_value=None) and engine.hand_value is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_is_filled_in_every_language_through_random_games(lang: str) -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = new_game(players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal() and step < 600:
            if step % 37 == 0:
                for seat in range(players):
                    for text in _all_texts(state.view(seat), lang):
                        assert text and "{" not in text and "}" not in text, text
            view = state.view(state.current)
            texts = [action_label(view, action, lang) for action in state.legal_actions()]
            assert all(text and "{" not in text for text in texts), texts
            assert len(set(texts)) == len(texts), texts
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def test_no_hidden_information_leaks_into_any_label() -> None:
    """Two states that differ only in what the viewer cannot see (other hands, draw order) read the same."""
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        state = _played(players, seed, 120)
        for seat in range(players):
            view = state.view(seat)
            other = sample_state(view, random.Random(seed))
            assert [other.hands[s] for s in range(players) if s != seat] != [
                state.hands[s] for s in range(players) if s != seat] or players == 2
            for lang in LANGUAGES:
                assert _all_texts(other.view(seat), lang) == _all_texts(view, lang)


def test_other_players_cards_are_never_named() -> None:
    state = _played(3, 9, 60)
    view = state.view(0)
    for seat in (1, 2):
        text = player_area_label(view, seat)
        assert f"{state.hand_sizes[seat]} card" in text
        assert "Card " not in text and "scene" not in text


def test_player_names_replace_colours_and_french_elides() -> None:
    state = new_game(2, seed=2)
    _put_business(state, 4, 0, D.Business.METAL, 2)
    names = ["Anna", "<b>Bruno</b>"]
    assert space_label(state.view(1), 4, "en", names) == "Space 4, Anna's metal dealer, bottom row, 2 circles, free"
    assert space_label(state.view(1), 4, "fr", names) == "Case 4, marchand de métal d'Anna, rangée du bas, 2 cercles, libre"
    assert player_area_label(state.view(0), 1, "en", names).startswith("<b>Bruno</b>: ")  # plain text, not HTML
    for lang in LANGUAGES:
        for text in _all_texts(state.view(1), lang, names):
            assert "de Anna" not in text


def test_spectator_mode_names_every_seat() -> None:
    state = _played(2, 7, 80)
    view = state.view(0)
    labels = [space_label(view, s, you=False) for s in range(D.LAST_SPACE + 1)]
    labels += [pawn_label(view, p, you=False) for p in range(10)]
    labels += [player_area_label(view, seat, you=False) for seat in range(2)]
    labels += [fencing_label(view, k, you=False) for k in range(4)]
    assert not any(word in text.lower() for text in labels for word in ("(you)", "your ", "by you", "you ("))
    assert player_area_label(state.view(0), 0, you=False).startswith("Red: ")
    assert pawn_label(state.view(0), 0, you=False).startswith("Red's pawn 1")


def test_action_labels_describe_destinations() -> None:
    state = new_game(2, seed=0)
    view = state.view(0)
    labels = {str(a): action_label(view, a) for a in state.legal_actions()}
    assert len(set(labels.values())) == len(labels)  # every choice reads differently
    assert labels["draw"] == "Take 2 cards"
    assert labels["place gem2 6"] == "Place your 2-circle gem dealer on space 6"
    moves = [text for action, text in labels.items() if action.startswith("move")]
    assert any(text.startswith("Play a 5 (") and text.endswith("and move pawn 1 to space 5 (tavern)")
               for text in moves)
    assert action_label(view, state.legal_actions()[0], "de") == "2 Karten nehmen"
