// The rummy table (rummy/, #/play/rummy): a whole deal against a bot played to its end
// by auto-arranging and following the hint (declaring when the hand is complete); a
// wrong declaration warned before it costs anything, then scored 80 when confirmed;
// the same deal from its share link in a second browser; resume after a reload; the
// home screen's way in. Screenshots at phone and desktop size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, VIEWPORTS, longTaskProbe, longestTaskSince } from "./helpers.mjs";

const shared = sharedBrowserAndSite();
const CARD = /^(JK|(10|[2-9JQKA])[SHDC])$/;

const hand = (page) => page.locator("[data-testid=hand] [data-card]");
const handCards = async (page) => (await hand(page).evaluateAll((els) => els.map((e) => e.dataset.card))).sort();

async function openTable(page, query) {
  await page.goto(`${shared.site.url}rummy/#/play/rummy?${query}`);
  await waitForApp(page);
  await page.waitForSelector("[data-testid=rummy-table]");
}

/** Waits until it is your turn to draw (true) or the deal has ended (false). */
async function waitForMyDraw(page, timeout = 30000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await page.locator("[data-testid=deal-result]").count()) return false;
    if (await page.locator("[data-testid=draw-stock]:enabled").count()) return true;
    await page.waitForTimeout(50);
  }
  throw new Error("neither my turn nor the end of the deal");
}

