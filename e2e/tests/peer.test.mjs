// Playing with friends over WebRTC: a host and three guests in separate browser contexts
// connect through the real codes on loopback (invite link → guest → answer code → host),
// play a full hand to the end with "deal verified" on every guest, then a guest drops
// mid-hand, a bot stands in, and the guest comes back through a new invite. Screenshots of
// the host lobby, a guest's join page and a guest's table at phone and desktop size.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, serveCopy, openPage, waitForApp, screenshot, playHand, watchThroughInvite, VIEWPORTS } from "./helpers.mjs";

let browser, site;
before(async () => {
  // Chromium's defaults: host candidates are mDNS names (they resolve on loopback here).
  browser = await launch();
  site = await serveCopy();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** A browser context whose app draws cards instantly (the draw speed is a preference). */
async function player(viewport) {
  const p = await openPage(browser, viewport);
  await p.context.addInitScript(() => {
    if (!localStorage.getItem("tuolaji.prefs.v1")) localStorage.setItem("tuolaji.prefs.v1", JSON.stringify({ draw_speed: "Instant" }));
  });
  return p;
}

const sizes = { offers: [], answers: [], answerMs: [] };

/** Seats a guest through the invite of `seat`: returns once the guest is welcomed. */
async function connect(host, guest, seat, name, shot) {
  const invite = host.page.locator(`[data-testid=invite][data-seat="${seat}"]`);
  const link = invite.locator("[data-testid=invite-link]");
  await link.waitFor({ timeout: 20000 });
  const href = await link.getAttribute("href");
  const code = (await invite.locator("[data-testid=invite-code]").textContent()).trim();
  assert.ok(href.endsWith("#/join/" + code), href);
  sizes.offers.push(code.length);
  await guest.page.goto(href);
  await waitForApp(guest.page);
  if (name !== null) await guest.page.fill("[data-testid=guest-name]", name);
  await guest.page.click("[data-testid=join-button]");
  const answerBox = guest.page.locator("[data-testid=answer-code]");
  // The default STUN servers are configured and unreachable here: the answer still comes quickly.
  const asked = Date.now();
  await answerBox.waitFor({ timeout: 20000 });
  sizes.answerMs.push(Date.now() - asked);
  const answer = (await answerBox.textContent()).trim();
  sizes.answers.push(answer.length);
  if (shot) await screenshot(guest.page, shot);
  await invite.locator("[data-testid=answer-input]").fill(answer);
  await invite.locator("[data-testid=answer-connect]").click();
  await guest.page.waitForSelector("[data-testid=guest-lobby], [data-testid=table]", { timeout: 20000 });
}

test("a host and three guests play a hand over WebRTC; a dropped guest comes back", async () => {
  const host = await player(VIEWPORTS.desktop);
  const guests = [await player(VIEWPORTS.phone), await player(VIEWPORTS.desktop), await player(VIEWPORTS.phone)];
  await host.page.goto(site.url + "#/friends");
  await waitForApp(host.page);
  await host.page.waitForSelector("[data-testid=peer-host]");
  assert.equal(await host.page.locator("[data-testid=lobby-seat]").count(), 4);
  await host.page.locator("[data-testid=invite][data-seat='1'] [data-testid=invite-link]").waitFor({ timeout: 20000 });
  await screenshot(host.page, "peer-host-lobby-desktop");
  await host.page.setViewportSize(VIEWPORTS.phone);
  await screenshot(host.page, "peer-host-lobby-phone");
  // A short lobby: the whole of it for four seats within two phone screens.
  const lobbyHeight = await host.page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`the host's lobby at 360 px: ${lobbyHeight} px high`);
  assert.ok(lobbyHeight <= 2 * 740, `the lobby is ${lobbyHeight} px high`);
  // The code and a QR code of the invite show on demand.
  const seat1 = host.page.locator("[data-testid=invite][data-seat='1']");
  assert.equal(await seat1.locator("[data-testid=qr]").count(), 0);
  await seat1.locator("[data-testid=invite-code-show]").click();
  await seat1.locator("[data-testid=qr]").waitFor();
  assert.ok(await seat1.locator("[data-testid=invite-code]").isVisible());
  await screenshot(host.page, "peer-host-invite-qr-phone");
  await seat1.locator("[data-testid=invite-code-show]").click();
  await host.page.setViewportSize(VIEWPORTS.desktop);

  // A bad answer is refused with a sentence, and nothing changes.
  const first = host.page.locator("[data-testid=invite][data-seat='1']");
  await first.locator("[data-testid=answer-input]").fill("not a code!");
  await first.locator("[data-testid=answer-connect]").click();
  await first.locator("[data-testid=invite-error]").waitFor();

  await connect(host, guests[0], 1, "Ana", "peer-join-phone");
  await connect(host, guests[1], 2, "Bo", "peer-join-desktop");
  await connect(host, guests[2], 3, "Chen", null);
  console.log(`signalling code sizes (chars): offers ${sizes.offers.join(", ")}; answers ${sizes.answers.join(", ")}`);
  for (const n of [...sizes.offers, ...sizes.answers]) assert.ok(n <= 200, `a code of ${n} characters`);
  console.log(`answers appeared after ${sizes.answerMs.join(", ")} ms (default STUN servers, unreachable)`);
  for (const ms of sizes.answerMs) assert.ok(ms < 5000, `an answer took ${ms} ms`);

  // Guests see the live lobby with everyone's name.
  await guests[0].page.waitForFunction(() => document.querySelector("[data-testid=guest-lobby]")?.textContent.includes("Chen"));
  assert.match(await guests[0].page.locator("[data-testid=peer-status]").textContent(), /seat 2/);
  await host.page.waitForFunction(() => document.querySelectorAll("[data-testid=invite]").length === 0);
  assert.deepEqual(
    await host.page.locator("[data-testid=seat-name]").allTextContents(),
    ["You", "Ana", "Bo", "Chen"],
  );
  await host.page.fill("[data-testid=stand-in-after]", "2");
  await host.page.locator("[data-testid=stand-in-after]").dispatchEvent("change");
  await host.page.click("[data-testid=start-game]");

  // Table talk: a line from a guest and a reaction from the host reach everyone, with names.
  const pages = [host.page, ...guests.map((g) => g.page)];
  for (const p of pages) await p.waitForSelector("[data-testid=chat]", { timeout: 20000 });
  await guests[0].page.fill("[data-testid=chat-input]", "good luck all");
  await guests[0].page.click("[data-testid=chat-send]");
  await host.page.locator("[data-testid=reaction]").first().click();
  for (const p of pages) {
    await p.waitForFunction(() => document.querySelectorAll("[data-testid=chat-line]").length === 2, null, { timeout: 10000 });
    const said = await p.locator("[data-testid=chat-line]").allTextContents();
    assert.match(said[0], /^(Ana|You): good luck all$/, said.join(" | "));
    assert.match(said[1], /^(Host|You|.+): 👍$/, said.join(" | "));
  }
  assert.equal(await guests[0].page.locator("[data-testid=chat-input]").inputValue(), "");

  // Hand 1: all four humans play to the end.
  const shots = [undefined, "peer-table-phone", "peer-table-desktop", undefined];
  await Promise.all(pages.map((p, i) => playHand(p, { shotName: shots[i] })));
  for (const g of guests) {
    await g.page.waitForSelector("[data-testid=deal-verified]", { timeout: 20000 });
    assert.equal(await g.page.locator("[data-testid=deal-not-verified]").count(), 0);
  }
  const seed = await guests[0].page.locator("[data-testid=hand-seed]").textContent();
  assert.match(seed, /^[2-9a-z]{26}$/);
  await screenshot(guests[0].page, "peer-verified-phone");

  // Hand 2: a guest drops while the cards are drawn.
  await guests[1].page.click("[data-testid=next-hand]");
  for (const p of pages) await p.waitForFunction(() => document.querySelector("[data-testid=table]")?.dataset.phase === "draw", null, { timeout: 20000 });
  await guests[2].page.close();
  const seat3 = host.page.locator("[data-testid=lobby-seat][data-seat='3']");
  await seat3.locator("text=a bot plays for them").waitFor({ timeout: 20000 });
  // The stand-in plays: the hand moves on without the guest.
  const others = Promise.all([host.page, guests[0].page, guests[1].page].map((p) => playHand(p)));
  // The guest comes back through a new invite in the same browser (its seat token is kept).
  const back = await guests[2].context.newPage();
  back.on("pageerror", (e) => guests[2].problems().push(`pageerror: ${e.message}`));
  const returning = { page: back, context: guests[2].context };
  await connect(host, returning, 3, null, null);
  await back.waitForSelector("[data-testid=table]", { timeout: 20000 });
  await seat3.locator("text=a bot plays for them").waitFor({ state: "detached", timeout: 20000 });
  assert.equal(await host.page.locator("[data-testid=lobby-seat][data-seat='3'] [data-testid=invite]").count(), 0);
  await Promise.all([others, playHand(back)]);
  for (const p of [guests[0].page, guests[1].page, back]) {
    await p.waitForFunction(() => document.querySelector("[data-testid=deal-verified]")?.dataset.hand === "1", null, { timeout: 20000 });
  }

  for (const p of [host, ...guests]) assert.deepEqual(p.problems(), []);
  for (const p of [host, ...guests]) await p.context.close();
});

test("a spectator watches a hand through a watch invite: the public table, no hidden card, no seat", async () => {
  const host = await player(VIEWPORTS.desktop);
  const guest = await player(VIEWPORTS.phone);
  const second = await player(VIEWPORTS.phone);
  const watcher = await player(VIEWPORTS.phone);
  await host.page.goto(site.url + "#/friends");
  await waitForApp(host.page);
  await host.page.waitForSelector("[data-testid=peer-host]");
  await connect(host, guest, 1, "Ana", null);
  await connect(host, second, 2, "Bo", null);
  // The host opens an invite to watch: a link to #/watch/<code>, answered like a seat's.
  const { href, code } = await watchThroughInvite(host.page, watcher.page, { name: "Dee" });
  assert.ok(href.endsWith("#/watch/" + code), href);
  // Watching takes no seat: seat 4 is still open until a bot fills it — an Expert, which
  // thinks in the host page's bot worker; the guests' lobby says so.
  assert.equal(await host.page.locator("[data-testid=invite-spectator]").count(), 1, "the used invite is gone; another can be made");
  await host.page.selectOption("[data-testid=lobby-seat][data-seat='3'] [data-testid=bot-level]", { label: "Expert" });
  await host.page.click("[data-testid=fill-bots]");
  await guest.page.waitForFunction(() => document.querySelector("[data-testid=lobby-seat][data-seat='3'] [data-testid=bot-level]")?.textContent === "Expert");
  await host.page.click("[data-testid=start-game]");
  await watcher.page.waitForSelector("[data-testid=table]", { timeout: 20000 });
  await watcher.page.waitForSelector("[data-testid=watching]");
  // Seat 4's Expert thinks in the host's bot worker: the guests' and the spectator's boards say so.
  for (const p of [guest.page, watcher.page]) {
    await p.evaluate(() => {
      window.__botThinking = false;
      new MutationObserver(() => {
        if (document.querySelector("[data-testid=seat][data-seat='3'] [data-testid=thinking]")) window.__botThinking = true;
      }).observe(document, { subtree: true, childList: true });
    });
  }
  const players = Promise.all([host.page, guest.page, second.page].map((p) => playHand(p)));
  // Mid-hand the spectator sees the table but holds no cards and has nothing to play.
  await watcher.page.waitForFunction(() => document.querySelector("[data-testid=table]")?.dataset.phase === "play", null, { timeout: 60000 });
  await screenshot(watcher.page, "peer-spectator-phone");
  assert.equal(await watcher.page.locator("[data-testid=hand] [data-card]:not([data-card=back])").count(), 0);
  assert.equal(await watcher.page.locator("[data-testid=play]:visible").count(), 0);
  assert.equal(await watcher.page.locator("[data-testid=chat-input]:visible").count(), 0);
  await players;
  await watcher.page.waitForFunction(() => document.querySelector("[data-testid=table]")?.dataset.phase === "finished", null, { timeout: 20000 });
  assert.equal(await watcher.page.locator("[data-testid=next-hand]").count(), 0, "a spectator deals nothing");
  for (const p of [guest.page, watcher.page]) assert.ok(await p.evaluate(() => window.__botThinking), "the Expert was shown thinking");
  for (const p of [host, guest, second, watcher]) assert.deepEqual(p.problems(), []);
  for (const p of [host, guest, second, watcher]) await p.context.close();
});

test("where the browser has a barcode detector, the host scans a guest's answer from its QR code", async () => {
  const host = await player(VIEWPORTS.phone);
  const guest = await player(VIEWPORTS.phone);
  // Chromium on Linux has no BarcodeDetector: a stand-in that reads, from a live camera
  // stream (the fake camera), whatever code the test puts in front of it.
  await host.context.addInitScript(() => {
    window.BarcodeDetector = class {
      constructor(options) { this.formats = options.formats; }
      async detect(video) {
        const live = video.srcObject && video.srcObject.getVideoTracks().some((t) => t.readyState === "live");
        return live && window.__shownQr && this.formats.includes("qr_code") ? [{ rawValue: window.__shownQr }] : [];
      }
    };
  });
  await host.page.goto(site.url + "#/friends");
  await waitForApp(host.page);
  const invite = host.page.locator("[data-testid=invite][data-seat='1']");
  await invite.locator("[data-testid=invite-link]").waitFor({ timeout: 20000 });
  await guest.page.goto(await invite.locator("[data-testid=invite-link]").getAttribute("href"));
  await waitForApp(guest.page);
  await guest.page.click("[data-testid=join-button]");
  const answer = guest.page.locator("[data-testid=answer-code]");
  await answer.waitFor({ timeout: 20000 });
  // The guest's page shows its answer as a QR code on demand.
  assert.equal(await guest.page.locator("[data-testid=qr]").count(), 0);
  await guest.page.click("[data-testid=answer-code-show]");
  await guest.page.locator("[data-testid=qr]").waitFor();
  await screenshot(guest.page, "peer-answer-qr-phone");
  // The host scans: the camera opens in the invite's box, and the code read connects.
  await invite.locator("[data-testid=scan-toggle]").click();
  await invite.locator("video.scan-video").waitFor();
  await screenshot(host.page, "peer-host-scanning-phone");
  await host.page.evaluate((code) => { window.__shownQr = code; }, (await answer.textContent()).trim());
  await guest.page.waitForSelector("[data-testid=guest-lobby]", { timeout: 20000 });
  assert.equal(await invite.count(), 0, "the seat is taken: its invite is gone");
  assert.equal(await host.page.locator("video.scan-video").count(), 0, "the camera closed");
  for (const p of [host, guest]) assert.deepEqual(p.problems(), []);
  for (const p of [host, guest]) await p.context.close();
});

test("without a barcode detector nobody is asked to scan", async () => {
  const host = await player(VIEWPORTS.phone);
  await host.page.goto(site.url + "#/friends");
  await waitForApp(host.page);
  await host.page.locator("[data-testid=invite][data-seat='1'] [data-testid=invite-link]").waitFor({ timeout: 20000 });
  assert.equal(await host.page.locator("[data-testid=scan-toggle]").count(), 0);
  assert.deepEqual(host.problems(), []);
  await host.context.close();
});

test("the host's lobby offers the house rules, a change stays shown as the lobby answers, and a guest reads them", async () => {
  const host = await player(VIEWPORTS.phone);
  const guest = await player(VIEWPORTS.phone);
  await host.page.goto(site.url + "#/friends");
  await waitForApp(host.page);
  const rules = host.page.locator("[data-testid=peer-house-rules]");
  await rules.locator("summary").click();
  await host.page.selectOption("[data-testid=peer-throw-evaluation]", "1");
  // The lobby draws its settings again from the worker's answer: still open, the choice kept.
  await host.page.waitForFunction(() => document.querySelector("[data-testid=peer-throw-evaluation]")?.value === "1");
  await host.page.waitForTimeout(300);
  assert.equal(await host.page.inputValue("[data-testid=peer-throw-evaluation]"), "1");
  assert.notEqual(await rules.getAttribute("open"), null);
  // A guest sees the same fields, read-only, before the first hand.
  await connect(host, guest, 1, "Eve", null);
  await guest.page.waitForSelector("[data-testid=guest-settings]");
  await guest.page.locator("[data-testid=guest-house-rules] summary").click();
  assert.equal(await guest.page.inputValue("[data-testid=guest-throw-evaluation]"), "1");
  assert.ok(await guest.page.locator("[data-testid=guest-throw-evaluation]").isDisabled());
  await screenshot(guest.page, "peer-guest-rules-phone");
  for (const p of [host, guest]) assert.deepEqual(p.problems(), []);
  for (const p of [host, guest]) await p.context.close();
});

test("the host reloads: the table resumes and the guest comes back", async () => {
  const host = await player(VIEWPORTS.phone);
  const guest = await player(VIEWPORTS.phone);
  await host.page.goto(site.url + "#/friends");
  await waitForApp(host.page);
  await connect(host, guest, 1, "Dee", null);
  await host.page.click("[data-testid=fill-bots]");
  await host.page.click("[data-testid=start-game]");
  await guest.page.waitForSelector("[data-testid=table]");
  await host.page.waitForSelector("[data-testid=table]");
  const handBefore = await guest.page.locator("[data-testid=hand] [data-card]").count();
  await host.page.reload();
  await waitForApp(host.page);
  await host.page.waitForSelector("[data-testid=resumed]");
  await host.page.waitForSelector("[data-testid=table]");
  // The guest's page says what happened instead of freezing.
  await guest.page.waitForSelector("[data-testid=host-gone]", { timeout: 20000 });
  await screenshot(guest.page, "peer-host-gone-phone");
  await connect(host, guest, 1, null, null);
  await guest.page.waitForSelector("[data-testid=table]");
  assert.ok((await guest.page.locator("[data-testid=hand] [data-card]").count()) >= handBefore - 1);
  await host.page.waitForFunction(() => !document.querySelector("[data-testid=lobby-seat][data-seat='1'] [data-testid=invite]"));
  for (const p of [host, guest]) assert.deepEqual(p.problems(), []);
  for (const p of [host, guest]) await p.context.close();
});

test("STUN/TURN servers in settings are validated with clear errors and saved", async () => {
  const { context, page, problems } = await openPage(browser, VIEWPORTS.phone);
  // With the default public STUN servers (unreachable here) a host's invite appears within 5 s.
  await page.goto(site.url + "#/friends");
  const opened = Date.now();
  await page.locator("[data-testid=invite][data-seat='1'] [data-testid=invite-code]").waitFor({ state: "attached", timeout: 20000 });
  const inviteMs = Date.now() - opened;
  assert.ok(inviteMs < 5000, `the first invite took ${inviteMs} ms`);
  await page.goto(site.url + "#/settings");
  await waitForApp(page);
  const box = page.locator("[data-testid=ice-servers]");
  // The list starts with the default servers, and the button brings them back.
  assert.match(await box.inputValue(), /^stun:stun\.l\.google\.com:19302\nstun:stun\.cloudflare\.com:3478$/);
  await box.fill("");
  await page.click("[data-testid=ice-defaults]");
  assert.match(await box.inputValue(), /stun\.cloudflare\.com/);
  await box.fill("turn:turn.example.org:3478");
  assert.match(await page.locator("[data-testid=ice-error]").textContent(), /line 1: a TURN server needs a username and a password/);
  assert.ok(await page.locator("[data-testid=ice-save]").isDisabled());
  await box.fill("stun:stun.example.org:3478\nftp://x");
  assert.match(await page.locator("[data-testid=ice-error]").textContent(), /line 2/);
  await box.fill("stun:stun.example.org:3478\nturn:turn.example.org:3478 ana s3cret");
  assert.equal(await page.locator("[data-testid=ice-error]").count(), 0);
  await page.click("[data-testid=ice-save]");
  assert.match(await page.locator("[data-testid=ice-save]").textContent(), /Saved/);
  assert.match(await page.evaluate(() => localStorage.getItem("tuolaji.ice.v1")), /ana s3cret/);
  // An invite is still made with servers configured (none is reachable here: only the code matters).
  await page.goto(site.url + "#/friends");
  await page.locator("[data-testid=invite][data-seat='1'] [data-testid=invite-code]").waitFor({ state: "attached", timeout: 20000 });
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a broken invitation explains itself", async () => {
  const { context, page, problems } = await openPage(browser, VIEWPORTS.phone);
  await page.goto(site.url + "#/join/AAAA!!");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=join-error]");
  assert.match(await page.locator("[data-testid=join-error]").textContent(), /invitation/);
  assert.deepEqual(problems(), []);
  await context.close();
});
