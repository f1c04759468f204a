// One link seats the whole table (issue 31, docs/room.md), through real relays on loopback
// (e2e/relays.mjs: an MQTT broker and a WebTorrent tracker). The host shares the lobby's
// room link; two guests open it, type a name and are seated with nobody sending anything
// back. The relays carry only sealed text: no SDP, no address, no name. The host's page
// then reloads (a new page, the same saved table and room): both guests' connections drop,
// they knock again through the relays and are back in their seats, nobody doing anything.
// A friend who comes once the hand has started watches, and takes a bot's seat at the next
// hand; the host's page reloaded mid-hand, the guests are back within 20 s. Each kind of relay alone seats a guest; two rooms on the same relays never cross; with no
// relay (an empty list, or none answering) the seats' own invites are the way in.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, playHand, VIEWPORTS } from "./helpers.mjs";
import { startRelays } from "../relays.mjs";

const shared = sharedBrowserAndSite();
let browser, site;
// The file's browser and site (helpers.mjs), under the names the tests use.
beforeEach(() => ({ browser, site } = shared));

const guestsSeated = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll("[data-testid=lobby-seat][data-kind=guest]").length === n, n, { timeout: 60000 });

/** A host page at phone size with the relay list `relays`, once its room link shows;
 * `link` is that link's locator. */
async function openHost(relays) {
  const host = await openPage(browser, VIEWPORTS.phone, { relays });
  await host.page.goto(site.url + "friends/#/friends");
  await waitForApp(host.page);
  const link = host.page.locator("[data-testid=room-link]");
  await link.waitFor({ timeout: 20000 });
  return { ...host, link };
}

/** A guest that opens the room link and joins as `name`. */
async function joinByLink(href, name, relays) {
  const guest = await openPage(browser, VIEWPORTS.phone, { relays });
  await guest.page.goto(href);
  await waitForApp(guest.page);
  await guest.page.fill("[data-testid=guest-name]", name);
  await guest.page.click("[data-testid=join-button]");
  return guest;
}

/** Whether a guest's page shows its own seat in the lobby, waiting for the start. */
const seatedAs = (page, seat) =>
  page.waitForFunction((s) => (document.querySelector("[data-testid=peer-status]")?.textContent || "").includes(` ${s}.`), seat, { timeout: 60000 });

