"""The board before Python runs (a step of build_site.py): each game's empty two-player board, drawn at
build time by the engine's own SVG code and written into index.html, so the page shows the board within
its first paint; Python keeps it as the start screen's preview when it shows what Python would draw, else
replaces it.

    index.html  <!-- board skeletons -->  becomes  <style>...</style><div class="board-skeleton" ...><svg ...>
                <!-- early setup -->  becomes  <script type="application/json" id="early-setup">{...}</script>:
                                      what the start screen offers per game (players, colours, computer
                                      levels, their words in every language), asked of the page's own
                                      controllers, so web/boot/early-start.js can run the form before Python

The inline script of index.html sets <html data-skeleton="<game>"> from ?game=, and the style shows only
that game's skeleton. The drawing runs in a child Python with the repository on its path (the build itself
stays stdlib only); a game whose drawing fails is left without a skeleton and the build says so.
"""

from __future__ import annotations

import json
import subprocess
import sys
from html import escape
from pathlib import Path

MARKER = "<!-- board skeletons -->"
EARLY_MARKER = "<!-- early setup -->"
LANGUAGES = ("en", "de", "fr")
# What every skeleton shows: the page's default before Python knows the screen and the language. Each box
# says so (data-players, data-lang, data-layout), and the page keeps the drawing as its start-screen
# preview when that is what it would draw itself.
PLAYERS, LANG, LAYOUT = 2, "en", "wide"
# How each game's controller draws its start-screen preview (web/app/*_controller.py: preview).
DRAW = {
    "toledo": ("from toledo.games.toledo.state import Setup, State\n"
               "from toledo.games.toledo.svg import board_svg\n"
               f"svg = board_svg(State(Setup({PLAYERS}, 0)), layout={LAYOUT!r}, lang={LANG!r})"),
    "torres": ("from toledo.games.torres import GAME, State\n"
               "from toledo.games.torres.svg import board_svg\n"
               f"svg = board_svg(State(GAME.make_setup({PLAYERS}, 0)).view(0), lang={LANG!r}, "
               f"tall={LAYOUT == 'tall'})"),
}
RUNNER = "import json, sys\nns = {}\nexec(sys.stdin.read(), ns)\nprint(json.dumps(ns['svg']))"


def draw(root: Path, game: str) -> str:
    """The game's empty board as SVG text; RuntimeError with the child's last line if drawing fails."""
    result = subprocess.run([sys.executable, "-c", RUNNER], input=DRAW[game], capture_output=True, text=True,
                            cwd=root, env={"PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"})
    if result.returncode != 0:
        raise RuntimeError((result.stderr.strip().splitlines() or ["no output"])[-1])
    svg = json.loads(result.stdout)
    if not svg.lstrip().startswith("<svg"):
        raise RuntimeError("the drawing is not an <svg> element")
    return svg


def markup(skeletons: dict[str, str]) -> str:
    """The style and one box per game, each shown only when <html data-skeleton> names its game."""
    shown = ", ".join(f'html[data-skeleton="{g}"] .board-skeleton[data-game="{g}"]' for g in skeletons)
    style = (f"<style>.board-skeleton {{ display: none; }} {shown} {{ display: block; }}</style>"
             if skeletons else "")
    boxes = "".join(f'<div class="board-skeleton" data-game="{escape(g)}" data-players="{PLAYERS}" '
                    f'data-lang="{LANG}" data-layout="{LAYOUT}" aria-hidden="true">{svg}</div>'
                    for g, svg in skeletons.items())
    return style + boxes


# Run with the page's folder on the path and a stand-in for PyScript (the controllers' modules touch the
# page only when called): each controller answers as it does on the start screen.
EARLY = """
import json, sys, types

class Anything:
    def __getattr__(self, name): return self
    def __call__(self, *args, **kwargs): return self

class StandIns:  # the browser's modules: pyscript, pyodide, js
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pyscript", "pyodide", "pyodide_js", "js"):
            import importlib.machinery
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None
    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = lambda attr: Anything()
        return module
    def exec_module(self, module): pass

sys.meta_path.insert(0, StandIns())
import importlib
games, languages = json.loads(sys.argv[1]), json.loads(sys.argv[2])
out = {}
for name in games:
    game = importlib.import_module(f"app.{name}_controller").Controller(Anything())
    words = lambda key, **params: {lang: game.tr(key, lang, **params) for lang in languages}
    out[name] = {
        "title": importlib.import_module("toledo.core.registry").info(name).title,
        "min": game.min_players, "max": game.max_players,
        "colours": [[c, {lang: game.colour_name(c, lang) for lang in languages}] for c in game.colours],
        "levels": [[level, {lang: game.tr("option_computer", lang, level=game.level_name(level, lang))
                            for lang in languages}] for level in game.levels()],
        "human": words("kind_human"), "start": words("start_game"), "lead": words("setup_lead"),
        "starting": words("loading_the_game"),
    }
print(json.dumps(out, ensure_ascii=False))
"""


def early_data(root: Path, web_dir: Path) -> dict[str, object]:
    """Each game's start-screen offer as its controller makes it; RuntimeError if that fails."""
    result = subprocess.run([sys.executable, "-c", EARLY, json.dumps(list(DRAW)), json.dumps(LANGUAGES)],
                            capture_output=True, text=True, cwd=root,
                            env={"PYTHONPATH": f"{web_dir}:{root}", "PYTHONDONTWRITEBYTECODE": "1"})
    if result.returncode != 0:
        raise RuntimeError((result.stderr.strip().splitlines() or ["no output"])[-1])
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def insert_early(index: Path, root: Path, web_dir: Path) -> list[str]:
    """Write the start screen's offer into the built index.html; return the warnings."""
    text = index.read_text(encoding="utf-8")
    if text.count(EARLY_MARKER) != 1:
        return [f"{index.name} has no single '{EARLY_MARKER}': the start screen waits for Python"]
    try:
        data = json.dumps(early_data(root, web_dir), ensure_ascii=False, separators=(",", ":"))
    except (RuntimeError, ValueError) as error:
        return [f"no early start screen: {error}"]
    safe = data.replace("</", "<\\/")  # JSON may not end its script element early
    block = f'<script type="application/json" id="early-setup">{safe}</script>'
    index.write_text(text.replace(EARLY_MARKER, block), encoding="utf-8")
    return []


def insert(index: Path, root: Path) -> list[str]:
    """Write the skeletons into the built index.html; return the warnings (games left without one)."""
    skeletons: dict[str, str] = {}
    warnings: list[str] = []
    for game in DRAW:
        try:
            skeletons[game] = draw(root, game)
        except (RuntimeError, ValueError) as error:
            warnings.append(f"no board skeleton for {game}: {error}")
    text = index.read_text(encoding="utf-8")
    if text.count(MARKER) != 1:
        return [*warnings, f"{index.name} has no single '{MARKER}': no board skeleton"]
    index.write_text(text.replace(MARKER, markup(skeletons)), encoding="utf-8")
    return warnings
