package expendibots

import (
	"math/rand/v2"
	"testing"
)

// TestBoundAdmissible checks astar's lower bound against the truth: on
// fresh boards of 1 to 5 white tokens (Generate's and small crowded
// ones), every position of a shortest win that bfs finds, and positions a
// few random actions away from the start, get a bound no larger than the
// actions that truly remain (bfs from that position); a position the
// bound calls dead must be one bfs cannot win. A bound that overestimates
// anywhere on these boards fails here, even where astar's answer happens
// to stay the same length.
func TestBoundAdmissible(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 1))
	bd := newBounder()
	checked, tight := 0, 0
	check := func(name string, b Board) {
		t.Helper()
		p := compact(&b)
		lb := bd.lowerBound(&p)
		res, err := Solve(b, Options{Algo: AlgoBFS, MaxStates: 30_000})
		if err != nil {
			t.Fatal(err)
		}
		switch res.Status {
		case OutOfBudget:
			return
		case Unsolvable:
			return // any bound is a lower bound on "never"
		}
		if lb == dead {
			t.Errorf("%s %v: bound says dead, bfs wins in %d", name, b.Stacks(), len(res.Actions))
			return
		}
		boards, _, _, err := Replay(b, res.Actions)
		if err != nil {
			t.Fatal(err)
		}
		boards = append([]Board{b}, boards...)
		for i, nb := range boards {
			q := compact(&nb)
			h, rest := bd.lowerBound(&q), len(res.Actions)-i
			checked++
			if h == uint8(rest) {
				tight++
			}
			if int(h) > rest {
				t.Errorf("%s %v: after %d of %d actions the bound is %d, but %d actions win:\n%s",
					name, b.Stacks(), i, len(res.Actions), h, rest, FormatActions(res.Actions))
				return
			}
		}
	}
	for w := 1; w <= 5; w++ {
		for bl := 2; bl <= 14; bl += 4 {
			for seed := range uint64(6) {
				b, err := Generate(1000*uint64(w)+10*uint64(bl)+seed, NewGenParams(w, bl))
				if err != nil {
					t.Fatal(err)
				}
				check("generated", b)
				// A few random actions away.
				for range 2 {
					c := b
					for range 1 + r.IntN(4) {
						acts := c.AppendActions(nil)
						if len(acts) == 0 {
							break
						}
						c, _ = c.Apply(acts[r.IntN(len(acts))])
					}
					check("walked", c)
				}
			}
		}
	}
	for range 150 {
		if b := randomRulesBoard(r); tokensOf(&b) <= 6 {
			check("crowded", b)
		}
	}
	// Single tokens close together, black far apart: boards where
	// gathering the tokens into one tall stack pays.
	for range 60 {
		var b Board
		for range 3 + r.IntN(2) {
			b.sq[Sq(r.IntN(3), r.IntN(3))] = 1
		}
		for range 2 + r.IntN(2) {
			if s := Sq(3+r.IntN(5), 3+r.IntN(5)); b.sq[s] == 0 {
				b.sq[s] = -1
			}
		}
		check("gathered", b)
	}
	if checked < 1200 || tight < checked/4 {
		t.Errorf("%d positions checked, %d with a tight bound: the test checks too little", checked, tight)
	}
	t.Logf("%d positions checked, bound tight on %d", checked, tight)
}
