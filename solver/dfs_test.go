package solver

import (
	"context"
	"testing"

	"chainshot/board"
)

// bruteForce returns the best (beads left, score) from b by trying every
// line, remembering positions already solved, ranking lines by above.
// Under either rank the best line's tail from any position is the best
// from there (the rank is by the end's beads and the score's sum), so
// solving positions separately is exact.
func bruteForce(b board.Board, memo map[string][2]int, above func(b1, s1, b2, s2 int) bool) (beads, score int) {
	key := b.Format()
	if v, ok := memo[key]; ok {
		return v[0], v[1]
	}
	moves := b.AppendMoves(nil)
	beads, score = b.Beads(), 0
	for _, m := range moves {
		c := b
		n := c.Remove(m)
		cb, cs := bruteForce(c, memo, above)
		cs += board.Score(n)
		if above(cb, cs, beads, score) {
			beads, score = cb, cs
		}
	}
	memo[key] = [2]int{beads, score}
	return beads, score
}

func TestDFSMatchesBruteForce(t *testing.T) {
	sizes := []struct{ rows, cols, colors int }{
		{4, 4, 3}, {5, 5, 3}, {4, 5, 2}, {3, 6, 4}, {5, 4, 3}, {4, 6, 4},
	}
	disagree := 0
	for i := 0; i < 48/raceScale; i++ {
		// Every rank in turn, each on every size.
		rank := Ranks()[i/len(sizes)%len(Ranks())]
		above := rankAbove(t, rank)
		same := func(b1, s1, b2, s2 int) bool { return !above(b1, s1, b2, s2) && !above(b2, s2, b1, s1) }
		sz := sizes[i%len(sizes)]
		b := randomBoard(t, sz.rows, sz.cols, sz.colors, uint64(100+i))
		wantB, wantS := bruteForce(b, map[string][2]int{}, above)
		if ob, os := bruteForce(b, map[string][2]int{}, rankAbove(t, Ranks()[(i+1)%len(Ranks())])); ob != wantB || os != wantS {
			disagree++
		}
		r, err := Solve(context.Background(), b, "dfs", Options{Seed: 1, MaxNodes: 1 << 30, Rank: rank})
		if err != nil {
			t.Fatal(err)
		}
		checkReplay(t, b, r)
		if !r.Optimal {
			t.Fatalf("board %d: dfs did not finish", i)
		}
		if !same(r.BeadsLeft, r.Score, wantB, wantS) {
			t.Fatalf("board %d (%dx%d, %d colours), rank %v: dfs %d beads %d points, brute force %d beads %d points",
				i, sz.rows, sz.cols, sz.colors, rank, r.BeadsLeft, r.Score, wantB, wantS)
		}
		// Every other algorithm may match the optimum but never beat it.
		for _, a := range Algorithms() {
			r2, _ := Solve(context.Background(), b, a.Name, Options{Seed: 1, MaxNodes: 2000 / raceScale, Rank: rank})
			checkReplay(t, b, r2)
			if above(r2.BeadsLeft, r2.Score, wantB, wantS) {
				t.Fatalf("board %d, rank %v: %s beats the optimum: %d beads %d points", i, rank, a.Name, r2.BeadsLeft, r2.Score)
			}
			if r2.Optimal && !same(r2.BeadsLeft, r2.Score, wantB, wantS) {
				t.Fatalf("board %d: %s claims optimal for a non-optimal line", i, a.Name)
			}
		}
	}
	if disagree == 0 {
		t.Fatal("on no board do the ranks' optima differ: the test cannot tell them apart")
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
