package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// budgetJobs are, for every command with a --budget flag, arguments of
// work that runs far past a budget of a few hundred milliseconds, and
// the exit status of a run the budget stopped: 0 where the best found so
// far is the answer (a line, a bound), 1 where the work is refused
// unfinished (a check, a shortest sequence, a case to draw).
var budgetJobs = map[string]struct {
	args []string
	code int
}{
	"solve":         {[]string{"ladder10-25x25-5c"}, 0},
	"play":          {[]string{"--auto", "ladder10-25x25-5c"}, 0},
	"tournament":    {[]string{"ladder10-25x25-5c"}, 0},
	"bench":         {[]string{"--speed-time", "0", "ladder10-25x25-5c"}, 0},
	"boom solve":    {[]string{"hard.json"}, 1},
	"boom gen":      {[]string{"--min-actions", "100"}, 1},
	"react solve":   {[]string{"--size", "4x4", "--memory", "16"}, 0},
	"react check":   {[]string{"--memory", "16", "--winner-only", filepath.Join(proofsDir, "3x5.jsonl")}, 1},
	"react analyze": {[]string{"--depth", "8", "--prove", "0", "empty16.txt"}, 0},
}

// TestBudgetStopsEveryCommand: every command with a --budget (the
// command tree is walked, so a command added later is covered, and must
// add its work above) stops that work at the budget: its CPU time, the
// process's, at most twice the budget and 200 ms of start and report,
// with the exit status of a stopped run.
func TestBudgetStopsEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs each command for its budget")
	}
	dir := t.TempDir()
	// a case of 12 black tokens in 12 groups and one stack of 12 white:
	// its shortest win is far beyond 300 ms of search
	if err := os.WriteFile(filepath.Join(dir, "hard.json"), []byte(`{"white": [[12,0,0]], "black": [[1,2,1],[1,2,3],[1,2,5],[1,2,7],[1,4,1],[1,4,3],[1,4,5],[1,4,7],[1,6,1],[1,6,3],[1,6,5],[1,6,7]]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// the empty 16x16 board: a search of depth 8 is far beyond 300 ms
	empty16 := "players: R B\nnext: R\n" + strings.Repeat(strings.Repeat(". ", 15)+".\n", 16)
	if err := os.WriteFile(filepath.Join(dir, "empty16.txt"), []byte(empty16), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(proofsDir)
	if err != nil {
		t.Fatal(err)
	}
	const budget = 300 * time.Millisecond
	n := 0
	for path, cmd := range leaves("", commands()) {
		has := false
		for _, f := range cmd.Flags {
			has = has || f.Names()[0] == "budget"
		}
		if !has {
			continue
		}
		n++
		job, ok := budgetJobs[path]
		if !ok {
			t.Errorf("chainshot %s has --budget: add a job longer than its budget to budgetJobs", path)
			continue
		}
		args := append(strings.Fields(path), "--budget", budget.String())
		for _, a := range job.args {
			args = append(args, strings.Replace(a, proofsDir, abs, 1))
		}
		c := exec.Command("chainshot", args...)
		c.Dir, c.Env = dir, append(os.Environ(), "NO_COLOR=1")
		var stderr bytes.Buffer
		c.Stderr = &stderr
		done := make(chan error, 1)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { done <- c.Wait() }()
		select {
		case err = <-done:
		case <-time.After(60 * time.Second):
			c.Process.Kill()
			<-done
			t.Errorf("chainshot %s: still running after a minute, with --budget %s", path, budget)
			continue
		}
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		cpu := c.ProcessState.UserTime() + c.ProcessState.SystemTime()
		if code != job.code || cpu > 2*budget+200*time.Millisecond {
			t.Errorf("chainshot %s --budget %s: exit status %d (want %d), %.2f CPU s; stderr %q", path, budget, code, job.code, cpu.Seconds(), stderr.String())
		}
	}
	if n < len(budgetJobs) {
		t.Errorf("%d commands have --budget, and budgetJobs names %d", n, len(budgetJobs))
	}
}
