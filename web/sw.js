/* Toledo's service worker: the whole game offline after the first visit.

   - install:  precache the files the page requests (the list and a content hash are written into the
               BUILD line below by scripts/build_site.py) into the cache "toledo-<hash>", all or nothing,
               each stored with the isolation headers already added.
   - activate: delete the caches of older builds, then take control of open pages.
   - fetch:    answer same-origin GET requests from the cache first (as stored: no copy, so a warm start
               reads the 18 MB snapshot and the runtime straight from the cache), the network second with
               the cross-origin isolation headers (COOP/COEP/CORP) added, so a static host that cannot set
               headers still gets an isolated page (the idea of the mini-coi package). A request the page
               marks with the NETWORK_HEADER (the runtime's wasm) is left to the browser: see below.

   A new build has a new hash, so the browser sees a changed sw.js, installs it beside the old one and
   switches over once no page runs the old build any more (or at once when the page posts "skip-waiting").
   The first install takes over at once: there is nothing older to keep consistent with.
*/
"use strict";

const BUILD = {"version": "dev", "files": []}; // replaced at build time; keep on one line

const PREFIX = "toledo-";
const CACHE = PREFIX + BUILD.version;
const SCOPE = new URL("./", self.location.href).href;
const INDEX = new URL("index.html", SCOPE).href;

// The page asks for the runtime's wasm with this header to get it from the HTTP cache, where V8 keeps
// its compiled code (the page's first script, web/boot/start-fetches.js); if that fails it asks again without
// it, and the cache answers.
const NETWORK_HEADER = "X-Toledo-Network";

const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates with the server, so the HTTP cache can never slip an older file into
    // this build's cache (index.html and main.py keep their names from build to build). Every file is
    // fetched before any is stored: one failure fails the install, as cache.addAll would.
    const requests = BUILD.files.map((file) => new Request(new URL(file, SCOPE).href, {cache: "no-cache"}));
    const responses = await Promise.all(requests.map(async (request) => {
      const response = await fetch(request);
      if (!response.ok) throw new Error(`precache: ${response.status} ${request.url}`);
      return response;
    }));
    await Promise.all(responses.map((response, i) => cache.put(requests[i], isolate(response))));
    if (!self.registration.active) {
      await self.skipWaiting();
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting();
  } else if (event.data === "version" && event.source) {
    event.source.postMessage({version: BUILD.version, files: BUILD.files.length});
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE) || request.headers.has(NETWORK_HEADER)) {
    return; // not ours, or asked for past us: the browser handles it as if there were no service worker
  }
  event.respondWith(answer(request));
});

/** The cache entry for a request: a page navigation ("./", "./?x", "./index.html#...") is index.html. */
function cacheKey(request) {
  if (request.mode !== "navigate") {
    return request;
  }
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href === SCOPE ? INDEX : url.href;
}

async function answer(request) {
  // caches.match with a cacheName never creates the cache (caches.open would: an old worker still
  // answering during a switch-over must not bring its deleted cache back).
  const cached = await caches.match(cacheKey(request), {cacheName: CACHE});
  return cached || isolate(await fetch(request));
}

/** The same response with the isolation headers added (opaque responses cannot be changed). */
function isolate(response) {
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.status === 0) {
    return response;
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) {
    headers.set(name, value);
  }
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(empty ? null : response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
