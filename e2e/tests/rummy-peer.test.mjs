// Rummy with friends over WebRTC, on the rummy page: the host opens #/friends/rummy, sets a
// table of three (a bot in the third seat), a guest joins through the real invite link
// (rummy/#/join/rummy/<code>) and answer code, both play a whole deal to its end, and the
// guest's page checks the deal ("deal verified"). A guest of the Shengji page cannot sit at
// a rummy table. Screenshots of the lobby and the guest's table at phone size.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, serveCopy, openPage, waitForApp, screenshot, watchThroughInvite, VIEWPORTS } from "./helpers.mjs";

let browser, site;
before(async () => {
  browser = await launch();
  site = await serveCopy();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const cards = (page) => page.locator("[data-testid=hand] [data-card]");

/** Plays this seat's turns (draw, then discard a card the arrangement sets apart) until the deal ends. */
async function playDeal(page, { shotName } = {}) {
  const end = Date.now() + 150000;
  let turns = 0;
  while (Date.now() < end) {
    if (await page.locator("[data-testid=deal-result]").count()) return turns;
    if (await page.locator("[data-testid=show-hand]").count()) {
      // The button goes once the hand is shown (or the deal moves on) between seeing it and
      // tapping it: then the loop looks again.
      await page.click("[data-testid=show-hand]", { timeout: 2000 }).catch(() => {});
    } else if (await page.locator("[data-testid=draw-stock]:enabled").count()) {
      turns++;
      await page.click("[data-testid=draw-stock]");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 14);
      await page.click("[data-testid=auto-arrange]");
      if (turns === 2 && shotName) await screenshot(page, shotName);
      await page.locator("[data-testid=hand-group]").last().locator("button").last().click();
      await page.click("[data-testid=discard]");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 13);
    }
    await page.waitForTimeout(50);
  }
  throw new Error("the deal did not end");
}

test("a host and a guest play a rummy deal over WebRTC and the guest verifies it", async () => {
  const host = await openPage(browser, VIEWPORTS.phone);
  const guest = await openPage(browser, VIEWPORTS.phone);
  // The way in: the rummy setup screen offers the friends' table.
  await host.page.goto(site.url + "rummy/#/play/rummy?new");
  await waitForApp(host.page);
  await host.page.click("[data-testid=play-with-friends]");
  await host.page.waitForSelector("[data-testid=peer-host]");
  assert.match(host.page.url(), /rummy\/#\/friends\/rummy$/);
  await host.page.selectOption("[data-testid=peer-players]", "3");
  await host.page.waitForFunction(() => document.querySelectorAll("[data-testid=lobby-seat]").length === 3);
  await host.page.selectOption("[data-testid=peer-variant]", "pool-101");

  const invite = host.page.locator("[data-testid=invite][data-seat='1']");
  const link = invite.locator("[data-testid=invite-link]");
  await link.waitFor({ timeout: 20000 });
  await screenshot(host.page, "rummy-peer-lobby-phone");
  const href = await link.getAttribute("href");
  const code = (await invite.locator("[data-testid=invite-code]").textContent()).trim();
  assert.ok(href.endsWith("rummy/#/join/rummy/" + code), href);

  // A Shengji guest page given the rummy invite's code is told which game the table plays.
  const stranger = await openPage(browser, VIEWPORTS.phone);
  await stranger.page.goto(site.url + "join/#/join/" + code);
  await waitForApp(stranger.page);
  await stranger.page.click("[data-testid=join-button]");
  const strangerAnswer = stranger.page.locator("[data-testid=answer-code]");
  await strangerAnswer.waitFor({ timeout: 20000 });
  await invite.locator("[data-testid=answer-input]").fill((await strangerAnswer.textContent()).trim());
  await invite.locator("[data-testid=answer-connect]").click();
  const refusal = stranger.page.locator("[data-testid=host-refused]");
  await refusal.waitFor({ timeout: 20000 });
  assert.match(await refusal.textContent(), /rummy/);
  assert.equal(await host.page.locator("[data-testid=lobby-seat][data-kind=guest]").count(), 0, "nobody was seated");
  await stranger.context.close();

  // The rummy guest joins through a fresh invite for the seat.
  await host.page.locator("[data-testid=invite][data-seat='1'] [data-testid=new-invite]").click({ timeout: 20000 });
  const fresh = host.page.locator("[data-testid=invite][data-seat='1'] [data-testid=invite-link]");
  await fresh.waitFor({ timeout: 20000 });
  await guest.page.goto(await fresh.getAttribute("href"));
  await waitForApp(guest.page);
  await guest.page.fill("[data-testid=guest-name]", "Dev");
  await guest.page.click("[data-testid=join-button]");
  const answer = guest.page.locator("[data-testid=answer-code]");
  await answer.waitFor({ timeout: 20000 });
  const again = host.page.locator("[data-testid=invite][data-seat='1']");
  await again.locator("[data-testid=answer-input]").fill((await answer.textContent()).trim());
  await again.locator("[data-testid=answer-connect]").click();
  await guest.page.waitForSelector("[data-testid=guest-lobby]", { timeout: 20000 });
  await host.page.waitForFunction(() => document.querySelector("[data-testid=lobby-seat][data-seat='1'] [data-testid=seat-name]")?.textContent === "Dev");

  // A spectator through a watch invite: the rummy table's public side, no card of any hand.
  const watcher = await openPage(browser, VIEWPORTS.phone);
  const { href: watchHref } = await watchThroughInvite(host.page, watcher.page);
  assert.match(watchHref, /rummy\/#\/watch\/rummy\//);

  // Bots at the fast pace: each waits 200 ms before its move, as people would see it.
  await host.page.selectOption("[data-testid=pace]", "fast");
  await host.page.click("[data-testid=fill-bots]");
  await host.page.click("[data-testid=start-game]");
  await host.page.waitForSelector("[data-testid=rummy-table]", { timeout: 20000 });
  await guest.page.waitForSelector("[data-testid=rummy-table]", { timeout: 20000 });
  assert.equal(await cards(guest.page).count(), 13);
  assert.match(await guest.page.locator("[data-testid=rummy-table]").textContent(), /Dev|You/);

  await watcher.page.waitForSelector("[data-testid=rummy-table]", { timeout: 20000 });
  assert.equal(await cards(watcher.page).count(), 0, "a spectator holds no cards");
  await screenshot(watcher.page, "rummy-peer-spectator-phone");
  const [hostTurns, guestTurns] = await Promise.all([playDeal(host.page), playDeal(guest.page, { shotName: "rummy-peer-guest-phone" })]);
  assert.ok(hostTurns + guestTurns > 0, "the people played");
  await guest.page.waitForSelector("[data-testid=deal-verified]", { timeout: 20000 });
  assert.equal(await guest.page.locator("[data-testid=deal-not-verified]").count(), 0);
  await screenshot(guest.page, "rummy-peer-verified-phone");
  // Three seats in the result, named as the lobby names them.
  assert.equal(await guest.page.locator("[data-testid=result-row]").count(), 3);
  assert.deepEqual(host.problems(), []);
  assert.deepEqual(guest.problems(), []);
  assert.deepEqual(watcher.problems(), []);
});
