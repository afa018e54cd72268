package solver

import (
	"context"
	"testing"

	"chainshot/board"
)

// bruteForce returns the best (beads left, score) from b by trying every
// line, remembering positions already solved.
func bruteForce(b board.Board, memo map[string][2]int) (beads, score int) {
	key := b.Format()
	if v, ok := memo[key]; ok {
		return v[0], v[1]
	}
	moves := b.AppendMoves(nil)
	beads, score = b.Beads(), 0
	for _, m := range moves {
		c := b
		n := c.Remove(m)
		cb, cs := bruteForce(c, memo)
		cs += board.Score(n)
		if cb < beads || (cb == beads && cs > score) {
			beads, score = cb, cs
		}
	}
	memo[key] = [2]int{beads, score}
	return beads, score
}

func TestDFSMatchesBruteForce(t *testing.T) {
	sizes := []struct{ rows, cols, colors int }{
		{4, 4, 3}, {5, 5, 3}, {4, 5, 2}, {3, 6, 4}, {5, 4, 3},
	}
	for i := 0; i < 40/raceScale; i++ {
		sz := sizes[i%len(sizes)]
		b := randomBoard(t, sz.rows, sz.cols, sz.colors, uint64(100+i))
		wantB, wantS := bruteForce(b, map[string][2]int{})
		r, err := Solve(context.Background(), b, "dfs", Options{Seed: 1, MaxNodes: 1 << 30})
		if err != nil {
			t.Fatal(err)
		}
		checkReplay(t, b, r)
		if !r.Optimal {
			t.Fatalf("board %d: dfs did not finish", i)
		}
		if r.BeadsLeft != wantB || r.Score != wantS {
			t.Fatalf("board %d (%dx%d, %d colours): dfs %d beads %d points, brute force %d beads %d points",
				i, sz.rows, sz.cols, sz.colors, r.BeadsLeft, r.Score, wantB, wantS)
		}
		// Every other algorithm may match the optimum but never beat it.
		for _, a := range Algorithms() {
			r2, _ := Solve(context.Background(), b, a.Name, Options{Seed: 1, MaxNodes: 2000 / raceScale})
			checkReplay(t, b, r2)
			if better(r2.BeadsLeft, r2.Score, wantB, wantS) {
				t.Fatalf("board %d: %s beats the optimum: %d beads %d points", i, a.Name, r2.BeadsLeft, r2.Score)
			}
			if r2.Optimal && (r2.BeadsLeft != wantB || r2.Score != wantS) {
				t.Fatalf("board %d: %s claims optimal for a non-optimal line", i, a.Name)
			}
		}
	}
}

func TestDFSProvesTinyBoard(t *testing.T) {
	// R R B      rows top first; the only sensible line clears it.
	// B B R
	// R R B
	grid := [][]board.Color{
		{board.Red, board.Red, board.Blue},
		{board.Blue, board.Blue, board.Blue},
		{board.Red, board.Red, board.Blue},
	}
	b, err := board.New(grid)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := Solve(context.Background(), b, "dfs", Options{MaxNodes: 1000})
	checkReplay(t, b, r)
	// Remove the five blues (9 points), then the four reds fall together (4).
	if !r.Optimal || r.BeadsLeft != 0 || r.Score != 13 {
		t.Fatalf("got %d beads %d points optimal=%v, want 0 beads 13 points, optimal", r.BeadsLeft, r.Score, r.Optimal)
	}
}
