// Scanning a QR code with the camera, where the browser has a barcode detector (see
// src/web/peer/scan.rs, which calls this). Plain JavaScript because it is only browser
// glue, and written in Rust it cost the host's page 4.5 KB of its 400 KB wasm budget.
//   tuolajiQr.start(box) -> shows the camera in a video inside `box` until a code is read:
//                           a promise of its text, or null once stop() is called; rejects
//                           when the camera cannot be opened.
//   tuolajiQr.stop()
(function () {
  var running = null;
  function stopTracks(stream) {
    if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
  }
  window.tuolajiQr = {
    available: function () {
      return "BarcodeDetector" in window && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
    },
    start: async function (box) {
      var me = {};
      running = me;
      var stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      var video = document.createElement("video");
      video.className = "scan-video";
      video.muted = true;
      video.setAttribute("playsinline", "");
      box.appendChild(video);
      try {
        video.srcObject = stream;
        await video.play().catch(function () {});
        var detector = new window.BarcodeDetector({ formats: ["qr_code"] });
        while (running === me) {
          var codes = await detector.detect(video).catch(function () { return []; });
          if (codes.length && codes[0].rawValue) return codes[0].rawValue;
          await new Promise(function (r) { setTimeout(r, 200); });
        }
        return null;
      } finally {
        if (running === me) running = null;
        stopTracks(stream);
        video.remove();
      }
    },
    stop: function () {
      running = null;
    },
  };
})();
