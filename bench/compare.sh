#!/usr/bin/env bash
# Side-by-side timing of nqueens against C programs of the classic techniques, in one run on
# one machine. Builds everything, checks that each pair prints the same answer, times each
# command with hyperfine and prints the medians and the ratios (ours / theirs; below 1 is
# faster).
#
#   bash bench/compare.sh            # the full set (n = 17 takes a few minutes)
#   RUNS=5 COUNT_NS="15 16" ENUM_NS="14" bash bench/compare.sh   # (an empty list: none)
#   QUARTER_JOIN=~/src/N-Queens-Count-Sol QJ_NS="16 17" bash bench/compare.sh   # and the
#       quarter-board join counter (a checkout of EvgenyKluev/N-Queens-Count-Sol), n by n
#   QUARTER_JOIN=... QJ_NS= QJ_SHARES="21:256:1,86,171,256" bash bench/compare.sh   # shares
#       of one count side by side, one thread each: ours `count N --share K/M -j 1`, its
#       `qj 1 M K-1` (zero-based), and the sums over the shares
#   CHART=target/chart.svg bash bench/compare.sh   # and the one-thread counts drawn as a chart
#       (time against n, log scale; bench/chart.py) from this run's own medians
#
# Needs: cargo, gcc, hyperfine (apt-get install hyperfine), python3.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
COUNT_NS=${COUNT_NS-"15 16 17"}
ENUM_NS=${ENUM_NS-"14 15"}
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
if [ -n "${COUNT_NS// /}${ENUM_NS// /}" ]; then
    echo
    printf '%-34s %4s %11s %11s %8s\n' "what (ours vs theirs)" "n" "ours (s)" "theirs (s)" "ratio"
fi
row() { printf '%-34s %4s %11s %11s %8s\n' "$1" "$2" "$3" "$4" "$(python3 -c "print('%.3f' % ($3 / $4))")"; }
# The chart's points: "series,n,seconds", one-thread counts only.
points=$work/points.csv
: > "$points"

for n in $COUNT_NS; do
    same "$ours count $n --threads 1" "$work/somers $n"
    theirs=$(median "$work/somers $n")
    one=$(median "$ours count $n --threads 1")
    all=$(median "$ours count $n")
    eight=$(median "$ours count $n --threads 1 --fundamental")
    row "count, 1 thread vs Somers-style" "$n" "$one" "$theirs"
    echo "nqueens count -j 1,$n,$one" >> "$points"
    echo "Somers-style,$n,$theirs" >> "$points"
    row "count, $(nproc) threads vs Somers-style" "$n" "$all" "$theirs"
    row "8-fold counter (--fundamental), 1 thread" "$n" "$eight" "$theirs"
done
for n in $ENUM_NS; do
    same "$enumerate $n" "$work/classic $n"
    theirs=$(median "$work/classic $n")
    mine=$(median "$enumerate $n")
    row "enumerate in order vs classic" "$n" "$mine" "$theirs"
done

