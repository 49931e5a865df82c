// A first visit's downloads, in the order Python's start needs them. The build (scripts/site_boot.py)
// puts this script into index.html's head, before any stylesheet or script, with this build's ORDER.
//
// Every file shares one link, so files fetched side by side all arrive late. Fetched one group after
// another, each arrives as early as it can: the runtime's wasm first (it compiles as it streams in), then
// the standard library (Python starts once both are in), then the engine's wheel and the page's modules,
// which arrive while Python starts. A group is preloaded once the one before it is in, or has taken
// GIVE_UP_MS. The boot module asks window.toledoTurn(url) before it fetches a file of the order, and says
// window.toledoArrived(url) as soon as it has one: Python's start holds the page's thread for most of a
// second right after the standard library is in, and the next group must be on its way before that.
// A later visit (the service worker answers from its cache) fetches everything at once.
(function () {
  "use strict";
  const ORDER = [["./pyodide/pyodide.asm.wasm"]]; // replaced at build time; keep on one line
  const GIVE_UP_MS = 10000; // a group that takes longer than this shares the link with the next one
  const href = (url) => new URL(url, document.baseURI).href;
  const groups = ORDER.map((group) => group.map(href));
  const turns = new Map(); // URL -> the promise of its group's turn
  const starts = new Map(); // URL -> what opens that turn
  let current = -1;
  let missing = new Set(); // the open group's files not in yet
  let timer = 0;
  window.toledoTurn = (url) => turns.get(href(url));
  window.toledoArrived = (url) => {
    if (missing.delete(href(url)) && missing.size === 0) open(current + 1);
  };
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return; // later visits: no order

  function preload(url) {
    const link = Object.assign(document.createElement("link"), { rel: "preload", as: "fetch", href: url });
    link.crossOrigin = "anonymous"; // the same request as a plain fetch(), so that fetch takes this answer
    link.onload = link.onerror = () => window.toledoArrived(url);
    document.head.append(link);
  }

  function open(index) {
    if (index <= current || index >= groups.length) return;
    current = index;
    clearTimeout(timer);
    missing = new Set(groups[index]);
    for (const url of groups[index]) {
      preload(url);
      starts.get(url)();
    }
    timer = setTimeout(() => open(index + 1), GIVE_UP_MS);
  }

  for (const url of groups.flat()) turns.set(url, new Promise((resolve) => starts.set(url, resolve)));
  open(0);
})();
