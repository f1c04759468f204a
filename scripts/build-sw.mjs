// Run by scripts/build-web once every page is built: writes sw.js into the build
// from scripts/sw.js, with the precache list taken from the files the build actually produced (the build hashes
// asset names, so a hand-kept list would go stale) and a version derived from
// their contents (a new deployment = a byte-different sw.js = an update).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
if (!out) {
  console.error("build-sw: give the build's directory (e.g. dist)");
  process.exit(2);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const files = walk(out)
  .map((path) => relative(out, path).split(sep).join("/"))
  .filter((name) => name !== "sw.js")
  .sort();

const hash = createHash("sha256");
for (const name of files) {
  hash.update(name);
  hash.update(readFileSync(join(out, name)));
}
const version = hash.digest("hex").slice(0, 16);

// "./" is the main page as navigations request it (a hash route never reaches the
// server); each other page's folder likewise ("friends/" for friends/index.html).
const pages = files.filter((name) => name.endsWith("/index.html")).map((name) => name.slice(0, -"index.html".length));
// The order the service worker fetches them in (a few at a time, after the page is
// usable): what every page opens first (pages, scripts, styles), then the bot worker that
// tables start at once, then the other pages' wasm.
const rank = (name) => (name.endsWith(".wasm") ? (name.startsWith("worker/") ? 1 : 2) : 0);
const assets = ["./", ...pages, ...files.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))];
const source = readFileSync(join(here, "sw.js"), "utf8")
  .replace("__VERSION__", version)
  .replace("__ASSETS__", JSON.stringify(assets, null, 2));
writeFileSync(join(out, "sw.js"), source);
console.log(`build-sw: sw.js version ${version}, ${assets.length} assets precached`);
