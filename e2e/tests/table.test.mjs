// The game table (#/new and #/play/shengji): the new-game screen starts a seeded
// table, a 4-player hand against bots is played to its end by tapping the hint's
// forced row (or the suggested lead), a seed link deals the same hand in two fresh
// browsers, and a malformed link explains itself with a way home. Screenshots at
// phone and desktop size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowserAndSite, openPage, waitForApp, screenshot, VIEWPORTS, SHOTS, handCards, playHand, takeMyTurn } from "./helpers.mjs";

const shared = sharedBrowserAndSite();


test("new game screen starts a seeded table", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/new");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=new-game-screen]");
  await page.fill("[data-testid=seed-input]", "bad seed!");
  await page.waitForSelector("[data-testid=new-game-error]");
  assert.ok(await page.locator("[data-testid=start]").isDisabled());
  await page.fill("[data-testid=seed-input]", "TABLE1");
  await page.selectOption("[data-testid=players]", "5");
  await page.selectOption("[data-testid=pace]", "fast");
  assert.equal(await page.locator("[data-testid=new-game-error]").count(), 0);
  await screenshot(page, "new-game-phone");
  await page.click("[data-testid=start]");
  await page.waitForSelector("[data-testid=table]");
  const hash = await page.evaluate(() => location.hash);
  // The deal is a share link (record::link: seeds lowercase, short keys); pace is the screen's own.
  assert.match(hash, /^#\/play\/shengji\?seed=table1&p=5&m=friends&pace=fast$/);
  assert.equal(await page.locator("[data-testid=seat]").count(), 5);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("house rules: folded under the main settings, each explained, carried by the table's link", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/new");
  await waitForApp(page);
  const rules = page.locator("[data-testid=house-rules]");
  await rules.waitFor();
  assert.equal(await rules.getAttribute("open"), null, "folded until asked for");
  await rules.locator("summary").click();
  // Every rule a family may change, each with what it changes where the label does not say.
  for (const id of ["kitty", "starting-level", "reinforce", "take-back", "draw-policy", "tractor-tuple", "tractor-length", "throw-evaluation", "throw-penalty", "kitty-multiplier",
    "step-points", "takeover-steps", "dead-zone", "defended", "final-rank", "back-to-two",
    "overcall", "joker-bids", "take-back-bid", "steal-kitty", "first-landlord", "no-bid-trump", "bombs"]) {
    assert.equal(await page.locator(`[data-testid=${id}]`).count(), 1, id);
  }
  assert.ok((await rules.locator(".field-note").count()) >= 4);
  // And how each plays, on the rules page.
  assert.match(await page.getAttribute("[data-testid=house-rules-link]", "href"), /#\/rules\?game=shengji&at=house-rules$/);
  // Finding Friends adds who may be called.
  assert.equal(await page.locator("[data-testid=friends]").count(), 0);
  await page.selectOption("[data-testid=mode]", "friends");
  assert.equal(await page.locator("[data-testid=friends]").count(), 1);
  for (const id of ["short-handed-bonus", "friend-no-highest", "friend-no-points", "friend-join-once"]) {
    assert.equal(await page.locator(`[data-testid=${id}]`).count(), 1, id);
  }
  await page.selectOption("[data-testid=mode]", "tractor");
  await page.fill("[data-testid=seed-input]", "HOUSE1");
  await page.selectOption("[data-testid=starting-level]", { label: "5" });
  await page.selectOption("[data-testid=draw-policy]", "4");
  await page.selectOption("[data-testid=throw-penalty]", "1");
  await page.locator("[data-testid=take-back]").uncheck();
  // The game's end is offered from the starting level up; ranks to defend as presets.
  assert.equal(await page.locator("[data-testid=final-rank] option").count(), 10);
  await page.selectOption("[data-testid=final-rank]", "K");
  await page.selectOption("[data-testid=defended]", "5.10.K");
  await page.selectOption("[data-testid=overcall]", "1");
  await page.locator("[data-testid=take-back-bid]").check();
  // The form is drawn again on each change; the section stays open and keeps each choice.
  assert.notEqual(await rules.getAttribute("open"), null);
  assert.equal(await page.inputValue("[data-testid=draw-policy]"), "4");
  assert.equal(await page.locator("[data-testid=new-game-error]").count(), 0);
  await screenshot(page, "new-game-house-rules-phone");
  await page.click("[data-testid=start]");
  await page.waitForSelector("[data-testid=table]");
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#\/play\/shengji\?seed=house1&dp=suit-only&tp=10&sl=5&tb=0&dr=5\.10\.K&fr=K&bo=suit&bt=1$/);
  // The first hand is played at the starting level.
  assert.match(await page.locator("[data-testid=trump]").textContent(), /5/);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("rule sets: one tap sets the house rules, the table's own is pressed, and a phone starts without scrolling", async () => {
  for (const lang of ["en", "zh"]) {
    const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
    if (lang === "zh") {
      await page.goto(shared.site.url + "#/settings");
      await waitForApp(page);
      await page.selectOption("[data-testid=language]", "zh");
    }
    await page.goto(shared.site.url + "#/new");
    await waitForApp(page);
    const pressed = () => page.locator("[data-testid^=preset-][aria-pressed=true]").getAttribute("data-testid");
    await page.locator("[data-testid=presets]").waitFor();
    assert.equal(await pressed(), "preset-classic");
    await page.click("[data-testid=preset-family]");
    assert.equal(await pressed(), "preset-family");
    // The whole screen fits a phone: Start is in view without scrolling.
    const start = await page.locator("[data-testid=start]").boundingBox();
    assert.ok(start && start.y + start.height <= VIEWPORTS.phone.height, `Start at ${JSON.stringify(start)}`);
    await screenshot(page, `new-game-preset-phone-${lang}`);
    await page.locator("[data-testid=house-rules] summary").click();
    assert.equal(await page.locator("[data-testid=steal-kitty]").isChecked(), true);
    assert.equal(await page.inputValue("[data-testid=bombs]"), "1");
    await screenshot(page, `new-game-preset-details-phone-${lang}`);
    // A rule changed by hand: no set is pressed any more.
    await page.selectOption("[data-testid=bombs]", "2");
    assert.equal(await page.locator("[data-testid^=preset-][aria-pressed=true]").count(), 0);
    await page.click("[data-testid=preset-site]");
    assert.equal(await pressed(), "preset-site");
    await page.fill("[data-testid=seed-input]", "PRESET1");
    await page.click("[data-testid=start]");
    await page.waitForSelector("[data-testid=table]");
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /^#\/play\/shengji\?seed=preset1&km=power&tb=0&bt=1&nb=first&ke=0&st=1$/);
    assert.deepEqual(problems(), []);
    await context.close();
  }
});

test("炒地皮: after the landlord buries you overcall, take the kitty, bury and lead", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  // Seed steal1 (found by a scan of bot tables): seat 4 is landlord on a single 2♠, and you
  // hold a pair of small jokers — a no-trump bid that overcalls it.
  await page.goto(shared.site.url + "#/play/shengji?seed=steal1&sk=1&pace=instant");
  await page.waitForSelector("[data-testid=table]");
  const steal = page.locator("[data-testid=steal-panel] [data-testid=steal]");
  for (let i = 0; i < 2000 && !(await steal.count()); i++) {
    const phase = await page.locator("[data-testid=table]").getAttribute("data-phase");
    if (phase === "draw") await takeMyTurn(page);
    else await page.waitForTimeout(20);
  }
  assert.equal(await steal.count(), 1, "one bid takes the kitty");
  assert.match(await steal.textContent(), /Take the kitty:/);
  // The page never scrolls sideways on a phone.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll");
  await screenshot(page, "steal-panel-phone");
  await steal.click();
  // You are the landlord now, holding the kitty: bury, and play no-trump at the hand's rank.
  await page.locator("[data-testid=bury-panel]").waitFor();
  assert.match(await page.locator("[data-testid=trump]").textContent(), /NT|无主|No trump/i);
  await playToEnd(page);
  assert.deepEqual(problems(), []);
  await context.close();
});

/** Plays your seat until the hand ends (helpers' takeMyTurn), with a screenshot at the 4th play. */
async function playToEnd(page, shotName) {
  let shotTaken = false;
  const plays = await playHand(page, {
    onPlay: async (page, n) => {
      if (shotName && !shotTaken && n === 3) {
        await screenshot(page, shotName);
        shotTaken = true;
      }
    },
  });
  assert.equal(await page.locator("[data-testid=table]").getAttribute("data-phase"), "finished", "the hand did not end in time");
  return plays;
}

test("a 4-player hand against bots plays to its end", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/play/shengji?seed=hand42&pace=instant");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table]");
  const plays = await playToEnd(page, "table-play-phone");
  assert.ok(plays >= 5, `only ${plays} plays`);
  await page.waitForSelector("[data-testid=hand-result]");
  assert.match(await page.locator("[data-testid=final-points]").textContent(), /^\d+$/);
  await screenshot(page, "table-result-phone");
  await page.click("[data-testid=next-hand]");
  await page.waitForFunction(() => document.querySelector("[data-testid=table]").dataset.phase === "draw");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("what is shown: from memory, the landlord's points off screen, the kitty kept by the landlord", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/play/shengji?seed=hand42&pace=instant&lp=0&pt=0&ke=0");
  await waitForApp(page);
  const seen = { lines: 0, buttons: 0, landlordPoints: 0 };
  await playHand(page, {
    onPlay: async (page) => {
      // The trick just won is announced, never offered again on demand.
      seen.lines += await page.locator("p[data-testid=last-trick]").count();
      seen.buttons += await page.locator("button[data-testid=last-trick]").count();
      // No seat of the landlord's side shows its points.
      seen.landlordPoints += await page.locator("[data-testid=seat]").evaluateAll((seats) => seats.filter((s) =>
        s.querySelector(".tag.landlord, .tag.team") && / · \d+ (pts|分)/.test(s.querySelector(".seat-info").textContent)).length);
    },
  });
  assert.ok(seen.lines > 0, "the last trick was announced");
  assert.deepEqual([seen.buttons, seen.landlordPoints], [0, 0]);
  await page.waitForSelector("[data-testid=hand-result]");
  // You are seat 1: unless you are the landlord, the kitty's cards stay with the landlord.
  const landlord = await page.locator("[data-testid=landlord] b").textContent();
  const kitty = await page.locator("[data-testid=result-kitty]").textContent();
  if (landlord === "You") assert.doesNotMatch(kitty, /kept by the landlord/);
  else assert.match(kitty, /kept by the landlord \(\d+ pts\)/);
  await screenshot(page, "shown-result-phone");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a 5-player Finding Friends hand plays to its end (desktop)", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.desktop);
  await page.goto(shared.site.url + "#/play/shengji?seed=friends5&p=5&m=friends&pace=instant");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table]");
  assert.equal(await page.locator("[data-testid=seat]").count(), 5);
  const plays = await playToEnd(page, "table-play-desktop");
  assert.ok(plays >= 5, `only ${plays} plays`);
  await page.waitForSelector("[data-testid=hand-result]");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("the same seed link deals the same hand in two browsers", async () => {
  const hands = [];
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    const { context, page, problems } = await openPage(shared.browser, viewport);
    await page.goto(shared.site.url + "#/play/shengji?seed=Same7&pace=instant");
    await waitForApp(page);
    await page.waitForSelector("[data-testid=pass]", { timeout: 30000 });
    hands.push(await handCards(page));
    if (viewport === VIEWPORTS.desktop) await screenshot(page, "table-draw-desktop");
    assert.deepEqual(problems(), []);
    await context.close();
  }
  assert.ok(hands[0].length >= 20);
  assert.deepEqual(hands[0], hands[1]);
});

test("a malformed seed link explains itself and leads home", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/play/shengji?seed=no%20way!");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table-error]");
  assert.match(await page.locator("[data-testid=table-error-message]").textContent(), /seed/);
  await page.click("[data-testid=home-link]");
  await page.waitForSelector("[data-testid=home]");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("the result card's link lets a friend play the same deal and compare", async () => {
  // The sender finishes the hand and copies the link that carries the result.
  const a = await openPage(shared.browser, VIEWPORTS.phone);
  await a.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await a.page.goto(shared.site.url + "#/play/shengji?seed=duel9&pace=instant");
  await waitForApp(a.page);
  await a.page.waitForSelector("[data-testid=table]");
  await playToEnd(a.page);
  await a.page.waitForSelector("[data-testid=result-card]");
  const review = a.page.locator("[data-testid=review-trick]");
  assert.ok((await review.count()) >= 5);
  // Every trick lists one play per seat and names a winner among them.
  for (const t of await review.evaluateAll((els) => els.map((e) => ({
    winner: e.dataset.winner, seats: [...e.querySelectorAll(".review-play")].map((p) => p.dataset.seat) })))) {
    assert.equal(t.seats.length, 4);
    assert.ok(t.seats.includes(t.winner));
  }
  const link = await a.page.locator("[data-testid=share-link]").inputValue();
  // The link opens the Shengji table's own page (a friend waits for one page, not two).
  assert.ok(link.startsWith(shared.site.url + "shengji/#/play/shengji?seed=duel9&r="), link);
  await a.page.click("[data-testid=copy-share-link]");
  await a.page.waitForFunction(() => document.querySelector("[data-testid=copy-share-link]").textContent === "Copied");
  assert.equal(await a.page.evaluate(() => navigator.clipboard.readText()), link);
  const senderPoints = await a.page.locator("[data-testid=result-card]").getAttribute("data-points");
  await screenshot(a.page, "result-card-phone");
  await a.page.locator("[data-testid=review]").screenshot({ path: `${SHOTS}/review-phone.png` });
  assert.deepEqual(a.problems(), []);
  await a.context.close();

  // The friend opens it in another browser: same cards, and both results after the hand.
  const b = await openPage(shared.browser, VIEWPORTS.desktop);
  await b.page.goto(link.replace("#/play/shengji?", "#/play/shengji?pace=instant&"));
  await waitForApp(b.page);
  await b.page.waitForSelector("[data-testid=friend-waiting]");
  assert.doesNotMatch(await b.page.evaluate(() => location.hash), /r=/);
  await playToEnd(b.page);
  await b.page.waitForSelector("[data-testid=compare]");
  const rows = await b.page.locator("[data-testid=compare-row]").evaluateAll((els) =>
    els.map((e) => ({ mine: e.dataset.mine, points: e.querySelector("[data-testid=compare-points]").textContent })));
  assert.equal(rows.length, 2);
  assert.deepEqual(rows.map((r) => r.mine).sort(), ["false", "true"]);
  assert.equal(rows.find((r) => r.mine === "false").points, senderPoints);
  assert.equal(await b.page.locator("[data-testid=friend-waiting]").count(), 0);
  await screenshot(b.page, "result-card-desktop");
  assert.deepEqual(b.problems(), []);
  await b.context.close();
});

test("the last trick: who won it and its points, reopened on demand", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/play/shengji?seed=lasttrick&pace=instant");
  await waitForApp(page);
  await playHand(page, { until: async (p) => (await p.locator("[data-testid=last-trick]").count()) > 0 });
  const line = page.locator("[data-testid=last-trick]");
  const winner = await line.getAttribute("data-winner");
  assert.match(await line.textContent(), new RegExp(`Trick 1: .* won`));
  await line.click();
  assert.equal(await page.locator("[data-testid=seats]").getAttribute("data-showing"), "last");
  // The last trick's plays are on the table, its winner marked.
  const won = page.locator(`[data-testid=seat][data-seat="${winner}"] [data-testid=seat-play].winning`);
  assert.equal(await won.count(), 1);
  assert.ok((await won.locator("[data-card]").count()) > 0);
  await screenshot(page, "last-trick-phone");
  await page.locator("[data-testid=last-trick]").click();
  assert.equal(await page.locator("[data-testid=seats]").getAttribute("data-showing"), "current");
  assert.deepEqual(problems(), []);
  await context.close();
});

