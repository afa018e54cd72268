package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDataSetArguments: every command that takes several data sets
// (its usage says NAME...; the command tree is walked, so a command added
// later is covered) loads them through runs.Load: a data set named twice
// runs once, its results file growing by one line; and every defective
// data set is named before anything runs, nothing written.
func TestDataSetArguments(t *testing.T) {
	n := 0
	for path, cmd := range leaves("", commands()) {
		if !strings.Contains(cmd.ArgsUsage, "NAME...") {
			continue
		}
		n++
		valid, ok := validArgs[path]
		if !ok {
			t.Fatalf("%s: no valid arguments in validArgs", path)
		}
		dir := t.TempDir()
		argv := append(append(strings.Fields(path), valid.flags...), "--out", "r.jsonl", "sample1", "sample1")
		code, _, stderr := runChainshot(t, dir, argv)
		data, _ := os.ReadFile(filepath.Join(dir, "r.jsonl"))
		if code != 0 || strings.Count(string(data), "\n") != 1 || !strings.Contains(stderr, "sample1 is named twice; it runs once") {
			t.Errorf("%s with sample1 twice: exit status %d, %d results lines, stderr %q", path, code, strings.Count(string(data), "\n"), stderr)
		}

		for name, text := range map[string]string{"bad1.txt": "RGB\nRG\n", "bad2.txt": "RGX\nRGB\n"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		argv = append(append(strings.Fields(path), valid.flags...), "--out", "r2.jsonl", "bad1.txt", "sample1", "bad2.txt")
		code, stdout, stderr := runChainshot(t, dir, argv)
		_, err := os.Stat(filepath.Join(dir, "r2.jsonl"))
		if code != 2 || !strings.Contains(stderr, "bad1.txt:2") || !strings.Contains(stderr, "bad2.txt:1") ||
			!strings.Contains(stderr, "2 defective data sets; nothing was run") || stdout != "" || err == nil {
			t.Errorf("%s with two defective data sets: exit status %d, stdout %q, stderr %q, the results file kept: %v", path, code, stdout, stderr, err == nil)
		}
	}
	if n < 3 {
		t.Fatalf("%d commands take data sets, want solve, tournament and bench at least", n)
	}
}
