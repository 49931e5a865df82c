"""toledo.games.toledo.page.svg draws the board as well-formed SVG with the hooks the interface clicks on."""

from __future__ import annotations

import dataclasses
import random
import re
import xml.etree.ElementTree as ET

import pytest

from toledo.games.toledo import data as D
from toledo import State, new_game, parse
from toledo.games.toledo.page.pieces_svg import card_svg, fencing_tile_svg, pawn_icon_svg, sword_chip_svg
from toledo.games.toledo.page.board_layout import ENTRY_LEFT, ENTRY_RIGHT, alcazar_entries, gate_box
from toledo.games.toledo.page.svg import LAYOUTS, TILE_H, TILE_W, board_svg

NS = "{http://www.w3.org/2000/svg}"


_POINTS = re.compile(r"^\s*-?[\d.]+[ ,]-?[\d.]+(\s+-?[\d.]+[ ,]-?[\d.]+)*\s*$")


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on anything not well-formed
    for el in root.iter():  # browsers log a console error for a malformed geometry attribute
        if el.get("points") is not None:
            assert _POINTS.match(el.get("points", "")), el.get("points")
    return root


def _by_kind(root: ET.Element, kind: str) -> dict[str, ET.Element]:
    """The elements whose click key is of `kind` ("space:5" -> "5"), by id."""
    return {el.get("data-key", "").partition(":")[2]: el for el in root.iter()
            if el.get("data-key", "").startswith(f"{kind}:")}


def _played(seed: int, steps: int, players: int = 4) -> State:
    """A game advanced by players who like moving (so pawns spread out and reach the Alcazar)."""
    state = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        moves = [a for a in legal if a.is_move or a.kind.name in ("PLACE", "CARRY", "SKIP")]
        state.apply(rng.choice(moves or list(legal)))
    return state


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_new_game_board_has_every_space_and_pawn(layout: str) -> None:
    state = new_game(4, seed=1)
    root = _parse(board_svg(state, layout=layout))
    assert f"layout-{layout}" in root.get("class", "")
    assert root.tag == f"{NS}svg"
    spaces = _by_kind(root, "space")
    assert sorted(int(s) for s in spaces) == list(range(D.LAST_SPACE + 1))
    assert "cathedral" in spaces["0"].get("class", "")
    assert spaces["20"].get("data-kind") == spaces["21"].get("data-kind") == "entry"
    assert spaces["5"].get("data-kind") == "tavern" and spaces["10"].get("data-kind") == "artist"
    pawns = _by_kind(root, "pawn")
    assert set(pawns) == {f"{c}-{k}" for c in D.COLOURS for k in range(1, 6)}
    assert all(p.get("data-pos") == "0" for p in pawns.values())
    # all pawns start inside the Cathedral's group
    assert len([el for el in spaces["0"].iter() if el.get("data-key", "").startswith("pawn:")]) == 20


def test_fees_are_shown_by_row() -> None:
    root = _parse(board_svg(new_game(2)))
    spaces = _by_kind(root, "space")
    for space in range(1, 20):
        fee_el = next(el for el in spaces[str(space)].iter() if el.get("class") == "fee")
        expected = 3 if D.SPACE_KINDS[space] == D.SpaceKind.ARTIST else D.SPACE_FEES[space]
        assert fee_el.get("data-fee") == str(expected)
    assert [D.SPACE_FEES[s] for s in (1, 8, 15)] == [1, 3, 5]


