#!/usr/bin/env python3
"""Build the offline static site in site/ (stdlib only, so it runs before any venv exists).

Steps: build the toledo wheel, fetch the pinned browser wheels into .cache/wheels (only when
missing), make sure node_modules matches package-lock.json, then assemble site/:

    site/index.html, site/main.py, site/static/**   from web/ (and web/manifest.webmanifest)
    site/boot/pyodide-boot.mjs, site/boot/<hash>/snapshot.bin
                                                    the interpreter PyScript loads: Pyodide restored from
                                                    a memory snapshot made here in node with the engine
                                                    imported (scripts/site_boot.py), which also unpacks
                                                    the toledo wheel
    site/app/*.py                                   the page's modules (web/app/), which main.py imports
    site/config.json                                PyScript config (generated, relative URLs): the boot
                                                    module as interpreter, no packages (the game starts
                                                    without pydantic), and under "files" the page's
                                                    modules, which PyScript copies into Pyodide's file
                                                    system before main.py runs
    site/lazy-packages.json                         the pydantic wheels, which the page loads after it is
                                                    ready (saves, files and links are validated with them)
    site/sw.js                                      web/sw.js with this build's precache list and hash
    site/pyodide/                                   Pyodide runtime from npm
    site/pyscript/                                  @pyscript/core dist/ without .map files
    site/wheels/<sha256[:16]>/<wheel file>          every wheel, under a content-hash folder

The hash lives in a folder, not in the file name, because Pyodide derives the package name
from the URL's last path segment (it must end in ".whl"; a "?v=" query breaks that), and a
changed wheel then always gets a new URL, so no cache anywhere can serve stale code.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts' shared parser, also when loaded by path
from one_line_args import OneLineParser  # noqa: E402
import import_order  # noqa: E402
import site_boot  # noqa: E402
import site_skeleton  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WEB_DIR = ROOT / "web"
SITE_DIR = ROOT / "site"
CACHE_WHEELS_DIR = ROOT / ".cache" / "wheels"
NODE_MODULES = ROOT / "node_modules"
BROWSER_REQUIREMENTS = ROOT / "requirements-browser.txt"

# Pyodide 314.0.7 runs CPython 3.14 on this emscripten platform (its wheels' tag).
BROWSER_PYTHON_VERSION = "3.14"
BROWSER_PLATFORM = "pyemscripten_2026_0_wasm32"
# Packages with compiled code need the wasm wheel; everything else is pure Python.
BINARY_PACKAGES = frozenset({"pydantic-core"})

# Runtime files the page fetches; the npm package also has node-only and debug files we skip.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",  # only for static/bare.html (the load benchmark's yardstick): the game's boot
)                         # module hands Pyodide a lock file naming no package, so it is not precached
NPM_PACKAGES = ("pyodide", "@pyscript/core")
# The PyScript chunks a page loads: static imports (`from"./x.js"`, `import"./x.js"`; a dynamic `import(`
# has a paren) and the plugin table (`name:()=>import("./x.js")`), which PyScript imports at start for
# each interpreter type (a config's "!name" switches a plugin off for "py" only, never for "mpy"). What
# the plugins import dynamically (the editor's CodeMirror, the terminal's xterm: ~1 MB) only loads when a
# page uses them, so the site does not ship it.
JS_STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([^"]+\.js)"')
PYSCRIPT_PLUGIN = re.compile(r'"?([\w-]+)"?:\(\)=>import\("\./([^"]+\.js)"\)')
# Site files the game page never requests, kept out of the service worker's precache: the load benchmark's
# bare page and the stock lock file it and the AI benchmark's page read; the web app manifest and its icons
# (the browser reads them when the site is installed, and keeps its own copy then). A "/" ends a folder.
# The runtime's own standard library archive is the bare page's too: the game's page loads the trimmed one
# the build makes (site_boot.py; a copy of this one when node is missing).
NOT_FOR_THE_PAGE = ("static/bare.html", "pyodide/pyodide-lock.json", "pyodide/python_stdlib.zip",
                    "manifest.webmanifest", "static/icons/")

# Same pattern Pyodide's loader applies to package URLs (uriToPackageData in pyodide.asm.mjs).
PYODIDE_WHEEL_URL = re.compile(r"^.*?([^/]*)\.whl$")
PIN_LINE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.!+_-]+)$")
HASH_PREFIX_LEN = 16
# Fixed zip timestamps make the toledo wheel byte-identical for identical sources, so its
# content-hash URL only changes when the code does (and browsers keep their cache otherwise).
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest date a zip file can hold

# The service worker: web/sw.js holds one `const BUILD = {...};` line that the build replaces with
# the list of every site file and a hash of their contents. A new hash changes sw.js itself, which
# is how browsers notice a new build and replace the offline cache.
SERVICE_WORKER = "sw.js"
SW_BUILD_LINE = re.compile(r"^const BUILD = .*;(?P<comment>[ \t]*//.*)?$", re.MULTILINE)
OPTIONAL_WEB_FILES = ("manifest.webmanifest",)
# The page's own Python package (web/app/): shipped as plain files next to main.py, not in a wheel,
# because it is the front end, not the engine; PyScript's "files" puts it where `import app` finds it.
WEB_PACKAGE = "app"
# Wheels the page loads itself once it is interactive (pyodide.loadPackage), not at boot: unpacking
# pydantic would add ~1 s to every start, and only saving/loading/sharing games needs it.
LAZY_PACKAGES_FILE = "lazy-packages.json"


class BuildError(RuntimeError):
    """A build step failed in a way the user has to fix (message says how)."""


def canonical_name(name: str) -> str:
    """PEP 503 name normalisation: 'Typing_Extensions' -> 'typing-extensions'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_pins(path: Path) -> list[tuple[str, str]]:
    """Return (canonical name, version) for each `name==version` line; refuse anything looser.

    Loose specifiers are refused because the browser gets exactly these files and nothing
    resolves dependencies there.
    """
    pins: list[tuple[str, str]] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = PIN_LINE.match(line)
        if match is None:
            raise BuildError(f"{path.name}:{number}: expected an exact pin 'name==version', got {line!r}")
        pins.append((canonical_name(match.group(1)), match.group(2)))
    return pins


