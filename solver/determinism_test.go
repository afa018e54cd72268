package solver

import (
	"context"
	"fmt"
	"math"
	"testing"

	"chainshot/board"
)

// tiedBoard returns a 15x15 board of 5 colours whose two most frequent
// colours are within Params.TabuWithin beads, so that auto runs its tabu
// trials on it.
func tiedBoard(t *testing.T) board.Board {
	t.Helper()
	for seed := uint64(100); seed < 200; seed++ {
		b := randomBoard(t, 15, 15, 5, seed)
		p := fromBoard(&b)
		most := p.count[p.mostFrequent()]
		ties := 0
		for c := 1; c < nColors; c++ {
			if p.count[c] > 0 && int(p.count[c]) >= int(most)-defaultParams.TabuWithin {
				ties++
			}
		}
		if ties >= 2 {
			return b
		}
	}
	t.Fatal("no 15x15 board with tied colours among seeds 100-199")
	return board.Board{}
}

// TestNodeBudgetSameLineAtEveryJobCount: under a node budget alone, the
// same seed gives the same line, score and beads at every number of
// goroutines (the README's and solve --help's promise), for every
// algorithm of the registry, on boards where auto takes each of its
// paths: a small board (dfs beside NRPA), large boards with and without
// the tabu trials.
func TestNodeBudgetSameLineAtEveryJobCount(t *testing.T) {
	boards := []struct {
		name string
		b    board.Board
	}{
		{"6x6c3 (small: dfs beside NRPA)", randomBoard(t, 6, 6, 3, 11)},
		{"10x10c4 (small, dfs unfinished)", randomBoard(t, 10, 10, 4, 12)},
		{"12x12c4", randomBoard(t, 12, 12, 4, 9)},
		{"15x15c5 tied colours (tabu trials)", tiedBoard(t)},
		{"8x20c3", randomBoard(t, 8, 20, 3, 13)},
	}
	jobs := []int{1, 2, 3, 4, 8, 0}
	for _, bb := range boards {
		for _, a := range Algorithms() {
			t.Run(a.Name+"/"+bb.name, func(t *testing.T) {
				t.Parallel()
				var ref Result
				for i, j := range jobs {
					r, err := Solve(context.Background(), bb.b, a.Name, Options{MaxNodes: 3000 / raceScale, Seed: 7, Workers: j})
					if err != nil {
						t.Fatal(err)
					}
					checkReplay(t, bb.b, r)
					if i == 0 {
						ref = r
						continue
					}
					if d := lineDiff(ref, r); d != "" {
						t.Fatalf("-j %d differs from -j %d: %s", j, jobs[0], d)
					}
				}
			})
		}
	}
}

// lineDiff describes how two results differ in their line, "" if not.
func lineDiff(a, b Result) string {
	if a.Score != b.Score || a.BeadsLeft != b.BeadsLeft || len(a.Moves) != len(b.Moves) || a.Optimal != b.Optimal {
		return fmt.Sprintf("score %d, %d left, %d moves, optimal %v against score %d, %d left, %d moves, optimal %v",
			a.Score, a.BeadsLeft, len(a.Moves), a.Optimal, b.Score, b.BeadsLeft, len(b.Moves), b.Optimal)
	}
	for i := range a.Moves {
		if a.Moves[i] != b.Moves[i] {
			return fmt.Sprintf("move %d: %v against %v", i+1, a.Moves[i], b.Moves[i])
		}
	}
	return ""
}

// TestExpExactIsExp: the exponential NRPA's weights use (one that rounds
// the same on every machine) agrees with math.Exp to within 2 ulp over
// the range the weights take and beyond, and at the edges.
func TestExpExactIsExp(t *testing.T) {
	for i := -200000; i <= 200000; i++ {
		x := float64(i) * 0.00353
		want, got := math.Exp(x), expExact(x)
		if d := math.Abs(got-want) / want; d > 4.5e-16 {
			t.Fatalf("expExact(%v) = %v, math.Exp %v (relative error %.2g)", x, got, want, d)
		}
	}
	for _, x := range []float64{0, 1e-20, -1e-20, 709.7, -745, 800, -800, math.Inf(1), math.Inf(-1)} {
		if got, want := expExact(x), math.Exp(x); got != want && math.Abs(got-want)/want > 4.5e-16 {
			t.Errorf("expExact(%v) = %v, math.Exp %v", x, got, want)
		}
	}
	if !math.IsNaN(expExact(math.NaN())) {
		t.Error("expExact(NaN) is not NaN")
	}
}
