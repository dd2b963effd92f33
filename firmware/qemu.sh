#!/usr/bin/env bash
# Builds the firmware for a Cortex-M3, runs it on QEMU's mps2-an385 with semihosting, checks
# every line it prints against the known counts, and prints the flash budget of the tables.
# Installs nothing: it says what is missing and how to get it. Exits non-zero on any
# difference, a QEMU failure or a run longer than 60 s.
set -euo pipefail
cd "$(dirname "$0")"

TARGET=thumbv7m-none-eabi
ELF=target/$TARGET/release/nqueens-firmware
missing=0
if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
    echo "qemu.sh: the $TARGET target is missing: run 'rustup target add $TARGET'" >&2
    missing=1
fi
if ! command -v qemu-system-arm >/dev/null; then
    echo "qemu.sh: qemu-system-arm is missing: run 'apt-get update && apt-get install -y qemu-system-arm'" >&2
    missing=1
fi
if ! command -v readelf >/dev/null; then
    echo "qemu.sh: readelf is missing: run 'apt-get install -y binutils'" >&2
    missing=1
fi
[ "$missing" = 0 ] || exit 1

# Section sizes (decimal bytes) of the built ELF: "<.text> <.rodata>".
sections() {
    local text=0 rodata=0 name size
    while read -r name size; do
        case $name in
            .text) text=$((16#$size)) ;;
            .rodata) rodata=$((16#$size)) ;;
        esac
    done < <(readelf -S -W "$ELF" | sed -n 's/^ *\[ *[0-9]*\] *\([^ ]*\) *[A-Z_]* *[0-9a-f]* *[0-9a-f]* *\([0-9a-f]*\).*/\1 \2/p')
    echo "$text $rodata"
}

echo "== build (release, tables 6..=13, fast-search)"
cargo build --release --quiet

echo "== run on qemu-system-arm -machine mps2-an385 (60 s limit)"
start=$(date +%s)
set +e
output=$(timeout 60 qemu-system-arm -cpu cortex-m3 -machine mps2-an385 -nographic \
    -semihosting-config enable=on,target=native -kernel "$ELF" 2>&1)
status=$?
set -e
echo "$output"
echo "(qemu exit status $status after $(( $(date +%s) - start )) s)"
if [ "$status" = 124 ]; then
    echo "qemu.sh: FAIL: the run took longer than 60 s" >&2
    exit 1
fi

# OEIS A000170, typed in here so the check does not trust the firmware's own numbers.
counts=(0 1 0 0 2 10 4 40 92 352 724 2680 14200 73712)
expected=""
for n in $(seq 1 13); do
    table=absent
    [ "$n" -ge 6 ] && table=verified
    expected+="n=$n solutions=${counts[$n]} table=$table"$'\n'
done
expected+="firmware: all checks passed"
if [ "$output" != "$expected" ]; then
    echo "qemu.sh: FAIL: the firmware printed something other than expected:" >&2
    diff <(echo "$expected") <(echo "$output") >&2 || true
    exit 1
fi
if [ "$status" != 0 ]; then
    echo "qemu.sh: FAIL: the firmware exited with status $status" >&2
    exit 1
fi

echo
echo "== flash budget (thumbv7m-none-eabi, release, opt-level s, LTO)"
base=""
budget_ok=1
# A table costs its n x count bytes; allow 64 bytes for the lookup that finds it, no more.
report() {
    local label=$1 tables=$2; shift 2
    cargo build --release --quiet "$@"
    read -r text rodata < <(sections)
    [ -n "$base" ] || base=$rodata
    local extra=$(( rodata - base - tables ))
    printf '%-16s %8d %9d %14d %12d %7d\n' "$label" "$text" "$rodata" $(( rodata - base )) "$tables" "$extra"
    if [ "$extra" -lt 0 ] || [ "$extra" -gt 64 ]; then
        budget_ok=0
    fi
}
printf '%-16s %8s %9s %14s %12s %7s\n' "tables" ".text" ".rodata" "rodata - none" "n x count" "extra"
report "none" 0 --no-default-features
report "table-8" 736 --no-default-features --features table-8
report "table-6..=12" 211328 --no-default-features --features tables-6-12
report "table-6..=13" 1169584 --no-default-features --features tables-6-13
# Not a table: the search's last-rows step, 13,192 bytes of tables of its own.
report "fast-search" 13192 --no-default-features --features fast-search
if [ "$budget_ok" != 1 ]; then
    echo "qemu.sh: FAIL: a table costs more flash than its n x count bytes plus 64" >&2
    exit 1
fi
echo "qemu.sh: PASS"
