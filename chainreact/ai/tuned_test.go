package ai

import (
	"math/rand/v2"
	"testing"

	"chainshot/chainreact"
)

// captureByCells is capture worked out cell by cell: a flood fill through
// critical cells from each critical cell of mine, counting enemy cells in
// the block or next to it.
func captureByCells(b *chainreact.Board, me int) int {
	g := b.Geometry()
	best := 0
	for i := 0; i < g.Cells(); i++ {
		if o, _ := b.Cell(i); o != me || !b.Critical(i) {
			continue
		}
		in := map[int]bool{i: true}
		stack := []int{i}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for k := 0; k < g.CriticalMass(c); k++ {
				j := g.Neighbour(c, k)
				if o, _ := b.Cell(j); !in[j] && o >= 0 && b.Critical(j) {
					in[j] = true
					stack = append(stack, j)
				}
			}
		}
		reached := map[int]bool{}
		for c := range in {
			reached[c] = true
			for k := 0; k < g.CriticalMass(c); k++ {
				reached[g.Neighbour(c, k)] = true
			}
		}
		n := 0
		for c := range reached {
			if o, _ := b.Cell(c); o >= 0 && o != me {
				n++
			}
		}
		best = max(best, n)
	}
	return best
}

// TestTunedEval checks, on random two-player games of several sizes, the
// capture feature against a cell-by-cell flood fill, that the tuned
// evaluation of one player is minus the other's (every feature is a
// difference between the players, or signed by who is to move), and
// that boards without masks evaluate the same.
func TestTunedEval(t *testing.T) {
	sizes := []struct{ r, c int }{{2, 2}, {3, 5}, {9, 6}, {8, 8}, {7, 9}}
	rng := rand.New(rand.NewPCG(5, 6))
	checked, withCapture := 0, 0
	for _, s := range sizes {
		for game := 0; game < 20; game++ {
			b, _ := chainreact.NewBoard(s.r, s.c, 2)
			plain := b // the same game on a board without masks
			b.TrackMasks()
			var buf []chainreact.Move
			for !b.Over() {
				c0, c1 := captures(b.Geometry(), b.CriticalCells(), b.Held(0), b.Held(1))
				for p, got := range []int{c0, c1} {
					if want := captureByCells(&b, p); got != want {
						t.Fatalf("%dx%d ply %d player %d: capture %d, cell by cell %d\n%s", s.r, s.c, b.Ply(), p, got, want, debug(&b))
					}
					if got > 0 {
						withCapture++
					}
				}
				v0, v1 := EvalTuned.Score(&b, 0), EvalTuned.Score(&b, 1)
				if v0 != -v1 {
					t.Fatalf("%dx%d ply %d: tuned %d for player 0, %d for player 1\n%s", s.r, s.c, b.Ply(), v0, v1, debug(&b))
				}
				if v := EvalTuned.Score(&plain, 0); v != v0 || plain.MasksKept() {
					t.Fatalf("%dx%d ply %d: tuned %d without masks, %d with", s.r, s.c, b.Ply(), v, v0)
				}
				checked++
				buf = b.AppendMoves(buf[:0])
				m := buf[rng.IntN(len(buf))]
				b.Play(m)
				plain.Play(m)
			}
		}
	}
	if checked < 1000 || withCapture < 100 {
		t.Fatalf("only %d positions checked, %d with a capture", checked, withCapture)
	}
}

// TestTunedFallsBackToStatic checks that the tuned evaluation is the
// static one where it was not fitted: more than two players, or a board
// of more than 64 cells.
func TestTunedFallsBackToStatic(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, s := range []struct{ r, c, n int }{{6, 6, 3}, {9, 8, 2}, {12, 12, 2}} {
		b, _ := chainreact.NewBoard(s.r, s.c, s.n)
		b.TrackMasks()
		var buf []chainreact.Move
		for !b.Over() {
			for p := 0; p < s.n; p++ {
				if got, want := EvalTuned.Score(&b, p), EvalStatic.Score(&b, p); got != want {
					t.Fatalf("%dx%d, %d players, ply %d: tuned %d, static %d", s.r, s.c, s.n, b.Ply(), got, want)
				}
			}
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
	}
}
