"""The site's fast start (a step of build_site.py, stdlib only): a memory snapshot of Pyodide with the
engine imported, made in node at build time, and the boot module that restores it in the page.

    site/boot/pyodide-boot.mjs         web/boot/pyodide-boot.mjs with this build's BOOT line: the
                                       snapshot's and the engine wheel's URLs, site-packages, a lock
                                       file naming no package (every wheel is loaded by its URL)
    site/boot/<sha256[:16]>/snapshot.bin  the interpreter's memory (content-hash folder, like the wheels)
    site/boot/<sha256[:16]>/python_stdlib.zip  the standard library the page can import, trimmed to the
                                       modules the engine, the page, PyScript, Pyodide and pydantic
                                       import (the runtime's own archive holds 614 sources); what a
                                       start imports compiled (no docstrings or asserts), the rest as
                                       sources
    site/boot/<sha256[:16]>/app.zip    the page's modules (web/app/) as .pyc files compiled by the
                                       browser's Python, in their sources' place, and .pyc files of
                                       PyScript's own modules (pyscript/__pycache__/: PyScript writes their
                                       sources), unpacked by the boot module next to main.py

The page starts Python the usual way on a first visit (from the trimmed archive) and restores the snapshot
only once the service worker has put it into Cache Storage. Without node the build still works:
BOOT.snapshot and BOOT.stdlib stay null and the page always starts Python from the runtime's own archive.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

BOOT_DIR = "boot"
BOOT_MODULE = f"{BOOT_DIR}/pyodide-boot.mjs"
SNAPSHOT_NAME = "snapshot.bin"
BOOT_LINE = re.compile(r"^const BOOT = .*;(?P<comment>[ \t]*//.*)?$", re.MULTILINE)
HASH_PREFIX_LEN = 16
# Standard modules the page's own code and PyScript import at start; imported into the snapshot so the
# page never compiles them. (Missing one costs a little time, never correctness.)
SNAPSHOT_STDLIB = (
    "asyncio", "base64", "collections", "contextlib", "dataclasses", "datetime", "enum", "functools",
    "gettext", "hashlib", "html", "importlib.metadata", "importlib.util", "inspect", "itertools", "json",
    "math", "random", "re", "shutil", "string", "textwrap", "time", "traceback", "typing", "urllib.parse",
    "uuid", "warnings", "weakref", "zipfile", "zlib", "pyodide.ffi", "pyodide.http", "pyodide.code",
    "pyodide.webloop",
)
STDLIB_NAME = "python_stdlib.zip"
# Standard modules no source names but the interpreter or Pyodide loads: start-up (site, sysconfig and its
# data, the codecs a zip file, the file system and the page's text use), the byte-code helpers tracebacks use.
TRIM_SEEDS = (
    "site", "sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten", "__future__", "_sitebuiltins",
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.latin_1",
    "encodings.ascii", "encodings.cp437", "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be",
    "encodings.utf_32", "encodings.idna", "encodings.punycode", "encodings.raw_unicode_escape",
    "encodings.unicode_escape", "encodings.hex_codec", "encodings.base64_codec", "linecache", "tokenize",
    "pkgutil",  # the snapshot's own walk over the engine's modules
)
# Taken whole: Pyodide's own Python (its loader calls into it by name from JavaScript).
TRIM_PACKAGES = ("_pyodide", "pyodide")
# Engine modules the page never imports at start: the command line and the native benchmarks.
SNAPSHOT_SKIP = ("toledo.cli", "toledo.games.torres.bench")
# Run before the snapshot is taken: every gettext catalogue read and parsed once (~10 ms per language in
# the page), so the page's first words come from memory.
SNAPSHOT_PREPARE = ("from toledo.core import i18n\n"
                    "for domain in i18n.all_domains():\n"
                    "    for language in i18n.LANGUAGES:\n"
                    "        i18n.catalogue(domain, language)\n")


class BootError(RuntimeError):
    """The snapshot step failed (message says how)."""


def minimal_lock(runtime_lock: Path) -> dict[str, Any]:
    """Pyodide's lock file with no packages: the runtime checks its "info" and the page loads every
    wheel by its URL, so the stock list of 350 packages is never needed."""
    info = json.loads(runtime_lock.read_text(encoding="utf-8"))["info"]
    return {"info": info, "packages": {}}


def make_snapshot(site_dir: Path, wheel: Path, script: Path, runtime_dir: Path,
                  compile_sources: dict[Path, tuple[Path, str]] | None = None,
                  node: str | None = None, checked_sources: dict[Path, tuple[Path, str]] | None = None,
                  library_sources: dict[Path, tuple[Path, str]] | None = None,
                  trim_sources: list[Path] | None = None, snapshot: bool = True) -> dict[str, Any] | None:
    """Run make_snapshot.mjs on the runtime the site copies (runtime_dir: npm's pyodide/, whose build id
    the snapshot records and the page checks); store the snapshot (unless `snapshot` is off) and the
    trimmed standard library in site_dir under their content hashes and return {"url" (None without a
    snapshot), "stdlib_url", "trimmed", "bytes", "modules", "skipped", "seconds"}, or None when node is missing.
    `compile_sources`: {source: (.pyc to write, name in tracebacks)}, the project's own modules, compiled by
    the same Python without their docstrings; `library_sources` likewise, other packages' modules, with
    them (a library may read its own); `checked_sources` likewise, into .pyc files that Python checks
    against the source's hash;
    `trim_sources`: what the trimmed archive must serve (.py files, folders, wheels, JavaScript)."""
    node = node or shutil.which("node")
    if node is None:
        return None
    compile_plan = {str(src): [str(out), name, mode] for mode, sources in
                    (("own", compile_sources), ("library", library_sources), ("checked", checked_sources))
                    for src, (out, name) in (sources or {}).items()}
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / STDLIB_NAME
        plan = {"stdlib": list(SNAPSHOT_STDLIB), "package": "toledo", "skip": list(SNAPSHOT_SKIP),
                "prepare": SNAPSHOT_PREPARE, "compile": compile_plan, "snapshot": snapshot,
                "trim": {"out": str(archive), "sources": [str(p) for p in [wheel, *(trim_sources or [])]],
                         "seeds": [*TRIM_SEEDS, *SNAPSHOT_STDLIB], "packages": list(TRIM_PACKAGES),
                         "compileStarted": True,
                         "skip": [name.replace(".", "/") for name in SNAPSHOT_SKIP]}}
        plan_file = Path(tmp) / "plan.json"
        plan_file.write_text(json.dumps(plan), encoding="utf-8")
        out = Path(tmp) / SNAPSHOT_NAME
        result = subprocess.run([node, str(script), str(runtime_dir) + "/", str(wheel), str(out),
                                 str(plan_file)], capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if result.returncode != 0 or (snapshot and not out.is_file()) or not archive.is_file():
            # the last lines that say something (node also prints the minified runtime's whole first line)
            said = [line for line in (result.stderr + result.stdout).strip().splitlines() if 0 < len(line) < 400]
            raise BootError("snapshot failed: " + " | ".join(said[-8:]))
        report = json.loads(result.stdout.strip().splitlines()[-1])
        url = store(site_dir, out, SNAPSHOT_NAME) if snapshot else None
        stdlib = store(site_dir, archive, STDLIB_NAME)
    return {"url": url, "stdlib_url": stdlib, **report}


def store(site_dir: Path, file: Path, name: str) -> str:
    """Move a made file to boot/<its content hash>/<name> in site_dir; return its URL relative to the site."""
    digest = hashlib.sha256(file.read_bytes()).hexdigest()[:HASH_PREFIX_LEN]
    url = f"./{BOOT_DIR}/{digest}/{name}"
    target = site_dir / url
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(file), target)
    return url


def _module_level_imports(text: str, module: str, package: bool) -> set[str]:
    """Names a module's import statements can mean (a module or a name in it), for those run when it is
    imported: not in functions, nor under `if TYPE_CHECKING:`."""
    names: set[str] = set()
    todo: list[ast.AST] = [ast.parse(text)]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = module.split(".") if package else module.split(".")[:-1]
            target = ".".join([*base[: len(base) - node.level + 1], *([node.module] if node.module else [])]) \
                if node.level else str(node.module)
            names.add(target)
            names.update(f"{target}.{alias.name}" for alias in node.names)
        todo.extend(ast.iter_child_nodes(node))
    return names


def started_modules(wheel: Path, package: str, roots: list[Path]) -> dict[str, str]:
    """The wheel's modules a start imports ({file in the wheel: module name}): those the `roots` (the page's
    own sources) import when imported, and so on through the package, with their parent packages."""
    with zipfile.ZipFile(wheel) as archive:
        files = {name: archive.read(name).decode("utf-8") for name in archive.namelist() if name.endswith(".py")}
    modules = {name[:-len("/__init__.py")].replace("/", ".") if name.endswith("/__init__.py")
               else name[:-3].replace("/", "."): name for name in files}
    wanted: dict[str, str] = {}
    todo = [name for root in roots for name in _module_level_imports(root.read_text(encoding="utf-8"), "", False)]
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            if prefix in modules and modules[prefix] not in wanted and parts[0] == package:
                file = modules[prefix]
                wanted[file] = prefix
                todo.extend(_module_level_imports(files[file], prefix, file.endswith("/__init__.py")))
    return wanted


def engine_compile_plan(wheel: Path, package: str, roots: list[Path], work: Path, tag: str,
                        site_dir: str) -> dict[Path, tuple[Path, str]]:
    """make_snapshot's "compile" entries for the wheel's modules a start imports (started_modules): each
    source written under `work`, its .pyc to be made beside it in __pycache__ (named for `tag`)."""
    plan: dict[Path, tuple[Path, str]] = {}
    with zipfile.ZipFile(wheel) as archive:
        for file in started_modules(wheel, package, roots):
            source = work / file
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_bytes(archive.read(file))
            pyc = source.parent / "__pycache__" / f"{source.stem}.{tag}.pyc"
            pyc.parent.mkdir(parents=True, exist_ok=True)
            plan[source] = (pyc, f"{site_dir}/{file}")
    return plan


def without_description(metadata: bytes) -> bytes:
    """A wheel's METADATA without its long description, the body after the headers (the engine's is the
    README, 50 kB compressed that every first visit would download for nothing); importlib.metadata reads
    the headers."""
    return metadata.partition(b"\n\n")[0].rstrip(b"\n") + b"\n"


def with_compiled(wheel: Path, plan: dict[Path, tuple[Path, str]], work: Path, out_dir: Path) -> Path:
    """A copy of `wheel` in out_dir (same file name) in which each module `plan` compiled (paths under
    `work` as in the wheel) is its .pyc in the source's place (x.py becomes x.pyc, which Python imports
    without a source, as it does the trimmed standard library), and whose METADATA has no long description
    (the wheel itself when there is neither: a build without node of a wheel without one). The page's
    Python then never compiles those modules at a first start, and no visit downloads their sources: a
    traceback names the file and line without the line's text, as it does for a later visit's modules,
    which the snapshot restores without their files."""
    made = {source.relative_to(work).as_posix(): pyc.read_bytes() for source, (pyc, _) in plan.items()
            if pyc.is_file()}
    with zipfile.ZipFile(wheel) as source:
        metadata = [name for name in source.namelist() if name.endswith(".dist-info/METADATA")]
        described = any(without_description(source.read(name)) != source.read(name) for name in metadata)
    if not made and not described:
        return wheel
    target = out_dir / wheel.name
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            if info.filename in made:
                continue
            data = source.read(info)
            out.writestr(info, without_description(data) if info.filename in metadata else data)
        for name in sorted(made):  # fixed dates: equal input, equal wheel
            info = zipfile.ZipInfo(sourceless(name), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, made[name])
    return target


def sourceless(name: str) -> str:
    """Where a module's compiled file goes in place of its source ("pkg/view.py" -> "pkg/view.pyc")."""
    return name + "c"


