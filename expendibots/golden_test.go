package expendibots

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGoldenSolutions pins each fixture's answer, per algorithm, to
// testdata/NAME.golden (regenerate with go test -update): the searches
// are deterministic, so any change in their order shows here. Every
// answer is also replayed.
func TestGoldenSolutions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			b := loadCase(t, f).Board
			var sb strings.Builder
			for _, algo := range Algos() {
				res, err := Solve(b, Options{Algo: algo, MaxStates: 500_000})
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&sb, "# %s: %s, %d actions, optimal %v\n", algo, res.Status, len(res.Actions), res.Optimal)
				sb.WriteString(FormatActions(res.Actions))
				if res.Status == Solved {
					checkSolution(t, algo, b, res.Actions)
				}
			}
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(sb.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got := sb.String(); got != string(want) {
				t.Errorf("answers differ from %s:\n--- got\n%s--- want\n%s", golden, got, want)
			}
		})
	}
}
