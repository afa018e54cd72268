package main

import (
	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/words"
	"chainshot/results"
)

// printSolution replays a solution board by board (as the handout asks),
// then prints the moves, score, beads left and CPU time.
func printSolution(s *streams, set datasets.Set, rec results.Record, moves []board.Move, boards bool) {
	b := set.Board
	printf(s.Out, "%s: %dx%d, %s, %s\n", set.Name, b.Rows(), b.Cols(), words.Plural(b.Colors(), "colour"), boardSummary(&b))
	if boards {
		renderBoard(s.Out, &b, s.Color, nil)
	}
	total := 0
	for i, m := range moves {
		color := b.At(int(m.Row), int(m.Col))
		n := b.Remove(m)
		total += board.Score(n)
		if boards {
			printf(s.Out, "\nMove %d: %s removes %d %s beads: +%d, total %d\n", i+1, m, n, color.Name(), board.Score(n), total)
			renderBoard(s.Out, &b, s.Color, nil)
		}
	}
	printf(s.Out, "\nMoves (%d):", len(moves))
	for i, m := range moves {
		if i%10 == 0 {
			printf(s.Out, "\n ")
		}
		printf(s.Out, " %s", m)
		if i < len(moves)-1 {
			printf(s.Out, ",")
		}
	}
	printf(s.Out, "\n")
	opt := ""
	if rec.Optimal {
		opt = " (proved optimal)"
	}
	printf(s.Out, "Score: %d   Beads left: %d%s   CPU time: %.2f s   Algorithm: %s\n", rec.Score, rec.BeadsLeft, opt, rec.CPU, rec.Algorithm)
}
