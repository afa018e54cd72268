package solver

// This file is the performance-critical core: a position stored as bit
// masks (one per column and colour, row 0 at the bottom, empty columns
// closed to the right), plus an analysis that finds every group of two or
// more beads and gives each its size, colour, a representative bead, its
// beads' masks and a move code. Nothing here allocates.

import (
	"math/bits"
	"math/rand/v2"

	"chainshot/board"
)

const (
	stride   = board.Stride
	maxCols  = board.MaxSize
	numCells = board.MaxSize * board.Stride
	nColors  = board.NumColors + 1 // colour 0 is empty
)

// pos is a position for search: the same beads as a board.Board, stored
// as bit masks, one per column and colour, without the hash bookkeeping
// on every move:
//
//	bits[c][k] bit r  a bead of colour k at row r of column c (row 0 at
//	                  the bottom); bits[c][0] is always 0
//	height[c]         beads in column c, all in rows 0..height[c]-1
//	width             non-empty columns, 0..width-1; every column from
//	                  width on (and the spare column maxCols) is empty
type pos struct {
	bits   [maxCols + 1][nColors]uint32
	height [maxCols]uint8
	width  uint8
	beads  int16
	count  [nColors]int16
}

// cellKey are Zobrist keys per colour and cell, from a fixed seed, used
// for position hashes and move codes.
var cellKey [nColors][numCells]uint64

func init() {
	r := rand.New(rand.NewPCG(0x736f6c766572, 0x636f646573))
	for i := 0; i < numCells; i++ {
		for c := 1; c < nColors; c++ {
			cellKey[c][i] = r.Uint64()
		}
	}
}

// The analysis reads a bead's colour from five masks.
var _ = [1]struct{}{}[nColors-6]

// colKey holds cellKey by colour and column, with a zero key after each
// column's last row.
var colKey [nColors][maxCols + 1]columnKeys

// columnKeys are one column's keys by row, and a zero key after them.
type columnKeys [stride + 1]uint64

// code returns the XOR of the keys of the rows in m: the first two
// without a branch (a lone bead reads the zero key at index 32), then the
// rest.
func (ck *columnKeys) code(m uint32) uint64 {
	m2 := m & (m - 1)
	code := ck[bits.TrailingZeros32(m)] ^ ck[bits.TrailingZeros32(m2)]
	for m = m2 & (m2 - 1); m != 0; m &= m - 1 {
		code ^= ck[bits.TrailingZeros32(m)]
	}
	return code
}

func init() {
	for k := 1; k < nColors; k++ {
		for c := 0; c < maxCols; c++ {
			copy(colKey[k][c][:stride], cellKey[k][c*stride:])
		}
	}
}

// fromBoard converts a board.Board.
func fromBoard(b *board.Board) pos {
	var p pos
	p.width = uint8(b.Width())
	for c := 0; c < int(p.width); c++ {
		h := b.Height(c)
		p.height[c] = uint8(h)
		for r := 0; r < h; r++ {
			col := uint8(b.At(r, c))
			p.bits[c][col] |= 1 << r
			p.count[col]++
			p.beads++
		}
	}
	return p
}

// at returns the colour at row r of column c (0: empty).
func (p *pos) at(c, r int) uint8 {
	for k := 1; k < nColors; k++ {
		if p.bits[c][k]>>r&1 != 0 {
			return uint8(k)
		}
	}
	return 0
}

// hash returns the position's Zobrist hash.
func (p *pos) hash() uint64 {
	var h uint64
	for c := 0; c < int(p.width); c++ {
		for k := 1; k < nColors; k++ {
			keys := cellKey[k][c*stride : c*stride+stride]
			for m := p.bits[c][k]; m != 0; m &= m - 1 {
				h ^= keys[bits.TrailingZeros32(m)]
			}
		}
	}
	return h
}

// maxGroups bounds the groups of two or more beads of a position.
const maxGroups = numCells / 2