def wheel_name_version(wheel: Path) -> tuple[str, str]:
    """(canonical distribution name, version) from a wheel file name."""
    parts = wheel.name[: -len(".whl")].split("-")
    if not wheel.name.endswith(".whl") or len(parts) not in (5, 6):
        raise BuildError(f"not a wheel file name: {wheel.name}")
    return canonical_name(parts[0]), parts[1]


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def run(cmd: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command, echoing it; a failure becomes a BuildError with the command line."""
    print("+ " + " ".join(cmd), flush=True)
    result = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        raise BuildError(f"command failed (exit {result.returncode}): {' '.join(cmd)}")


def build_toledo_wheel(out_dir: Path) -> Path:
    """Build the toledo wheel from a private copy of the working tree into out_dir and return its path.

    A copy, because setuptools keeps build/ and *.egg-info/ in the source tree: a module deleted from
    toledo/ would silently stay in a reused build/lib, and two builds running at once in this checkout
    would empty each other's build/ midway."""
    source = out_dir / "source"
    source.mkdir(parents=True)
    for name in ("pyproject.toml", "setup.py", "README.md"):  # setup.py compiles the catalogues
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "toledo", source / "toledo", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONDONTWRITEBYTECODE="1")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out_dir), str(source)], env=env)
    wheels = sorted(out_dir.glob("toledo-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one toledo wheel in {out_dir}, found {[w.name for w in wheels]}")
    return wheels[0]


def modules_missing_from_wheel(wheel: Path, package_dir: Path) -> list[str]:
    """Source modules under package_dir that the wheel lacks (e.g. a subpackage that
    pyproject's explicit `packages` list does not name): the browser would fail to import them."""
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    base = package_dir.parent
    sources = sorted(p.relative_to(base).as_posix() for p in package_dir.rglob("*.py")
                     if "__pycache__" not in p.parts)
    return [name for name in sources if name not in shipped]


def find_cached_wheel(cache_dir: Path, name: str, version: str) -> Path | None:
    """The cached wheel for name==version, if one was downloaded before."""
    for wheel in sorted(cache_dir.glob("*.whl")):
        if wheel_name_version(wheel) == (name, version):
            return wheel
    return None


def download_command(name: str, version: str, dest: Path) -> list[str]:
    """pip download command for one browser wheel (wasm platform tags for compiled ones)."""
    cmd = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
        "--python-version", BROWSER_PYTHON_VERSION, "-q", "-d", str(dest),
    ]
    if name in BINARY_PACKAGES:
        cmd += ["--platform", BROWSER_PLATFORM, "--implementation", "cp"]
    return cmd + [f"{name}=={version}"]


