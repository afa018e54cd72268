package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/input"
	"chainshot/results"
	"chainshot/solver"
)

// lineOf solves set with a small node budget and returns its line.
func lineOf(t *testing.T, set datasets.Set) results.Record {
	t.Helper()
	res, err := solver.Solve(t.Context(), set.Board, "greedy", solver.Options{MaxNodes: 1000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := results.Record{File: set.Name, Rows: set.Board.Rows(), Cols: set.Board.Cols(), Score: res.Score, BeadsLeft: res.BeadsLeft}
	for _, m := range res.Moves {
		rec.Moves = append(rec.Moves, [2]int{int(m.Row) + 1, int(m.Col) + 1})
	}
	return rec
}

// TestReplay: a line passes exactly when its moves give its figures;
// each kind of fault is named.
func TestReplay(t *testing.T) {
	sets, err := datasets.Load("sample1")
	if err != nil {
		t.Fatal(err)
	}
	rec := lineOf(t, sets[0])
	b := sets[0].Board
	if msg := Replay(rec, b); msg != "" {
		t.Fatalf("the solver's line fails: %s", msg)
	}
	tests := []struct {
		name   string
		change func(r *results.Record)
		want   string
	}{
		{"score off by one", func(r *results.Record) { r.Score++ }, "the score is"},
		{"beads off by one", func(r *results.Record) { r.BeadsLeft++ }, "beads left are"},
		{"a move off the board", func(r *results.Record) { r.Moves[0] = [2]int{9, 9} }, "move 1: 9 9 is off the 5x5 board"},
		{"an illegal move", func(r *results.Record) { r.Moves = results.Moves{lone(t, b)} }, "is illegal"},
		{"another size", func(r *results.Record) { r.Rows = 6 }, "the line says 6x5 but the data set is 5x5"},
		{"rows only", func(r *results.Record) { r.Rows, r.Cols = 6, 0 }, "the line says 6 rows"},
	}
	for _, tt := range tests {
		r := rec
		r.Moves = append(results.Moves(nil), rec.Moves...)
		tt.change(&r)
		if msg := Replay(r, b); !strings.Contains(msg, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, msg, tt.want)
		}
	}
}

// lone returns a cell of b whose bead has no neighbour of its colour.
func lone(t *testing.T, b board.Board) [2]int {
	for r := 1; r <= b.Rows(); r++ {
		for c := 1; c <= b.Cols(); c++ {
			if b.Check(board.MoveAt(r, c)) != nil {
				return [2]int{r, c}
			}
		}
	}
	t.Fatal("no lone bead")
	return [2]int{}
}

// TestBoardsAreBounded: lines naming more boards than MaxBoards keep at
// most MaxBoards in memory, and each is still found right.
func TestBoardsAreBounded(t *testing.T) {
	dir := t.TempDir()
	bs := NewBoards(input.Source{})
	for i := range MaxBoards + 50 {
		b, err := datasets.Generate(5, 5, 3, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("b%d.txt", i)
		os.WriteFile(filepath.Join(dir, name), []byte(b.Format()), 0o644)
		got, err := bs.Find(name, dir)
		if err != nil || got.Format() != b.Format() {
			t.Fatalf("%s: %v", name, err)
		}
		if bs.Len() > MaxBoards {
			t.Fatalf("%d boards kept, over %d", bs.Len(), MaxBoards)
		}
	}
	if _, err := bs.Find("none.txt", dir); err == nil {
		t.Error("a missing board found")
	}
}