// groups is the analysis of a position: its groups of two or more beads
// (the moves), numbered 0..nmoves-1 in the order of their lowest bead of
// their leftmost column (column by column, bottom up), and per group its
// size, colour, that bead, column span, code and beads.
type groups struct {
	nmoves int
	size   [maxGroups]int16
	color  [maxGroups]uint8
	first  [maxGroups]int16 // cell index of the lowest bead of the leftmost column
	lo, hi [maxGroups]uint8 // column span
	code   [maxGroups]uint64
	// e caches a playout's policy weight exp(w) of the group's code, 0
	// until looked up: analyseAfter keeps it with a kept group, so a
	// playout looks up each group's code once (see nrpa.playout).
	e [maxGroups]float64
	// off locates the group's beads: mask[off+c-lo] is its bit mask in
	// column c, for lo <= c <= hi.
	off  [maxGroups]int16
	mask [numCells + 2]uint32
	// pend is the scan's scratch: per column, the beads with an equal
	// neighbour not yet in a group.
	pend [maxCols + 1]uint32
	// kept lists the groups analyseAfter copies from the previous
	// analysis (nkept of them).
	kept  [maxGroups]int16
	nkept int
	// keys, when not nil, are the position's bead keys that codes are
	// made of (see beadKeys); nil: the fixed keys of each cell, colKey.
	keys *beadKeys
	// skip, when not 0, is a colour whose groups the analysis leaves
	// out (NRPA's playouts, while the tabu rule holds that colour back:
	// see nrpa.playout).
	skip uint8
}

// fillRuns returns the vertical runs of m holding a bit of s (s within m):
// s grows a bead up and down at a time (runs are short; a branch-free
// Kogge-Stone fill was slower).
func fillRuns(m, s uint32) uint32 {
	for {
		t := (s | s<<1 | s>>1) & m
		if t == s {
			return s
		}
		s = t
	}
}

// analyse finds p's groups into g. First the beads that have an equal
// neighbour, by shifts of each colour's masks; then, column by column and
// bottom up, each such bead not yet in a group starts a flood fill of its
// colour's masks (whole vertical runs at a time, spreading to the
// neighbouring columns until nothing changes), which yields the group's
// masks, size and code. A bead with no equal neighbour is never visited.
func (g *groups) analyse(p *pos) {
	g.pendFrom(p, 0, int(p.width)-1, 0)
	g.scan(p, nil)
}

// analyseAfter finds p's groups into g, as analyse does, given prev, the
// analysis of the position before the move that left p, which removed a
// group spanning columns lo to hi, and shifted, whether the move emptied
// a column. Only columns lo..hi changed (and, when shifted, the columns
// right of them moved), so a group of prev is still one of p, the same
// in every field, when it has no bead in columns lo-1..hi+1 (kept left of
// lo-1 always, right of hi+1 when nothing shifted). Those are copied;
// the beads outside the columns lo-1..hi+1 that have an equal neighbour
// are those of prev's other groups; only those columns are read afresh.
func (g *groups) analyseAfter(p *pos, prev *groups, lo, hi int, shifted bool) {
	w := int(p.width)
	a, b := lo-1, hi+1 // groups with a bead in a..b are found afresh
	if shifted {
		b = maxCols
	}
	if a <= 0 && b >= w-1 {
		g.analyse(p)
		return
	}
	clear(g.pend[:w])
	nk := 0
	for id := 0; id < prev.nmoves; id++ {
		glo, ghi := int(prev.lo[id]), int(prev.hi[id])
		if ghi < a || glo > b {
			g.kept[nk] = int16(id)
			nk++
			continue
		}
		// The first two columns without a branch (pend and mask have
		// a spare entry; columns from w on are never read).
		pm := prev.mask[int(prev.off[id]):]
		g.pend[glo] |= pm[0]
		g.pend[glo+1] |= pm[1] & -uint32(min(ghi-glo, 1))
		for c := glo + 2; c <= ghi; c++ {
			g.pend[c] |= pm[c-glo]
		}
	}
	g.nkept = nk
	var carry uint32
	if a > 0 {
		col, next := &p.bits[a-1], &p.bits[a]
		for k := 1; k < nColors; k++ {
			carry |= col[k] & next[k]
		}
	}
	g.pendFrom(p, max(a, 0), min(b, w-1), carry)
	g.scan(p, prev)
}

