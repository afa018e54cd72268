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
			moves, err := goldenMoves(string(data))
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			var out strings.Builder
			b := p.Board
			fmt.Fprintf(&out, "start: %d beads, over=%v\n%s", b.Beads(), b.IsOver(), b.Format())
			total := 0
			for i, m := range moves {
				// Every golden move is legal: a golden file never blesses
				// what the rules forbid.
				if err := b.Check(m); err != nil {
					t.Fatalf("%s: move %d (%s) is illegal: %v", file, i+1, m, err)
				}
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

// goldenMoves reads the "# moves: r c, r c" line of a rule case: two
// whole numbers a move, each within the largest board.
func goldenMoves(data string) ([]Move, error) {
	var moves []Move
	for _, l := range strings.Split(data, "\n") {
		rest, ok := strings.CutPrefix(l, "# moves:")
		if !ok {
			continue
		}
		for _, m := range strings.Split(rest, ",") {
			f := strings.Fields(m)
			if len(f) != 2 {
				return nil, fmt.Errorf("move %q: want two numbers, row and column", m)
			}
			r, err1 := strconv.Atoi(f[0])
			c, err2 := strconv.Atoi(f[1])
			if err1 != nil || err2 != nil || r < 1 || c < 1 || r > MaxSize || c > MaxSize {
				return nil, fmt.Errorf("move %q: want two whole numbers from 1 to %d", m, MaxSize)
			}
			moves = append(moves, MoveAt(r, c))
		}
	}
	if len(moves) == 0 {
		return nil, fmt.Errorf("no \"# moves:\" line")
	}
	return moves, nil
}
