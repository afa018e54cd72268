// Package shard splits a run's work among the tasks of a batch job: a
// shard K of N, given on the command line ("--shard 2/8") or read from
// the scheduler's environment (a Slurm array task, a Kubernetes indexed
// Job), by one rule for tournaments and proofs alike.
package shard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Shard is shard K of N, 1 <= K <= N.
type Shard struct {
	K, N int
	// From says where a shard read from the environment came from ("the
	// Slurm array (task 3 of 0 to 7)"); "" for one given or none.
	From string
}

// One is the whole run: shard 1 of 1.
var One = Shard{K: 1, N: 1}

// Parse reads "K/N" ("" is One).
func Parse(s string) (Shard, error) {
	if s == "" {
		return One, nil
	}
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n || n > MaxN {
		return Shard{}, fmt.Errorf("want K/N with 1 <= K <= N <= %d, like 2/8, or auto", MaxN)
	}
	return Shard{K: k, N: n}, nil
}

// MaxN is the most shards a run is split into.
const MaxN = 100000

// ErrNoScheduler says "auto" was asked for outside a batch task.
var ErrNoScheduler = errors.New("this is no Slurm array task (no SLURM_ARRAY_TASK_ID) nor a Kubernetes indexed Job (no JOB_COMPLETION_INDEX); give --shard K/N")

// Resolve reads a --shard value: "K/N"; "auto", the scheduler's shard
// (ErrNoScheduler outside a batch task); or "", the scheduler's inside a
// batch task when inBatch says so, else One. getenv reads the
// environment.
// Its errors are *FlagError values that name the flag as given.
func Resolve(spec string, inBatch bool, getenv func(string) string) (Shard, error) {
	if spec != "auto" && (spec != "" || !inBatch) {
		sh, err := Parse(spec)
		if err != nil {
			return sh, &FlagError{spec, err}
		}
		return sh, nil
	}
	k, n, from, err := FromScheduler(getenv)
	switch {
	case err != nil:
		return Shard{}, &FlagError{"auto", err}
	case from == "" && spec == "auto":
		return Shard{}, &FlagError{"auto", ErrNoScheduler}
	case from == "":
		return One, nil
	}
	return Shard{K: k, N: n, From: from}, nil
}

// FlagError is a --shard value that does not give a shard.
type FlagError struct {
	Spec string
	Err  error
}

func (e *FlagError) Error() string {
	if e.Spec == "auto" {
		return "--shard auto: " + e.Err.Error()
	}
	return fmt.Sprintf("--shard %q: %v", e.Spec, e.Err)
}

func (e *FlagError) Unwrap() error { return e.Err }

// Picks reports whether the i-th item (0-based) of a run is this shard's
// when items are dealt out one by one: every N-th from the K-th.
func (s Shard) Picks(i int) bool { return i%s.N == s.K-1 }

// Span returns this shard's run of consecutive items of total: the K-th
// of N runs. Consecutive items share work (a proof's lines share their
// first plies), which one task's memory then holds.
func (s Shard) Span(total int) (from, to int) {
	return total * (s.K - 1) / s.N, total * s.K / s.N
}

// FromScheduler returns the shard of the batch task this process runs
// in, from its environment (getenv): a Slurm array task is shard
// (ID-MIN)/STEP+1 of COUNT (SLURM_ARRAY_TASK_ID, _MIN, _STEP, _COUNT); a
// Kubernetes indexed Job's pod is shard JOB_COMPLETION_INDEX+1 of
// JOB_COMPLETIONS, which the Job's manifest sets to its completions
// (Kubernetes itself gives only the index). from says which, "" when
// neither.
func FromScheduler(getenv func(string) string) (k, n int, from string, err error) {
	num := func(name string) (int, error) {
		v, err := strconv.Atoi(getenv(name))
		if err != nil {
			return 0, fmt.Errorf("%s is %q, not a number", name, getenv(name))
		}
		return v, nil
	}
	switch {
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		vals := map[string]int{"SLURM_ARRAY_TASK_STEP": 1}
		for _, name := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_STEP"} {
			if name == "SLURM_ARRAY_TASK_STEP" && getenv(name) == "" {
				continue
			}
			v, err := num(name)
			if err != nil {
				return 0, 0, "", err
			}
			vals[name] = v
		}
		id, lo, count, step := vals["SLURM_ARRAY_TASK_ID"], vals["SLURM_ARRAY_TASK_MIN"], vals["SLURM_ARRAY_TASK_COUNT"], vals["SLURM_ARRAY_TASK_STEP"]
		if step < 1 || count < 1 || id < lo || (id-lo)%step != 0 || (id-lo)/step >= count {
			return 0, 0, "", fmt.Errorf("the Slurm array is not a range of indices (task %d, the lowest %d, step %d, %d tasks): submit it as --array=0-%d, or give --shard K/N", id, lo, step, count, max(count-1, 0))
		}
		if count == 1 && id > 0 {
			// "sbatch --array=1" makes a new array of that one task: it
			// cannot say which shard of the first array it stood for.
			return 0, 0, "", fmt.Errorf("a Slurm array of the one task %d (sbatch --array=%d?) cannot say which shard it is: to run a task of an array again, requeue it (scontrol requeue JOBID_%d), which keeps its array, or give --shard K/N", id, id, id)
		}
		k = (id-lo)/step + 1
		return k, count, fmt.Sprintf("the Slurm array (task %d of %d to %d)", id, lo, lo+(count-1)*step), nil
	case getenv("JOB_COMPLETION_INDEX") != "":
		idx, err := num("JOB_COMPLETION_INDEX")
		if err != nil {
			return 0, 0, "", err
		}
		if getenv("JOB_COMPLETIONS") == "" {
			return 0, 0, "", fmt.Errorf("JOB_COMPLETION_INDEX is %d but JOB_COMPLETIONS is not set: set it in the Job's manifest to spec.completions, or give --shard K/N", idx)
		}
		count, err := num("JOB_COMPLETIONS")
		if err != nil {
			return 0, 0, "", err
		}
		if idx < 0 || idx >= count {
			return 0, 0, "", fmt.Errorf("JOB_COMPLETION_INDEX %d is not below JOB_COMPLETIONS %d", idx, count)
		}
		return idx + 1, count, fmt.Sprintf("the Kubernetes indexed Job (index %d of %d)", idx, count), nil
	}
	return 1, 1, "", nil
}
