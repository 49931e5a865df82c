// Build step (node): boot the site's Pyodide once, install the engine wheel, import the engine and the
// standard modules the page needs, and save the interpreter's memory as a snapshot. The page restores
// it (web/boot/pyodide-boot.mjs) instead of starting Python and importing everything again: that
// start is most of the time to an interactive board.
//
//   node scripts/make_snapshot.mjs <pyodide dir> <engine wheel> <snapshot out> <plan json>
//
// <plan json>: {"stdlib": [module, ...], "package": "toledo", "skip": [module prefix, ...],
//               "prepare": "<Python run once everything is imported>",
//               "compile": {"<source .py>": ["<.pyc out>", "<name in tracebacks>", checked?], ...}}.
// After the snapshot, the "compile" sources (the page's own modules, which import PyScript and so
// cannot be imported here) are compiled to .pyc files by this same Python 3.14, unchecked-hash ones
// that Python uses without comparing them to the source, so the page never compiles them either;
// `checked` ones (PyScript's modules, whose sources PyScript writes itself) carry the source's hash
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
const py = await loadPyodide({ _makeSnapshot: true, indexURL: path.resolve(runtimeDir) + "/", stdout: () => {}, stderr: (s) => console.error(s) });
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
const snapshot = sparse(py.makeMemorySnapshot());
fs.writeFileSync(outPath, snapshot);
for (const [source, [target, name, checked]] of Object.entries(plan.compile || {})) {
  py.FS.writeFile("/tmp/compile_me.py", fs.readFileSync(source));
  py.globals.set("compile_name", name);
  py.globals.set("compile_mode", checked ? "CHECKED_HASH" : "UNCHECKED_HASH");
  py.runPython(`
import py_compile
py_compile.compile("/tmp/compile_me.py", cfile="/tmp/compiled.pyc", dfile=compile_name, doraise=True,
                   invalidation_mode=py_compile.PycInvalidationMode[compile_mode])
`);
  fs.writeFileSync(target, py.FS.readFile("/tmp/compiled.pyc"));
}
const result = JSON.parse(report);
result.bytes = snapshot.length;
result.seconds = Math.round(performance.now() - started) / 1000;
console.log(JSON.stringify(result));

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
