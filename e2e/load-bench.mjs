// The load benchmark (issue 30): how long a phone waits from opening a link to the page's
// first usable control, and how many bytes cross the wire before it.
//
//   node e2e/load-bench.mjs [--dist dist] [--runs 3] [--pages home,shengji,...] [--json]
//
// LOAD_BENCH_TRACE=1 prints each run's timeline (the HTML's first byte, the wasm's request,
// first byte and end, when it was instantiated and started, every long task);
// LOAD_BENCH_JSFLAGS passes V8 flags to Chromium (e.g. --no-wasm-lazy-compilation, to see
// how much of a start is V8 compiling functions on their first call).
//
// The site is served from dist/ gzip-compressed, under /tuolaji/ as GitHub Pages serves it,
// on loopback. The network is shaped in the server itself, as a phone meets GitHub Pages
// (HTTPS, HTTP/2: one connection carries every request): the first response of a visit
// waits three round trips of 150 ms (TCP, TLS 1.3, the request), every later one a single
// round trip, and all responses share one 1.6 Mbit/s downlink — so the service worker's own
// downloads (its precache) compete with the page's as they would on a phone, which a
// page-only DevTools throttle would not show. The page's main thread is slowed 4× (DevTools'
// CPU throttling). Together: Lighthouse's mobile profile. Every run is a fresh browser
// context (empty cache, no service worker, no storage) and a fresh server.
//
// Each page is opened `runs` times with the service worker allowed (it registers and
// precaches the whole site, as a first visit does) and `runs` times with service workers
// blocked; the median of each is printed. The first usable control of each page is a
// selector below: the control a player taps first there. The Long Tasks probe reports the
// longest main-thread task of each run while the page starts (up to 3 s after that control),
// under the same 4× slowdown: the median run's and the worst run's.
import { gzipSync } from "node:zlib";
import { createServer } from "node:http";
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, relative, sep, extname, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const HERE = dirname(fileURLToPath(import.meta.url));
const BASE = "/tuolaji/";
const RTT_MS = 150;
const DOWN_BYTES_PER_S = 1_600_000 / 8;
const CPU_SLOWDOWN = 4;
/** How long after its first control a page counts as starting (for the Long Tasks probe). */
const STARTING_MS = 3000;

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const DIST = opt("dist", join(HERE, "..", "dist"));
const RUNS = Number(opt("runs", 3));
const JSON_OUT = args.includes("--json");

/** The pages and the first control a player taps on each. `url` may be a function of the
 * prepared context (the guest's invite comes from a host page opened beforehand). */
const PAGES = [
  { name: "home", url: () => "#/", control: "[data-testid=new-game]" },
  { name: "shengji", url: () => "shengji/#/play/shengji?seed=loadbench", control: "[data-testid=draw-panel]" },
  // A Shengji table's link at the site's own address, as links were before the table had
  // a page of its own: index.html sends it on before fetching anything.
  { name: "shengji-old", url: () => "#/play/shengji?seed=loadbench", control: "[data-testid=draw-panel]" },
  { name: "host", url: () => "friends/#/friends", control: "[data-testid=lobby] button:not([disabled])" },
  { name: "guest", url: (prep) => prep.invite, control: "[data-testid=guest-name]" },
  { name: "rummy", url: () => "rummy/#/play/rummy?seed=loadbench", control: "[data-testid=hand] [data-card]" },
  { name: "mahjong", url: () => "mahjong/#/play/mahjong?seed=loadbench", control: "[data-testid=hand-tile]" },
  { name: "rummy-host", url: () => "friends/rummy/#/friends/rummy", control: "[data-testid=lobby] button:not([disabled])" },
  { name: "mahjong-host", url: () => "friends/mahjong/#/friends/mahjong", control: "[data-testid=lobby] button:not([disabled])" },
  { name: "practice", url: () => "practice/#/practice", control: "[data-testid=hand] [data-card]" },
];
const only = opt("pages", null)?.split(",");
const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Every file of the build, gzip-compressed once (level 9, as scripts/build-web counts). */
function loadSite(dir) {
  const files = new Map();
  for (const path of walk(dir)) {
    const name = relative(dir, path).split(sep).join("/");
    const body = readFileSync(path);
    files.set(name, { type: TYPES[extname(name)] || "application/octet-stream", gz: gzipSync(body, { level: 9 }) });
  }
  return files;
}

/** A shaped downlink shared by every response: bytes leave at DOWN_BYTES_PER_S in
 * arrival order, the first response after three round trips, each later one after one. */
