package solver

import (
	"context"
	"testing"

	"chainshot/board"
)

// TestStabilizedLevelOne runs one level-1 NRPA search with and without
// stabilization: a level-1 iteration plays nrpaStab playouts, and the
// best line kept replays to the beads and score it claims.
func TestStabilizedLevelOne(t *testing.T) {
	defer func(stab, iters int) { nrpaStab, nrpaIters = stab, iters }(nrpaStab, nrpaIters)
	b := randomBoard(t, 10, 10, 4, 41)
	for _, stab := range []int{1, 2, 5} {
		nrpaStab, nrpaIters = stab, 7
		s := newSearch(context.Background(), b, Options{Seed: 1, MemoryMB: 64}, nil)
		n := newNRPA(s, 0, 1, s.newBudget(1))
		if !n.level(1) {
			t.Fatalf("stab %d: level 1 ran out of budget", stab)
		}
		if n.bd.nodes != int64(7*stab) {
			t.Fatalf("stab %d: %d playouts, want %d", stab, n.bd.nodes, 7*stab)
		}
		best := &n.best[1]
		end, score, err := board.Replay(b, best.moves(nil))
		if err != nil || score != best.score || end.Beads() != best.beads || !end.IsOver() {
			t.Fatalf("stab %d: best line replays to %d beads, %d points (%v), claims %d, %d",
				stab, end.Beads(), score, err, best.beads, best.score)
		}
	}
}
