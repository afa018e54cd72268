package solver

import (
	"context"
	"testing"
)

// TestBeamRetryOnlyAdds: when the widening reaches the widest beam the
// memory cap allows (a few hundred on a 1 MB cap) with node budget
// left, the runs again with Params.BeamRetryIsolated find a line at least
// as good as the widening alone, under every rank, on every board of a
// sweep of fresh ones (sizes and colour counts), and a better one on
// some: the retries run, and the best line is kept.
func TestBeamRetryOnlyAdds(t *testing.T) {
	for _, rank := range Ranks() {
		testBeamRetryOnlyAdds(t, rank)
	}
}

func testBeamRetryOnlyAdds(t *testing.T, rank Rank) {
	better := 0
	for seed := uint64(1); seed <= 16; seed++ {
		b := randomBoard(t, 5+int(seed%3), 5+int(seed%3), 3+int(seed%3), 500+seed)
		run := func(retry []int64) Result {
			prm := DefaultParams()
			prm.BeamRetryIsolated = retry
			r, err := Solve(context.Background(), b, "beam", Options{Seed: 1, MaxNodes: 20000, MemoryMB: 1, Params: &prm, Rank: rank})
			if err != nil {
				t.Fatal(err)
			}
			checkReplay(t, b, r)
			return r
		}
		alone, with := run(nil), run([]int64{0, 40})
		if rank.Better(alone.BeadsLeft, alone.Score, with.BeadsLeft, with.Score) {
			t.Fatalf("rank %v, board %d: with retries %d beads %d points, without %d beads %d points", rank, seed, with.BeadsLeft, with.Score, alone.BeadsLeft, alone.Score)
		}
		if rank.Better(with.BeadsLeft, with.Score, alone.BeadsLeft, alone.Score) {
			better++
		}
	}
	if better == 0 {
		t.Fatalf("rank %v: the retries improved no board: do they run?", rank)
	}
	t.Logf("rank %v: the retries improved %d boards of 16", rank, better)
}
