#!/usr/bin/env bash
# The firmware on five boards under QEMU:
#   mps2-an385  Cortex-M3 (thumbv7m), 4 MiB of code memory: all eight tables
#   mps2-an500  Cortex-M7 with an FPU (thumbv7em, hard float), the same memory: all eight
#   microbit    Cortex-M0 (thumbv6m), 256 KiB of flash, 16 KiB of RAM: tables 6..=12
#   virt        RISC-V (riscv32imac), riscv-rt, in RAM: all eight tables
#   uno         Arduino Uno, ATmega328P (avr-none, 16-bit usize), 32 KiB of flash and 2 KiB
#               of RAM: table 8 packed; built with the nightly pinned in uno/, output over
#               its serial port
# Each run prints the stack each no_std entry point used (`stack BOARD API BYTES`, budget
# 1536, and 1024 for the search), the search's counts (checked here against OEIS, typed in
# below) and the tables it verified byte for byte, the counter's count (not on the Uno, whose
# flash it does not fit), and `board BOARD: all checks passed`. Then the flash each table set
# costs on each board, and on the Uno the RAM too. The Cortex-M builds link with flip-link,
# so a stack overflow faults instead of overwriting .bss.
#
# Installs nothing: it says what is missing and how to get it. Works with or without
# CARGO_TARGET_DIR, and needs no path outside its target folder. Paths are remapped in the
# builds (panic locations name files) and the builds run on a copy laid out the same way in
# every checkout, so the flash figures are the same in any checkout.
#
#   bash firmware/qemu.sh                   # the runs and the report
#   bash firmware/qemu.sh --update-readme   # and firmware/README.md's two blocks rewritten from it
#   bash firmware/qemu.sh --check-readme    # and a failure if firmware/README.md differs from it
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
readme=""
case "${1:-}" in
    "") ;;
    --update-readme) readme=update ;;
    --check-readme) readme=check ;;
    *) echo "qemu.sh: unknown argument '$1': takes --update-readme or --check-readme" >&2; exit 2 ;;
esac
# Everything the report prints, for README's blocks.
report=$(mktemp)
trap 'rm -f "$report"' EXIT
cd "$repo/firmware"

missing=0
need_target() {
    if ! rustup target list --installed 2>/dev/null | grep -qx "$1"; then
        echo "qemu.sh: the $1 target is missing: run 'rustup target add $1'" >&2
        missing=1
    fi
}
need_tool() {
    if ! command -v "$1" >/dev/null; then
        echo "qemu.sh: $1 is missing: run '$2'" >&2
        missing=1
    fi
}
need_target thumbv7m-none-eabi
need_target thumbv7em-none-eabihf
need_target thumbv6m-none-eabi
need_target riscv32imac-unknown-none-elf
need_tool qemu-system-arm "apt-get update && apt-get install -y qemu-system-arm"
need_tool qemu-system-riscv32 "apt-get update && apt-get install -y qemu-system-misc"
need_tool readelf "apt-get install -y binutils"
need_tool flip-link "cargo install flip-link --locked"
need_tool qemu-system-avr "apt-get update && apt-get install -y qemu-system-misc"
need_tool avr-gcc "apt-get install -y gcc-avr avr-libc"
# The Uno's nightly, as firmware/uno/rust-toolchain.toml pins it, with the core's sources.
uno_toolchain=$(sed -n 's/^channel = "\(.*\)"/\1/p' uno/rust-toolchain.toml)
if ! rustup run "$uno_toolchain" rustc --print sysroot >/dev/null 2>&1 ||
    [ ! -d "$(rustup run "$uno_toolchain" rustc --print sysroot 2>/dev/null)/lib/rustlib/src/rust/library/core" ]; then
    echo "qemu.sh: the Uno's toolchain is missing: run 'rustup toolchain install $uno_toolchain --profile minimal -c rust-src'" >&2
    missing=1
fi
if [ "$(avr-gcc -mmcu=atmega328p -print-file-name=crtatmega328p.o)" = crtatmega328p.o ]; then
    echo "qemu.sh: avr-libc is missing: run 'apt-get install -y avr-libc'" >&2
    missing=1
