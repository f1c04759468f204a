#!/usr/bin/env bash
# Installs whatever the build and the tests need and is missing; a second run only
# checks and takes seconds. Every piece comes from a package registry (crates.io,
# npm, Debian): nothing downloads a prebuilt binary from anywhere else.
#
#   rust target   wasm32-unknown-unknown            (rustup)
#   wasm-bindgen  the exact version in Cargo.lock   (cargo install wasm-bindgen-cli)
#   wasm-opt      binaryen 132, terser, lightningcss-wasm, playwright-core (npm, in e2e/;
#                 see e2e/package.json)
#   chromium      + chromium-driver, fonts-wqy-microhei (apt)
#   NAT lab       coturn and iptables (apt), only when running as root: the lab
#                 (e2e/tests/nat-lab.test.mjs) needs root for its namespaces and skips
#                 itself elsewhere
#
# Sourced by scripts/serve and scripts/test; safe to run on its own.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$ROOT/e2e/node_modules/.bin:$PATH"

# Each line says how long the run has taken so far, so a slow CI step shows itself.
say() { printf '\033[1m[setup +%dm%02ds]\033[0m %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

# The wasm-bindgen CLI must match the library version Cargo.lock resolved, exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

setup_rust() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  local wbg
  wbg="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wbg" ]; then
    say "installing wasm-bindgen-cli $wbg (about 3 minutes, once)"
    # Not --locked: one of its locked dependencies is missing from the registry mirror.
    cargo install --force wasm-bindgen-cli --version "$wbg"
  fi
}

setup_npm() {
  # npm ci only when node_modules is missing or older than the lock file.
  if [ ! -f "$ROOT/e2e/node_modules/.package-lock.json" ] ||
     [ "$ROOT/e2e/package-lock.json" -nt "$ROOT/e2e/node_modules/.package-lock.json" ]; then
    say "installing npm packages in e2e/ (binaryen's wasm-opt, terser, lightningcss-wasm, playwright-core, the relays the room tests start)"
    # --ignore-scripts: no package may fetch a prebuilt binary while it installs (the
    # tracker's package pulls in a WebRTC client whose install script would; we use only
    # its server). --omit=optional: the WebSocket library's native speed-ups are not needed.
    (cd "$ROOT/e2e" && npm ci --ignore-scripts --omit=optional --no-audit --no-fund --loglevel=error)
  fi
  # Debian's binaryen (wasm-opt 108) silently breaks the app; insist on ours.
  local v
  v="$(wasm-opt --version 2>/dev/null || true)"
  case "$v" in
    *"version 132"*) ;;
    *) echo "error: wasm-opt on PATH is '$v', expected binaryen version 132 from e2e/node_modules" >&2; exit 2 ;;
  esac
}

setup_browser() {
  # A small CJK font too, so screenshots of the Chinese UI show characters, not boxes.
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null ||
     [ ! -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ]; then
    say "installing Debian's chromium, chromium-driver and a CJK font"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver fonts-wqy-microhei >/dev/null
  fi
}

setup_nat_lab() {
  # Only root can build the lab's namespaces; elsewhere the lab says so and skips.
  [ "$(id -u)" = 0 ] || return 0
  if ! command -v turnserver >/dev/null || ! command -v iptables >/dev/null; then
    say "installing coturn and iptables for the NAT lab"
    # Not fatal: without them the lab says in one line what is missing and skips.
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends coturn iptables >/dev/null; } ||
      say "coturn or iptables could not be installed: the NAT lab will skip"
  fi
}

setup_all() {
  setup_rust
  setup_npm
  setup_browser
  setup_nat_lab
}

# Run directly: install everything.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  setup_all
  say "all tools present"
fi