test("a whole deal against a bot, by auto-arrange and the hint, at phone size", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await openTable(page, "seed=e2erummy&pace=instant");
  const first = await handCards(page);
  assert.equal(first.length, 13);
  assert.ok(first.every((c) => CARD.test(c)), first.join(" "));
  await screenshot(page, "rummy-phone-start");
  let turns = 0;
  while (await waitForMyDraw(page)) {
    turns++;
    // Take the top discard when the hint says it helps, else draw from the stock.
    await page.click("[data-testid=hint]");
    const advice = await page.locator("[data-testid=hint-text][data-ready=yes]").textContent();
    await page.click("[data-testid=hint]");
    await page.click(advice.startsWith("Take") ? "[data-testid=take-discard]" : "[data-testid=draw-stock]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 14);
    // Auto-arrange keeps the best discard apart, as the last group.
    await page.click("[data-testid=auto-arrange]");
    const groups = page.locator("[data-testid=hand-group]");
    if (turns === 3) await screenshot(page, "rummy-phone-arranged");
    // Everything on one phone screen: the 14 cards in groups and the buttons need no scrolling.
    const box = await page.locator("[data-testid=discard]").boundingBox();
    assert.ok(box.y + box.height <= 740, `the Discard button ends at ${box.y + box.height}`);
    await groups.last().locator("button").last().click();
    await page.click("[data-testid=declare]");
    if (await page.locator("[data-testid=declare-warning]").count()) {
      // Not complete yet: nothing was lost; keep playing and discard the card (still selected) instead.
      await page.click("[data-testid=declare-cancel]");
      assert.equal(await hand(page).count(), 14);
      await page.click("[data-testid=discard]");
    }
    assert.ok(turns < 200, "the deal ends");
  }
  await page.waitForSelector("[data-testid=deal-result]");
  const rows = page.locator("[data-testid=result-row]");
  assert.equal(await rows.count(), 2);
  const winner = await page.locator("[data-testid=deal-result]").getAttribute("data-winner");
  const paid = await rows.evaluateAll((els) => els.map((e) => Number(e.dataset.points)));
  if (winner !== "") assert.equal(paid[Number(winner)], 0, "the winner pays nothing");
  await screenshot(page, "rummy-phone-result");
  // The next deal starts from the result card.
  await page.click("[data-testid=next-deal]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length >= 13);
  assert.equal(await page.locator("[data-testid=deal-result]").count(), 0);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a wrong declaration is warned first, then costs 80 when confirmed", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await openTable(page, "seed=wrongdecl&pace=instant");
  assert.ok(await waitForMyDraw(page));
  await page.click("[data-testid=draw-stock]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 14);
  await page.click("[data-testid=sort]");
  await hand(page).first().click();
  const before = await page.locator("[data-testid=discard]").boundingBox();
  await page.click("[data-testid=declare]");
  const warning = page.locator("[data-testid=declare-warning]");
  await warning.waitFor();
  assert.match(await warning.textContent(), /not a valid declaration.*80 points/);
  await screenshot(page, "rummy-phone-warning");
  // The warning is a sheet over the screen: nothing under it moves, and its buttons are on screen.
  assert.deepEqual(await page.locator("[data-testid=discard]").boundingBox(), before);
  const sheet = await warning.boundingBox();
  assert.ok(sheet.y >= 0 && sheet.y + sheet.height <= 740, `the warning spans ${sheet.y}–${sheet.y + sheet.height}`);
  // Warned, nothing happened yet: still 14 cards, still your turn.
  assert.equal(await hand(page).count(), 14);
  assert.equal(await page.locator("[data-testid=rummy-table]").getAttribute("data-phase"), "Play");
  await page.click("[data-testid=declare-anyway]");
  // Two players: the other is the last one standing and wins; you pay the cap.
  await page.waitForSelector("[data-testid=deal-result]");
  assert.equal(await page.locator("[data-testid=result-row][data-seat='0']").getAttribute("data-points"), "80");
  assert.equal(await page.locator("[data-testid=deal-result]").getAttribute("data-winner"), "1");
  // The deal's link carries that result: a friend plays the same deal and sees both.
  const link = await page.locator("[data-testid=share-link]").inputValue();
  assert.match(link, /rummy\/#\/play\/rummy\?seed=wrongdecl&r=/);
  // The replay link steps through the table: the last move is the wrong declaration.
  await page.click("[data-testid=replay-link]");
  await page.waitForSelector("[data-testid=rummy-replay]");
  assert.equal(await page.locator("[data-testid=replay-move]").getAttribute("data-step"), "0");
  await page.click("[data-testid=replay-forward]");
  assert.equal(await page.locator("[data-testid=replay-move]").getAttribute("data-step"), "1");
  assert.match(await page.locator("[data-testid=replay-move]").textContent(), /Seat [12] (drew|took|dropped)/);
  await page.click("[data-testid=replay-last]");
  assert.match(await page.locator("[data-testid=replay-move]").textContent(), /Seat 1 declared/);
  assert.equal(await hand(page).count(), 13, "seat 1's cards after its declaration");
  await screenshot(page, "rummy-phone-replay");
  assert.deepEqual(problems(), []);
  await context.close();

  const b = await openPage(shared.browser, VIEWPORTS.desktop);
  await b.page.goto(link + "&pace=instant");
  await waitForApp(b.page);
  await b.page.waitForSelector("[data-testid=friend-waiting]");
  assert.doesNotMatch(await b.page.evaluate(() => location.hash), /r=/);
  assert.ok(await waitForMyDraw(b.page));
  await b.page.click("[data-testid=draw-stock]");
  await b.page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 14);
  await b.page.click("[data-testid=sort]");
  await hand(b.page).first().click();
  await b.page.click("[data-testid=declare]");
  await b.page.click("[data-testid=declare-anyway]");
  await b.page.waitForSelector("[data-testid=compare]");
  const rows = await b.page.locator("[data-testid=compare-row]").evaluateAll((els) => els.map((e) => e.dataset.mine));
  assert.deepEqual(rows.sort(), ["false", "true"]);
  assert.equal(await b.page.locator("[data-testid=compare-row][data-mine=false]").getAttribute("data-points"), "80");
  await screenshot(b.page, "rummy-desktop-compare");
  assert.deepEqual(b.problems(), []);
  await b.context.close();
});

test("a share link deals the same cards in another browser; a reload resumes the game", async () => {
  const a = await openPage(shared.browser, VIEWPORTS.desktop);
  await openTable(a.page, "seed=samedeal&p=3&seat=2&pace=instant");
  const dealt = await handCards(a.page);
  assert.equal(await a.page.locator("[data-testid=seat]").count(), 2, "two bots in the strip");
  await screenshot(a.page, "rummy-desktop");
  // A friend opens the same link in a fresh browser: the same 13 cards.
  const b = await openPage(shared.browser, VIEWPORTS.phone);
  await openTable(b.page, "seed=samedeal&p=3&seat=2");
  assert.deepEqual(await handCards(b.page), dealt);
  await b.context.close();
  // Draw, reload: the game resumes with the drawn card.
  assert.ok(await waitForMyDraw(a.page));
  await a.page.click("[data-testid=draw-stock]");
  await a.page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 14);
  const held = await handCards(a.page);
  await a.page.reload();
  await waitForApp(a.page);
  await a.page.waitForSelector("[data-testid=resumed]");
  assert.deepEqual(await handCards(a.page), held);
  assert.ok(await a.page.locator("[data-testid=discard]").count(), "still your turn to discard");
  // The home screen leads to the same saved table (a link without a seed resumes it).
  await a.page.goto(shared.site.url + "#/");
  await waitForApp(a.page);
  await a.page.click("[data-testid=rummy-link]");
  await a.page.waitForSelector("[data-testid=resumed]");
  assert.deepEqual(await handCards(a.page), held);
  assert.match(await a.page.evaluate(() => location.hash), /^#\/play\/rummy\?seed=samedeal&p=3&seat=2/);
  assert.deepEqual(a.problems(), []);
  await a.context.close();
});

test("an unreadable rummy save is kept as a backup and a new game starts", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url);
  await waitForApp(page);
  await page.evaluate(() => localStorage.setItem("tuolaji.rummy.v1", "{not a save"));
  await openTable(page, "seed=afterbackup");
  await page.waitForSelector("[data-testid=save-set-aside]");
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("tuolaji.rummy.v1.backup")));
  assert.equal(kept.length, 1);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), kept[0]), "{not a save");
  assert.equal((await handCards(page)).length, 13);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a new rummy table: players and pool rummy chosen on the setup screen", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(`${shared.site.url}rummy/#/play/rummy?new`);
  await waitForApp(page);
  await page.waitForSelector("[data-testid=rummy-setup]");
  await page.fill("[data-testid=seed-input]", "no spaces allowed");
  await page.waitForSelector("[data-testid=new-game-error]");
  assert.ok(await page.locator("[data-testid=start]").isDisabled());
  await page.fill("[data-testid=seed-input]", "POOL3");
  await page.selectOption("[data-testid=players]", "3");
  await page.selectOption("[data-testid=variant]", "pool-101");
  // Each bot's level: Easy, Normal or Expert; seat 2 plays the Expert.
  assert.deepEqual(await page.locator("[data-testid=bot-level-2] option").evaluateAll((os) => os.map((o) => o.value)), ["e", "n", "x"]);
  await page.selectOption("[data-testid=bot-level-2]", "x");
  await screenshot(page, "rummy-setup-phone");
  const start = await page.locator("[data-testid=start]").boundingBox();
  assert.ok(start.y + start.height <= 740, `Start ends at ${start.y + start.height}`);
  await page.click("[data-testid=start]");
  await page.waitForSelector("[data-testid=rummy-table]");
  assert.match(await page.evaluate(() => location.hash), /^#\/play\/rummy\?seed=pool3&p=3&m=pool-101/);
  assert.match(await page.evaluate(() => location.hash), /bots=nxn/);
  assert.equal(await page.locator("[data-testid=seat]").count(), 2);
  // Pool totals read "points paid / limit".
  assert.match(await page.locator("[data-testid=seat]").first().textContent(), /0\/101/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("six players on a phone: the seats, the hint and a hand in three rows of groups leave Discard on the screen", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  // This deal's hand lies in three rows of groups once it has drawn.
  await openTable(page, "seed=six1&p=6&pace=instant");
  assert.ok(await waitForMyDraw(page));
  await page.click("[data-testid=hint]");
  await page.locator("[data-testid=hint-text][data-ready=yes]").waitFor();
  await page.click("[data-testid=draw-stock]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 14);
  const rows = await page.locator("[data-testid=hand-group]").evaluateAll((gs) => new Set(gs.map((g) => Math.round(g.getBoundingClientRect().top))).size);
  assert.equal(rows, 3, "the deal no longer gives a hand in three rows; pick another seed");
  const box = await page.locator("[data-testid=discard]").boundingBox();
  assert.ok(box.y + box.height <= 740, `the Discard button ends at ${box.y + box.height}`);
  await screenshot(page, "rummy-phone-six-hint");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("the hint says what the Expert would do, thought out in the table worker, and the Expert's turns never block the page", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.addInitScript(longTaskProbe);
  await openTable(page, "seed=e2eexpert&pace=instant&bots=nx");
  // From here on no frame may wait long on a bot: the start-up (compiling the wasm) is before.
  const since = await page.evaluate(() => performance.now());
  assert.ok(await waitForMyDraw(page));
  await page.click("[data-testid=hint]");
  const expert = page.locator("[data-testid=hint-expert][data-ready=yes]");
  await expert.waitFor({ timeout: 20000 });
  assert.match(await expert.textContent(), /Expert: (take the|draw from the stock|discard the|a poor opening)/);
  await screenshot(page, "rummy-phone-expert-hint");
  // The Expert bot plays its turns from the worker: the deal goes on to our next draw or its end.
  await page.click("[data-testid=hint]");
  await page.click("[data-testid=draw-stock]");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 14);
  await hand(page).first().click();
  await page.click("[data-testid=discard]");
  // A few more turns, the hint's Expert asked each time and the Expert bot answering.
  for (let turn = 0; turn < 6 && (await waitForMyDraw(page)); turn++) {
    await page.click("[data-testid=hint]");
    await page.locator("[data-testid=hint-expert][data-ready=yes]").waitFor({ timeout: 20000 });
    await page.click("[data-testid=hint]");
    await page.click("[data-testid=draw-stock]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=hand] [data-card]").length === 14);
    await hand(page).first().click();
    await page.click("[data-testid=discard]");
  }
  const { worst, count } = await longestTaskSince(page, since);
  console.log(`rummy Expert table: long tasks after start ${count}, longest ${worst.toFixed(0)} ms`);
  assert.ok(worst < 200, `a main-thread task took ${worst} ms`);
  assert.deepEqual(problems(), []);
  await context.close();
});
