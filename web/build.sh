#!/usr/bin/env bash
# Builds the page into web/dist: the crate for wasm32-unknown-unknown, then wasm-bindgen's
# JavaScript glue next to index.html. Downloads nothing but crates: the target by rustup,
# and wasm-bindgen-cli from crates.io at exactly the wasm-bindgen version Cargo.toml pins
# (the two must match). Serve it with: python3 -m http.server -d web/dist
set -euo pipefail
cd "$(dirname "$0")"
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)
[ -n "$version" ] || { echo "build.sh: Cargo.toml pins no wasm-bindgen version" >&2; exit 1; }
say() { echo "build.sh: $*" >&2; }
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding rustup's wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    say "compiling wasm-bindgen-cli $version from crates.io, once per machine (several minutes)"
    # Without cargo's note that some of wasm-bindgen-cli's dependencies hold code a future
    # Rust will reject: theirs to fix, nothing a user of this script can act on.
    cargo --config 'future-incompat-report.frequency="never"' install --locked wasm-bindgen-cli \
        --version "$version"
fi
say "building the page's crate for wasm32"
cargo build --release --target wasm32-unknown-unknown --quiet
say "writing the JavaScript glue into web/dist"
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
wasm-bindgen --target web --no-typescript --out-dir dist \
    "$target_dir/wasm32-unknown-unknown/release/nqueens_web.wasm"
# The page's budget: tables 6..=12 (211 KB) and the code, at most 512 KiB.
max=$((512 * 1024))
size=$(stat -c %s dist/nqueens_web_bg.wasm)
page=$(cat dist/index.html dist/app.js dist/worker.js dist/style.css dist/nqueens_web.js | wc -c)
echo "build.sh: web/dist: nqueens_web_bg.wasm $size bytes (budget $max), the rest of the page $page bytes"
if [ "$size" -gt "$max" ]; then
    echo "build.sh: the .wasm is over its budget" >&2
    exit 1
fi
