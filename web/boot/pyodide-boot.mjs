// PyScript's interpreter module (config.json "interpreter"): Pyodide's own loadPyodide, started the
// lightest way the visit allows.
//
// A first visit starts Python the usual way, from the build's trimmed standard library (only the modules
// the game can import, those a start imports compiled: scripts/site_boot.py), and installs the engine's
// wheel (its modules a start imports compiled too); nothing waits for
// the memory snapshot. Once the page is ready the service worker precaches the site, the snapshot with
// it, into Cache Storage. A later visit finds it there and restores it (scripts/make_snapshot.mjs made it
// at build time: an interpreter that has booted and imported the engine), which is a copy into the wasm
// memory instead of the start-up work. The file system is not part of the snapshot, so the engine's files
// that no restored module came from are written again (modules imported later, the word catalogues).
// A snapshot that does not fit this runtime (Pyodide checks its build id) or fails otherwise is never
// used: Python then starts the usual way.
import { loadPyodide as loadRuntime, version } from "../pyodide/pyodide.mjs";

export { version };

const BOOT = {"snapshot": null, "stdlib": null, "wheel": null, "app": null, "sitePackages": null, "lock": null}; // replaced at build time; keep on one line

const SITE = new URL("../", import.meta.url);
const RUNTIME = new URL("./pyodide/", SITE).href;

// What index.html's first script (web/boot/start-fetches.js) has already asked for: the wasm and its
// compiling, a later visit's snapshot, and a first visit's download order. A page without it (none of
// the site's) gets the plain way: the wasm fetched and compiled from here, no snapshot, no order.
const WASM = new URL("pyodide.asm.wasm", RUNTIME).href;
const STARTED = globalThis.toledoStart ?? {};

/** When a file of a first visit's download order may be fetched: a promise for those files, undefined
    for any other (and on a later visit, no order at all). */
function turnOf(url) {
  return STARTED.turn?.(url);
}

/** Tells the download order that `url` is in, so the next group starts. */
function arrived(url) {
  STARTED.arrived?.(url);
}

/** `response` with a body that counts its bytes toward the start screen's progress as they are read, and
    says it has arrived the moment its last byte is: before whoever reads it goes on (Python's start then
    holds the page's thread, and the next downloads must be asked for first). */
