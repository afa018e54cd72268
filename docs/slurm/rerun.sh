#!/bin/bash
# rerun.sh ARRAY INDEX: runs task INDEX of the array job ARRAY again (it
# was cancelled, failed, or lost its node). The task keeps its array, so
# chainshot takes the same shard and resumes its file: the pairs already
# finished are skipped, an interrupted one is run again and its line
# replaced. A merge that depended on the whole array never runs once a
# task has failed (DependencyNeverSatisfied): it is cancelled and a new
# one submitted, to run when every task has ended and this one has ended
# well. (A new submission of one index, sbatch --array=INDEX, makes an
# array of one task, whose shard chainshot cannot tell: it refuses it.)
set -euo pipefail
array=$1 index=$2
here=$(cd "$(dirname "$0")" && pwd)
scontrol requeue "${array}_${index}"
# A requeued task waits a while before it may start again; it may now.
scontrol update jobid="${array}_${index}" StartTime=now
# The merges still waiting on the whole array (afterok:ARRAY_*) wait for
# ever now: they go.
stuck=$(squeue -h -n chainshot-merge -t PENDING -o '%i %E' | awk -v dep="afterok:${array}_*" 'index($2, dep) { print $1 }')
if [ -n "$stuck" ]; then
	scancel $stuck
fi
merge=$(sbatch --parsable --dependency=afterany:"$array",afterok:"${array}_${index}" "$here/merge.sbatch" | cut -d';' -f1)
echo "task ${array}_${index} requeued; merge job $merge"
