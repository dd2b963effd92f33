#!/usr/bin/env bash
# Seconds of const evaluation spent on `const_solutions`, measured as a full build minus a build with the tables zeroed.
#
#   bash bench/const_eval.sh [RUNS]       (RUNS: builds per figure, default 3; medians printed)
#
# 1. All of n = 6..=13: touch tests/tests/const_tables.rs, then time
#    `CARGO_INCREMENTAL=0 cargo test -p nqueens-tests --features heavy-const --test const_tables
#    --no-run`, minus the same build with the eight statics replaced by zeros.
# 2. Per n: a scratch crate (dev profile, so with overflow checks, as a dependent builds) that
#    holds one static `const_solutions::<n, count>()`, minus the same crate with the static
#    zeroed.
#
# The test file is edited for the zeroed build and restored on exit, however the script ends.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-${1:-3}}
root=$PWD
file=tests/tests/const_tables.rs
backup=$(mktemp)
scratch=$(mktemp -d)
cp "$file" "$backup"
restore() {
    cp "$backup" "$file"
    rm -rf "$backup" "$scratch"
}
trap restore EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

build_tests() {
    touch "$file"
    CARGO_INCREMENTAL=0 cargo test -q -p nqueens-tests --features heavy-const --test const_tables --no-run
}

# The library and the test crate's dependencies, built once so that only the test file compiles.
build_tests >/dev/null 2>&1 || { echo "error: the const test does not build" >&2; exit 1; }
full=()
for _ in $(seq "$RUNS"); do full+=("$(seconds build_tests)"); done
sed -E -i 's/^static (C[0-9]+): \[\[u8; ([0-9]+)\]; ([0-9]+)\] = const_solutions\(\);/static \1: [[u8; \2]; \3] = [[0; \2]; \3];/' "$file"
grep -q 'const_solutions();' "$file" && { echo "error: a static was not zeroed" >&2; exit 1; }
build_tests >/dev/null 2>&1 || { echo "error: the zeroed const test does not build" >&2; exit 1; }
zero=()
for _ in $(seq "$RUNS"); do zero+=("$(seconds build_tests)"); done
cp "$backup" "$file"
f=$(printf '%s\n' "${full[@]}" | median)
z=$(printf '%s\n' "${zero[@]}" | median)
printf 'n = 6..=13: build %.2f s, zeroed %.2f s, const evaluation %.2f s (median of %s)\n' "$f" "$z" "$(awk -v a="$f" -v b="$z" 'BEGIN { print a - b }')" "$RUNS"

# Per n, in a crate of its own.
mkdir -p "$scratch/src"
cat >"$scratch/Cargo.toml" <<EOF
[package]
name = "const-eval-probe"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
nqueens-tables = { path = "$root/nqueens", default-features = false }

[workspace]
EOF
export CARGO_TARGET_DIR="$scratch/target"
probe() {
    touch "$scratch/src/lib.rs"
    CARGO_INCREMENTAL=0 cargo build -q --manifest-path "$scratch/Cargo.toml"
}
for nc in "6 4" "7 40" "8 92" "9 352" "10 724" "11 2680" "12 14200" "13 73712"; do
    set -- $nc
    echo "pub static T: [[u8; $1]; $2] = nqueens_tables::const_solutions();" >"$scratch/src/lib.rs"
    probe >/dev/null 2>&1 || { echo "error: n = $1 does not build" >&2; exit 1; }
    full=()
    for _ in $(seq "$RUNS"); do full+=("$(seconds probe)"); done
    echo "pub static T: [[u8; $1]; $2] = [[0; $1]; $2];" >"$scratch/src/lib.rs"
    probe >/dev/null 2>&1
    zero=()
    for _ in $(seq "$RUNS"); do zero+=("$(seconds probe)"); done
    f=$(printf '%s\n' "${full[@]}" | median)
    z=$(printf '%s\n' "${zero[@]}" | median)
    printf 'n = %s: %.2f s\n' "$1" "$(awk -v a="$f" -v b="$z" 'BEGIN { print a - b }')"
done
