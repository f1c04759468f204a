#!/usr/bin/env bash
# The outside arena, by hand (never CI): bench/outside/run.sh /path/to/shengji-tractor [arena flags]
# e.g. bench/outside/run.sh ../shengji-tractor --ours expert --theirs grandmaster --deals 10 --budget-ms 250
# Links the other repository's work tree as bench/outside/other (its core/ and mechanics/ crates),
# seeds the lock file from its Cargo.lock (its dependency versions, which build on stable Rust),
# builds in release with this machine's toolchain (its rust-toolchain.toml is not read: cargo
# runs here) and runs the arena; the records land in bench/outside/out/ unless --out says otherwise.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OTHER="${1:?usage: run.sh /path/to/shengji-tractor [--ours expert] [--theirs grandmaster] [--deals N] [--budget-ms MS] [--seed S] [--out DIR]}"
shift
OTHER="$(cd "$OTHER" && pwd)"
[ -f "$OTHER/core/Cargo.toml" ] && [ -f "$OTHER/mechanics/Cargo.toml" ] || { echo "$OTHER: no core/ and mechanics/ crates" >&2; exit 1; }
ln -sfn "$OTHER" "$HERE/other"
[ -f "$HERE/Cargo.lock" ] || cp "$OTHER/Cargo.lock" "$HERE/Cargo.lock"
cd "$HERE"
cargo build --release --quiet
exec ./target/release/outside-arena "$@"
