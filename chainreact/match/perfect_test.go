package match

import (
	"context"
	"math/rand/v2"
	"testing"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/chainreact/exact"
)

// TestPerfectPlayer plays the perfect player against itself from the
// empty board: the game must end as the solver says, same winner, same
// last ply; and against best and random it must win every game in the
// winner's seat.
func TestPerfectPlayer(t *testing.T) {
	for _, sz := range [][2]int{{2, 3}, {2, 4}, {3, 3}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		want, err := exact.NewSolver(exact.SolveOptions{}).Solve(context.Background(), &b)
		if err != nil {
			t.Fatal(err)
		}
		// nodes=1 leaves best's own search nearly blind: the oracle must
		// do the work
		const perfect = "perfect:nodes=1"
		for _, rival := range []string{perfect, "best:nodes=2000", "random"} {
			r, err := RunMatch(context.Background(), MatchConfig{Specs: [2]string{perfect, rival}, Games: 4, Rows: sz[0], Cols: sz[1], Seed: 3, Jobs: 1})
			if err != nil {
				t.Fatal(err)
			}
			for i, g := range r.Records {
				winnerSeat := g.Winner ^ g.First // 0: the first mover won
				perfectSeat := g.First           // the seat the perfect player had
				if perfectSeat == want.Winner && winnerSeat != want.Winner {
					t.Fatalf("%dx%d vs %s, game %d: perfect lost in the winning seat", sz[0], sz[1], rival, i)
				}
				if rival == perfect && (winnerSeat != want.Winner || len(g.Moves) != want.Plies) {
					t.Fatalf("%dx%d perfect self-play, game %d: seat %d won on ply %d, the solver says seat %d on ply %d",
						sz[0], sz[1], i, winnerSeat, len(g.Moves), want.Winner, want.Plies)
				}
			}
		}
	}
	// every move of the perfect player keeps the position's value
	rng := rand.New(rand.NewPCG(8, 9))
	p, _ := ai.NewPlayer("perfect:nodes=1", 1)
	s := exact.NewSolver(exact.SolveOptions{TableMB: 4})
	var buf []chainreact.Move
	for game := 0; game < 6; game++ {
		b, _ := chainreact.NewBoard(3, 4, 2)
		for !b.Over() && b.Ply() < 10 {
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
		for !b.Over() {
			want, _ := s.Solve(context.Background(), &b)
			m := p.Choose(&b, nil)
			c := b
			c.Play(m)
			got, _ := s.Solve(context.Background(), &c)
			if got.Winner != want.Winner || got.Plies != want.Plies {
				t.Fatalf("3x4 ply %d: perfect plays %s, after which %d wins on ply %d; the position is won by %d on ply %d",
					b.Ply(), b.FormatMove(m), got.Winner, got.Plies, want.Winner, want.Plies)
			}
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
	}
	if _, err := ai.NewPlayer("best:oracle=-1", 1); err == nil {
		t.Fatal("best:oracle=-1 accepted")
	}
}
