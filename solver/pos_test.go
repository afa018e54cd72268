package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"chainshot/board"
)

// refGroup is a group as refAnalyse finds it.
type refGroup struct {
	size, first, lo, hi int
	color               uint8
	code                uint64
	cells               map[int]bool
}

// refAnalyse is the reference for groups.analyse: a plain flood fill over
// a cell array read bead by bead with pos.at, starting groups in scan
// order (column by column, bottom up), keeping those of two or more beads.
func refAnalyse(p *pos) []refGroup {
	var cell [numCells]uint8
	for c := 0; c < maxCols; c++ {
		for r := 0; r < stride; r++ {
			cell[c*stride+r] = p.at(c, r)
		}
	}
	var seen [numCells]bool
	var out []refGroup
	for i := 0; i < numCells; i++ {
		if cell[i] == 0 || seen[i] {
			continue
		}
		g := refGroup{first: i, lo: i / stride, hi: i / stride, color: cell[i], cells: map[int]bool{}}
		stack := []int{i}
		seen[i] = true
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			g.size++
			g.code ^= cellKey[g.color][j]
			g.cells[j] = true
			g.lo, g.hi = min(g.lo, j/stride), max(g.hi, j/stride)
			c, r := j/stride, j%stride
			for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
				cc, rr := c+d[0], r+d[1]
				if cc < 0 || cc >= maxCols || rr < 0 || rr >= stride {
					continue
				}
				k := cc*stride + rr
				if !seen[k] && cell[k] == g.color {
					seen[k] = true
					stack = append(stack, k)
				}
			}
		}
		if g.size >= 2 {
			out = append(out, g)
		}
	}
	return out
}

// checkAnalysis compares g (p analysed) with the reference, every field,
// every group's beads and groupOf of every cell.
func checkAnalysis(t *testing.T, p *pos, g *groups, what string) {
	t.Helper()
	checkAnalysisSkip(t, p, g, 0, what)
}

// checkAnalysisSkip is checkAnalysis for an analysis that leaves out the
// groups of colour skip (groups.skip; 0: none).
func checkAnalysisSkip(t *testing.T, p *pos, g *groups, skip uint8, what string) {
	t.Helper()
	var want []refGroup
	for _, w := range refAnalyse(p) {
		if skip == 0 || w.color != skip {
			want = append(want, w)
		}
	}
	if g.nmoves != len(want) {
		t.Fatalf("%s: %d groups, reference %d", what, g.nmoves, len(want))
	}
	in := map[int]int{}
	for id, w := range want {
		if int(g.size[id]) != w.size || int(g.first[id]) != w.first || int(g.lo[id]) != w.lo ||
			int(g.hi[id]) != w.hi || g.color[id] != w.color || g.code[id] != w.code {
			t.Fatalf("%s: group %d is size %d first %d cols %d-%d colour %d code %x, reference %+v",
				what, id, g.size[id], g.first[id], g.lo[id], g.hi[id], g.color[id], g.code[id], w)
		}
		for c := w.lo; c <= w.hi; c++ {
			var m uint32
			for r := 0; r < stride; r++ {
				if w.cells[c*stride+r] {
					m |= 1 << r
					in[c*stride+r] = id
				}
			}
			if got := g.mask[int(g.off[id])+c-w.lo]; got != m {
				t.Fatalf("%s: group %d column %d mask %b, reference %b", what, id, c, got, m)
			}
		}
	}
	for i := 0; i < numCells; i++ {
		id, ok := in[i]
		if !ok {
			id = -1
		}
		if got := g.groupOf(i); got != id {
			t.Fatalf("%s: groupOf(%d) = %d, reference %d", what, i, got, id)
		}
	}
}

// TestAnalyseMatchesReference analyses random boards (up to 32x32, so the
// top row bit and the last column are used) after every move of random
// lines, with analyse and analyseAfter, and compares with the reference
// flood fill; it also checks the hash against one computed bead by bead.
func TestAnalyseMatchesReference(t *testing.T) {
	sizes := [][3]int{{1, 1, 1}, {2, 3, 1}, {5, 5, 2}, {15, 15, 5}, {15, 15, 3}, {32, 32, 5}, {32, 32, 2}, {7, 32, 4}, {32, 3, 3}, {16, 16, 4}}
	for i, sz := range sizes {
		for seed := uint64(0); seed < 3; seed++ {
			b := randomBoard(t, sz[0], sz[1], sz[2], 100*uint64(i)+seed)
			p := fromBoard(&b)
			r := rand.New(rand.NewPCG(seed, 9))
			// g is p's analysis, made by analyseAfter from the previous
			// one (prev) after most moves, by analyse after every third.
			var ga, gb groups
			g, prev := &ga, &gb
			g.analyse(&p)
			for step := 0; ; step++ {
				checkAnalysis(t, &p, g, fmt.Sprintf("size %v seed %d step %d", sz, seed, step))
				var h uint64
				for c := 0; c < maxCols; c++ {
					for row := 0; row < stride; row++ {
						if k := p.at(c, row); k != 0 {
							h ^= cellKey[k][c*stride+row]
						}
					}
				}
				if p.hash() != h {
					t.Fatalf("size %v seed %d step %d: hash %x, bead by bead %x", sz, seed, step, p.hash(), h)
				}
				if g.nmoves == 0 {
					break
				}
				g, prev = playAndAnalyse(&p, g, prev, r.IntN(g.nmoves), nil, step)
			}
		}
	}
}

