package ai

import (
	"context"
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

// TestEveryPlayerCanBeStopped: every kind of player NewPlayer makes (but
// engine:, another program) is a ContextChooser, and stops soon after its
// context ends, with a legal move, even with a spec that would search for
// minutes.
func TestEveryPlayerCanBeStopped(t *testing.T) {
	heavy := map[string]string{ // options that make each kind slow on 16x16
		"minimax": ":depth=5", "seed001": "", "alphabeta": ":depth=9", "seed002": "",
		"mcts": ":playouts=10000000", "best": ":nodes=0,time=1h", "perfect": ":oracle=100000000,nodes=100000000",
	}
	b := bigPosition(t)
	for _, kind := range PlayerKindNames() {
		if kind == "engine" {
			continue
		}
		p, err := NewPlayer(kind+heavy[kind], 1)
		if err != nil {
			t.Fatal(err)
		}
		cp, ok := p.(ContextChooser)
		if !ok {
			t.Errorf("%s: not a ContextChooser: its search cannot be stopped", kind)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		t0 := time.Now()
		// a search that never looks at its context would run for its
		// whole spec (an hour): it is failed after 10 s and left behind
		chosen := make(chan chainreact.Move, 1)
		go func() { chosen <- cp.ChooseContext(ctx, b, nil) }()
		var m chainreact.Move
		select {
		case m = <-chosen:
		case <-time.After(10 * time.Second):
			cancel()
			t.Errorf("%s: still searching 10 s after its context ended at 100ms", p.Spec())
			continue
		}
		took := time.Since(t0)
		cancel()
		if !b.Legal(m) {
			t.Errorf("%s: stopped with the illegal move %v", kind, m)
		}
		t.Logf("%s: %v", p.Spec(), took.Round(time.Millisecond))
		if took > time.Second {
			t.Errorf("%s: took %v with a context ending after 100ms", p.Spec(), took)
		}
	}
}

// TestOracleUnderATimeLimitCanBeStopped: with a time limit, the exact
// solver a player asks first reads the move's clock, and the context the
// player was given too: on a board small enough for the oracle (5x5),
// with an hour to spend and a context that ends after 100ms, the move
// comes within a second.
func TestOracleUnderATimeLimitCanBeStopped(t *testing.T) {
	for _, spec := range []string{"best:time=1h,oracle=100000000", "best:wall=1h,oracle=100000000", "perfect:time=1h"} {
		p, err := NewPlayer(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := chainreact.NewBoard(5, 5, 2)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		t0 := time.Now()
		chosen := make(chan chainreact.Move, 1)
		go func() { chosen <- p.(ContextChooser).ChooseContext(ctx, &b, nil) }()
		select {
		case m := <-chosen:
			if took := time.Since(t0); took > time.Second || !b.Legal(m) {
				t.Errorf("%s: move %v after %v with a context ending after 100ms", spec, m, took)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%s: still searching 10 s after its context ended at 100ms", spec)
		}
		cancel()
	}
}