def fetch_browser_wheels(pins: list[tuple[str, str]], cache_dir: Path = CACHE_WHEELS_DIR) -> list[Path]:
    """Return the cached wheel for every pin, downloading only the missing ones."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    wheels: list[Path] = []
    for name, version in pins:
        wheel = find_cached_wheel(cache_dir, name, version)
        if wheel is None:
            run(download_command(name, version, cache_dir))
            wheel = find_cached_wheel(cache_dir, name, version)
            if wheel is None:
                raise BuildError(f"pip download did not produce a wheel for {name}=={version}")
        wheels.append(wheel)
    return wheels


def locked_npm_versions(root: Path = ROOT) -> dict[str, str]:
    """Versions package-lock.json promises for the packages the site copies."""
    lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
    return {name: lock["packages"][f"node_modules/{name}"]["version"] for name in NPM_PACKAGES}


def installed_npm_versions(node_modules: Path = NODE_MODULES) -> dict[str, str | None]:
    versions: dict[str, str | None] = {}
    for name in NPM_PACKAGES:
        manifest = node_modules / name / "package.json"
        versions[name] = json.loads(manifest.read_text(encoding="utf-8"))["version"] if manifest.exists() else None
    return versions


def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules is missing or does not match package-lock.json."""
    if installed_npm_versions() == locked_npm_versions():
        return
    if shutil.which("npm") is None:
        raise BuildError("npm not found: install Node.js (e.g. apt-get install -y npm)")
    run(["npm", "ci", "--no-audit", "--no-fund"])
    if installed_npm_versions() != locked_npm_versions():
        raise BuildError("node_modules still differs from package-lock.json after npm ci")


def wheel_url(wheel: Path, digest: str) -> str:
    """Relative URL (from site/config.json) of a wheel stored under its content-hash folder."""
    return f"./wheels/{digest[:HASH_PREFIX_LEN]}/{wheel.name}"


def install_wheels(wheels: list[Path], site_dir: Path) -> list[str]:
    """Copy wheels into site_dir/wheels/<hash>/ and return their relative URLs, in order."""
    urls: list[str] = []
    for wheel in wheels:
        url = wheel_url(wheel, sha256_file(wheel))
        target = site_dir / url
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(wheel, target)
        urls.append(url)
    return urls