// TestAnalyseSkippingAColour analyses random boards after every move of
// random lines, as NRPA's playouts do while the tabu rule holds a colour
// back (groups.skip, for each colour of the board in turn, and for none):
// every group
// but that colour's, the same in every field as the reference's, through
// chains of analyseAfter; and connected, for every colour at every step,
// agrees with the reference (the colour's beads are one group of two or
// more).
func TestAnalyseSkippingAColour(t *testing.T) {
	// Small boards of one to three colours, where a colour often ends in
	// one group, and large ones up to 32x32.
	sizes := [][3]int{{2, 3, 1}, {3, 4, 2}, {4, 3, 2}, {2, 9, 2}, {9, 2, 2}, {4, 4, 3}, {5, 5, 2}, {15, 15, 5}, {15, 15, 3},
		{20, 20, 4}, {32, 32, 5}, {32, 32, 2}, {7, 32, 4}, {32, 3, 3}}
	seen := map[bool]int{} // connected's reference answers
	defer func() {
		t.Logf("connected asked %d times of a colour in one group, %d of one that is not", seen[true], seen[false])
		if !t.Failed() && (seen[true] < 100 || seen[false] < 100) {
			t.Errorf("connected was asked %d times of a colour in one group, %d of one that is not: too few to tell", seen[true], seen[false])
		}
	}()
	for i, sz := range sizes {
		for skip := uint8(0); skip <= uint8(sz[2]); skip++ { // 0: none
			seeds := uint64(2)
			if sz[0]*sz[1] <= 30 {
				seeds = 8
			}
			for seed := uint64(0); seed < seeds; seed++ {
				b := randomBoard(t, sz[0], sz[1], sz[2], 1000+100*uint64(i)+10*uint64(skip)+seed)
				p := fromBoard(&b)
				r := rand.New(rand.NewPCG(seed, 11))
				var ga, gb groups
				g, prev := &ga, &gb
				g.skip, prev.skip = skip, skip
				g.analyse(&p)
				for step := 0; ; step++ {
					what := fmt.Sprintf("size %v skip %d seed %d step %d", sz, skip, seed, step)
					checkAnalysisSkip(t, &p, g, skip, what)
					ref := refAnalyse(&p)
					for k := uint8(1); k < nColors; k++ {
						var n, size int
						for _, w := range ref {
							if w.color == k {
								n, size = n+1, w.size
							}
						}
						want := n == 1 && size == int(p.count[k])
						seen[want]++
						if got := p.connected(k); got != want {
							t.Fatalf("%s: connected(%d) = %v, reference %v (%d groups, %d beads)", what, k, got, want, n, p.count[k])
						}
					}
					if g.nmoves == 0 {
						break
					}
					g, prev = playAndAnalyse(&p, g, prev, r.IntN(g.nmoves), nil, step)
				}
			}
		}
	}
}

// playAndAnalyse plays group id of p (analysed by g), moving keys along
// when not nil, and analyses the position after it into prev, with
// analyse at every third step and analyseAfter from g otherwise; it
// returns the new analysis and the spare buffer.
func playAndAnalyse(p *pos, g, prev *groups, id int, keys *beadKeys, step int) (*groups, *groups) {
	lo, hi, w := int(g.lo[id]), int(g.hi[id]), p.width
	if keys != nil {
		keys.remove(p, g, id)
	}
	p.remove(g, id)
	if step%3 == 2 {
		prev.analyse(p)
	} else {
		prev.analyseAfter(p, g, lo, hi, p.width != w)
	}
	return prev, g
}

