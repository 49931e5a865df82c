"""An Elo ladder of the levels: a two-player round-robin over fresh deals and a Bradley–Terry fit.

Every pair of levels plays the same number of games; game g of a pairing plays deal
``seed + PAIRING_STRIDE * k + g // 2`` (k: the pairing's place in the round-robin) with the two bots
swapping seats between its two games, so each pairing sees its own deals and both seats equally.
The games are interleaved across pairings (game 0 of every pairing, then game 1, ...), so a run
stopped early still has every pairing about equally far.

The fit is the maximum-likelihood Bradley–Terry model, P(i beats j) = g_i / (g_i + g_j), on the Elo
scale (400 log10 g, one level pinned to `ANCHOR`), computed by the MM iteration (Hunter 2004). A
shared win counts half a win to each side. Each pairing also gets one virtual drawn game (a weak
prior), so a level that wins every game gets a large finite rating instead of an infinite one.
What a fit predicts for a table of three or four: `first_place` (Plackett–Luce).
Intervals: a parametric percentile bootstrap. Each pairing's games are played again in simulation
with the fitted win chance, the fit repeated, and the middle 95 % of each rating kept. Re-drawing
the games themselves would give a level that won its few games every time an interval of zero
width; simulating from the fit does not.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from .tournament import Task, lineup

ANCHOR = 1000.0  # the pinned level's rating
PAIRING_STRIDE = 1000  # deals reserved per pairing
PRIOR_DRAWS = 1.0  # virtual drawn games per pairing


def pairings(levels: Sequence[str]) -> list[tuple[str, str]]:
    return list(combinations(levels, 2))


def schedule(levels: Sequence[str], games: int, seed: int, game: str, costly: Sequence[str] = (),
             costly_games: int | None = None, every: Sequence[str] | None = None) -> list[Task]:
    """Every game of the round-robin as a tournament task, interleaved across pairings. Pairings with
    a level of `costly` (the searches, a hundred times slower) play `costly_games` games instead and
    come after all the others, so a run cut short has the cheap pairings complete. A pairing's deals
    follow its place among the pairings of `every` (all the levels there are; `levels` by default),
    so a run of some levels plays the same deals as a run of all. A level outside `every` (one kept
    for measurement) has its pairings after all of those, so adding it moves no other pairing's deals."""
    base = list(every or levels)
    extra = [x for x in levels if x not in base]
    order = pairings(base) + [(a, x) for i, x in enumerate(extra) for a in base + extra[:i]]
    pairs = [(k, a, b) for k, (a, b) in enumerate(order) if a in levels and b in levels]
    tasks: list[Task] = []
    for dear in (False, True):
        chosen = [(k, a, b) for k, a, b in pairs if (a in costly or b in costly) == dear]
        count = costly_games if dear and costly_games is not None else games
        for g in range(count):
            for k, a, b in chosen:
                tasks.append((g, seed + PAIRING_STRIDE * k + g // 2, 2, lineup([a, b], 2, g), None, game))
    return tasks


Outcome = tuple[str, str, float]  # (level i, level j, i's share of the win: 1, 0.5 or 0)


def outcomes(results: Iterable[dict[str, Any]]) -> list[Outcome]:
    """Two-player game results (as `tournament.play_one` returns them) as pairwise outcomes."""
    out = []
    for r in results:
        seats, returns = r["seats"], r["returns"]
        if len(seats) == 2 and seats[0] != seats[1]:
            out.append((seats[0], seats[1], float(returns[0])))
    return out


def fit(games: Sequence[Outcome], anchor: str, levels: Sequence[str] | None = None,
        prior: float = PRIOR_DRAWS, iterations: int = 10_000, tol: float = 1e-10) -> dict[str, float]:
    """Maximum-likelihood Bradley–Terry ratings on the Elo scale, `anchor` pinned at `ANCHOR`."""
    names = list(levels) if levels is not None else sorted({x for a, b, _ in games for x in (a, b)})
    index = {name: i for i, name in enumerate(names)}
    m = len(names)
    wins = [0.0] * m
    count = [[0.0] * m for _ in range(m)]
    for a, b, score in games:
        i, j = index[a], index[b]
        wins[i] += score
        wins[j] += 1.0 - score
        count[i][j] += 1.0
        count[j][i] += 1.0
    if prior > 0:
        for i in range(m):
            for j in range(i + 1, m):
                count[i][j] += prior
                count[j][i] += prior
                wins[i] += prior / 2
                wins[j] += prior / 2
    strength = [1.0] * m
    for _ in range(iterations):
        new = []
        for i in range(m):
            denom = sum(count[i][j] / (strength[i] + strength[j]) for j in range(m) if j != i and count[i][j])
            new.append(wins[i] / denom if denom > 0 and wins[i] > 0 else 1e-12)
        # the scale is free: keep the geometric mean at 1 while iterating
        centre = math.exp(sum(math.log(x) for x in new) / m)
        new = [x / centre for x in new]
        change = max(abs(math.log(x) - math.log(y)) for x, y in zip(new, strength))
        strength = new
        if change < tol:
            break
    pin = strength[index[anchor]]
    return {name: ANCHOR + 400.0 * math.log10(strength[index[name]] / pin) for name in names}


def bootstrap(games: Sequence[Outcome], anchor: str, levels: Sequence[str] | None = None, rounds: int = 1000,
              seed: int = 0, level: float = 0.95) -> dict[str, tuple[float, float]]:
    """Percentile intervals of every rating: each pairing's games simulated afresh from the fit."""
    rng = random.Random(seed)
    names = list(levels) if levels is not None else sorted({x for a, b, _ in games for x in (a, b)})
    fitted = fit(games, anchor, names)
    played: dict[tuple[str, str], int] = {}
    for a, b, _ in games:
        key = (a, b) if a < b else (b, a)
        played[key] = played.get(key, 0) + 1
    chances = [(a, b, n, expected(fitted[a], fitted[b])) for (a, b), n in played.items()]
    draws: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(rounds):
        sample = [(a, b, 1.0 if rng.random() < p else 0.0) for a, b, n, p in chances for _ in range(n)]
        for name, rating in fit(sample, anchor, names, iterations=2000, tol=1e-8).items():
            draws[name].append(rating)
    tail = (1.0 - level) / 2
    out = {}
    for name, values in draws.items():
        values.sort()
        low = values[int(tail * (len(values) - 1))]
        high = values[int(math.ceil((1 - tail) * (len(values) - 1)))]
        out[name] = (low, high)
    return out


def expected(rating_i: float, rating_j: float) -> float:
    """The Elo model's win chance of i against j."""
    return 1.0 / (1.0 + 10 ** ((rating_j - rating_i) / 400.0))


def first_place(rating: float, rival: float, players: int) -> float:
    """The chance that one seat of `rating` finishes first against `players` - 1 seats of `rival`, by the
    Plackett–Luce model that extends Bradley–Terry to a table (each seat's chance of first place in
    proportion to its strength); with two players it is `expected`. Seat order and the rivals' play
    against each other are not in it: a measured line-up may differ by several points either way."""
    return 1.0 / (1.0 + (players - 1) * 10 ** ((rival - rating) / 400.0))


def gap_for(share: float, players: int) -> float:
    """The rating gap at which one seat takes first place `share` of the time against `players` - 1
    equal rivals (the inverse of `first_place`)."""
    return 400.0 * math.log10(share * (players - 1) / (1.0 - share))


def head_to_head(games: Sequence[Outcome]) -> dict[tuple[str, str], tuple[float, int]]:
    """(i, j) -> (i's wins, games), each unordered pair once in the order first met."""
    table: dict[tuple[str, str], list[float]] = {}
    for a, b, score in games:
        if (b, a) in table:
            a, b, score = b, a, 1.0 - score
        row = table.setdefault((a, b), [0.0, 0])
        row[0] += score
        row[1] += 1
    return {k: (v[0], int(v[1])) for k, v in table.items()}
