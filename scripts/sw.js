// tuolaji service worker (template: scripts/build-sw.mjs fills in the version and the
// asset list from the build output). Cache-first for the app shell so the game starts
// offline; a new version installs in the background and waits until the page asks it
// to take over ("Reload to update").
const VERSION = "__VERSION__";
const CACHE = "tuolaji-" + VERSION;
const ASSETS = __ASSETS__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)));
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