function shapedServer(files) {
  let linkFreeAt = 0;
  let connected = false;
  const sent = [];
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  const server = createServer(async (req, res) => {
    const first = !connected;
    connected = true;
    await sleep(first ? 3 * RTT_MS : RTT_MS);
    let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (!path.startsWith(BASE)) {
      res.writeHead(404);
      return res.end();
    }
    path = path.slice(BASE.length);
    if (path === "" || path.endsWith("/")) path += "index.html";
    const file = files.get(path);
    if (!file) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, {
      "Content-Type": file.type,
      "Content-Encoding": "gzip",
      "Content-Length": file.gz.length,
      "Cache-Control": "max-age=600",
    });
    const CHUNK = 4096;
    for (let at = 0; at < file.gz.length; at += CHUNK) {
      const chunk = file.gz.subarray(at, at + CHUNK);
      const now = performance.now();
      linkFreeAt = Math.max(now, linkFreeAt) + (chunk.length / DOWN_BYTES_PER_S) * 1000;
      await sleep(linkFreeAt - now);
      res.write(chunk);
      sent.push({ at: performance.now(), bytes: chunk.length, path });
    }
    res.end();
  });
  return {
    server,
    sentSince(t0, until = Infinity) {
      return sent.filter((s) => s.at >= t0 && s.at <= until).reduce((n, s) => n + s.bytes, 0);
    },
  };
}

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  ...(process.env.LOAD_BENCH_JSFLAGS ? [`--js-flags=${process.env.LOAD_BENCH_JSFLAGS}`] : []),
];

/** Records when the control first shows (performance.now(), from the navigation's start). */
const PROBE = (selector) => `
  (() => {
    const seen = () => {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    // Wall-clock times: a link that sends the browser on to another page counts from the
    // first page's navigation start (kept in the tab's sessionStorage across the hop).
    if (!sessionStorage.getItem("__origin0")) sessionStorage.setItem("__origin0", String(performance.timeOrigin));
    window.__origin0 = Number(sessionStorage.getItem("__origin0"));
    const done = () => { if (window.__control === undefined && seen()) { window.__control = performance.timeOrigin + performance.now(); } };
    new MutationObserver(done).observe(document, { childList: true, subtree: true, attributes: true });
    // The Long Tasks probe: every task of the main thread over 50 ms, from the start.
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const t of list.getEntries()) window.__tasks.push([t.startTime, t.duration]);
    }).observe({ type: "longtask", buffered: true });
  })();` + (process.env.LOAD_BENCH_TRACE ? TRACE_PROBE : "");

/** For LOAD_BENCH_TRACE: when the module was compiled and instantiated, before its start
 * function ran, and when it had started (the page's loader says so: scripts/build-site.mjs). */
const TRACE_PROBE = `
  addEventListener("wasm-started", () => { window.__started = performance.now(); });
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = (...args) => streaming(...args).then((r) => { window.__instantiated = performance.now(); return r; });`;

async function openOnce(browser, files, page, prep, withSw) {
  // A server of its own for every run: nothing of an earlier run (a precache still
  // downloading) shares this run's link.
  const shaped = shapedServer(files);
  await new Promise((ok) => shaped.server.listen(0, "127.0.0.1", ok));
  const origin = `http://127.0.0.1:${shaped.server.address().port}${BASE}`;
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: withSw ? "allow" : "block",
  });
  const tab = await context.newPage();
  const errors = [];
  tab.on("pageerror", (e) => errors.push(e.message));
  await tab.addInitScript(PROBE(page.control));
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const t0 = performance.now();
  const started = Date.now();
  await tab.goto(origin + page.url(prep), { waitUntil: "commit" });
  await tab.waitForFunction(() => window.__control !== undefined, null, { timeout: 60000, polling: 50 });
  // From the navigation's start, as Lighthouse counts (not from the goto call: Playwright's
  // own round trips and the renderer's start before the navigation are the harness's, ~200 ms).
  const [control, origin0] = await tab.evaluate(() => [window.__control, window.__origin0]);
  const controlMs = control - origin0;
  const fromGotoMs = control - started;
  if (process.env.LOAD_BENCH_TRACE) {
    const wasm = await tab.evaluate(() => performance.getEntriesByType("resource").map((e) => [e.name.split("/").pop().slice(0, 24), Math.round(e.startTime), Math.round(e.requestStart), Math.round(e.responseStart), Math.round(e.responseEnd)]));
    const [html, instantiated, started, control] = await tab.evaluate(() => [Math.round(performance.getEntriesByType("navigation")[0].responseStart), Math.round(window.__instantiated), Math.round(window.__started), Math.round(window.__control - performance.timeOrigin)]);
    console.log(page.name, "control", Math.round(controlMs), "(from the goto call", Math.round(fromGotoMs), ") | this document: html first byte", html, "resources [name, start, request, first byte, end]", JSON.stringify(wasm), "instantiated", instantiated, "started", started, "control", control);
  }
  const wireToControl = shaped.sentSince(t0, t0 + controlMs + 50);
  // What the page and its service worker go on to fetch (the precache) once it is usable,
  // and the page's own start-up work after its first paint (mahjong's tables, in slices).
  await tab.waitForTimeout(withSw ? 15000 : STARTING_MS);
  const wireAll = shaped.sentSince(t0);
  // The longest main-thread task while the page starts: from its opening to STARTING_MS
  // after its first control (a task of a page that sent the browser on is not seen).
  const longestTaskMs = await tab.evaluate((until) => {
    const controlAt = window.__control - performance.timeOrigin;
    return Math.max(0, ...window.__tasks.filter(([start]) => start <= controlAt + until).map(([, d]) => d));
  }, STARTING_MS);
  if (process.env.LOAD_BENCH_TRACE) {
    const tasks = await tab.evaluate(() => window.__tasks.map(([s, d]) => [Math.round(s), Math.round(d)]));
    console.log(page.name, withSw ? "with SW" : "no SW", "long tasks [start, ms]", JSON.stringify(tasks));
  }
  await context.close();
  shaped.server.closeAllConnections();
  shaped.server.close();
  if (errors.length) throw new Error(`${page.name}: page errors: ${errors.join("; ")}`);
  return { controlMs, wireToControl, wireAll, longestTaskMs };
}

