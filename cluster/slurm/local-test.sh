#!/usr/bin/env bash
# A real Slurm on this machine: one node (localhost, its CPUs), slurmctld and slurmd from
# Debian's slurm-wlm, authenticated by munge. It counts n = 16 in 8 shares as an array job
# with a dependent merge job, then again with one array task cancelled on purpose: merge must
# report that share missing, and resubmitting only that index must complete the total.
# Its last line is the total, `14772512`. It stops the daemons it started, and removes its
# work folder (/tmp/nqueens-slurm.*) after a pass; after a failure it keeps it, with the
# daemons' and the jobs' logs, and says where.
#
#   bash cluster/slurm/local-test.sh        (as root; installs slurm-wlm and munge if missing)
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$PWD/cluster/slurm
N=16
M=8

say() { printf '[slurm-test] %s\n' "$*" >&2; }

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    if [ "$(id -u)" != 0 ]; then
        say "needs slurm-wlm and munge (apt-get install slurm-wlm munge), as root"
        exit 1
    fi
    say "installing slurm-wlm and munge from Debian's packages"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

say "building the nqueens command"
cargo build --release --quiet -p nqueens-tables-cli
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
export NQUEENS="$target_dir/release/nqueens"

work=$(mktemp -d /tmp/nqueens-slurm.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/state" "$work/spool" "$work/out"
host=$(hostname -s)
started_munge=no

stop() {
    # The daemons started with this run's slurm.conf, whether or not they got to write their
    # pid files; asked first, then killed. Then the work folder: removed after a pass, kept
    # with its logs after a failure, and named.
    local status=$?
    pkill -TERM -f -- "$work/slurm.conf" 2>/dev/null || true
    if [ "$started_munge" = yes ] && [ -s "$work/munged.pid" ]; then
        while read -r pid; do
            kill "$pid" 2>/dev/null || true
        done < "$work/munged.pid"
    fi
    for _ in $(seq 10); do
        pgrep -f -- "$work/slurm.conf" >/dev/null || break
        sleep 0.5
    done
    pkill -KILL -f -- "$work/slurm.conf" 2>/dev/null || true
    if [ "$status" = 0 ]; then
        rm -rf "$work"
    else
        say "failed: the logs are kept in $work (slurmctld.log, slurmd.log, and each job's *.log)"
    fi
}
trap stop EXIT

if ! pgrep -x munged >/dev/null; then
    say "starting munged"
    mkdir -p /run/munge
    chown munge:munge /run/munge 2>/dev/null || true
    if [ ! -s /etc/munge/munge.key ]; then
        mungekey --create --force >/dev/null 2>&1 || /usr/sbin/create-munge-key -f >/dev/null
        chown munge:munge /etc/munge/munge.key
    fi
    # --force: this machine's state directory may be left from another run.
    if id munge >/dev/null 2>&1; then
        runuser -u munge -- /usr/sbin/munged --force 2>/dev/null || /usr/sbin/munged --force
    else
        /usr/sbin/munged --force
    fi
    started_munge=yes
    # No munged ran before, so the one running now is ours (it daemonizes: no $! to keep,
    # and as user munge it cannot write a pid file here).
    sleep 1
    pgrep -x munged > "$work/munged.pid" || true
fi

# Whoever started it, munge must answer before the daemons start.
for _ in $(seq 20); do
    munge -n >/dev/null 2>&1 && break
    sleep 0.5
done
munge -n >/dev/null || { say "munged does not answer (munge -n failed)"; exit 1; }

cat > "$work/slurm.conf" <<EOF
ClusterName=nqueens-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm.conf"

say "starting slurmctld and slurmd (state in $work)"
/usr/sbin/slurmctld -f "$SLURM_CONF"
/usr/sbin/slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
        break
    fi
    sleep 1
done
sinfo -h -o '%N %T %c' >&2

# --- Run 1: the whole array, then the merge once every task has succeeded. -----------------
run1="$work/out/run1"
mkdir -p "$run1"
start=$(date +%s)
array=$(sbatch --parsable --chdir="$work" --array=1-$M "$here/count.sbatch" $N $M "$run1")
say "run 1: array job $array (n = $N in $M shares), merge after it"
sbatch --parsable --wait --chdir="$work" --dependency=afterok:"$array" "$here/merge.sbatch" "$run1" >/dev/null
say "run 1: $(cat "$run1/total.txt") in $(( $(date +%s) - start )) s"
for k in $(seq $M); do
    sed -n 's/.*"k":\([0-9]*\).*"count":\([0-9]*\).*"seconds":\([0-9.]*\).*/[slurm-test]   share \1: count \2, \3 s/p' "$run1/share-$k.json" >&2
done
[ "$(cat "$run1/total.txt")" = "14772512" ]

# --- Run 2: one task cancelled; merge reports it; only that index is resubmitted. ----------
run2="$work/out/run2"
mkdir -p "$run2"
lost=3
# Held, so that the cancellation happens before the task can start.
array=$(sbatch --parsable --hold --chdir="$work" --array=1-$M "$here/count.sbatch" $N $M "$run2")
scancel "${array}_${lost}"
scontrol release "$array"
say "run 2: array job $array with task $lost cancelled"
for _ in $(seq 600); do
    if [ -z "$(squeue -h -j "$array" 2>/dev/null)" ]; then
        break
    fi
    sleep 1
done
set +e
missing=$("$NQUEENS" merge "$run2"/share-*.json 2>&1)
status=$?
set -e
say "run 2: merge said (exit $status): $missing"
[ "$status" = 3 ]
case "$missing" in
*"--array=$lost") ;;
*) say "merge did not name share $lost as missing"; exit 1 ;;
esac
resume=${missing##*--array=}
say "run 2: resubmitting --array=$resume"
sbatch --parsable --wait --chdir="$work" --array="$resume" "$here/count.sbatch" $N $M "$run2" >/dev/null
total=$("$NQUEENS" merge "$run2"/share-*.json)
say "run 2: after the resubmission: $total"
[ "$total" = "$(cat "$run1/total.txt")" ]
echo "$total"
