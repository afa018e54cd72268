#!/usr/bin/env bash
# End to end on a real Slurm cluster (issue 25): a one-node cluster
# (munged, slurmctld, slurmd as root, everything under one temporary
# folder) runs the job scripts of docs/slurm as a user would: submit.sh
# submits the built-in ladder with two seeds as a 4-task array at a short
# budget, and the merge after it; one task is cancelled midway (scancel
# of its index) and run again (rerun.sh), which resumes its shard's file;
# the merge runs after the array; then every (data set, seed) pair must be
# there once, finished, every line must replay, and each data set's best
# line must be the better of its two seeds'. Then a proof by lines as an
# array (proof.sbatch), stopped by a budget, submitted again to go on from
# its tables, merged. Every daemon started is
# stopped by its pid and the folder removed. Needs root and apt-get
# (slurm-wlm and munge are installed if missing); elsewhere it skips.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
say() { echo "slurm-e2e: $*"; }
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
	say "skipped: it needs root and apt-get, to install and run a one-node Slurm cluster"
	exit 0
fi
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
	if ! (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge) >/dev/null 2>&1; then
		say "skipped: slurm-wlm and munge could not be installed"
		exit 0
	fi
fi
start=$(date +%s)
work=$(mktemp -d /tmp/chainshot-slurm.XXXXXX)
chmod 700 "$work"
munged_pid= ctld_pid= slurmd_pid=
cleanup() {
	set +e
	if [ -n "$ctld_pid" ]; then
		# No job outlives the test: cancel them all, and wait until the
		# controller has none left (their processes are gone with them).
		scancel --quiet --user=root 2>/dev/null
		for _ in $(seq 60); do
			[ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
			sleep 0.5
		done
	fi
	for pid in $slurmd_pid $ctld_pid $munged_pid; do
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	rm -rf "$work"
}
trap cleanup EXIT
fail() {
	say "FAIL: $*"
	for f in "$work"/run/logs/*; do
		[ -f "$f" ] && { echo "--- $f"; tail -n 20 "$f"; }
	done
	exit 1
}

# The cluster: a munge key, a short slurm.conf for this one node (its
# CPUs and memory as slurmd sees them), ports of its own.
go build -o "$work/bin/chainshot" "$repo/cmd/chainshot"
export PATH="$work/bin:$PATH"
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge.key"
munged -F --force --key-file="$work/munge.key" --socket="$work/munge.socket" \
	--pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munged.seed" 2>"$work/munged.err" &
munged_pid=$!
port=$((20000 + RANDOM % 20000))
host=$(hostname -s)
mkdir -p "$work/state" "$work/spool" "$work/run/logs"
cat >"$work/slurm.conf" <<CONF
ClusterName=chainshot-e2e
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
SwitchType=switch/none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
KillWait=10
$(slurmd -C | head -n 1) NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=e2e Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
for _ in $(seq 50); do [ -S "$work/munge.socket" ] && break; sleep 0.1; done
[ -S "$work/munge.socket" ] || fail "munged did not start: $(cat "$work/munged.err")"
slurmctld -D -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D -f "$SLURM_CONF" >"$work/slurmd.out" 2>&1 &
slurmd_pid=$!
for _ in $(seq 120); do
	[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
	sleep 0.5
done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] || fail "the node is not idle: $(sinfo 2>&1); $(tail -n 5 "$work/slurmctld.log" "$work/slurmd.log")"
say "a one-node cluster is up ($(sinfo -h -o '%c CPUs, %m MB'))"

# The user's commands: the array and the merge after it.
cd "$work/run"
export BOARDS=ladder SEEDS=1,2 BUDGET=${E2E_BUDGET:-1s} RESULTS=results
submitted=$(bash "$repo/docs/slurm/submit.sh")
say "$submitted"
array=$(echo "$submitted" | sed -E 's/^array job ([0-9]+), merge job ([0-9]+)$/\1/')
merge1=$(echo "$submitted" | sed -E 's/^array job ([0-9]+), merge job ([0-9]+)$/\2/')

state() { scontrol -o show job "$1" 2>/dev/null | sed -nE 's/.*JobState=([A-Z_]+).*/\1/p' | head -n 1; }
# Task 1, midway: running, with its first line written.
for _ in $(seq 600); do
	[ "$(state "${array}_1")" = RUNNING ] && [ -s results/shard-1.jsonl ] && break
	sleep 0.2
done
[ "$(state "${array}_1")" = RUNNING ] || fail "task ${array}_1 is $(state "${array}_1"), not running with a line written"
scancel "${array}_1"
for _ in $(seq 100); do
	case $(state "${array}_1") in CANCELLED | FAILED | COMPLETED) break ;; esac
	sleep 0.2
done
[ "$(state "${array}_1")" = CANCELLED ] || fail "task ${array}_1 is $(state "${array}_1") after scancel, not CANCELLED (it ended before: raise E2E_BUDGET)"
lines=$(grep -c . results/shard-1.jsonl)
say "task ${array}_1 cancelled midway, $lines lines in its shard"
[ "$lines" -lt 5 ] || fail "task ${array}_1 had finished its 5 pairs"

# Its index runs again; the merge of the whole array never will.
rerun=$(bash "$repo/docs/slurm/rerun.sh" "$array" 1)
say "$rerun"
merge2=$(echo "$rerun" | sed -E 's/.*merge job ([0-9]+)$/\1/')
for _ in $(seq 900); do
	case $(state "$merge2") in COMPLETED | FAILED | CANCELLED | TIMEOUT) break ;; esac
	sleep 0.2