// TestAnalyseExtremes checks the analysis on full 32x32 boards that use
// the most group masks (rows of one colour: 32 groups of 32 columns),
// one group of every bead, and no group at all, then plays them out.
func TestAnalyseExtremes(t *testing.T) {
	boards := map[string]func(r, c int) board.Color{
		"rows":    func(r, c int) board.Color { return board.Color(1 + r%2) },
		"columns": func(r, c int) board.Color { return board.Color(1 + c%3) },
		"one":     func(r, c int) board.Color { return board.Orange },
		"checker": func(r, c int) board.Color { return board.Color(1 + (r+c)%2) },
		"snake": func(r, c int) board.Color {
			if c%4 == 1 && r != 0 || c%4 == 3 && r != board.MaxSize-1 {
				return board.Blue
			}
			return board.Red
		},
	}
	for name, color := range boards {
		grid := make([][]board.Color, board.MaxSize)
		for i := range grid {
			grid[i] = make([]board.Color, board.MaxSize)
			for c := range grid[i] {
				grid[i][c] = color(board.MaxSize-1-i, c)
			}
		}
		b, err := board.New(grid)
		if err != nil {
			t.Fatal(err)
		}
		p := fromBoard(&b)
		var ga, gb groups
		g, prev := &ga, &gb
		g.analyse(&p)
		for step := 0; ; step++ {
			checkAnalysis(t, &p, g, fmt.Sprintf("%s step %d", name, step))
			if g.nmoves == 0 {
				break
			}
			id := g.nmoves - 1
			lo, hi, w := int(g.lo[id]), int(g.hi[id]), p.width
			p.remove(g, id)
			prev.analyseAfter(&p, g, lo, hi, p.width != w)
			g, prev = prev, g
		}
	}
}

// TestCellKeysUnchanged checks that the keys, stored by colour, are the
// ones the byte-per-cell solver drew (cell-major order from the same
// seed), so that move codes, NRPA's lines and hashes are unchanged.
func TestCellKeysUnchanged(t *testing.T) {
	r := rand.New(rand.NewPCG(0x736f6c766572, 0x636f646573))
	for i := 0; i < numCells; i++ {
		for c := 1; c < nColors; c++ {
			if k := r.Uint64(); cellKey[c][i] != k {
				t.Fatalf("key of cell %d colour %d is %x, want %x", i, c, cellKey[c][i], k)
			}
		}
	}
}

// TestFillRuns compares fillRuns with a bit-by-bit fill on random masks.
func TestFillRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for n := 0; n < 20000; n++ {
		m := r.Uint32() | r.Uint32()<<uint(r.IntN(3)) // denser masks, longer runs
		if n%7 == 0 {
			m = ^uint32(0) >> uint(r.IntN(32))
		}
		s := m & r.Uint32() & r.Uint32()
		var want uint32
		for b := 0; b < 32; b++ {
			if s>>b&1 == 0 {
				continue
			}
			for u := b; u < 32 && m>>u&1 != 0; u++ {
				want |= 1 << u
			}
			for d := b; d >= 0 && m>>d&1 != 0; d-- {
				want |= 1 << d
			}
		}
		if got := fillRuns(m, s); got != want {
			t.Fatalf("fillRuns(%032b, %032b) = %032b, want %032b", m, s, got, want)
		}
	}
}

