// Build step (node): boot the site's Pyodide once, install the engine wheel, import the engine and the
// standard modules the page needs, and save the interpreter's memory as a snapshot. The page restores
// it (web/boot/pyodide-boot.mjs) instead of starting Python and importing everything again: that
// start is most of the time to an interactive board.
//
//   node scripts/make_snapshot.mjs <pyodide dir> <engine wheel> <snapshot out> <plan json>
//
// <plan json>: {"stdlib": [module, ...], "package": "toledo", "skip": [module prefix, ...],
//               "prepare": "<Python run once everything is imported>",
//               "compile": {"<source .py>": ["<.pyc out>", "<name in tracebacks>", "own" | "library" | "checked"], ...},
//               "trim": {"out": "<archive>", "sources": [<.py file, folder, .whl or .js>, ...],
//                        "seeds": [module, ...], "packages": [package taken whole, ...],
//                        "skip": [file prefix inside a wheel the page never imports, ...]}}.
// "trim" first writes a standard library archive holding only what can be imported: every standard
// module the sources import (at any depth, inside functions and try blocks too), the seeds, the whole
// packages and the modules the JavaScript files name in their embedded Python (a standard module's own
// imports are followed as far as importing it runs them, into its functions only within its own package); the snapshot is then made by a Python started on that archive (the restored
// interpreter's zip importer keeps the archive's table of contents, so the page must serve the same one).
// After the snapshot, the "compile" sources (the page's own modules, which import PyScript and so
// cannot be imported here) are compiled to .pyc files by this same Python 3.14, unchecked-hash ones
// that Python uses without comparing them to the source, so the page never compiles them either
// ("own" ones, the project's, without their docstrings, which nothing of it reads; "library" ones with);
// "checked" ones (PyScript's modules, whose sources PyScript writes itself) carry the source's hash
// and Python compiles the source instead if it differs.
// Every module of the package is imported except those that fail for a missing optional dependency
// (pydantic: loaded by the page later) and those under a skipped prefix. Prints one JSON line.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, wheelPath, outPath, importsPath] = process.argv.slice(2);
if (!outPath || !importsPath) {
  console.error("usage: make_snapshot.mjs <pyodide dir> <wheel> <out> <imports.json>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(runtimeDir, "pyodide.mjs")).href);
const plan = JSON.parse(fs.readFileSync(importsPath, "utf8"));
const started = performance.now();
const indexURL = path.resolve(runtimeDir) + "/";
const quiet = { stdout: () => {}, stderr: (s) => console.error(s) };
let trimmed = null;
let full = null; // a Python on the runtime's whole library: it trims, and compiles (py_compile is not kept)
if (plan.trim) {
  // What it compiles leaves out the column ranges tracebacks underline with: a quarter fewer bytes.
  full = await loadPyodide({ indexURL, ...quiet, env: { PYTHONNODEBUGRANGES: "1" } });
  trimmed = await trimStdlib(full, plan.trim);
}
const py = await loadPyodide({ _makeSnapshot: true, indexURL, ...quiet,
                               ...(plan.trim ? { stdLibURL: path.resolve(plan.trim.out) } : {}) });
const sitePackages = py.runPython("import sysconfig; sysconfig.get_path(\"purelib\")");
py.unpackArchive(new Uint8Array(fs.readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
py.globals.set("plan_json", JSON.stringify(plan));
const report = py.runPython(`
import gc, importlib, json, pkgutil, sys
plan = json.loads(plan_json)
for name in plan["stdlib"]:
    importlib.import_module(name)
package = importlib.import_module(plan["package"])
skipped = []
for info in pkgutil.walk_packages(package.__path__, plan["package"] + "."):
    if info.name.endswith(".__main__") or info.name.startswith(tuple(plan["skip"])):
        continue
    try:
        importlib.import_module(info.name)
    except ModuleNotFoundError as error:  # an optional dependency the page loads later
        skipped.append(f"{info.name} ({error.name})")
exec(plan.get("prepare", ""), {})
del plan_json
gc.collect()
json.dumps({"modules": len(sys.modules), "skipped": skipped})
`);
// "snapshot": false (a build for comparison): the archive and the compiled files only.
const snapshot = plan.snapshot === false ? null : sparse(py.makeMemorySnapshot());
if (snapshot) fs.writeFileSync(outPath, snapshot);
const compiler = full ?? py;
for (const [source, [target, name, mode]] of Object.entries(plan.compile || {})) {
  compiler.FS.writeFile("/tmp/compile_me.py", fs.readFileSync(source));
  compiler.globals.set("compile_name", name);
  compiler.globals.set("compile_mode", mode);
  compiler.runPython(`
import py_compile
if compile_mode != "own":
    py_compile.compile("/tmp/compile_me.py", cfile="/tmp/compiled.pyc", dfile=compile_name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode[
                           "CHECKED_HASH" if compile_mode == "checked" else "UNCHECKED_HASH"])
else:
    # the project's modules without their docstrings, which nothing of it reads: a tenth fewer bytes;
    # unlike -OO it keeps the asserts, and every line keeps its number for tracebacks
    import ast, importlib.util
    from importlib._bootstrap_external import _code_to_hash_pyc
    with open("/tmp/compile_me.py", "rb") as f:
        source = f.read()
    tree = ast.parse(source, compile_name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                # dropped (a body of a docstring alone becomes a pass on its lines)
                node.body[0:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    code = compile(tree, compile_name, "exec", dont_inherit=True)
    data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    with open("/tmp/compiled.pyc", "wb") as f:
        f.write(data)
`);
  fs.writeFileSync(target, compiler.FS.readFile("/tmp/compiled.pyc"));
}
const result = JSON.parse(report);
result.bytes = snapshot ? snapshot.length : 0;
if (trimmed) result.trimmed = trimmed;
result.seconds = Math.round(performance.now() - started) / 1000;
console.log(JSON.stringify(result));

/** The trimmed standard library archive (see the header); returns {"modules", "of", "bytes"}. */
async function trimStdlib(full, trim) {
  const texts = [];
  const archives = [];
  const scripts = [];
  const collect = (where) => {
    const stat = fs.statSync(where);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(where).sort()) collect(path.join(where, name));
    } else if (where.endsWith(".py")) {
      texts.push(fs.readFileSync(where, "utf8"));
    } else if (where.endsWith(".whl") || where.endsWith(".zip")) {
      archives.push(new Uint8Array(fs.readFileSync(where)));
    } else if (where.endsWith(".js") || where.endsWith(".mjs")) {
      scripts.push(fs.readFileSync(where, "utf8"));
    }
  };
  trim.sources.forEach(collect);
  // Python inside JavaScript strings: "import a, b" and "from a import b" (a superset is harmless).
  const named = new Set();
  for (const script of scripts) {
    for (const match of script.matchAll(/\bfrom\s+([\w.]+)\s+import\b|\bimport\s+([\w.]+(?:\s*,\s*[\w.]+)*)/g)) {
      (match[1] || match[2]).split(",").forEach((name) => named.add(name.trim()));
    }
  }
  const started = trim.compileStarted ? startedModules(full, plan) : [];
  full.globals.set("trim_json", JSON.stringify({ texts, seeds: [...trim.seeds, ...named], packages: trim.packages,
                                                skip: trim.skip || [], started }));
  full.globals.set("trim_archives", full.toPy(archives));
  const made = full.runPython(trimCode());
  fs.writeFileSync(trim.out, full.FS.readFile("/tmp/stdlib.zip"));
  return JSON.parse(made);
}

/** The standard library files (names inside the archive) that a start imports: Pyodide's own start,
    the planned standard modules and the engine, imported here in `full` as the snapshot imports them. */
function startedModules(full, plan) {
  const sitePackages = full.runPython("import sysconfig; sysconfig.get_path('purelib')");
  full.unpackArchive(new Uint8Array(fs.readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
  full.globals.set("plan_json", JSON.stringify(plan));
  return JSON.parse(full.runPython(`
import importlib, json, os, pkgutil, sys
plan = json.loads(plan_json)
for name in plan["stdlib"]:
    importlib.import_module(name)
package = importlib.import_module(plan["package"])
for info in pkgutil.walk_packages(package.__path__, plan["package"] + "."):
    if not info.name.endswith(".__main__") and not info.name.startswith(tuple(plan["skip"])):
        try:
            importlib.import_module(info.name)
        except ModuleNotFoundError:
            pass
archive = next(entry for entry in sys.path if entry.endswith(".zip"))
# (the frozen modules, in the runtime itself, say a file in the archive too, but never read it: by origin)
json.dumps(sorted(os.path.relpath(module.__spec__.origin, archive) for module in list(sys.modules.values())
                  if isinstance(getattr(getattr(module, "__spec__", None), "origin", None), str)
                  and module.__spec__.origin.startswith(archive + "/")))
`));
}

// A function, so it is defined before the top-level code above runs.
function trimCode() {
  return `
import ast, importlib.machinery, importlib.util, io, json, os, sys, zipfile
from importlib import _bootstrap_external

plan = json.loads(trim_json)
source = next(entry for entry in sys.path if entry.endswith(".zip"))
stdlib = zipfile.ZipFile(source)
modules = {}  # module name -> (file in the archive, is a package)
for name in stdlib.namelist():
    if name.endswith(".py") and not name.startswith("site-packages/"):
        parts = name[:-3].split("/")
        if parts[-1] == "__init__":
            modules[".".join(parts[:-1])] = (name, True)
        else:
            modules[".".join(parts)] = (name, False)

def as_script(node):
    """An "if __name__ == '__main__':" block: run only as a script, never on import."""
    test = getattr(node, "test", None)
    return (isinstance(node, ast.If) and isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__")

def walk(tree, functions):
    """The nodes run when the module is imported (with functions=True, also what its functions run)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if as_script(child) or (not functions and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                           ast.Lambda))):
                continue
            todo.append(child)

def named_imports(text, module=None, package=False, everywhere=True):
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return
    for node in walk(tree, everywhere):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                if module is None:
                    continue  # relative to a package outside the standard library
                base = module.split(".") if package else module.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            yield target
            for alias in node.names:
                yield f"{target}.{alias.name}"
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")):
            yield node.args[0].value

chosen = set()
todo = []

def want(name):
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        prefix = ".".join(parts[:i])
        if prefix in modules and prefix not in chosen:
            chosen.add(prefix)
            todo.append(prefix)

for name in plan["seeds"]:
    want(name)
for name in modules:
    if name.split(".")[0] in plan["packages"]:
        want(name)
for text in plan["texts"]:
    for name in named_imports(text):
        want(name)
for archive in trim_archives:
    with zipfile.ZipFile(io.BytesIO(bytes(archive))) as wheel:
        for entry in wheel.namelist():
            if entry.endswith(".py") and not entry.startswith(tuple(plan["skip"])):
                for name in named_imports(wheel.read(entry).decode("utf-8", "replace")):
                    want(name)
while todo:  # a standard module: what it imports when imported (what its functions import is not followed,
    name = todo.pop()  # or the archive would hold most of the library), Pyodide's own modules: everything
    file, package = modules[name]
    text = stdlib.read(file).decode("utf-8")
    top = name.split(".")[0]
    for imported in named_imports(text, name, package, everywhere=top in plan["packages"]):
        want(imported)
    for imported in named_imports(text, name, package, everywhere=True):  # a package's lazy parts: small
        if imported.split(".")[0] == top:
            want(imported)

# What a start imports is compiled here (no docstrings or asserts: about 1.6x the bytes of its source on
# the wire, but compiling it in the page costs more than the bytes, even at 10 Mbit/s); the rest stays
# source, as in the runtime's archive, compiled only if ever imported.
started = set(plan["started"])
compiled = 0
# A module the runtime holds frozen is always loaded from there (its importer comes first): its source
# would only be bytes on the wire.
frozen = {name for name in chosen if not modules[name][1]
          and importlib.machinery.FrozenImporter.find_spec(name) is not None}
with zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for name in sorted(chosen - frozen):
        file = modules[name][0]
        data = stdlib.read(file)
        if file in started:
            try:
                code = compile(data, f"{source}/{file}", "exec", optimize=2, dont_inherit=True)
            except SyntaxError:  # a test module written to fail: kept as source
                pass
            else:
                data = _bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), False)
                file += "c"
                compiled += 1
        info = zipfile.ZipInfo(file, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(info, data)
json.dumps({"modules": len(chosen) - len(frozen), "of": len(modules), "compiled": compiled, "frozen": len(frozen),
            "bytes": os.path.getsize("/tmp/stdlib.zip")})
`;
}

// Most of the wasm memory is zeros (a third here). The file keeps only the pages holding data:
//   "TSN1", total length (u32), page size (u32), page count (u32), the page numbers (u32 each), the pages.
// web/boot/pyodide-boot.mjs (expand) turns it back into Pyodide's snapshot.
function sparse(snapshot) {
  const PAGE = 4096;
  const pages = [];
  for (let start = 0; start < snapshot.length; start += PAGE) {
    const page = snapshot.subarray(start, Math.min(start + PAGE, snapshot.length));
    if (page.some((byte) => byte !== 0)) pages.push(start / PAGE);
  }
  const header = 16 + 4 * pages.length;
  const out = new Uint8Array(header + pages.length * PAGE);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode("TSN1"), 0);
  view.setUint32(4, snapshot.length, true);
  view.setUint32(8, PAGE, true);
  view.setUint32(12, pages.length, true);
  pages.forEach((page, i) => {
    view.setUint32(16 + 4 * i, page, true);
    out.set(snapshot.subarray(page * PAGE, Math.min((page + 1) * PAGE, snapshot.length)), header + i * PAGE);
  });
  return out;
}
