package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// anytimeArgs is the command that made docs/anytime.png and its results,
// docs/anytime.jsonl (docs/redraw.sh runs it): the standard set at five
// budgets, seed 1, one worker (-j 1: at 30 s and more the stronger
// setting, BENCHMARKS.md).
var anytimeArgs = []string{"bench", "--budgets", "1s,5s,30s,120s,600s", "-j", "1", "--speed-time", "0"}

// TestAnytimeChartIsItsData: the shipped anytime chart is what its
// shipped results draw, byte for byte, and every one of those results
// replays to its score. The chart was once a build older than the text
// beside it; now the chart, its data and BENCHMARKS.md come from one run
// (docs/redraw.sh anytime). Resuming the complete file solves nothing:
// bench only draws.
func TestAnytimeChartIsItsData(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs", "anytime.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 5*20 {
		t.Fatalf("docs/anytime.jsonl has %d lines, want 100: the 20 standard boards at 5 budgets (a run cut short?)", n)
	}
	set, err := publicCopy(t, "StandardTestset.txt")
	if err != nil {
		t.Skipf("no StandardTestset.txt in the shared data (docs/data.md): %v", err)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{"StandardTestset.txt": set, "anytime.jsonl": data} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := runChainshot(t, dir, []string{"verify", "anytime.jsonl"})
	if code != 0 {
		t.Fatalf("chainshot verify docs/anytime.jsonl: exit %d\n%s%s", code, stdout, stderr)
	}
	argv := append(append([]string{}, anytimeArgs...), "--out", "anytime.jsonl", "--resume", "--chart", "anytime.png", "StandardTestset.txt")
	code, stdout, stderr = runChainshot(t, dir, argv)
	if code != 0 {
		t.Fatalf("chainshot %s: exit %d\n%s%s", strings.Join(argv, " "), code, stdout, clipText(stderr))
	}
	got, err := os.ReadFile(filepath.Join(dir, "anytime.png"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(repoRoot, "docs", "anytime.png"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		os.WriteFile(filepath.Join(os.TempDir(), "anytime-redrawn.png"), got, 0o644)
		t.Errorf("docs/anytime.png is not what docs/anytime.jsonl draws (redrawn in %s): bash docs/redraw.sh anytime",
			filepath.Join(os.TempDir(), "anytime-redrawn.png"))
	}
}
