package solver

import (
	"context"
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
			n := newNRPA(s, 0, 1, s.newBudget(1))
			for i := 0; i < 5; i++ {
				n.playout(n.pols[1])
				checkLineCodes(t, n, nil, &n.cur, bead, "playout")
				n.adapt(n.pols[1], &n.cur)
			}
			// Re-root 4 moves into the last playout's line; the next
			// playouts start there.
			s.warm, s.warmLine = true, n.cur.moves(nil)
			s.best = s.warmLine
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
