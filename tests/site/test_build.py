"""Fast checks (no browser, no network) of scripts/build_site.py and the pins it relies on."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import zipfile
from pathlib import Path

import pytest
from tests.support import load_script

ROOT = Path(__file__).resolve().parents[2]




build_site = load_script("build_site")
site_boot = load_script("site_boot")
BOOT_LINE = re.compile(r"^const BOOT = (\{.*\});", re.MULTILINE)


def first_visit_downloads(page: str) -> list[list[str]]:
    """The groups of URLs index.html fetches one after another on a first visit (the order
    site_boot.start_fetches writes)."""
    match = re.search(r"const START = (\{.*\});", page)
    assert match is not None, "no first-visit downloads in the page"
    return json.loads(match.group(1))["order"]


def boot_of(site: Path) -> dict:
    """The BOOT line the build wrote into site/boot/pyodide-boot.mjs."""
    match = BOOT_LINE.search((site / site_boot.BOOT_MODULE).read_text(encoding="utf-8"))
    assert match is not None, "no BOOT line in the boot module"
    return json.loads(match.group(1))


def _fake_wheel(folder: Path, file_name: str, payload: str) -> Path:
    path = folder / file_name
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("payload.txt", payload)
    return path


@pytest.fixture
def fake_wheels(tmp_path: Path) -> list[Path]:
    source = tmp_path / "wheels-in"
    source.mkdir()
    return [
        _fake_wheel(source, "pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl", "core"),
        _fake_wheel(source, "toledo-0.1.0-py3-none-any.whl", "engine"),
    ]


def test_installed_wheels_sit_under_their_content_hash(tmp_path: Path, fake_wheels: list[Path]) -> None:
    site = tmp_path / "site"
    urls = build_site.install_wheels(fake_wheels, site)
    assert len(urls) == len(fake_wheels)
    for wheel, url in zip(fake_wheels, urls):
        target = site / url
        assert target.read_bytes() == wheel.read_bytes()
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        # Folder = hash prefix; file name untouched so Pyodide can still parse it.
        assert target.parent.name == digest[: build_site.HASH_PREFIX_LEN]
        assert target.name == wheel.name


def test_changed_wheel_gets_a_new_url(tmp_path: Path) -> None:
    """The stale-wheel trap (a browser keeps a cached wheel of the same URL): same file name, new code, must
    mean a new URL."""
    first = _fake_wheel(tmp_path, "toledo-0.1.0-py3-none-any.whl", "old rules")
    (old_url,) = build_site.install_wheels([first], tmp_path / "a")
    second = _fake_wheel(tmp_path, "toledo-0.1.0-py3-none-any.whl", "new rules")
    (new_url,) = build_site.install_wheels([second], tmp_path / "b")
    assert old_url != new_url and old_url.endswith("/toledo-0.1.0-py3-none-any.whl")


def test_config_stays_offline_and_relative(tmp_path: Path, fake_wheels: list[Path]) -> None:
    urls = build_site.install_wheels(fake_wheels, tmp_path)
    config = build_site.make_config(urls)
    assert config["interpreter"] == "./boot/pyodide-boot.mjs"  # Pyodide restored from the build's snapshot
    assert config["packages_cache"] == "passthrough"
    assert config["index_urls"] == []
    assert config["packages"] == urls
    text = json.dumps(config)
    assert "://" not in text and '"/' not in text  # no scheme, no host-absolute path
    for url in config["packages"]:
        # The exact test Pyodide's loader applies; the captured name must be the wheel's.
        match = build_site.PYODIDE_WHEEL_URL.match(url)
        assert match is not None and match.group(1) + ".whl" == Path(url).name


def test_modules_missing_from_wheel_names_left_out_subpackages(tmp_path: Path) -> None:
    package = tmp_path / "toledo"
    (package / "ai").mkdir(parents=True)
    for name in ("__init__.py", "state.py", "ai/__init__.py", "ai/policy.py"):
        (package / name).write_text("")
    wheel = tmp_path / "toledo-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name in ("toledo/__init__.py", "toledo/state.py", "toledo-0.1.0.dist-info/RECORD"):
            archive.writestr(name, "")
    assert build_site.modules_missing_from_wheel(wheel, package) == ["toledo/ai/__init__.py", "toledo/ai/policy.py"]


@pytest.mark.parametrize("bad", ["https://example.invalid/x.whl", "/wheels/x.whl", "./wheels/x.whl?v=1"])
def test_config_refuses_urls_that_would_break_offline_loading(bad: str) -> None:
    with pytest.raises(build_site.BuildError):
        build_site.make_config([bad])


def test_read_pins_accepts_only_exact_pins(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("# comment\nTyping_Extensions==4.16.0  # why\n\npydantic-core==2.50.4\n")
    assert build_site.read_pins(good) == [("typing-extensions", "4.16.0"), ("pydantic-core", "2.50.4")]
    loose = tmp_path / "loose.txt"
    loose.write_text("pydantic>=2\n")
    with pytest.raises(build_site.BuildError, match="loose.txt:1"):
        build_site.read_pins(loose)


def test_download_command_targets_the_browser_python() -> None:
    core = build_site.download_command("pydantic-core", "2.50.4", Path("/tmp/x"))
    assert ["--python-version", "3.14"] == core[core.index("--python-version"):][:2]
    assert "--only-binary=:all:" in core and core[-1] == "pydantic-core==2.50.4"
    assert ["--platform", "pyemscripten_2026_0_wasm32", "--implementation", "cp"] == \
        core[core.index("--platform"):][:4]
    pure = build_site.download_command("pydantic", "2.14.3", Path("/tmp/x"))
    assert "--platform" not in pure


def test_browser_pins_are_complete_and_match_native() -> None:
    """Passthrough loading means no resolver: every dependency of pydantic must be listed,
    and the native pin must equal the browser one so unit tests see the same pydantic."""
    browser = dict(build_site.read_pins(ROOT / "requirements-browser.txt"))
    assert set(browser) == {"pydantic", "pydantic-core", "annotated-types", "typing-extensions",
                            "typing-inspection"}
    native = {build_site.canonical_name(m.group(1)): m.group(2) for m in re.finditer(
        r"^([A-Za-z0-9._-]+)==(\S+)", (ROOT / "requirements-dev.txt").read_text(), re.MULTILINE)}
    for name, version in browser.items():
        assert native.get(name) == version, f"{name}: native {native.get(name)} != browser {version}"


def test_npm_runtime_is_pinned_exactly() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    assert package["dependencies"] == {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}
    assert build_site.locked_npm_versions(ROOT) == {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}


def test_front_end_has_no_outside_urls() -> None:
    for path in (ROOT / "web").rglob("*"):
        if path.is_file() and path.suffix in {".html", ".py", ".css", ".js", ".json", ".svg"}:
            assert not re.search(r"https?://", path.read_text(encoding="utf-8")), path


def test_built_site_is_consistent() -> None:
    """When site/ exists (scripts/test.sh builds it first): every configured wheel is there,
    byte-identical to its hash folder, and the runtime files are in place."""
    site = Path(os.environ.get("TOLEDO_SITE_DIR") or ROOT / "site")  # as in e2e/: a site built elsewhere
    if not (site / "config.json").is_file():
        pytest.skip("site/ not built")
    if not (site / site_boot.BOOT_MODULE).is_file():
        pytest.skip("site/ was built by an older build script: rebuild it")
    config = json.loads((site / "config.json").read_text())
    assert config == build_site.make_config([])  # no packages: the boot module brings the engine
    boot = boot_of(site)
    assert build_site.wheel_name_version(Path(boot["wheel"]))[0] == "toledo"  # the game boots without pydantic ...
    with zipfile.ZipFile(site / boot["app"]) as archive:  # the page's own modules
        shipped = {name: archive.read(name) for name in archive.namelist()}
    sources = sorted(p.relative_to(ROOT / "web").as_posix() for p in (ROOT / "web" / "app").rglob("*.py")
                     if "__pycache__" not in p.parts)
    if not boot["snapshot"]:  # built without node: as they are in web/
        assert sorted(n for n in shipped if n.endswith(".py")) == sources
        for name in sources:
            assert shipped[name] == (ROOT / "web" / name).read_bytes(), name
    if boot["snapshot"]:  # built with node: a snapshot, and every module compiled for the browser's Python
        assert (site / boot["snapshot"]).stat().st_size > 1_000_000
        assert build_site.sha256_file(site / boot["snapshot"]).startswith(Path(boot["snapshot"]).parent.name)
        tag = site_boot.cache_tag(site / "pyodide")
        # each compiled in its source's place (never compared with a source), which no visit downloads
        assert {n for n in shipped if n.startswith("app/")} == {site_boot.sourceless(n) for n in sources}
        for name in sources:
            assert shipped[site_boot.sourceless(name)][4:8] == (1).to_bytes(4, "little"), name
            assert name.encode() in shipped[site_boot.sourceless(name)], name  # the name tracebacks give
        # PyScript's own modules, which it writes and imports at every start: compiled, checked by hash
        pyscript = site_boot.pyscript_modules(ROOT / "node_modules" / "@pyscript" / "core", site / "pyscript")
        assert {n for n in shipped if n.startswith("pyscript/")} == {
            f"pyscript/__pycache__/{Path(n).stem}.{tag}.pyc" for n in pyscript}
        assert all(shipped[n][4:8] == (3).to_bytes(4, "little") for n in shipped if n.startswith("pyscript/"))
        # the standard library: what a start imports compiled (never compared with a source), the rest sources
        with zipfile.ZipFile(site / boot["stdlib"]) as archive:
            names = set(archive.namelist())
            assert {"typing.pyc", "asyncio/__init__.pyc", "gettext.pyc", "_pyodide/_base.pyc"} <= names
            assert not {"typing.py", "asyncio/__init__.py"} & names and "tarfile.py" in names
            assert archive.read("typing.pyc")[4:8] == (1).to_bytes(4, "little")
        with zipfile.ZipFile(site / boot["wheel"]) as wheel:  # the engine's modules a start imports, compiled
            assert "toledo/__init__.pyc" in wheel.namelist() and "toledo/__init__.py" not in wheel.namelist()
            assert "toledo/cli/__init__.py" in wheel.namelist()  # never imported by the page: its source
        assert first_visit_downloads((site / "index.html").read_text(encoding="utf-8")) == [
            ["./pyodide/pyodide.asm.wasm", boot["stdlib"], "./main.py"], [boot["wheel"], boot["app"]]]
        assert not (site / site_boot.START_SCRIPT).exists()  # inlined, never requested on its own
    later = json.loads((site / build_site.LAZY_PACKAGES_FILE).read_text())
    assert later == build_site.lazy_packages(later["packages"], later["imports"])
    # the order of what the page imports later: the saves and each game's page code, each target last
    assert set(later["imports"]) == {"saves", "toledo", "torres"}
    assert later["imports"]["saves"][-2:] == list(build_site.SAVES_MODULES)
    assert later["imports"]["torres"][-1] == "app.games.torres" and "toledo.games.torres.page" in later["imports"]["torres"]
    assert "pydantic" in later["imports"]["saves"]
    lazy_names = {build_site.wheel_name_version(Path(url))[0] for url in later["packages"]}
    assert lazy_names == {name for name, _ in build_site.read_pins(ROOT / "requirements-browser.txt")}  # ... loaded later
    if boot["snapshot"]:  # built with node: the later wheels carry their modules compiled by the page's Python
        for url in later["packages"]:
            with zipfile.ZipFile(site / url) as archive:
                names = set(archive.namelist())
            compiled = {n for n in names if n.endswith(".pyc")}
            assert compiled and not {n[:-1] for n in compiled} & names, url  # each in its source's place
    for url in [boot["wheel"], *later["packages"]]:
        wheel = site / url
        assert wheel.is_file(), url
        assert build_site.sha256_file(wheel).startswith(wheel.parent.name)
    for name in build_site.PYODIDE_FILES:
        assert (site / "pyodide" / name).is_file(), name
    assert (site / "pyscript" / "core.js").is_file()
    assert not list((site / "pyscript").glob("*.map"))


def _docstrings(source: str) -> list[str]:
    """The module's, its classes' and its functions' docstrings long enough to find in compiled bytes."""
    found = (ast.get_docstring(node, clean=False) for node in ast.walk(ast.parse(source))
             if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)))
    return [text for text in found if text and len(text) > 20]


