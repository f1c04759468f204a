// Follow practice (#/practice): the hand fits a phone without sideways scrolling,
// every card carries data-card, selecting cards drives the legality indicator,
// the forced hint row selects a play the screen accepts, a seed link is
// reproducible, and the card settings persist across a reload. Screenshots at
// phone and desktop size, light and dark.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, VIEWPORTS } from "./helpers.mjs";

const shared = sharedBrowserAndSite();

// A throw with a three-pair tractor (10H 10H JH JH QH QH 6H, 3 decks): seven hint rows, the sixth forced.
const SEED = "#/practice?seed=demo55&decks=3";

async function openPractice(page, hash = SEED) {
  await page.goto(shared.site.url + hash);
  await waitForApp(page);
  await page.waitForSelector("[data-testid=practice]");
  await page.waitForSelector("[data-testid=hand] [data-card]");
}

/** Waits for the forced hint row (computed lazily) and returns its locator. */
async function forcedRow(page) {
  const row = page.locator("[data-testid=hint-row][data-forced=true]");
  await row.first().waitFor({ timeout: 10000 });
  return row.first();
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const scheme of ["light", "dark"]) {
    test(`practice renders, fits and has data-card (${size}, ${scheme})`, async () => {
      const { context, page, problems } = await openPage(shared.browser, viewport, { colorScheme: scheme });
      await openPractice(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `practice scrolls sideways by ${overflow}px`);
      // Every card of the hand is inside the hand's box and the viewport.
      const hand = await page.locator("[data-testid=hand]").boundingBox();
      const cards = await page.locator("[data-testid=hand] [data-card]").evaluateAll((els) =>
        els.map((e) => ({ card: e.dataset.card, ...e.getBoundingClientRect().toJSON() })),
      );
      assert.equal(cards.length, 25);
      for (const c of cards) {
        assert.match(c.card, /^(10|[2-9JQKA])[SHDC]$|^(SJ|BJ)$/);
        assert.ok(c.left >= hand.x - 0.5 && c.right <= hand.x + hand.width + 0.5, `${c.card} outside the hand`);
        assert.ok(c.right <= viewport.width, `${c.card} beyond the screen`);
      }
      const lead = await page.locator("[data-testid=lead] [data-card]").count();
      assert.ok(lead >= 1);
      await forcedRow(page);
      await screenshot(page, `practice-${size}-${scheme}`);
      assert.deepEqual(problems(), []);
      await context.close();
    });
  }
}

/** The legality line once the bot worker has judged the selection (it reads "pending" meanwhile). */
async function verdict(page) {
  const line = page.locator("[data-testid=legality]:not([data-legal=pending])");
  await line.waitFor();
  return line.getAttribute("data-legal");
}

