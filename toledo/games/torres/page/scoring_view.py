"""What the page says about Torres's scorings: each castle per player at a phase end, the king's move,
the final ranking and a chart of the scores after each phase.

Every number comes from the engine: the castle-by-castle lines, the king's castle bonus, the master
card and the scoring order from toledo.games.torres.scoring.breakdown, the scores from the state. The
page only puts them into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from .. import data as D
from .. import scoring
from ..outcome import TorresOutcome
from ..stage import Stage

from .pieces_svg import PLAYER_FILL
from .words import tr, tr_count

NO_MARK: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())


@dataclass(frozen=True)
class Scoring:
    """One phase end: the lines to show one by one, and each seat's score before and after."""

    phase: int  # 0-based
    lines: tuple[tuple[int, str], ...]  # (seat or -1, text)
    before: tuple[int, ...]
    after: tuple[int, ...]
    # per line: the squares of the castle it is about, and the squares of the knights it scores (the
    # board lights the one and marks the others as the line appears); empty for the summing-up lines
    marks: tuple[tuple[frozenset[int], frozenset[int]], ...] = ()

    def mark(self, line: int) -> tuple[frozenset[int], frozenset[int]]:
        return self.marks[line] if 0 <= line < len(self.marks) else NO_MARK

    def totals_shown(self, shown: int) -> bool:
        """Whether the first `shown` lines reach the totals (the score track moves on then)."""
        return shown >= len(self.lines) or not any(self.mark(i)[0] for i in range(shown - 1, len(self.lines)))


def scored(outcome: TorresOutcome) -> bool:
    """Whether the action whose apply returned `outcome` ended a phase (and so scored it)."""
    return bool(outcome.scored)


def castle_lines(told: scoring.Breakdown, names: Sequence[str], lang: str) -> list[tuple[int, str]]:
    """One line per seat scoring on a castle, castle by castle, as the engine's breakdown tells it."""
    lines: list[tuple[int, str]] = []
    for castle in told.castles:
        first = D.SQUARE_NAMES[castle.squares[0]]
        for share in castle.shares:
            lines.append((share.seat, tr_count("scoring_castle", castle.area, lang, square=first,
                                               name=names[share.seat], level=share.level,
                                               points=tr_count("points", share.points, lang))))
    return lines


def castle_marks(told: scoring.Breakdown, after: Any) -> list[tuple[frozenset[int], frozenset[int]]]:
    """For each line castle_lines writes: the castle's squares, and where the seat's scoring knight stands
    (its highest on the castle, the level the line names)."""
    marks = []
    for castle in told.castles:
        squares = frozenset(castle.squares)
        for share in castle.shares:
            knights = frozenset(q for q in castle.squares
                                if after.piece_at(q) == share.seat and after.heights[q] == share.level)
            marks.append((squares, knights))
    return marks


def phase_scoring(outcome: TorresOutcome, after: Any, names: Sequence[str], lang: str) -> Scoring:
    """The scoring the action whose apply returned `outcome` (the last turn of a phase) ran, giving `after`."""
    before = outcome.scored
    told = scoring.breakdown(after)
    lines = castle_lines(told, names, lang)
    marks = castle_marks(told, after)
    results = told.results
    for seat in told.order:
        r = results[seat]
        if r.king:
            lines.append((seat, tr("scoring_king", lang, name=names[seat], points=tr_count("points", r.king, lang))))
        if r.master:
            lines.append((seat, tr("scoring_master", lang, name=names[seat],
                                   points=tr_count("points", r.master, lang))))
    if not any(r.castles for r in results):
        lines.append((-1, tr("scoring_none", lang)))
    for seat in told.order:  # the track's bump rule may carry a marker past taken spaces: say so
        bump = after.score[seat] - before[seat] - results[seat].total
        key = "scoring_total_bumped" if bump > 0 else "scoring_total"
        lines.append((seat, tr(key, lang, name=names[seat], points=results[seat].total, bump=bump,
                               score=after.score[seat])))
    king = after.king
    kings_castle = frozenset(next((c.squares for c in told.castles if king in c.squares), ()))
    for seat in told.order:  # the king's bonus lights the king's castle too
        if results[seat].king:
            marks.append((kings_castle, frozenset(q for q in kings_castle if after.piece_at(q) == seat
                                                  and after.heights[q] == told.phase + 1)))
        if results[seat].master:
            marks.append((frozenset(), frozenset()))
    return Scoring(told.phase, tuple(lines), before, tuple(after.score), tuple(marks))


def king_line(outcome: TorresOutcome, action: Any, names: Sequence[str], lang: str) -> str:
    """After scorings 1 and 2: where the lowest player moved the king (or that he stayed)."""
    seat = outcome.seat
    if action.sq >= 0:
        return tr("king_moved", lang, name=names[seat], square=D.SQUARE_NAMES[action.sq])
    return tr("king_stays", lang, name=names[seat])


