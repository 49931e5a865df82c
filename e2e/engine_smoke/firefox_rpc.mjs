// Drives Debian's Firefox ESR for the cross-engine smoke test over WebDriver BiDi (puppeteer-core with
// browser: "firefox"; no geckodriver). The scenario itself lives in Python (scenario.py); this script
// only carries out its commands, one JSON object a line on stdin, one answer a line on stdout:
//   {"id": 1, "op": "open", "url": "..."}  ->  {"id": 1, "ok": ...} or {"id": 1, "error": "..."}
// Usage: node firefox_rpc.mjs '{"executable": "/usr/bin/firefox-esr", "profile": DIR, "prefs": {...}}'
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const options = JSON.parse(process.argv[2]);
const LOCAL = new URL(options.site).host;
const seen = { consoleErrors: [], pageErrors: [], outside: [] };

function isLocal(url) {
  if (url.startsWith("data:") || url.startsWith("blob:") || url.startsWith("about:")) return true;
  try {
    return new URL(url).host === LOCAL;
  } catch {
    return false;
  }
}

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: options.executable,
  headless: true,
  userDataDir: options.profile,
  extraPrefsFirefox: options.prefs,
  defaultViewport: { width: 1280, height: 800 },
});
let page = null;

function watch(target) {
  target.on("console", (message) => {
    if (message.type() === "error") seen.consoleErrors.push(`${message.text()} (${message.location()?.url ?? ""})`);
  });
  target.on("pageerror", (error) => seen.pageErrors.push(String(error?.stack ?? error)));
  target.on("request", (request) => {
    if (!isLocal(request.url())) seen.outside.push(request.url());
  });
  target.setDefaultTimeout(options.timeoutMs);
  target.setDefaultNavigationTimeout(options.timeoutMs);
}

const ops = {
  // A later visit opens a page of its own; the earlier ones are closed, as a player's tab would be.
  async open({ url }) {
    const previous = await browser.pages();
    page = await browser.newPage();
    watch(page);
    for (const old of previous) await old.close();
    await page.bringToFront();
    await page.goto(url, { waitUntil: "domcontentloaded" });
  },
  async reload() {
    await page.reload({ waitUntil: "domcontentloaded" });
  },
  async evaluate({ expression }) {
    return await page.evaluate(expression);
  },
  // A real pointer click at the element's centre (scrolled into view first).
  async click({ selector, index }) {
    const found = await page.$$(selector);
    if (index >= found.length) throw new Error(`no element ${index} for ${selector} (${found.length} found)`);
    await found[index].click();
  },
  async version() {
    return await browser.version();
  },
  async log() {
    return seen;
  },
  async close() {
    await browser.close();
    return null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  let answer;
  try {
    answer = { id: command.id, ok: (await ops[command.op](command)) ?? null };
  } catch (error) {
    answer = { id: command.id, error: String(error?.message ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (command.op === "close") break;
}
process.exit(0);
