// A tiny static file server for dist/, optionally under a sub-path (as GitHub Pages
// serves a project site at /<repo>/). Used by scripts/serve and the browser tests.
//   node e2e/serve.mjs --dir dist --port 8080 [--base /tuolaji/] [--host 127.0.0.1]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

export function startServer({ dir, port = 8080, base = "/", host = "127.0.0.1" }) {
  const root = resolve(dir);
  if (!base.endsWith("/")) base += "/";
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    let path = decodeURIComponent(url.pathname);
    if (path + "/" === base) {
      res.writeHead(301, { Location: base });
      return res.end();
    }
    if (!path.startsWith(base)) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      return res.end("not found (the app is served under " + base + ")");
    }
    let file = normalize(join(root, path.slice(base.length)));
    if (!file.startsWith(root)) {
      res.writeHead(403);
      return res.end();
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, {
        "Content-Type": TYPES[extname(file)] || "application/octet-stream",
        // Like GitHub Pages: short caching, so the service worker decides what is fresh.
        "Cache-Control": "max-age=0, must-revalidate",
      });
      res.end(body);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not found");
    }
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ok(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = Object.fromEntries(
    process.argv.slice(2).reduce((pairs, arg, i, all) => {
      if (arg.startsWith("--")) pairs.push([arg.slice(2), all[i + 1]]);
      return pairs;
    }, [])
  );
  const server = await startServer({
    dir: args.dir || "dist",
    port: Number(args.port || 8080),
    base: args.base || "/",
    host: args.host || "127.0.0.1",
  });
  const { address, port } = server.address();
  console.log(`serving ${args.dir || "dist"} at http://${address}:${port}${args.base || "/"}  (Ctrl-C to stop)`);
}
