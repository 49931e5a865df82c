"""Placeholder front end: proves the toledo wheel and its pydantic dependency load offline.

The real front end replaces this file; keep the readiness marker (data-ready) because the
end-to-end tests wait for it.
"""

from pyscript import document  # type: ignore[import-not-found]  # exists only in the browser

import pydantic
import toledo

# A few stand-in city districts; innerHTML puts <svg> in the SVG namespace by itself, so no
# namespace URI has to appear in this file.
TILES: list[tuple[int, int, str]] = [(x, y, "#b5651d" if (x + y) % 2 else "#d9b77e")
                                     for x in range(6) for y in range(4)]


def board_svg() -> str:
    cells = "".join(
        f'<rect x="{10 + x * 60}" y="{10 + y * 60}" width="56" height="56" rx="6" fill="{fill}"/>'
        for x, y, fill in TILES
    )
    return f'<svg id="board-svg" viewBox="0 0 380 260" role="img" aria-label="Toledo board">{cells}</svg>'


document.getElementById("board").innerHTML = board_svg()
document.getElementById("status").textContent = (
    f"toledo {toledo.__version__} · pydantic {pydantic.VERSION} · running in the browser"
)
document.documentElement.dataset.ready = "true"
