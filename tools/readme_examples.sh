#!/usr/bin/env bash
# Runs the command examples README.md shows and writes them, with what they print, into its
# block `commands` (tools/doc_block.py), so that the README shows only real output. With
# --check it changes nothing and fails if the block differs from this run (CI runs that).
#
#   bash tools/readme_examples.sh            # rewrite README.md's block
#   bash tools/readme_examples.sh --check    # exit 1 if it drifted
#
# Needs: cargo, python3.
set -euo pipefail
cd "$(dirname "$0")/.."
flag=()
[ "${1:-}" = --check ] && flag=(--check)
cargo build --release --quiet -p nqueens-tables-cli
bin=$PWD/target/release/nqueens
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# `nqueens` on PATH, as a reader runs it.
ln -s "$bin" "$work/nqueens"
export PATH="$work:$PATH"

# Each example: the command line as README shows it, run by the shell.
examples=(
    "nqueens list 8 --limit 3"
    "nqueens list 6 --format board --limit 1"
    "nqueens list 20 --fixed 1,1 --limit 1"
    "nqueens count 13"
    "nqueens count 16"
    "nqueens count 16 --fundamental"
    "nqueens count 12 --fixed 1,1"
    "nqueens count 16 --share 2/4"
    "nqueens heatmap 6"
    "nqueens rank 2 4 6 1 3 5"
    "nqueens nth 8 92"
    "nqueens canonical 5 3 1 6 4 2"
    "nqueens puzzle 8 --seed 5"
    "nqueens sizes 8"
    "echo 6 | nqueens judge p1219"
)
for line in "${examples[@]}"; do
    echo "\$ $line"
    (cd "$work" && bash -c "$line")
done > "$work/out" || {
    echo "readme_examples.sh: an example failed; its output so far:" >&2
    cat "$work/out" >&2
    exit 1
}
python3 tools/doc_block.py "${flag[@]}" README.md commands < "$work/out"
