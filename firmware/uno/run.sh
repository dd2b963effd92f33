#!/usr/bin/env bash
# Runs the firmware ELF given on QEMU's Arduino Uno and prints what it writes to its serial
# port. QEMU's AVR machines have no way to exit, so this stops QEMU when the firmware prints
# its verdict (`board uno: all checks passed`, exit 0; anything else after `board uno:`,
# exit 1), or after 120 s (exit 124).
#   bash run.sh ELF
set -euo pipefail
elf=${1:?usage: bash run.sh ELF}
out=$(mktemp)
err=$(mktemp)
snap=$(mktemp)
# QEMU is stopped here, which it reports on stderr: keep that to show only on a failure.
trap 'rm -f "$out" "$err" "$snap"; [ -n "${qemu:-}" ] && kill "$qemu" 2>/dev/null; true' EXIT
qemu-system-avr -machine uno -nographic -monitor none -serial "file:$out" -bios "$elf" 2>"$err" &
qemu=$!
shown=0
for _ in $(seq 1 1200); do
    # One copy of the file a round, so that what is printed and the verdict looked for are
    # the same lines (QEMU goes on writing meanwhile), and complete lines only: wc -l counts
    # the newlines, and a line still being written has none yet.
    cp "$out" "$snap"
    lines=$(wc -l < "$snap")
    if [ "$lines" -gt "$shown" ]; then
        sed -n "$((shown + 1)),${lines}p" "$snap"
        shown=$lines
    fi
    if verdict=$(head -n "$lines" "$snap" | grep -m1 '^board uno: '); then
        [ "$verdict" = "board uno: all checks passed" ] && exit 0
        exit 1
    fi
    if ! kill -0 "$qemu" 2>/dev/null; then
        echo "run.sh: QEMU stopped before the verdict" >&2
        cat "$err" >&2
        exit 1
    fi
    sleep 0.1
done
echo "run.sh: no verdict after 120 s" >&2
exit 124
