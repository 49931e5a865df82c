// What Python's start needs, asked for from the page's first script. The build (scripts/site_boot.py)
// puts this script into index.html's head, before any stylesheet or script, with this build's START.
// It leaves window.toledoStart = {wasm, compiled, snapshot, turn(url), arrived(url)} for the boot module
// (web/boot/pyodide-boot.mjs), which would otherwise start all this only once it has arrived and run.
//
// - The runtime's wasm is fetched and compiled as it streams in. It is fetched past the service worker
//   (which lets a request carrying NETWORK_HEADER through): V8 keeps the code it compiled for a module
//   the browser's HTTP cache served, so the next visit skips compiling it, while a copy in the service
//   worker's cache gets compiled code only from the third visit on. Offline (or on an error) the
//   service worker's copy answers instead.
// - A later visit reads the memory snapshot from Cache Storage meanwhile (never from the network: a
//   first visit never waits for its 16 MB; the service worker caches it once the page is ready).
// - A first visit fetches its files one group after another: every file shares one link, so files
//   fetched side by side all arrive late. First what Python's start needs (the wasm, which compiles as
//   it streams in, and the standard library), then the engine's wheel and the page's modules, which
//   arrive while Python starts. A group is asked for once the one before it is in, or has taken
//   GIVE_UP_MS. The boot module asks turn(url) before it fetches a file of the order and says
//   arrived(url) as soon as it has one: Python's start holds the page's thread for most of a second
//   right after the wasm and the standard library are in, and the next group must be on its way first.
// - A first visit counts its large files' bytes as they stream in (the wasm's here, the others' in the
//   boot module, which calls count(url, bytes)); watch(fn) hands the start screen the share loaded.
(function () {
  "use strict";
  const START = {"order": [["./pyodide/pyodide.asm.wasm"]], "wasm": "./pyodide/pyodide.asm.wasm", "snapshot": null, "sizes": {}}; // replaced at build time; keep on one line
  const GIVE_UP_MS = 10000; // a group that takes longer than this shares the link with the next one
  const NETWORK_HEADER = "X-Toledo-Network";
  const HEADERS_TIMEOUT_MS = 4000; // a network that hangs must not hold the page: the cached copy is there
  const href = (url) => new URL(url, document.baseURI).href;
  const WASM = href(START.wasm);
  const controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  const turns = new Map(); // URL -> the promise of its group's turn
  const starts = new Map(); // URL -> what opens that turn
  let current = -1;
  let missing = new Set(); // the open group's files not in yet
  let timer = 0;
  // url -> [bytes, bytes gzipped]: a file counts by what it takes over a link that gzips, its share of the
  // waiting, up to its full size. A later visit reads its files from the caches at once: nothing counts.
  const sizes = controlled ? new Map() : new Map(Object.entries(START.sizes || {}).map(([url, size]) => [href(url), size]));
  const received = new Map(); // url -> bytes in so far
  const watchers = [];
  let frame = 0;
  const start = (window.toledoStart = {
    wasm: null,
    compiled: null,
    snapshot: null,
    turn: (url) => turns.get(href(url)),
    arrived: (url) => {
      if (missing.delete(href(url)) && missing.size === 0) open(current + 1);
    },
    count,
    /** fn(share) from 0 to 1 at most once a frame while a first visit's downloads come in. */
    watch: (fn) => watchers.push(fn),
    /** The share of a first visit's downloads in so far, or null where nothing is counted. */
    loaded,
  });

  function loaded() {
    let all = 0;
    let done = 0;
    for (const [url, [bytes, packed]] of sizes) {
      all += packed;
      done += (packed * (received.get(url) || 0)) / bytes;
    }
    return all ? done / all : null;
  }

  function count(url, bytes) {
    const key = href(url);
    const size = sizes.get(key);
    if (!size) return;
    received.set(key, Math.min(size[0], (received.get(key) || 0) + bytes));
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      const share = loaded();
      for (const fn of watchers) fn(share);
    });
  }

  /** Counts a copy of `response`'s body as it streams in (the response itself goes on untouched). */
  function countCopy(response, url) {
    if (!sizes.has(href(url)) || !response.ok || !response.body) return response;
    const reader = response.clone().body.getReader();
    const next = () => reader.read().then(({ done, value }) => {
      if (done) return undefined;
      count(url, value.byteLength);
      return next();
    });
    next().catch(() => {}); // a broken download is said where the response is read
    return response;
  }

  function fetchWasm() {
    if (!navigator.onLine) return fetch(WASM); // known offline: no failing request first
    // No service worker yet (a first visit): there is no cached copy to fall back to, so a slow network
    // must not be given up on.
    if (!controlled) return fetch(WASM);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), HEADERS_TIMEOUT_MS);
    return fetch(WASM, { headers: { [NETWORK_HEADER]: "1" }, signal: abort.signal })
      .then((response) => {
        if (!response.ok) throw new Error(response.status + " " + response.url);
        return response;
      })
      .catch(() => fetch(WASM))
      .finally(() => clearTimeout(timer));
  }

  function startWasm() {
    start.wasm = fetchWasm().then((response) => countCopy(response, WASM));
    start.compiled = WebAssembly.compileStreaming(start.wasm);
    start.wasm.catch(() => {}); // both said where they are awaited
    start.compiled.catch(() => {});
    start.compiled.then(() => start.arrived(WASM), () => start.arrived(WASM)); // compiled as it streamed: in
  }

  /** Once the cache has answered: {bytes} (a promise of the snapshot's bytes, still being read), or null. */
  function cachedSnapshot() {
    if (!START.snapshot || !window.caches) return null;
    return caches.match(href(START.snapshot))
      .then((hit) => (hit ? { bytes: hit.arrayBuffer().then((buffer) => new Uint8Array(buffer)) } : null))
      .catch(() => null); // storage refused (a private window, a test browser): the usual start
  }

  function preload(url) {
    const link = Object.assign(document.createElement("link"), { rel: "preload", as: "fetch", href: url });
    link.crossOrigin = "anonymous"; // the same request as a plain fetch(), so that fetch takes this answer
    link.onload = link.onerror = () => start.arrived(url);
    document.head.append(link);
  }

  function open(index) {
    if (index <= current || index >= START.order.length) return;
    current = index;
    clearTimeout(timer);
    const urls = START.order[index].map(href);
    missing = new Set(urls);
    for (const url of urls) {
      if (url === WASM) startWasm();
      else preload(url);
      starts.get(url)();
    }
    timer = setTimeout(() => open(index + 1), GIVE_UP_MS);
  }

  if (controlled) {
    startWasm();
    start.snapshot = cachedSnapshot();
    return;
  }
  for (const url of START.order.flat().map(href)) turns.set(url, new Promise((resolve) => starts.set(url, resolve)));
  open(0);
})();
