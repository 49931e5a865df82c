"""toledo.games.toledo.page.keyboard: every shortcut names something the offer shows, and whole games can be played with
shortcuts plus the board's choices (Enter on a focused space, pawn, sword or fencing pile)."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

from toledo.games.toledo import data as D
from toledo import new_game
from toledo.games.toledo.page.keyboard import KEYS, SHORTCUTS, shortcut
from toledo.games.toledo.state import Phase
from toledo.games.toledo.page.clicks import Offer, Pick, click, offer
from toledo.games.toledo.words import tr

KEYS_TRIED = [*KEYS, "Escape", "1", "2", "3", "4", "5", "6", "x", "Enter"]
WEB = Path(__file__).resolve().parents[2] / "web"


def _offered(o: Offer) -> set[tuple[str, object]]:
    return {("action", b.action) for b in o.buttons if b.action} | {("ui", b.ui) for b in o.buttons if b.ui}


def test_shortcuts_only_reach_what_is_offered() -> None:
    rng = random.Random(4)
    for g in range(20):
        state = new_game(2 + g % 3, seed=g)
        pick = Pick()
        for _ in range(rng.randrange(50, 400)):
            if state.is_terminal():
                break
            o = offer(state, pick)
            hand = state.hand(state.current)
            for key in KEYS_TRIED:
                target = shortcut(key, o, hand, pick.card)
                if target is None:
                    continue
                what, value = target
                if what == "card":
                    assert value in hand and D.CARD_VALUE[int(value)] == int(key)  # type: ignore[call-overload]
                else:
                    assert target in _offered(o), (key, target)
                result = click(state, pick, what, value)
                assert result.action is None or result.action in state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))
            pick = Pick()


def test_digit_picks_a_playable_card_and_again_the_next_one() -> None:
    for seed in range(100):
        state = new_game(2, seed=seed)
        hand = state.hand(0)
        values = [D.CARD_VALUE[k] for k in hand]
        twin = next((v for v in set(values) if len({k for k in hand if D.CARD_VALUE[k] == v}) > 1), None)
        if twin is None:
            continue
        o = offer(state, Pick())
        first = shortcut(str(twin), o, hand)
        assert first is not None and first[0] == "card"
        second = shortcut(str(twin), o, hand, int(first[1]))  # type: ignore[call-overload]
        assert second is not None and second != first and D.CARD_VALUE[int(second[1])] == twin  # type: ignore[call-overload]
        return
    raise AssertionError("no hand with two kinds of one value")


def test_a_game_played_with_shortcuts_and_board_choices() -> None:
    """What the keyboard test in the browser does, natively: keys for buttons and cards, the offer's
    highlighted targets for the board (Enter on the focused one)."""
    rng = random.Random(7)
    state = new_game(2, seed=9)
    pick = Pick()
    for _ in range(5000):
        if state.is_terminal():
            break
        if state.current != 0:
            state.apply(rng.choice(state.legal_actions()))
            continue
        o = offer(state, pick)
        hand = state.hand(0)
        targets: list[tuple[str, object]] = []
        if pick.card >= 0 or pick.mode:
            targets += [("pawn", p) for p in sorted(o.pawns)] + [("space", s) for s in sorted(o.spaces)]
            targets += [("tile", t) for t, ok in (o.tiles or {}).items() if ok]
        elif state.phase in (Phase.SWORD, Phase.FENCE):
            targets += [("sword", s) for s in sorted(o.swords)] + [("fencing", f) for f in sorted(o.fencing)]
        else:
            for key in rng.sample(["1", "2", "3", "4", "5", "6", "u", "e", "d", "p", "s"], 11):
                target = shortcut(key, o, hand, pick.card)
                if target is not None and (target[0] != "card" or target[1] in o.cards):
                    targets.append(target)
            targets += [("pawn", p) for p in sorted(o.pawns)]
            targets += [("action", b.action) for b in o.buttons if b.action]
        assert targets, (state.phase, o.prompt)
        result = click(state, pick, *targets[0])
        pick = result.pick
        if result.action is not None:
            state.apply(result.action)
            pick = Pick()
    assert state.is_terminal()


def test_the_help_lists_every_shortcut_in_every_language() -> None:
    for key, text in SHORTCUTS:
        for lang in ("en", "de", "fr"):
            assert tr(text, lang)
            if key.startswith("key_"):
                assert tr(key, lang)
    listed = {k.lower() for k, _ in SHORTCUTS}
    assert {"d", "e", "u", "s", "p", "r", "m", "c"} <= listed


class _Keys(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.keys: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("data-i18n", "data-i18n-label", "data-i18n-title", "data-i18n-placeholder") and value:
                self.keys.add(value)


def test_the_page_marks_its_static_text_with_known_keys() -> None:
    parser = _Keys()
    parser.feed((WEB / "index.html").read_text(encoding="utf-8"))
    from toledo.core.i18n import has_message

    assert parser.keys and not [key for key in parser.keys if not has_message(key)]
    main = (WEB / "main.py").read_text(encoding="utf-8")
    used = set(re.findall(r'\btr\("([a-z_]+)"', main)) | set(re.findall(r'\btranslate\("([a-z_]+)"', main))
    assert not [key for key in used if not has_message(key)]


def test_the_loading_notice_before_python_matches_the_catalogue() -> None:
    page = (WEB / "index.html").read_text(encoding="utf-8")
    for lang in ("de", "fr"):
        assert f'{lang}: "{tr("loading_the_game", lang)}"' in page
