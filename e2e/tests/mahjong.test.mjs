// The Sichuan mahjong table (mahjong/, #/play/mahjong): a whole hand against bots at phone
// and desktop size — exchange three, the void suit, a pung, a kong and a win (the seeds are
// checked natively by ui_model::mahjong::advice::e2e_player, which plays the same way); the
// hint tab's unseen counts and its "what would Expert do?"; the setup screen's level per
// bot (Easy, Normal, Expert) carried by the table link; the same walls from the share link in a second browser, whose
// result card then compares both; resume after a reload. Screenshots at both sizes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, VIEWPORTS, longTaskProbe, longestTaskSince } from "./helpers.mjs";

const shared = sharedBrowserAndSite();
const TILE = /^[1-9][mps]$/;

const handTiles = (page) =>
  page.locator("[data-testid=hand] [data-testid=hand-tile]").evaluateAll((els) => els.map((e) => e.dataset.tile));

async function openTable(page, query) {
  await page.goto(`${shared.site.url}mahjong/#/play/mahjong?${query}`);
  await waitForApp(page);
  await page.waitForSelector("[data-testid=mahjong-table]");
}

/** Clicks `selector` if it is on the page now; true if it did. */
async function clickIf(page, selector) {
  const el = page.locator(selector).first();
  if (!(await el.count())) return false;
  await el.click();
  return true;
}

/**
 * Plays the hand to its end as the native e2e player does: the suggested exchange and void,
 * every claim (win, kong, pung), every kong, a self-drawn win, else the hint's first discard.
 * Returns what happened to the player.
 */
async function playHand(page, { shots = "", viewport = VIEWPORTS.phone, fitEvery = false } = {}) {
  const seen = { exchange: false, void: false, pung: false, kong: false, hintRows: 0, fitChecked: false, expert: false };
  for (let steps = 0; steps < 2000; steps++) {
    if (await page.locator("[data-testid=hand-result]").count()) break;
    if (await clickIf(page, "[data-testid=exchange]:enabled")) {
      seen.exchange = true;
      continue;
    }
    if (await page.locator("[data-testid^=void-]").count()) {
      if (shots && !seen.void) await screenshot(page, `${shots}-void`);
      await page.click("[data-testid^=void-].primary");
      seen.void = true;
      continue;
    }
    if ((await clickIf(page, "[data-testid=claim-win]")) || (await clickIf(page, "[data-testid=claim-kong]"))) continue;
    if (await page.locator("[data-testid=claim-pung]").count()) {
      if (shots && !seen.pung) await screenshot(page, `${shots}-claim`);
      await page.click("[data-testid=claim-pung]");
      continue;
    }
    if ((await clickIf(page, "[data-testid=win]")) || (await clickIf(page, "[data-testid=kong]"))) continue;
    if (await page.locator("[data-testid=discard]").count()) {
      if ((await page.locator("[data-testid=hint][aria-pressed=true]").count()) === 0) await page.click("[data-testid=hint]");
      const row = page.locator("[data-testid=hint-panel][data-ready=yes] [data-testid=hint-row]").first();
      await row.waitFor();
      if (!seen.expert) {
        // "What would Expert do?": the table worker's Expert, above the rows.
        const line = page.locator("[data-testid=hint-expert]");
        await line.waitFor({ timeout: 20000 });
        seen.expert = (await line.innerText()).length > 10;
      }
      const tile = await row.getAttribute("data-discard");
      seen.hintRows = Math.max(seen.hintRows, await page.locator("[data-testid=hint-row]").count());
      if (!seen.fitChecked || fitEvery) {
        // Nothing to scroll on a phone: the hand and the buttons are on the first screen, the
        // hint open (however many rows it has: it scrolls within itself).
        for (const id of ["hand", "discard"]) {
          const box = await page.locator(`[data-testid=${id}]`).boundingBox();
          assert.ok(box.y + box.height <= viewport.height, `${id} ends at ${box.y + box.height}`);
        }
        if (shots && !seen.fitChecked) await screenshot(page, `${shots}-hint`);
        seen.fitChecked = true;
      }
      const t = page.locator(`[data-testid=hand] [data-tile="${tile}"]`).first();
      await t.click();
      await t.click();
    } else {
      await page.waitForTimeout(30);
    }
    const mine = page.locator("[data-testid=my-tiles] .mj-set");
    const kinds = await mine.evaluateAll((els) => els.map((e) => e.dataset.kind));
    if (kinds.includes("Pung")) seen.pung = true;
    if (kinds.some((k) => k.includes("Kong"))) seen.kong = true;
  }
  await page.waitForSelector("[data-testid=hand-result]");
  seen.won = (await page.locator("[data-testid=win-line][data-seat='0']").count()) > 0;
  return seen;
}

