#!/usr/bin/env bash
# Side-by-side timing of nqueens against C programs of the classic techniques, in one run on
# one machine. Builds everything, checks that each pair prints the same answer, times each
# command with hyperfine and prints the medians and the ratios (ours / theirs; below 1 is
# faster).
#
#   bash bench/compare.sh            # the full set (n = 17 takes a few minutes)
#   RUNS=5 COUNT_NS="15 16" ENUM_NS="14" bash bench/compare.sh
#
# Needs: cargo, gcc, hyperfine (apt-get install hyperfine), python3.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
COUNT_NS=${COUNT_NS:-"15 16 17"}
ENUM_NS=${ENUM_NS:-"14 15"}
for tool in cargo gcc hyperfine python3; do
    command -v "$tool" >/dev/null || { echo "compare.sh: $tool is missing" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/somers" bench/c/somers.c
gcc -O2 -o "$work/classic" bench/c/classic.c
# Two commands: with --example, cargo builds only the example, not the CLI's binary.
cargo build --release --quiet -p nqueens-tables-cli
cargo build --release --quiet -p nqueens-tables --example enumerate
ours=target/release/nqueens
enumerate=target/release/examples/enumerate

# median seconds of a command, from hyperfine's JSON
median() {
    local json=$work/h.json
    hyperfine -N --style none --runs "$RUNS" --export-json "$json" "$1" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$json"
}
same() {
    local a b
    a=$($1) b=$($2)
    if [ "$a" != "$b" ]; then
        echo "compare.sh: '$1' printed '$a' but '$2' printed '$b'" >&2
        exit 1
    fi
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), runs per median: $RUNS"
echo
printf '%-34s %4s %11s %11s %8s\n' "what (ours vs theirs)" "n" "ours (s)" "theirs (s)" "ratio"
row() { printf '%-34s %4s %11s %11s %8s\n' "$1" "$2" "$3" "$4" "$(python3 -c "print('%.3f' % ($3 / $4))")"; }

for n in $COUNT_NS; do
    same "$ours count $n --threads 1" "$work/somers $n"
    theirs=$(median "$work/somers $n")
    one=$(median "$ours count $n --threads 1")
    all=$(median "$ours count $n")
    eight=$(median "$ours count $n --threads 1 --unique")
    row "count, 1 thread vs Somers-style" "$n" "$one" "$theirs"
    row "count, $(nproc) threads vs Somers-style" "$n" "$all" "$theirs"
    row "8-fold counter (--unique), 1 thread" "$n" "$eight" "$theirs"
done
for n in $ENUM_NS; do
    same "$enumerate $n" "$work/classic $n"
    theirs=$(median "$work/classic $n")
    mine=$(median "$enumerate $n")
    row "enumerate in order vs classic" "$n" "$mine" "$theirs"
done