test("one room link seats two guests, and after the host's reload they come back by themselves", async () => {
  const relayed = [];
  const relays = await startRelays({ onPublish: (_topic, payload) => relayed.push(payload.toString()), onMessage: (text) => relayed.push(text) });
  const opened = [];
  try {
    const host = await openHost(relays.list);
    opened.push(host);
    const link = host.link;
    await host.page.waitForFunction(() => /2 of 2|2 个/.test(document.querySelector("[data-testid=relays-up]")?.textContent || ""), null, { timeout: 20000 });
    await screenshot(host.page, "room-lobby-phone");
    // One link does it: the seats' own invites wait behind a button.
    assert.equal(await host.page.locator("[data-testid=invite]").count(), 0);
    const lobbyHeight = await host.page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(lobbyHeight <= 2 * 740, `the lobby is ${lobbyHeight} px high`);
    const href = await link.getAttribute("href");
    assert.match(href, /join\/#\/join\/A[A-Za-z0-9_-]{130}$/, "the link carries the room code");

    const ann = await joinByLink(href, "Ann Lee", relays.list);
    const ben = await joinByLink(href, "Ben Wu", relays.list);
    opened.push(ann, ben);
    await guestsSeated(host.page, 2);
    await seatedAs(ann.page, 2).catch(() => seatedAs(ann.page, 3));
    const names = await host.page.locator("[data-testid=lobby-seat][data-kind=guest] [data-testid=seat-name]").allTextContents();
    assert.deepEqual(names.sort(), ["Ann Lee", "Ben Wu"]);
    await screenshot(ann.page, "room-guest-seated-phone");

    // What the relays saw: sealed base64url only — no SDP, no candidate address, no name.
    // Every probe holds a character base64url never has ('=', '.', ' '), so random sealed
    // text cannot spell one by chance (a bare "Ann" did, once in CI).
    assert.ok(relayed.length > 4, `the relays carried the signalling (${relayed.length} messages)`);
    for (const text of relayed) {
      assert.doesNotMatch(text, /v=0|a=candidate|a=fingerprint|127\.0\.0\.1|Ann Lee|Ben Wu/, text.slice(0, 200));
    }

    // The host's page reloads: the guests' connections close, they knock again, and each
    // is back in its seat.
    const seatOf = async (name) =>
      host.page.locator("[data-testid=lobby-seat]").filter({ hasText: name }).first().getAttribute("data-seat");
    const before = [await seatOf("Ann Lee"), await seatOf("Ben Wu")];
    await host.page.reload();
    await waitForApp(host.page);
    await host.page.waitForSelector("[data-testid=lobby-seat][data-kind=guest]", { timeout: 20000 });
    await host.page.waitForFunction(
      // A guest away shows "offline" beside its name; both must be back.
      () => [...document.querySelectorAll("[data-testid=lobby-seat][data-kind=guest] .peer-seat-head .muted")].every((s) => s.textContent === ""),
      null,
      { timeout: 60000, polling: 250 },
    );
    assert.deepEqual([await seatOf("Ann Lee"), await seatOf("Ben Wu")], before, "each guest is back in its own seat");
    assert.equal(await link.getAttribute("href"), href, "the reloaded page keeps the same room");
    // The seats' invites are still there for whoever needs one.
    await host.page.click("[data-testid=invites-by-hand]");
    await host.page.locator("[data-testid=invite][data-seat='3'] [data-testid=invite-link]").waitFor({ timeout: 20000 });
    for (const p of [host, ann, ben]) assert.deepEqual(p.problems(), []);
  } finally {
    for (const p of opened) await p.context.close();
    await relays.stop();
  }
});

test("three friends seated by one link play a hand to a verified deal; one closes its page mid-hand and is back by the link", async () => {
  const relays = await startRelays();
  const opened = [];
  try {
    const host = await openHost(relays.list);
    opened.push(host);
    const link = host.link;
    const href = await link.getAttribute("href");
    const guests = [];
    for (const name of ["Ana", "Bo", "Chen"]) {
      const g = await joinByLink(href, name, relays.list);
      opened.push(g);
      guests.push(g);
    }
    await guestsSeated(host.page, 3);
    await host.page.click("[data-testid=start-game]");
    const pages = [host.page, ...guests.map((g) => g.page)];
    await Promise.all(pages.map((p) => playHand(p)));
    for (const g of guests) {
      await g.page.waitForSelector("[data-testid=deal-verified]", { timeout: 20000 });
      assert.equal(await g.page.locator("[data-testid=deal-not-verified]").count(), 0);
    }

    // Hand 2: Chen's page closes while the cards are drawn; the link opened again in the
    // same browser (its name and seat token kept) brings it back to its seat, with nothing
    // to tap.
    const seatOfChen = await host.page.locator("[data-testid=lobby-seat]").filter({ hasText: "Chen" }).first().getAttribute("data-seat");
    await guests[0].page.click("[data-testid=next-hand]");
    for (const p of pages) await p.waitForFunction(() => document.querySelector("[data-testid=table]")?.dataset.phase === "draw", null, { timeout: 20000 });
    await guests[2].page.close();
    const others = Promise.all([host.page, guests[0].page, guests[1].page].map((p) => playHand(p)));
    const back = await guests[2].context.newPage();
    const reopened = Date.now();
    await back.goto(href);
    await waitForApp(back);
    await back.waitForSelector("[data-testid=table]", { timeout: 20000 });
    assert.equal(await back.locator("[data-testid=guest-name]").count(), 0, "no name to confirm");
    const tookMs = Date.now() - reopened;
    assert.ok(tookMs < 15000, `back at the table after ${tookMs} ms`);
    assert.equal(
      await host.page.locator("[data-testid=lobby-seat]").filter({ hasText: "Chen" }).first().getAttribute("data-seat"),
      seatOfChen,
      "the same seat",
    );
    await Promise.all([others, playHand(back)]);
    for (const p of [guests[0].page, guests[1].page, back]) {
      await p.waitForFunction(() => document.querySelector("[data-testid=deal-verified]")?.dataset.hand === "1", null, { timeout: 20000 });
    }
  } finally {
    for (const p of opened) await p.context.close();
    await relays.stop();
  }
});

test("a friend who opens the link once the hand has started watches and takes a bot's seat at the next hand; the host reloads mid-hand and everyone is back", async () => {
  const relays = await startRelays();
  const opened = [];
  try {
    const host = await openHost(relays.list);
    opened.push(host);
    const href = await host.link.getAttribute("href");
    const ana = await joinByLink(href, "Ana", relays.list);
    opened.push(ana);
    await guestsSeated(host.page, 1);
    await host.page.click("[data-testid=fill-bots]");
    await host.page.click("[data-testid=start-game]");
    for (const p of [host.page, ana.page]) await p.locator("[data-testid=table]").waitFor({ timeout: 20000 });

    // Dee comes late: no seat is free, so the page says it watches until the next hand, and
    // shows the public table (no hand of its own).
    const dee = await joinByLink(href, "Dee", relays.list);
    opened.push(dee);
    const watching = dee.page.locator("[data-testid=watching]");
    await watching.waitFor({ timeout: 30000 });
    assert.match(await watching.textContent(), /next hand|start of a hand/i);
    await dee.page.locator("[data-testid=table]").waitFor({ timeout: 20000 });
    assert.equal(await dee.page.locator("[data-testid=hand] [data-card]").count(), 0, "a watcher holds no cards");
    // The host's page names who waits for a seat.
    await host.page.waitForFunction(() => /Dee/.test(document.querySelector("[data-testid=waiting-guests]")?.textContent ?? ""), null, { timeout: 20000 });
    await screenshot(dee.page, "room-late-guest-watching-phone");
    await Promise.all([host.page, ana.page].map((p) => playHand(p)));

    // The next hand: Dee takes the first bot's seat and plays it, and its deal verifies.
    await ana.page.click("[data-testid=next-hand]");
    await guestsSeated(host.page, 2);
    assert.equal(await host.page.locator("[data-testid=lobby-seat][data-kind=guest]").filter({ hasText: "Dee" }).count(), 1);
    await host.page.waitForFunction(() => !document.querySelector("[data-testid=waiting-guests]"), null, { timeout: 10000 });
    await dee.page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length > 0, null, { timeout: 30000 });
    assert.equal(await watching.count(), 0, "seated, it no longer watches");

    // The host's page reloads mid-hand: both guests are back in their seats within 20 s with
    // nobody doing anything, and the hand plays on to a deal each of them verifies.
    await host.page.reload();
    const reloaded = Date.now();
    await waitForApp(host.page);
    await host.page.locator("[data-testid=table]").waitFor({ timeout: 20000 });
    await host.page.waitForFunction(() => {
      // A guest away shows "offline" beside its name.
      const guests = [...document.querySelectorAll("[data-testid=lobby-seat][data-kind=guest]")];
      return guests.length === 2 && guests.every((g) => g.querySelector(".peer-seat-head .muted")?.textContent === "");
    }, null, { timeout: 20000, polling: 250 });
    const backMs = Date.now() - reloaded;
    assert.ok(backMs < 20000, `both guests back ${backMs} ms after the host's reload`);
    await Promise.all([host.page, ana.page, dee.page].map((p) => playHand(p)));
    for (const p of [ana.page, dee.page]) {
      await p.waitForFunction(() => document.querySelector("[data-testid=deal-verified]")?.dataset.hand === "1", null, { timeout: 20000 });
    }
  } finally {
    for (const p of opened) await p.context.close();
    await relays.stop();
  }
});