/** The bottom edge (px) of everything matching `selector`, and how many there are. */
async function lowest(page, selector) {
  const bottoms = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
  return { n: bottoms.length, bottom: Math.max(...bottoms) };
}

// Seeds found by scanning natively: the bots leave seat 1 a bid at the end of the draw, so you bury.
for (const { players, decks, mode, seed } of [
  { players: 4, decks: 2, mode: "tractor", seed: "bury10" },
  { players: 6, decks: 3, mode: "friends", seed: "bury1" },
  { players: 8, decks: 4, mode: "friends", seed: "bury1" },
]) test(`a table of ${players} on a phone: the table, the whole hand and the buttons fit one screen`, async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + `#/play/shengji?seed=${seed}&p=${players}&d=${decks}&m=${mode}&pace=instant`);
  await waitForApp(page);
  await page.waitForSelector("[data-testid=pass]", { timeout: 30000 });
  await page.locator("[data-testid=bid]").first().click();
  await page.waitForSelector("[data-testid=bury-panel]");
  // Burying: every card of the landlord's hand (with the kitty) and the Bury button on screen.
  const buryHand = await lowest(page, "[data-testid=hand] [data-card]");
  const k = Number((await page.locator("[data-testid=bury-count]").textContent()).split("/")[1].trim());
  assert.equal(buryHand.n, Math.floor((54 * decks - k) / players) + k, `${buryHand.n} cards in the hand`);
  const buryButton = await page.locator("[data-testid=bury]").boundingBox();
  await screenshot(page, `bury-${players}p-phone`);
  assert.ok(buryHand.bottom <= 740, `the hand ends at ${buryHand.bottom}`);
  assert.ok(buryButton.y + buryButton.height <= 740, `the Bury button ends at ${buryButton.y + buryButton.height}`);
  await page.locator("[data-testid=hand] [data-card]").evaluateAll((els, k) => els.slice(0, k).forEach((e) => e.click()), k);
  await page.click("[data-testid=bury]");
  if (mode === "friends") {
    await page.waitForSelector("[data-testid=friends-panel]");
    await page.click("[data-testid=call-friends]");
  }
  await page.waitForFunction(() => document.querySelector("[data-testid=table]").dataset.phase === "play");
  // Playing: every seat, the whole hand and the Play button on screen, with no scrolling.
  await page.waitForSelector("[data-testid=play]");
  const seats = await lowest(page, "[data-testid=seat]");
  const playHandBox = await lowest(page, "[data-testid=hand] [data-card]");
  const play = await page.locator("[data-testid=play]").boundingBox();
  await screenshot(page, `play-${players}p-phone`);
  assert.equal(seats.n, players);
  assert.ok(seats.bottom < playHandBox.bottom && playHandBox.bottom <= 740, `seats end at ${seats.bottom}, the hand at ${playHandBox.bottom}`);
  assert.ok(play.y + play.height <= 740, `the Play button ends at ${play.y + play.height}`);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  // Fewer taps (on by default): the plays the hand leaves no choice about are made for you.
  const stats = {};
  await playHand(page, { stats });
  assert.ok(stats.autos >= 1, `plays made for you: ${stats.autos ?? 0}`);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("take back: your play and the bots' replies, from a button that keeps its place", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  // Slow bots (1.2 s a move): two seconds after your play one bot at most has replied.
  await page.goto(shared.site.url + "#/play/shengji?seed=takeback&pace=slow");
  await waitForApp(page);
  const playsOnTable = (p) => p.locator("[data-testid=seat-play]:not(.old)").evaluateAll((els) => els.filter((e) => e.querySelector("[data-card]")).length);
  // Your turn to follow the lead, with two bots to reply after you (a lead could be a
  // throw, which the rules never take back).
  await playHand(page, {
    until: async (p) =>
      (await p.locator("[data-testid=table]").getAttribute("data-phase")) === "play" &&
      (await p.locator("[data-testid=table]").getAttribute("data-my-turn")) === "yes" &&
      (await p.locator("[data-testid=play]").count()) > 0 &&
      (await playsOnTable(p)) === 1,
  });
  const button = page.locator("[data-testid=take-back]");
  assert.ok(await button.isDisabled(), "nothing to take back before you play");
  // Its place in the action bar (the bar itself moves when the suggestion above goes).
  const inBar = async () => {
    const [b, play] = [await button.boundingBox(), await page.locator("[data-testid=play]").boundingBox()];
    return { dx: b.x - play.x, dy: b.y - play.y, height: b.height };
  };
  const place = await inBar();
  const before = { hand: await handCards(page), plays: await playsOnTable(page) };
  assert.match(await takeMyTurn(page), /^(play|auto)$/);
  // The first bot's reply is on the table: the second comes 1.2 s after it, so the
  // trick is still on while the test looks and taps (a fixed wait raced the second
  // reply on a slow machine).
  await page.waitForFunction((n) => [...document.querySelectorAll("[data-testid=seat-play]:not(.old)")]
    .filter((e) => e.querySelector("[data-card]")).length >= n, before.plays + 2);
  assert.ok(await button.isEnabled(), "your play can be taken back while the trick is on");
  await button.click({ timeout: 1000 });
  // The button keeps its place in the action bar (checked after the tap, so the tap
  // does not wait on the measuring).
  assert.deepEqual(await inBar(), place, "the button kept its place in the action bar");
  await page.waitForFunction(() => document.querySelector("[data-testid=table]").dataset.myTurn === "yes");
  assert.deepEqual(await handCards(page), before.hand, "your cards are back in your hand");
  assert.equal(await playsOnTable(page), before.plays, "the bots' replies are gone too");
  assert.ok(await button.isDisabled());
  // And the hand goes on to its end.
  await playHand(page);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("on a desktop screen the hand lies on one row, beside the hints", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.desktop);
  await page.goto(shared.site.url + "#/play/shengji?seed=onerow&pace=instant");
  await waitForApp(page);
  // Until your first follow, with most of your hand (the hints are shown): your own
  // turns are taken except a follow, which the loop waits to see rendered.
  const table = page.locator("[data-testid=table]");
  await table.waitFor();
  for (let i = 0; i < 5000 && !(await page.locator("[data-testid=hint-row]").count()); i++) {
    const following = (await table.getAttribute("data-phase")) === "play" && (await table.getAttribute("data-my-turn")) === "yes" &&
      !(await page.locator("[data-testid=suggestion]").count());
    if (following) await page.waitForTimeout(20);
    else await takeMyTurn(page);
  }
  // The hand is laid out again a frame after the hints take their column: one row, and
  // no card reaching under the hints.
  await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll("[data-testid=hand] [data-card]")];
    const tops = new Set(cards.filter((e) => e.getAttribute("aria-pressed") !== "true").map((e) => e.style.top));
    const right = Math.max(...cards.map((e) => e.getBoundingClientRect().right));
    const hints = document.querySelector(".hints");
    return tops.size === 1 && hints && right <= hints.getBoundingClientRect().left;
  }, null, { timeout: 5000 });
  assert.ok((await page.locator("[data-testid=hand] [data-card]").count()) >= 20);
  await screenshot(page, "table-desktop-one-row");
  assert.deepEqual(problems(), []);
  await context.close();
});
