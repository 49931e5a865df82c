"""The Torres drawing: well-formed SVG for many positions (2-4 players, every variant, both layouts and
languages), every offered key clickable exactly once, heights, pieces and castles as the view says,
accessible names, and the same text for the same input."""

from __future__ import annotations

import dataclasses
import random
import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from toledo.core.page import page_of
from toledo.games.torres import data as D
from toledo.games.torres.page.clicks import offers, recent_keys
from toledo.games.torres.state import Setup, State
from toledo.games.torres.page.svg import LAYOUTS, board_svg
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


def draw(st: State, last: object = None, *, layout: str = "wide", lang: str = "en", selection: tuple[str, ...] = (),
         names: tuple[str, ...] = ()) -> tuple[str, PlayerView, frozenset[str]]:
    seat = st.current_player if st.current_player >= 0 else 0
    view = st.view(seat)
    shown = offers(st, selection, view=view, lang=lang) if not st.is_terminal() else None
    keys = shown.keys if shown else frozenset()
    costs = {o.key: min(o.ap) for o in shown.options if o.ap} if shown else {}
    svg = board_svg(view, offered=keys, selected=shown.selected if shown else (), lang=lang, layout=layout,
                    recent=recent_keys(last) if last is not None else (), names=names, costs=costs)  # type: ignore[arg-type]
    return svg, view, keys


def costs_of(st: State, chosen: str) -> dict[str, int]:
    shown = offers(st, (chosen,))
    return {o.key: min(o.ap) for o in shown.options if o.ap}


def elements(root: ET.Element) -> list[ET.Element]:
    return list(root.iter())


# each layout's drawing: its width, and the heights it may take (more or fewer panel rows)
SIZES = {"wide": (1000, 560, 1000), "tall": (400, 500, 1500), "upright": (760, 700, 1300),
         "square": (760, 700, 1400)}


def check(svg: str, view: PlayerView, offered: frozenset[str], layout: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    x, y, w, h = map(float, root.get("viewBox", "").split())
    assert (x, y) == (0, 0)
    width, low, high = SIZES[layout]
    assert w == width and low <= h <= high, (w, h)
    assert f"layout-{layout}" in root.get("class", "").split()
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
        for layout in LAYOUTS:
            svg, view, keys = draw(st, last, layout=layout)
            check(svg, view, keys, layout)
            count += 1
    assert count >= 15


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_drawing_speaks_every_language(lang: str) -> None:
    for st, last in positions(4, "own-deck", seed=3, every=41):
        layout = "tall" if lang == "fr" else "upright"
        svg, view, keys = draw(st, last, lang=lang, layout=layout, names=("Ève", "<b>Bo</b>", "C", "D"))
        root = check(svg, view, keys, layout)
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
        tree = check(svg, view, keys, "wide")
        chosen = [e for e in tree.iter() if e.get("data-key") == first.key]
        assert chosen and "selected" in chosen[0].get("class", "").split()
        assert "cancel" in keys
        squares = [k for k in keys if k.startswith("square:") and k in costs_of(st, first.key)]
        assert squares, "stepping costs AP"
        for e in tree.iter():
            if e.get("data-key") in squares:
                assert "AP)" in e.get("aria-label", ""), "each lit square says its cost"
        badges = [e for e in tree.iter() if e.get("class") == "cost"]
        each = [t.text for t in tree.iter(f"{NS}text") if t.get("class") == "cost-each"]
        spread = {costs_of(st, first.key)[k] for k in squares}
        # one cost for every lit square: said once under the board; else a number in each square's corner
        assert (each == [f"{spread.pop()} AP per lit square"] and not badges) if len(spread) == 1 \
            else (len(badges) == len(squares) and not each)
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


def test_knights_of_different_seats_carry_different_signs() -> None:
    st = positions(4, "base", seed=8)[6][0]
    root = ET.fromstring(draw(st)[0])
    shapes: dict[str, set[str]] = {}
    for e in root.iter():
        match = re.search(r"\bseat-(\d)\b", e.get("class", ""))
        if match and "knight" in e.get("class", "").split():
            sign = next(b for b in e.iter() if b.get("class") == "mark")
            shapes.setdefault(match.group(1), set()).add(sign.tag + str(len(sign.get("points", "").split())))
    assert len(shapes) >= 2
    assert all(len(s) == 1 for s in shapes.values())
    assert len({next(iter(s)) for s in shapes.values()}) == len(shapes)


def _box(e: ET.Element) -> tuple[float, float, float, float] | None:
    """An element's own bounding box (x0, y0, x1, y1), for the shapes the board uses."""
    tag = e.tag.removeprefix(NS)
    if tag == "rect":
        x, y, w, h = (float(e.get(a, "0")) for a in ("x", "y", "width", "height"))
        return x, y, x + w, y + h
    if tag == "polygon":
        pts = [tuple(map(float, p.split(","))) for p in e.get("points", "").split()]
        return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)
    if tag in ("circle", "ellipse"):
        cx, cy = float(e.get("cx", "0")), float(e.get("cy", "0"))
        rx, ry = float(e.get("r", e.get("rx", "0"))), float(e.get("r", e.get("ry", "0")))
        return cx - rx, cy - ry, cx + rx, cy + ry
    return None


