// Saved games: a reload mid-trick resumes the same hand with the same trick on the
// table, the home screen's Resume opens the saved table, another table link asks
// before replacing the save, a corrupt or incompatible save is set aside with a notice
// (each to its own numbered backup, none lost before the cap; one that cannot be backed
// up is never written over), a save claiming a huge record is refused, two tabs never
// overwrite each other's game, an offline reload resumes, and the human bids, buries and
// calls friends.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { sharedBrowserAndSite, serveCopy, openPage, waitForApp, screenshot, VIEWPORTS, handCards, tableCards, playHand, takeMyTurn } from "./helpers.mjs";

const SAVE = "tuolaji.game.v1";
const LEGACY_BACKUP = "tuolaji.game.v1.backup";
const backup = (n) => `tuolaji.game.v1.backup.${n}`;
const MAX_BACKUPS = 8;

const shared = sharedBrowserAndSite();

/** Plays until it is your turn to follow a trick others have started (mid-trick),
 * with at least `played` of your cards already played. */
async function playUntilFollowing(page, played = 1) {
  const full = { value: 0 };
  await playHand(page, {
    until: async (page) => {
      const table = page.locator("[data-testid=table]");
      if ((await table.getAttribute("data-phase")) !== "play" || (await table.getAttribute("data-my-turn")) !== "yes") return false;
      // A follow the table makes for you (fewer taps) is not a position to stop at.
      if ((await table.getAttribute("data-auto-play")) === "yes") return false;
      const plays = await tableCards(page);
      const hand = (await handCards(page)).length;
      full.value = Math.max(full.value, hand);
      return full.value - hand >= played && plays.some((p) => !p.old && p.cards.length > 0);
    },
  });
  assert.equal(await page.locator("[data-testid=table]").getAttribute("data-phase"), "play", "never had to follow a trick");
}

async function snapshot(page) {
  return {
    hand: await handCards(page),
    table: await tableCards(page),
    points: await page.locator("[data-testid=attacker-points]").textContent(),
    hash: await page.evaluate(() => location.hash),
    selected: await page.locator("[data-testid=hand] [data-card][aria-pressed=true]").evaluateAll((els) => els.map((e) => e.dataset.card)),
  };
}

test("a reload mid-trick resumes the same hand with the same trick on the table", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/play/shengji?seed=resume1&pace=fast");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table]");
  await playUntilFollowing(page);
  // A trick or two in, so the resumed state is more than a fresh deal; two cards selected
  // (after clearing the forced shape the table selected to start with).
  await page.click("[data-testid=clear]");
  await page.locator("[data-testid=hand] [data-card]").evaluateAll((els) => els.slice(0, 2).forEach((e) => e.click()));
  const was = await snapshot(page);
  assert.equal(was.selected.length, 2);
  assert.ok(was.hand.length > 0 && was.hand.length < 25, `hand of ${was.hand.length}`);
  assert.ok(was.table.some((p) => !p.old && p.cards.length > 0), "nobody has played to this trick");
  const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), SAVE);
  assert.equal(saved.format, 2);
  assert.equal(saved.seat, 0);
  assert.equal(saved.ui.pace, "fast");
  await page.reload();
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table][data-my-turn=yes]");
  const now = await snapshot(page);
  assert.deepEqual(now, was);
  // Home offers the saved table, and Resume opens it at the same spot.
  await page.goto(shared.site.url + "#/");
  await page.waitForSelector("[data-testid=resume]");
  assert.match(await page.locator("[data-testid=resume-detail]").textContent(), /resume1/);
  await screenshot(page, "home-resume-phone");
  await page.click("[data-testid=resume]");
  await page.waitForSelector("[data-testid=table][data-my-turn=yes]");
  assert.deepEqual(await snapshot(page), was);
  // Another table link asks first; the save stays until the new table starts.
  await page.goto(shared.site.url + "#/play/shengji?seed=other2&pace=instant");
  await page.waitForSelector("[data-testid=save-choice]");
  await screenshot(page, "save-choice-phone");
  const before = await page.evaluate((k) => localStorage.getItem(k), SAVE);
  await page.click("[data-testid=resume-saved]");
  await page.waitForSelector("[data-testid=table][data-my-turn=yes]");
  assert.deepEqual(await snapshot(page), was);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), SAVE), before);
  await page.goto(shared.site.url + "#/play/shengji?seed=other2&pace=instant");
  await page.click("[data-testid=start-new-table]");
  await page.waitForSelector("[data-testid=table]");
  await page.waitForFunction(([k, old]) => localStorage.getItem(k) !== old, [SAVE, before]);
  await page.goto(shared.site.url + "#/");
  await page.waitForSelector("[data-testid=resume]");
  assert.match(await page.locator("[data-testid=resume-detail]").textContent(), /other2/);
  assert.deepEqual(problems(), []);
  await context.close();
});