def test_placed_tile_shows_owner_business_and_circles() -> None:
    state = new_game(2, seed=3)
    state.apply(parse("place sword2 8"))
    root = _parse(board_svg(state))
    tile = _by_kind(root, "space")["8"]
    assert tile.get("data-owner") == "red" and tile.get("data-business") == "sword"
    assert "tile" in tile.get("class", "").split() and "owner-red" in tile.get("class", "")
    assert len([el for el in tile.iter() if el.get("class") == "circle"]) == 2
    empty = _by_kind(root, "space")["9"]
    assert "empty" in empty.get("class", "").split()
    assert not [el for el in empty.iter() if el.get("class") == "circle"]


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_pawns_stand_on_their_spaces_and_in_the_alcazar(layout: str) -> None:
    state = _played(seed=11, steps=600)
    view = state.view(0)
    root = _parse(board_svg(view, layout=layout))
    spaces = _by_kind(root, "space")
    alcazar = next(el for el in root.iter() if el.get("data-area") == "alcazar")
    for pawn, pos in enumerate(view.pawn_pos):
        seat, k = divmod(pawn, D.PAWNS_PER_PLAYER)
        name = f"{D.COLOURS[view.colours[seat]]}-{k + 1}"
        container = alcazar if pos == D.ALCAZAR else spaces[str(pos)]
        found = [el for el in container.iter() if el.get("data-key") == f"pawn:{name}"]
        assert len(found) == 1, (name, pos)
        assert found[0].get("data-pos") == str(pos)
    assert any(pos == D.ALCAZAR for pos in view.pawn_pos), "the sample game should have reached the Alcazar"


def test_highlights_are_data_not_rules() -> None:
    state = new_game(3, seed=2)
    svg = board_svg(state, legal_spaces={3, 20}, legal_pawns={"blue-2"}, legal_swords={0},
                    legal_fencing={"teal"}, selected_pawn="red-1", selected_space=7)
    root = _parse(svg)
    legal = {el.get("data-key") for el in root.iter() if "legal" in el.get("class", "").split()}
    assert legal == {"space:3", "space:20", "pawn:blue-2", "sword:0", "fencing:teal"}
    selected = {el.get("data-key") for el in root.iter() if "selected" in el.get("class", "").split()}
    assert selected == {"pawn:red-1", "space:7"}
    plain = _parse(board_svg(state))
    assert not [el for el in plain.iter() if "legal" in el.get("class", "").split()]


def test_the_seat_told_sees_its_own_pawns_marked() -> None:
    state = _played(5, 40, players=3)
    own = {el.get("data-key") for el in _parse(board_svg(state.view(1))).iter() if "own" in el.get("class", "").split()}
    colour = D.COLOURS[state.setup.colours[1]]
    assert own == {f"pawn:{colour}-{k}" for k in range(1, D.PAWNS_PER_PLAYER + 1)}
    spectator = _parse(board_svg(state))
    assert not [el for el in spectator.iter() if "own" in el.get("class", "").split()]


def test_supply_counts() -> None:
    state = _played(seed=5, steps=300)
    view = state.view(1)
    root = _parse(board_svg(view))
    by_class = {cls: el for el in root.iter() for cls in el.get("class", "").split()}
    assert by_class["draw-pile"].get("data-count") == str(view.draw_size)
    assert by_class["discard-pile"].get("data-count") == str(sum(view.discard))
    assert by_class["metal-supply"].get("data-count") == str(view.metal_supply)
    assert by_class["gem-supply"].get("data-count") == str(view.gem_supply)
    assert by_class["paintings"].get("data-count") == str(len(view.paintings_stack))
    fencing = _by_kind(root, "fencing")
    assert {k: int(el.get("data-count", -1)) for k, el in fencing.items()} == dict(zip(D.FENCING_NAMES,
                                                                                       view.fencing_board))
    swords = _by_kind(root, "sword")
    assert sorted(int(i) for i in swords) == [i for i, on in enumerate(view.sword_on_board) if on]
    for i, el in swords.items():
        tile = D.SWORDS[int(i)]
        assert (el.get("data-value"), el.get("data-metal"), el.get("data-gems")) == (
            str(tile.value), str(tile.metal), str(tile.gems))


def test_names_are_escaped() -> None:
    state = new_game(2, seed=4)
    state.apply(parse("place gem1 2"))
    evil = '<script>alert("x")</script>&'
    svg = board_svg(state, names=[evil, "Bob"])
    assert "<script>" not in svg
    root = _parse(svg)
    titles = [el.text for el in root.iter(f"{NS}title")]
    assert any(evil in (t or "") for t in titles)  # shown as text, intact


