package solver

import (
	"context"
	"fmt"
	"testing"

	"chainshot/board"
)

// TestLargestColor checks largestColor against the board package's own
// groups: on fresh boards of every colour count, along greedy and random
// lines, it names the colour of the first largest group the line removes.
func TestLargestColor(t *testing.T) {
	for colors := 1; colors <= 5; colors++ {
		for seed := uint64(1); seed <= 6; seed++ {
			b := randomBoard(t, 6+int(seed), 12-int(seed), colors, 100*seed+uint64(colors))
			for _, kind := range []string{"greedy", "random"} {
				var line []board.Move
				if kind == "greedy" {
					r, err := Solve(context.Background(), b, "greedy", Options{MaxNodes: 1, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					line = r.Moves
				} else {
					line = randomLine(b, seed)
				}
				root := fromBoard(&b)
				want := root.mostFrequent()
				most, cur := 0, b
				for _, m := range line {
					if n := cur.GroupSize(m); n > most {
						most, want = n, uint8(cur.At(int(m.Row), int(m.Col)))
					}
					cur.Remove(m)
				}
				if got := largestColor(fromBoard(&b), line); got != want {
					t.Errorf("%d colours, seed %d, %s line of %d moves: largestColor %d, want %d (largest group %d)",
						colors, seed, kind, len(line), got, want, most)
				}
			}
		}
	}
}

// randomLine plays uniformly random moves on b to the end.
func randomLine(b board.Board, seed uint64) []board.Move {
	var line, moves []board.Move
	x := seed*0x9E3779B97F4A7C15 + 1
	for {
		moves = b.AppendMoves(moves[:0])
		if len(moves) == 0 {
			return line
		}
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		m := moves[x%uint64(len(moves))]
		b.Remove(m)
		line = append(line, m)
	}
}

// TestBeamFirstKeepsTheBeamsLine runs auto with the beam first (a share f
// of a node budget N) on large boards of two to five colours, and the
// beam alone with f*N nodes: the portfolio's line must replay and be at
// least as good as the beam's, since NRPA starts from it and the best line
// is never given up. On a board with more colours than BeamColors the
// beam must not run at all (the result's algorithm names it otherwise).
func TestBeamFirstKeepsTheBeamsLine(t *testing.T) {
	const nodes = 40000
	for colors := 2; colors <= 5; colors++ {
		for _, size := range []int{11, 15} {
			b := randomBoard(t, size, size, colors, uint64(31*colors+size))
			t.Run(fmt.Sprintf("%dx%d-%dc", size, size, colors), func(t *testing.T) {
				prm := DefaultParams()
				prm.BeamFirst, prm.BeamColors, prm.BeamTabu = 0.25, 4, true
				auto, err := solveWithin(t, b, "auto", Options{MaxNodes: nodes, Seed: 3, Workers: 2, Params: &prm})
				if err != nil {
					t.Fatal(err)
				}
				checkReplay(t, b, auto)
				beam, err := solveWithin(t, b, "beam", Options{MaxNodes: nodes / 4, Seed: 3, Workers: 2, Params: &prm})
				if err != nil {
					t.Fatal(err)
				}
				checkReplay(t, b, beam)
				if colors <= prm.BeamColors {
					if board.Better(beam.BeadsLeft, beam.Score, auto.BeadsLeft, auto.Score) {
						t.Errorf("auto with the beam first: %d beads, score %d; the beam alone on its share: %d beads, score %d",
							auto.BeadsLeft, auto.Score, beam.BeadsLeft, beam.Score)
					}
				} else if auto.Algorithm == "auto/beam" {
					t.Errorf("%d colours, BeamColors %d: the beam ran", colors, prm.BeamColors)
				}
			})
		}
	}
}
