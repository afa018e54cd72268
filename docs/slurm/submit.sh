#!/bin/bash
# Submits the tournament array (tournament.sbatch; extra arguments go to
# its sbatch, such as --array=0-15), then the merge (merge.sbatch), which
# runs once every task of the array has ended well. Run it from the
# folder that is to hold logs/ and results/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p logs
array=$(sbatch --parsable "$@" "$here/tournament.sbatch" | cut -d';' -f1)
merge=$(sbatch --parsable --dependency=afterok:"$array" "$here/merge.sbatch" | cut -d';' -f1)
echo "array job $array, merge job $merge"
