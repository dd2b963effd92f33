#!/usr/bin/env bash
# The GPU counter against ours on every CPU core, side by side, as one table: for each n,
# the count on the GPU (`count N --gpu`) and on the CPU (`count N`, one thread a core), their
# wall times, the ratio, and the count, checked against the published one. Built for one run
# on a borrowed GPU: everything in one command, within a time budget.
#
#   bash bench/gpu.sh                     # n = 16 to 22 on a GPU, 10 to 14 on a software one
#   bash bench/gpu.sh --from 16 --to 20   # another range
#   bash bench/gpu.sh --budget 300        # stop earlier: seconds for the whole run
#
# A run that would not fit what is left of the budget (estimated from the n before it, at
# 8 times its time) is not started, and its cell says so; each run is also cut off by
# `timeout` at what is left. Needs cargo, a Vulkan (or Metal/DX12) driver, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

from=""
to=""
# 8 minutes is the most a lent GPU machine gives one command here: the default leaves 30 s
# of it to the build check and the table.
budget=450
while [ $# -gt 0 ]; do
    case "$1" in
        --from) from=$2; shift 2 ;;
        --to) to=$2; shift 2 ;;
        --budget) budget=$2; shift 2 ;;
        *) echo "gpu.sh: unknown argument '$1': takes --from N, --to N, --budget SECONDS" >&2; exit 2 ;;
    esac
done

start=$(date +%s.%N)
cargo build --release --quiet -p nqueens-tables-cli --features gpu
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
nq="$target_dir/release/nqueens"
if ! adapter=$("$nq" gpu 2>&1 | head -1) || [ -z "$adapter" ]; then
    echo "gpu.sh: $adapter" >&2
    exit 2
fi
case "$adapter" in
    *software*) default_from=10; default_to=14 ;;
    *) default_from=16; default_to=22 ;;
esac
from=${from:-$default_from}
to=${to:-$default_to}
cores=$(nproc)
cpu=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)

now() { date +%s.%N; }
left() { python3 -c "print(max(0, int($budget - ($(now) - $start))))"; }
# fits ESTIMATE: whether a run estimated at ESTIMATE seconds fits what is left.
fits() { python3 -c "import sys; sys.exit(0 if $1 < $(left) else 1)"; }

# run KIND N ARGS...: times `nqueens count N ARGS`, prints "seconds count checked" or
# "- why".
run() {
    local n=$1
    shift
    local t0 t1 out
    t0=$(now)
    if out=$(timeout "$(left)" "$nq" count "$n" "$@" --format json --progress none 2>&1); then
        t1=$(now)
        python3 -c "
import json, sys
r = json.loads(sys.argv[1])
print(f'{$t1 - $t0:.2f}', r['count'], 'yes' if r.get('checked') else 'no')" "$out"
    else
        echo "- failed: $(printf '%s' "$out" | tail -1)"
    fi
}

echo "adapter: $adapter"
echo "CPU: $cpu, $cores threads; commit $(git rev-parse --short HEAD); budget ${budget} s"
echo
echo "| n | count | checked | GPU s | CPU s ($cores threads) | GPU / CPU |"
echo "|---|---|---|---|---|---|"
gpu_last=""
cpu_last=""
for n in $(seq "$from" "$to"); do
    gpu_cell="not run: over the budget"
    cpu_cell="not run: over the budget"
    count="-"
    checked="-"
    ratio="-"
    gpu_s=""
    cpu_s=""
    if [ -z "$gpu_last" ] || fits "$(python3 -c "print($gpu_last * 8)")"; then
        read -r gpu_s g_count g_checked <<<"$(run "$n" --gpu)"
        if [ "$gpu_s" = "-" ]; then
            gpu_cell="failed"
            gpu_s=""
        else
            gpu_cell=$gpu_s
            gpu_last=$gpu_s
            count=$g_count
            checked=$g_checked
        fi
    fi
    if [ -z "$cpu_last" ] || fits "$(python3 -c "print($cpu_last * 8)")"; then
        read -r cpu_s c_count c_checked <<<"$(run "$n" -j "$cores")"
        if [ "$cpu_s" = "-" ]; then
            cpu_cell="failed"
            cpu_s=""
        else
            cpu_cell=$cpu_s
            cpu_last=$cpu_s
            if [ "$count" = "-" ]; then
                count=$c_count
                checked=$c_checked
            elif [ "$count" != "$c_count" ]; then
                checked="no: the CPU counted $c_count"
            fi
        fi
    fi
    if [ -n "$gpu_s" ] && [ -n "$cpu_s" ]; then
        ratio=$(python3 -c "print(f'{$gpu_s / $cpu_s:.2f}')")
    fi
    echo "| $n | $count | $checked | $gpu_cell | $cpu_cell | $ratio |"
done
echo
echo "gpu.sh: $(python3 -c "print(f'{$(now) - $start:.0f}')") s in all"
