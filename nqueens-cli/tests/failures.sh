#!/usr/bin/env bash
# The failure contract, run against a given build of the command ($NQ): CI runs it on a
# panic = "abort" build, where a panic would show as SIGABRT (status 134) instead of 101.
set -u
fails=0
expect() {
    local want=$1 script=$2
    local got
    NQ=$NQ sh -c "$script" >/dev/null 2>&1
    got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: status $got, want $want: $script"
        fails=$((fails + 1))
    fi
}
expect 2 '$NQ'
expect 2 '$NQ count 0'
expect 2 '$NQ count 0 2>/dev/full'
expect 2 '$NQ count 33'
expect 2 '$NQ count 8 --share -1/4'
expect 2 '$NQ nth 20 39029188885'
expect 2 'echo 5000000000000000000 | $NQ judge uva750'
expect 2 'printf "\000\377garbage" | $NQ judge p1219'
expect 1 '$NQ judge p1219 < /'
expect 1 '$NQ list 8 >&-'
expect 1 '$NQ list 8 1</dev/null'
expect 1 '$NQ --help > /dev/full'
expect 0 '$NQ list 16 | head -1'
expect 0 '$NQ count 25 --share 1000000/1000000'
expect 0 '$NQ count 12 -j 2'
if [ "$fails" -ne 0 ]; then
    echo "failures.sh: $fails case(s) failed"
    exit 1
fi
echo "failures.sh: every case gave its status"
