// Shared helpers for the end-to-end tests: serve the release build under /tuolaji/
// (as GitHub Pages would), launch Debian's chromium through playwright-core (never a
// downloaded browser), fail on any page error or console error, save screenshots.
import { before, after } from "node:test";
import { chromium } from "playwright-core";
import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../serve.mjs";

export const E2E = dirname(dirname(fileURLToPath(import.meta.url)));
export const DIST = join(E2E, "..", "dist");
export const SHOTS = join(E2E, "screenshots");
export const BASE = "/tuolaji/";

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
};

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // A fake camera that needs no permission prompt: the host scans an answer's QR code
  // (with a stand-in BarcodeDetector, which Chromium on Linux lacks; peer.test.mjs).
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** One browser and one served copy of dist/ for all the tests of a file. Call it at the
 * top level; `shared.browser` and `shared.site` are ready when the first test runs and
 * closed after the last. */
export function sharedBrowserAndSite() {
  const shared = { browser: undefined, site: undefined };
  before(async () => {
    shared.browser = await launch();
    shared.site = await serveCopy();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.site?.close();
  });
  return shared;
}

/** Serves a copy of dist/ (tests may change their copy) on a free port. */
export async function serveCopy() {
  const dir = mkdtempSync(join(tmpdir(), "tuolaji-dist-"));
  cpSync(DIST, dir, { recursive: true });
  const server = await startServer({ dir, port: 0, base: BASE });
  const url = `http://127.0.0.1:${server.address().port}${BASE}`;
  // Closing takes the site down at once: a connection the browser holds open (a request
  // under way, or one opened ahead of need) would otherwise keep close() waiting for ever
  // (a clean-clone run hung here, in "an offline reload resumes the game").
  const close = () =>
    new Promise((ok) => {
      server.close(ok);
      server.closeAllConnections();
    });
  return { dir, server, url, close };
}

/** A page that records every page error and console error; `problems()` lists them.
 * `relays`: the room relay list its pages start with (Settings' text, stored under
 * `tuolaji.relays.v1`); none unless given, so that no test reaches for a public relay. */
