// tuolaji service worker (template: scripts/build-sw.mjs fills in the version and the
// asset list from the build output). Cache-first for the app shell so the game starts
// offline; a new version installs in the background and waits until the page asks it
// to take over ("Reload to update").
const VERSION = "__VERSION__";
const CACHE = "tuolaji-" + VERSION;
const ASSETS = __ASSETS__;
// The build's content-hashed names (`main-0123456789abcdef.css`, `…_bg.wasm`): the same name
// is the same bytes, so a new version takes them from the previous version's cache
// instead of downloading them again.
const HASHED = /-[0-9a-f]{16}(_bg)?\.(wasm|js|css)$/;
// Downloads at once: few enough that a phone's first visit is not slowed (the page
// registers this worker only once it is usable), enough that round trips overlap.
const PARALLEL = 3;

async function precache() {
  const cache = await caches.open(CACHE);
  const previous = await Promise.all(
    (await caches.keys()).filter((k) => k.startsWith("tuolaji-") && k !== CACHE).map((k) => caches.open(k))
  );
  const queue = ASSETS.slice();
  async function one(url) {
    if (await cache.match(url)) return;
    if (HASHED.test(url)) {
      for (const old of previous) {
        const kept = await old.match(url);
        if (kept) return cache.put(url, kept);
      }
    }
    const response = await fetch(new Request(url, { cache: "no-cache" }));
    if (!response.ok) throw new Error(`precache: ${url}: HTTP ${response.status}`);
    await cache.put(url, response);
  }
  async function lane() {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) await one(url);
  }
  await Promise.all(Array.from({ length: PARALLEL }, lane));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("tuolaji-") && k !== CACHE).map((k) => caches.delete(k)))
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (err) {
        // Offline and not cached: a navigation still gets the app shell.
        if (request.mode === "navigate") {
          const shell = await cache.match("./");
          if (shell) return shell;
        }
        throw err;
      }
    })
  );
});
