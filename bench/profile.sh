#!/usr/bin/env bash
# Where the join's time goes: a profiling build (`--cfg nqueens_profile`: the pieces of the
# join's loop kept out of line, and the key pairs compared counted), one count on one thread
# under `perf record` (software clock: no hardware counters needed), and the share of the
# samples in each piece.
#
#   bash bench/profile.sh 18          # a whole count of 18
#   bash bench/profile.sh 21 1 256    # share 1 of 256 of 21
#
# Needs: cargo, perf (apt-get install linux-perf).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v perf >/dev/null || { echo "profile.sh: perf is missing: apt-get install linux-perf" >&2; exit 1; }
target="$PWD/target/profile"
RUSTFLAGS="--cfg nqueens_profile -C force-frame-pointers=yes" CARGO_TARGET_DIR="$target" \
    cargo build --release --quiet -p nqueens-tables-join --example profile
data=$(mktemp)
trap 'rm -f "$data"' EXIT
perf record -q -e cpu-clock -F 999 -o "$data" "$target/release/examples/profile" "$@" 2>/dev/null
perf report -i "$data" --stdio --no-children --sort symbol 2>/dev/null |
    awk '/%/ && !/^#/ {
        share = $1; sub(/%/, "", share); name = $3
        n = split(name, parts, "::"); short = parts[n]
        if (short ~ /^(join_top|join_middle|runs_by_first|gather_tops)$/) group = short
        else if (short ~ /^disjoint_pairs/) group = "the pairs loop (disjoint_pairs)"
        else if (short ~ /^(keep_masked|split_crossings)/) group = "join_middle"
        else if (short == "partition" || short == "split_pairs") group = "splitting on key bits (split_pairs, partition)"
        else if (short ~ /^(clear|pair_clear)/) group = "pairing pieces (pair_clear: listing, gathering tops)"
        else if (name ~ /half_boards|relist|kept|List::|Pieces|placements|prepare_into|Index/) group = "listing half boards"
        else if (name ~ /memset|memmove|memcpy|malloc|free|realloc|RawVec/) group = "memory (libc, Vec)"
        else if ($2 == "[k]") group = "kernel"
        else group = "the rest"
        sum[group] += share
    } END { for (g in sum) printf "%6.2f%%  %s\n", sum[g], g }' | sort -rn
