"""The board before Python runs (a step of build_site.py): each game's empty two-player board in each of its
drawings, drawn at build time by the engine's own SVG code and written into index.html, so the page shows
the board the screen gets within its first paint; Python keeps it as the start screen's preview when it
shows what Python would draw, else replaces it.

    index.html  <!-- board skeletons -->  becomes  <style>...</style><div class="board-skeleton" ...><svg ...>
                                      (in English) and <script ... id="skeleton-words">: what differs in
                                      each language (scripts/skeleton_words.py), which early-start.js puts
                                      in, so the board speaks the page's language from the first paint too
                <!-- early setup -->  becomes  <script type="application/json" id="early-setup">{...}</script>:
                                      what the start screen offers per game (players, colours, computer
                                      levels, their words in every language), asked of each game's page
                                      controller, so web/boot/early-start.js can run the form before Python,
                                      and <script ... id="early-words">: the page's marked words in every
                                      language, so it speaks the browser's language before Python too

The games are the registry's (`toledo.games`, every game with page parts): each draws its own start board
(`GamePage.preview_svg`). The inline script of index.html sets <html data-skeleton="<game>"> from ?game=,
and the style shows only that game's skeleton. The drawing runs in a child Python with the repository on
its path (the build itself stays stdlib only); a game whose drawing fails is left without a skeleton and
the build says so.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared modules, also when loaded by path
import skeleton_words  # noqa: E402

MARKER = "<!-- board skeletons -->"
STYLES_MARKER = "<!-- game styles -->"
STYLES_DIR = "static/games"  # each game's own style sheet in the site, as <name>.css
EARLY_MARKER = "<!-- early setup -->"
LANGUAGES = ("en", "de", "fr")
# What every skeleton shows: the page's default before Python knows the language. Each box says so
# (data-players, data-lang, data-layout), and the page keeps the drawing as its start-screen preview when
# that is what it would draw itself. Every drawing a game's page names is drawn, each shown on the screens
# its media query names (the first that matches winning, as the page chooses), "wide" on the others.
PLAYERS, LANG, LAYOUT = 2, "en", "wide"
# The games the site offers: the registered ones with page parts, in the registry's order.
GAMES = ("import json, toledo.games\nfrom toledo.core import registry\nfrom toledo.core.page import has_page\n"
         "print(json.dumps([name for name in registry.names() if has_page(name)]))")
# Each of them with its package (the registry's module).
GAME_MODULES = ("import json, toledo.games\nfrom toledo.core import registry\nfrom toledo.core.page import has_page\n"
                "print(json.dumps({name: registry.info(name).module for name in registry.names() if has_page(name)}))")
# How a game's page draws its start-screen preview (the page's start screen asks the same), in each of its
# drawings and every language: [[layout, media query ("" for the wide one), {lang: svg}], ...].
RUNNER = ("import json, sys, toledo.games\nfrom toledo.core.page import page_of\n"
          "page = page_of(sys.argv[1])\n"
          f"print(json.dumps([[layout, query, {{lang: page.preview_svg({PLAYERS}, lang, layout) for lang in {LANGUAGES!r}}}] "
          f"for layout, query in (({LAYOUT!r}, ''), *page.layouts)]))")


def _child(root: Path, code: str, *args: str, path: str = "") -> str:
    """What a child Python with the repository (and `path`) on its path prints; RuntimeError with its last
    line if it fails."""
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=root,
                            env={"PYTHONPATH": f"{path}:{root}" if path else str(root), "PYTHONDONTWRITEBYTECODE": "1"})
    if result.returncode != 0:
        raise RuntimeError((result.stderr.strip().splitlines() or ["no output"])[-1])
    return result.stdout


# Each game's style sheet: the file its page names, beside its page module.
SHEETS = ("import json, sys, toledo.games\nfrom pathlib import Path\nfrom toledo.core.page import page_of\n"
          "page = page_of(sys.argv[1])\nmodule = sys.modules[type(page).__module__]\n"
          "print(json.dumps(str(Path(module.__file__).parent / page.stylesheet) if page.stylesheet else ''))")


def games(root: Path) -> list[str]:
    """The games the site offers (RuntimeError if the registry cannot be read)."""
    return json.loads(_child(root, GAMES))  # type: ignore[no-any-return]


def game_modules(root: Path) -> dict[str, str]:
    """The games the site offers, each with its package (RuntimeError if the registry cannot be read)."""
    return json.loads(_child(root, GAME_MODULES))  # type: ignore[no-any-return]


Drawing = tuple[str, str, str]  # a layout's name, its media query ("" for the wide one), the svg
Drawings = tuple[str, str, dict[str, str]]  # the same with the svg in every language


def draw_all(root: Path, game: str) -> list[Drawings]:
    """The game's empty board in each of its drawings (the wide one first) and every language; RuntimeError
    with the child's last line if drawing fails."""
    drawings = [tuple(d) for d in json.loads(_child(root, RUNNER, game))]
    if not drawings or drawings[0][0] != LAYOUT:
        raise RuntimeError(f"no {LAYOUT} drawing")
    for layout, _query, svgs in drawings:
        if not all(svg.lstrip().startswith("<svg") for svg in svgs.values()):
            raise RuntimeError(f"the {layout} drawing is not an <svg> element")
    return drawings  # type: ignore[return-value]


