"""The play screen in three languages: the catalogue is complete, the engine's refusals are all said in
German and French, and the offers, clicks and board carry no English word when another language is asked."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from toledo.games.toledo import actions as A
from toledo.games.toledo import data as D
from toledo import new_game
from tests.support import load_script
from toledo.core.i18n import LANGUAGES, catalogue_problems
from toledo.games.toledo.state import State
from toledo.games.toledo.page.svg import board_svg
from toledo.games.toledo.page.panels import duel_html, hand_html, players_html, scores_html, tiles_html
from toledo.games.toledo.page.clicks import Pick, click, offer
from toledo.games.toledo.words import DOMAIN, reason, tr

ALL_ACTIONS = ([A.DRAW, A.USE, A.SKIP, A.END, A.PASS, A.CARRY_NONE] + [a for row in A.MOVE for a in row]
               + [a for row in A.EXTRA for a in row] + list(A.PAY) + list(A.RETURN) + list(A.CHALLENGE)
               + list(A.SWORD) + list(A.CARRY) + [a for row in A.FENCE for a in row]
               + [A.PLACE[b][c][s] for b in range(4) for c in range(2) for s in D.BUSINESS_SPACES])


def _states(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    out = []
    for g in range(count):
        state = new_game(2 + g % 3, seed=seed + g)
        for _ in range(rng.randrange(0, 500)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def test_catalogue_is_complete() -> None:
    messages = load_script("compile_catalogues").messages(DOMAIN)  # the game's interface words (no msgctxt)
    assert set(messages) == set(LANGUAGES) and len(messages["en"]) > 200
    assert catalogue_problems(messages) == []


def test_every_engine_refusal_is_translated() -> None:
    seen: set[str] = set()
    for state in _states(30, 11):
        legal = set(state.legal_actions())
        for action in ALL_ACTIONS:
            if action in legal:
                continue
            text = state.why_illegal(action)
            for lang in ("de", "fr"):
                said = reason(text, lang)
                assert said != text, (lang, text)
                assert "{" not in said
            seen.add(re.sub(r"\d+", "N", text))
    assert len(seen) >= 15, sorted(seen)


# English words that must not survive in a German or French screen (names and numbers aside)
WORDS = ("the", "your", "pawn", "space", "card", "cards", "take", "place", "move", "skip", "sword", "tile", "turn",
         "win", "wins", "metal", "gems")
FALSE_FRIENDS = {"fr": {"place"}, "de": set()}  # "place" is French too (a seat, a room)


def _texts(html: str) -> list[str]:
    root = ET.fromstring(f"<div>{html}</div>")
    out = [t for el in root.iter() for t in (el.text, el.tail) if t and t.strip()]
    out += [v for el in root.iter() for k, v in el.attrib.items() if k in ("aria-label", "title")]
    return out


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_no_english_left_on_the_play_screen(lang: str) -> None:
    english_word = re.compile(r"\b(" + "|".join(w for w in WORDS if w not in FALSE_FRIENDS[lang]) + r")\b")
    for state in _states(12, 5):
        if state.is_terminal():
            html = scores_html(state, ["Ann", "Bo", "Cy", "Di"][:state.n], lang)
            assert not [t for t in _texts(html) if english_word.search(t)]
            continue
        o = offer(state, Pick(), lang)
        picks = [Pick(mode="place"), Pick(mode="place", tile=1), Pick(mode="return"), Pick(extra=True)]
        picks += [Pick(card=k) for k in o.cards][:1] + [Pick(pawn=i) for i in range(2)]
        others = [offer(state, p, lang) for p in picks]
        texts = [x.prompt for x in [o, *others]] + [b.label + b.title for x in [o, *others] for b in x.buttons]
        seat = state.current
        view = state.view(seat)
        html = (board_svg(view, names=["Ann", "Bo", "Cy", "Di"][:state.n], lang=lang, layout="tall")
                + hand_html(state.hand(seat), o.cards, lang, view)
                + players_html(state, ["Ann", "Bo", "Cy", "Di"][:state.n], ["human", "easy", "medium", "hard"][:state.n],
                               lang, seat)
                + tiles_html({0: True, 3: False}, 0, "red", lang))
        if state.last_duel is not None:
            html += duel_html(state.last_duel, ["Ann", "Bo", "Cy", "Di"][:state.n], state.setup.colours, None, lang)
        texts += _texts(html)
        for what, value in (("pawn", "red-1"), ("pawn", "blue-2"), ("space", 5), ("card", state.hand(seat)[0]
                            if state.hand(seat) else 0), ("action", "end"), ("sword", 0), ("fencing", "teal"),
                            ("ui", "place"), ("ui", "return"), ("tile", 0)):
            texts.append(click(state, Pick(), what, value, lang).message)
        english = [t for t in texts if t and english_word.search(t)]
        assert not english, english[:5]


def test_english_stays_the_default() -> None:
    state = new_game(2, seed=5)
    assert "take 2 cards" in offer(state, Pick()).prompt
    assert offer(state, Pick(), "de").prompt.startswith("Du bist dran")
    assert tr("action_draw", "fr") == "Prendre 2 cartes"
