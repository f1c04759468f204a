//! The NAT lab's network (issue 35): Linux network namespaces, veth pairs and iptables,
//! all made here and all removed by `destroy()` (also on the process's exit, so a failed
//! test leaves nothing behind). Every address lives inside these namespaces; nothing
//! reaches the machine's own network.
//!
//!   <p>-inet   "the internet": 198.18.0.1 and 198.18.0.2 on its loopback (the web server,
//!              the relays, coturn), a veth to each player's router
//!   <p>-ra     player A's router: LAN 10.0.1.1/24, WAN 100.64.1.2/24, NAT on the WAN
//!   <p>-a      player A (the host's browser): 10.0.1.2, default via its router
//!   <p>-rb, <p>-b  the same for player B (the guest): 10.0.2.0/24, WAN 100.64.2.2/24
//!
//! NAT kinds (`setNat`): "easy" is MASQUERADE (Linux keeps the source port: one mapping per
//! local port, whoever it talks to: endpoint-independent mapping), "symmetric" is
//! MASQUERADE --random-fully (a new random port per destination). `dropUdp(true)` drops
//! every UDP packet a router would forward. `moveGuest()` gives player B a new LAN address
//! and its router a new public one, as a phone that leaves one network for another.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, chmodSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SERVER_IP = "198.18.0.1";
export const SERVER_IP2 = "198.18.0.2";

const sh = (args, opts = {}) => execFileSync(args[0], args.slice(1), { stdio: ["ignore", "pipe", "pipe"], ...opts }).toString();
const quiet = (args) => {
  try {
    return sh(args);
  } catch {
    return "";
  }
};

/** Why this machine cannot run the lab (one line), or null when it can: root, `ip netns
 * add` allowed, coturn's turnserver and iptables installed. */
export function labUnavailable() {
  if (process.getuid?.() !== 0) return "not root";
  for (const [tool, pkg] of [["ip", "iproute2"], ["iptables", "iptables"], ["turnserver", "coturn"]]) {
    try {
      sh(["sh", "-c", `command -v ${tool}`]);
    } catch {
      return `${tool} is missing (apt install ${pkg})`;
    }
  }
  const probe = `tlprobe${process.pid}`;
  try {
    sh(["ip", "netns", "add", probe]);
  } catch (e) {
    return `ip netns add fails (${String(e.stderr || e.message).trim().split("\n")[0]})`;
  }
  quiet(["ip", "netns", "del", probe]);
  return null;
}