/** Every key of localStorage and its value. */
const stored = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));

test("a corrupt save is set aside with a notice and the app starts", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  assert.equal(await page.locator("[data-testid=resume]").count(), 0);
  // A backup left by an earlier version stays untouched.
  await page.evaluate(([k, b]) => { localStorage.setItem(k, "{\"format\":1,\"garbage"); localStorage.setItem(b, "legacy"); }, [SAVE, LEGACY_BACKUP]);
  await page.reload();
  await waitForApp(page);
  await page.waitForSelector("[data-testid=save-notice]");
  assert.match(await page.locator("[data-testid=save-notice]").textContent(), /could not be read/);
  assert.equal(await page.locator("[data-testid=save-notice] [data-testid=backup-key]").textContent(), `Backup: ${backup(1)}`);
  assert.equal(await page.locator("[data-testid=backups-dropped]").count(), 0);
  assert.equal(await page.locator("[data-testid=resume]").count(), 0);
  let all = await stored(page);
  assert.equal(all[backup(1)], "{\"format\":1,\"garbage");
  assert.equal(all[LEGACY_BACKUP], "legacy");
  assert.equal(all[SAVE], undefined);
  await screenshot(page, "save-notice-phone");
  await page.click("[data-testid=save-notice] [data-testid=dismiss-notice]");
  assert.equal(await page.locator("[data-testid=save-notice]").count(), 0);
  // The app works: a new table starts.
  await page.click("[data-testid=new-game]");
  await page.waitForSelector("[data-testid=new-game-screen]");
  // A save from another version says so, and goes to a second backup: the first stays.
  await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ format: 99, app: "9.0.0", seat: 0 })), SAVE);
  await page.goto(shared.site.url + "#/");
  await page.reload();
  await waitForApp(page);
  await page.waitForSelector("[data-testid=save-notice]");
  assert.match(await page.locator("[data-testid=save-notice]").textContent(), /another version[\s\S]*9\.0\.0/);
  all = await stored(page);
  assert.match(all[backup(2)], /"format":99/);
  assert.equal(all[backup(1)], "{\"format\":1,\"garbage");
  assert.equal(all[LEGACY_BACKUP], "legacy");
  // Every backup is kept up to the cap; beyond it the oldest goes, and the notice says so.
  await page.evaluate(([b, n]) => { for (let i = 3; i < n; i++) localStorage.setItem(b + i, `old ${i}`); }, [backup(""), MAX_BACKUPS]);
  await page.evaluate((k) => localStorage.setItem(k, "not a save"), SAVE);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.reload();
  await waitForApp(page);
  await page.waitForSelector("[data-testid=backups-dropped]");
  assert.match(await page.locator("[data-testid=backups-dropped]").textContent(), /At most 8 backups are kept: the oldest one was deleted/);
  await screenshot(page, "save-notice-desktop");
  all = await stored(page);
  const backups = Object.keys(all).filter((k) => k.startsWith(LEGACY_BACKUP)).sort();
  assert.equal(backups.length, MAX_BACKUPS, backups.join());
  assert.equal(all[LEGACY_BACKUP], undefined, "the oldest (the earlier version's backup) went first");
  assert.equal(all[backup(MAX_BACKUPS)], "not a save");
  assert.equal(all[backup(1)], "{\"format\":1,\"garbage");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("an unreadable save that cannot be backed up stays where it is and is never overwritten", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  // Storage too full for a backup: every write of a backup key fails.
  await context.addInitScript((prefix) => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k.startsWith(prefix)) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return set.call(this, k, v);
    };
  }, LEGACY_BACKUP);
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  await page.evaluate((k) => localStorage.setItem(k, "precious but unreadable"), SAVE);
  await page.reload();
  await waitForApp(page);
  await page.waitForSelector("[data-testid=save-notice]");
  assert.match(await page.locator("[data-testid=save-notice]").textContent(), /storage is too full to back it up. It is kept where it is/);
  // A new table is played, but never saved over the old save.
  await page.goto(shared.site.url + "#/play/shengji?seed=kept5&pace=instant");
  await page.waitForSelector("[data-testid=save-kept]");
  await playHand(page, { until: async (p) => (await p.locator("[data-testid=table]").getAttribute("data-phase")) === "play" });
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), SAVE), "precious but unreadable");
  assert.deepEqual(problems(), []);
  await context.close();
});