@pytest.mark.parametrize("kind", range(D.NUM_CARD_KINDS))
def test_card_faces(kind: int) -> None:
    root = _parse(card_svg(kind))
    assert str(D.CARD_VALUE[kind]) in "".join(root.itertext())
    assert f"scene-{D.SCENE_COLOURS[D.CARD_COLOUR[kind]]}" in root.get("class", "")


def test_small_pieces_are_well_formed() -> None:
    for colour in D.COLOURS:
        _parse(pawn_icon_svg(colour, 20, "3"))
    for kind in D.FENCING_NAMES:
        _parse(fencing_tile_svg(kind))
    for sword in range(len(D.SWORDS)):
        _parse(sword_chip_svg(sword))


def test_waiting_pawn_on_a_full_space_is_drawn() -> None:
    """A pawn that landed on a full space (M6) stands there before moving on or duelling."""
    for seed in range(40):
        state = new_game(2, seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if state.is_terminal() or state.phase.name == "FULL":
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.phase.name == "FULL":
            break
    assert state.phase.name == "FULL", "no seed up to 40 reaches a full space"
    root = _parse(board_svg(state))
    waiting = [el for el in root.iter() if "waiting" in el.get("class", "").split()]
    assert len(waiting) == 1


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_layouts_keep_spaces_apart_and_inside(layout: str) -> None:
    """No two road tiles overlap, every tile lies inside the board, and consecutive spaces are neighbours."""
    geo = LAYOUTS[layout]
    boxes = {s: geo.origin(s) for s in range(1, D.LAST_SPACE + 1)}
    for s, (x, y) in boxes.items():
        assert 0 <= x and x + TILE_W <= geo.width and 0 <= y and y + TILE_H <= geo.height, s
        for t, (u, v) in boxes.items():
            if s < t:
                assert abs(x - u) >= TILE_W or abs(y - v) >= TILE_H, (s, t)
    for s in range(1, D.LAST_SPACE):
        (x, y), (u, v) = geo.centre(s), geo.centre(s + 1)
        assert abs(x - u) <= 2 * TILE_W and abs(y - v) <= 2 * TILE_H, (s, s + 1)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_pawns_in_the_alcazar_stay_clear_of_its_gate_and_walls(layout: str) -> None:
    """Every seat's line of arrived pawns (three each at four seats, E1's most) misses the gate and the towers."""
    geo = LAYOUTS[layout]
    x0, y0, w, h = geo.alcazar
    left, top, right, foot = gate_box(geo)
    boxes = []
    for line in range(4):
        for x, y in alcazar_entries(geo, line, D.ALCAZAR_PAWNS_TO_END):
            box = (x - ENTRY_LEFT, y - 9, x + ENTRY_RIGHT, y + 9)
            assert x0 + 44 <= box[0] and box[2] <= x0 + w - 44 and box[3] <= y0 + h, (line, box)
            assert box[2] <= left or box[0] >= right or box[3] <= top, (line, box)
            assert all(box[2] <= b[0] or box[0] >= b[2] or box[3] <= b[1] or box[1] >= b[3] for b in boxes), box
            boxes.append(box)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_alcazar_draws_each_seats_pawns_on_its_own_line(layout: str) -> None:
    view = new_game(4, seed=5).view(0)
    pos = list(view.pawn_pos)
    for seat in range(4):
        for k in range(3):
            pos[seat * D.PAWNS_PER_PLAYER + k] = D.ALCAZAR
    root = _parse(board_svg(dataclasses.replace(view, pawn_pos=tuple(pos)), layout=layout))
    rows = [el for el in root.iter() if el.get("class") == "alcazar-row"]
    assert [r.get("data-seat") for r in rows] == ["0", "1", "2", "3"]
    for line, row in enumerate(rows):
        pawns = [el for el in row.iter() if "arrived" in el.get("class", "").split()]
        numbers = [float(next(t for t in p.iter(f"{NS}text")).get("x", "")) for p in pawns]
        assert numbers == [x for x, _ in alcazar_entries(LAYOUTS[layout], line, 3)]
