package ai

import (
	"math/rand/v2"
	"testing"

	"chainshot/chainreact"
)

// benchPositions are mid-game 9x6 positions from random games.
func benchPositions() []chainreact.Board {
	rng := rand.New(rand.NewPCG(11, 12))
	var out []chainreact.Board
	var buf []chainreact.Move
	for len(out) < 64 {
		bd, _ := chainreact.NewBoard(9, 6, 2)
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
	masked := make([]chainreact.Board, len(pos))
	for i := range pos {
		masked[i] = pos[i]
		masked[i].TrackMasks()
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
