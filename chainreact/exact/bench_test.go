package exact

import (
	"context"
	"fmt"
	"testing"

	"chainshot/chainreact"
)

// BenchmarkSolve solves empty boards exactly, each run with a new solver
// (a 64 MB table at most); the targets are every 2xN to 2x6 and
// 3x3, 3x4 in seconds on one core. Larger boards: chainshot react solve
// (BENCHMARKS.md).
func BenchmarkSolve(b *testing.B) {
	for _, sz := range [][2]int{{2, 4}, {2, 5}, {2, 6}, {3, 3}, {3, 4}} {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			var nodes uint64
			for i := 0; i < b.N; i++ {
				bd, _ := chainreact.NewBoard(sz[0], sz[1], 2)
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