test("selecting cards updates the legality indicator; the forced hint is accepted", async () => {
  const { context, page, problems } = await openPage(shared.browser);
  await openPractice(page);
  const legality = page.locator("[data-testid=legality]");
  assert.equal(await legality.getAttribute("data-legal"), "empty");
  const leadCount = await page.locator("[data-testid=lead] [data-card]").count();

  // Selecting a number of cards different from the lead is illegal, with a reason.
  const cards = page.locator("[data-testid=hand] [data-card]");
  // Overlapped cards are tapped on their visible left strip, as a person would.
  const tap = (i) => cards.nth(i).click({ position: { x: 8, y: 24 } });
  await tap(0);
  if (leadCount === 1) await tap(1);
  assert.equal(await page.locator("[data-testid=hand] [aria-pressed=true]").count(), leadCount === 1 ? 2 : 1);
  assert.equal(await verdict(page), "no");
  assert.match(await legality.textContent(), /must play|not allowed/i);
  await page.click("[data-testid=clear]");
  assert.equal(await legality.getAttribute("data-legal"), "empty");
  assert.equal(await page.locator("[data-testid=hand] [aria-pressed=true]").count(), 0);

  // The forced row selects a legal play.
  await (await forcedRow(page)).click();
  assert.equal(await verdict(page), "yes");
  assert.equal(await page.locator("[data-testid=hand] [aria-pressed=true]").count(), leadCount);
  await screenshot(page, "practice-selected-phone");
  await page.click("[data-testid=play]");
  await page.waitForSelector("[data-testid=result]");
  assert.equal(await page.getAttribute("[data-testid=result]", "data-legal"), "yes");
  await screenshot(page, "practice-result-phone");

  // The next position gets a new seed in the URL.
  const before = new URL(page.url()).hash;
  await page.click("[data-testid=next]");
  await page.waitForFunction((h) => location.hash !== h && location.hash.includes("seed="), before);
  await page.waitForSelector("[data-testid=hand] [data-card]");
  assert.equal(await page.locator("[data-testid=result]").count(), 0);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("the forced hint row is legal on many positions and decks", async () => {
  const { context, page, problems } = await openPage(shared.browser);
  for (let i = 0; i < 6; i++) {
    const decks = 2 + (i % 3);
    await openPractice(page, `#/practice?seed=many${i}&decks=${decks}`);
    await (await forcedRow(page)).click();
    assert.equal(await verdict(page), "yes", `seed many${i}`);
    await page.click("[data-testid=play]");
    assert.equal(await page.getAttribute("[data-testid=result]", "data-legal"), "yes");
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a seed link is reproducible and a missing seed gets one", async () => {
  const hands = [];
  for (let k = 0; k < 2; k++) {
    const { context, page, problems } = await openPage(shared.browser);
    await openPractice(page, "#/practice?seed=SameDeal&decks=3");
    hands.push(await page.locator("[data-testid=hand] [data-card]").evaluateAll((els) => els.map((e) => e.dataset.card).join(" ")));
    assert.equal(await page.textContent("[data-testid=seed]"), "samedeal");
    assert.equal(await page.inputValue("[data-testid=decks]"), "3");
    assert.deepEqual(problems(), []);
    await context.close();
  }
  assert.equal(hands[0], hands[1]);

  const { context, page, problems } = await openPage(shared.browser);
  await openPractice(page, "#/practice");
  assert.match(new URL(page.url()).hash, /^#\/practice\?seed=[a-z0-9]{8}&decks=2$/);
  await page.goto(shared.site.url + "#/practice?seed=bad!&decks=2");
  await page.waitForSelector("[data-testid=practice-error]");
  await page.goto(shared.site.url + "#/");
  await page.click("[data-testid=practice-link]");
  await page.waitForSelector("[data-testid=practice]");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("Chinese text and the dark theme on the practice screen", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  await page.evaluate(() => localStorage.setItem("tuolaji.prefs.v1", JSON.stringify({ lang: "Zh", theme: "Dark" })));
  await openPractice(page);
  await page.reload();
  await page.waitForSelector("[data-testid=hand] [data-card]");
  assert.match(await page.textContent("[data-testid=practice]"), /跟牌练习/);
  assert.match(await page.textContent("[data-testid=lead-format]"), /红桃|黑桃|方块|梅花|主牌/);
  await (await forcedRow(page)).click();
  assert.equal(await verdict(page), "yes");
  await screenshot(page, "practice-phone-dark-zh");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("card settings apply live and persist across a reload", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone, { colorScheme: "light" });
  await page.goto(shared.site.url + "#/settings");
  await waitForApp(page);
  await page.check("[data-testid=four-colour]");
  await page.selectOption("[data-testid=card-size]", "large");
  await page.selectOption("[data-testid=draw-speed]", "fast");
  assert.equal(await page.getAttribute("html", "data-card-size"), "large");
  const diamond = page.locator("[data-testid=card-preview] [data-card=QD]");
  assert.equal(await diamond.evaluate((e) => getComputedStyle(e).color), "rgb(21, 101, 192)");
  await screenshot(page, "settings-cards-phone");
  await page.reload();
  await page.waitForSelector("[data-testid=settings-screen]");
  assert.equal(await page.isChecked("[data-testid=four-colour]"), true);
  assert.equal(await page.inputValue("[data-testid=card-size]"), "large");
  assert.equal(await page.inputValue("[data-testid=draw-speed]"), "fast");
  assert.equal(await page.isChecked("[data-testid=sound]"), false);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem("tuolaji.prefs.v1")));
  assert.equal(saved.four_colour, true);

  // Larger cards on the practice screen still fit the phone.
  await openPractice(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `large cards scroll sideways by ${overflow}px`);
  await screenshot(page, "practice-large-four-colour-phone");

  // Unreadable preferences fall back to the defaults.
  await page.evaluate(() => localStorage.setItem("tuolaji.prefs.v1", "{not json"));
  await page.goto(shared.site.url + "#/settings");
  await page.reload();
  await page.waitForSelector("[data-testid=settings-screen]");
  assert.equal(await page.isChecked("[data-testid=four-colour]"), false);
  assert.equal(await page.inputValue("[data-testid=card-size]"), "medium");
  assert.deepEqual(problems(), []);
  await context.close();
});