// pendFrom sets pend for columns c0..c1: the beads with an equal
// neighbour; carry holds the beads of column c0 equal to their left
// neighbour.
func (g *groups) pendFrom(p *pos, c0, c1 int, carry uint32) {
	// A bead pairs with the one above or below (v, v<<1) or with the one
	// in the next column (h, which pairs the next column's bead too).
	for c := c0; c <= c1; c++ {
		pm := carry
		carry = 0
		col, next := &p.bits[c], &p.bits[c+1]
		for k := 1; k < nColors; k++ {
			m := col[k]
			v := m & (m >> 1)
			h := m & next[k]
			pm |= v | v<<1 | h
			carry |= h
		}
		g.pend[c] = pm &^ col[g.skip]
	}
}

// keep copies to g, as groups n, n+1, ... with masks from mask[top], the
// groups of prev listed in kept from kp on that start before cell f, and
// returns the new n, top and kp.
func (g *groups) keep(prev *groups, kp, f, n, top int) (int, int, int) {
	for ; kp < g.nkept; kp++ {
		id := int(g.kept[kp])
		if int(prev.first[id]) >= f {
			break
		}
		lo, hi := int(prev.lo[id]), int(prev.hi[id])
		off := int(prev.off[id])
		// The first two columns without a branch (the second may be
		// the next group's: it is then overwritten).
		g.mask[top] = prev.mask[off]
		g.mask[top+1] = prev.mask[off+1]
		for j := 2; j <= hi-lo; j++ {
			g.mask[top+j] = prev.mask[off+j]
		}
		g.size[n] = prev.size[id]
		g.color[n] = prev.color[id]
		g.first[n] = prev.first[id]
		g.lo[n] = uint8(lo)
		g.hi[n] = uint8(hi)
		g.code[n] = prev.code[id]
		g.e[n] = prev.e[id]
		g.off[n] = int16(top)
		top += hi - lo + 1
		n++
	}
	return n, top, kp
}

