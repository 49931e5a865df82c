"""The castle colours: every two far apart for normal sight and as simulated for protanopia and
deuteranopia (CIEDE2000), far from the king's gold, and two castles near each other on a real board never
in the same or a look-alike colour; the castles' tinted plots apart from each other and from unclaimed
ground too, and the players' colours apart for the same three visions."""

from __future__ import annotations

import itertools
import random

import pytest

from toledo.games.torres import data as D
from toledo.games.torres.page.pieces_svg import CASTLE_COLOURS, GOLD, GROUND, PLAYER_FILL, castle_colours, tint
from toledo.games.torres.state import Setup, State

from .colour_vision import VISIONS, ciede2000, difference

APART = 12.0  # CIEDE2000: two colours this far apart are told apart at a glance
FROM_GOLD = 10.0
PLOTS_APART = 6.0  # light tints side by side: clearly different, if not at a glance (the outlines do that)


def test_the_colour_science_matches_published_values() -> None:
    # Sharma, Wu and Dalal's CIEDE2000 test data, pair 1; black and white keep their place under the matrices
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    for vision in VISIONS:
        assert difference("#000000", "#ffffff", vision) == pytest.approx(100, abs=0.5)
    # a red and a green that normal sight tells apart well look alike without red or green cones
    assert difference("#d62728", "#2ca02c", "normal") > 40
    assert difference("#cc3333", "#7a7a22", "deuteranopia") < difference("#cc3333", "#7a7a22", "normal") / 3


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_two_castle_colours_look_apart(vision: str) -> None:
    for one, two in itertools.combinations(CASTLE_COLOURS, 2):
        assert difference(one, two, vision) >= APART, (one, two, vision)
    for colour in CASTLE_COLOURS:
        assert difference(colour, GOLD, vision) >= FROM_GOLD, (colour, vision)


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_two_castle_plots_and_the_ground_look_apart(vision: str) -> None:
    plots = [tint(colour) for colour in CASTLE_COLOURS]
    for one, two in itertools.combinations([*plots, GROUND], 2):
        assert difference(one, two, vision) >= PLOTS_APART, (one, two, vision)


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_two_player_colours_look_apart(vision: str) -> None:
    """Knights and markers in the players' colours (their signs tell seats apart without colour as well)."""
    for one, two in itertools.combinations(PLAYER_FILL.values(), 2):
        assert difference(one, two, vision) >= APART, (one, two, vision)


def near(one: set[int], two: set[int]) -> bool:
    """Two castles within two squares of each other (diagonal touching included)."""
    return any(max(abs(a % D.SIZE - b % D.SIZE), abs(a // D.SIZE - b // D.SIZE)) <= 2 for a in one for b in two)


@pytest.mark.parametrize("variant", D.VARIANTS)
def test_neighbouring_castles_of_real_games_look_apart(variant: str) -> None:
    pairs = 0
    for seed in range(6):
        st = State(Setup(2 + seed % 3, seed, 0, (), variant))
        rng = random.Random(f"palette:{variant}:{seed}")
        while not st.is_terminal():
            if st.step % 9 == 0:
                view = st.view(0)
                colours = castle_colours(view.castle, view.heights, view.variant)
                squares: dict[int, set[int]] = {}
                for q, number in enumerate(view.castle):
                    if number >= 0:
                        squares.setdefault(number, set()).add(q)
                assert set(colours) == set(squares)
                for a, b in itertools.combinations(sorted(squares), 2):
                    if near(squares[a], squares[b]):
                        pairs += 1
                        for vision in VISIONS:
                            assert difference(colours[a], colours[b], vision) >= APART, (a, b, vision, st.step)
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))], check=False)
    assert pairs > 50


def test_a_castle_keeps_its_colour_as_the_game_goes_on() -> None:
    st = State(Setup(3, 4, 0, (), "base"))
    rng = random.Random("palette:keep")
    first: dict[int, str] = {}
    while not st.is_terminal():
        view = st.view(0)
        colours = castle_colours(view.castle, view.heights, view.variant)
        for q in D.START_SQUARES:  # the colour follows the start square's castle
            if view.heights[q] and view.castle[q] >= 0:
                assert first.setdefault(q, colours[view.castle[q]]) == colours[view.castle[q]]
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))], check=False)
    assert len(first) == len(D.START_SQUARES)