for (const kind of ["mqtt", "torrent"]) {
  test(`a ${kind === "mqtt" ? "broker" : "tracker"} alone seats a guest`, async () => {
    const relays = await startRelays();
    try {
      const list = `${kind} ${relays[kind]}`;
      const host = await openHost(list);
      const guest = await joinByLink(await host.link.getAttribute("href"), "Cy", list);
      await guestsSeated(host.page, 1);
      await guest.context.close();
      await host.context.close();
    } finally {
      await relays.stop();
    }
  });
}

test("the lobby's room link reads in Chinese", async () => {
  const relays = await startRelays();
  const host = await openPage(browser, VIEWPORTS.phone, { relays: relays.list });
  try {
    await host.page.goto(site.url + "#/settings");
    await waitForApp(host.page);
    await host.page.selectOption("[data-testid=language]", "zh");
    await host.page.goto(site.url + "friends/#/friends");
    await waitForApp(host.page);
    await host.page.locator("[data-testid=room-link]").waitFor({ timeout: 20000 });
    await host.page.waitForFunction(() => /已连接 2 个中继中的 2 个/.test(document.querySelector("[data-testid=relays-up]")?.textContent || ""), null, { timeout: 20000 });
    const room = await host.page.locator("[data-testid=room]").textContent();
    assert.match(room, /一个链接请所有人/);
    assert.doesNotMatch(room.replace(/https?:\/\/\S+/g, ""), /\b(relays?|link|seat|Copy)\b/i, room);
    await screenshot(host.page, "room-lobby-zh-phone");
    assert.deepEqual(host.problems(), []);
  } finally {
    await host.context.close();
    await relays.stop();
  }
});