def test_the_projects_compiled_modules_ship_without_their_docstrings() -> None:
    """Nothing of the project reads a docstring in the page, so the engine's and the page's compiled modules
    leave them out; their asserts stay, unlike -OO."""
    site = Path(os.environ.get("TOLEDO_SITE_DIR") or ROOT / "site")
    if not (site / site_boot.BOOT_MODULE).is_file() or not boot_of(site)["snapshot"]:
        pytest.skip("site/ not built with node")
    boot = boot_of(site)
    with zipfile.ZipFile(site / boot["wheel"]) as wheel, zipfile.ZipFile(site / boot["app"]) as app:
        compiled = {name: archive.read(name) for archive in (wheel, app) for name in archive.namelist()
                    if name.endswith(".pyc") and not name.startswith("pyscript/")}
        assert b"no game chosen yet" in app.read("app/context.pyc")  # an assert's message
    root = {name: (ROOT / "web" / name[:-1] if name.startswith("app/") else ROOT / name[:-1]) for name in compiled}
    docstrings = {name: _docstrings(root[name].read_text(encoding="utf-8")) for name in compiled}
    assert sum(map(len, docstrings.values())) > 300
    assert not {name for name, texts in docstrings.items() if any(t.encode() in compiled[name] for t in texts)}


def test_boot_module_gets_this_builds_settings(tmp_path: Path) -> None:
    boot = {"snapshot": "./boot/0123456789abcdef/snapshot.bin", "wheel": "./wheels/x/toledo-0.1.0-py3-none-any.whl",
            "app": "./boot/fedcba9876543210/app.zip", "sitePackages": "/lib/python3.14/site-packages",
            "lock": {"info": {"abi_version": "2026_0"}, "packages": {}}}
    (tmp_path / "index.html").write_text((ROOT / "web" / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    site_boot.write_boot_module(tmp_path, ROOT / "web" / site_boot.BOOT_MODULE, boot)
    assert boot_of(tmp_path) == boot
    # index.html orders a first visit's downloads itself: what Python's start needs (the runtime's own
    # archive without a trimmed one), then what Python needs once it runs; its head runs the script before
    # any stylesheet or script could hold it back
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert first_visit_downloads(page) == [["./pyodide/pyodide.asm.wasm", "./pyodide/python_stdlib.zip", "./main.py"],
                                           [boot["wheel"], boot["app"]]]
    assert page.index("navigator.serviceWorker.controller") < page.index("<link rel=\"stylesheet\"")
    bad = tmp_path / "bad.mjs"
    bad.write_text("export {};\n")
    with pytest.raises(site_boot.BootError):
        site_boot.write_boot_module(tmp_path, bad, boot)


def test_a_first_visits_progress_counts_the_large_downloads_by_their_gzipped_share(tmp_path: Path) -> None:
    """The page counts each large file's bytes as they arrive and weighs it by what a host that gzips sends:
    the wasm shrinks to a third, a zip not at all; main.py (PyScript fetches it) and a missing file are
    left out."""
    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    (runtime / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(200_000))
    archive = tmp_path / "stdlib.zip"
    archive.write_bytes(os.urandom(50_000))  # packed already: gzip cannot shrink it
    (tmp_path / "main.py").write_text("print()\n")
    order = [["./pyodide/pyodide.asm.wasm", "./stdlib.zip", "./main.py"], ["./wheels/missing.whl"]]
    sizes = site_boot.download_sizes(tmp_path, order)
    assert list(sizes) == ["./pyodide/pyodide.asm.wasm", "./stdlib.zip"]
    wasm, stdlib = sizes["./pyodide/pyodide.asm.wasm"], sizes["./stdlib.zip"]
    assert wasm[0] == 200_004 and wasm[1] < 2_000
    assert stdlib[0] == 50_000 and 50_000 <= stdlib[1] < 50_200
    page = site_boot.start_fetches(ROOT / "web" / "boot" / "start-fetches.js",
                                   {"stdlib": "./stdlib.zip"}, site_dir=tmp_path)
    assert json.loads(re.search(r"const START = (\{.*\});", page).group(1))["sizes"] == site_boot.download_sizes(
        tmp_path, first_visit_downloads(page))


def test_the_lock_handed_to_pyodide_names_no_package() -> None:
    """Pyodide checks the lock's info (ABI) but every wheel is loaded by URL: the 350 stock entries go."""
    runtime = ROOT / "node_modules" / "pyodide"
    if not (runtime / "pyodide-lock.json").is_file():
        pytest.skip("node_modules not installed")
    lock = site_boot.minimal_lock(runtime / "pyodide-lock.json")
    assert lock["packages"] == {} and lock["info"]["abi_version"]
    assert site_boot.site_packages(runtime).startswith("/lib/python3.")
    assert site_boot.cache_tag(runtime).startswith("cpython-3")


def test_pyscript_modules_are_those_the_vendored_core_writes(tmp_path: Path) -> None:
    package = tmp_path / "core"
    (package / "src" / "stdlib").mkdir(parents=True)
    (package / "src" / "stdlib" / "pyscript.js").write_text(
        'export default {"pyscript": {"__init__.py": "import sys\\nx = \'\u26a0\'", "web.py": "y = 1"}};\n',
        encoding="utf-8")
    vendored = tmp_path / "dist"
    vendored.mkdir()
    (vendored / "core-x.js").write_text('w({pyscript:{"__init__.py":"import sys\\nx = \'\u26a0\'"}})', encoding="utf-8")
    assert site_boot.pyscript_modules(package, vendored) == {"pyscript/__init__.py": "import sys\nx = '\u26a0'"}
    assert site_boot.pyscript_modules(tmp_path / "missing", vendored) == {}


def test_page_package_bundle_is_reproducible(tmp_path: Path) -> None:
    urls = []
    for name in ("a", "b"):
        package = tmp_path / name / "app"
        (package / "__pycache__").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "__pycache__" / "__init__.cpython-314.pyc").write_bytes(b"pyc")
        urls.append(site_boot.bundle_package(tmp_path / name, "app"))
        assert not package.exists()  # the page fetches the bundle, never the files one by one
    assert urls[0] == urls[1] and urls[0].startswith("./boot/") and urls[0].endswith("/app.zip")
    with zipfile.ZipFile(tmp_path / "a" / urls[0]) as archive:
        assert sorted(archive.namelist()) == ["app/__init__.py", "app/__pycache__/__init__.cpython-314.pyc"]
    package = tmp_path / "c" / "app"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    url = site_boot.bundle_package(tmp_path / "c", "app", {"pyscript/__pycache__/x.pyc": b"pyc"})
    with zipfile.ZipFile(tmp_path / "c" / url) as archive:
        assert archive.namelist() == ["app/__init__.py", "pyscript/__pycache__/x.pyc"]


def test_each_board_skeleton_says_what_it_shows() -> None:
    """The page keeps a skeleton as its preview only when players, language and layout match its box; of a
    game's drawings the one shows that the page would choose (the first whose media query matches)."""
    site_skeleton = load_script("site_skeleton")
    html = site_skeleton.markup({"toledo": [("wide", "", '<svg viewBox="0 0 1000 820"></svg>')],
                                 "torres": [("wide", "", '<svg viewBox="0 0 1000 600"></svg>'),
                                            ("tall", "(max-width: 700px)", '<svg viewBox="0 0 400 800"></svg>'),
                                            ("upright", "(orientation: portrait)", '<svg viewBox="0 0 760 892"></svg>')]})
    for game, layout in (("toledo", "wide"), ("torres", "wide"), ("torres", "tall"), ("torres", "upright")):
        assert (f'data-game="{game}" data-players="{site_skeleton.PLAYERS}" data-lang="{site_skeleton.LANG}" '
                f'data-layout="{layout}"') in html
    # the later rule wins: the first query's rule comes last
    assert html.index("@media (orientation: portrait)") < html.index("@media (max-width: 700px)")
    assert "@media" not in html[:html.index('[data-game="torres"]')]  # Toledo has no other drawing here
    # each drawing shown brings its shape, which sizes the page on a wide screen as the page itself does
    assert 'html[data-skeleton="toledo"] { --board-aspect: 1.2195; }' in html
    tall = html[html.index("@media (max-width: 700px)"):].split("@media")[1]
    assert 'html[data-skeleton="torres"] { --board-aspect: 0.5000; }' in tall
    # every game's skeleton is its page's own start-screen preview, drawn for what the box says (and in every
    # language, for the words the page puts in)
    assert (f"preview_svg({site_skeleton.PLAYERS}, lang, layout) for lang in {site_skeleton.LANGUAGES!r}"
            in site_skeleton.RUNNER)
    assert site_skeleton.LANG in site_skeleton.LANGUAGES
    assert 'id="skeleton-words"' not in html  # no words given: none written
    said = site_skeleton.markup({"torres": [("wide", "", '<svg viewBox="0 0 2 1"></svg>')]}, {"torres": {"wide": [[[0, ""]], {"en": ["</script>"]}]}})
    assert said.endswith('<script type="application/json" id="skeleton-words">'
                         '{"torres":{"wide":[[[0,""]],{"en":["<\\/script>"]}]}}</script>')


def test_the_build_draws_every_drawing_a_game_names_in_every_language() -> None:
    """Each game's board in every drawing its page names and every language; what the page is given of each
    language is exactly what turns the English drawing into it, and a game's drawings that say the same
    words share them."""
    import xml.etree.ElementTree as ET

    from toledo.core.page import page_of

    site_skeleton = load_script("site_skeleton")
    words = load_script("skeleton_words")
    canonical = lambda svg: ET.tostring(ET.fromstring(svg), encoding="unicode")  # noqa: E731
    shared = []
    for game in ("toledo", "torres"):
        drawn = site_skeleton.draw_all(ROOT, game)
        assert [(layout, query) for layout, query, _svgs in drawn] == [("wide", ""), *page_of(game).layouts]
        assert all(f'class="{game}-board layout-{layout}' in svg for layout, _q, svgs in drawn for svg in svgs.values())
        drawings = {layout: svgs for layout, _query, svgs in drawn}
        patches, warnings = words.patches({game: drawings}, "en")
        shared += [f"{game} {layout}" for layout, (_f, values) in patches[game].items() if isinstance(values, str)]
        assert warnings == []
        for layout, svgs in drawings.items():
            fields, values = patches[game][layout]
            values = patches[game][values][1] if isinstance(values, str) else values
            assert set(values) == set(site_skeleton.LANGUAGES) and fields
            for lang, svg in svgs.items():
                assert canonical(words.apply(svgs["en"], [tuple(f) for f in fields], values[lang])) == canonical(svg)
    assert "toledo tall" in shared  # the wide drawing's words, in other places


def test_board_skeletons_that_differ_in_more_than_words_stay_in_english() -> None:
    words = load_script("skeleton_words")
    base = '<svg xmlns="http://www.w3.org/2000/svg"><text x="1">Top row</text></svg>'
    fields, values = words.differences({"en": base, "de": base.replace("Top row", "Obere Reihe").replace('x="1"', 'x="2"')}, "en")
    assert fields == [(1, ""), (1, "x")] and values == {"en": ["Top row", "1"], "de": ["Obere Reihe", "2"]}
    more = base.replace("</svg>", "<text>mehr</text></svg>")
    patches, warnings = words.patches({"toledo": {"wide": {"en": base, "de": more}}}, "en")
    assert patches == {} and warnings == ["the toledo board's wide skeleton stays in en: the de drawing has other "
                                          "elements than the en one"]


def test_the_early_form_holds_no_more_rows_than_the_store_keeps_games() -> None:
    from toledo.core.store import MAX_SAVED_GAMES

    script = (ROOT / "web" / "boot" / "early-start.js").read_text(encoding="utf-8")
    assert f"const MAX_SAVED_GAMES = {MAX_SAVED_GAMES};" in script


def test_the_snapshot_reads_every_catalogue_before_it_is_taken() -> None:
    from toledo.core import i18n

    i18n.catalogue.cache_clear()
    exec(site_boot.SNAPSHOT_PREPARE, {})
    assert i18n.catalogue.cache_info().currsize == len(i18n.all_domains()) * len(i18n.LANGUAGES)
    # the platform's and the two games' (the tests' own games, registered here, add theirs)
    assert {"shell", "tutorial", "toledo", "tutorial_toledo", "torres", "tutorial_torres"} <= set(i18n.all_domains())


def test_the_engine_modules_a_start_imports_are_found_and_shipped_compiled(tmp_path: Path) -> None:
    """What the page's sources import when imported, through the package (relative imports too), is
    compiled into the page's copy of the wheel; what runs only in functions or for type checkers is not."""
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("pkg/__init__.py", "")
        archive.writestr("pkg/core/__init__.py", "from . import rules\n")
        archive.writestr("pkg/core/rules.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                              "    from pkg import typed\ndef f():\n    import pkg.later\n")
        archive.writestr("pkg/view.py", "from .core.rules import f\n")
        for name in ("typed", "later", "unused"):
            archive.writestr(f"pkg/{name}.py", "")
        archive.writestr("pkg-1.0.dist-info/METADATA", "Name: pkg\n")
    page = tmp_path / "main.py"
    page.write_text("import json\nfrom pkg import view\n", encoding="utf-8")
    assert site_boot.started_modules(wheel, "pkg", [page]) == {
        "pkg/__init__.py": "pkg", "pkg/view.py": "pkg.view", "pkg/core/__init__.py": "pkg.core",
        "pkg/core/rules.py": "pkg.core.rules"}
    work = tmp_path / "work"
    plan = site_boot.engine_compile_plan(wheel, "pkg", [page], work, "cpython-314", "/lib/site-packages")
    assert plan[work / "pkg/view.py"] == (work / "pkg/__pycache__/view.cpython-314.pyc", "/lib/site-packages/pkg/view.py")
    out = tmp_path / "out"
    out.mkdir()
    assert site_boot.with_compiled(wheel, plan, work, out) == wheel  # nothing compiled (no node): the wheel as it is
    for pyc, _ in plan.values():
        pyc.write_bytes(b"compiled")
    shipped = site_boot.with_compiled(wheel, plan, work, out)
    assert shipped == out / wheel.name
    with zipfile.ZipFile(wheel) as original, zipfile.ZipFile(shipped) as copy:
        compiled = {"pkg/__init__.py", "pkg/view.py", "pkg/core/__init__.py", "pkg/core/rules.py"}
        assert set(copy.namelist()) == set(original.namelist()) - compiled | {name + "c" for name in compiled}
        assert copy.read("pkg/view.pyc") == b"compiled"
        assert copy.read("pkg/later.py") == original.read("pkg/later.py")  # not imported at start: its source
    # a long description (the README) is no download of the page's: the headers stay
    described = tmp_path / "described" / wheel.name
    described.parent.mkdir()
    with zipfile.ZipFile(wheel) as original, zipfile.ZipFile(described, "w") as copy:
        for name in original.namelist():
            copy.writestr(name, original.read(name) + (b"Version: 1.0\n\n# pkg\n\nA long README.\n" if name.endswith("METADATA") else b""))
    for pyc, _ in plan.values():
        pyc.unlink()
    shipped = site_boot.with_compiled(described, plan, work, out)
    with zipfile.ZipFile(shipped) as copy:
        assert copy.read("pkg-1.0.dist-info/METADATA") == b"Name: pkg\nVersion: 1.0\n"
        assert copy.read("pkg/view.py") == b"from .core.rules import f\n"
