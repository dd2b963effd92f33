#!/usr/bin/env bash
# Count n in M shares with GNU parallel over a list of hosts, then merge:
#
#   NQUEENS=nqueens bash cluster/parallel/run.sh N M [SSHLOGIN...]
#
# Each SSHLOGIN is what `parallel --sshlogin` takes (`:` is this machine, `4/user@node1` four
# jobs on node1); the default is `:`. `nqueens` must be on every host's PATH (or NQUEENS
# the same path everywhere). The shares arrive as JSON lines on this machine's stdout,
# into OUTDIR/shares.jsonl (OUTDIR defaults to a new folder under /tmp, whose name is said
# on stderr: nothing is left in the current directory), and `nqueens merge` adds them up
# (exit 3 and the missing shares if any failed: rerun just those with `seq` replaced by
# their numbers).
set -euo pipefail
n=$1
m=$2
shift 2
logins=("${@:-:}")
out=${OUTDIR:-$(mktemp -d "${TMPDIR:-/tmp}/nqueens-shares.XXXXXX")}
[ -n "${OUTDIR:-}" ] || echo "run.sh: shares in $out/shares.jsonl" >&2
nqueens=${NQUEENS:-nqueens}
args=()
for login in "${logins[@]}"; do
    args+=(--sshlogin "$login")
done
seq 1 "$m" | parallel "${args[@]}" --jobs 1 \
    "$nqueens" count "$n" --share "{}/$m" --format json > "$out/shares.jsonl"
"$nqueens" merge "$out/shares.jsonl"