/** A real invitation for the guest's page: a host page opened unthrottled makes one. */
async function prepare(browser, files) {
  const shaped = shapedServer(files);
  await new Promise((ok) => shaped.server.listen(0, "127.0.0.1", ok));
  const origin = `http://127.0.0.1:${shaped.server.address().port}${BASE}`;
  const context = await browser.newContext({ serviceWorkers: "block" });
  const tab = await context.newPage();
  await tab.goto(origin + "friends/#/friends");
  const link = tab.locator("[data-testid=invite-link]").first();
  await link.waitFor({ timeout: 30000 });
  const href = await link.getAttribute("href");
  await context.close();
  shaped.server.closeAllConnections();
  shaped.server.close();
  // The invite is an absolute link to the guest's page; keep its path under the base.
  const url = new URL(href, origin);
  return { invite: url.pathname.slice(BASE.length) + url.hash };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!existsSync(join(DIST, "index.html"))) {
    console.error(`load-bench: no build in ${DIST} (run scripts/build-web first)`);
    process.exit(2);
  }
  const files = loadSite(DIST);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  const results = [];
  try {
    const needsInvite = pages.some((p) => p.name === "guest");
    const prep = needsInvite ? await prepare(browser, files) : {};
    if (!JSON_OUT) {
      console.log(`load-bench: ${RUNS} runs a page; ${RTT_MS} ms RTT, ${DOWN_BYTES_PER_S * 8 / 1e6} Mbit/s down, CPU ${CPU_SLOWDOWN}× slower; medians`);
      console.log("page          first control (ms)   wire to control   wire in 15 s     longest task while");
      console.log("              no SW   with SW      (KB)              with SW (KB)     starting (ms, median / max)");
    }
    for (const page of pages) {
      const runs = { sw: [], nosw: [] };
      for (let i = 0; i < RUNS; i++) {
        runs.nosw.push(await openOnce(browser, files, page, prep, false));
        runs.sw.push(await openOnce(browser, files, page, prep, true));
      }
      const row = {
        page: page.name,
        controlMs: Math.round(median(runs.nosw.map((r) => r.controlMs))),
        controlMsWithSw: Math.round(median(runs.sw.map((r) => r.controlMs))),
        wireToControlKB: Math.round(median(runs.nosw.map((r) => r.wireToControl)) / 1024),
        wireWithSwKB: Math.round(median(runs.sw.map((r) => r.wireAll)) / 1024),
        // Each run's longest task: the median run's, and the worst run's (one long task is
        // one a player may feel; on a busy two-core machine one run in several also
        // catches a pause of the browser's own).
        longestTaskMedianMs: Math.round(median([...runs.sw, ...runs.nosw].map((r) => r.longestTaskMs))),
        longestTaskMs: Math.round(Math.max(...[...runs.sw, ...runs.nosw].map((r) => r.longestTaskMs))),
      };
      results.push(row);
      if (!JSON_OUT) {
        const cells = [row.controlMs, row.controlMsWithSw, row.wireToControlKB, row.wireWithSwKB, `${row.longestTaskMedianMs} / ${row.longestTaskMs}`];
        const widths = [5, 9, 10, 17, 17];
        console.log(row.page.padEnd(13) + cells.map((c, i) => String(c).padStart(widths[i])).join(""));
      }
    }
  } finally {
    await browser.close();
  }
  if (JSON_OUT) console.log(JSON.stringify(results, null, 2));
}

await main();
