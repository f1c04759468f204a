// The relays the room tests start (e2e/relays.mjs, issue 31): a real MQTT broker and a real
// WebTorrent tracker from npm, on loopback. Checked here with plain WebSocket clients, as
// the pages will use them: a message published on a topic reaches its subscriber, an offer
// announced in a swarm reaches the other peer and its answer comes back, the hooks see the
// traffic, and stopping closes both.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { startRelays } from "../relays.mjs";

const WebSocket = createRequire(import.meta.url)("ws");

function open(url, protocols) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    const inbox = [];
    const waiters = [];
    ws.on("message", (data) => {
      inbox.push(data);
      waiters.splice(0).forEach((w) => w());
    });
    // The next `n` bytes, however the sender split them into frames (aedes writes a
    // packet's parts as separate frames).
    ws.bytes = async (n) => {
      let out = Buffer.alloc(0);
      while (out.length < n) out = Buffer.concat([out, Buffer.from(await ws.next())]);
      assert.equal(out.length, n, "no more than the packet");
      return out.toString("hex");
    };
    ws.next = async (timeout = 5000) => {
      const deadline = Date.now() + timeout;
      while (!inbox.length) {
        if (Date.now() > deadline) throw new Error(`nothing from ${url}`);
        await new Promise((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return inbox.shift();
    };
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

const hex = (s) => Buffer.from(s.replace(/ /g, ""), "hex");

test("the MQTT broker relays a publish to the topic's subscriber", async () => {
  const seen = [];
  const relays = await startRelays({ onPublish: (topic, payload) => seen.push([topic, payload.toString()]) });
  try {
    const ws = await open(relays.mqtt, ["mqtt"]);
    // CONNECT (client "ab", keep-alive 60), then CONNACK.
    ws.send(hex("10 0e 00 04 4d51 5454 04 02 003c 0002 6162"));
    assert.equal(await ws.bytes(4), "20020000");
    // SUBSCRIBE packet 1 to "t" at QoS 0, then SUBACK granting QoS 0.
    ws.send(hex("82 06 0001 0001 74 00"));
    assert.equal(await ws.bytes(5), "9003000100");
    // PUBLISH "hi" on "t": it comes back to this subscriber.
    ws.send(hex("30 05 0001 74 6869"));
    assert.equal(await ws.bytes(7), "30050001746869");
    // The broker tells its hook once the message is delivered.
    for (let i = 0; i < 40 && !seen.length; i++) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(seen, [["t", "hi"]]);
    ws.close();
  } finally {
    await relays.stop();
  }
});

test("the tracker hands an offer to the other peer of the swarm and its answer back", async () => {
  const frames = [];
  const relays = await startRelays({ onMessage: (text) => frames.push(JSON.parse(text).action) });
  try {
    const base = { action: "announce", info_hash: "roomroomroomroomroom", uploaded: 0, downloaded: 0, left: 0 };
    const host = await open(relays.torrent);
    host.send(JSON.stringify({ ...base, peer_id: "hosthosthosthosthost", numwant: 0, event: "started", offers: [] }));
    assert.equal(JSON.parse(await host.next()).action, "announce", "the tracker's reply");
    const guest = await open(relays.torrent);
    const offer = { offer_id: "knockknockknockknock", offer: { type: "offer", sdp: "c2VhbGVk" } };
    guest.send(JSON.stringify({ ...base, peer_id: "guestguestguestguest", numwant: 1, event: "started", offers: [offer] }));
    let got;
    do got = JSON.parse(await host.next());
    while (!got.offer);
    assert.equal(got.peer_id, "guestguestguestguest");
    assert.deepEqual(got.offer, offer.offer);
    host.send(JSON.stringify({ ...base, peer_id: "hosthosthosthosthost", to_peer_id: got.peer_id, offer_id: got.offer_id, answer: { type: "answer", sdp: "YW5zd2Vy" } }));
    do got = JSON.parse(await guest.next());
    while (!got.answer);
    assert.equal(got.peer_id, "hosthosthosthosthost");
    assert.equal(got.answer.sdp, "YW5zd2Vy");
    assert.ok(frames.length >= 3, `the hook saw the frames: ${frames}`);
    host.close();
    guest.close();
  } finally {
    await relays.stop();
  }
  // Stopped: nothing listens any more.
  await assert.rejects(open(relays.torrent));
  await assert.rejects(open(relays.mqtt, ["mqtt"]));
});