fi
[ "$missing" = 0 ] || exit 1

target_dir=$(cargo metadata --manifest-path "$repo/firmware/Cargo.toml" --format-version 1 \
    --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
cargo_home=${CARGO_HOME:-$HOME/.cargo}
cargo_home=$(cd "$cargo_home" && pwd)

# Cargo hashes the location of a path dependency outside the workspace's folder into its
# symbols, and the hashes move code by a few bytes: the flash figures would differ from one
# checkout to the next. So the builds run on a copy in this run's own target folder, laid
# out as one workspace (the firmware at its root, the library's crates and the macro inside it), whose
# paths cargo hashes relative to that root: the same in every checkout and target folder.
stage=$target_dir/firmware-stage
mkdir -p "$stage"
copy() { # copy FROM TO [KEEP...]: TO made the sources of FROM (no target/ or template/),
    # its folders KEEP left as they are. A file whose content changed is written anew, with a
    # fresh time, so that cargo rebuilds it; an unchanged one keeps its time, so that cargo
    # rebuilds only what changed; one gone from FROM is removed (a module in two places
    # fails the build). Times copied from FROM would not do: a file moved or checked out
    # keeps an old time, which cargo takes for unchanged, and the flash figures came out of
    # stale objects.
    python3 - "$@" <<'PY'
import os, sys
src, dst, keep = sys.argv[1], sys.argv[2], set(sys.argv[3:])
skip = {"target", "template"}
wanted = set()
for folder, dirs, files in os.walk(src):
    dirs[:] = [d for d in dirs if not (folder == src and d in skip)]
    rel = os.path.relpath(folder, src)
    os.makedirs(os.path.join(dst, rel), exist_ok=True)
    for name in files:
        path = os.path.normpath(os.path.join(rel, name))
        wanted.add(path)
        data = open(os.path.join(src, path), "rb").read()
        out = os.path.join(dst, path)
        try:
            if open(out, "rb").read() == data:
                continue
        except FileNotFoundError:
            pass
        with open(out, "wb") as f:
            f.write(data)
        os.chmod(out, os.stat(os.path.join(src, path)).st_mode & 0o777)
for folder, dirs, files in os.walk(dst):
    rel = os.path.relpath(folder, dst)
    if rel.split(os.sep)[0] in skip | keep:
        dirs[:] = []
        continue
    for name in files:
        path = os.path.normpath(os.path.join(rel, name))
        if path not in wanted and path != "Cargo.lock":
            os.remove(os.path.join(folder, name))
PY
}
# The library's crates, and the macro's. The join is staged too, though no board links it:
# cargo reads every path dependency's manifest, optional or not.
crates="nqueens nqueens-core nqueens-join nqueens-macros"
copy "$repo/firmware" "$stage" $crates
for crate in $crates; do
    copy "$repo/$crate" "$stage/$crate"
done
python3 - "$repo" "$stage" $crates <<'PY'
import re, sys
repo, stage, crates = sys.argv[1], sys.argv[2], sys.argv[3:]
root = open(f"{repo}/Cargo.toml").read()
fields = dict(re.findall(r'^(version|edition|rust-version|license|authors) = (.*)$',
                         root.split("[workspace.package]")[1].split("\n[")[0], re.M))
def write_if_changed(path, text):
    try:
        if open(path).read() == text:
            return
    except FileNotFoundError:
        pass
    open(path, "w").write(text)
# The workspace's entries for the family's crates, as paths within the stage.
entry = {
    "nqueens-tables-macros": 'path = "../nqueens-macros"',
    "nqueens-tables-core": 'path = "../nqueens-core", default-features = false',
    "nqueens-tables-join": 'path = "../nqueens-join"',
}
for crate in crates:
    text = open(f"{repo}/{crate}/Cargo.toml").read()
    text = re.sub(r'^(nqueens-tables-[a-z]+)\.workspace = true$',
                  lambda m: f"{m[1]} = {{ {entry[m[1]]} }}", text, flags=re.M)
    text = re.sub(r'^(nqueens-tables-[a-z]+) = \{ workspace = true(.*)\}$',
                  lambda m: f"{m[1]} = {{ {entry[m[1]]}{m[2]}}}", text, flags=re.M)
    text = re.sub(r'^(version|edition|rust-version|license|authors)\.workspace = true$',
                  lambda m: f"{m[1]} = {fields[m[1]]}", text, flags=re.M)
    # Only what the firmware builds: no dev-dependencies, benches or examples to resolve.
    sections = re.split(r'(?m)^(?=\[)', text)
    drop = ("[dev-dependencies]", "[[bench]]", "[[example]]")
    text = "".join(s for s in sections if not s.startswith(drop))
    write_if_changed(f"{stage}/{crate}/Cargo.toml", text)
firmware = open(f"{repo}/firmware/Cargo.toml").read().replace('path = "../nqueens"', 'path = "nqueens"')
write_if_changed(f"{stage}/Cargo.toml", firmware)
PY
manifest=$stage/Cargo.toml

# build TARGET FEATURES [BIN]: a release build with the checkout's and cargo's paths remapped.
build() {
    local target=$1 features=$2
    cargo build --manifest-path "$manifest" --release --quiet --target "$target" \
        --no-default-features --features "$features" \
        --target-dir "$target_dir" \
        --config "target.$target.rustflags=['--remap-path-prefix=$target_dir=/target', '--remap-path-prefix=$stage=/nqueens', '--remap-path-prefix=$cargo_home=/cargo']"
}
elf() { echo "$target_dir/$1/release/nqueens-firmware"; }

# build_uno FEATURES: the same for the Uno, from uno/, whose rust-toolchain.toml and
# .cargo/config.toml choose the nightly, the target and -Zbuild-std (a toolchain named in
# the environment would override the pin). rustc's note that avr-gcc takes no -no-pie (it
# retries without) is dropped.
build_uno() {
    (cd "$stage/uno" && env -u RUSTUP_TOOLCHAIN cargo build --manifest-path "$manifest" \
        --release --quiet --bin nqueens-firmware --no-default-features --features "$1" \
        --target-dir "$target_dir" \
        --config "target.avr-none.rustflags=['-C', 'target-cpu=atmega328p', '--remap-path-prefix=$target_dir=/target', '--remap-path-prefix=$stage=/nqueens', '--remap-path-prefix=$cargo_home=/cargo']" \
        2> >(grep -v "Linker does not support -no-pie" >&2))
}
uno_elf="$target_dir/avr-none/release/nqueens-firmware.elf"

# OEIS A000170, typed in here so the check does not trust the firmware's own numbers.
counts=(0 1 0 0 2 10 4 40 92 352 724 2680 14200 73712)
apis="solutions table counter nth rank canonical fundamental solutions_with_fixed"
# What the Uno's 32 KiB of flash hold: no counter, no fixed-queen search.
uno_apis="solutions table nth rank canonical fundamental"
# The stack each entry point may use, and the search (`solutions`) less.
budget=1536
search_budget=1024
failed=0
stack_rows=""

# run BOARD TARGET FEATURES LAST_N FIRST_TABLE LAST_TABLE QEMU-ARGS...
run() {
    local board=$1 target=$2 features=$3 last=$4 table_lo=$5 table_hi=$6
    shift 6
    local start status output board_apis=$apis
    start=$(date +%s%N)
    if [ "$board" = uno ]; then
        echo "== $board: build ($target, $features, $uno_toolchain) and run on $* (150 s limit)"
        build_uno "$features"
        board_apis=$uno_apis
        set +e
        output=$(timeout 150 bash "$stage/uno/run.sh" "$uno_elf" 2>&1)
        status=$?
        set -e
    else
        echo "== $board: build ($target, $features) and run on $* (60 s limit)"
        build "$target" "$features"
        set +e
        output=$(timeout 60 "$@" -nographic -semihosting-config enable=on,target=native \
            -kernel "$(elf "$target")" 2>&1)
        status=$?
        set -e
    fi
    echo "$output"
    echo "($board: qemu exit status $status after $(awk -v s="$start" -v e="$(date +%s%N)" \
        'BEGIN { printf "%.2f", (e - s) / 1e9 }') s)"
    local expected="" api n table
    for api in $board_apis; do
        expected+="stack $board $api <bytes>"$'\n'
    done
    for n in $(seq 1 "$last"); do
        table=absent
        if [ "$n" -ge "$table_lo" ] && [ "$n" -le "$table_hi" ]; then table=verified; fi
        expected+="n=$n solutions=${counts[$n]} table=$table"$'\n'
    done
    [ "$board" = uno ] || expected+="counter n=10 total=724 fundamental=92"$'\n'
    expected+="board $board: all checks passed"
    # The stack figures are measured, not known: check their form and the budget here.
    local shown bytes
    shown=$(echo "$output" | sed -E 's/^(stack [^ ]+ [a-z_]+) [0-9]+$/\1 <bytes>/')
    if [ "$shown" != "$expected" ] || [ "$status" != 0 ]; then
        echo "qemu.sh: FAIL: $board printed something other than expected (exit $status):" >&2
        diff <(echo "$expected") <(echo "$shown") >&2 || true
        failed=1
        return
    fi
    while read -r _ _ api bytes; do
        local limit=$budget
        [ "$api" = solutions ] && limit=$search_budget
        if [ "$bytes" -gt "$limit" ]; then
            echo "qemu.sh: FAIL: $board: $api used $bytes bytes of stack, over $limit" >&2
            failed=1
        fi
        stack_rows+="$board $api $bytes"$'\n'
    done < <(echo "$output" | grep '^stack ')
}

run mps2-an385 thumbv7m-none-eabi board-mps2-an385,tables-6-13,fast-search 13 6 13 \
    qemu-system-arm -cpu cortex-m3 -machine mps2-an385
run mps2-an500 thumbv7em-none-eabihf board-mps2-an500,tables-6-13,fast-search 13 6 13 \
    qemu-system-arm -cpu cortex-m7 -machine mps2-an500
run microbit thumbv6m-none-eabi board-microbit,tables-6-12,fast-search 12 6 12 \
    qemu-system-arm -machine microbit
run virt riscv32imac-unknown-none-elf board-virt,tables-6-13,fast-search 13 6 13 \
    qemu-system-riscv32 -machine virt -bios none
run uno avr-none board-uno,packed-8 10 8 8 qemu-system-avr -machine uno

# 16-bit usize: the tables of 12 and 13 cannot exist there, and asking for them must be
# refused by the library's own message, not a compiler crash or a wrong size.
echo "== uno: a build with the table of 12 is refused at compile time"
if refusal=$(build_uno board-uno,tables-6-12 2>&1); then
    echo "qemu.sh: FAIL: the Uno built with the table of 12" >&2
    failed=1
elif ! grep -q "larger than a 16-bit target can hold" <<<"$refusal"; then
    echo "qemu.sh: FAIL: the Uno's build with the table of 12 failed otherwise:" >&2
    echo "$refusal" | head -20 >&2
    failed=1
else
    grep -m1 "^error: the tables of 12" <<<"$refusal"
fi
[ "$failed" = 0 ] || exit 1

echo
{
    echo "== stack high-water marks (bytes; budget $budget, the search $search_budget; - not on the board)"
    printf '%-22s %10s %10s %10s %10s %10s\n' api mps2-an385 mps2-an500 microbit virt uno
    for api in $apis; do
        row=$(printf '%-22s' "$api")
        for board in mps2-an385 mps2-an500 microbit virt uno; do
            bytes=$(echo "$stack_rows" | awk -v b="$board" -v a="$api" '$1 == b && $2 == a {print $3}')
            row+=$(printf ' %10s' "${bytes:--}")
        done
        echo "$row"
    done
} | tee "$report.stack"
trap 'rm -f "$report" "$report.stack"' EXIT

# Section sizes (decimal bytes) of an ELF: "<.text> <.rodata>".
sections() {
    local text=0 rodata=0 name size
    while read -r name size; do
        case $name in
            .text) text=$((16#$size)) ;;
            .rodata) rodata=$((16#$size)) ;;
        esac
    done < <(readelf -S -W "$1" | sed -n 's/^ *\[ *[0-9]*\] *\([^ ]*\) *[A-Z_]* *[0-9a-f]* *[0-9a-f]* *\([0-9a-f]*\).*/\1 \2/p')
    echo "$text $rodata"
}

budget_ok=1
# flash BOARD TARGET: what each table set costs. A table costs its n x count bytes; allow 16
# bytes per table for the lookup that finds it (a jump-table entry or two), and 8 for the
# alignment padding of .rodata, which moves with the layout of the rest of it (table-8 on
# virt: 12 to 20 bytes from one layout of the build to another), no more.
flash() {
    local board=$1 target=$2 base=""
    echo
    echo "== flash on $board ($target, release, opt-level s, LTO)"
    printf '%-16s %8s %9s %14s %12s %7s\n' "tables" ".text" ".rodata" "rodata - none" "n x count" "extra"
    report() {
        local label=$1 tables=$2 features=$3 count=$4
        build "$target" "board-$board${features:+,$features}"
        read -r text rodata < <(sections "$(elf "$target")")
        [ -n "$base" ] || base=$rodata
        local extra=$(( rodata - base - tables ))
        printf '%-16s %8d %9d %14d %12d %7d\n' "$label" "$text" "$rodata" $(( rodata - base )) "$tables" "$extra"
        if [ "$extra" -lt 0 ] || [ "$extra" -gt $(( 16 * count + 8 )) ]; then
            echo "over-budget: $board $label"
        fi
    }
    report "none" 0 "" 0
    report "table-8" 736 "table-8" 1
    report "table-6..=12" 211328 "tables-6-12" 7
    if [ "$board" != microbit ]; then
        report "table-6..=13" 1169584 "tables-6-13" 8
    fi
    # Not a table: the search's last-rows step, 13,192 bytes of tables of its own.
    report "fast-search" 13192 "fast-search" 1
}
# The Uno copies every static into its 2 KiB of RAM at start (AVR reads flash only through
# its own instruction): what a table costs there is RAM, and what is left is the stack. The
# run's build (the table of 8 packed), and the same with the plain table added.
uno_memory() {
    echo
    echo "== flash and RAM on uno (avr-none, release, opt-level s, LTO; 32768 flash, 2048 RAM)"
    printf '%-20s %8s %12s %12s %10s\n' "tables" ".text" ".data (RAM)" "data - run" "RAM left"
    local label text data base=""
    for label in packed-8 packed-8,table-8; do
        build_uno "board-uno,$label"
        text=$(avr-size -A "$uno_elf" | awk '$1 == ".text" {print $2}')
        data=$(avr-size -A "$uno_elf" | awk '$1 == ".data" {print $2}')
        [ -n "$base" ] || base=$data
        printf '%-20s %8d %12d %12d %10d\n' "${label/,/ + }" "$text" "$data" $(( data - base )) $(( 2048 - data ))
    done
}
{
    flash mps2-an385 thumbv7m-none-eabi
    flash mps2-an500 thumbv7em-none-eabihf
    flash microbit thumbv6m-none-eabi
    flash virt riscv32imac-unknown-none-elf
    uno_memory
} | tee "$report"
# The budget verdicts come from the subshell of the pipe: read them back from the report.
grep -q '^over-budget' "$report" && budget_ok=0
if [ "$budget_ok" != 1 ]; then
    echo "qemu.sh: FAIL: a table costs more flash than its n x count bytes plus 16 (and 8 of padding)" >&2
    exit 1
fi
if [ -n "$readme" ]; then
    flag=""
    [ "$readme" = check ] && flag=--check
    # The flash report starts with a blank line of its own: the block starts at its heading.
    sed '1{/^$/d}' "$report" | python3 "$repo/tools/doc_block.py" $flag "$repo/firmware/README.md" qemu-flash
    python3 "$repo/tools/doc_block.py" $flag "$repo/firmware/README.md" qemu-stack < "$report.stack"
    [ "$readme" = check ] && echo "qemu.sh: firmware/README.md's stack and flash blocks match this run"
fi
echo
echo "qemu.sh: PASS"
