package solver_test

import (
	"context"
	"fmt"

	"chainshot/board"
	"chainshot/solver"
)

func ExampleSolve() {
	p, err := board.Parse([]byte("RRB\nBBB\nRRB\n"), "tiny.txt", board.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := solver.Solve(context.Background(), p.Board, "dfs", solver.Options{MaxNodes: 10000})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("beads left:", r.BeadsLeft, "score:", r.Score, "optimal:", r.Optimal)
	for _, m := range r.Moves {
		fmt.Println(m) // "row col", 1-based, row 1 at the bottom
	}
	// Output:
	// beads left: 0 score: 13 optimal: true
	// 2 1
	// 1 1
}

// A node budget makes a search deterministic: the same seed and budget
// give the same line on every machine, whatever its speed or load.
func ExampleSolve_nodeBudget() {
	p, err := board.Parse([]byte(`
RGBRGB
GBRGBR
RRGGBB
BBRRGG
GRBGRB
RGBBGR
`), "six.txt", board.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	opt := solver.Options{MaxNodes: 2000, Seed: 1, Workers: 1}
	r, err := solver.Solve(context.Background(), p.Board, "nrpa", opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Every line replays to exactly the figures reported.
	end, score, err := board.Replay(p.Board, r.Moves)
	fmt.Println("moves:", len(r.Moves), "score:", r.Score, "beads left:", r.BeadsLeft)
	fmt.Println("replayed:", score == r.Score && end.Beads() == r.BeadsLeft, err)
	// Output:
	// moves: 10 score: 72 beads left: 0
	// replayed: true <nil>
}

// Params changes the search's tuning values for one solve, here NRPA's
// level; other solves keep the defaults.
func ExampleDefaultParams() {
	prm := solver.DefaultParams()
	prm.Level = 2
	b, _ := board.New([][]board.Color{
		{board.Red, board.Red, board.Blue},
		{board.Blue, board.Blue, board.Blue},
		{board.Red, board.Red, board.Blue},
	})
	r, _ := solver.Solve(context.Background(), b, "nrpa", solver.Options{MaxNodes: 100, Seed: 1, Params: &prm})
	fmt.Println("default level:", solver.DefaultParams().Level, "score:", r.Score, "beads left:", r.BeadsLeft)
	// Output:
	// default level: 4 score: 13 beads left: 0
}