// scan finds the groups of the beads in pend (see analyse), merging in
// order, when prev is not nil, prev's groups listed in kept.
func (g *groups) scan(p *pos, prev *groups) {
	w := int(p.width)
	n, top, kp := 0, 1, 0 // mask[0] is never used (see the spread left)
	kend := 0             // prev's groups to merge: kept[:kend]
	if prev != nil {
		kend = g.nkept
	}
	for c := 0; c < w; c++ {
		for g.pend[c] != 0 {
			r := bits.TrailingZeros32(g.pend[c])
			if kp < kend && int(prev.first[g.kept[kp]]) < c*stride+r {
				n, top, kp = g.keep(prev, kp, c*stride+r, n, top)
			}
			col := &p.bits[c] // the seed's colour, for five colours:
			k := int(col[1]>>r&1 | (col[2]>>r&1)*2 | (col[3]>>r&1)*3 | (col[4]>>r&1)*4 | (col[5]>>r&1)*5)
			// The group's masks go to mask[top+j] for column c+j: no bead
			// of it lies left of c, or it would have been found there.
			gm := g.mask[top:]
			// No bead of the seed's run lies below it (it would have an
			// equal neighbour, so it would be a lower pending bead): the
			// run is the seed and the beads above, which a carry finds.
			m := col[k]
			gm[0] = ((m + 1<<r) ^ m) & m
			last := 0          // hi - c
			dirty := uint32(1) // columns c+j whose spread is pending
			for dirty != 0 {
				j := bits.TrailingZeros32(dirty)
				dirty &= dirty - 1
				x := c + j
				// Spread left, to column x-1 or, when x is 0, the spare
				// empty column. At j = 0 nothing spreads: a bead left of
				// c equal to one of the group would be in it. So mask
				// [top+j-1] (mask[top-1] is never written, and exists as
				// top >= 1) is read but never written there.
				xl := x - 1
				xl += xl >> 63 & (maxCols + 1)
				if s := gm[j] & p.bits[xl][k] &^ g.mask[top+j-1]; s != 0 {
					g.mask[top+j-1] = fillRuns(p.bits[xl][k], g.mask[top+j-1]|s)
					dirty |= 1 << (j - 1)
				}
				if s := gm[j] & p.bits[x+1][k]; s != 0 {
					if j == last {
						last++
						gm[last] = 0
					}
					if s &^= gm[j+1]; s != 0 {
						gm[j+1] = fillRuns(p.bits[x+1][k], gm[j+1]|s)
						dirty |= 1 << (j + 1)
					}
				}
			}
			// Size and code, the first two columns without a branch
			// (gm[1] is stale when the group has one column; pend has a
			// spare column), then the rest.
			size := 0
			var code uint64
			m0, m1 := gm[0], gm[1]&-uint32(min(last, 1))
			g.pend[c] &^= m0
			g.pend[c+1] &^= m1
			size = bits.OnesCount32(m0) + bits.OnesCount32(m1)
			keys := g.table(k)
			code = keys[c].code(m0) ^ keys[c+1].code(m1)
			for j := 2; j <= last; j++ {
				m := gm[j]
				g.pend[c+j] &^= m
				size += bits.OnesCount32(m)
				code ^= keys[c+j].code(m)
			}
			g.size[n] = int16(size)
			g.color[n] = uint8(k)
			g.first[n] = int16(c*stride + r)
			g.lo[n] = uint8(c)
			g.hi[n] = uint8(c + last)
			g.code[n] = code
			g.e[n] = 0
			g.off[n] = int16(top)
			top += last + 1
			n++
		}
	}
	if kp < kend {
		n, _, _ = g.keep(prev, kp, numCells, n, top)
	}
	g.nmoves = n
}

// cellOf returns the cell index of m's bead.
func cellOf(m board.Move) int { return int(m.Col)*stride + int(m.Row) }

// playMove analyses p into g, removes the group holding cell and returns
// the move's score. g is stale afterwards.
func (p *pos) playMove(g *groups, cell int) int {
	g.analyse(p)
	return board.Score(p.remove(g, g.groupOf(cell)))
}

// groupOf returns the group holding cell i, or -1 when the bead at i has
// no equal neighbour (or there is none).
func (g *groups) groupOf(i int) int {
	c, r := i/stride, uint(i%stride)
	for id := 0; id < g.nmoves; id++ {
		lo := int(g.lo[id])
		if lo <= c && c <= int(g.hi[id]) && g.mask[int(g.off[id])+c-lo]>>r&1 != 0 {
			return id
		}
	}
	return -1
}

// move returns the board move naming group id.
func (g *groups) move(id int) board.Move {
	i := int(g.first[id])
	return board.Move{Row: uint8(i % stride), Col: uint8(i / stride)}
}

