// Shared helpers for the end-to-end tests: serve the release build under /tuolaji/
// (as GitHub Pages would), launch Debian's chromium through playwright-core (never a
// downloaded browser), fail on any page error or console error, save screenshots.
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
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Serves a copy of dist/ (tests may change their copy) on a free port. */
export async function serveCopy() {
  const dir = mkdtempSync(join(tmpdir(), "tuolaji-dist-"));
  cpSync(DIST, dir, { recursive: true });
  const server = await startServer({ dir, port: 0, base: BASE });
  const url = `http://127.0.0.1:${server.address().port}${BASE}`;
  return { dir, server, url, close: () => new Promise((ok) => server.close(ok)) };
}

/** A page that records every page error and console error; `problems()` lists them. */
export async function openPage(browser, viewport = VIEWPORTS.phone, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
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

/** Plays this page's seat at a Shengji table until the hand ends: passes in the draw,
 * buries the first cards, calls the default friends, taps the suggested lead or the
 * forced hint row. Works for a table against bots and for a peer table (the hand shrinks
 * once the host accepted the play). Returns the number of plays. */
export async function playHand(page, { shotName, timeout = 150000 } = {}) {
  const table = page.locator("[data-testid=table]");
  await table.waitFor({ timeout: 30000 });
  const handCards = () => page.locator("[data-testid=hand] [data-card]").evaluateAll((els) => els.map((e) => e.dataset.card));
  let plays = 0;
  let shotTaken = false;
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
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
      const call = page.locator("[data-testid=call-friends]");
      if (await call.count()) {
        await call.click();
        await page.waitForTimeout(50);
        continue;
      }
      const bury = page.locator("[data-testid=bury-count]");
      if (!(await bury.count())) {
        await page.waitForTimeout(20);
        continue;
      }
      const k = Number((await bury.textContent()).split("/")[1].trim());
      await page.locator("[data-testid=hand] [data-card]").evaluateAll((els, k) => els.slice(0, k).forEach((e) => e.click()), k);
      await page.click("[data-testid=bury]");
      await page.waitForFunction(() => document.querySelector("[data-testid=table]").dataset.phase !== "exchange" ||
        !document.querySelector("[data-testid=bury]") || document.querySelector("[data-testid=call-friends]"));
    } else if (phase === "play") {
      const before = (await handCards()).length;
      const suggestion = page.locator("[data-testid=use-suggestion]");
      if (await suggestion.count()) {
        await suggestion.click();
      } else {
        const forced = page.locator("[data-testid=hint-row][data-forced=true]").first();
        await forced.waitFor({ timeout: 10000 });
        await forced.click();
        await page.waitForSelector("[data-testid=legality][data-legal=yes]");
      }
      if (shotName && !shotTaken && plays === 3) {
        await screenshot(page, shotName);
        shotTaken = true;
      }
      await page.click("[data-testid=play]");
      await page.waitForFunction(
        (n) => document.querySelectorAll("[data-testid=hand] [data-card]").length < n ||
          document.querySelector("[data-testid=table-error-line]"),
        before,
      );
      const refused = page.locator("[data-testid=table-error-line]");
      if (await refused.count()) throw new Error(`the play was refused: ${await refused.textContent()}`);
      plays++;
    }
  }
  if ((await table.getAttribute("data-phase")) !== "finished") throw new Error("the hand did not end in time");
  return plays;
}
