// Builds every page and worker of the release site into a folder (scripts/build-web calls it,
// then writes the service worker and checks each wasm against its budget):
//
//   node scripts/build-site.mjs dist
//
// 1. One `cargo build --release` for every page's and worker's binary: Cargo links two at
//    once (each link is the whole program's LTO, the longest step of a cold build).
// 2. For each, two at a time: wasm-bindgen (an ES module's glue for a page, a classic script
//    for a worker), binaryen's wasm-opt, terser over the glue.
// 3. Each page's HTML (PAGES; `<folder>/index.html`) with its markers replaced:
//      <link data-build rel="rust" data-bin="B" />  the script that starts B's wasm
//      <link data-build rel="css" href="F" />       F minified (lightningcss), content-named
//      <link data-build rel="copy-file" href="F" /> F copied beside the page
//      <link data-build rel="copy-dir" href="D" />  D copied beside the page
//      <link data-build rel="page-meta" />          the viewport, colour-scheme and theme-colour tags
//      <link data-build rel="page-icons" />         the manifest and the icons
//      <link data-build rel="page-end" />           the no-JavaScript line and the service worker's
//                                                   registration (the last of every page's <body>)
//    plus, at the end of <head>, a script that preloads the page's glue and wasm; then the
//    HTML minified (comments and the whitespace between tags dropped, inline scripts by terser).
//
// A page's glue and wasm are named by a hash of their bytes (`tuolaji-shengji-0123…_bg.wasm`):
// the service worker keeps a cached file for as long as its name is unchanged (scripts/sw.js).
// A worker's names are plain, since the pages name them in <meta> tags.
//
// This replaced Trunk, whose installation from source took about 15 of CI's minutes; it does
// only what this site needs.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { minify } from "../e2e/node_modules/terser/main.js";
import initCss, { transform as transformCss } from "../e2e/node_modules/lightningcss-wasm/index.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = resolve(process.argv[2] ?? join(ROOT, "dist"));
const TARGET = join(ROOT, "target");

/** Every page: the folder under the site ("" is the home page) holding its index.html. */
const PAGES = [
  "", // the home page: home, new game, settings, rules (tuolaji-web)
  "shengji", // the Shengji table against bots
  "shengji/replay", // Shengji's replays
  "friends", // Shengji's host: lobby, the host's table
  "join", // Shengji's guest
  "rummy", // rummy against bots
  "mahjong", // Sichuan mahjong against bots
  "friends/rummy", // rummy with friends, host and guest
  "friends/mahjong", // mahjong with friends, host and guest
  "practice", // follow practice
  "timing", // the timing page
];

/** Every worker: its folder, its binary, and wasm-opt's level (speed for the bots' search). */
const WORKERS = [
  // Every Shengji bot, hint and field comparison thinks here (src/bot_worker.rs).
  { folder: "worker", bin: "tuolaji-bot-worker", opt: "-O3" },
  // A peer page's table: the authority over its game (src/table_worker_*.rs).
  { folder: "tables/shengji", bin: "tuolaji-table-shengji", opt: "-Oz" },
  { folder: "tables/rummy", bin: "tuolaji-table-rummy", opt: "-Oz" },
  { folder: "tables/mahjong", bin: "tuolaji-table-mahjong", opt: "-Oz" },
  // A peer page's relays, seals and host key (src/room_worker.rs).
  { folder: "room", bin: "tuolaji-room-worker", opt: "-Oz" },
];

// Rust keeps its stack below its data, so no load or store reaches the first KB of memory
// and wasm-opt may fold offsets into addresses: about 2 KB gzip a page.
const WASM_OPT_FLAGS = ["--low-memory-unused"];

/** Runs a command, its output shown; rejects if it fails. */
function run(cmd, args) {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", fail);
    child.on("exit", (code) => (code === 0 ? ok() : fail(new Error(`${cmd} ${args.join(" ")} failed (${code})`))));
  });
}

/** Runs `jobs` (functions returning promises), at most `width` at a time. */
async function pool(jobs, width) {
  const queue = [...jobs];
  const lanes = Array.from({ length: Math.min(width, queue.length) }, async () => {
    while (queue.length) await queue.shift()();
  });
  await Promise.all(lanes);
}

const hash = (...parts) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest("hex").slice(0, 16);
};

