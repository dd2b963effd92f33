#!/usr/bin/env bash
# Copies BENCHMARKS.md's table of today's figures (its block `figures`) into README.md's
# block of the same name, so that the README quotes the figures and never contradicts them.
# With --check it changes nothing and fails if README's copy differs (CI runs that).
#
#   bash tools/figures.sh            # rewrite README.md's copy
#   bash tools/figures.sh --check    # exit 1 if it drifted
#
# Needs: python3.
set -euo pipefail
cd "$(dirname "$0")/.."
flag=()
[ "${1:-}" = --check ] && flag=(--check)
table=$(sed -n '/^<!-- figures: begin -->$/,/^<!-- figures: end -->$/p' BENCHMARKS.md | sed '1d;$d')
if [ -z "$table" ]; then
    echo "figures.sh: BENCHMARKS.md has no block 'figures'" >&2
    exit 1
fi
printf '%s\n' "$table" | python3 tools/doc_block.py --raw "${flag[@]}" README.md figures
