// Engine messages in Chinese at the table (ui_model::messages): with the app in
// Chinese, the suggested lead's reason and the line that says why a selection cannot be
// played (Play disabled) carry no English words; a whole hand shows no Latin-letter word.
// Screenshots at phone size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, VIEWPORTS, playHand } from "./helpers.mjs";

const shared = sharedBrowserAndSite();

const hasEnglish = (text) => /[a-z]/.test(text);

test("the suggested lead's reason and a refused play read in Chinese", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  await page.evaluate(() => localStorage.setItem("tuolaji.prefs.v1", JSON.stringify({ lang: "Zh", fewer_taps: false })));
  // The table is a page of its own: opening it reads the preferences just written.
  await page.goto(shared.site.url + "shengji/#/play/shengji?seed=hand42&pace=instant");
  await page.waitForSelector("[data-testid=table]");
  const table = page.locator("[data-testid=table]");
  let reason = null;
  let refusal = null;
  const deadline = Date.now() + 150000;
  while ((reason === null || refusal === null) && Date.now() < deadline) {
    const phase = await table.getAttribute("data-phase");
    if (phase === "finished") break;
    if ((await table.getAttribute("data-my-turn")) !== "yes") {
      await page.waitForTimeout(20);
      continue;
    }
    if (phase === "draw") {
      const pass = page.locator("[data-testid=pass]");
      if (await pass.count()) await pass.click();
      else await page.waitForTimeout(20);
    } else if (phase === "exchange") {
      const bury = page.locator("[data-testid=bury-count]");
      await bury.waitFor();
      const k = Number((await bury.textContent()).split("/")[1].trim());
      await page.locator("[data-testid=hand] [data-card]").evaluateAll((els, k) => els.slice(0, k).forEach((e) => e.click()), k);
      await page.click("[data-testid=bury]");
      await page.waitForFunction(() => document.querySelector("[data-testid=table]").dataset.phase !== "exchange");
    } else if (phase === "play") {
      const before = await page.locator("[data-testid=hand] [data-card]").count();
      // Leading, the suggested lead comes from the bot worker a moment later; following,
      // the hint tab marks the forced shape.
      await page.waitForSelector("[data-testid=suggestion], [data-testid=hint-row][data-forced=true]", { timeout: 10000 });
      const suggestion = page.locator("[data-testid=suggestion]");
      if (await suggestion.count()) {
        const text = await suggestion.locator("p").textContent();
        reason = text.split("—").pop().trim();
        await page.click("[data-testid=use-suggestion]");
      } else {
        const forced = page.locator("[data-testid=hint-row][data-forced=true]").first();
        await forced.waitFor({ timeout: 10000 });
        if (refusal === null) {
          // Every card of the hand: never the lead's count this early, so the rules refuse it:
          // Play is disabled and the line above the buttons says why.
          await page.locator("[data-testid=hand] [data-card]").evaluateAll((els) => els.forEach((e) => e.click()));
          const line = page.locator("[data-testid=legality][data-legal=no]");
          await line.waitFor();
          assert.ok(await page.locator("[data-testid=play]").isDisabled(), "Play is disabled for a refused selection");
          refusal = await line.textContent();
          await screenshot(page, "table-refusal-phone-zh");
          await page.click("[data-testid=clear]");
        }
        await forced.click();
        await page.waitForSelector("[data-testid=legality][data-legal=yes]");
      }
      await page.click("[data-testid=play]");
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=hand] [data-card]").length < n, before);
      assert.equal(await page.locator("[data-testid=table-error-line]").count(), 0, "a good play left the refusal up");
    }
  }
  assert.ok(reason, "no suggested lead was shown");
  assert.ok(refusal, "no play was refused");
  console.log(`suggested lead reason: ${reason}\nrefusal: ${refusal}`);
  assert.ok(!hasEnglish(reason), `English in the bot's reason: ${reason}`);
  assert.match(refusal, /^不能这样出：/);
  assert.ok(!hasEnglish(refusal), `English in the refusal: ${refusal}`);
  assert.deepEqual(problems(), []);
  await context.close();
});

/** Latin-letter words in the table's text, card ranks (single capitals, 10) and the
 * deal's seed (an identifier, shown as typed) aside. */
async function latinWords(page) {
  const text = (await page.locator("[data-testid=table]").innerText()).replaceAll("zhwords", "");
  return (text.match(/[A-Za-z]{2,}|[a-z]/g) || []);
}

test("a Chinese table shows no English words from the deal to the result (Finding Friends, 6 players)", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  await page.evaluate(() => localStorage.setItem("tuolaji.prefs.v1", JSON.stringify({ lang: "Zh", fewer_taps: false })));
  await page.goto(shared.site.url + "shengji/#/play/shengji?seed=zhwords&p=6&m=friends&pace=instant");
  await page.waitForSelector("[data-testid=table]");
  const seen = new Set();
  await playHand(page, {
    onPlay: async (page) => {
      for (const w of await latinWords(page)) seen.add(w);
    },
  });
  await page.waitForSelector("[data-testid=result-card]");
  for (const w of await latinWords(page)) seen.add(w);
  await screenshot(page, "table-result-phone-zh");
  assert.deepEqual([...seen], [], "English at a Chinese table");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a table link that makes no table says why in Chinese, naming the bad parameter", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  await page.evaluate(() => localStorage.setItem("tuolaji.prefs.v1", JSON.stringify({ lang: "Zh", fewer_taps: false })));
  for (const [query, names] of [["seed=zh1&bots=xx", "bots=xx"], ["seed=zh1&pace=zoom", "pace=zoom"], ["seed=zh1&m=poker", "“m”"]]) {
    await page.goto(shared.site.url + "shengji/#/play/shengji?" + query);
    await page.reload();
    await page.waitForSelector("[data-testid=table-error]");
    const text = await page.locator("[data-testid=table-error-message]").textContent();
    assert.ok(text.includes(names), text);
    // A Chinese sentence around the link's own words: its parameters and values (quoted,
    // or written key=value), the values a pace or a bot may take, and the settings
    // reader's list of what a value may be, which stays English.
    const own = text.replace(/“[^”]*”|[a-z]+=[a-z]+/g, "").replace(/\b(slow|normal|fast|instant|e|n|x|use|tractor|or|friends)\b/g, "");
    assert.ok(!hasEnglish(own), text);
    assert.ok(/[\u4e00-\u9fff]/.test(own), text);
  }
  await screenshot(page, "table-bad-link-phone-zh");
  assert.deepEqual(problems(), []);
  await context.close();
});
