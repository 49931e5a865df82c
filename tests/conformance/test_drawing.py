"""Every game's page has a click target for every legal action, through the page protocol alone.

For every registered game with page parts (`toledo.core.page.page_of`), at positions of seeded games:
each legal action's keys (`keys_for`) are clicked one by one from a fresh choice; at each step the
key is offered and drawn (on the board or in the panels beside it, as the one `data-key` attribute),
and the last click applies exactly that action. Nothing here knows a game by name."""

from __future__ import annotations

import random
import re
from html import unescape
from typing import Any

import pytest

from tests.conformance.cases import SEEDS, Case, cases, played, positions
from toledo.core import registry
from toledo.core.page import GamePage, has_page, page_of

KEYS = re.compile(r'data-key="([^"]*)"')
ACTIONS_PER_POSITION = 12  # a sample of the legal actions at each position (the drawings are slow to build)


def drawn_keys(page: GamePage, state: Any, choice: Any) -> tuple[frozenset[str], frozenset[str]]:
    """What the page offers now, and every key drawn on the board and in the panels."""
    seat = state.current_player
    offer = page.offer(state, choice, "en")
    view = page.view_for(state, seat)
    html = page.board_svg(view, offer, lang="en") + "".join(page.panels(state, view, seat, offer, "en").values())
    return offer.keys, frozenset(unescape(k) for k in KEYS.findall(html))


def click_through(page: GamePage, state: Any, action: Any) -> int:
    """Click `action`'s keys; return how many were clicked."""
    keys = page.keys_for(state, action)
    assert keys, f"no click path for {action}"
    choice = page.fresh_choice()
    for i, key in enumerate(keys):
        offered, drawn = drawn_keys(page, state, choice)
        assert key in offered, f"{action}: {key} is not offered after {keys[:i]}"
        assert key in drawn, f"{action}: {key} is offered but has no drawn target"
        clicked = page.click(state, choice, key, "en")
        choice = clicked.choice
        if i < len(keys) - 1:
            assert clicked.action is None, f"{action}: {keys[:i + 1]} applied {clicked.action} already"
    assert clicked.action == action, f"{keys} applied {clicked.action}, not {action}"
    return len(keys)


def paged_cases() -> list[Case]:
    return [c for c in cases() if has_page(c.game)]


@pytest.mark.parametrize("case", paged_cases(), ids=str)
def test_every_legal_action_has_a_click_target(case: Case) -> None:
    page = page_of(case.game)
    rng = random.Random(str(case))
    every = max(1, len(played(case, SEEDS[0])[1]) // 16)  # 16 moments a game
    clicked = 0
    for state, _ in positions(case, SEEDS[0], every=every):
        if state.is_terminal():
            continue
        legal = list(state.legal_actions())
        for action in rng.sample(legal, min(ACTIONS_PER_POSITION, len(legal))):
            clicked += click_through(page, state, action)
    assert clicked > 10


def layouts_of(page: GamePage) -> tuple[str, ...]:
    return ("wide", *(name for name, _ in page.layouts))


@pytest.mark.parametrize("game", [name for name in registry.names() if has_page(name)])
def test_each_drawing_a_game_names_draws_what_is_offered(game: str) -> None:
    """A game's `layouts` are its drawings besides "wide", each with the screens (a media query) that get
    it; every one draws each key the page offers, and the start screen's preview, as the wide one does."""
    page = page_of(game)
    names = layouts_of(page)
    assert len(set(names)) == len(names) and all(media.strip() for _, media in page.layouts), page.layouts
    case = paged_cases()[[c.game for c in paged_cases()].index(game)]
    seen = 0
    for state, _ in positions(case, SEEDS[0], every=max(1, len(played(case, SEEDS[0])[1]) // 6)):
        if state.is_terminal():
            continue
        choice = page.fresh_choice()
        offer = page.offer(state, choice, "en")
        view = page.view_for(state, state.current_player)
        panels = "".join(page.panels(state, view, state.current_player, offer, "en").values())
        for layout in names:
            drawn = frozenset(unescape(k) for k in KEYS.findall(page.board_svg(view, offer, lang="en", layout=layout)
                                                               + panels))
            assert offer.keys <= drawn, (layout, sorted(offer.keys - drawn))
        seen += 1
    assert seen >= 3
    for layout in names:
        assert page.preview_svg(page.min_players, "en", layout).lstrip().startswith("<svg"), layout


def test_every_product_game_has_page_parts() -> None:
    """The site offers the games of `toledo.games`; each has its page parts."""
    product = [name for name in registry.names() if registry.info(name).module.startswith("toledo.games.")]
    assert product and all(has_page(name) for name in product), product


def test_listing_a_game_with_page_parts_does_not_load_its_rules() -> None:
    """A page that plays one game lists the others without importing them (their rules cost start-up
    time in the browser); a game without page parts is not listed."""
    import subprocess
    import sys

    code = ("import sys, toledo.core.registry as r, toledo.core.page as p\n"
            "import toledo.games\n"
            "r.register(r.GameInfo('nopage', 'No page', 2, 2, 'json'))\n"
            "print([p.has_page(n) for n in ('torres', 'nopage')], 'toledo.games.torres' in sys.modules)\n"
            # a game already imported whose files are not on disk (the page's restored memory snapshot)
            "import types, importlib.machinery as m\n"
            "for name in ('gone', 'gone.page'):\n"
            "    sys.modules[name] = types.ModuleType(name)\n"
            "    sys.modules[name].__spec__ = m.ModuleSpec(name, None, is_package=True)\n"
            "    sys.modules[name].__path__ = ['/nowhere']\n"
            "r.register(r.GameInfo('gone', 'Gone', 2, 2, 'gone'))\n"
            "print(p.has_page('gone'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert " ".join(out) == "[True, False] False True"


@pytest.mark.parametrize("game", [name for name in registry.names() if has_page(name)])
def test_a_spectators_board_calls_nobody_you(game: str) -> None:
    """In an all-computer game the page draws a spectator's board (`you=False`): no seat is "you"."""
    page = page_of(game)
    state = page.new_state(page.min_players, seed=3)
    for _ in range(12):  # a few moves in, every game's panels hold something
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    for layout in ("wide", *(name for name, _ in page.layouts)):
        spectator = page.board_svg(page.view_for(state, -1), lang="en", layout=layout, you=False)
        assert "(you)" not in spectator and "Your " not in spectator