// remove plays group id (analysed by g) on p and returns the beads removed.
// g is unchanged, and still describes the position before the move.
func (p *pos) remove(g *groups, id int) int {
	lo, hi := int(g.lo[id]), int(g.hi[id])
	gm := g.mask[int(g.off[id]):]
	for c := lo; c <= hi; c++ {
		rm := gm[c-lo]
		col := &p.bits[c]
		p.height[c] -= uint8(bits.OnesCount32(rm))
		// Close each run of removed beads, top run first, in every
		// colour's mask: the beads above drop by the run's length.
		for rm != 0 {
			t := bits.Len32(rm) - 1                   // top bead of the run
			b := bits.Len32(^rm & (uint32(1)<<t - 1)) // its bottom bead
			below := uint32(1)<<b - 1
			for k := 1; k < nColors; k++ {
				v := col[k]
				col[k] = v&below | v>>(t+1)<<b
			}
			rm &= below
		}
	}
	w := int(p.width)
	dst := lo
	for c := lo; c < w; c++ {
		if p.height[c] == 0 {
			continue
		}
		if dst != c {
			p.bits[dst] = p.bits[c]
			p.height[dst] = p.height[c]
			p.bits[c] = [nColors]uint32{}
			p.height[c] = 0
		}
		dst++
	}
	p.width = uint8(dst)
	n := int(g.size[id])
	p.beads -= int16(n)
	p.count[g.color[id]] -= int16(n)
	return n
}

// connected reports whether the beads of colour k form one group of two
// or more. It fails fast, without a flood fill, while some bead of k has
// no neighbour of its colour.
func (p *pos) connected(k uint8) bool {
	if p.count[k] < 2 {
		return false
	}
	w := int(p.width)
	c0 := -1
	for c := 0; c < w; c++ {
		m := p.bits[c][k]
		// Every bead needs an equal neighbour: above, below or beside
		// (bits[c-1] is read as 0 at column 0).
		var left uint32
		if c > 0 {
			left = p.bits[c-1][k]
		}
		if m&^(m<<1|m>>1|left|p.bits[c+1][k]) != 0 {
			return false
		}
		if c0 < 0 && m != 0 {
			c0 = c
		}
	}
	// Flood fill from the lowest bead of the first column, whole runs at
	// a time, sweeping right and left until nothing changes.
	var reach [maxCols + 1]uint32
	m := p.bits[c0][k]
	reach[c0] = fillRuns(m, m&-m)
	for changed := true; changed; {
		changed = false
		for c := c0; c < w; c++ {
			m := p.bits[c][k]
			s := reach[c] | reach[c+1]&m
			if c > 0 {
				s |= reach[c-1] & m
			}
			if s != reach[c] {
				reach[c] = fillRuns(m, s)
				changed = true
			}
		}
		for c := w - 1; c >= c0; c-- {
			m := p.bits[c][k]
			s := reach[c] | reach[c+1]&m
			if c > 0 {
				s |= reach[c-1] & m
			}
			if s != reach[c] {
				reach[c] = fillRuns(m, s)
				changed = true
			}
		}
	}
	n := 0
	for c := c0; c < w; c++ {
		n += bits.OnesCount32(reach[c])
	}
	return n == int(p.count[k])
}

// mostFrequent returns the colour with the most beads (the lowest such).
func (p *pos) mostFrequent() uint8 {
	best := uint8(1)
	for c := 2; c < nColors; c++ {
		if p.count[c] > p.count[best] {
			best = uint8(c)
		}
	}
	return best
}

// lowerBeads returns a lower bound on the beads left at the end: every
// colour with exactly one bead keeps it.
func (p *pos) lowerBeads() int {
	n := 0
	for c := 1; c < nColors; c++ {
		if p.count[c] == 1 {
			n++
		}
	}
	return n
}

// upperScore returns an upper bound on the score still to be made: all
// beads of a colour in one group.
func (p *pos) upperScore() int {
	s := 0
	for c := 1; c < nColors; c++ {
		s += board.Score(int(p.count[c]))
	}
	return s
}

// guide is the value the Monte-Carlo searches maximise: the literature's
// score less penalty per bead left (see Params.Penalties), or with a
// penalty <= 0 the value of r, the search's ranking.
func guide(beads, score int, penalty int64, r Rank) int64 {
	if penalty <= 0 {
		return r.Value(beads, score)
	}
	v := int64(score) - int64(beads)*penalty
	if beads == 0 {
		v += ClearBonus
	}
	return v
}
