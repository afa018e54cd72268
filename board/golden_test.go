package board

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestRulesGolden plays the moves named in each testdata/rules/*.txt
// ("# moves: r c, r c") and compares every step with the hand-checked
// *.golden file beside it.
func TestRulesGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/rules/*.txt")
	if len(files) == 0 {
		t.Fatal("no rule cases")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Parse(data, file, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var moves []Move
			for _, l := range strings.Split(string(data), "\n") {
				if rest, ok := strings.CutPrefix(l, "# moves:"); ok {
					for _, m := range strings.Split(rest, ",") {
						f := strings.Fields(m)
						r, _ := strconv.Atoi(f[0])
						c, _ := strconv.Atoi(f[1])
						moves = append(moves, MoveAt(r, c))
					}
				}
			}
			var out strings.Builder
			b := p.Board
			fmt.Fprintf(&out, "start: %d beads, over=%v\n%s", b.Beads(), b.IsOver(), b.Format())
			total := 0
			for _, m := range moves {
				color := b.At(int(m.Row), int(m.Col))
				n := b.Remove(m)
				total += Score(n)
				fmt.Fprintf(&out, "move %s: %d %s removed, +%d, total %d, %d beads left, over=%v\n%s",
					m, n, color.Name(), Score(n), total, b.Beads(), b.IsOver(), b.Format())
			}
			golden := strings.TrimSuffix(file, ".txt") + ".golden"
			if *update {
				os.WriteFile(golden, []byte(out.String()), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
			}
		})
	}
}