/** Builds the lab; returns its handle. `prefix`: the namespaces' names' start. */
export function createLab(prefix = `tl${process.pid % 100000}`) {
  const ns = { inet: `${prefix}-inet`, ra: `${prefix}-ra`, a: `${prefix}-a`, rb: `${prefix}-rb`, b: `${prefix}-b` };
  const inNs = (n, ...args) => sh(["ip", "netns", "exec", n, ...args]);
  const dir = mkdtempSync(join(tmpdir(), "tuolaji-natlab-"));
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    // Whatever still runs in a namespace (a browser, coturn, the servers) is ours: end it.
    for (const n of Object.values(ns)) {
      for (const pid of quiet(["ip", "netns", "pids", n]).split(/\s+/).filter(Boolean)) {
        try {
          process.kill(Number(pid), "SIGKILL");
        } catch {}
      }
    }
    for (const n of Object.values(ns)) quiet(["ip", "netns", "del", n]);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", destroy);
  try {
    for (const n of Object.values(ns)) {
      quiet(["ip", "netns", "del", n]); // a leftover of a killed run
      sh(["ip", "netns", "add", n]);
      inNs(n, "ip", "link", "set", "lo", "up");
    }
    inNs(ns.inet, "ip", "addr", "add", `${SERVER_IP}/32`, "dev", "lo");
    inNs(ns.inet, "ip", "addr", "add", `${SERVER_IP2}/32`, "dev", "lo");
    inNs(ns.inet, "sysctl", "-qw", "net.ipv4.ip_forward=1");
    // A veth pair `x` (in ns1, address a1) — `y` (in ns2, address a2).
    const link = (ns1, x, a1, ns2, y, a2) => {
      sh(["ip", "link", "add", `${prefix}${x}`, "netns", ns1, "type", "veth", "peer", "name", `${prefix}${y}`, "netns", ns2]);
      inNs(ns1, "ip", "link", "set", `${prefix}${x}`, "name", x);
      inNs(ns2, "ip", "link", "set", `${prefix}${y}`, "name", y);
      inNs(ns1, "ip", "addr", "add", a1, "dev", x);
      inNs(ns2, "ip", "addr", "add", a2, "dev", y);
      inNs(ns1, "ip", "link", "set", x, "up");
      inNs(ns2, "ip", "link", "set", y, "up");
    };
    for (const [r, p, i] of [[ns.ra, ns.a, 1], [ns.rb, ns.b, 2]]) {
      link(ns.inet, `isp${i}`, `100.64.${i}.1/24`, r, "wan", `100.64.${i}.2/24`);
      link(r, "lan", `10.0.${i}.1/24`, p, "eth0", `10.0.${i}.2/24`);
      inNs(r, "sysctl", "-qw", "net.ipv4.ip_forward=1");
      inNs(r, "ip", "route", "add", "default", "via", `100.64.${i}.1`);
      // A home router's firewall: nothing new comes in on the WAN. Without it the kernel
      // keeps a flow for the first check that knocks on the router itself, and the
      // masquerade of the answering check clashes with it and takes another port: no
      // NAT at all would let two browsers meet (learned in the lab).
      inNs(r, "iptables", "-A", "INPUT", "-i", "wan", "-m", "conntrack", "--ctstate", "NEW", "-j", "DROP");
      inNs(p, "ip", "route", "add", "default", "via", `10.0.${i}.1`);
    }
  } catch (e) {
    destroy();
    throw e;
  }

  const routers = [ns.ra, ns.rb];
  const lab = {
    ns,
    dir,
    destroy,
    inNs,
    /** NAT of both routers: "easy" (endpoint-independent) or "symmetric". Existing
     * mappings are dropped (the WAN address is taken off and put back, which makes the
     * kernel forget every masqueraded flow), so no case inherits the last one's. */
    setNat(kind) {
      routers.forEach((r, i) => {
        inNs(r, "iptables", "-t", "nat", "-F", "POSTROUTING");
        inNs(r, "iptables", "-t", "nat", "-A", "POSTROUTING", "-o", "wan", "-j", "MASQUERADE", ...(kind === "symmetric" ? ["--random-fully"] : []));
        lab.renumberWan(r, `100.64.${i + 1}.2`);
      });
    },
    /** Every router drops (or again forwards) all UDP. */
    dropUdp(on) {
      for (const r of routers) {
        inNs(r, "iptables", "-F", "FORWARD");
        if (on) inNs(r, "iptables", "-A", "FORWARD", "-p", "udp", "-j", "DROP");
      }
    },
    renumberWan(r, addr) {
      const i = r === ns.ra ? 1 : 2;
      inNs(r, "ip", "addr", "flush", "dev", "wan");
      inNs(r, "ip", "addr", "add", `${addr}/24`, "dev", "wan");
      inNs(r, "ip", "route", "replace", "default", "via", `100.64.${i}.1`);
    },
    /** Player B moves to another network: a new LAN address, a new public address. `back`
     * puts the first ones back. */
    moveGuest(back = false) {
      const host = back ? "10.0.2.2" : "10.0.2.3";
      const wan = back ? "100.64.2.2" : "100.64.2.3";
      inNs(ns.b, "ip", "addr", "flush", "dev", "eth0");
      inNs(ns.b, "ip", "addr", "add", `${host}/24`, "dev", "eth0");
      inNs(ns.b, "ip", "route", "replace", "default", "via", "10.0.2.1");
      lab.renumberWan(ns.rb, wan);
    },
    /** An executable that runs Chromium inside namespace `n` (playwright's executablePath). */
    chromiumIn(n) {
      const path = join(dir, `chromium-${n}`);
      writeFileSync(path, `#!/bin/sh\nexec ip netns exec ${n} ${process.env.CHROMIUM || "/usr/bin/chromium"} "$@"\n`);
      chmodSync(path, 0o755);
      return path;
    },
  };
  return lab;
}
