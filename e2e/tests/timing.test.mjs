// The timing page (#/timing): reachable from the settings screen, runs a small
// number of positions in headless Chromium and shows a number in every cell of
// every row. Times are printed (for the README), never asserted. Screenshots at
// phone and desktop size. TIMING_N=200 runs a larger measurement.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, VIEWPORTS } from "./helpers.mjs";

const N = Number(process.env.TIMING_N || 12);
const MEASURES = ["first-hint-row", "hint-list", "legality", "bot-move-2-decks", "bot-move-4-decks", "expert-move-2-decks", "expert-exchange", "expert-bid", "expert-rummy", "expert-mahjong"];
const STATS = ["median", "p90", "p99", "worst"];

const shared = sharedBrowserAndSite();

/** Runs the page with `n` positions and returns { measure: { stat: ms } }. */
async function run(page, n) {
  await page.fill("[data-testid=timing-n]", String(n));
  await page.click("[data-testid=timing-run]");
  await page.waitForSelector("[data-testid=timing-progress][data-done=yes]", { timeout: 60000 + n * 1000 });
  assert.equal(await page.locator("[data-testid=timing-error]").count(), 0, "the run stopped with an error");
  assert.equal(await page.textContent("[data-testid=timing-progress]"), `${n} / ${n}`);
  const figures = {};
  for (const m of MEASURES) {
    const row = page.locator(`[data-testid=timing-row][data-measure=${m}]`);
    figures[m] = {};
    for (const s of STATS) {
      const text = (await row.locator(`[data-stat=${s}]`).textContent()).trim();
      const ms = Number(text);
      assert.ok(Number.isFinite(ms) && ms >= 0, `${m} ${s} is not a number: "${text}"`);
      figures[m][s] = ms;
    }
  }
  return figures;
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`timing page runs and fills every row (${size})`, async () => {
    const { context, page, problems } = await openPage(shared.browser, viewport);
    await page.goto(shared.site.url + "#/settings");
    await waitForApp(page);
    await page.click("[data-testid=timing-link]");
    await page.waitForSelector("[data-testid=timing]");
    assert.match(await page.textContent("[data-testid=timing-progress]"), /\S/);
    assert.equal(await page.locator("[data-testid=timing-row]").count(), MEASURES.length);
    const ua = await page.textContent("[data-testid=timing-ua]");
    assert.match(ua, /Chrome/);

    const n = size === "phone" ? N : Math.min(N, 12);
    const figures = await run(page, n);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the timing page scrolls sideways by ${overflow}px`);
    await screenshot(page, `timing-${size}`);

    console.log(`timing (${size}, ${n} positions, ms) — ${ua.replace(/^[^:]*:\s*/, "")}`);
    for (const m of MEASURES) {
      const f = figures[m];
      console.log(`  ${m.padEnd(18)} median ${f.median}  p90 ${f.p90}  p99 ${f.p99}  worst ${f.worst}`);
    }
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test("timing page in Chinese", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/timing");
  await waitForApp(page);
  await page.evaluate(() => localStorage.setItem("tuolaji.prefs.v1", JSON.stringify({ lang: "Zh" })));
  await page.reload();
  await page.waitForSelector("[data-testid=timing]");
  assert.match(await page.textContent("[data-testid=timing-run]"), /开始/);
  await run(page, 3);
  await screenshot(page, "timing-phone-zh");
  assert.deepEqual(problems(), []);
  await context.close();
});
