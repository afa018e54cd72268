package ai

import (
	"context"
	"slices"
	"testing"
)

// TestAnalyzeContext: an analysis whose context never ends values every
// move as Analyze does at that depth (searched depth by depth); one
// whose context has ended returns depth 1, searched in full, marked
// stopped.
func TestAnalyzeContext(t *testing.T) {
	p := mustParse(t, "players: R B\nnext: R\n1R 2R 1B . .\n2B 3B 2R 1B .\n1R 2B 3R 2B 1B\n. 1B 2B 3R 1R\n1B 1R . 1B .\n")
	b := &p.Board
	searches := func(a Analysis) []int {
		var v []int
		for _, m := range a.Moves {
			v = append(v, m.Search)
		}
		return v
	}
	for depth := 1; depth <= 4; depth++ {
		want := Analyze(b, depth, EvalBrilliant)
		ctx, cancel := context.WithCancel(context.Background())
		got := AnalyzeContext(ctx, b, depth, EvalBrilliant)
		cancel()
		if got.Stopped || got.Depth != depth || got.Best != want.Best || got.Value != want.Value || !slices.Equal(searches(got), searches(want)) {
			t.Errorf("depth %d: depth %d stopped %v best %v value %d %v, want best %v value %d %v", depth, got.Depth, got.Stopped,
				got.Best, got.Value, searches(got), want.Best, want.Value, searches(want))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, want := AnalyzeContext(ctx, b, 4, EvalBrilliant), Analyze(b, 1, EvalBrilliant)
	if !got.Stopped || got.Depth != 1 || len(got.Moves) != len(b.AppendMoves(nil)) || !slices.Equal(searches(got), searches(want)) {
		t.Errorf("stopped at once: depth %d stopped %v, %d moves %v; want depth 1 in full %v", got.Depth, got.Stopped, len(got.Moves), searches(got), searches(want))
	}
}