function counted(response, url) {
  if (!response.ok || !response.body) return response;
  const body = response.body.pipeThrough(new TransformStream({
    transform: (chunk, stream) => {
      STARTED.count?.(url, chunk.byteLength);
      stream.enqueue(chunk);
    },
    flush: () => arrived(url),
  }));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function fetchBytes(url) {
  const href = new URL(url, SITE).href;
  return Promise.resolve(turnOf(href)).then(() => fetch(href)).then((response) => {
    if (!response.ok) throw new Error(`${response.status} ${response.url}`);
    return counted(response, href).arrayBuffer();
  }).then((buffer) => new Uint8Array(buffer));
}

/** The wasm compiled as it streams in (handed to Pyodide's instantiation below). */
function compileWasm(wasm) {
  const compiled = WebAssembly.compileStreaming(wasm);
  compiled.catch(() => {}); // said where it is awaited
  return compiled;
}

/** Runs `start` with Pyodide's own fetch of its wasm answered by `wasm` (Pyodide has no option for it),
    and its instantiation made from `compiled`, the module compileWasm made of that answer. */
async function withWasm(wasm, compiled, start) {
  const original = globalThis.fetch;
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  let answer = wasm;
  globalThis.fetch = function (input, init) {
    if (String(input instanceof Request ? input.url : input) === WASM && answer) {
      const given = answer;
      answer = null; // once: a second request (Pyodide's fallback) goes the usual way
      return given;
    }
    const url = String(input instanceof Request ? input.url : input);
    const turn = turnOf(url); // the standard library's
    if (turn) return turn.then(() => original.call(globalThis, input, init)).then((got) => counted(got, url));
    return original.call(this, input, init);
  };
  WebAssembly.instantiateStreaming = function (source, imports) {
    if (source !== wasm || !compiled) return instantiateStreaming.call(this, source, imports);
    return compiled.then(
      (module) => WebAssembly.instantiate(module, imports).then((instance) => ({ module, instance })),
      () => instantiateStreaming.call(this, fetch(WASM), imports)); // compiling failed: once more, the usual way
  };
  try {
    return await start();
  } finally {
    globalThis.fetch = original;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

function settings(extra) {
  // The runtime lives in pyodide/ (PyScript would look next to this module). The stock lock file
  // (120 KB, 350 packages) is replaced by one naming none: every wheel is loaded by its URL.
  const options = { indexURL: RUNTIME, ...extra };
  if (BOOT.lock) options.lockFileContents = JSON.stringify(BOOT.lock);
  if (BOOT.stdlib) options.stdLibURL = new URL(BOOT.stdlib, SITE).href;
  return options;
}

/** The page's modules (app/, each compiled .pyc in its source's place) next to main.py, where `import app`
    finds them, and PyScript's compiled modules (pyscript/__pycache__/), used once PyScript writes their
    sources there. */
async function unpackPage(py, app) {
  if (app) py.unpackArchive(await app, "zip", { extractDir: py.FS.cwd() });
}

/** Pyodide's snapshot from the build's file, which leaves out the memory pages that are all zeros
    (scripts/make_snapshot.mjs: "TSN1", length, page size, count, page numbers, pages). */
function expand(file) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (new TextDecoder().decode(file.subarray(0, 4)) !== "TSN1") throw new Error("not a snapshot file");
  const [length, size, count] = [view.getUint32(4, true), view.getUint32(8, true), view.getUint32(12, true)];
  const memory = new Uint8Array(length);
  const data = 16 + 4 * count;
  for (let i = 0; i < count; i++) {
    const at = view.getUint32(16 + 4 * i, true) * size;
    memory.set(file.subarray(data + i * size, data + i * size + Math.min(size, length - at)), at);
  }
  return memory;
}

// The file system is not in the snapshot, but the modules it restored need no files: only the engine's
// other files are written (modules imported later, the word catalogues, the metadata), a quarter of the
// wheel. (Tracebacks then show no source line for a restored module.)
const UNPACK_MISSING = `
import importlib, io, os, sys, zipfile

def unpack_missing(buffer, target):
    held = {os.path.relpath(module.__file__, target) for module in list(sys.modules.values())
            if isinstance(getattr(module, "__file__", None), str) and module.__file__.startswith(target + "/")}
    made = set()
    with zipfile.ZipFile(io.BytesIO(buffer.to_bytes())) as wheel:
        for info in wheel.infolist():
            name = info.filename
            # a restored module's source, or its .pyc in the source's place (the snapshot held the source)
            if info.is_dir() or name in held or name[:-1] in held:
                continue
            path = os.path.join(target, info.filename)
            folder = os.path.dirname(path)
            if folder not in made:
                os.makedirs(folder, exist_ok=True)
                made.add(folder)
            with open(path, "wb") as out:
                out.write(wheel.read(info))
    importlib.invalidate_caches()

unpack_missing
`;

function unpackMissing(py, wheel) {
  const scope = py.toPy({});
  const unpack = py.runPython(UNPACK_MISSING, { globals: scope });
  try {
    unpack(wheel, BOOT.sitePackages);
  } finally {
    unpack.destroy();
    scope.destroy();
  }
}

async function fromSnapshot(snapshot, wheel, app, wasm, compiled) {
  // Pyodide awaits the snapshot only once its runtime script is in: reading and expanding it from the
  // cache runs meanwhile, beside the wasm's and the archive's requests.
  const memory = snapshot.then((bytes) => {
    performance.mark("toledo:snapshot-read");
    return expand(bytes);
  });
  const py = await withWasm(wasm, compiled, () => loadRuntime(settings({ _loadSnapshot: memory })));
  performance.mark("toledo:runtime-ready");
  unpackMissing(py, await wheel);
  await unpackPage(py, app);
  // The snapshot froze the random generator's state at build time: every visit would deal the same.
  py.runPython("import random; random.seed()");
  return py;
}

async function fromScratch(wheel, app, wasm, compiled) {
  const py = await withWasm(wasm, compiled, () => loadRuntime(settings()));
  performance.mark("toledo:runtime-ready");
  if (wheel) {
    py.unpackArchive(await wheel, "wheel", { extractDir: BOOT.sitePackages });
    py.runPython("import importlib; importlib.invalidate_caches()");
  }
  await unpackPage(py, app);
  return py;
}

/** Resolves once the page's HTML is parsed. Python's start holds the main thread for long stretches (seconds
    on a phone), and on a fast link it would get the thread before the parser reaches the start screen:
    the board would show, but no form under it until Python is up. */
function parsed() {
  if (typeof document === "undefined" || document.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => document.addEventListener("readystatechange", resolve, { once: true }));
}

async function boot() {
  // Every download is asked for now (the wasm and a later visit's snapshot already are); on a first
  // visit each waits for its turn in the page's download order, on a later visit none waits.
  const wasm = STARTED.wasm ?? fetch(WASM);
  const compiled = STARTED.compiled ?? compileWasm(wasm);
  const app = BOOT.app ? fetchBytes(BOOT.app) : null;
  app?.catch(() => {}); // a failed download is said where it is awaited
  const wheel = BOOT.wheel ? fetchBytes(BOOT.wheel) : null;
  wheel?.catch(() => {});
  await parsed(); // everything above is on its way meanwhile
  performance.mark("toledo:python-start");
  let py = null;
  const snapshot = BOOT.snapshot && STARTED.snapshot ? await STARTED.snapshot : null;
  if (snapshot) {
    try {
      py = await fromSnapshot(snapshot.bytes, wheel, app, wasm, compiled);
    } catch (error) {
      console.warn("Python snapshot not usable; starting Python the usual way:", error);
    }
  }
  const how = py ? "snapshot" : "scratch";
  // (the compiled module serves a second instance as well; if compiling failed, the wasm is fetched anew)
  py ??= await fromScratch(wheel, app, wasm, compiled);
  performance.mark("toledo:python-ready");
  document.documentElement.dataset.pythonStart = how; // for tests and bug reports: how Python started
  // For tests: the modules Python has imported, each with the file it was loaded from ("frozen" and "built-in"
  // for those inside the runtime; the trimmed standard library must hold every file).
  globalThis.toledoPythonModules = () => py.runPython(
    "import json, sys; json.dumps({name: getattr(getattr(module, '__spec__', None), 'origin', None)"
    + " for name, module in sys.modules.items()})");
  return py;
}

// Started when this module is first evaluated: index.html loads it in <head>, so the downloads are asked
// for while the page is parsed, and Python starts once it is, while PyScript is still loading; PyScript's
// own import of this module later gets the same instance.
const booting = boot();
booting.catch(() => {});

/** What PyScript calls: the interpreter already on its way (PyScript's stdout/stderr hooks are not
    needed: the page prints nothing, and Python's errors reach the console either way). */
export function loadPyodide() {
  return booting;
}
