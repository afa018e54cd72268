package runs

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/datasets"
	"chainshot/internal/iostreams"
	"chainshot/internal/resultsfile"
	"chainshot/internal/verify"
	"chainshot/results"
	"chainshot/solver"
)

func testSets(t *testing.T, names ...string) []datasets.Set {
	t.Helper()
	var sets []datasets.Set
	for _, n := range names {
		s, err := datasets.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, s...)
	}
	return sets
}

func testSearch() Search {
	return Search{Algo: "auto", Opt: solver.Options{MaxNodes: 2000, Seed: 1, Workers: 1, MemoryMB: 16}}
}

// TestRunRecordsAndResumes: a run records one line per data set in --out
// (each replays to its figures) and the CSV; a second run with Resume
// skips them all and solves nothing; one without Resume is refused and
// leaves the file as it was.
func TestRunRecordsAndResumes(t *testing.T) {
	dir := t.TempDir()
	out, csv := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.csv")
	sets := testSets(t, "sample1", "sample2")
	plan := Plan{Command: "chainshot test", Sets: sets, Search: testSearch(), Files: Files{Out: out, CSV: csv}}
	var stdout, stderr bytes.Buffer
	io := iostreams.New(nil, &stdout, &stderr)
	recs, err := Run(context.Background(), io, plan)
	io.Close()
	if err != nil || len(recs) != 2 {
		t.Fatalf("Run: %d records, %v (stderr %q)", len(recs), err, stderr.String())
	}
	data, _ := os.ReadFile(out)
	lines, _, err := resultsfile.Read(bytes.NewReader(data), out)
	if err != nil || len(lines) != 2 {
		t.Fatalf("--out holds %d lines, %v", len(lines), err)
	}
	for i, l := range lines {
		if msg := verify.Replay(l.Record, sets[i].Board); msg != "" {
			t.Errorf("line %d does not replay: %s", l.No, msg)
		}
	}
	if table, _ := os.ReadFile(csv); strings.Count(string(table), "\n") != 3 {
		t.Errorf("the CSV holds %q", table)
	}

	stderr.Reset()
	io = iostreams.New(nil, &stdout, &stderr)
	plan.Files.Resume = true
	recs, err = Run(context.Background(), io, plan)
	io.Close()
	if err != nil || len(recs) != 2 || strings.Count(stderr.String(), "skipped") != 2 {
		t.Fatalf("resumed: %d records, %v, stderr %q", len(recs), err, stderr.String())
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
		t.Errorf("a resumed run with nothing left changed --out")
	}

	io = iostreams.New(nil, &stdout, &stderr)
	plan.Files.Resume = false
	_, err = Run(context.Background(), io, plan)
	io.Close()
	if err == nil || !strings.Contains(err.Error(), "already holds results") {
		t.Fatalf("a second run without Resume: %v", err)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
		t.Errorf("a refused run changed --out")
	}
}

// TestRunStopsWithItsContext: a run whose context ends records the data
// set in hand as interrupted (its best line so far, which replays) and
// says how to resume.
func TestRunStopsWithItsContext(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	sets := testSets(t, "ladder05-10x10-4c", "sample1")
	ctx, cancel := context.WithCancel(context.Background())
	search := testSearch()
	search.Opt.MaxNodes = 0
	search.Opt.Budget = 60e9
	plan := Plan{Command: "chainshot test", Sets: sets, Search: search, Files: Files{Out: out},
		Before: func() { cancel() }}
	var stdout, stderr bytes.Buffer
	io := iostreams.New(nil, &stdout, &stderr)
	recs, err := Run(ctx, io, plan)
	io.Close()
	if err == nil || !strings.Contains(err.Error(), "interrupted after 1 of 2 data sets") || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("Run after its context ended: %v", err)
	}
	if len(recs) != 1 || !recs[0].Partial {
		t.Fatalf("records %+v, want one interrupted", recs)
	}
	if msg := verify.Replay(recs[0], sets[0].Board); msg != "" {
		t.Errorf("the interrupted line does not replay: %s", msg)
	}
}

// TestCurveMedian: a curve point's median of two seeds is their mean, as
// every median chainshot prints (results.Median), not the lower one.
func TestCurveMedian(t *testing.T) {
	p := CurvePoint{Runs: []SeedTotals{{1, results.Totals{Literature: 31562, Cleared: 19}}, {2, results.Totals{Literature: 44707, Cleared: 20}}}}
	total, cleared, _ := p.Median()
	if total.String() != "38,134.5" || cleared.Float() != 19.5 {
		t.Errorf("median %s, cleared %v; want 38,134.5 and 19.5", total, cleared.Float())
	}
}
