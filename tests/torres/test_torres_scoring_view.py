"""What the board shows while a Torres scoring is told, natively: each castle line lights its castle and
marks the knights that score on it, at the level the line names; the totals say what the score track
did, a bump past taken spaces included, so the numbers always add up."""

from __future__ import annotations

import random
import re

import pytest

from toledo.games.torres import GAME, State
from toledo.games.torres import scoring
from toledo.games.torres.outcome import TorresOutcome
from toledo.games.torres.page import panels as torres_panels
from toledo.games.torres.page import scoring_view as torres_scoring

NAMES = ["Ann", "Bob", "Cy", "Di"]


def scorings(players: int, seed: int, variant: str) -> list[tuple[TorresOutcome, State]]:
    state = State(GAME.make_setup(players, seed, 0, (), variant))
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        legal = state.legal_actions()
        outcome = state.apply(legal[rng.randrange(len(legal))])
        if torres_scoring.scored(outcome):
            out.append((outcome, state.clone()))
    return out


@pytest.mark.parametrize(("players", "seed", "variant"), [(2, 3, "base"), (3, 7, "own-deck"), (4, 3, "master")])
def test_each_castle_line_lights_its_castle_and_marks_its_scoring_knights(players: int, seed: int,
                                                                           variant: str) -> None:
    marked = bumped = 0
    found = scorings(players, seed, variant)
    assert len(found) == 3
    for outcome, after in found:
        told = scoring.breakdown(after)
        shown = torres_scoring.phase_scoring(outcome, after, NAMES[:players], "en")
        castle_lines = sum(len(c.shares) for c in told.castles)
        last = max((i for i in range(len(shown.lines)) if shown.mark(i)[0]), default=-1)
        if last >= 0:  # the score track stays until the first total line shows, then moves on
            assert not shown.totals_shown(last + 1) and shown.totals_shown(last + 2)
        for i, (seat, text) in enumerate(shown.lines[:castle_lines]):
            lit, knights = shown.mark(i)
            castle = next(c for c in told.castles if set(c.squares) == lit)
            level = int(re.search(r"level (\d+)", text).group(1))  # type: ignore[union-attr]
            assert knights and knights <= lit
            assert all(after.piece_at(q) == seat and after.heights[q] == level for q in knights)
            assert level == max(after.heights[q] for q in castle.squares if after.piece_at(q) == seat)
            marked += 1
        assert shown.totals_shown(len(shown.lines))
        for seat in range(players):
            total = next(text for s, text in shown.lines if s == seat and "→" in text)
            points = [int(n) for n in re.findall(r"\+(\d+)", total)]
            assert outcome.scored[seat] + sum(points) == after.score[seat], total
            bumped += len(points) > 1
    assert marked > 0
    print(f"{marked} castle lines marked, {bumped} totals with a bump")


@pytest.mark.parametrize(("lang", "level"), [("en", "Hard"), ("de", "Schwer"), ("fr", "Difficile")])
def test_a_computer_seat_names_its_level_in_the_page_language(lang: str, level: str) -> None:
    state = State(GAME.make_setup(2, 1))
    html = torres_panels.players_html(state, ["Ann", "Blau"], ["human", "hard"], lang, 0)
    assert f"Blau ({level})" in html and "(hard)" not in html
    named = torres_panels.players_html(state, ["Ann", "Hard"], ["human", "hard"], lang, 0)
    assert "Hard (" not in named  # a seat named after its level says it once


def test_torres_score_chart_draws_each_player_in_the_boards_own_colour() -> None:
    """The chart after the phases takes each seat's colour from the board's pieces, so a player finds the
    same colour on the chart as on their knights."""
    from toledo.games.torres import data as D
    from toledo.games.torres.page.pieces_svg import PLAYER_FILL

    colours = (2, 0, 3)
    svg = torres_scoring.chart_svg([(10, 5, 7), (20, 30, 12)], NAMES[:3], colours, "en")
    drawn = re.findall(r'<polyline [^>]*stroke="(#[0-9a-fA-F]{6})"[^>]*data-seat="(\d)"', svg)
    assert [(colour, int(seat)) for colour, seat in drawn] == [
        (PLAYER_FILL[D.COLOURS[colours[seat]]], seat) for seat in range(3)]


def test_torres_score_chart_keeps_close_scores_readable() -> None:
    """Players who end the game level or a few points apart each get their own number at the end of their
    line, never one printed over the other, and every number stays inside the chart."""
    svg = torres_scoring.chart_svg([(10, 10, 9), (40, 38, 30), (93, 90, 93)], NAMES[:3], (0, 1, 2), "en")
    labels = {int(seat): (float(y), int(value)) for y, seat, value in
              re.findall(r'<text x="[\d.]+" y="([\d.]+)"[^>]*data-seat="(\d)">(\d+)</text>', svg)}
    assert {seat: value for seat, (_, value) in labels.items()} == {0: 93, 1: 90, 2: 93}
    ys = sorted(y for y, _ in labels.values())
    assert all(b - a >= torres_scoring.LABEL_GAP for a, b in zip(ys, ys[1:])), ys
    assert ys[0] >= torres_scoring.LABEL_GAP and ys[-1] <= 180 - 30


def test_torres_score_chart_spreads_labels_only_as_far_as_needed() -> None:
    spread = torres_scoring.spread
    assert spread([20.0, 80.0, 140.0], 12, 12, 150) == [20.0, 80.0, 140.0]  # apart already: unmoved
    assert spread([50.0, 50.0, 55.0], 12, 12, 150) == [50.0, 62.0, 74.0]
    assert spread([148.0, 149.0, 150.0], 12, 12, 150) == [126.0, 138.0, 150.0]  # kept above the axis
    assert spread([0.0, 1.0], 12, 12, 150) == [12.0, 24.0]  # and below the top