// TestAnalyseAllocs checks that analysis and removal do not allocate.
func TestAnalyseAllocs(t *testing.T) {
	b := randomBoard(t, 15, 15, 5, 3)
	p0 := fromBoard(&b)
	g := new(groups)
	allocs := testing.AllocsPerRun(20, func() {
		p := p0
		for g.analyse(&p); g.nmoves > 0; g.analyse(&p) {
			p.remove(g, g.nmoves/2)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per line", allocs)
	}
	g2 := new(groups)
	allocs = testing.AllocsPerRun(20, func() {
		p := p0
		g, prev := g, g2
		for g.analyse(&p); g.nmoves > 0; g, prev = prev, g {
			id, w := g.nmoves/2, p.width
			p.remove(g, id)
			prev.analyseAfter(&p, g, int(g.lo[id]), int(g.hi[id]), p.width != w)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per line", allocs)
	}
}

// TestPotentialCountsGroups: beam's potential evaluation is the score
// plus (n-2)^2 for every group of the reference flood fill, 1000 for an
// empty board, less iso for every bead in no group, and a heavy penalty
// per colour down to one bead.
func TestPotentialCountsGroups(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		b := randomBoard(t, 3+int(seed%10), 3+int(seed%7), 2+int(seed%4), seed)
		p := fromBoard(&b)
		var g groups
		for step := 0; ; step++ {
			g.analyse(&p)
			const iso = 20
			want := int64(17*step) - iso*int64(p.beads)
			for _, rg := range refAnalyse(&p) {
				n := int64(len(rg.cells)) - 2
				want += n*n + iso*(n+2)
			}
			if p.beads == 0 {
				want += 1000
			}
			for c := 1; c < nColors; c++ {
				if p.count[c] == 1 {
					want -= 1 << 20
				}
			}
			if got := potential(&p, &g, 17*step, iso); got != want {
				t.Fatalf("board %d, step %d: potential %d, want %d", seed, step, got, want)
			}
			if g.nmoves == 0 {
				break
			}
			p.remove(&g, int(seed)%g.nmoves)
		}
	}
}

// TestBeamChildIncrementals: the beam's incremental potential and hash of
// a child equal the potential of its full analysis and its full beamHash,
// for every move of every position along lines on fresh random boards of
// every size (one column to the widest) and colour count, done left all
// zero.
func TestBeamChildIncrementals(t *testing.T) {
	var done [maxCols + 1]uint32
	for seed := uint64(1); seed <= 60; seed++ {
		rows, cols := 1+int(seed*7%20), 1+int(seed*5%board.MaxSize)
		if seed%10 == 0 {
			rows, cols = board.MaxSize, board.MaxSize
		}
		b := randomBoard(t, rows, cols, 1+int(seed%5), seed)
		p := fromBoard(&b)
		var g, a groups
		var hs beamHashes
		var sums groupSums
		for step := 0; ; step++ {
			g.analyse(&p)
			if g.nmoves == 0 {
				break
			}
			hs.set(&p)
			sums.set(&g, int(p.width))
			for id := 0; id < g.nmoves; id++ {
				child := p
				child.remove(&g, id)
				a.analyse(&child)
				const iso = 20
				want := potential(&child, &a, 5*step, iso)
				if got := potentialAfter(&child, &g, &sums, id, int(p.width), 5*step, iso, &done); got != want {
					t.Fatalf("board %d (%dx%d), step %d, group %d: potentialAfter %d, potential %d", seed, rows, cols, step, id, got, want)
				}
				if got, want := hs.childHash(&child, int(g.lo[id]), int(g.hi[id])), beamHash(&child); got != want {
					t.Fatalf("board %d (%dx%d), step %d, group %d: childHash %x, beamHash %x", seed, rows, cols, step, id, got, want)
				}
				if done != [maxCols + 1]uint32{} {
					t.Fatalf("board %d, step %d, group %d: scratch left dirty", seed, step, id)
				}
			}
			p.remove(&g, int(seed)%g.nmoves)
		}
	}
}

// TestBeadCodesFollowBeads plays random lines on random boards with bead
// keys (Params.BeadCodes) and checks every group's code, made by analyse
// and by analyseAfter, against the XOR of the keys of the cells its beads
// started in, which the test follows itself: columns of (colour, start
// cell) pairs from which the removed beads are cut and empty columns
// dropped.
func TestBeadCodesFollowBeads(t *testing.T) {
	sizes := [][3]int{{5, 5, 2}, {15, 15, 5}, {15, 15, 3}, {32, 32, 5}, {7, 32, 4}, {32, 3, 3}}
	for i, sz := range sizes {
		for seed := uint64(0); seed < 3; seed++ {
			b := randomBoard(t, sz[0], sz[1], sz[2], 700*uint64(i)+seed)
			p := fromBoard(&b)
			// model[c] lists column c's beads bottom up as start cells.
			var model [][]int
			for c := 0; c < int(p.width); c++ {
				var col []int
				for r := 0; r < int(p.height[c]); r++ {
					col = append(col, c*stride+r)
				}
				model = append(model, col)
			}
			var keys beadKeys
			keys.init(&p)
			var ga, gb groups
			ga.keys, gb.keys = &keys, &keys
			g, prev := &ga, &gb
			g.analyse(&p)
			r := rand.New(rand.NewPCG(seed, 11))
			for step := 0; g.nmoves > 0; step++ {
				what := fmt.Sprintf("size %v seed %d step %d", sz, seed, step)
				ref := refAnalyse(&p)
				if g.nmoves != len(ref) {
					t.Fatalf("%s: %d groups, reference %d", what, g.nmoves, len(ref))
				}
				for id, rg := range ref {
					var want uint64
					for cell := range rg.cells {
						want ^= cellKey[rg.color][model[cell/stride][cell%stride]]
					}
					if g.code[id] != want {
						t.Fatalf("%s: group %d code %x, from its beads' start cells %x", what, id, g.code[id], want)
					}
				}
				id := r.IntN(g.nmoves)
				cut := map[int]bool{}
				for cell := range ref[id].cells {
					cut[cell] = true
				}
				var next [][]int
				for c, col := range model {
					var kept []int
					for r, start := range col {
						if !cut[c*stride+r] {
							kept = append(kept, start)
						}
					}
					if len(kept) > 0 {
						next = append(next, kept)
					}
				}
				model = next
				g, prev = playAndAnalyse(&p, g, prev, id, &keys, step)
			}
		}
	}
}
