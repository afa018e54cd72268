package match

import (
	"context"
	"testing"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
)

var testSpecs = []string{"random", "greedy", "greedy:eval=weighted", "minimax:depth=2,eval=orbs", "seed001",
	"alphabeta:depth=2,eval=weighted", "alphabeta:depth=2,eval=chain", "alphabeta:depth=2,eval=safety",
	"alphabeta:depth=2,eval=critical", "alphabeta:depth=2,eval=control", "mcts:playouts=50", "best:nodes=300"}

// TestPlayersPlayLegalGames plays every player against random on small
// boards with two and three players; the match replays the moves.
func TestPlayersPlayLegalGames(t *testing.T) {
	for _, spec := range testSpecs {
		r, err := RunMatch(context.Background(), MatchConfig{Specs: [2]string{spec, "random"}, Games: 2, Rows: 4, Cols: 4, Seed: 3, Jobs: 1})
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		for _, g := range r.Records {
			b, _ := chainreact.NewBoard(4, 4, 2)
			for _, m := range g.Moves {
				if err := b.PlayChecked(m); err != nil {
					t.Fatalf("%s: replay: %v", spec, err)
				}
			}
			if !b.Over() || b.Winner() != g.First^g.Winner {
				t.Fatalf("%s: replay ends with winner %d, record says %d", spec, b.Winner(), g.First^g.Winner)
			}
		}
		// three players: the player must still choose legal moves
		p, _ := ai.NewPlayer(spec, 1)
		b, _ := chainreact.NewBoard(4, 4, 3)
		for !b.Over() {
			if err := b.PlayChecked(p.Choose(&b, nil)); err != nil {
				t.Fatalf("%s, three players: %v", spec, err)
			}
		}
	}
}

// TestMatchDeterministic checks a seeded match gives the same games with
// one job or two.
func TestMatchDeterministic(t *testing.T) {
	cfg := MatchConfig{Specs: [2]string{"best:nodes=200", "seed001"}, Games: 4, Rows: 5, Cols: 4, Seed: 9, Jobs: 1}
	a, err := RunMatch(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Jobs = 2
	b, err := RunMatch(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Records {
		if len(a.Records[i].Moves) != len(b.Records[i].Moves) || a.Records[i].Winner != b.Records[i].Winner {
			t.Fatalf("game %d differs between 1 and 2 jobs", i)
		}
		for k := range a.Records[i].Moves {
			if a.Records[i].Moves[k] != b.Records[i].Moves[k] {
				t.Fatalf("game %d move %d differs", i, k)
			}
		}
	}
}

func TestWilson(t *testing.T) {
	lo, hi := Wilson(190, 200)
	// textbook value for 95%: 0.9100 to 0.9727
	if lo < 0.909 || lo > 0.911 || hi < 0.972 || hi > 0.974 {
		t.Fatalf("Wilson(190,200) = %.4f, %.4f", lo, hi)
	}
}
