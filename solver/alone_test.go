package solver

import (
	"context"
	"testing"

	"chainshot/board"
)

// aloneBoards are the boards TestEachAlgorithmAlone solves.
func aloneBoards(t *testing.T) []board.Board {
	return []board.Board{
		randomBoard(t, 10, 10, 4, 201),
		randomBoard(t, 12, 12, 4, 202),
		randomBoard(t, 15, 15, 5, 203),
		randomBoard(t, 15, 15, 3, 204),
	}
}

// literature is the literature's score of a result: its score, plus 1000
// when it clears the board.
func literature(r Result) int {
	if r.BeadsLeft == 0 {
		return r.Score + 1000
	}
	return r.Score
}

// TestEachAlgorithmAlone runs each algorithm by itself, without the
// greedy line every search otherwise starts from, under a node budget
// (deterministic), on four boards, and requires its total (literature
// score, every line replayed) to beat greedy's by most of the margin it
// had when measured. Greedy totals 2,850 on these boards; measured with
// two workers (when this test was written): auto 16,784, nrpa 16,786,
// pilot 14,439, nmcs 14,588, beam 11,586, dfs 5,554; each minimum is
// greedy's total plus three quarters of that margin. So a search that returns
// at once, returns its first playout or line, or stops adapting fails
// here even though Solve would still return greedy's line.
func TestEachAlgorithmAlone(t *testing.T) {
	if raceScale > 1 {
		t.Skip("strength is checked without the race detector (it slows the searches tenfold)")
	}
	want := []struct {
		algo  string
		nodes int64
		min   int // greedy's total and three quarters of the measured margin
	}{
		{"auto", 3000, 13300},
		{"nrpa", 3000, 13300},
		{"pilot", 3000, 11500},
		{"nmcs", 3000, 11600},
		{"beam", 20000, 9400},
		{"dfs", 100000, 4850},
		{"greedy", 1, 2850},
	}
	boards := aloneBoards(t)
	for _, w := range want {
		t.Run(w.algo, func(t *testing.T) {
			total := 0
			for i, b := range boards {
				r, err := solve(context.Background(), b, w.algo, Options{MaxNodes: w.nodes, Seed: 1, Workers: 2}, setup{alone: true})
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Moves) == 0 {
					t.Fatalf("board %d: no line", i)
				}
				checkReplay(t, b, r)
				total += literature(r)
			}
			if total < w.min {
				t.Errorf("%s alone totals %d on the four boards, want at least %d (greedy: 2,850)", w.algo, total, w.min)
			}
			t.Logf("%s alone: %d", w.algo, total)
		})
	}
}
