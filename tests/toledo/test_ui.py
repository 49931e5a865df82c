"""toledo.games.toledo.page.clicks: every legal action can be reached by clicks, every click offered leads somewhere legal,
and refusals carry the engine's reason."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from toledo.games.toledo import actions as A
from toledo.games.toledo import data as D
from toledo import new_game, parse
from toledo.games.toledo.actions import Action, Kind
from toledo.games.toledo.state import Phase, State
from toledo.games.toledo.page.panels import buttons_html, duel_html, hand_html, players_html, scores_html
from toledo.games.toledo.page.clicks import Pick, click, offer, pawn_name, tile_bit


def _clicks_for(state: State, action: Action) -> list[tuple[str, object]]:
    """The clicks a person makes for `action`."""
    k = action.kind
    base = state.current * D.PAWNS_PER_PLAYER
    if action.is_move:
        both = any(a.is_move and a.card == action.card and a.pawn == action.pawn and a.kind is not k
                   for a in state.legal_actions())
        toggle = [("ui", "extra")] if both and k is Kind.EXTRA else []
        return toggle + [("card", action.card), ("pawn", pawn_name(state, base + action.pawn))]
    if k is Kind.PLACE:
        return [("ui", "place"), ("tile", tile_bit(action.business, action.circles)), ("space", action.space)]
    if k is Kind.RETURN:
        return [("ui", "return"), ("pawn", pawn_name(state, base + action.pawn))]
    if k is Kind.PAY:
        return [("card", action.card)]
    return [("action", str(action))]


def _targets(state: State, pick: Pick) -> list[tuple[str, object]]:
    """Everything the offer highlights or shows as a button."""
    o = offer(state, pick)
    out: list[tuple[str, object]] = []
    out += [("action", b.action) if b.action else ("ui", b.ui) for b in o.buttons]
    out += [("card", k) for k in o.cards]
    out += [("pawn", p) for p in o.pawns]
    out += [("space", s) for s in o.spaces]
    out += [("sword", s) for s in o.swords]
    out += [("fencing", f) for f in o.fencing]
    out += [("tile", t) for t, ok in (o.tiles or {}).items() if ok]
    return out


def _random_states(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    states = []
    for g in range(count):
        state = new_game(2 + g % 3, seed=seed + g)
        for _ in range(rng.randrange(0, 400)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            moves = [a for a in legal if a.is_move or a.kind in (Kind.PLACE, Kind.CHALLENGE, Kind.USE, Kind.PAY)]
            state.apply(rng.choice(moves if moves and rng.random() < 0.7 else list(legal)))
        if not state.is_terminal():
            states.append(state)
    return states


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_action_is_reachable_by_clicking_highlighted_things(seed: int) -> None:
    for state in _random_states(40, seed * 100):
        for action in state.legal_actions():
            pick = Pick()
            result = None
            for what, value in _clicks_for(state, action):
                assert (what, value) in _targets(state, pick) or what == "ui", (str(action), what, value, pick)
                result = click(state, pick, what, value)
                pick = result.pick
            assert result is not None and result.action is action, (str(action), result)


def test_clicking_offered_things_plays_whole_games() -> None:
    """A random clicker restricted to what the interface offers always finishes the game legally."""
    rng = random.Random(7)
    for g in range(6):
        state = new_game(2 + g % 3, seed=g)
        pick = Pick()
        for _ in range(20_000):
            if state.is_terminal():
                break
            targets = _targets(state, pick)
            assert targets, state.summary()
            what, value = rng.choice(targets)
            result = click(state, pick, what, value)
            pick = result.pick
            if result.action is not None:
                assert result.action in state.legal_actions()
                state.apply(result.action)
                pick = Pick()
        assert state.is_terminal()


def test_refusals_explain_with_the_engine_reason() -> None:
    state = new_game(2, seed=5)
    # the other player's pawn
    result = click(state, Pick(), "pawn", "blue-1")
    assert result.action is None and "Blue" in result.message
    # placing on a tavern
    result = click(state, Pick(mode="place", tile=0), "space", 5)
    assert result.action is None and "empty business" in result.message
    # a card that cannot move anything: with no tiles on the board every move lands on an empty space
    card = state.hand(0)[0]
    result = click(state, Pick(), "card", card)
    assert result.action is None and "empty business space" in result.message
    # an action button that is not legal now
    result = click(state, Pick(), "action", "end")
    assert result.action is None and "not a choice now" in result.message.lower()


def test_opening_card_with_movement_tile_asks_lead_or_extra() -> None:
    """T2: with a movement tile, the opening card may be the lead card or the extra card."""
    for seed in range(200):
        state = new_game(2, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            both = [a for a in legal if a.kind is Kind.EXTRA and A.MOVE[a.card][a.pawn] in legal]
            if both:
                a = both[0]
                o = offer(state, Pick())
                assert any(b.ui == "extra" for b in o.buttons)
                name = pawn_name(state, state.current * D.PAWNS_PER_PLAYER + a.pawn)
                lead = click(state, click(state, Pick(), "card", a.card).pick, "pawn", name)
                assert lead.action is A.MOVE[a.card][a.pawn]
                pick = click(state, Pick(), "ui", "extra").pick
                extra = click(state, click(state, pick, "card", a.card).pick, "pawn", name)
                assert extra.action is a
                return
            moves = [x for x in legal if x.kind in (Kind.FENCE, Kind.USE, Kind.PAY, Kind.PLACE) or x.is_move]
            state.apply(rng.choice(moves or list(legal)))
    pytest.fail("no position with a movement tile found")


def test_destination_click_moves_a_pawn() -> None:
    for seed in range(50):
        state = new_game(2, seed=seed)
        threes = [k for k in state.hand(0) if D.CARD_VALUE[k] == 3]
        if threes:
            break
    state.apply(parse("place metal1 3"))  # seat 1 builds on 3; seat 2 draws, then seat 1 moves there
    state.apply(parse("draw"))
    pick = click(state, Pick(), "card", threes[0]).pick
    o = offer(state, pick)
    assert 3 in o.spaces and "red-1" in o.pawns
    result = click(state, pick, "space", 3)
    assert result.action is A.MOVE[threes[0]][0]


def test_html_fragments_escape_names_and_parse() -> None:
    evil = '<img src=x onerror="alert(1)">'
    state = new_game(3, seed=2)
    names = [evil, "B&B", "C"]
    html = players_html(state, names, ["human", "easy", "hard"])
    assert "<img" not in html and "&lt;img" in html
    ET.fromstring(f"<div>{html}</div>")
    ET.fromstring(f"<div>{hand_html(state.hand(0), {state.hand(0)[0]: 'playable'})}</div>")
    ET.fromstring(f"<div>{buttons_html(offer(state, Pick()).buttons)}</div>")


def test_a_players_numbers_are_told_in_words_and_drawn_as_pictograms() -> None:
    """Each number of a player's row twice, the same figure: in words (read aloud; shown on a phone's sheet)
    and beside its pictogram (shown beside a desktop's board, hidden from screen readers)."""
    rng = random.Random(5)
    state = new_game(3, seed=5)
    while not any(state.swords_in_front) or not any(state.metal):
        state.apply(rng.choice(list(state.legal_actions())))
    root = ET.fromstring(f"<div>{players_html(state, ['A', 'B', 'C'], ['human', 'easy', 'hard'])}</div>")
    for row in root.findall("section"):
        seat = int(row.get("data-seat", -1))
        stats = {el.get("data-stat"): el for el in row.iter("span") if el.get("data-stat")}
        assert {"cards", "metal", "gems", "paintings", "pawns", "tiles"} <= set(stats)
        tiles = bin(state.tiles_left[seat]).count("1")
        expect = {"cards": state.hand_sizes[seat], "metal": state.metal[seat], "gems": state.gems[seat], "tiles": tiles}
        for name, value in expect.items():
            long, short = stats[name].find("span[@class='long']"), stats[name].find("span[@class='short']")
            assert long is not None and short is not None and short.get("aria-hidden") == "true"
            assert short.find("{*}svg") is not None and short.findtext("b") == str(value)
            assert "".join(long.itertext()).strip()
            if name != "tiles":
                assert str(value) in stats[name].get("title", "") and long.findtext("b") == str(value)
        minis = [el for el in stats["tiles"].iter("span") if "mini-tile" in el.get("class", "")]
        assert len(minis) == tiles and all(el.text and el.text in stats["tiles"].get("title", "") for el in minis)
        values = [str(D.SWORDS[s].value) for s in state.swords_in_front[seat]]
        if values:
            short = stats["swords"].find("span[@class='short']")
            assert short is not None and short.findtext("b") == "+".join(values)
            assert len(stats["swords"].find("span[@class='long']").findall("{*}svg")) == len(values)  # the chips
        else:
            assert "swords" not in stats


def test_scores_and_duel_html() -> None:
    rng = random.Random(3)
    state = new_game(2, seed=3)
    duel_seen = None
    while not state.is_terminal():
        legal = state.legal_actions()
        moves = [a for a in legal if a.is_move or a.kind in (Kind.CHALLENGE, Kind.CARRY, Kind.SKIP, Kind.PLACE)]
        action = rng.choice(moves or list(legal))
        state.apply(action)
        if action.kind is Kind.CHALLENGE:
            duel_seen = state.last_duel
    names = ["<b>x</b>", "Y"]
    html = scores_html(state, names)
    root = ET.fromstring(f"<div>{html}</div>")
    assert "&lt;b&gt;" in html
    heads = root.findall(".//thead/tr/th[@data-seat]")
    assert len(heads) == 2
    total_row = root.find(".//tbody/tr[@data-row='total']")
    assert total_row is not None
    totals = {int(td.get("data-seat", -1)): int(td.text or 0) for td in total_row.findall("td")}
    assert totals == {s: state.score(s).total for s in range(2)}
    winners = {int(th.get("data-seat", -1)) for th in heads if th.get("class") == "winner"}
    assert winners == set(state.winners())
    rows = {tr.get("data-row") for tr in root.findall(".//tbody/tr")}
    assert rows == {"swords_delivered", "swords_in_front", "paintings", "gems", "movement_tile", "total",
                    "cards_in_hand", "hand_value"}
    if duel_seen is not None:
        html = duel_html(duel_seen, names, state.setup.colours, shown=1)
        el = ET.fromstring(html)
        assert el.get("data-shown") == "1" and len(el.findall(".//li")) == 1
        assert "&lt;b&gt;" in html


def test_phase_prompts_name_the_choice() -> None:
    state = new_game(2, seed=1)
    assert "take 2 cards" in offer(state, Pick()).prompt.lower()
    assert state.phase == Phase.START
    o = offer(state, Pick(mode="place"))
    assert o.tiles is not None and len(o.tiles) == D.TILES_PER_PLAYER and all(o.tiles.values())
    o = offer(state, Pick(mode="place", tile=tile_bit(0, 2)))
    assert o.spaces == set(D.BUSINESS_SPACES)
