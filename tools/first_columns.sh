#!/usr/bin/env bash
# Prints the rows of `FIRST_COLUMNS` (nqueens/src/known.rs): for each N, how many solutions
# put the first row's queen in each column of the first half (the mirror gives the rest),
# each counted by `nqueens count N --fixed 1,C`, and the row checked against the published
# total before it is printed.
#
#   bash tools/first_columns.sh 14 15 16 17 18 19
#
# Needs a release build of the CLI (cargo build --release -p nqueens-tables-cli).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/nqueens
[ -x "$bin" ] || { echo "first_columns.sh: build the CLI first: cargo build --release -p nqueens-tables-cli" >&2; exit 1; }
for n in "$@"; do
    half=$(( (n + 1) / 2 ))
    counts=()
    sum=0
    for c in $(seq 1 "$half"); do
        k=$("$bin" count "$n" --fixed "1,$c")
        counts+=("$k")
        # Every column but the middle one of an odd n stands for itself and its mirror image.
        if (( n % 2 == 1 && c == half )); then sum=$((sum + k)); else sum=$((sum + 2 * k)); fi
    done
    total=$("$bin" count "$n")
    [ "$sum" = "$total" ] || { echo "first_columns.sh: n = $n: the columns sum to $sum, not $total" >&2; exit 1; }
    row=$(printf '%s, ' "${counts[@]}" | sed 's/, $//' | sed -E ':a;s/([0-9])([0-9]{3})($|[^0-9])/\1_\2\3/;ta')
    echo "    &[$row],"
done
