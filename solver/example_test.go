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
