"""The start screen's line under a computer level tells its odds one against one: each is checked here
against the ladder's own games (docs/ladder/), so a ladder re-made with other results asks for new words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toledo.ai import ladder
from toledo.core.page import page_of

LADDER = Path(__file__).resolve().parents[2] / "docs" / "ladder"
FILES = {"toledo": ("toledo.jsonl", "toledo-search.jsonl", "toledo-expert.jsonl"),
         "torres": ("torres.jsonl", "torres-hard.jsonl", "torres-expert.jsonl")}
# (level, the level it is set against, the words its English line uses, the share those words mean)
CLAIMS = {
    "toledo": [("greedy", "easy", "almost always", 0.9), ("medium", "greedy", "4 games in 5", 0.8),
               ("hard", "medium", "9 games in 10", 0.9), ("expert", "hard", "at least as strong", 0.5)],
    "torres": [("greedy", "easy", "almost always", 0.9), ("medium", "greedy", "4 games in 5", 0.8),
               ("hard", "medium", "9 games in 10", 0.9), ("expert", "hard", "at least as strong", 0.5)],
}
TOLERANCE = 0.08  # "about": within eight points of the ladder's rate over its 200 games


def _rates(game: str) -> dict[tuple[str, str], float]:
    rows = [json.loads(line) for name in FILES[game] for line in (LADDER / name).read_text().splitlines() if line]
    table = ladder.head_to_head(ladder.outcomes(r for r in rows if r["game_name"] == game))
    rates = {}
    for (a, b), (wins, n) in table.items():
        rates[(a, b)], rates[(b, a)] = wins / n, 1 - wins / n
    return rates


@pytest.mark.parametrize("game", sorted(CLAIMS))
def test_each_levels_line_gives_the_odds_the_ladder_measured(game: str) -> None:
    rates = _rates(game)
    page = page_of(game)
    for level, against, words, share in CLAIMS[game]:
        assert words in page.tr(f"level_{level}_help", "en"), (game, level)
        rate = rates[(level, against)]
        if words == "almost always":
            assert rate >= share, (game, level, against, rate)
        elif words == "at least as strong":
            assert rate >= share - TOLERANCE, (game, level, against, rate)
        else:
            assert abs(rate - share) <= TOLERANCE, (game, level, against, rate)


@pytest.mark.parametrize("game", sorted(CLAIMS))
def test_every_language_says_the_same_odds(game: str) -> None:
    page = page_of(game)
    numbers = {"medium": ("4", "5"), "hard": ("9", "10")}
    for lang in ("en", "de", "fr"):
        for level, digits in numbers.items():
            line = page.tr(f"level_{level}_help", lang)
            assert all(d in line for d in digits), (game, lang, level, line)
