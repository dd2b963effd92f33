#!/usr/bin/env bash
# The page, tested in a real browser: Debian's chromium and chromium-driver (apt-get install
# chromium chromium-driver). Builds web/dist, runs the bindings' unit tests in headless
# Chromium (wasm-bindgen-test), then the end-to-end checks of the page served on 127.0.0.1
# (web/e2e.py), which save screenshots under web/target/screenshots. Its last line:
# `web: N checks passed`.
#
#   bash web/test.sh                      # build and test
#   bash web/test.sh --update-screenshot  # and copy the run's screenshots to web/screenshot*.png
set -euo pipefail
cd "$(dirname "$0")"
for tool in chromium chromedriver python3; do
    command -v "$tool" >/dev/null || {
        echo "test.sh: $tool is missing: apt-get install chromium chromium-driver python3" >&2
        exit 1
    }
done
bash build.sh
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
log=$(mktemp)
trap 'rm -f "$log"' EXIT
CHROMEDRIVER=$(command -v chromedriver) WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test --target wasm32-unknown-unknown 2>&1 | tee "$log"
unit=$(sed -n 's/^test result: ok\. \([0-9]*\) passed.*/\1/p' "$log" | awk '{s += $1} END {print s + 0}')
[ "$unit" -gt 0 ] || { echo "test.sh: no unit test ran in the browser" >&2; exit 1; }
shots="$target_dir/screenshots"
python3 e2e.py "$shots" | tee "$log"
e2e=$(sed -n 's/^e2e: \([0-9]*\) checks passed$/\1/p' "$log")
if [ "${1:-}" = --update-screenshot ]; then
    cp "$shots/desktop-light.png" screenshot.png
    cp "$shots/phone-dark.png" screenshot-phone-dark.png
    cp "$shots/heatmap-8.png" screenshot-heatmap.png
    echo "test.sh: web/screenshot.png, web/screenshot-phone-dark.png and web/screenshot-heatmap.png updated"
fi
echo "web: $((unit + e2e)) checks passed"