def _middle(e: ET.Element) -> tuple[float, float]:
    box = _box(e)
    assert box is not None
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _tallest_view() -> PlayerView:
    """A crowded board no game reaches: towers of 0 to 10 blocks side by side, a piece on every square."""
    st = positions(4, "base", seed=1)[-1][0]
    view = st.view(0)
    heights = tuple((q * 7 + q // 8 * 3) % 11 for q in range(D.SQUARES))
    pieces = tuple(-2 if q == 27 else q % 4 for q in range(D.SQUARES))
    return dataclasses.replace(view, heights=heights, pieces=pieces, king=27)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_no_tower_hides_a_square_a_knight_or_the_king(layout: str) -> None:
    """Where each square's top, each knight and the king are drawn, nothing drawn later lies over them:
    the page's elementFromPoint finds them there (e2e/test_torres_look.py checks it in Chromium)."""
    views = [_tallest_view()] + [st.view(0) for st, _ in positions(3, "base", seed=9)[-3:]]
    for view in views:
        root = ET.fromstring(board_svg(view, layout=layout))
        squares = [e for e in root.iter() if "square" in e.get("class", "").split()]
        assert len(squares) == D.SQUARES
        boxes = [[b for b in map(_box, e.iter()) if b is not None] for e in squares]
        for i, e in enumerate(squares):
            tops = [t for t in e.iter() if t.get("class") in ("top", "cell")]
            points = [_middle(tops[-1])]  # the stack's top face, else the ground
            for piece in e.iter():
                if piece.get("class") in ("body", "crown"):
                    points.append(_middle(piece))
            for point in points:
                for later in boxes[i + 1:]:
                    assert not any(_inside(point, b) for b in later), (e.get("data-square"), point)
                assert any(_inside(point, b) for b in boxes[i])


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_card_face_names_the_card_as_the_hand_list_does(lang: str) -> None:
    from toledo.games.torres.words import card_name

    st = positions(2, "base", seed=4)[5][0]
    view = dataclasses.replace(st.view(0), hand=(1,) * D.NUM_CARD_TYPES)
    root = ET.fromstring(board_svg(view, lang=lang, layout={"fr": "tall", "de": "upright"}.get(lang, "wide")))
    for c, ident in enumerate(D.CARD_IDS):
        card = next(e for e in root.iter() if e.get("data-key") == f"card:{ident}")
        words = " ".join(t.text or "" for t in card.iter(f"{NS}text") if t.get("class") == "card-name")
        assert words == card_name(c, lang)


@pytest.mark.parametrize("variant", [v for v in D.VARIANTS if v != D.VARIANTS[D.MASTER]])  # M buys no cards
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_card_just_bought_is_keyed_in_the_drawing_and_nothing_is_keyed_before(variant: str, layout: str) -> None:
    """The green bar under a card bought this turn (K2: not playable until the next) gets a key in words on
    the hand's heading line; a hand without such a card has neither bar nor key."""
    from toledo.games.torres.actions import Kind

    st = State(Setup(2, 3, 0, (), variant))
    while st.stage.name != "TURN" or not any(a.kind is Kind.BUY for a in st.legal_actions()):
        st.apply(st.legal_actions()[0])
    me = st.current
    before = ET.fromstring(board_svg(st.view(me), lang="de", layout=layout))
    st.apply(next(a for a in st.legal_actions() if a.kind is Kind.BUY))
    if not any(st.fresh):  # V2: the own deck's buyer then picks which card of those looked at to keep
        st.apply(st.legal_actions()[0])
    after = ET.fromstring(board_svg(st.view(me), lang="de", layout=layout))
    assert not [g for g in before.iter(f"{NS}g") if g.get("class") == "fresh-legend"]
    (legend,) = [g for g in after.iter(f"{NS}g") if g.get("class") == "fresh-legend"]
    assert legend.find(f"{NS}text").text == "neu: erst ab deinem nächsten Zug"
    card = next(g for g in after.iter(f"{NS}g") if (g.get("data-key") or "").startswith("card:")
                and "neu" in (g.get("aria-label") or ""))
    bar = legend.find(f"{NS}rect")
    assert bar.get("fill") in {r.get("fill") for r in card.iter(f"{NS}rect")}, "the key shows the card's bar"
    heading = next(e for e in after.iter(f"{NS}text") if e.text == "Deine Karten")
    assert legend.find(f"{NS}text").get("y") == heading.get("y"), "on the heading's line"
    assert float(bar.get("x")) > float(heading.get("x")) + len("Deine Karten") * float(heading.get("font-size")) * 0.6


@pytest.mark.parametrize("variant", D.VARIANTS)
def test_a_spectator_sees_no_hand_unless_nothing_is_secret(variant: str) -> None:
    """An all-computer game is drawn for a spectator: nobody is "you", and a hand shows (as its owner's,
    not "your cards") only in the master version, where every card is open."""
    page = page_of("torres")
    st = State(Setup(2, 5, 0, (), variant))
    mine = page.board_svg(page.view_for(st, st.current_player), lang="en")
    spectator = unescape(page.board_svg(page.view_for(st, -1), lang="en", you=False))
    assert "(you)" in mine and "Your cards" in mine
    assert "(you)" not in spectator and "Your cards" not in spectator
    master = variant == D.VARIANTS[D.MASTER]
    assert any(f"{colour}'s cards" in spectator for colour in ("Red", "Blue", "Green", "Yellow")) == master


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_each_player_row_names_a_computer_level_and_shows_the_towers_of_the_phase(layout: str) -> None:
    """The rows are the list of players beside a wide board: a computer's level after its name (not twice
    for a seat named after it), and every seat's towers, a used one marked, the one of this turn ringed."""
    page = page_of("torres")
    st = next(s for s, _ in positions(4, "base", 7, every=3)
              if s.stage.name == "TURN" and s.view(0).fixed_tower >= 0 and any(-1 in t for t in s.view(0).towers))
    view = page.view_for(st, st.current_player)
    svg = page.board_svg(view, names=("Ann", "Hard", "Cy", "Di"), kinds=("human", "hard", "expert", "medium"),
                         lang="en", layout=layout)
    rows = {int(g.get("data-seat", -1)): g for g in ET.fromstring(svg).iter(f"{NS}g")
            if "player" in (g.get("class") or "").split()}
    assert sorted(rows) == [0, 1, 2, 3]
    levels = {seat: [t.text for t in row.iter(f"{NS}tspan") if t.get("class") == "level"] for seat, row in rows.items()}
    assert levels == {0: [], 1: [], 2: [" · Expert"], 3: [" · Medium"]}
    for seat, row in rows.items():
        chips = [g for g in row.iter(f"{NS}g") if "tower-chip" in (g.get("class") or "")]
        assert [int(c.get("data-blocks")) for c in chips] == list(view.towers[seat])
        assert all(("used" in c.get("class")) == (int(c.get("data-blocks")) < 0) for c in chips)
        ringed = [i for i, c in enumerate(chips) if "fixed" in c.get("class")]
        assert ringed == ([view.fixed_tower] if seat == view.current else [])
        used = sum(b < 0 for b in view.towers[seat])
        assert unescape(row.get("aria-label")).count("used up") == used
    assert "Expert" in unescape(rows[2].get("aria-label")) and "Hard · Hard" not in svg


def test_a_drawing_without_kinds_names_no_level() -> None:
    st = State(Setup(3, 2, 0, (), "base"))
    svg = page_of("torres").board_svg(st.view(0), names=("Ann", "Bo", "Cy"), lang="en")
    assert 'class="level"' not in svg


def _rects(root: ET.Element, cls: str) -> list[tuple[float, float, float, float]]:
    """Left, top, right, bottom of every rect inside the elements of class `cls`."""
    out = []
    for g in root.iter():
        if cls in (g.get("class") or "").split():
            for r in g.iter(f"{NS}rect"):
                x, y = float(r.get("x", 0)), float(r.get("y", 0))
                out.append((x, y, x + float(r.get("width", 0)), y + float(r.get("height", 0))))
    return out


@pytest.mark.parametrize("layout", ["upright", "square"])
def test_upright_draws_the_board_across_and_the_panels_under_it_in_two_columns(layout: str) -> None:
    """A tablet held upright (and a squarish box beside the page's side panel, in larger words): the
    players' table on the left, the seat's towers, supply, cards and buttons on the right, both under the
    board, neither running into the other or off the drawing."""
    geo = LAYOUTS[layout]
    st = next(s for s, _ in positions(4, "base", 7, every=3)
              if s.stage.name == "TURN" and any(s.view(s.current_player).hand))
    view = st.view(st.current_player)
    shown = offers(st, (), view=view)
    root = ET.fromstring(board_svg(view, offered=shown.keys, layout=layout, names=("Ann", "Ben", "Cleo", "Dee")))
    board_bottom = max(b for _, _, _, b in _rects(root, "square"))
    left = _rects(root, "player") + _rects(root, "score-step")
    right = _rects(root, "tower") + _rects(root, "card") + _rects(root, "reserve") + _rects(root, "choice")
    assert left and right and _rects(root, "card")
    for box in left + right:
        assert box[1] >= board_bottom and box[2] <= geo.width, box
    assert max(r for _, _, r, _ in left) < min(x for x, _, _, _ in right)
    # the board spans most of the width: its squares half again as large as the wide drawing's, to scale
    assert geo.cell * D.SIZE >= 0.75 * geo.width and geo.cell / geo.width > 1.5 * 62 / 1000
