// The rules page (#/rules): reachable from home and from the table's terms,
// opens at the section a link names, reads in Chinese without English words
// (card ranks aside). Screenshots at phone and desktop size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, VIEWPORTS } from "./helpers.mjs";

const shared = sharedBrowserAndSite();

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`the rules open from home and at a linked section (${size})`, async () => {
    const { context, page, problems } = await openPage(shared.browser, viewport);
    await page.goto(shared.site.url + "#/");
    await waitForApp(page);
    await page.click("[data-testid=rules-link]");
    await page.waitForSelector("[data-testid=rules]");
    const sections = await page.locator("[data-testid=rules-section]").count();
    assert.ok(sections >= 8, `only ${sections} sections`);
    assert.ok((await page.locator("[data-testid=rules-section] [data-card]").count()) > 5, "example cards are drawn");
    await screenshot(page, `rules-${size}`);
    // A term's link opens the page at its section, on screen.
    await page.goto(shared.site.url + "#/rules?game=shengji&at=kitty");
    const kitty = page.locator("[data-section=kitty]");
    await kitty.waitFor();
    await page.waitForFunction(() => {
      const r = document.querySelector("[data-section=kitty]").getBoundingClientRect();
      return r.top >= -1 && r.top < window.innerHeight;
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the rules page scrolls sideways by ${overflow}px`);
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test("the rules in Chinese carry no English words", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/rules");
  await waitForApp(page);
  await page.evaluate(() => localStorage.setItem("tuolaji.prefs.v1", JSON.stringify({ lang: "Zh" })));
  await page.reload();
  await page.waitForSelector("[data-testid=rules]");
  const text = await page.locator("[data-testid=rules-section]").allInnerTexts();
  for (const t of text) {
    assert.doesNotMatch(t, /[a-z]{2,}/, `English in: ${t.slice(0, 80)}`);
  }
  await screenshot(page, "rules-phone-zh");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("the rummy table's rules link opens rummy's rules, and the menu switches games", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(`${shared.site.url}rummy/#/play/rummy?seed=rulesrummy`);
  await waitForApp(page);
  await page.waitForSelector("[data-testid=rummy-table]");
  await page.click("[data-testid=rules-link]");
  await page.waitForSelector("[data-section=groups]");
  assert.match(await page.locator("[data-testid=rules] h2").textContent(), /Rummy/);
  await screenshot(page, "rules-rummy-phone");
  await page.locator("[data-testid=rules-games] a", { hasText: "Shengji" }).click();
  await page.waitForSelector("[data-section=kitty]");
  assert.deepEqual(problems(), []);
  await context.close();
});