def make_config(wheel_urls: list[str], modules: list[str] | None = None) -> dict[str, Any]:
    """PyScript config that never leaves the site (each key's comment says what it keeps local); `modules` are the
    page's Python files (paths relative to the site), fetched into Pyodide's file system at the same
    relative path, so `import app.shell` works from main.py."""
    for url in wheel_urls:
        if not url.startswith("./") or "://" in url or PYODIDE_WHEEL_URL.match(url) is None:
            raise BuildError(f"wheel URL must be relative and end in .whl: {url}")
    config: dict[str, Any] = {
        # Local runtime (Pyodide restored from the build's snapshot, see site_boot.py); without this key
        # PyScript fetches Pyodide from a public CDN.
        "interpreter": f"./{site_boot.BOOT_MODULE}",
        # Hand wheel URLs straight to Pyodide's loader; micropip is never loaded.
        "packages_cache": "passthrough",
        # If micropip ever runs anyway, fail closed instead of asking an index.
        "index_urls": [],
    }
    if wheel_urls:
        config["packages"] = list(wheel_urls)
    if modules:
        for path in modules:
            if path.startswith(("/", ".")) or "://" in path or ".." in path.split("/") or not path.endswith(".py"):
                raise BuildError(f"a page module must be a relative .py path inside the site: {path}")
        config["files"] = {f"./{path}": f"./{path}" for path in modules}
    return config


def web_modules(site_dir: Path) -> list[str]:
    """The page's Python modules in the site (site/app/**.py), as paths relative to the site, sorted."""
    package = site_dir / WEB_PACKAGE
    if not package.is_dir():
        return []
    return sorted(p.relative_to(site_dir).as_posix() for p in package.rglob("*.py") if "__pycache__" not in p.parts)