const binOf = (html, folder) => {
  const m = html.match(/<link data-build rel="rust" data-bin="([^"]+)" \/>/);
  if (!m) throw new Error(`${folder || "."}/index.html has no <link data-build rel="rust" data-bin="…" />`);
  return m[1];
};

/** wasm-bindgen, wasm-opt and terser for one binary; returns its glue and wasm. */
async function compile(bin, target, opt) {
  const out = join(TARGET, "site", bin);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const wasm = join(TARGET, "wasm32-unknown-unknown", "release", `${bin}.wasm`);
  await run("wasm-bindgen", [`--target=${target}`, `--out-dir=${out}`, `--out-name=${bin}`, "--no-typescript", wasm]);
  const opted = join(out, `${bin}_opt.wasm`);
  await run("wasm-opt", [`--output=${opted}`, opt, join(out, `${bin}_bg.wasm`), ...WASM_OPT_FLAGS]);
  // A page's glue is an ES module, a worker's a classic script (`importScripts`). Names the
  // wasm imports and exports by are properties of objects, which terser keeps.
  const glue = await minify(readFileSync(join(out, `${bin}.js`), "utf8"), {
    module: target === "web",
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  return { js: glue.code, wasm: readFileSync(opted) };
}

async function buildWorker({ folder, bin, opt }) {
  const { js, wasm } = await compile(bin, "no-modules", opt);
  const dir = join(OUT, folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${bin}.js`), js);
  writeFileSync(join(dir, `${bin}_bg.wasm`), wasm);
  writeFileSync(join(dir, `${bin}_loader.js`), `importScripts("./${bin}.js");wasm_bindgen("./${bin}_bg.wasm");`);
}

/** Minifies a page's HTML: comments and the whitespace between tags go, inline scripts by
 * terser. Scripts are cut out first, so a `<!--` inside one (index.html's) is left alone. */
async function minifyHtml(html) {
  const parts = html.split(/(<script\b[^>]*>[\s\S]*?<\/script>)/);
  const out = [];
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 1) {
      const [, open, body] = part.match(/^(<script\b[^>]*>)([\s\S]*?)<\/script>$/);
      const module = /type="module"/.test(open);
      const code = body.trim() ? (await minify(body, { module, compress: { passes: 2 }, format: { comments: false } })).code : "";
      out.push(`${open}${code}</script>`);
    } else {
      out.push(part.replace(/<!--[\s\S]*?-->/g, "").replace(/>\s+</g, "><").replace(/\s+/g, " "));
    }
  }
  return out.join("").replace(/>\s+</g, "><").trim();
}

/** What every page's HTML shares (its page-* markers); `root` leads from the page's folder to
 * the site's ("", "../", "../../"). */
function sharedTags(root) {
  return {
    "page-meta": `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="light dark" />
    <meta name="theme-color" content="#1f6f4a" media="(prefers-color-scheme: light)" />
    <meta name="theme-color" content="#10261b" media="(prefers-color-scheme: dark)" />`,
    "page-icons": `<link rel="manifest" href="${root}manifest.webmanifest" />
    <link rel="icon" href="${root}icons/icon.svg" type="image/svg+xml" />
    <link rel="apple-touch-icon" href="${root}icons/icon.svg" />`,
    "page-end": `<noscript>tuolaji needs JavaScript and WebAssembly to run.</noscript>
    <script src="${root}register-sw.js" data-sw="${root}sw.js"></script>`,
  };
}

async function buildPage([folder, src, bin], css) {
  const { js, wasm } = await compile(bin, "web", "-Oz");
  const dir = join(OUT, folder);
  mkdirSync(dir, { recursive: true });
  const name = `${bin}-${hash(js, wasm)}`;
  writeFileSync(join(dir, `${name}.js`), js);
  writeFileSync(join(dir, `${name}_bg.wasm`), wasm);
  const here = join(ROOT, folder);

  const shared = sharedTags("../".repeat(folder ? folder.split("/").length : 0));
  let html = src.replace(/<link data-build rel="(page-meta|page-icons|page-end)" \/>/g, (_, tag) => shared[tag]);
  html = html.replace(/<link data-build rel="rust"[^>]*\/>/, () =>
    // The page's start; `wasm-started` marks when its wasm's start function has returned
    // (e2e/load-bench.mjs's trace).
    `<script type="module">import init from "./${name}.js"; await init({ module_or_path: "./${name}_bg.wasm" }); dispatchEvent(new Event("wasm-started"));</script>`,
  );
  html = html.replace(/<link data-build rel="css" href="([^"]+)" \/>/g, (_, href) => {
    const file = css(resolve(here, href));
    writeFileSync(join(dir, file.name), file.code);
    return `<link rel="stylesheet" href="./${file.name}">`;
  });
  html = html.replace(/<link data-build rel="copy-(file|dir)" href="([^"]+)" \/>/g, (_, kind, href) => {
    cpSync(resolve(here, href), join(dir, basename(href)), { recursive: kind === "dir" });
    return "";
  });
  if (/data-build/.test(html)) throw new Error(`${folder || "."}/index.html: a data-build marker this script does not know`);
  // The page's glue and wasm are preloaded by a script rather than by <link> tags, so a page
  // that becomes another page before its wasm is needed (the home page, for a Shengji table
  // link: index.html and `writeShengjiIntoHome`) fetches nothing of its own: the browser's
  // preload scanner would fetch <link> tags ahead of that decision. The wasm is the page: it is fetched at high
  // priority (a browser may otherwise hold a low-priority preload back until <body> is parsed).
  const preload = `<script>
    for (const [href, wasm] of [["./${name}.js", 0], ["./${name}_bg.wasm", 1]]) {
      const l = document.createElement("link");
      l.rel = wasm ? "preload" : "modulepreload";
      l.href = href;
      l.crossOrigin = "anonymous";
      l.fetchPriority = "high";
      if (wasm) { l.as = "fetch"; l.type = "application/wasm"; }
      document.head.appendChild(l);
    }
  </script>`;
  html = html.replace("</head>", `${preload}</head>`);
  writeFileSync(join(dir, "index.html"), await minifyHtml(html));
}

async function main() {
  // Each page: its folder, its HTML, the binary its HTML names.
  const pages = PAGES.map((folder) => {
    const src = readFileSync(join(ROOT, folder, "index.html"), "utf8");
    return [folder, src, binOf(src, folder)];
  });
  const bins = [...pages.map(([, , bin]) => bin), ...WORKERS.map((w) => w.bin)];
  console.log(`[build-site] cargo build --release: ${bins.length} binaries`);
  await run("cargo", ["build", "--release", "--locked", "--target=wasm32-unknown-unknown", ...bins.flatMap((b) => ["--bin", b])]);

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await initCss();
  const cssCache = new Map();
  // A stylesheet, minified and named by its bytes (the same file for every page using it).
  const css = (path) => {
    if (!cssCache.has(path)) {
      const { code } = transformCss({ filename: basename(path), code: readFileSync(path), minify: true });
      cssCache.set(path, { code, name: `${basename(path, ".css")}-${hash(code)}.css` });
    }
    return cssCache.get(path);
  };
  const jobs = [
    ...pages.map((page) => () => buildPage(page, css).then(() => console.log(`[build-site] ${page[0] || "."}/`))),
    ...WORKERS.map((w) => () => buildWorker(w).then(() => console.log(`[build-site] ${w.folder}/ (worker)`))),
  ];
  await pool(jobs, availableParallelism());
  writeShengjiIntoHome();
}

/** The home page's HTML carries the Shengji page's (SHENGJI_PAGE in index.html), which it
 * writes in its own place when opened from an old Shengji table link: everything of the Shengji
 * page after its `<meta charset>`, as a JavaScript string that cannot end the script. */
function writeShengjiIntoHome() {
  const home = join(OUT, "index.html");
  const html = readFileSync(home, "utf8");
  const shengji = readFileSync(join(OUT, "shengji", "index.html"), "utf8");
  const start = /^<!DOCTYPE html><html[^>]*><head><meta charset="utf-8" ?\/?>/i;
  if (!start.test(shengji)) throw new Error("shengji/index.html does not start as writeShengjiIntoHome expects");
  if (html.split("SHENGJI_PAGE").length !== 2) throw new Error("index.html must name SHENGJI_PAGE exactly once");
  const literal = JSON.stringify(shengji.replace(start, "")).replace(/</g, "\\u003c");
  writeFileSync(home, html.replace("SHENGJI_PAGE", () => literal));
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