/** A save whose record is a valid header claiming `count` draws, then `count` zero bytes:
 * ~43 KB that would inflate to 32 MiB (what the finding measured at 1.4 GB while loading). */
function hostileSave(count) {
  const varint = (n) => { const out = []; while (n >= 0x80) { out.push((n & 0x7f) | 0x80); n = Math.floor(n / 128); } out.push(n); return out; };
  const header = Buffer.from([...varint(1), 1, "x".charCodeAt(0), 0, ...varint(count)]);
  const payload = Buffer.concat([header, Buffer.alloc(count)]);
  const code = Buffer.concat([Buffer.from([1]), deflateRawSync(payload, { level: 9 })]).toString("base64url");
  return JSON.stringify({ format: 2, app: "0.1.0", seat: 0, record: code });
}

test("a save claiming a huge record is refused quickly and set aside", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  const hostile = hostileSave(32 * 1024 * 1024 - 16);
  assert.ok(hostile.length < 48 * 1024, `${hostile.length}`);
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [SAVE, hostile]);
  await page.reload();
  await waitForApp(page);
  await page.waitForSelector("[data-testid=save-notice]");
  const notice = await page.locator("[data-testid=save-notice]").textContent();
  assert.match(notice, /far larger than any real game/);
  assert.match(notice, /would inflate to more than 2097152 bytes/);
  const all = await stored(page);
  const kept = Object.keys(all).filter((k) => k.startsWith(LEGACY_BACKUP));
  assert.equal(kept.length, 1);
  assert.equal(all[kept[0]], hostile, "set aside byte for byte");
  assert.equal(all[SAVE], undefined);
  // The app goes on: a table starts.
  await page.goto(shared.site.url + "#/play/shengji?seed=after1&pace=instant");
  await page.waitForSelector("[data-testid=table]");
  assert.deepEqual(problems(), []);
  await context.close();
});

/** Counts this page's writes of the saved game (`window.__saves`) and keeps the last one. */
async function countSaves(context) {
  await context.addInitScript((key) => {
    window.__saves = 0;
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === key) { window.__saves++; window.__last = v; }
      return set.call(this, k, v);
    };
  }, SAVE);
}

const myTurnToPlay = async (page) => {
  const table = page.locator("[data-testid=table]");
  return (await table.getAttribute("data-phase")) === "play" && (await table.getAttribute("data-my-turn")) === "yes" &&
    (await table.getAttribute("data-auto-play")) !== "yes";
};

