#!/usr/bin/env bash
# How evenly `nqueens count N --share K/M` spreads one count: runs every share of M one after
# the other on one thread, checks that the counts add up to the plain count, and prints the
# shares' seconds (least, median, mean, most) and the most against the mean.
#
#   bash bench/shares.sh 17 64          # n = 17 in 64 shares
#   UNIQUE=1 bash bench/shares.sh 16 8  # shares of a count of symmetry classes too
#   SAMPLE=16 bash bench/shares.sh 21 256   # 16 shares spread evenly over the 256 (K = 1,
#       18, 35, ..., 256), for sizes too large to count whole here: the counts cannot be
#       checked then, and the total time is the sample's mean times M
#
# Needs: cargo, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

n=${1:?usage: bash bench/shares.sh N M}
m=${2:?usage: bash bench/shares.sh N M}
unique=()
[ -n "${UNIQUE:-}" ] && unique=(--fundamental)
cargo build --release --quiet -p nqueens-tables-cli
ours=target/release/nqueens

sample=${SAMPLE:-}
if [ -n "$sample" ]; then
    case $sample in
        '' | *[!0-9]*) echo "shares.sh: SAMPLE takes a whole number of shares, got '$sample'" >&2; exit 2 ;;
    esac
    if [ "$sample" -lt 2 ] || [ "$sample" -gt "$m" ]; then
        echo "shares.sh: SAMPLE must be from 2 to M = $m, got $sample" >&2
        exit 2
    fi
    # Evenly spread from the first share to the last.
    ks=$(python3 -c "import sys; s, m = int(sys.argv[1]), int(sys.argv[2]); print(' '.join(str(1 + i * (m - 1) // (s - 1)) for i in range(s)))" "$sample" "$m")
else
    ks=$(seq "$m")
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for k in $ks; do
    "$ours" count "$n" --share "$k/$m" --threads 1 --format json --progress none "${unique[@]}"
done >"$work/shares.jsonl"
whole=
[ -z "$sample" ] && whole=$("$ours" count "$n")

python3 - "$work/shares.jsonl" "$m" "$whole" <<'EOF'
import json, statistics, sys
shares = [json.loads(line) for line in open(sys.argv[1])]
m, whole = int(sys.argv[2]), sys.argv[3]
total = sum(s["count"] for s in shares)
seconds = [s["seconds"] for s in shares]
mean = statistics.mean(seconds)
head = "n = %d, %d shares of %d, method %s, plan %s" % (
    shares[0]["n"], len(shares), m, shares[0]["method"], shares[0]["plan"])
if whole:
    if total != int(whole):
        sys.exit("shares.sh: the shares add up to %d, the plain count is %s" % (total, whole))
    print("%s: counts add up to %d" % (head, total))
else:
    print("%s (K = %s): a sample, not checked against a whole count" % (
        head, ", ".join(str(s["k"]) for s in shares)))
print("seconds: least %.3f, median %.3f, mean %.3f, most %.3f; most / mean %.2f; these shares %.1f" % (
    min(seconds), statistics.median(seconds), mean, max(seconds), max(seconds) / mean, sum(seconds)))
if not whole:
    print("all %d shares, from the mean: %.0f s on one core (%.2f core-hours)" % (m, mean * m, mean * m / 3600))
EOF