def aspect(svg: str) -> str:
    """A drawing's shape, its viewBox's width over its height, as the page writes it (web/app/board_view.py)."""
    found = re.search(r'viewBox="([^"]+)"', svg)
    if not found:
        raise ValueError("a board drawing without a viewBox")
    _x, _y, width, height = (float(part) for part in found.group(1).split())
    return f"{width / height:.4f}"


def markup(skeletons: dict[str, list[Drawing]], words: dict[str, dict[str, list]] | None = None) -> str:
    """The style and one box per game and drawing: a game's shows only when <html data-skeleton> names it,
    and of its drawings the one the page would choose (the first whose media query matches, else wide);
    then what differs in each language (skeleton_words.patches), for early-start.js to put in."""
    rules = [".board-skeleton { display: none; }"]
    for game, drawings in skeletons.items():
        box = f'html[data-skeleton="{game}"] .board-skeleton[data-game="{game}"]'
        shapes = {layout: aspect(svg) for layout, _query, svg in drawings}

        def only(layout: str) -> str:
            # the drawing shown, and its shape for the page's width on a wide screen (as the page sets it)
            return (f'{box}:not([data-layout="{layout}"]) {{ display: none; }} '
                    f'{box}[data-layout="{layout}"] {{ display: block; }} '
                    f'html[data-skeleton="{game}"] {{ --board-aspect: {shapes[layout]}; }}')
        rules.append(only(LAYOUT))
        # later rules win at equal weight: the last query first, so the first that matches comes last
        rules.extend(f"@media {query} {{ {only(layout)} }}" for layout, query, _svg in reversed(drawings[1:]))
    style = f"<style>{' '.join(rules)}</style>" if skeletons else ""
    boxes = "".join(f'<div class="board-skeleton" data-game="{escape(g)}" data-players="{PLAYERS}" '
                    f'data-lang="{LANG}" data-layout="{escape(layout)}" aria-hidden="true">{svg}</div>'
                    for g, drawings in skeletons.items() for layout, _query, svg in drawings)
    said = (f'<script type="application/json" id="skeleton-words">{json_in_html(words)}</script>'
            if words else "")
    return style + boxes + said


def json_in_html(value: object) -> str:
    """JSON that cannot end the <script> element holding it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


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
import importlib, toledo.games
games, languages = json.loads(sys.argv[1]), json.loads(sys.argv[2])
out = {}
from app.context import controller_class
from toledo.core.page import page_of
from toledo.core.i18n import render
from toledo.core.tutorial import DOMAIN as TUTORIAL, tutorial_of
for name in games:
    game = controller_class(name)(Anything(), page_of(name))
    words = lambda key, **params: {lang: game.tr(key, lang, **params) for lang in languages}
    page = page_of(name)
    title = importlib.import_module("toledo.core.registry").info(name).title

    def help_line(level):
        try:
            return {lang: game.tr(f"level_{level}_help", lang) for lang in languages}
        except KeyError:
            return {}
    out[name] = {
        "title": title,
        "min": game.min_players, "max": game.max_players,
        "colours": [[c, {lang: game.colour_name(c, lang) for lang in languages}] for c in game.colours],
        "levels": [[level, {lang: game.tr("option_computer", lang, level=game.level_name(level, lang))
                            for lang in languages}] for level in game.levels()],
        "human": words("kind_human"), "start": words("start_game"), "lead": words("setup_lead"),
        "starting": words("loading_the_game"),
        # the rest of the form as Python fills it, so nothing moves when Python takes over
        "blurb": {lang: page.lead(lang) for lang in languages},
        "help": {level: help_line(level) for level in game.levels()},
        "variants": [[v, {lang: game.variant_name(v, lang) for lang in languages}] for v in page.variants],
        "howto": {lang: page.how_to_play(lang) for lang in languages},
        "learn": ({lang: [render("tutorial_learn_game", lang, {"game": title}, domains=(TUTORIAL,)),
                          render("tutorial_learn_hint", lang, {}, domains=(TUTORIAL,))] for lang in languages}
                  if tutorial_of(name) is not None else {}),
    }
print(json.dumps(out, ensure_ascii=False))
"""


