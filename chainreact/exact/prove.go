package exact

import (
	"context"
	"fmt"

	"chainshot/chainreact"
)

// proveTableMB is the table of Prove's solver, the size of the perfect
// player's oracle's.
const proveTableMB = 16

// Proofs are the exact solver's verdicts on a two-player position and on
// the position after each of its moves, as far as a node limit allows.
type Proofs struct {
	// Position is the verdict on the position itself.
	Position SolveResult
	// Moves[i] is the verdict on the position after moves[i].
	Moves []SolveResult
}

// Prove solves b and the position after each of moves with one solver,
// each solve within nodes positions (0: no limit), the later ones reusing
// what the earlier proved. b must have two players. When ctx ends, the
// solve under way stops with what it proved (as Solver.Solve does) and
// Prove returns an error that wraps ctx's cause.
func Prove(ctx context.Context, b *chainreact.Board, moves []chainreact.Move, nodes uint64) (Proofs, error) {
	s := NewSolver(SolveOptions{MaxNodes: nodes, TableMB: proveTableMB})
	var p Proofs
	for _, m := range moves {
		c := *b
		c.Play(m)
		r, err := s.Solve(ctx, &c)
		if err != nil {
			return Proofs{}, err
		}
		p.Moves = append(p.Moves, r)
	}
	r, err := s.Solve(ctx, b)
	if err == nil && ctx.Err() != nil {
		err = fmt.Errorf("chainreact: prove: %w", context.Cause(ctx))
	}
	p.Position = r
	return p, err
}