test("two tabs on one game: the one that wrote last keeps saving, the other stops and says so", async () => {
  const { context, page: a, problems } = await openPage(shared.browser, VIEWPORTS.desktop);
  await countSaves(context);
  const url = shared.site.url + "#/play/shengji?seed=twotabs&pace=instant";
  await a.goto(url);
  await waitForApp(a);
  await playHand(a, { until: myTurnToPlay });
  // The second tab opens the same game at the same position (it writes nothing yet).
  const b = await context.newPage();
  const bProblems = [];
  b.on("pageerror", (e) => bProblems.push(e.message));
  b.on("console", (m) => m.type() === "error" && bProblems.push(m.text()));
  await b.setViewportSize(VIEWPORTS.phone);
  await b.goto(url);
  await waitForApp(b);
  await b.waitForSelector("[data-testid=table][data-my-turn=yes]");
  assert.deepEqual(await handCards(b), await handCards(a));
  // Tab A plays: tab B is told at once and stops saving.
  assert.match(await takeMyTurn(a), /^(play|auto)$/);
  await b.waitForSelector("[data-testid=save-taken]");
  assert.match(await b.locator("[data-testid=save-taken]").textContent(), /Another tab is now saving this game/);
  await screenshot(b, "save-taken-phone");
  // Tab B plays on, but never writes over tab A's game.
  assert.match(await takeMyTurn(b), /^(play|auto)$/);
  await b.waitForTimeout(500);
  assert.equal(await b.evaluate(() => window.__saves), 0);
  await playHand(a, { until: myTurnToPlay });
  assert.equal(await a.evaluate((k) => localStorage.getItem(k) === window.__last, SAVE), true, "the save is tab A's last write");
  assert.equal(await a.locator("[data-testid=save-taken]").count(), 0);
  // Reloading tab B continues from tab A's save; then tab B's move takes over, and A stops.
  await b.click("[data-testid=reload-here]");
  await waitForApp(b);
  await b.waitForSelector("[data-testid=table][data-my-turn=yes]");
  assert.equal(await b.locator("[data-testid=save-taken]").count(), 0);
  assert.deepEqual(await handCards(b), await handCards(a));
  assert.match(await takeMyTurn(b), /^(play|auto)$/);
  await a.waitForSelector("[data-testid=save-taken]");
  await screenshot(a, "save-taken-desktop");
  assert.deepEqual(problems(), []);
  assert.deepEqual(bProblems, []);
  await context.close();
});

async function waitForServiceWorker(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
  });
}

test("an offline reload resumes the game", async () => {
  const own = await serveCopy();
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.desktop);
  await page.goto(own.url + "#/play/shengji?seed=offline3&pace=fast");
  await waitForApp(page);
  await waitForServiceWorker(page);
  await playUntilFollowing(page);
  const was = await snapshot(page);
  await own.close();
  await context.setOffline(true);
  await page.reload();
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table][data-my-turn=yes]", { timeout: 20000 });
  assert.deepEqual(await snapshot(page), was);
  // And play goes on offline.
  assert.match(await takeMyTurn(page), /^(play|auto)$/);
  assert.deepEqual(problems(), []);
  await context.close();
});

/** Draws (instant pace) until the draw's last round asks you, then presses the first bid. */
async function bidAtTheEndOfTheDraw(page) {
  await page.waitForSelector("[data-testid=pass]", { timeout: 30000 });
  const bids = page.locator("[data-testid=bid]");
  assert.ok((await bids.count()) > 0, "no bid was offered");
  await bids.first().click();
  assert.equal(await page.locator("[data-testid=table-error-line]").count(), 0, "the bid was refused");
}

test("you bid during the draw and become the landlord (Tractor)", async () => {
  // Seed bid0 (found by scanning seeds natively): bots leave seat 1 a bid at the end of the draw.
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/play/shengji?seed=bid0&pace=instant");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table]");
  await bidAtTheEndOfTheDraw(page);
  await page.waitForSelector("[data-testid=bury-panel]");
  assert.match(await page.locator("[data-testid=landlord]").textContent(), /You/);
  await playHand(page);
  assert.deepEqual(problems(), []);
  await context.close();
});