# The page's own words: every key index.html marks (data-i18n, -label, -title, -placeholder), unfilled, in
# every language, from the shell's catalogue, so the start screen speaks the browser's language from the
# first paint (web/app/language.py translates the same marks once Python runs).
MARKED = re.compile(r'data-i18n(?:-label|-title|-placeholder)?="([^"]+)"')
WORDS = """
import json, sys, toledo.games
from toledo.core import i18n
keys, languages = json.loads(sys.argv[1]), json.loads(sys.argv[2])
out = {}
for key in keys:
    try:
        out[key] = {lang: i18n.template(key, lang, domains=(i18n.SHELL_DOMAIN,)) for lang in languages}
    except KeyError:
        pass  # a game's own word (its chooser line): the game's part of the early offer says it
print(json.dumps(out, ensure_ascii=False))
"""


# Words Python writes into the start screen without a mark (it knows the state they depend on), which the
# early form writes too: the list of unfinished games, the one-minute card's dialog, the variant menu.
UNMARKED = ("start_saved_games", "start_no_saved_games", "start_resume", "saved_game_delete", "load_file",
            "storage_may_clear", "storage_kept", "storage_none", "close", "variant")


def early_words(root: Path, page: str) -> dict[str, dict[str, str]]:
    """The words of the keys `page` marks for translation and of `UNMARKED`, by key and language;
    RuntimeError if that fails."""
    keys = sorted(set(MARKED.findall(page)) | set(UNMARKED))
    return json.loads(_child(root, WORDS, json.dumps(keys), json.dumps(LANGUAGES)))  # type: ignore[no-any-return]


def early_data(root: Path, web_dir: Path) -> dict[str, object]:
    """Each game's start-screen offer as its controller makes it; RuntimeError if that fails."""
    out = _child(root, EARLY, json.dumps(games(root)), json.dumps(LANGUAGES), path=str(web_dir))
    return json.loads(out)  # type: ignore[no-any-return]


def insert_early(index: Path, root: Path, web_dir: Path) -> list[str]:
    """Write the start screen's offer into the built index.html; return the warnings."""
    text = index.read_text(encoding="utf-8")
    if text.count(EARLY_MARKER) != 1:
        return [f"{index.name} has no single '{EARLY_MARKER}': the start screen waits for Python"]
    try:
        blocks = {"early-setup": early_data(root, web_dir), "early-words": early_words(root, text)}
    except (RuntimeError, ValueError) as error:
        return [f"no early start screen: {error}"]
    out = "".join(f'<script type="application/json" id="{name}">{json_in_html(value)}</script>'
                  for name, value in blocks.items())
    index.write_text(text.replace(EARLY_MARKER, out), encoding="utf-8")
    return []


def insert(index: Path, root: Path) -> list[str]:
    """Write the skeletons into the built index.html; return the warnings (games left without one)."""
    skeletons: dict[str, list[Drawing]] = {}
    languages: dict[str, dict[str, dict[str, str]]] = {}
    warnings: list[str] = []
    try:
        offered = games(root)
    except (RuntimeError, ValueError) as error:
        return [f"no board skeletons: {error}"]
    for game in offered:
        try:
            drawings = draw_all(root, game)
        except (RuntimeError, ValueError) as error:
            warnings.append(f"no board skeleton for {game}: {error}")
            continue
        skeletons[game] = [(layout, query, svgs[LANG]) for layout, query, svgs in drawings]
        languages[game] = {layout: svgs for layout, _query, svgs in drawings}
    words, unsaid = skeleton_words.patches(languages, LANG)
    text = index.read_text(encoding="utf-8")
    if text.count(MARKER) != 1:
        return [*warnings, f"{index.name} has no single '{MARKER}': no board skeleton"]
    index.write_text(text.replace(MARKER, markup(skeletons, words)), encoding="utf-8")
    return [*warnings, *unsaid]


def insert_styles(index: Path, root: Path, site_dir: Path) -> list[str]:
    """Copy each game's style sheet into the site and link it from the built index.html; return the warnings."""
    links: list[str] = []
    warnings: list[str] = []
    try:
        offered = games(root)
    except (RuntimeError, ValueError) as error:
        return [f"no game styles: {error}"]
    for game in offered:
        try:
            sheet = json.loads(_child(root, SHEETS, game))
        except (RuntimeError, ValueError) as error:
            warnings.append(f"no style sheet for {game}: {error}")
            continue
        if not sheet:
            continue
        target = site_dir / STYLES_DIR / f"{game}.css"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(Path(sheet).read_bytes())
        links.append(f'<link rel="stylesheet" href="./{STYLES_DIR}/{escape(game)}.css">')
    text = index.read_text(encoding="utf-8")
    if text.count(STYLES_MARKER) != 1:
        return [*warnings, f"{index.name} has no single '{STYLES_MARKER}': no game styles"]
    index.write_text(text.replace(STYLES_MARKER, "\n  ".join(links)), encoding="utf-8")
    return warnings