test("three Expert bots and the hint's Expert think in the table worker: a whole hand at phone size never blocks the page, and the open hint never pushes Discard off the screen", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.addInitScript(longTaskProbe);
  await openTable(page, "seed=mjx&pace=instant&bots=nxxx");
  // From here on no frame may wait long on a bot: the start-up (compiling the wasm) is before.
  const since = await page.evaluate(() => performance.now());
  // This deal's hint has five rows of two steps and the Expert's line: it once pushed Discard
  // off a phone's screen.
  const seen = await playHand(page, { fitEvery: true, shots: "mahjong-phone-experts" });
  assert.ok(seen.expert, "the hint says what the Expert would do");
  const { worst, count } = await longestTaskSince(page, since);
  console.log(`mahjong Expert table: long tasks after start ${count}, longest ${worst.toFixed(0)} ms`);
  assert.ok(worst < 200, `a main-thread task took ${worst} ms`);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a whole hand at phone size: exchange, void, a pung, a kong and a win; the same walls from the share link", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await openTable(page, "seed=mj2&pace=instant");
  const dealt = await handTiles(page);
  assert.equal(dealt.length, 14, "seat 0 deals: fourteen tiles");
  assert.ok(dealt.every((t) => TILE.test(t)), dealt.join(" "));
  assert.equal(await page.locator("[data-testid=seat]").count(), 3);
  await screenshot(page, "mahjong-phone-start");
  const seen = await playHand(page, { shots: "mahjong-phone" });
  assert.deepEqual([seen.exchange, seen.void, seen.pung, seen.kong, seen.won], [true, true, true, true, true], JSON.stringify(seen));
  assert.ok(seen.hintRows > 0);
  assert.ok(seen.expert, "the hint says what the Expert would do");
  assert.equal(await page.locator("[data-testid=result-row]").count(), 4);
  const scores = await page.locator("[data-testid=result-row]").evaluateAll((els) => els.map((e) => Number(e.dataset.score)));
  assert.equal(scores.reduce((a, b) => a + b, 0), 0, "a hand's points sum to zero");
  await screenshot(page, "mahjong-phone-result");
  const link = await page.locator("[data-testid=share-link]").inputValue();
  assert.match(link, /mahjong\/#\/play\/mahjong\?seed=mj2&r=/);
  // The replay steps through the hand move by move; its last step is the result.
  await page.click("[data-testid=replay-link]");
  await page.waitForSelector("[data-testid=mahjong-replay]");
  assert.equal(await page.locator("[data-testid=replay-move]").getAttribute("data-step"), "0");
  await page.click("[data-testid=replay-forward]");
  assert.match(await page.locator("[data-testid=replay-move]").textContent(), /Seat [1-4] passed [1-9][mps] [1-9][mps] [1-9][mps] on/);
  assert.equal((await handTiles(page)).length, 14);
  await page.click("[data-testid=replay-last]");
  await page.waitForSelector("[data-testid=mahjong-replay] [data-testid=hand-result]");
  assert.equal(await page.locator("[data-testid=mahjong-replay] [data-testid=discard]").count(), 0, "a replay has no buttons to play");
  await screenshot(page, "mahjong-phone-replay");
  assert.deepEqual(problems(), []);
  await context.close();

  // A friend opens the link: the same fourteen tiles; played the same way, the same hand,
  // and the result card compares both results seat by seat.
  const b = await openPage(shared.browser, VIEWPORTS.desktop);
  await b.page.goto(link + "&pace=instant");
  await waitForApp(b.page);
  await b.page.waitForSelector("[data-testid=friend-waiting]");
  assert.deepEqual(await handTiles(b.page), dealt);
  await playHand(b.page, { viewport: VIEWPORTS.desktop });
  await b.page.waitForSelector("[data-testid=compare]");
  const rows = await b.page.locator("[data-testid=compare-row]").evaluateAll((els) => els.map((e) => e.dataset.mine));
  assert.deepEqual(rows.sort(), ["false", "true"]);
  assert.equal(await b.page.locator("[data-testid=compare-row][data-mine=false]").getAttribute("data-score"), String(scores[0]));
  await screenshot(b.page, "mahjong-desktop-compare");
  assert.deepEqual(b.problems(), []);
  await b.context.close();
});