export async function openPage(browser, viewport = VIEWPORTS.phone, { relays = "", ...options } = {}) {
  const context = await browser.newContext({ viewport, ...options });
  await context.addInitScript((list) => {
    if (localStorage.getItem("tuolaji.relays.v1") === null) localStorage.setItem("tuolaji.relays.v1", list);
  }, relays);
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console.error: ${msg.text()}`);
  });
  return { context, page, problems: () => problems.slice() };
}

/** Waits until the Leptos app has mounted (the wasm started). */
export async function waitForApp(page) {
  await page.waitForSelector("[data-testid=app]", { timeout: 20000 });
}

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** An init script (`page.addInitScript(longTaskProbe)`, before the page loads): records every
 * long task (over 50 ms) the main thread runs, for `longestTaskSince`. */
export function longTaskProbe() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: "longtask", buffered: true });
}

/** The longest task the probe saw start after `since` (the page's `performance.now()`), in ms,
 * and how many there were. */
export async function longestTaskSince(page, since) {
  const long = await page.evaluate((since) => window.__longTasks.filter((t) => t.start > since), since);
  return { worst: Math.max(0, ...long.map((t) => t.ms)), count: long.length };
}

/** The notations of the cards in your hand, in order. */
export const handCards = (page) =>
  page.locator("[data-testid=hand] [data-card]").evaluateAll((els) => els.map((e) => e.dataset.card));

/** The cards on the table per seat (the current trick, or the last one dimmed). */
export const tableCards = (page) =>
  page.locator("[data-testid=seat-play]").evaluateAll((els) =>
    els.map((e) => ({ old: e.classList.contains("old"), cards: [...e.querySelectorAll("[data-card]")].map((c) => c.dataset.card) })));

/** Takes one turn at a table against bots if it is yours: passes in the draw, buries
 * the first cards, calls the default friends, taps the suggested lead or the hint's
 * forced row and plays it. Returns what it did ("wait", "pass", "bury", "call", "play",
 * "auto": the table played a card you had no choice about) or "finished". Throws if the table refuses the move. */
export async function takeMyTurn(page) {
  const table = page.locator("[data-testid=table]");
  const phase = await table.getAttribute("data-phase");
  if (phase === "finished") return "finished";
  if ((await table.getAttribute("data-my-turn")) !== "yes") {
    await page.waitForTimeout(20);
    return "wait";
  }
  const refused = async (what) => {
    if (await page.locator("[data-testid=table-error-line]").count()) {
      throw new Error(`${what} was refused: ${await page.locator("[data-testid=table-error-line]").textContent()}`);
    }
  };
  if (phase === "draw") {
    const pass = page.locator("[data-testid=pass]");
    if (!(await pass.count())) {
      await page.waitForTimeout(20);
      return "wait";
    }
    // The last round of bids can end (someone else's bid or pass) between seeing the
    // button and tapping it: then there is nothing to pass, and the loop looks again.
    const passed = await pass.click({ timeout: 2000 }).then(() => true, () => false);
    return passed ? "pass" : "wait";
  }
  if (phase === "exchange") {
    // 炒地皮: let the kitty lie when it is our turn to steal; else wait for the round.
    const stealing = page.locator("[data-testid=steal-panel]");
    if (await stealing.count()) {
      const pass = stealing.locator("[data-testid=pass]");
      const passed = (await pass.count()) && (await pass.click({ timeout: 2000 }).then(() => true, () => false));
      if (!passed) await page.waitForTimeout(20);
      return passed ? "let lie" : "wait";
    }
    const call = page.locator("[data-testid=call-friends]");
    if (await call.count()) {
      await call.click();
      await refused("the friend call");
      return "call";
    }
    const bury = page.locator("[data-testid=bury-count]");
    // At a peer table the host's view can arrive between reading the phase and here (the
    // bury made, the friends' call or a steal now due, the turn moved on): wait for what
    // the table shows next, and look again unless it is the bury (seen in the NAT lab).
    await page.waitForFunction(() => {
      const t = document.querySelector("[data-testid=table]");
      return document.querySelector("[data-testid=bury-count], [data-testid=call-friends], [data-testid=steal-panel]") ||
        t?.dataset.myTurn !== "yes" || t?.dataset.phase !== "exchange";
    }, null, { timeout: 30000 });
    if (!(await bury.count())) return "wait";
    const k = Number((await bury.textContent()).split("/")[1].trim());
    await page.locator("[data-testid=hand] [data-card]").evaluateAll((els, k) => els.slice(0, k).forEach((e) => e.click()), k);
    await page.click("[data-testid=bury]");
    // At a peer table the phase changes once the host's view arrives.
    await page.waitForFunction(() => document.querySelector("[data-testid=table]").dataset.phase !== "exchange" ||
      !document.querySelector("[data-testid=bury]") || document.querySelector("[data-testid=call-friends]"));
    return "bury";
  }
  const before = (await handCards(page)).length;
  // Fewer taps: a play the hand leaves no choice about is made for you a moment later.
  if ((await table.getAttribute("data-auto-play")) === "yes") {
    await page.waitForFunction(
      (n) => document.querySelectorAll("[data-testid=hand] [data-card]").length < n ||
        document.querySelector("[data-testid=table]").dataset.autoPlay !== "yes",
      before,
    );
    if ((await handCards(page)).length < before) return "auto";
  }
  // Leading: the suggested lead. Following: the forced row of the hints. A selection the
  // table already made (fewer taps) that is legal: play it as it is.
  const ready = page.locator("[data-testid=use-suggestion], [data-testid=hint-row][data-forced=true], [data-testid=legality][data-legal=yes]").first();
  if (!(await ready.waitFor({ timeout: 10000 }).then(() => true, () => false))) {
    // The turn moved on meanwhile (a peer table's view can arrive at any time): look again.
    console.log(`takeMyTurn: nothing to play yet (my turn: ${await table.getAttribute("data-my-turn")}, phase: ${await table.getAttribute("data-phase")})`);
    return "wait";
  }
  const suggestion = page.locator("[data-testid=use-suggestion]");
  const forced = page.locator("[data-testid=hint-row][data-forced=true]").first();
  if (await suggestion.count()) {
    // The button can go between finding and tapping it, as the forced row below can (the
    // hand's last card played for you, the host's view moved the turn on): look again.
    if (!(await suggestion.click({ timeout: 5000 }).then(() => true, () => false))) return "wait";
  } else {
    // The row can go between finding and tapping it (a peer table's view moved the turn
    // on: a bot stood in, or the play was made): then look again.
    if ((await forced.count()) && !(await forced.click({ timeout: 5000 }).then(() => true, () => false))) return "wait";
    if (!(await page.waitForSelector("[data-testid=legality][data-legal=yes]", { timeout: 10000 }).then(() => true, () => false))) return "wait";
  }
  // At a peer table the turn can move on before the tap (a bot stood in, the host's view
  // arrived): the button hides, and the loop looks again.
  if (!(await page.click("[data-testid=play]", { timeout: 5000 }).then(() => true, () => false))) return "wait";
  // At a peer table the hand shrinks (or the refusal shows) once the host has judged the play.
  await page.waitForFunction(
    (n) => document.querySelectorAll("[data-testid=hand] [data-card]").length < n ||
      document.querySelector("[data-testid=table-error-line]"),
    before,
  );
  await refused("the play");
  return "play";
}

/** Takes turns until the hand ends (or `until(page)` says stop before a turn); returns the
 * number of plays. Works for a table against bots and for a peer table. `shotName`: a
 * screenshot before the 4th play. */
export async function playHand(page, { until, timeout = 150000, onPlay, shotName, stats } = {}) {
  await page.locator("[data-testid=table]").waitFor({ timeout: 30000 });
  const deadline = Date.now() + timeout;
  let plays = 0;
  let shotTaken = !shotName;
  while (Date.now() < deadline) {
    if (until && (await until(page))) return plays;
    if (!shotTaken && plays === 3 && (await page.locator("[data-testid=play]").count())) {
      await screenshot(page, shotName);
      shotTaken = true;
    }
    if (onPlay && (await page.locator("[data-testid=table]").getAttribute("data-my-turn")) === "yes" &&
        (await page.locator("[data-testid=play]").count())) await onPlay(page, plays);
    const did = await takeMyTurn(page);
    if (did === "finished") return plays;
    if (did === "play" || did === "auto") plays++;
    if (did === "auto" && stats) stats.autos = (stats.autos ?? 0) + 1;
  }
  throw new Error("the hand did not end in time");
}

/**
 * A spectator joins a peer table: the host opens an invite to watch, `watcherPage` opens its
 * link (giving `name` if any) and the host pastes the answer. Returns the invite's link and
 * code once the host counts one spectator.
 */
export async function watchThroughInvite(hostPage, watcherPage, { name } = {}) {
  await hostPage.click("[data-testid=invite-spectator]");
  const box = hostPage.locator("[data-testid=spectators] [data-testid=invite]");
  const link = box.locator("[data-testid=invite-link]");
  await link.waitFor({ timeout: 20000 });
  const href = await link.getAttribute("href");
  const code = (await box.locator("[data-testid=invite-code]").textContent()).trim();
  await watcherPage.goto(href);
  await waitForApp(watcherPage);
  if (name) await watcherPage.fill("[data-testid=guest-name]", name);
  await watcherPage.click("[data-testid=join-button]");
  const answer = watcherPage.locator("[data-testid=answer-code]");
  await answer.waitFor({ timeout: 20000 });
  await box.locator("[data-testid=answer-input]").fill((await answer.textContent()).trim());
  await box.locator("[data-testid=answer-connect]").click();
  await hostPage.waitForFunction(() => document.querySelector("[data-testid=watcher-count]")?.textContent === "1", null, { timeout: 20000 });
  return { href, code };
}