test("two rooms on the same relays never cross: each guest is seated at its own host's table", async () => {
  const relays = await startRelays();
  const opened = [];
  try {
    const hosts = [];
    for (let i = 0; i < 2; i++) {
      const host = await openHost(relays.list);
      opened.push(host);
      hosts.push(host);
    }
    const links = await Promise.all(hosts.map((h) => h.link.getAttribute("href")));
    assert.notEqual(links[0], links[1]);
    const dee = await joinByLink(links[0], "Dee", relays.list);
    const eve = await joinByLink(links[1], "Eve", relays.list);
    opened.push(dee, eve);
    await guestsSeated(hosts[0].page, 1);
    await guestsSeated(hosts[1].page, 1);
    const seated = async (h) => h.page.locator("[data-testid=lobby-seat][data-kind=guest] [data-testid=seat-name]").allTextContents();
    assert.deepEqual(await seated(hosts[0]), ["Dee"]);
    assert.deepEqual(await seated(hosts[1]), ["Eve"]);
  } finally {
    for (const p of opened) await p.context.close();
    await relays.stop();
  }
});

test("with an empty relay list the seats' own invites are the way in, and nothing warns", async () => {
  const host = await openPage(browser, VIEWPORTS.phone);
  await host.page.goto(site.url + "friends/#/friends");
  await waitForApp(host.page);
  await host.page.locator("[data-testid=invite][data-seat='1'] [data-testid=invite-link]").waitFor({ timeout: 20000 });
  assert.equal(await host.page.locator("[data-testid=room-link], [data-testid=room-error]").count(), 0);
  assert.deepEqual(host.problems(), []);
  await host.context.close();
});

test("when no relay answers, the lobby falls back to the seats' invites within seconds", async () => {
  const relays = await startRelays();
  await relays.stop();
  const host = await openHost(relays.list);
  const opened = Date.now();
  await host.page.locator("[data-testid=invite][data-seat='1'] [data-testid=invite-link]").waitFor({ timeout: 20000 });
  const waited = Date.now() - opened;
  assert.ok(waited < 15000, `the invites showed after ${waited} ms`);
  assert.match(await host.page.locator("[data-testid=relays-up]").textContent(), /0 of 2/);
  assert.match(await host.page.locator("[data-testid=room-error]").textContent(), /^No relay answered/);
  await host.context.close();
});

test("the relay list in Settings is checked line by line, saved, and its defaults come back", async () => {
  const { context, page, problems } = await openPage(browser, VIEWPORTS.phone);
  await page.goto(site.url + "#/settings");
  await waitForApp(page);
  const box = page.locator("[data-testid=relays]");
  // The tests start with an empty list (helpers.mjs); the button brings the public defaults.
  assert.equal(await box.inputValue(), "");
  await page.click("[data-testid=relays-defaults]");
  assert.match(await box.inputValue(), /^mqtt wss:\/\/.+\n(.+\n)*torrent wss:\/\//);
  await box.fill("mqtt wss://broker.example.org/mqtt\nnostr wss://relay.example.org");
  assert.match(await page.locator("[data-testid=relays-error]").textContent(), /^line 2: /);
  assert.ok(await page.locator("[data-testid=relays-save]").isDisabled());
  await page.selectOption("[data-testid=language]", "zh");
  assert.match(await page.locator("[data-testid=relays-error]").textContent(), /^第2行：/);
  await page.selectOption("[data-testid=language]", "en");
  await box.fill("mqtt wss://broker.example.org/mqtt\ntorrent wss://tracker.example.org");
  assert.equal(await page.locator("[data-testid=relays-error]").count(), 0);
  await page.click("[data-testid=relays-save]");
  assert.equal(await page.evaluate(() => localStorage.getItem("tuolaji.relays.v1")), "mqtt wss://broker.example.org/mqtt\ntorrent wss://tracker.example.org");
  await screenshot(page, "settings-relays-phone");
  assert.deepEqual(problems(), []);
  await context.close();
});