# The quarter-board join counter (EvgenyKluev/N-Queens-Count-Sol), if a checkout of it is
# given: QUARTER_JOIN=path. Its board size is a compile-time constant (`size` in
# solcounter.h), so it is built once per n, in a copy; it is never vendored here. Both
# programs count the whole board; time and peak memory come from /usr/bin/time.
if [ -n "${QUARTER_JOIN:-}" ]; then
    command -v g++ >/dev/null || { echo "compare.sh: g++ is missing" >&2; exit 1; }
    [ -f "$QUARTER_JOIN/solcounter.h" ] || {
        echo "compare.sh: QUARTER_JOIN=$QUARTER_JOIN has no solcounter.h" >&2
        exit 1
    }
    QJ_NS=${QJ_NS-"16 17 18 19"}
    QJ_THREADS=${QJ_THREADS:-"1 2"}
    # One timed run of a command: "seconds peak-KB answer", from /usr/bin/time (no hyperfine:
    # at n = 19 and 20 a run takes minutes, and each one is used for its time, memory and
    # answer alike).
    timed() {
        local out=$work/run.out stats=$work/run.stats
        /usr/bin/time -f '%e %M' -o "$stats" "$@" >"$out"
        printf '%s %d %s\n' "$(cut -d' ' -f1 "$stats")" "$(cut -d' ' -f2 "$stats")" \
            "$(sed -n 's/^Result: //p; /^[0-9][0-9]*$/p' "$out" | head -n1)"
    }
    # median seconds, largest peak KB and the answer of RUNS runs, checked to agree
    runs() {
        local i
        for i in $(seq "$RUNS"); do
            timed "$@"
        done | python3 -c '
import statistics, sys
rows = [line.split() for line in sys.stdin]
answers = {r[2] for r in rows}
if len(answers) != 1:
    sys.exit("compare.sh: runs disagree: %s" % sorted(answers))
print("%.2f %d %s" % (statistics.median(float(r[0]) for r in rows), max(int(r[1]) for r in rows), rows[0][2]))'
    }
    if [ -n "$QJ_NS" ]; then
        echo
        printf '%-6s %7s %9s %14s %7s %9s %9s %7s\n' n threads "ours (s)" "quarter-join (s)" ratio \
            "ours MB" "its MB" ratio
    fi
    for n in $QJ_NS; do
        src=$work/qj-$n
        cp -r "$QUARTER_JOIN" "$src"
        sed -i "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" "$src/solcounter.h"
        g++ -std=c++20 -O3 -pthread -o "$work/qj-$n.bin" "$src/main.cpp"
        for t in $QJ_THREADS; do
            theirs_run=$(runs "$work/qj-$n.bin" "$t")
            our_run=$(runs "$ours" count "$n" --threads "$t" --progress none)
            read -r theirs their_kb theirs_count <<<"$theirs_run"
            read -r mine my_kb ours_count <<<"$our_run"
            if [ "$t" = 1 ]; then
                echo "quarter-join,$n,$theirs" >> "$points"
                grep -q "^nqueens count -j 1,$n," "$points" || echo "nqueens count -j 1,$n,$mine" >> "$points"
            fi
            if [ "$theirs_count" != "$ours_count" ]; then
                echo "compare.sh: n = $n: quarter-join printed $theirs_count, we printed $ours_count" >&2
                exit 1
            fi
            # Memory in MB of 2^20 bytes, and its ratio from the KB /usr/bin/time gives.
            printf '%-6s %7s %9s %14s %7s %9s %9s %7s\n' "$n" "$t" "$mine" "$theirs" \
                "$(python3 -c "print('%.2f' % ($mine / $theirs))")" \
                "$(python3 -c "print('%.1f' % ($my_kb / 1024))")" \
                "$(python3 -c "print('%.1f' % ($their_kb / 1024))")" \
                "$(python3 -c "print('%.2f' % ($my_kb / $their_kb))")"
        done
    done

    # Shares of one count, one thread each: "N:M:K,K,..." (K from 1). Both programs cut the
    # count into M shares of their own; the same K stand for the same place in the range, and
    # the sums compare the same share of each program's work. The shares' answers differ (each
    # program cuts differently), so only their sum over all M shares could be checked: the
    # whole counts above check both programs instead.
    for spec in ${QJ_SHARES:-}; do
        IFS=: read -r n m ks <<<"$spec"
        src=$work/qj-$n
        [ -d "$src" ] || {
            cp -r "$QUARTER_JOIN" "$src"
            sed -i "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" "$src/solcounter.h"
            g++ -std=c++20 -O3 -pthread -o "$work/qj-$n.bin" "$src/main.cpp"
        }
        echo
        printf '%-10s %9s %14s %7s %9s %9s
' "n = $n" "ours (s)" "quarter-join (s)" ratio "ours MB" "its MB"
        sums=(0 0)
        for k in ${ks//,/ }; do
            read -r theirs their_kb _ <<<"$(timed "$work/qj-$n.bin" 1 "$m" "$((k - 1))")"
            read -r mine my_kb _ <<<"$(timed "$ours" count "$n" --share "$k/$m" --threads 1 --progress none)"
            sums=("$(python3 -c "print($mine + ${sums[0]})")" "$(python3 -c "print($theirs + ${sums[1]})")")
            printf '%-10s %9s %14s %7s %9s %9s
' "share $k/$m" "$mine" "$theirs" \
                "$(python3 -c "print('%.2f' % ($mine / $theirs))")" \
                "$(python3 -c "print('%.1f' % ($my_kb / 1024))")" \
                "$(python3 -c "print('%.1f' % ($their_kb / 1024))")"
        done
        printf '%-10s %9s %14s %7s\n' "sum" "$(printf '%.2f' "${sums[0]}")" "$(printf '%.2f' "${sums[1]}")" \
            "$(python3 -c "print('%.2f' % (${sums[0]} / ${sums[1]}))")"
    done
fi

if [ -n "${CHART:-}" ]; then
    python3 bench/chart.py "$CHART" < "$points"
    echo
    echo "chart: $CHART"
fi
