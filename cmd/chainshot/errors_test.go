package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// failingWriter accepts ok writes, then fails every write with err.
type failingWriter struct {
	ok     int
	err    error
	writes int
	got    strings.Builder
}

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	if w.writes > w.ok {
		return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: w.err}
	}
	return w.got.Write(p)
}

// TestStdoutFailures: a closed pipe ends a command quietly with its own
// status; any other failure of standard output is reported once, status
// 1 at least; the work stops at the failure and what was recorded stays.
func TestStdoutFailures(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(`{"file":"sample1","moves":[],"score":1,"beads_left":25}`+"\n"), 0o644)
	tests := []struct {
		name     string
		args     []string
		ok       int
		err      error
		code     int
		stderr   string
		outLines int // lines in --out afterwards, if the test gives one
	}{
		{"closed pipe", []string{"datasets"}, 0, syscall.EPIPE, 0, "", 0},
		{"closed pipe after some lines", []string{"datasets"}, 3, syscall.EPIPE, 0, "", 0},
		{"disk full", []string{"datasets"}, 0, syscall.ENOSPC, 1, "chainshot datasets: cannot write standard output: no space left on device\n", 0},
		{"disk full after some lines", []string{"datasets"}, 2, syscall.ENOSPC, 1, "chainshot datasets: cannot write standard output: no space left on device\n", 0},
		{"closed pipe, the command failing too", []string{"verify", bad}, 0, syscall.EPIPE, 1, "", 0},
		{"I/O error, the command failing too", []string{"verify", bad}, 0, syscall.EIO, 1, "chainshot verify: cannot write standard output: input/output error\n", 0},
		{"closed pipe stops a tournament after its line", []string{"tournament", "--json", "--max-nodes", "50", "--out", "OUT", "sample1", "sample2"},
			0, syscall.EPIPE, 0, "", 1},
		{"disk full stops a tournament after its line", []string{"tournament", "--json", "--max-nodes", "50", "--out", "OUT", "sample1", "sample2"},
			0, syscall.ENOSPC, 1, "chainshot tournament: cannot write standard output: no space left on device\n", 1},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, "out"+string(rune('a'+i))+".jsonl")
			args := append([]string{"chainshot"}, tt.args...)
			for j, a := range args {
				if a == "OUT" {
					args[j] = out
				}
			}
			w := &failingWriter{ok: tt.ok, err: tt.err}
			var stderr strings.Builder
			code := run(args, strings.NewReader(""), w, &stderr)
			// The per-data-set log lines of a tournament are not at issue.
			var msgs []string
			for _, l := range strings.SplitAfter(stderr.String(), "\n") {
				if l != "" && !strings.Contains(l, "left, score") {
					msgs = append(msgs, l)
				}
			}
			if code != tt.code || strings.Join(msgs, "") != tt.stderr {
				t.Errorf("status %d, stderr %q; want %d, %q", code, stderr.String(), tt.code, tt.stderr)
			}
			if w.writes > tt.ok+1 {
				t.Errorf("%d writes after the failure, want none", w.writes-tt.ok-1)
			}
			if tt.outLines > 0 {
				data, _ := os.ReadFile(out)
				if n := strings.Count(string(data), "\n"); n != tt.outLines {
					t.Errorf("--out holds %d lines, want %d", n, tt.outLines)
				}
			}
		})
	}
}