done
[ "$(state "$merge2")" = COMPLETED ] || fail "the merge job $merge2 is $(state "$merge2")"
case $(state "$merge1") in CANCELLED | "") ;; *) fail "the first merge job $merge1 is $(state "$merge1"), not cancelled" ;; esac
for t in 0 1 2 3; do
	[ "$(state "${array}_$t")" = COMPLETED ] || fail "task ${array}_$t is $(state "${array}_$t")"
done

# The rerun resumed its file: the pairs it had finished were skipped.
grep -q 'note: shard 2/4, from the Slurm array (task 1 of 0 to 3)' logs/chainshot-"${array}"_1.out || fail "task 1's log does not name its shard"
grep -q 'recorded in results/shard-1.jsonl' logs/chainshot-"${array}"_1.out || fail "the rerun of task 1 did not resume its file"
# Every (data set, seed) pair once, finished, every line replaying.
cat results/shard-*.jsonl >all.jsonl
[ "$(grep -c . all.jsonl)" = 20 ] || fail "the shards hold $(grep -c . all.jsonl) lines, not 20"
! grep -q '"partial":true' all.jsonl || fail "a partial line is left"
for seed in 1 2; do
	[ "$(grep -c "\"seed\":$seed," all.jsonl)" = 10 ] || fail "seed $seed has $(grep -c "\"seed\":$seed," all.jsonl) lines, not 10"
done
chainshot verify - <all.jsonl | tail -n 1 | grep -qx 'all 20 lines verified' || fail "the shards do not verify: $(chainshot verify - <all.jsonl | grep -v ': ok')"
merged=$(cat logs/chainshot-merge-"$merge2".out)
# has_line TEXT LINE: TEXT holds LINE as a whole line (no pipe: a grep -q
# leaving early could break an echo's pipe under pipefail).
has_line() { [[ $'\n'$1$'\n' == *$'\n'"$2"$'\n'* ]]; }
has_line "$merged" 'all 20 lines verified' || fail "the merge job's verify of the shards: $merged"
has_line "$merged" 'all 10 lines verified' || fail "the merge job's verify of best.jsonl: $merged"
[ "$(echo "$merged" | grep -c 'the best of 2 seeds (1, 2)')" = 10 ] || fail "not every best line was chosen from both seeds: $merged"
# Each data set's best line is the better of its two (fewer beads left,
# then the higher score), as the shards themselves say.
best() { sed -E 's/.*"file":"([^"]*)".*"score":([0-9]+),"beads_left":([0-9]+).*/\1 \3 \2/' "$1" | sort -k1,1 -k2,2n -k3,3nr | awk '!seen[$1]++'; }
best all.jsonl >want.txt
best results/best.jsonl >got.txt
cmp -s want.txt got.txt || fail "merge --best did not keep the best line of each data set: $(diff want.txt got.txt)"

# A proof by lines as an array (proof.sbatch): 3x4 after 2 plies, two
# tasks. The first submission stops each task at a CPU budget too short
# for its lines, each saving its table; the same array submitted again
# starts each task from its proof and its table; merged, the shards
# prove what the direct solve says.
wait_all() {
	for _ in $(seq 900); do
		local left=0
		for t in 0 1; do
			case $(state "${1}_$t") in COMPLETED | FAILED | CANCELLED | TIMEOUT) ;; *) left=1 ;; esac
		done
		[ "$left" = 0 ] && return
		sleep 0.2
	done
}
export SIZE=3x4 SPLIT=2 MEMORY=64 PROOFS=proofs
proof1=$(BUDGET=0.3s sbatch --parsable --array=0-1 "$repo/docs/slurm/proof.sbatch" | cut -d';' -f1)
wait_all "$proof1"
for t in 0 1; do
	[ "$(state "${proof1}_$t")" = COMPLETED ] || fail "proof task ${proof1}_$t is $(state "${proof1}_$t")"
	head -n 1 "proofs/table-$t.table" | grep -qx 'chainshot solver table' || fail "task $t saved no table"
	grep -q 'stopped: the --budget was spent' logs/chainshot-proof-"${proof1}_$t".out || fail "proof task $t was not stopped by its budget: raise the board"
done
proof2=$(BUDGET=0 sbatch --parsable --array=0-1 "$repo/docs/slurm/proof.sbatch" | cut -d';' -f1)
wait_all "$proof2"
for t in 0 1; do
	[ "$(state "${proof2}_$t")" = COMPLETED ] || fail "proof task ${proof2}_$t is $(state "${proof2}_$t")"
	grep -q "started from the table in proofs/table-$t.table" logs/chainshot-proof-"${proof2}_$t".out || fail "proof task $t did not start from its table"
done
chainshot react merge proofs/shard-*.jsonl --out proofs/all.jsonl >/dev/null || fail "the proof shards do not merge"
proved=$(chainshot react solve --size 3x4 --proof proofs/all.jsonl --resume 2>&1) || fail "the merged proof: $proved"
[[ $proved == *'R wins under perfect play; the last move is ply 19'* ]] || fail "the merged proof: $proved"
say "passed in $(($(date +%s) - start)) s: 20 pairs once, every line replays, the best of 2 seeds for each of 10 data sets; a proof array stopped, resumed from its tables and merged"
