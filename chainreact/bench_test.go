package chainreact

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomGame plays random two-player 9x6 games; games/s is
// 1e9 / ns/op.
func BenchmarkRandomGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	buf := make([]Move, 0, MaxCells)
	plies := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		bd, _ := NewBoard(9, 6, 2)
		for !bd.Over() {
			buf = bd.AppendMoves(buf[:0])
			bd.Play(buf[rng.IntN(len(buf))])
		}
		plies += bd.Ply()
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// benchPositions are mid-game 9x6 positions from random games.
func benchPositions() []Board {
	rng := rand.New(rand.NewPCG(11, 12))
	var out []Board
	var buf []Move
	for len(out) < 64 {
		bd, _ := NewBoard(9, 6, 2)
		for !bd.Over() && bd.Ply() < 20+len(out)%40 {
			buf = bd.AppendMoves(buf[:0])
			bd.Play(buf[rng.IntN(len(buf))])
		}
		if !bd.Over() {
			out = append(out, bd)
		}
	}
	return out
}

// BenchmarkEval evaluates mid-game 9x6 positions with each evaluation.
func BenchmarkEval(b *testing.B) {
	pos := benchPositions()
	for _, e := range Evals() {
		b.Run(e.String(), func(b *testing.B) {
			s := 0
			for i := 0; i < b.N; i++ {
				s += e.Score(&pos[i%len(pos)], 0)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
		})
	}
	// as the best player sees them: boards that keep bit masks
	masked := make([]Board, len(pos))
	for i := range pos {
		masked[i] = pos[i]
		masked[i].trackMasks()
	}
	for _, e := range []Eval{EvalStatic, EvalTuned} {
		b.Run(e.String()+"-masks", func(b *testing.B) {
			s := 0
			for i := 0; i < b.N; i++ {
				s += e.Score(&masked[i%len(masked)], 0)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
		})
	}
}

// BenchmarkSearch runs players on mid-game 9x6 positions and reports the
// positions they search per second.
func BenchmarkSearch(b *testing.B) {
	pos := benchPositions()
	for _, spec := range []string{"alphabeta:depth=3,eval=orbs", "alphabeta:depth=3,eval=brilliant", "seed001", "seed002", "best"} {
		b.Run(spec, func(b *testing.B) {
			p, err := NewPlayer(spec, 1)
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < b.N; i++ {
				p.Choose(&pos[i%len(pos)], nil)
			}
			b.ReportMetric(float64(p.(NodeCounter).Nodes())/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkSolve solves empty boards exactly, each run with a new solver
// (a 64 MB table at most); the targets are every 2xN to 2x6 and
// 3x3, 3x4 in seconds on one core. Larger boards: chainshot react solve
// (BENCHMARKS.md).
func BenchmarkSolve(b *testing.B) {
	for _, sz := range [][2]int{{2, 4}, {2, 5}, {2, 6}, {3, 3}, {3, 4}} {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			var nodes uint64
			for i := 0; i < b.N; i++ {
				bd, _ := NewBoard(sz[0], sz[1], 2)
				res, err := NewSolver(SolveOptions{}).Solve(context.Background(), &bd)
				if err != nil || !res.Exact {
					b.Fatalf("%+v %v", res, err)
				}
				nodes += res.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "positions/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