def scoring_html(result: Scoring, names: Sequence[str], lang: str, shown: int | None = None) -> str:
    """The scoring box, its first `shown` lines (all when None)."""
    lines = result.lines if shown is None else result.lines[:shown]
    items = "".join(f'<li data-seat="{seat}">{escape(text)}</li>' for seat, text in lines)
    return (f'<section class="torres-scoring" data-phase="{result.phase + 1}" aria-live="polite">'
            f'<h3>{escape(tr("scoring_title", lang, phase=result.phase + 1))}</h3><ol>{items}</ol></section>')


def phase_totals(game: Any, setup: Any, history: Sequence[Any]) -> list[tuple[int, ...]]:
    """The scores after each scoring so far (replayed from the setup)."""
    state = game.new_state(setup)
    out: list[tuple[int, ...]] = []
    for action in history:
        stage = state.stage
        state.apply(action)
        if stage == Stage.TURN and state.stage in (Stage.KING_MOVE, Stage.OVER):
            out.append(tuple(state.score))
    return out


LABEL_GAP = 12.0  # the chart's end labels: at least a line of their 11-unit type apart


def spread(ys: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near the sorted `ys` as they can be while `gap` apart and within [low, high]: players
    who end level get one number each, not one on top of the other."""
    out: list[float] = []
    for y in ys:
        out.append(max(y, low, out[-1] + gap) if out else max(y, low))
    over = out[-1] - high if out else 0.0
    if over > 0:  # pushed past the bottom: move the run up, keeping the gaps
        out = [y - over for y in out]
        for i in range(len(out) - 2, -1, -1):
            out[i] = min(out[i], out[i + 1] - gap)
    return out


def chart_svg(totals: Sequence[Sequence[int]], names: Sequence[str], colours: Sequence[int], lang: str) -> str:
    """A line chart of each player's score after each phase (0 before the first)."""
    width, height, pad = 320, 180, 30
    top = max([1] + [v for row in totals for v in row])
    n = len(names)
    step = (width - 2 * pad) / max(1, D.PHASES)

    def point(i: int, value: int) -> str:
        return f"{pad + i * step:.1f},{height - pad - value * (height - 2 * pad) / top:.1f}"

    parts = [f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="#555"/>']
    for i in range(1, D.PHASES + 1):
        x = pad + i * step
        parts.append(f'<text x="{x:.1f}" y="{height - pad + 16}" font-size="11" text-anchor="middle">'
                     f'{escape(tr("chart_phase", lang, phase=i))}</text>')
    ends = []
    for seat in range(n):
        colour = PLAYER_FILL[D.COLOURS[colours[seat] % len(D.COLOURS)]]  # the board's own player colours
        values = [0] + [row[seat] for row in totals]
        points = " ".join(point(i, v) for i, v in enumerate(values))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="3" '
                     f'data-seat="{seat}"><title>{escape(names[seat])}</title></polyline>')
        x, y = point(len(values) - 1, values[-1]).split(",")
        ends.append((float(y), float(x), colour, values[-1], seat))
    ends.sort()
    for (_, x, colour, value, seat), y in zip(ends, spread([e[0] for e in ends], LABEL_GAP, LABEL_GAP, height - pad)):
        parts.append(f'<text x="{x + 4:.1f}" y="{y:.1f}" font-size="11" dominant-baseline="middle" fill="{colour}" '
                     f'data-seat="{seat}">{value}</text>')
    title = tr("score_chart", lang)
    return (f'<svg class="score-chart" viewBox="0 0 {width + 20} {height}" role="img" aria-label="{escape(title)}">'
            f'<title>{escape(title)}</title>{"".join(parts)}</svg>')


def ranking_html(state: Any, names: Sequence[str], totals: Sequence[Sequence[int]], lang: str) -> str:
    """The final ranking (the engine's order), who won, and the score chart (`end-more`: a phone shows it
    under the way on)."""
    rows = []
    for rank, seat in enumerate(state.ranking(), start=1):
        points = tr_count("points", state.score[seat], lang)
        rows.append(f'<li data-seat="{seat}">{escape(tr("rank_line", lang, rank=rank, name=names[seat], points=points))}'
                    f'</li>')
    winners = state.winners()
    verdict = tr_count("ranking_winner", len(winners), lang, names=", ".join(names[s] for s in winners))
    return (f'<h2>{escape(tr("final_ranking", lang))}</h2><p class="verdict">{escape(verdict)}</p>'
            f'<ul class="ranking" style="list-style: none; padding-left: 0">{"".join(rows)}</ul>'
            f'<div class="end-more"><h3>{escape(tr("score_chart", lang))}</h3>'
            f'{chart_svg(totals, names, state.setup.colours, lang)}</div>')


def verdict(state: Any, names: Sequence[str], lang: str) -> str:
    winners = state.winners()
    return tr_count("ranking_winner", len(winners), lang, names=", ".join(names[s] for s in winners))
