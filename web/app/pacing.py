"""How long Python may hold the page before it yields: computer turns, hints and reviews think in
slices of SLICE_SECONDS (scripts/bench_ai.py measures the same slices and the page's long tasks)."""

from __future__ import annotations

SLICE_SECONDS = 0.03  # a slice of search; with the iteration it ends on, the page waits under 50 ms
RENDER_EVERY = 0.25  # at speed 0, redraw computer turns at most this often (seconds)
