// Registers ../sw.js once the page has loaded and Python is ready, so caching the site for offline
// play never competes with the first load (Pyodide's start is CPU-bound). Include with:
//   <script type="module" src="./static/register-sw.js"></script>
//
// Tells the page what happens, for the interface to show (texts: i18n keys offline_ready, update_ready):
//   <html data-offline="ready">          the service worker controls the page; the site is cached
//   document event "toledo:offline-ready" the first visit has finished caching the site
//   document event "toledo:update-ready"  a new build is cached and waits; call toledoOffline.applyUpdate()
// Opt-in: <html data-needs-isolation="true"> reloads the page once if it is not cross-origin isolated
// after the service worker has taken control (a static host without COOP/COEP headers).

const sw = navigator.serviceWorker;
const root = document.documentElement;
const swUrl = new URL("../sw.js", import.meta.url).href;

function announce(name) {
  document.dispatchEvent(new CustomEvent(name));
}

function markReady() {
  root.dataset.offline = "ready";
  if (root.dataset.needsIsolation === "true" && !window.crossOriginIsolated
      && !sessionStorage.getItem("toledo-isolation-reload")) {
    sessionStorage.setItem("toledo-isolation-reload", "1"); // once: never a reload loop
    location.reload();
  }
}

async function register() {
  try {
    const registration = await sw.register(swUrl);
    if (!registration) {
      return; // a test browser that blocks workers answers with nothing
    }
    const firstVisit = !sw.controller;
    registration.addEventListener("updatefound", () => {
      const next = registration.installing;
      next?.addEventListener("statechange", () => {
        if (next.state === "installed" && sw.controller) {
          announce("toledo:update-ready");
        } else if (next.state === "activated" && firstVisit) {
          announce("toledo:offline-ready");
        }
      });
    });
    if (sw.controller) {
      markReady();
    } else {
      sw.addEventListener("controllerchange", markReady, {once: true});
    }
  } catch (error) {
    // Offline play is a bonus: the game itself must go on (and a test browser may block workers).
    console.warn("offline mode unavailable:", error);
  }
}

window.toledoOffline = {
  /** Switch to the waiting new build now: the page reloads once the new worker has taken over. */
  async applyUpdate() {
    const registration = await sw?.getRegistration(swUrl);
    if (registration?.waiting) {
      sw.addEventListener("controllerchange", () => location.reload(), {once: true});
      registration.waiting.postMessage("skip-waiting");
    }
  },
};

/** Resolves once the page has loaded and Python has drawn the board (data-ready), or after a pause. */
function pageSettled() {
  const loaded = document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", resolve, {once: true}));
  const ready = new Promise((resolve) => {
    if (root.dataset.ready === "true") return resolve();
    const observer = new MutationObserver(() => {
      if (root.dataset.ready === "true") { observer.disconnect(); resolve(); }
    });
    observer.observe(root, {attributes: true, attributeFilter: ["data-ready"]});
    // A page that never gets ready still caches, but only long after: the precache (the memory snapshot
    // with it) must not compete with a slow first start for the link or the processor.
    setTimeout(() => { observer.disconnect(); resolve(); }, 90000);
  });
  return Promise.all([loaded, ready]);
}

if (sw && window.isSecureContext) {
  pageSettled().then(register);
}
