package expendibots

import (
	"testing"
)

// TestGenerate checks Generate over its whole range of token counts:
// exactly the tokens asked for, the same board for the same seed, white
// kept off black's zones where the board has room, and a case that
// FormatJSON writes and ParseJSON reads back unchanged.
func TestGenerate(t *testing.T) {
	for _, w := range []int{1, 2, 3, 4, 5, 12, 40, MaxTokens} {
		for _, bl := range []int{1, 10, 15, 20, 40, MaxTokens} {
			for seed := range uint64(3) {
				b, err := Generate(seed, NewGenParams(w, bl))
				if err != nil {
					t.Fatal(err)
				}
				if gw, gb := b.Tokens(); gw != w || gb != bl {
					t.Fatalf("w%d b%d seed %d: %d white and %d black tokens", w, bl, seed, gw, gb)
				}
				again, _ := Generate(seed, NewGenParams(w, bl))
				if again != b {
					t.Fatalf("w%d b%d seed %d: a second draw differs", w, bl, seed)
				}
				p, err := ParseJSON(FormatJSON(b), "gen.json")
				if err != nil || p.Board != b {
					t.Fatalf("w%d b%d seed %d: FormatJSON does not read back: %v\n%s", w, bl, seed, err, FormatJSON(b))
				}
				if w+bl <= 20 {
					var zone uint64
					for _, st := range b.Stacks() {
						if st.Colour == Black {
							zone |= neighbours[Sq(st.X, st.Y)]
						}
					}
					for _, st := range b.Stacks() {
						if st.Colour == White && zone>>uint(Sq(st.X, st.Y))&1 != 0 {
							t.Errorf("w%d b%d seed %d: white at (%d, %d) next to black", w, bl, seed, st.X, st.Y)
						}
					}
				}
			}
		}
	}
	for _, p := range []GenParams{{White: 0, Black: 5}, {White: 5, Black: 0}, {White: 65, Black: 1}, {White: 3, Black: 3, Clump: 101}} {
		if _, err := Generate(1, p); err == nil {
			t.Errorf("Generate(%+v) accepted", p)
		}
	}
}

// TestGenerateWinnable: the board returned is won by the solver and is
// the first board drawn that is; a board that cannot be won is redrawn.
func TestGenerateWinnable(t *testing.T) {
	draws, err := GenerateWinnable(3, NewGenParams(5, 15), Options{MaxStates: 1_000_000}, 10)
	if err != nil {
		t.Fatal(err)
	}
	last := draws[len(draws)-1]
	if last.Result.Status != Solved || !last.Result.Optimal {
		t.Fatalf("last draw: %s", last.Result.Status)
	}
	checkSolution(t, "gen", last.Board, last.Result.Actions)
	if first, _ := Generate(3, NewGenParams(5, 15)); draws[0].Board != first {
		t.Errorf("the first draw is not Generate's board")
	}
	// MinActions: draws won in fewer actions are dropped.
	p := NewGenParams(4, 12)
	p.MinActions = 9
	draws, err = GenerateWinnable(2, p, Options{}, 100)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range draws {
		kept := i == len(draws)-1
		if won := d.Result.Status == Solved; kept != (won && len(d.Result.Actions) >= 9) {
			t.Errorf("draw %d (kept %v): %s in %d actions", i, kept, d.Result.Status, len(d.Result.Actions))
		}
	}
	if len(draws) < 2 {
		t.Errorf("the first draw already has %d actions: the test checks nothing", len(draws[0].Result.Actions))
	}
	// One token against three scattered black stacks cannot win (these
	// draws put them apart): every draw is searched and fails.
	draws, err = GenerateWinnable(3, GenParams{White: 1, Black: 3}, Options{MaxStates: 20_000}, 3)
	if err == nil || len(draws) != 3 {
		t.Fatalf("%d draws, %v; want 3 and an error", len(draws), err)
	}
	for i, d := range draws {
		if d.Result.Status != Unsolvable {
			t.Errorf("draw %d: %s %v", i, d.Result.Status, d.Board.Stacks())
		}
	}
}
