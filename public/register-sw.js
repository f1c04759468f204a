// PWA: registers the service worker (scripts/build-sw.mjs writes it at build time).
// A new deployment is fetched in the background; when it is ready, offer a reload.
// Shared by every page of the site; the page says where sw.js is (data-sw), since
// the other pages live a folder or two down.
//
// A first visit registers it only once the page is usable: the app dispatches
// "tuolaji-ready" after its first screen is drawn, and the browser is idle. Its precache
// downloads the whole site, which on a phone's link would otherwise share the bandwidth
// with this page's own wasm and delay the first control by seconds (e2e/load-bench.mjs
// measures both ways). A page whose app never says so registers it 10 s after loading.
(function () {
  var worker_url = (document.currentScript && document.currentScript.dataset.sw) || "sw.js";
  if ("serviceWorker" in navigator) {
    var started = false;
    var start = function () {
      if (started) return;
      started = true;
      var idle = window.requestIdleCallback || function (f) { setTimeout(f, 1); };
      idle(register, { timeout: 3000 });
    };
    window.addEventListener("tuolaji-ready", function () { setTimeout(start, 1000); });
    window.addEventListener("load", function () { setTimeout(start, 10000); });
    function register() {
      navigator.serviceWorker.register(worker_url).then(function (reg) {
        function offer(worker) {
          if (!worker || document.getElementById("update-banner")) return;
          var bar = document.createElement("div");
          bar.id = "update-banner";
          bar.setAttribute("role", "status");
          var text = document.createElement("span");
          text.textContent = (navigator.language || "").startsWith("zh")
            ? "新版本已就绪。" : "A new version of tuolaji is ready.";
          var button = document.createElement("button");
          button.textContent = (navigator.language || "").startsWith("zh") ? "刷新更新" : "Reload to update";
          button.addEventListener("click", function () { worker.postMessage({ type: "skip-waiting" }); });
          bar.appendChild(text);
          bar.appendChild(button);
          document.body.appendChild(bar);
        }
        if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
        reg.addEventListener("updatefound", function () {
          var incoming = reg.installing;
          if (!incoming) return;
          incoming.addEventListener("statechange", function () {
            if (incoming.state === "installed" && navigator.serviceWorker.controller) offer(incoming);
          });
        });
      }).catch(function (e) { console.warn("service worker not registered:", e && e.message); });
    }
    var reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading || !document.getElementById("update-banner")) return;
      reloading = true;
      window.location.reload();
    });
  }
})();
