// Replays: the result panel's replay link opens #/replay/<code>, which steps through
// the hand with buttons and arrow keys: the draw and its bids, the exchange, then trick
// by trick (hands shrinking, each trick's plays and winner, points so far), its buttons
// on screen on a phone; a malformed code explains itself with a way home.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, VIEWPORTS, playHand } from "./helpers.mjs";

const shared = sharedBrowserAndSite();

const handSizes = (page) =>
  page.locator("[data-testid=replay-hand]").evaluateAll((els) => els.map((e) => e.querySelectorAll("[data-card]").length));
const position = async (page) => Number(await page.locator("[data-testid=replay-position]").getAttribute("data-position"));
const stage = (page) => page.locator("[data-testid=replay-position]").getAttribute("data-stage");

test("the replay link steps through the hand forward and back", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/play/shengji?seed=replay5&pace=instant");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table]");
  await playHand(page);
  await page.waitForSelector("[data-testid=result-card]");
  const tricks = await page.locator("[data-testid=review-trick]").evaluateAll((els) =>
    els.map((e) => ({ winner: e.dataset.winner, points: e.dataset.points })));
  const url = await page.locator("[data-testid=replay-link]").inputValue();
  const code = url.split("#/replay/")[1];
  assert.ok(code.length > 150 && code.length < 500, `replay code of ${code.length} characters`);
  console.log(`replay link: ${url.length} characters (code ${code.length})`);
  await page.click("[data-testid=watch-replay]");
  await page.waitForSelector("[data-testid=replay]");
  // It begins with the draw: every hand as drawn and the bids, then the exchange.
  assert.equal(await stage(page), "draw");
  assert.deepEqual(await handSizes(page), [25, 25, 25, 25]);
  const bids = await page.locator("[data-testid=replay-bid]").allTextContents();
  assert.ok(bids.length >= 1 && bids.every((b) => /^Seat \d: .+ · \d+ cards? drawn$/.test(b)), bids.join(" | "));
  assert.ok(await page.locator("[data-testid=replay-back]").isDisabled());
  await screenshot(page, "replay-draw-phone");
  await page.click("[data-testid=replay-forward]");
  assert.equal(await stage(page), "exchange");
  assert.match(await page.locator("[data-testid=replay-buried]").textContent(), /^Buried: \S/);
  assert.equal(await position(page), 0);
  const start = await handSizes(page);
  assert.deepEqual(start, [25, 25, 25, 25]);
  assert.equal(await page.locator("[data-testid=replay-trick]").count(), 0);
  // Forward with the button: the trick shows, its winner is the review's, hands shrink.
  await page.click("[data-testid=replay-forward]");
  assert.equal(await position(page), 1);
  const t1 = page.locator("[data-testid=replay-trick] [data-testid=review-trick]");
  assert.equal(await t1.getAttribute("data-winner"), tricks[0].winner);
  const after1 = await handSizes(page);
  assert.ok(after1.every((n, i) => n < start[i]), `${after1} after ${start}`);
  const played = await page.locator("[data-testid=seat-play]").evaluateAll((els) => els.map((e) => e.querySelectorAll("[data-card]").length));
  assert.deepEqual(played, start.map((n, i) => n - after1[i]));
  await screenshot(page, "replay-phone");
  // Arrow keys step too; the points so far follow the attackers' tricks.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assert.equal(await position(page), 3);
  assert.equal(await page.locator("[data-testid=replay-trick] [data-testid=review-trick]").getAttribute("data-winner"), tricks[2].winner);
  await page.keyboard.press("ArrowLeft");
  assert.equal(await position(page), 2);
  assert.equal(await page.locator("[data-testid=replay-trick] [data-testid=review-trick]").getAttribute("data-winner"), tricks[1].winner);
  await page.click("[data-testid=replay-back]");
  await page.click("[data-testid=replay-back]");
  assert.equal(await position(page), 0);
  assert.equal(await stage(page), "exchange");
  assert.deepEqual(await handSizes(page), start);
  await page.keyboard.press("Home");
  assert.equal(await stage(page), "draw");
  // On a phone the buttons stay on screen while the seats scroll.
  await page.keyboard.press("End");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const bar = await page.locator("[data-testid=replay-back]").boundingBox();
  assert.ok(bar.y >= 0 && bar.y + bar.height <= 740, `the Back button at ${bar.y}`);
  await page.keyboard.press("Home");
  // The end: empty hands and the hand's result.
  await page.keyboard.press("End");
  assert.equal(await position(page), tricks.length);
  assert.deepEqual(await handSizes(page), [0, 0, 0, 0]);
  await page.waitForSelector("[data-testid=replay-result]");
  assert.ok(await page.locator("[data-testid=replay-forward]").isDisabled());
  assert.deepEqual(problems(), []);
  await context.close();

  // The same link in a desktop browser, mid-hand.
  const desk = await openPage(shared.browser, VIEWPORTS.desktop);
  await desk.page.goto(url);
  await waitForApp(desk.page);
  await desk.page.waitForSelector("[data-testid=replay]");
  // The draw, the exchange, then five tricks.
  for (let i = 0; i < 6; i++) await desk.page.keyboard.press("ArrowRight");
  assert.equal(await position(desk.page), 5);
  await screenshot(desk.page, "replay-desktop");
  assert.deepEqual(desk.problems(), []);
  await desk.context.close();
});

test("a malformed replay code explains itself and leads home", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  for (const [code, says] of [["AY2LSVbCUBR!EU", /position 12/], ["not-a-replay", /damaged|format|length|cut short/], ["AQ", /cut short|damaged/]]) {
    await page.goto(shared.site.url + "#/replay/" + code);
    await waitForApp(page);
    await page.waitForSelector("[data-testid=replay-error]");
    assert.match(await page.locator("[data-testid=replay-error-message]").textContent(), says);
  }
  await screenshot(page, "replay-error-phone");
  await page.click("[data-testid=home-link]");
  await page.waitForSelector("[data-testid=home]");
  assert.deepEqual(problems(), []);
  await context.close();
});
