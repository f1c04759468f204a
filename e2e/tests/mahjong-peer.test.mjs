// Sichuan mahjong with friends over WebRTC, on the mahjong page: the host opens
// #/friends/mahjong from the setup screen, a guest joins through the real invite link and
// answer code, bots fill the other two seats, host and guest play a whole hand — the
// exchange, the void suit and every claim window answered by each in their own browser —
// and the guest's page checks the deal ("deal verified"); a spectator watches through a watch
// invite and is shown no tile of any hand. Screenshots at phone size.
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

async function clickIf(page, selector) {
  const el = page.locator(selector).first();
  if (!(await el.count())) return false;
  await el.click().catch(() => {});
  return true;
}

/** Plays this seat until the hand ends: suggested exchange and void, every claim, the hint's discard. */
async function playHand(page, { shotName } = {}) {
  const end = Date.now() + 150000;
  let moves = 0;
  while (Date.now() < end) {
    if (await page.locator("[data-testid=hand-result]").count()) return moves;
    if ((await clickIf(page, "[data-testid=exchange]:enabled")) || (await clickIf(page, "[data-testid^=void-].primary"))) {
      moves++;
    } else if (
      (await clickIf(page, "[data-testid=claim-win]")) ||
      (await clickIf(page, "[data-testid=claim-kong]")) ||
      (await clickIf(page, "[data-testid=claim-pung]")) ||
      (await clickIf(page, "[data-testid=win]")) ||
      (await clickIf(page, "[data-testid=kong]"))
    ) {
      moves++;
    } else if (await page.locator("[data-testid=discard]").count()) {
      if ((await page.locator("[data-testid=hint][aria-pressed=true]").count()) === 0) await clickIf(page, "[data-testid=hint]");
      const row = page.locator("[data-testid=hint-panel][data-ready=yes] [data-testid=hint-row]").first();
      if (await row.count()) {
        const tile = await row.getAttribute("data-discard");
        if (moves === 3 && shotName) await screenshot(page, shotName);
        const t = page.locator(`[data-testid=hand] [data-tile="${tile}"]`).first();
        await t.click().catch(() => {});
        await t.click().catch(() => {});
        moves++;
      }
    }
    await page.waitForTimeout(40);
  }
  throw new Error("the hand did not end");
}

test("a host and a guest play a Sichuan hand over WebRTC and the guest verifies it", async () => {
  const host = await openPage(browser, VIEWPORTS.phone);
  const guest = await openPage(browser, VIEWPORTS.phone);
  await host.page.goto(site.url + "mahjong/#/play/mahjong?new");
  await waitForApp(host.page);
  await host.page.click("[data-testid=play-with-friends]");
  await host.page.waitForSelector("[data-testid=peer-host]");
  assert.match(host.page.url(), /mahjong\/#\/friends\/mahjong$/);
  assert.equal(await host.page.locator("[data-testid=lobby-seat]").count(), 4);
  await host.page.selectOption("[data-testid=peer-fan-cap]", "6");

  const invite = host.page.locator("[data-testid=invite][data-seat='1']");
  const link = invite.locator("[data-testid=invite-link]");
  await link.waitFor({ timeout: 20000 });
  const href = await link.getAttribute("href");
  const code = (await invite.locator("[data-testid=invite-code]").textContent()).trim();
  assert.ok(href.endsWith("mahjong/#/join/mahjong/" + code), href);
  await guest.page.goto(href);
  await waitForApp(guest.page);
  await guest.page.fill("[data-testid=guest-name]", "Mei");
  await guest.page.click("[data-testid=join-button]");
  const answer = guest.page.locator("[data-testid=answer-code]");
  await answer.waitFor({ timeout: 20000 });
  await invite.locator("[data-testid=answer-input]").fill((await answer.textContent()).trim());
  await invite.locator("[data-testid=answer-connect]").click();
  await guest.page.waitForSelector("[data-testid=guest-lobby]", { timeout: 20000 });
  await host.page.waitForFunction(() => document.querySelector("[data-testid=lobby-seat][data-seat='1'] [data-testid=seat-name]")?.textContent === "Mei");
  await screenshot(host.page, "mahjong-peer-lobby-phone");

  // A spectator through a watch invite: it sees every seat's discards and no tile of any hand.
  const watcher = await openPage(browser, VIEWPORTS.phone);
  const { href: watchHref } = await watchThroughInvite(host.page, watcher.page);
  assert.match(watchHref, /mahjong\/#\/watch\/mahjong\//);

  await host.page.selectOption("[data-testid=pace]", "fast");
  await host.page.click("[data-testid=fill-bots]");
  await host.page.click("[data-testid=start-game]");
  await host.page.waitForSelector("[data-testid=mahjong-table]", { timeout: 20000 });
  await guest.page.waitForSelector("[data-testid=mahjong-table]", { timeout: 20000 });
  assert.equal(await guest.page.locator("[data-testid=hand] [data-testid=hand-tile]").count(), 13, "seat 1 does not deal");
  assert.match(await guest.page.locator("[data-testid=mahjong-table]").textContent(), /Mei|You/);

  await watcher.page.waitForSelector("[data-testid=mahjong-table]", { timeout: 20000 });
  assert.equal(await watcher.page.locator("[data-testid=seat]").count(), 4, "a spectator sees all four seats");
  assert.equal(await watcher.page.locator("[data-testid=hand] [data-testid=hand-tile]").count(), 0);
  assert.equal(await watcher.page.locator("[data-testid=my-tiles]:visible").count(), 0);
  const [hostMoves, guestMoves] = await Promise.all([playHand(host.page), playHand(guest.page, { shotName: "mahjong-peer-guest-phone" })]);
  await watcher.page.waitForSelector("[data-testid=hand-result]", { timeout: 20000 });
  await screenshot(watcher.page, "mahjong-peer-spectator-phone");
  assert.deepEqual(watcher.problems(), []);
  assert.ok(hostMoves > 2 && guestMoves > 2, `the people played (${hostMoves}, ${guestMoves})`);
  await guest.page.waitForSelector("[data-testid=deal-verified]", { timeout: 20000 });
  assert.equal(await guest.page.locator("[data-testid=deal-not-verified]").count(), 0);
  assert.equal(await guest.page.locator("[data-testid=result-row]").count(), 4);
  await screenshot(guest.page, "mahjong-peer-verified-phone");
  assert.deepEqual(host.problems(), []);
  assert.deepEqual(guest.problems(), []);
});
