"""The Torres drawing: well-formed SVG for many positions (2-4 players, every variant, both layouts and
languages), every offered key clickable exactly once, heights, pieces and castles as the view says,
accessible names, and the same text for the same input."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from toledo.games.torres import data as D
from toledo.games.torres.offers import offers, recent_keys
from toledo.games.torres.state import Setup, State
from toledo.games.torres.svg import board_svg
from toledo.games.torres.view import PlayerView

NS = "{http://www.w3.org/2000/svg}"
CASES = [(n, variant) for n in (2, 3, 4) for variant in D.VARIANTS]


def positions(num_players: int, variant: str, seed: int, every: int = 17) -> list[tuple[State, object]]:
    """States along a seeded random game with the action that led to each."""
    st = State(Setup(num_players, seed, 0, (), variant))
    rng = random.Random(f"svg:{num_players}:{variant}:{seed}")
    out: list[tuple[State, object]] = [(st.clone(), None)]
    last = None
    while not st.is_terminal():
        if st.step % every == 0:
            out.append((st.clone(), last))
        legal = st.legal_actions()
        last = legal[rng.randrange(len(legal))]
        st.apply(last, check=False)
    out.append((st, last))
    return out


def draw(st: State, last: object = None, *, tall: bool = False, lang: str = "en", selection: tuple[str, ...] = (),
         names: tuple[str, ...] = ()) -> tuple[str, PlayerView, frozenset[str]]:
    seat = st.current_player if st.current_player >= 0 else 0
    view = st.view(seat)
    shown = offers(st, selection, view=view, lang=lang) if not st.is_terminal() else None
    keys = shown.keys if shown else frozenset()
    costs = {o.key: min(o.ap) for o in shown.options if o.ap} if shown else {}
    svg = board_svg(view, offered=keys, selected=shown.selected if shown else (), lang=lang, tall=tall,
                    recent=recent_keys(last) if last is not None else (), names=names, costs=costs)  # type: ignore[arg-type]
    return svg, view, keys


def elements(root: ET.Element) -> list[ET.Element]:
    return list(root.iter())


def check(svg: str, view: PlayerView, offered: frozenset[str], tall: bool) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    x, y, w, h = map(float, root.get("viewBox", "").split())
    assert (x, y) == (0, 0)
    assert (w <= 420 and 500 <= h <= 1500) if tall else (w == 1000 and 560 <= h <= 1000), (w, h)
    assert root.find(f"{NS}title") is not None and root.get("aria-label")
    all_keys = [e.get("data-key") for e in elements(root) if e.get("data-key")]
    assert len(all_keys) == len(set(all_keys)), "a key on two elements"
    for key in offered:
        assert key in all_keys, key
    for e in elements(root):
        if e.get("data-key") is None:
            continue
        classes = set(e.get("class", "").split())
        assert ("offered" in classes) == (e.get("data-key") in offered)
        assert e.get("role") == "button" and e.get("aria-label")
        assert e.get("tabindex") == ("0" if "offered" in classes or "selected" in classes else "-1")
        assert e.find(f"{NS}title") is not None
    ids = [e.get("id") for e in elements(root) if e.get("id")]
    assert len(ids) == len(set(ids))
    # the board: 64 squares with their heights written, castles and pieces as in the view
    squares = {e.get("data-square"): e for e in elements(root) if "square" in e.get("class", "").split()}
    assert len(squares) == D.SQUARES
    for q, name in enumerate(D.SQUARE_NAMES):
        e = squares[name]
        classes = set(e.get("class", "").split())
        height = view.heights[q]
        assert e.get("data-h") == str(height) and f"h-{height}" in classes
        stacks = [g for g in e.iter(f"{NS}g") if g.get("class") == "stack"]
        assert len(stacks) == (1 if height else 0)
        if height:
            bands = [p for p in stacks[0].iter(f"{NS}path")]
            assert len(bands[0].get("d", "").split("M")) - 1 == height - 1 if bands else height == 1
        written = [t.text for t in e.iter(f"{NS}text") if t.get("class") == "height"]
        assert written == ([str(height)] if height else [])
        number = view.castle[q]
        assert (f"castle-{number}" in classes) == (number >= 0)
        king_castle = view.king >= 0 and number >= 0 and number == view.castle[view.king]
        assert ("kings-castle" in classes) == king_castle
        piece = view.pieces[q]
        knights = [k for k in e.iter() if "knight" in k.get("class", "").split()]
        kings = [k for k in e.iter() if k.get("class") == "king"]
        if piece >= 0:
            assert len(knights) == 1 and f"seat-{piece}" in knights[0].get("class", "")
        else:
            assert not knights
        assert len(kings) == (1 if piece == -2 else 0)
    scores = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "score"]
    assert scores == [str(s) for s in view.scores]
    return root


@pytest.mark.parametrize(("num_players", "variant"), CASES)
def test_every_drawing_is_well_formed_and_says_what_the_view_says(num_players: int, variant: str) -> None:
    count = 0
    for st, last in positions(num_players, variant, seed=num_players + 10 * len(variant)):
        for tall in (False, True):
            svg, view, keys = draw(st, last, tall=tall)
            check(svg, view, keys, tall)
            count += 1
    assert count >= 10


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_drawing_speaks_every_language(lang: str) -> None:
    for st, last in positions(4, "own-deck", seed=3, every=41):
        svg, view, keys = draw(st, last, lang=lang, tall=lang == "fr", names=("Ève", "<b>Bo</b>", "C", "D"))
        root = check(svg, view, keys, lang == "fr")
        assert "<b>" not in svg and "&lt;b&gt;" in svg
        labels = " ".join(e.get("aria-label", "") for e in root.iter())
        assert "{" not in labels


def test_selections_and_costs_are_drawn() -> None:
    for st, _ in positions(3, "base", seed=21, every=7):
        if st.is_terminal():
            continue
        root = offers(st)
        first = next((o for o in root.options if o.action is None and o.key.startswith("square:")), None)
        if first is None:
            continue
        svg, view, keys = draw(st, selection=(first.key,))
        tree = check(svg, view, keys, False)
        chosen = [e for e in tree.iter() if e.get("data-key") == first.key]
        assert chosen and "selected" in chosen[0].get("class", "").split()
        assert "cancel" in keys
        costs = [t.text for t in tree.iter(f"{NS}text") if t.text and t.text.endswith(" AP")]
        assert costs, "offered steps show their AP cost"
        return
    pytest.fail("no knight to select")


def test_a_passage_path_and_recent_squares_are_drawn() -> None:
    st = positions(2, "base", seed=2)[3][0]
    view = st.view(max(st.current_player, 0))
    svg = board_svg(view, path=["square:a1", "square:a2", "square:b2"], recent=["square:a2"])
    root = ET.fromstring(svg)
    lines = [e for e in root.iter() if e.get("class") == "path"]
    assert len(lines) == 1 and len(lines[0].get("points", "").split()) == 3
    recent = [e for e in root.iter() if "recent" in e.get("class", "").split()]
    assert [e.get("data-key") for e in recent] == ["square:a2"]


def test_the_same_view_draws_the_same_text() -> None:
    st = positions(4, "master", seed=5)[4][0]
    one, _, _ = draw(st)
    two, _, _ = draw(st.clone())
    assert one == two
    assert 20_000 < len(one) < 200_000


def test_knights_of_different_seats_have_different_silhouettes() -> None:
    st = positions(4, "base", seed=8)[6][0]
    root = ET.fromstring(draw(st)[0])
    shapes: dict[str, set[str]] = {}
    for e in root.iter():
        match = re.search(r"\bseat-(\d)\b", e.get("class", ""))
        if match and "knight" in e.get("class", "").split():
            body = next(b for b in e.iter() if b.get("class") == "body")
            shapes.setdefault(match.group(1), set()).add(body.tag + str(len(body.get("points", "").split())))
    assert len(shapes) >= 2
    assert all(len(s) == 1 for s in shapes.values())
    assert len({next(iter(s)) for s in shapes.values()}) == len(shapes)
