package solver

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"chainshot/board"
)

// checkLineCodes replays prefix and then l's moves from s.root, analysing
// each position afresh (with bead keys that follow the beads from the
// root when bead is set), and checks that l holds, move by move, the
// codes of the legal moves there and of the move chosen.
func checkLineCodes(t *testing.T, n *nrpa, prefix []board.Move, l *line, bead bool, what string) {
	t.Helper()
	var g groups
	var keys beadKeys
	p := n.s.root
	if bead {
		keys.init(&p)
		g.keys = &keys
	}
	play := func(cell int) {
		g.analyse(&p)
		id := g.groupOf(cell)
		if bead {
			keys.remove(&p, &g, id)
		}
		p.remove(&g, id)
	}
	for _, m := range prefix {
		play(cellOf(m))
	}
	var ids [maxGroups]int16
	for i, cell := range l.cells {
		g.analyse(&p)
		k := legal(&g, &p, n.tabu, &ids, false)
		codes := l.codes[l.start[i]:l.start[i+1]]
		if len(codes) != k {
			t.Fatalf("%s: move %d: %d codes, %d legal moves", what, i, len(codes), k)
		}
		for j := 0; j < k; j++ {
			if codes[j] != g.code[ids[j]] {
				t.Fatalf("%s: move %d: code %d is %x, the analysis gives %x", what, i, j, codes[j], g.code[ids[j]])
			}
		}
		if want := g.code[g.groupOf(int(cell))]; l.chosen[i] != want {
			t.Fatalf("%s: move %d: chosen code %x, the analysis gives %x", what, i, l.chosen[i], want)
		}
		play(int(cell))
	}
}

// TestPlayoutCodes checks, with both kinds of move code
// (Params.BeadCodes), that NRPA's playouts and the line a re-rooting
// seeds the search with record the codes a fresh analysis of each
// position gives: with bead codes, of the beads as they started at the
// root, whatever the moves before did to them.
func TestPlayoutCodes(t *testing.T) {
	for _, bead := range []bool{false, true} {
		for seed := uint64(1); seed <= 4; seed++ {
			b := randomBoard(t, 10+int(seed), 12, 3+int(seed%3), 40+seed)
			prm := DefaultParams()
			prm.BeadCodes = bead
			s := newSearch(context.Background(), b, Options{Seed: seed, MemoryMB: 64, Params: &prm}, nil)
			n := newNRPA(s, &s.base, 0, 1, s.newBudget(1))
			for i := 0; i < 5; i++ {
				n.playout(n.pols[1])
				checkLineCodes(t, n, nil, &n.cur, bead, "playout")
				n.adapt(n.pols[1], &n.cur)
			}
			// Re-root 4 moves into the last playout's line; the next
			// playouts start there.
			s.base.warm, s.base.warmLine = true, n.cur.moves(nil)
			s.best = s.base.warmLine
			n.reroot(0)
			checkLineCodes(t, n, nil, &n.seed, bead, "seed at the root")
			n.reroot(4)
			prefix := append([]board.Move(nil), n.prefix...)
			checkLineCodes(t, n, prefix, &n.seed, bead, "seed after 4 moves")
			for i := 0; i < 3; i++ {
				n.playout(n.pols[1])
				checkLineCodes(t, n, prefix, &n.cur, bead, "playout after 4 moves")
			}
		}
	}
}

// TestPlayoutsSkipTheTabuColourUnchanged plays NRPA playouts leaving the
// tabu colour out of the analyses (as shipped) and analysing every colour
// at every move (fullAnalysis), from the same random state with the same
// trained policy, on random boards of every size and colour count, each
// colour of the board tabu in turn, with tabu pairs and the tabu rule off
// late: the lines must be the same move for move, with the same codes.
func TestPlayoutsSkipTheTabuColourUnchanged(t *testing.T) {
	sizes := [][3]int{{3, 4, 2}, {4, 4, 2}, {5, 4, 2}, {6, 6, 2}, {5, 6, 3}, {8, 8, 3}, {10, 10, 4}, {15, 15, 5}, {15, 15, 3}, {20, 20, 4}, {25, 25, 5}, {6, 30, 4}}
	variants := []struct {
		name string
		set  func(*Params)
	}{
		{"tabu", func(*Params) {}},
		{"cell codes", func(p *Params) { p.BeadCodes = false }},
		{"tabu pairs from move 6", func(p *Params) { p.TabuPairsFrom = 6 }},
		{"tabu off in the last 30%", func(p *Params) { p.TabuOffShare = 0.3 }},
	}
	played, withTabu, early := 0, 0, 0
	for i, sz := range sizes {
		for _, v := range variants {
			for tabu := uint8(0); tabu <= uint8(sz[2]); tabu++ {
				b := randomBoard(t, sz[0], sz[1], sz[2], 500+uint64(i))
				prm := DefaultParams()
				v.set(&prm)
				s := newSearch(context.Background(), b, Options{Seed: uint64(i) + 1, MemoryMB: 64, Params: &prm}, nil)
				ns := [2]*nrpa{newNRPA(s, &s.base, 0, 1, s.newBudget(1)), newNRPA(s, &s.base, 0, 1, s.newBudget(1))}
				ns[1].fullAnalysis = true
				for _, n := range ns {
					n.tabu = tabu
				}
				for k := 0; k < 12; k++ {
					for _, n := range ns {
						n.playout(n.pols[1])
					}
					a, f := &ns[0].cur, &ns[1].cur
					what := fmt.Sprintf("%v %s tabu %d playout %d", sz, v.name, tabu, k)
					if !slices.Equal(a.cells, f.cells) || !slices.Equal(a.codes, f.codes) || !slices.Equal(a.chosen, f.chosen) ||
						!slices.Equal(a.start, f.start) || a.score != f.score || a.beads != f.beads {
						t.Fatalf("%s: skipping the tabu colour played %v (score %d, %d left), analysing every colour %v (score %d, %d left)",
							what, a.cells, a.score, a.beads, f.cells, f.score, f.beads)
					}
					played++
					if tabu != 0 && s.root.count[tabu] >= 2 {
						withTabu++
						early += joinedEarly(s.root, f.cells, tabu)
					}
					// Train both policies alike, so later playouts are
					// drawn from weights other than the uniform ones.
					for _, n := range ns {
						n.adapt(n.pols[1], &n.cur)
					}
				}
			}
		}
	}
	t.Logf("%d playouts compared, %d of them with a tabu colour, %d where it formed one group while other groups were left", played, withTabu, early)
	if early < 20 {
		t.Errorf("only %d playouts where the tabu colour formed one group while other groups were left: too few to tell", early)
	}
}

// joinedEarly replays cells from root and returns 1 if at some position
// the beads of colour tabu formed one group while a group of another
// colour was left (so the tabu rule let that group be played before the
// other colours ran out), 0 otherwise.
func joinedEarly(root pos, cells []int16, tabu uint8) int {
	p := root
	var g groups
	for _, c := range cells {
		g.analyse(&p)
		if p.connected(tabu) {
			for id := 0; id < g.nmoves; id++ {
				if g.color[id] != tabu {
					return 1
				}
			}
		}
		p.remove(&g, g.groupOf(int(c)))
	}
	return 0
}
