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