test("the setup screen offers Easy, Normal and Expert per bot, and the table link carries them", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(`${shared.site.url}mahjong/#/play/mahjong?new`);
  await waitForApp(page);
  await page.waitForSelector("[data-testid=bot-levels]");
  const start = await page.locator("[data-testid=start]").boundingBox();
  assert.ok(start.y + start.height <= VIEWPORTS.phone.height, `Start ends at ${start.y + start.height}`);
  const options = await page.locator("[data-testid=bot-level-2] option").evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options, ["e", "n", "x"]);
  await page.selectOption("[data-testid=bot-level-2]", "x");
  await page.click("[data-testid=start]");
  await page.waitForSelector("[data-testid=mahjong-table]");
  assert.match(await page.evaluate(() => location.hash), /bots=nxnn/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a hand at desktop size with a kong and a win; the next hand deals from the result card", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.desktop);
  await openTable(page, "seed=mj7&pace=instant");
  await screenshot(page, "mahjong-desktop-start");
  const seen = await playHand(page, { shots: "mahjong-desktop", viewport: VIEWPORTS.desktop });
  assert.ok(seen.kong && seen.won, JSON.stringify(seen));
  await screenshot(page, "mahjong-desktop-result");
  await page.click("[data-testid=next-hand]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-testid=hand-tile]").length >= 13);
  assert.equal(await page.locator("[data-testid=hand-result]").count(), 0);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a reload resumes the hand; refusals are sentences; the home screen leads to the table", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await openTable(page, "seed=mjresume&pace=instant");
  await page.click("[data-testid=exchange]");
  await page.waitForSelector("[data-testid^=void-]");
  await page.click("[data-testid=void-m]");
  await page.waitForSelector("[data-testid=discard]");
  // Discarding another suit while holding the void suit is refused with a sentence, and nothing changes.
  const held = await handTiles(page);
  const other = held.find((t) => !t.endsWith("m"));
  if (held.some((t) => t.endsWith("m")) && other) {
    const t = page.locator(`[data-testid=hand] [data-tile="${other}"]`).first();
    await t.click();
    await t.click();
    assert.match(await page.locator("[data-testid=mahjong-error]").textContent(), /void suit/);
    assert.deepEqual(await handTiles(page), held);
  }
  await page.reload();
  await waitForApp(page);
  await page.waitForSelector("[data-testid=resumed]");
  assert.deepEqual(await handTiles(page), held);
  assert.equal(await page.locator("[data-testid=my-void]").textContent(), "缺万");
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  await page.click("[data-testid=mahjong-link]");
  await page.waitForSelector("[data-testid=resumed]");
  assert.deepEqual(await handTiles(page), held);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("red dragons as wildcards: shown as 中, never discarded, and the hand plays to its end", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  // Seed wild0 deals the first seat (the dealer) one red dragon.
  await openTable(page, "seed=wild0&w=1&pace=instant");
  assert.ok((await handTiles(page)).includes("7z"));
  assert.equal(await page.locator("[data-testid=hand] [data-tile='7z'] .tile.wild, [data-testid=hand] .tile.wild[data-tile='7z']").count(), 1);
  await page.click("[data-testid=exchange]");
  await page.waitForSelector("[data-testid^=void-]");
  await page.click("[data-testid^=void-].primary");
  await page.waitForSelector("[data-testid=discard]");
  await screenshot(page, "mahjong-wild-phone");
  // A tap on the wildcard is refused with a sentence, and the hand stays as it was.
  const held = await handTiles(page);
  await page.locator("[data-testid=hand] [data-tile='7z']").first().click();
  assert.match(await page.locator("[data-testid=mahjong-error]").textContent(), /wildcard/);
  assert.deepEqual(await handTiles(page), held);
  const seen = await playHand(page);
  assert.ok(seen.hintRows > 0);
  assert.deepEqual(problems(), []);
  await context.close();
});
