//! The NAT lab's "internet" side (issue 35), run inside the lab's inet namespace
//! (`ip netns exec <ns> node servers.mjs <dist> <dir>`): dist/ served under /tuolaji/ on
//! 198.18.0.1:8080, the signalling relays (an MQTT broker and a WebTorrent tracker, as in
//! e2e/relays.mjs) on 198.18.0.1, and Debian's coturn as STUN and TURN server on both lab
//! addresses (UDP and TCP, port 3478; a test user) and, where openssl is installed, TURN
//! over TLS on 198.18.0.1:5349 with a self-signed certificate made here for this run (in
//! the lab's temporary folder, removed with it; never committed). Prints one JSON line once
//! all are up: `{ "site", "relays", "stun", "turn" }` (`turn.tls` null without a
//! certificate), and ends them all on SIGTERM or when stdin closes (the test process went
//! away).
import { execFileSync, spawn } from "node:child_process";
import { join } from "node:path";
import { startServer } from "../serve.mjs";
import { startRelays } from "../relays.mjs";
import { SERVER_IP, SERVER_IP2 } from "./lab.mjs";

export const TURN_USER = "lab";
export const TURN_PASS = "lab-secret";

const [dist, dir] = process.argv.slice(2);
const site = await startServer({ dir: dist, port: 8080, base: "/tuolaji/", host: SERVER_IP });
const relays = await startRelays({ host: SERVER_IP });
/** A throwaway certificate for 198.18.0.1 (a day, P-256), or null without openssl. */
function testCertificate() {
  const [cert, key] = [join(dir, "turn-cert.pem"), join(dir, "turn-key.pem")];
  try {
    execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
      "-subj", "/CN=turn.lab.tuolaji", "-addext", `subjectAltName=IP:${SERVER_IP}`, "-keyout", key, "-out", cert], { stdio: "ignore" });
    return { cert, key };
  } catch {
    return null;
  }
}
const tls = testCertificate();
const coturn = spawn("turnserver", [
  "-n", "--no-cli", "--no-dtls", "--fingerprint", "--no-software-attribute",
  ...(tls ? ["--tls-listening-port=5349", `--cert=${tls.cert}`, `--pkey=${tls.key}`] : ["--no-tls"]),
  `--listening-ip=${SERVER_IP}`, `--listening-ip=${SERVER_IP2}`, `--relay-ip=${SERVER_IP}`,
  "--listening-port=3478", "--min-port=49152", "--max-port=49999",
  "--lt-cred-mech", `--user=${TURN_USER}:${TURN_PASS}`, "--realm=lab.tuolaji",
  `--pidfile=${join(dir, "turnserver.pid")}`, "--log-file=stdout", "--simple-log",
], { stdio: ["ignore", "pipe", "pipe"] });
const log = [];
coturn.stdout.on("data", (d) => log.push(String(d)));
coturn.stderr.on("data", (d) => log.push(String(d)));
// coturn is ready once it listens; its log says so.
await new Promise((ok, fail) => {
  const started = Date.now();
  const look = setInterval(() => {
    if (/listener opened on|Total (UDP|General) servers/i.test(log.join(""))) {
      clearInterval(look);
      ok();
    } else if (coturn.exitCode !== null || Date.now() - started > 10000) {
      clearInterval(look);
      fail(new Error(`coturn did not start: ${log.join("").slice(-2000)}`));
    }
  }, 50);
});

const stop = async () => {
  coturn.kill("SIGKILL");
  site.closeAllConnections?.();
  site.close();
  await relays.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.stdin.on("end", stop);
process.stdin.resume();

console.log(JSON.stringify({
  site: `http://${SERVER_IP}:8080/tuolaji/`,
  relays: relays.list,
  stun: [`stun:${SERVER_IP}:3478`, `stun:${SERVER_IP2}:3478`],
  turn: {
    udp: `turn:${SERVER_IP}:3478?transport=udp`, tcp: `turn:${SERVER_IP}:3478?transport=tcp`,
    tls: tls ? `turns:${SERVER_IP}:5349?transport=tcp` : null, user: TURN_USER, pass: TURN_PASS,
  },
}));
