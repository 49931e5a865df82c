"""The folder tree is the architecture: imports point only core ← games ← ai ← cli, never back.

Every module of the package is parsed (not imported) and each import it makes at run time, at any
depth (imports under `if TYPE_CHECKING:` are for type checkers only and do not count), is checked:
- `toledo.core` imports no game, no computer player and not the command line;
- a game (`toledo.games.<name>`) imports only the core and its own package;
- the computer players (`toledo.ai`) import only the core (they reach games through the registry);
- there is no import cycle between modules anywhere.

The page (`web/`) sits on top: it may import the core and the AI, never the `toledo` facade (Toledo's
names) nor the command line. It reaches a game through the registry and the game's page parts
(`toledo.core.page`); only a game's own page controller (`web/app/games/<game>.py`) imports that game,
and no other. A game's page parts (`toledo/games/<game>/page/`) are pure Python: no browser module. A
game registered only by the tests (`tests/games/<name>/`) keeps a product game's rule: it imports only
the core.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "toledo"
WEB = ROOT / "web"
TEST_GAMES = ROOT / "tests" / "games"


def _module_name(path: Path, top: Path) -> str:
    parts = list(path.relative_to(top.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p, PACKAGE): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            visit(child)

    visit(tree)
    return found


def _targets(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package modules that `name`'s imports reach (resolved, submodules preferred)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in _runtime_imports(tree):
        if isinstance(node, ast.Import):
            bases = [alias.name for alias in node.names]
            names: list[str] = []
        else:
            if node.level:
                parts = name.split(".")
                keep = len(parts) - node.level + (1 if is_package else 0)
                base = ".".join(parts[:keep] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            bases = [base]
            names = [alias.name for alias in node.names]
        for base in bases:
            if not base.startswith("toledo"):
                continue
            hit = False
            for item in names:
                if f"{base}.{item}" in modules:
                    out.add(f"{base}.{item}")
                    hit = True
            if not hit:
                while base and base not in modules:
                    base = base.rpartition(".")[0]
                if base:
                    out.add(base)
    out.discard(name)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _targets(name, path, modules) for name, path in modules.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "games":
        return f"games.{parts[2]}"
    if len(parts) >= 2:
        return parts[1]
    return "toledo"


def _allowed(source: str, target: str) -> bool:
    src, dst = _layer(source), _layer(target)
    if src == dst or dst == "core":
        return True
    if target in ("toledo.games",):  # the registry lines
        return src not in ("core",) and not src.startswith("games.")
    if src == "core":
        return False
    if src.startswith("games."):
        return False  # another game, the AI, the command line or the facade
    if src == "ai":
        return False
    return True  # the facade (toledo/__init__), the command line and __main__ may import anything


def test_imports_point_only_down_the_layers() -> None:
    graph = _graph()
    assert "toledo.core.registry" in graph and "toledo.games.toledo" in graph
    bad = sorted(f"{source} imports {target}" for source, targets in graph.items() for target in targets
                 if not _allowed(source, target))
    assert not bad, "imports against the layers:\n" + "\n".join(bad)


def test_no_import_cycle_between_modules() -> None:
    graph = _graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def connect(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_the_checker_sees_a_violation_when_there_is_one() -> None:
    # the rules themselves, on made-up edges
    assert not _allowed("toledo.core.save", "toledo.games.toledo.state")
    assert not _allowed("toledo.ai.search", "toledo.games.toledo.state")
    assert not _allowed("toledo.games.torres.state", "toledo.games.toledo.data")
    assert not _allowed("toledo.games.torres.state", "toledo.ai.search")
    assert _allowed("toledo.games.torres.state", "toledo.core.errors")
    assert _allowed("toledo.ai.search", "toledo.core.registry")
    assert _allowed("toledo.cli", "toledo.games")


def test_no_product_module_is_over_about_600_lines() -> None:
    paths = list(PACKAGE.rglob("*.py")) + [p for p in WEB.rglob("*.py") if "node_modules" not in p.parts]
    long = sorted(f"{p.relative_to(ROOT)} ({n} lines)" for p in paths
                  if (n := len(p.read_text(encoding="utf-8").splitlines())) > 650)
    assert not long, "modules over ~600 lines: " + ", ".join(long)


def _imports_of(path: Path) -> set[str]:
    """The package modules a file outside the package imports (resolved like the package's own)."""
    return _targets("", path, _modules())


def _web_problems(name: str, targets: set[str], own: str = "") -> list[str]:
    """What is wrong with the imports of the page module `name`; `own`: the game whose page controller it is."""
    games = {t.split(".")[2] for t in targets if t.startswith("toledo.games.") and t.count(".") >= 2}
    problems = [f"{name} imports {t}" for t in sorted(targets) if t == "toledo" or _layer(t) in ("cli", "toledo")]
    problems += [f"{name} imports the game {g}" for g in sorted(games) if g != own]
    return problems


def test_the_page_imports_the_engine_only_through_its_layers() -> None:
    pages = [WEB / "main.py", *sorted((WEB / "app").rglob("*.py"))]
    bad = [problem for path in pages
           for problem in _web_problems(str(path.relative_to(WEB)), _imports_of(path),
                                        path.stem if path.parent.name == "games" else "")]
    assert not bad, "the page's imports against the layers:\n" + "\n".join(bad)


def test_the_page_checker_sees_a_violation_when_there_is_one() -> None:
    assert _web_problems("shell", {"toledo"}) and _web_problems("shell", {"toledo.games.toledo.page.svg"})
    assert _web_problems("storage", {"toledo.cli"})
    assert _web_problems("games/torres", {"toledo.games.toledo.data"}, "torres")
    assert not _web_problems("games/torres", {"toledo.games.torres.page.svg", "toledo.core.i18n", "toledo.ai.coach"},
                             "torres")


BROWSER_MODULES = ("pyscript", "js", "pyodide", "pyodide_js")


def test_every_games_page_parts_are_pure_python_in_its_folder() -> None:
    """A game's page parts live in its folder's `page` package and import no browser module, so they run
    (and are tested) anywhere; the page's own folder holds no game's parts but its controller."""
    for game in sorted(p for p in (PACKAGE / "games").iterdir() if (p / "game.py").is_file()):
        page = game / "page"
        assert (page / "__init__.py").is_file(), f"{game.name} has no page parts"
        for path in sorted(page.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            used = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
            used |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
            assert not used & set(BROWSER_MODULES), f"{path.relative_to(ROOT)} imports the browser"
    game_names = {p.name for p in (PACKAGE / "games").iterdir() if p.is_dir()}
    strays = [p.name for p in (WEB / "app").glob("*.py") if p.stem.split("_")[0] in game_names]
    assert not strays, f"a game's page code outside its folder: {strays}"


def test_the_tests_own_games_import_only_the_core() -> None:
    bad = []
    for path in sorted(TEST_GAMES.rglob("*.py")):
        if path.name.startswith("test_"):
            continue
        bad += [f"{path.relative_to(ROOT)} imports {t}" for t in sorted(_imports_of(path)) if _layer(t) != "core"]
    assert not bad, "a test game imports more than the core:\n" + "\n".join(bad)