def copy_web(web_dir: Path, site_dir: Path) -> None:
    """Copy the hand-written front end (index.html, main.py, app/**, static/**)."""
    for name in ("index.html", "main.py"):
        source = web_dir / name
        if not source.is_file():
            raise BuildError(f"missing {source}")
        shutil.copy2(source, site_dir / name)
    for name in OPTIONAL_WEB_FILES:
        if (web_dir / name).is_file():
            shutil.copy2(web_dir / name, site_dir / name)
    for folder in ("static", site_boot.BOOT_DIR):
        if (web_dir / folder).is_dir():
            shutil.copytree(web_dir / folder, site_dir / folder, dirs_exist_ok=True)
    if (web_dir / WEB_PACKAGE).is_dir():  # sources only: no caches a local run of the tests left behind
        shutil.copytree(web_dir / WEB_PACKAGE, site_dir / WEB_PACKAGE, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def pyscript_files(dist: Path) -> list[str]:
    """The files of PyScript's dist/ the page loads: core.js and every chunk it reaches by static imports
    or through the plugin table, sorted."""
    reached: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        source = (dist / name).read_text(encoding="utf-8")
        reached.add(name)
        todo += JS_STATIC_IMPORT.findall(source)
        todo += [chunk for _plugin, chunk in PYSCRIPT_PLUGIN.findall(source)]
    return sorted(reached)


def copy_runtime(node_modules: Path, site_dir: Path) -> None:
    """Pyodide runtime files, and the part of PyScript's dist/ the page loads (pyscript_files)."""
    (site_dir / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(node_modules / "pyodide" / name, site_dir / "pyodide" / name)
    dist = node_modules / "@pyscript" / "core" / "dist"
    (site_dir / "pyscript").mkdir(parents=True, exist_ok=True)
    for name in pyscript_files(dist):
        shutil.copy2(dist / name, site_dir / "pyscript" / name)


def precache_files(site_dir: Path) -> list[str]:
    """The files the game page loads, as URLs relative to the site, sorted: every file of the site (which
    holds only what the page loads, see copy_runtime and site_boot) but the benchmarks' NOT_FOR_THE_PAGE
    and sw.js itself (a service worker never caches its own script: the browser checks it for updates).
    e2e/test_offline.py checks this list against what the page really requests."""
    return sorted(name for p in site_dir.rglob("*") if p.is_file()
                  and (name := p.relative_to(site_dir).as_posix()) != SERVICE_WORKER and not for_the_page_not(name))


def for_the_page_not(name: str) -> bool:
    """True for a site file listed in NOT_FOR_THE_PAGE (by name, or under a listed folder)."""
    return any(name == entry or (entry.endswith("/") and name.startswith(entry)) for entry in NOT_FOR_THE_PAGE)


def build_version(site_dir: Path, files: list[str]) -> str:
    """A short hash of the files' names and contents: equal sites, equal versions."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(f"{name}\0{sha256_file(site_dir / name)}\n".encode())
    return digest.hexdigest()[:HASH_PREFIX_LEN]


def write_service_worker(site_dir: Path, template: Path) -> dict[str, Any]:
    """Write site/sw.js from the template with this build's precache list; return that list."""
    if not template.is_file():
        raise BuildError(f"missing {template}")
    files = precache_files(site_dir)
    build = {"version": build_version(site_dir, files), "files": files}
    source = template.read_text(encoding="utf-8")
    line = f"const BUILD = {json.dumps(build, separators=(',', ':'))};"
    text, count = SW_BUILD_LINE.subn(lambda _: line, source)
    if count != 1:
        raise BuildError(f"{template} must hold exactly one line 'const BUILD = ...;' (found {count})")
    (site_dir / SERVICE_WORKER).write_text(text, encoding="utf-8")
    return build


# What the page imports after start-up, each in slices (web/app/import_slices.py): the saves' modules,
# which import pydantic, and each game's page code.
SAVES_MODULES = ("toledo.core.autosave", "toledo.core.share")


def lazy_packages(wheel_urls: list[str], imports: dict[str, list[str]]) -> dict[str, Any]:
    """The document main.py reads to load the wheels it needs later (URLs relative to the site), and the
    order in which to import what comes later: "saves", and each game by name."""
    make_config(wheel_urls)  # the same checks: relative, ending in .whl
    return {"packages": list(wheel_urls), "imports": {name: list(names) for name, names in imports.items()}}


def lazy_sources(wheels: list[Path], folder: Path, tag: str, site_packages: str) -> dict[Path, dict[Path, tuple[Path, str]]]:
    """Each later wheel's Python files, unpacked into `folder` to be compiled with the page's modules:
    {wheel: {source: (.pyc to write, its path once installed)}}. The browser compiles none of them then
    (compiling is most of importing pydantic there)."""
    found: dict[Path, dict[Path, tuple[Path, str]]] = {}
    for wheel in wheels:
        found[wheel] = {}
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if not name.endswith(".py"):
                    continue
                source = folder / wheel.stem / name
                source.parent.mkdir(parents=True, exist_ok=True)
                source.write_bytes(archive.read(name))
                pyc = source.parent / "__pycache__" / f"{source.stem}.{tag}.pyc"
                pyc.parent.mkdir(parents=True, exist_ok=True)
                found[wheel][source] = (pyc, f"{site_packages}/{name}")
    return found


def page_imports(web_dir: Path) -> dict[str, list[str]]:
    """What choosing each game imports: its page parts, and its own controller when it has one."""
    return {game: [f"{module}.page", *([f"{WEB_PACKAGE}.games.{game}"]
                                       if (web_dir / WEB_PACKAGE / "games" / f"{game}.py").is_file() else [])]
            for game, module in site_skeleton.game_modules(ROOT).items()}


def later_imports(web_dir: Path) -> dict[str, list[str]]:
    """The import orders lazy-packages.json carries (see import_order.py), taken natively."""
    try:
        found = {"saves": import_order.order(SAVES_MODULES, [ROOT])}
        for game, modules in page_imports(web_dir).items():
            found[game] = import_order.order(modules, [web_dir, ROOT])
    except RuntimeError as error:
        raise BuildError(str(error)) from error
    return found


def assemble_site(site_dir: Path, engine: Path, web_dir: Path = WEB_DIR,
                  node_modules: Path = NODE_MODULES, lazy_wheels: list[Path] | None = None,
                  snapshot: bool = True) -> dict[str, Any]:
    """Recreate site_dir from scratch and return the config written to config.json; the `engine` wheel
    is unpacked by the boot module (into the snapshot too, when node is there and `snapshot` is on);
    `lazy_wheels` go to lazy-packages.json for the page to load once it is ready."""
    shutil.rmtree(site_dir, ignore_errors=True)
    site_dir.mkdir(parents=True)
    copy_web(web_dir, site_dir)
    for warning in [*site_skeleton.insert_styles(site_dir / "index.html", ROOT, site_dir),
                    *site_skeleton.insert(site_dir / "index.html", ROOT),
                    *site_skeleton.insert_early(site_dir / "index.html", ROOT, web_dir)]:
        print(f"build_site: warning: {warning}", file=sys.stderr)
    copy_runtime(node_modules, site_dir)
    runtime = node_modules / "pyodide"
    made = None
    extra: dict[str, bytes] = {}  # PyScript's modules compiled: it writes their sources at every start
    # node compiles the page's modules and trims the standard library for every build; `snapshot` only
    # decides whether it also makes the memory snapshot.
    tag = site_boot.cache_tag(runtime)
    compiled = {site_dir / name: (site_dir / Path(name).parent / "__pycache__" / f"{Path(name).stem}.{tag}.pyc", name)
                for name in web_modules(site_dir)}
    for target, _ in compiled.values():
        target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as work, \
            tempfile.TemporaryDirectory() as lazy_tmp:
        # the engine's modules a start imports, compiled into the wheel the page gets
        engine_plan = site_boot.engine_compile_plan(engine, "toledo", [web_dir / "main.py", *sorted(
            (web_dir / WEB_PACKAGE).rglob("*.py"))], Path(work), tag, site_boot.site_packages(runtime))
        # the later wheels' modules, compiled by the page's own Python too
        lazy_compiled = lazy_sources(lazy_wheels or [], Path(lazy_tmp), tag, site_boot.site_packages(runtime))
        library = {source: out for sources in lazy_compiled.values() for source, out in sources.items()}
        checked = {}
        for name, source in site_boot.pyscript_modules(node_modules / "@pyscript" / "core",
                                                       site_dir / "pyscript").items():
            (Path(tmp) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / name).write_text(source, encoding="utf-8")
            pyc = f"{Path(name).parent.as_posix()}/__pycache__/{Path(name).stem}.{tag}.pyc"
            checked[Path(tmp) / name] = (Path(tmp) / pyc, name)
            (Path(tmp) / pyc).parent.mkdir(parents=True, exist_ok=True)
        try:
            made = site_boot.make_snapshot(
                site_dir, engine, ROOT / "scripts" / "make_snapshot.mjs", runtime_dir=runtime,
                compile_sources=compiled | engine_plan, checked_sources=checked, library_sources=library,
                snapshot=snapshot,
                trim_sources=[web_dir / "main.py", site_dir / WEB_PACKAGE, Path(tmp), *(lazy_wheels or []),
                              *sorted((site_dir / "pyscript").glob("*.js")),
                              *(runtime / name for name in ("pyodide.mjs", "pyodide.asm.mjs"))])
        except site_boot.BootError as error:
            raise BuildError(str(error)) from error
        extra = {out.relative_to(tmp).as_posix(): out.read_bytes() for out, _ in checked.values()
                 if out.is_file()}
        (engine_url,) = install_wheels([site_boot.with_compiled(engine, engine_plan, Path(work), Path(tmp))], site_dir)
        (Path(lazy_tmp) / "wheels").mkdir()  # the later wheels with their compiled files (the page unpacks them)
        later_wheels = [site_boot.with_compiled(wheel, lazy_compiled[wheel], Path(lazy_tmp) / wheel.stem,
                                                Path(lazy_tmp) / "wheels") for wheel in lazy_wheels or []]
        later = lazy_packages(install_wheels(later_wheels, site_dir), later_imports(web_dir))
        (site_dir / LAZY_PACKAGES_FILE).write_text(json.dumps(later, indent=2) + "\n", encoding="utf-8")
    if made is None:  # no node: the page loads the runtime's whole archive (from boot/, see NOT_FOR_THE_PAGE)
        copy = site_dir / "stdlib.tmp"
        shutil.copy2(runtime / site_boot.STDLIB_NAME, copy)
        made = {"url": None, "stdlib_url": site_boot.store(site_dir, copy, site_boot.STDLIB_NAME), "bytes": 0}
    modules = web_modules(site_dir)
    for name in modules:  # each of the page's modules node compiled ships as its .pyc alone (with_compiled)
        pyc = compiled[site_dir / name][0]
        if pyc.is_file():
            pyc.replace(site_dir / site_boot.sourceless(name))
            (site_dir / name).unlink()
    app_url = site_boot.bundle_package(site_dir, WEB_PACKAGE, extra)
    site_boot.write_boot_module(site_dir, web_dir / site_boot.BOOT_MODULE,
                                site_boot.boot_settings(runtime, engine_url, app_url, made))
    config = make_config([])
    (site_dir / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    write_service_worker(site_dir, web_dir / SERVICE_WORKER)  # last: it lists every other file
    config["engine"] = engine_url
    config["app"] = (app_url, modules)
    config["snapshot"] = made
    return config


def summary(site_dir: Path, config: dict[str, Any], seconds: float) -> str:
    files = [p for p in site_dir.rglob("*") if p.is_file()]
    size_mb = sum(p.stat().st_size for p in files) / 1e6
    lines = [f"built {site_dir.relative_to(ROOT) if site_dir.is_relative_to(ROOT) else site_dir}/: "
             f"{len(files)} files, {size_mb:.1f} MB in {seconds:.1f} s"]
    lines.append(f"  wheel {config['engine']} (unpacked by {site_boot.BOOT_MODULE})")
    made = config.get("snapshot")
    if made and made.get("trimmed"):
        trimmed = made["trimmed"]
        lines.append(f"  stdlib {made['stdlib_url']}: {trimmed['modules']} of {trimmed['of']} modules, "
                     f"{trimmed['bytes'] / 1e6:.2f} MB")
    lines.append(f"  snapshot {made['url']}: {made['bytes'] / 1e6:.1f} MB, {made['modules']} modules imported, "
                 f"made in {made['seconds']:.1f} s" if made and made["url"] else
                 "  snapshot: none (--no-snapshot, or no node): Python always starts the usual way")
    if config.get("app"):
        lines.append(f"  page  {len(config['app'][1])} modules of {WEB_PACKAGE}/ in {config['app'][0]} "
                     "(unpacked by the boot module)")
    later = site_dir / LAZY_PACKAGES_FILE
    if later.is_file():
        lines += [f"  later {url}" for url in json.loads(later.read_text(encoding="utf-8"))["packages"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="build_site.py", description="Build the offline static site.")
    parser.add_argument("--out", type=Path, default=SITE_DIR, help="output folder (default: site/)")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="no memory snapshot: the page starts Python from scratch (slower; for comparison)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as own:
        try:
            run([sys.executable, str(ROOT / "scripts" / "compile_catalogues.py"), "--force"])  # the wheel ships the .mo
            toledo_wheel = build_toledo_wheel(Path(own))
            browser_wheels = fetch_browser_wheels(read_pins(BROWSER_REQUIREMENTS))
            ensure_node_modules()
            # The game boots with its own wheel; pydantic and its dependencies are loaded after start-up.
            config = assemble_site(args.out.resolve(), toledo_wheel, lazy_wheels=browser_wheels,
                                   snapshot=not args.no_snapshot)
        except BuildError as error:
            print(f"build_site: error: {error}", file=sys.stderr)
            return 1
        missing = modules_missing_from_wheel(toledo_wheel, ROOT / "toledo")
    print(summary(args.out.resolve(), config, time.monotonic() - started))
    if missing:
        # A warning, not a failure: pyproject.toml belongs to the engine and may be mid-edit.
        print(f"build_site: warning: {toledo_wheel.name} lacks {', '.join(missing)} "
              "(list every subpackage in pyproject [tool.setuptools])", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
