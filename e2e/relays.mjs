// Real relays for the room tests (issue 31), on loopback, from the npm registry: an MQTT
// broker with a WebSocket listener (aedes, through aedes-server-factory) and a WebTorrent
// tracker (bittorrent-tracker's server, WebSocket only). Each takes a free port; pages are
// pointed at them through the relay list in localStorage (`tuolaji.relays.v1`), plain
// ws:// on loopback. No test reaches the internet.
//
//   const relays = await startRelays();   // { mqtt: "ws://127.0.0.1:…", torrent: "ws://…", list, stop… }
//   ...
//   await relays.stop();
//
// `node e2e/relays.mjs` starts both and prints the list (for trying the app by hand).

import { createServer } from "aedes-server-factory";
// The server alone: the package's root also loads its WebRTC client, whose native part is
// never built here (npm runs no install scripts: scripts/setup.sh).
import TrackerServer from "bittorrent-tracker/server";

async function newBroker() {
  const mod = await import("aedes");
  const Aedes = mod.Aedes ?? mod.default;
  return typeof Aedes.createBroker === "function" ? await Aedes.createBroker() : new Aedes();
}

function listen(server, ...args) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(...args, () => resolve());
  });
}

/** An MQTT broker listening for WebSockets; `onPublish(topic, payload)` sees every message. */
export async function startBroker({ onPublish, host = "127.0.0.1" } = {}) {
  const broker = await newBroker();
  if (onPublish) {
    broker.on("publish", (packet, client) => {
      if (client) onPublish(packet.topic, Buffer.from(packet.payload));
    });
  }
  const http = createServer(broker, { ws: true });
  // Open WebSockets keep an HTTP server from closing: stopping ends them.
  const sockets = new Set();
  http.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await listen(http, 0, host);
  const url = `ws://${host}:${http.address().port}/mqtt`;
  const stop = () =>
    new Promise((resolve) => {
      http.close(() => broker.close(() => resolve()));
      sockets.forEach((socket) => socket.destroy());
    });
  return { url, stop };
}

/** A WebTorrent tracker listening for WebSockets; `onMessage(text)` sees every frame it receives. */
export async function startTracker({ onMessage, host = "127.0.0.1" } = {}) {
  const server = new TrackerServer({ http: false, udp: false, ws: true, stats: false, interval: 120_000 });
  server.on("warning", () => {});
  server.on("error", () => {});
  if (onMessage) {
    server.ws.on("connection", (socket) => socket.on("message", (data) => onMessage(String(data))));
  }
  await new Promise((resolve) => server.listen(0, host, resolve));
  const url = `ws://${host}:${server.ws.address().port}`;
  // Open sockets (a page still connected) would keep the tracker from closing: end them.
  const stop = () =>
    new Promise((resolve) => {
      server.ws.clients?.forEach((socket) => socket.terminate());
      server.close(() => resolve());
    });
  return { url, stop };
}

/** Both kinds; `list` is the text to store under `tuolaji.relays.v1`. `hooks.host`: the
 * address to listen on (loopback unless given: the NAT lab's servers listen on its own). */
export async function startRelays(hooks = {}) {
  const broker = await startBroker(hooks);
  const tracker = await startTracker(hooks);
  return {
    mqtt: broker.url,
    torrent: tracker.url,
    list: `mqtt ${broker.url}\ntorrent ${tracker.url}`,
    stopBroker: broker.stop,
    stopTracker: tracker.stop,
    stop: () => Promise.all([broker.stop(), tracker.stop()]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const relays = await startRelays();
  console.log(`relays on loopback (Settings → relays, or localStorage tuolaji.relays.v1):\n${relays.list}`);
  process.on("SIGINT", async () => {
    await relays.stop();
    process.exit(0);
  });
}
