package solver

import (
	"context"
	"slices"
	"testing"

	"chainshot/board"
)

// TestBeamRetryOnlyAdds: when the widening reaches the widest beam the
// memory cap allows (some thousands on a 1 MB cap) with node budget
// left, the runs again with Params.BeamRetryIsolated find a line at least
// as good as the widening alone, under every rank, on every board of a
// sweep of fresh ones (sizes and colour counts), and a better one on
// some: the retries run, and the best line is kept.
func TestBeamRetryOnlyAdds(t *testing.T) {
	if raceScale > 1 {
		t.Skip("search logic, no concurrency of its own: run without -race")
	}
	for _, rank := range Ranks() {
		testBeamRetryOnlyAdds(t, rank)
	}
}

func testBeamRetryOnlyAdds(t *testing.T, rank Rank) {
	better := 0
	for seed := uint64(1); seed <= 6; seed++ {
		b := randomBoard(t, 9+int(seed%3), 9+int(seed%3), 3+int(seed%3), 500+seed)
		run := func(retry []int64) Result {
			prm := DefaultParams()
			prm.BeamRetryIsolated = retry
			r, err := Solve(context.Background(), b, "beam", Options{Seed: 1, MaxNodes: 60000, MemoryMB: 1, Params: &prm, Rank: rank})
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
	t.Logf("rank %v: the retries improved %d boards of 6", rank, better)
}

// TestBeamPackRoundTrip: a position packed for the beam and unpacked is
// the position (every mask, height, count, the width and beads), for every
// position along lines on fresh boards of every size and colour count,
// unpacked over a pos that held another position before; packedBeads
// counts its beads.
func TestBeamPackRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		rows, cols := 1+int(seed*7%20), 1+int(seed*5%32)
		b := randomBoard(t, rows, cols, 1+int(seed%5), 900+seed)
		s := newSearch(context.Background(), b, Options{Seed: 1, MaxNodes: 1}, nil)
		bs := newBeamSearch(s, 1)
		buf := make([]uint32, bs.slot)
		p := s.root
		var g groups
		got := s.root // holds the root, then each position unpacked before
		for step := 0; ; step++ {
			bs.pack(buf, &p)
			bs.unpack(buf, &got)
			if got != p {
				t.Fatalf("board %d (%dx%d), step %d: unpacked position differs", seed, rows, cols, step)
			}
			if n := bs.packedBeads(buf); n != int(p.beads) {
				t.Fatalf("board %d, step %d: packedBeads %d, want %d", seed, step, n, p.beads)
			}
			g.analyse(&p)
			if g.nmoves == 0 {
				break
			}
			p.remove(&g, int(seed)%g.nmoves)
		}
	}
}

// TestBeamTrimChangesNothing: workers trimming their candidates to the
// width as they expand (to bound the memory) find the same line, move for
// move, as never trimming, whenever they trim (at 1, 2 or 3 times the
// width) and with one or two workers, on fresh boards at several widths,
// under every evaluation (potential, colour counts, pilot rollouts).
func TestBeamTrimChangesNothing(t *testing.T) {
	kinds := []struct {
		name string
		make func(s *search, nw int) *beamSearch
	}{
		{"potential", newEvalBeam},
		{"counts", func(s *search, nw int) *beamSearch { return newBeamSearch(s, nw) }},
		{"pilot", func(s *search, nw int) *beamSearch {
			bs := newBeamSearch(s, nw)
			bs.pilot = true
			return bs
		}},
	}
	for seed := uint64(1); seed <= 6/raceScale+1; seed++ {
		b := randomBoard(t, 7+int(seed%4), 7+int(seed%3), 3+int(seed%3), 700+seed)
		for _, kind := range kinds {
			for _, width := range []int{8, 100} {
				var want []board.Move
				for i, trimAt := range []int{0, 1, 2, 3} {
					for _, nw := range []int{1, 2} {
						s := newSearch(context.Background(), b, Options{Seed: 1, MaxNodes: 1 << 40, Workers: nw}, nil)
						bs := kind.make(s, nw)
						bs.trimAt = trimAt
						bs.run(width)
						if i == 0 && nw == 1 {
							want = s.best
							continue
						}
						if !slices.Equal(s.best, want) {
							t.Fatalf("board %d, %s, width %d: trimming at %d times the width, %d workers: %v, never trimming: %v",
								seed, kind.name, width, trimAt, nw, s.best, want)
						}
					}
				}
			}
		}
	}
}