def cache_tag(runtime_dir: Path) -> str:
    """The runtime Python's sys.implementation.cache_tag ("cpython-314"), which names .pyc files."""
    info = json.loads((runtime_dir / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    major, minor = info["python"].split(".")[:2]
    return f"cpython-{major}{minor}"


def bundle_package(site_dir: Path, package: str, extra: dict[str, bytes] | None = None) -> str:
    """Zip site_dir/<package>/ (sources and __pycache__) and the `extra` files ({name in the zip: bytes})
    into boot/<hash>/<package>.zip, remove the folder (the page never requests its files one by one), and
    return the zip's URL relative to the site."""
    folder = site_dir / package
    files = {p.relative_to(site_dir).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    files |= extra or {}
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp) / f"{package}.zip"
        with zipfile.ZipFile(staged, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in sorted(files):  # fixed dates: equal sources, equal zip, equal URL
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, files[name])
        digest = hashlib.sha256(staged.read_bytes()).hexdigest()[:HASH_PREFIX_LEN]
        url = f"./{BOOT_DIR}/{digest}/{package}.zip"
        (site_dir / url).parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(staged), site_dir / url)
    shutil.rmtree(folder)
    return url


def pyscript_modules(pyscript_package: Path, vendored: Path) -> dict[str, str]:
    """PyScript's own Python modules ({"pyscript/<name>.py": source}) as its core writes them into the
    file system at every start, then imports and so compiles them: from the npm package's artifact
    (src/stdlib/pyscript.js), those the vendored bundle (`vendored`: its .js files) holds verbatim."""
    artifact = pyscript_package / "src" / "stdlib" / "pyscript.js"
    if not artifact.is_file():
        return {}
    text = artifact.read_text(encoding="utf-8")
    tree = json.loads(text[text.index("{"):text.rindex("}") + 1])  # `export default {...}`: a JSON object
    bundle = "".join(path.read_text(encoding="utf-8") for path in sorted(vendored.glob("*.js")))
    found: dict[str, str] = {}

    def walk(node: dict[str, Any], prefix: str) -> None:
        for name, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{name}/")
            elif name.endswith(".py") and json.dumps(value, ensure_ascii=False)[1:-1] in bundle:
                found[prefix + name] = value

    walk(tree, "")
    return found


def site_packages(runtime_dir: Path) -> str:
    """Where Pyodide installs wheels: /lib/python<major.minor>/site-packages of the runtime's Python."""
    info = json.loads((runtime_dir / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    major_minor = ".".join(info["python"].split(".")[:2])
    return f"/lib/python{major_minor}/site-packages"


def boot_settings(runtime_dir: Path, wheel_url: str, app_url: str,
                  snapshot: dict[str, Any] | None) -> dict[str, Any]:
    """The BOOT line's value (URLs relative to the site; runtime_dir: npm's pyodide/)."""
    return {
        "snapshot": snapshot["url"] if snapshot else None,
        "stdlib": snapshot["stdlib_url"] if snapshot else None,
        "wheel": wheel_url,
        "app": app_url,
        "sitePackages": site_packages(runtime_dir),
        "lock": minimal_lock(runtime_dir / "pyodide-lock.json"),
    }


START_SCRIPT = f"{BOOT_DIR}/start-fetches.js"
EARLY_FORM_SCRIPT = f"{BOOT_DIR}/early-start.js"
START_LINE = re.compile(r"^  const START = .*;(?P<comment>[ \t]*//.*)?$", re.MULTILINE)


def download_order(boot: dict[str, Any], runtime: str = "./pyodide/") -> list[list[str]]:
    """A first visit's downloads in groups, each fetched once the one before it is in: what Python's
    start needs (the wasm, which compiles as it streams in, the standard library, and main.py: both
    halves must be in before Python can start, so they share the link), then what Python needs once it
    runs (the engine's wheel, the page's modules), which arrives while Python starts."""
    groups = [[f"{runtime}pyodide.asm.wasm", boot.get("stdlib") or f"{runtime}{STDLIB_NAME}", "./main.py"],
              [url for url in (boot.get("wheel"), boot.get("app")) if url]]
    return [group for group in groups if group]


def download_sizes(site_dir: Path, order: list[list[str]]) -> dict[str, list[int]]:
    """The first visit's large downloads the start screen counts (all but main.py, a few KB fetched by
    PyScript), each as [bytes, bytes gzipped]: the page counts a file's bytes as they arrive, and
    weighs each file by what a static host that gzips sends of it, so the share shown moves with the
    waiting. A file not in the site yet is left out."""
    sizes = {}
    for url in (url for group in order for url in group if not url.endswith(".py")):
        file = site_dir / url
        if file.is_file():
            data = file.read_bytes()
            sizes[url] = [len(data), len(gzip.compress(data, compresslevel=6, mtime=0))]
    return sizes


def start_fetches(template: Path, boot: dict[str, Any], runtime: str = "./pyodide/",
                  site_dir: Path | None = None) -> str:
    """The script index.html runs before anything else (the template web/boot/start-fetches.js with this
    build's START line): the wasm fetched and compiled at once, a later visit's snapshot read from the
    cache, a first visit's downloads one group after another (download_order), counted as they arrive
    (download_sizes, from the files in `site_dir`)."""
    order = download_order(boot, runtime)
    settings = {"order": order, "wasm": f"{runtime}pyodide.asm.wasm", "snapshot": boot.get("snapshot"),
                "sizes": download_sizes(site_dir, order) if site_dir else {}}
    line = f"  const START = {json.dumps(settings)};"
    text, count = START_LINE.subn(lambda found: line + (found["comment"] or ""), template.read_text(encoding="utf-8"))
    if count != 1:
        raise BootError(f"{template} must hold exactly one line 'const START = ...;' (found {count})")
    return "<script>\n" + text.rstrip("\n") + "\n  </script>"


def inline_script(page: Path, src: str, source: Path) -> None:
    """The page's `<script src="./{src}"></script>` with the script's text in it instead: on a first visit
    the start screen's form is wired as the page is parsed, not once a request for it has found a free
    connection beside the large downloads."""
    text = page.read_text(encoding="utf-8")
    tag = f'<script src="./{src}"></script>'
    if tag in text:
        body = source.read_text(encoding="utf-8").replace("</script", "<\\/script")
        page.write_text(text.replace(tag, "<script>\n" + body.rstrip("\n") + "\n  </script>", 1), encoding="utf-8")


def insert_start_fetches(page: Path, template: Path, boot: dict[str, Any]) -> None:
    """Put start_fetches() where the page's comment marks it (a page without the mark is left as is)."""
    text = page.read_text(encoding="utf-8")
    script = start_fetches(template, boot, site_dir=page.parent)
    marked = re.sub(r"<!-- start fetches[^>]*-->", lambda _: script, text, count=1)
    if marked != text:
        page.write_text(marked, encoding="utf-8")


def write_boot_module(site_dir: Path, template: Path, boot: dict[str, Any]) -> None:
    """site/boot/pyodide-boot.mjs from the template with this build's BOOT line, and index.html's
    first script (start_fetches)."""
    if not template.is_file():
        raise BootError(f"missing {template}")
    line = f"const BOOT = {json.dumps(boot, separators=(',', ':'))};"
    text, count = BOOT_LINE.subn(lambda _: line, template.read_text(encoding="utf-8"))
    if count != 1:
        raise BootError(f"{template} must hold exactly one line 'const BOOT = ...;' (found {count})")
    target = site_dir / BOOT_MODULE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    if (site_dir / "index.html").is_file():
        insert_start_fetches(site_dir / "index.html", template.parent / Path(START_SCRIPT).name, boot)
        inline_script(site_dir / "index.html", EARLY_FORM_SCRIPT, template.parent / Path(EARLY_FORM_SCRIPT).name)
    for script in (START_SCRIPT, EARLY_FORM_SCRIPT):  # inlined into the page: never requested on their own
        (site_dir / script).unlink(missing_ok=True)