test("the landlord buries and calls friends in Finding Friends", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.desktop);
  await page.goto(shared.site.url + "#/play/shengji?seed=bid3&p=5&m=friends&pace=instant");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=table]");
  await bidAtTheEndOfTheDraw(page);
  await page.waitForSelector("[data-testid=bury-panel]");
  const before = await handCards(page);
  const k = Number((await page.locator("[data-testid=bury-count]").textContent()).split("/")[1].trim());
  // Bury the first k cards in display order.
  await page.locator("[data-testid=hand] [data-card]").evaluateAll((els, k) => els.slice(0, k).forEach((e) => e.click()), k);
  assert.match(await page.locator("[data-testid=bury-count]").textContent(), new RegExp(`${k} / ${k}`));
  await screenshot(page, "bury-desktop");
  await page.click("[data-testid=bury]");
  await page.waitForSelector("[data-testid=friends-panel]");
  // Only cards that may be called are offered: never a joker or another trump (the default table).
  const offered = await page.locator("[data-testid=friend-card] >> nth=0").locator("option").allTextContents();
  assert.ok(offered.length >= 36 && offered.length < 54, `${offered.length} cards offered`);
  assert.ok(offered.every((c) => !/joker/.test(c)), offered.join(" "));
  // Call the 1st copy of the offered card (an ace that is not trump), after trying the 2nd.
  await page.selectOption("[data-testid=friend-nth] >> nth=0", "2");
  assert.equal(await page.locator("[data-testid=friend-nth] >> nth=0").inputValue(), "2");
  await page.selectOption("[data-testid=friend-nth] >> nth=0", "1");
  await screenshot(page, "call-friends-desktop");
  await page.click("[data-testid=call-friends]");
  assert.equal(await page.locator("[data-testid=table-error-line]").count(), 0, "the friend call was refused");
  await page.waitForFunction(() => document.querySelector("[data-testid=table]").dataset.phase === "play");
  assert.match(await page.locator("[data-testid=friends]").textContent(), /1st /);
  assert.deepEqual(await handCards(page), before.slice(k));
  // A friend's reveal is announced with the points it moves (this deal reveals one).
  const reveals = new Set();
  await playHand(page, {
    onPlay: async (p) => {
      for (const t of await p.locator("[data-testid=friend-revealed]").allTextContents()) reveals.add(t);
    },
  });
  assert.ok([...reveals].some((t) => /is the landlord's friend \(the 1st .+ played\)/.test(t)), [...reveals].join(" | "));
  assert.deepEqual(problems(), []);
  await context.close();
});

test("full storage gets a notice, not a crash, and the game goes on", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  // Every write fails as a full localStorage does.
  await context.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await page.goto(shared.site.url + "#/");
  await waitForApp(page);
  await page.waitForSelector("[data-testid=storage-notice]");
  await page.goto(shared.site.url + "#/play/shengji?seed=full4&pace=instant");
  await page.waitForSelector("[data-testid=save-error]");
  assert.match(await page.locator("[data-testid=save-error]").textContent(), /cannot be saved/);
  await screenshot(page, "save-error-phone");
  await page.click("[data-testid=save-error] [data-testid=dismiss-notice]");
  assert.equal(await page.locator("[data-testid=save-error]").count(), 0);
  assert.ok((await playHand(page)) > 0);
  assert.equal(await page.locator("[data-testid=save-error]").count(), 0, "dismissed stays dismissed");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("after a finished hand a new table starts without asking about it", async () => {
  const { context, page, problems } = await openPage(shared.browser, VIEWPORTS.phone);
  await page.goto(shared.site.url + "#/play/shengji?seed=donehand&pace=instant");
  await waitForApp(page);
  await playHand(page);
  await page.waitForSelector("[data-testid=result-card]");
  await page.goto(shared.site.url + "#/play/shengji?seed=nextone&pace=instant");
  await page.waitForSelector("[data-testid=table]");
  assert.equal(await page.locator("[data-testid=save-choice]").count(), 0);
  assert.deepEqual(problems(), []);
  await context.close();
});
