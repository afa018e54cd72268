package expendibots

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"chainshot/internal/shareddata"
)

// sharedCase is one line of ../shared/data/expendibots/EXPECTED_LENGTHS.tsv.
type sharedCase struct {
	file   string // path relative to the data folder
	length int    // shortest length; -1 for LIMIT (undetermined)
}

// sharedData returns the shared data folder and its expected lengths, or
// skips the test when ../shared is missing.
func sharedData(t testing.TB) (string, []sharedCase) {
	t.Helper()
	dir := shareddata.Dir(t, "expendibots")
	f, err := os.Open(filepath.Join(dir, "EXPECTED_LENGTHS.tsv"))
	if err != nil {
		t.Skipf("shared data missing: %v", err)
	}
	defer f.Close()
	var cases []sharedCase
	sc := bufio.NewScanner(f)
	for no := 1; sc.Scan(); no++ {
		fields := strings.Split(strings.TrimSpace(sc.Text()), "\t")
		if no == 1 || len(fields) != 2 {
			continue // header
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil {
			if fields[1] != "LIMIT" {
				t.Fatalf("EXPECTED_LENGTHS.tsv:%d: length %q", no, fields[1])
			}
			n = -1
		}
		cases = append(cases, sharedCase{file: fields[0], length: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("EXPECTED_LENGTHS.tsv lists no cases")
	}
	return dir, cases
}

func loadCase(t testing.TB, path string) Parsed {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseJSON(data, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkSolution replays acts from b and fails unless every black token is
// gone at the end (and not before the last action).
func checkSolution(t testing.TB, name string, b Board, acts []Action) {
	t.Helper()
	boards, _, bad, err := Replay(b, acts)
	if err != nil {
		t.Fatalf("%s: action %d (%s): %v", name, bad+1, acts[bad], err)
	}
	if len(acts) == 0 {
		if !b.Won() {
			t.Fatalf("%s: empty solution but black is left", name)
		}
		return
	}
	for i, nb := range boards {
		if won := nb.Won(); won != (i == len(boards)-1) {
			t.Fatalf("%s: after action %d won=%v", name, i+1, won)
		}
	}
}

// TestSharedCases solves every case of ../shared/data/expendibots with
// each algorithm. astar, with the default budget, must win every case,
// the LIMIT case (length undetermined by the data) included, and prove
// its answer shortest; bfs must give the expected length where it has
// one (it runs out of budget on the LIMIT case, as it should); seed must
// win, maybe longer. Every win is replayed.
func TestSharedCases(t *testing.T) {
	dir, cases := sharedData(t)
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			p := loadCase(t, filepath.Join(dir, c.file))
			for _, algo := range Algos() {
				opt := Options{Algo: algo}
				switch {
				case algo == AlgoBFS && c.length < 0:
					opt.MaxStates = 50_000 // only check that nothing false is claimed
				case algo == AlgoBFS:
					opt.MaxStates = 2_000_000
				case algo == AlgoSeed:
					// The seed search takes up to 2M states on the
					// hardest cases; a smaller budget keeps the test fast.
					opt.MaxStates = 100_000
				}
				res, err := Solve(p.Board, opt)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %s, %d actions, %d states, %v", algo, res.Status, len(res.Actions), res.States, res.Elapsed)
				switch {
				case algo != AlgoAStar && res.Status == OutOfBudget && (algo == AlgoSeed || c.length < 0):
					t.Logf("%s: out of budget, not checked", algo)
				case res.Status != Solved:
					t.Fatalf("%s: %s after %d states (limit %q), want a solution", algo, res.Status, res.States, res.Limit)
				case algo != AlgoSeed && !res.Optimal:
					t.Fatalf("%s: solution not marked optimal", algo)
				case algo != AlgoSeed && c.length >= 0 && len(res.Actions) != c.length:
					t.Fatalf("%s: %d actions, want %d:\n%s", algo, len(res.Actions), c.length, FormatActions(res.Actions))
				case len(res.Actions) < c.length:
					t.Fatalf("%s: %d actions, shorter than the shortest %d", algo, len(res.Actions), c.length)
				}
				if res.Status == Solved {
					checkSolution(t, algo, p.Board, res.Actions)
				}
			}
		})
	}
}
