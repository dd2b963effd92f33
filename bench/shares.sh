#!/usr/bin/env bash
# How evenly `nqueens count N --part K/M` spreads one count: runs every share of M one after
# the other on one thread, checks that the counts add up to the plain count, and prints the
# shares' seconds (least, median, mean, most) and the most against the mean.
#
#   bash bench/shares.sh 17 64          # n = 17 in 64 shares
#   UNIQUE=1 bash bench/shares.sh 16 8  # shares of a count of symmetry classes too
#
# Needs: cargo, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

n=${1:?usage: bash bench/shares.sh N M}
m=${2:?usage: bash bench/shares.sh N M}
unique=()
[ -n "${UNIQUE:-}" ] && unique=(--unique)
cargo build --release --quiet -p nqueens-tables-cli
ours=target/release/nqueens

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for k in $(seq "$m"); do
    "$ours" count "$n" --part "$k/$m" --threads 1 --format json "${unique[@]}"
done >"$work/shares.jsonl"
whole=$("$ours" count "$n")

python3 - "$work/shares.jsonl" "$whole" <<'EOF'
import json, statistics, sys
shares = [json.loads(line) for line in open(sys.argv[1])]
total = sum(s["count"] for s in shares)
if total != int(sys.argv[2]):
    sys.exit("shares.sh: the shares add up to %d, the plain count is %s" % (total, sys.argv[2]))
seconds = [s["seconds"] for s in shares]
mean = statistics.mean(seconds)
print("n = %d, %d shares, method %s, plan %s: counts add up to %d" % (
    shares[0]["n"], len(shares), shares[0]["method"], shares[0]["plan"], total))
print("seconds: least %.3f, median %.3f, mean %.3f, most %.3f; most / mean %.2f; all shares %.1f" % (
    min(seconds), statistics.median(seconds), mean, max(seconds), max(seconds) / mean, sum(seconds)))
EOF
