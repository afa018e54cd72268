package shard

import (
	"strconv"
	"strings"
	"testing"
)

// TestSchedulerShard: the shard of a batch task comes from its
// scheduler's environment: a Slurm array of any range and step, each of
// its tasks a different shard and all of them every shard once; a
// Kubernetes indexed Job with its count; anything else refused with the
// variable named.
func TestFromScheduler(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	// Every task of each array, in turn: the shards are 1..N, each once.
	arrays := []struct{ lo, step, count int }{{0, 1, 4}, {1, 1, 4}, {0, 2, 3}, {0, 1, 1}, {10, 5, 8}}
	for _, a := range arrays {
		seen := map[int]bool{}
		for i := range a.count {
			id := a.lo + i*a.step
			k, n, from, err := FromScheduler(env("SLURM_ARRAY_TASK_ID", itoa(id), "SLURM_ARRAY_TASK_MIN", itoa(a.lo),
				"SLURM_ARRAY_TASK_STEP", itoa(a.step), "SLURM_ARRAY_TASK_COUNT", itoa(a.count)))
			if err != nil || n != a.count || k != i+1 || !strings.Contains(from, "Slurm") {
				t.Errorf("array %+v, task %d: shard %d/%d from %q, %v; want %d/%d", a, id, k, n, from, err, i+1, a.count)
			}
			seen[k] = true
		}
		if len(seen) != a.count {
			t.Errorf("array %+v: shards %v, want each of 1..%d once", a, seen, a.count)
		}
	}
	// No step given (older Slurm): step 1.
	if k, n, _, err := FromScheduler(env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_COUNT", "4")); err != nil || k != 4 || n != 4 {
		t.Errorf("no step: %d/%d %v", k, n, err)
	}
	for i := range 3 {
		k, n, from, err := FromScheduler(env("JOB_COMPLETION_INDEX", itoa(i), "JOB_COMPLETIONS", "3"))
		if err != nil || k != i+1 || n != 3 || !strings.Contains(from, "Kubernetes") {
			t.Errorf("indexed Job, index %d: %d/%d %q %v", i, k, n, from, err)
		}
	}
	if k, n, from, err := FromScheduler(env()); err != nil || k != 1 || n != 1 || from != "" {
		t.Errorf("no scheduler: %d/%d %q %v", k, n, from, err)
	}
	bad := []struct {
		env  func(string) string
		want string
	}{
		{env("SLURM_ARRAY_TASK_ID", "x", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_COUNT", "4"), `SLURM_ARRAY_TASK_ID is "x"`},
		{env("SLURM_ARRAY_TASK_ID", "1"), `SLURM_ARRAY_TASK_MIN is ""`},
		{env("SLURM_ARRAY_TASK_ID", "5", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "3"), "not a range of indices"}, // --array=1,3,5 style
		{env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "4"), "not a range of indices"},
		{env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_MAX", "1", "SLURM_ARRAY_TASK_COUNT", "1"), "scontrol requeue"},
		{env("JOB_COMPLETION_INDEX", "2"), "JOB_COMPLETIONS is not set"},
		{env("JOB_COMPLETION_INDEX", "3", "JOB_COMPLETIONS", "3"), "not below JOB_COMPLETIONS 3"},
	}
	for _, b := range bad {
		if _, _, _, err := FromScheduler(b.env); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%v, want %q", err, b.want)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestResolve: --shard as given, "auto" only inside a batch task, ""
// the batch task's shard where the command asks for it.
func TestResolve(t *testing.T) {
	slurm := func(k string) string {
		return map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"}[k]
	}
	none := func(string) string { return "" }
	tests := []struct {
		spec    string
		inBatch bool
		env     func(string) string
		want    Shard
		err     string
	}{
		{"2/8", true, slurm, Shard{K: 2, N: 8}, ""},
		{"", false, slurm, One, ""},
		{"", true, slurm, Shard{K: 3, N: 4}, ""},
		{"", true, none, One, ""},
		{"auto", false, slurm, Shard{K: 3, N: 4}, ""},
		{"auto", true, none, Shard{}, "no Slurm array task"},
		{"0/8", false, none, Shard{}, "want K/N"},
		{"9/8", false, none, Shard{}, "want K/N"},
		{"1/999999999", false, none, Shard{}, "want K/N"},
		{"x", false, none, Shard{}, "want K/N"},
	}
	for _, tt := range tests {
		got, err := Resolve(tt.spec, tt.inBatch, tt.env)
		got.From = ""
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("Resolve(%q) = %v, want %q", tt.spec, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("Resolve(%q) = %+v, %v, want %+v", tt.spec, got, err, tt.want)
		}
	}
	s := Shard{K: 2, N: 3}
	if from, to := s.Span(10); from != 3 || to != 6 {
		t.Errorf("Span(10) = %d, %d", from, to)
	}
	if !s.Picks(1) || s.Picks(2) || !s.Picks(4) {
		t.Error("Picks")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2/8", "1/1", "0/8", "9/8", "1/999999999", "x", "/", "3/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := Parse(s)
		if err == nil && (sh.K < 1 || sh.K > sh.N || sh.N > MaxN) {
			t.Fatalf("Parse(%q) = %+v", s, sh)
		}
	})
}
