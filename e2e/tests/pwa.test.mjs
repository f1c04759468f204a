// The PWA: a manifest the browser accepts, a service worker whose precache list is
// the build output, a reload with the server stopped and the browser offline, and a
// new deployment offered as "reload to update".
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { E2E, launch, serveCopy, openPage, waitForApp } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function waitForServiceWorker(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
  });
}

test("the manifest and the service worker's precache list match the build", async () => {
  const site = await serveCopy();
  const manifest = JSON.parse(readFileSync(join(site.dir, "manifest.webmanifest"), "utf8"));
  assert.equal(manifest.display, "standalone");
  assert.ok(manifest.name && manifest.short_name && manifest.theme_color);
  assert.ok(manifest.icons.length > 0);
  const sw = readFileSync(join(site.dir, "sw.js"), "utf8");
  for (const file of readdirSync(site.dir).filter((f) => /\.(wasm|js|css|html)$/.test(f) && f !== "sw.js")) {
    assert.ok(sw.includes(JSON.stringify(file)), `sw.js precaches ${file}`);
  }
  await site.close();
});

test("the app reloads with the server stopped and the browser offline", async () => {
  const site = await serveCopy();
  const { context, page, problems } = await openPage(browser);
  await page.goto(site.url + "#/settings");
  await waitForApp(page);
  await waitForServiceWorker(page);
  await site.close();
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector("[data-testid=settings-screen]", { timeout: 20000 });
  await page.goto(site.url + "#/");
  await page.waitForSelector("[data-testid=home]");
  assert.deepEqual(problems(), []);
  await context.close();
});

test("a new deployment is fetched in the background and offered as a reload", async () => {
  const site = await serveCopy();
  const { context, page, problems } = await openPage(browser);
  await page.goto(site.url);
  await waitForApp(page);
  await waitForServiceWorker(page);
  // "Deploy" a new version: change the page and rebuild the worker from that output.
  appendFileSync(join(site.dir, "index.html"), "\n<!-- next deployment -->\n");
  execFileSync("node", [join(E2E, "..", "scripts", "build-sw.mjs"), site.dir]);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForSelector("#update-banner", { timeout: 20000 });
  await Promise.all([page.waitForEvent("load"), page.click("#update-banner button")]);
  await waitForApp(page);
  // The reloaded page runs under the new worker: no banner, and the new page is what it serves.
  assert.equal(await page.locator("#update-banner").count(), 0);
  const served = await page.evaluate(async () => (await fetch("./")).text());
  assert.match(served, /next deployment/);
  assert.deepEqual(problems(), []);
  await context.close();
  await site.close();
});
