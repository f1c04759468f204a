// Minifies the JavaScript that wasm-bindgen writes beside each wasm in dist/ (scripts/build-web
// runs it after every page and worker is built, before the service worker's list is made).
//
//   node scripts/minify-js.mjs dist
//
// A page's glue is an ES module (8.9 KB gzip on the host's page, 6.7 KB minified) and is
// fetched beside the page's wasm before the first control, so every kilobyte of it is a
// phone's wait (issue 30's load benchmark). Trunk minifies CSS and HTML (Trunk.toml) but
// not this glue. A worker's glue is a classic script (`importScripts`), minified as one.
// Names the wasm imports and exports by are properties of objects, which terser keeps.
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { minify } from "../e2e/node_modules/terser/main.js";

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

/** Every `X.js` with an `X_bg.wasm` beside it: wasm-bindgen's glue. */
function glue(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return glue(path);
    return name.endsWith(".js") && existsSync(path.replace(/\.js$/, "_bg.wasm")) ? [path] : [];
  });
}

let before = 0;
let after = 0;
for (const path of glue(dist)) {
  const source = readFileSync(path, "utf8");
  // A page's glue sits beside its index.html and is imported as a module.
  const module = existsSync(join(dirname(path), "index.html"));
  const out = await minify(source, { module, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  writeFileSync(path, out.code);
  before += gzipSync(source).length;
  after += gzipSync(out.code).length;
}
console.log(`[minify-js] wasm-bindgen glue: ${(before / 1024).toFixed(1)} KB gzip before, ${(after / 1024).toFixed(1)} KB after`);
