package exact_test

import (
	"context"
	"fmt"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
)

// Solve the empty 3x3 board: who wins under perfect play, and on which
// ply the winner's last move falls.
func ExampleSolver_Solve() {
	b, _ := chainreact.NewBoard(3, 3, 2)
	res, err := exact.NewSolver(exact.SolveOptions{}).Solve(context.Background(), &b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("exact %v: player %d wins, last move on ply %d, a line of %d moves\n", res.Exact, res.Winner, res.Plies, len(res.PV))
	// Output:
	// exact true: player 0 wins, last move on ply 13, a line of 13 moves
}
