package exact

import (
	"context"
	"errors"
	"testing"
	"time"

	"chainshot/chainreact"
)

// bigPosition is a 16x16 board of two players after four moves.
func bigPosition(t *testing.T) *chainreact.Board {
	t.Helper()
	b, err := chainreact.NewBoard(16, 16, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, rc := range [][2]int{{8, 8}, {9, 9}, {1, 1}, {16, 16}} {
		m, _ := b.MoveAt(rc[0], rc[1])
		b.Play(m)
	}
	return &b
}

// TestSolverStopsWithItsContext: the exact solver looks at its context
// every position, so even on 16x16, where one position's children take
// milliseconds, it stops soon after the context ends.
func TestSolverStopsWithItsContext(t *testing.T) {
	b := bigPosition(t)
	s := NewSolver(SolveOptions{TableMB: 16})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	res, err := s.Solve(ctx, b)
	took := time.Since(t0)
	if err != nil || res.Exact {
		t.Fatalf("16x16 solved in %v? %+v %v", took, res, err)
	}
	t.Logf("stopped after %v, %d positions", took.Round(time.Millisecond), res.Nodes)
	if took > 500*time.Millisecond {
		t.Fatalf("the solve went on %v after a 50ms context", took)
	}
}

// TestProveStopsWithItsContext: Prove with a context that has ended
// stops at once and says why.
func TestProveStopsWithItsContext(t *testing.T) {
	b := bigPosition(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	t0 := time.Now()
	_, err := Prove(ctx, b, b.AppendMoves(nil)[:3], 0)
	if took := time.Since(t0); !errors.Is(err, context.Canceled) || took > time.Second {
		t.Fatalf("a cancelled Prove: %v after %v, want context.Canceled at once", err, took)
	}
}
