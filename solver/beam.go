package solver

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"
	"unsafe"

	"chainshot/board"
)

// Beam search: keep the width best positions at each depth (number of
// moves played), expand them all, drop duplicate positions by hash, keep
// the best children by evaluation. A run at one width is repeated with
// wider beams until the budget ends. Expansion is split across workers,
// which is useful parallel work (not duplicated searches).

// candidate is a child position, not yet built.
type candidate struct {
	eval   int64
	hash   uint64
	parent int32
	cell   int16
	score  int32
}

// beamState is how a position in the beam was reached; the position
// itself is packed beside it (beamSearch.curP, see pack).
type beamState struct {
	score int32
	node  int32 // index into the history of the line that reached it
}

// histNode is one move of a line: the move's cell and the previous node.
type histNode struct {
	prev int32
	cell int16
}

// beamSearch is one beam search's working memory, reused across widths.
type beamSearch struct {
	s *search
	// nodes counts the states expanded and rollouts played, layer by
	// layer, against limit (the node budget; 0 none).
	nodes, limit int64
	// clk[w] counts worker w's nodes as it goes and looks at the clock.
	clk  [2]*budget
	cur  []beamState
	next []beamState
	// curP and nextP hold the positions of cur and next, packed: slot
	// masks each, one per column of the root's width and colour present
	// at the root (cols), so a state takes a few hundred bytes, not a
	// whole pos (see pack).
	curP, nextP []uint32
	cols        []uint8
	packW, slot int
	// base[w] is the state worker w expands, unpacked.
	base  [2]pos
	cands [][]candidate // per worker
	all   []candidate
	table []int32 // dedupe table: index into all, -1 empty
	// wtable[w] is worker w's dedupe table for trimming cands[w] to the
	// width while it expands (see expand).
	wtable [2][]int32
	width  int
	// trimAt is how many times the width a worker's candidates may grow
	// to before it trims them (0: never; 2 in every search, which
	// maxBeamWidth assumes; tests try others).
	trimAt int
	hist   []histNode
	gs     []*groups
	rgs    []*groups
	// done is potentialAfter's scratch, per worker.
	done [2][maxCols + 1]uint32
	// hs and sums hold the column hashes and the group sums of the
	// state each worker expands.
	sums  [2]groupSums
	hs    [2]beamHashes
	tmp   []pos
	moves [2][]board.Move
	cells [2][]int16
	// termMoves and termCells hold the line of a terminal state offered.
	termMoves []board.Move
	termCells []int16
	// local[w] is the value of the best rollout worker w has found
	// (moves[w], leaving layerB[w] beads and scoring layerS[w]) in the
	// layer being expanded, or of the best offered before it; top is
	// the value of the best rollout offered.
	local          [2]int64
	layerB, layerS [2]int
	top            int64
	tabu           uint8
	pilot          bool // evaluate children by a greedy rollout
	// potential evaluates children by their groups (Params.BeamPotential).
	potential bool
	iso       int64
	name      string
	nw        int
	// end, when > 0, is the budgeted time at which the widening stops
	// (a portfolio's share; see beamFirst).
	end time.Duration
}

// eval estimates the final value of a position reached with score: the
// score so far, minus a heavy penalty per colour down to one bead (it can
// never be cleared), plus (n-2)^2 summed over the colours (each colour's
// beads as one group: the admissible bound). Of five evaluations tried
// (the most frequent colour's term alone, or with a quarter of the
// others', or either with 4 points per pair of equal neighbours), this
// one left the fewest beads.
func eval(p *pos, score int) int64 {
	e := int64(score)
	for c := 1; c < nColors; c++ {
		n := p.count[c]
		if n == 1 {
			e -= 1 << 20
		}
		e += int64(board.Score(int(n)))
	}
	return e
}

// potential estimates the final value of a position reached with score
// from its groups as they stand (the "potential" of sgbust and of the
// CodinGame beams): the score so far, plus (n-2)^2 for every group of n
// beads on the board now, plus 1000 for a cleared board, less iso for
// every bead in no group (Params.BeamIsolated: a bead alone is one the
// line may leave), minus a heavy penalty per colour down to one bead. g
// holds p's analysis.
func potential(p *pos, g *groups, score int, iso int64) int64 {
	sq, grouped := int64(0), int64(0)
	for k := 0; k < g.nmoves; k++ {
		n := int64(g.size[k])
		sq += (n - 2) * (n - 2)
		grouped += n
	}
	return potentialOf(p, score, sq, grouped, iso)
}

// potentialOf is the potential of p reached with score, its groups'
// (n-2)^2 summing to sq and their sizes to grouped.
func potentialOf(p *pos, score int, sq, grouped, iso int64) int64 {
	e := int64(score) + sq - iso*(int64(p.beads)-grouped)
	if p.beads == 0 {
		e += 1000
	}
	for c := 1; c < nColors; c++ {
		if p.count[c] == 1 {
			e -= 1 << 20
		}
	}
	return e
}

// groupSums holds an analysis's groups' potential terms, (n-2)^2 and n,
// summed by column span, so that the terms of the groups a move leaves
// untouched cost a child two lookups: below[c] sums the groups ending
// left of column c, from[c] those starting at c or right of it.
type groupSums struct {
	sqBelow, nBelow [maxCols + 2]int64
	sqFrom, nFrom   [maxCols + 2]int64
}

// set fills s from g, the analysis of a position of width w.
func (s *groupSums) set(g *groups, w int) {
	clear(s.sqBelow[:w+2])
	clear(s.nBelow[:w+2])
	clear(s.sqFrom[:w+2])
	clear(s.nFrom[:w+2])
	for k := 0; k < g.nmoves; k++ {
		n := int64(g.size[k])
		hi, lo := int(g.hi[k]), int(g.lo[k])
		s.sqBelow[hi+1] += (n - 2) * (n - 2)
		s.nBelow[hi+1] += n
		s.sqFrom[lo] += (n - 2) * (n - 2)
		s.nFrom[lo] += n
	}
	for c := 1; c <= w+1; c++ {
		s.sqBelow[c] += s.sqBelow[c-1]
		s.nBelow[c] += s.nBelow[c-1]
	}
	for c := w; c >= 0; c-- {
		s.sqFrom[c] += s.sqFrom[c+1]
		s.nFrom[c] += s.nFrom[c+1]
	}
}

// potentialAfter returns potential(p, analysis of p, score, iso) for p,
// the position left by removing group id of prev (the analysis of the
// position before, of width w0, summed in sums), without analysing p: a
// group of prev with no bead in the columns next to or under the removed
// group is a group of p of the same size (those right of it only moved
// left when columns emptied), and every other group of p has a bead in
// those columns, now a..b of p; those are flood-filled afresh. done is
// scratch, all zero, and left so.
func potentialAfter(p *pos, prev *groups, sums *groupSums, id, w0, score int, iso int64, done *[maxCols + 1]uint32) int64 {
	lo, hi := int(prev.lo[id]), int(prev.hi[id])
	// The groups ending left of column lo-1 or starting right of hi+1.
	l, r := max(lo-1, 0), min(hi+2, w0)
	sq := sums.sqBelow[l] + sums.sqFrom[r]
	grouped := sums.nBelow[l] + sums.nFrom[r]
	w := int(p.width)
	a, b := max(lo-1, 0), hi+1-(w0-w) // b: prev's column hi+1, now
	b = min(b, w-1)
	var touched uint64
	for c := a; c <= b; c++ {
		col := &p.bits[c]
		left := &p.bits[maxCols] // the spare, empty column
		if c > 0 {
			left = &p.bits[c-1]
		}
		for k := 1; k < nColors; k++ {
			m := col[k]
			v := m & (m >> 1)
			pend := (v | v<<1 | m&left[k] | m&p.bits[c+1][k]) &^ done[c]
			for pend != 0 {
				run := fillRuns(m, pend&-pend)
				done[c] |= run
				touched |= 1 << c
				size := bits.OnesCount32(run)
				dirty := uint64(1) << c
				for dirty != 0 {
					x := bits.TrailingZeros64(dirty)
					dirty &= dirty - 1
					cur := done[x] & p.bits[x][k]
					if x > 0 {
						if s := cur & p.bits[x-1][k] &^ done[x-1]; s != 0 {
							f := fillRuns(p.bits[x-1][k], s)
							done[x-1] |= f
							size += bits.OnesCount32(f)
							dirty |= 1 << (x - 1)
							touched |= 1 << (x - 1)
						}
					}
					if s := cur & p.bits[x+1][k] &^ done[x+1]; s != 0 {
						f := fillRuns(p.bits[x+1][k], s)
						done[x+1] |= f
						size += bits.OnesCount32(f)
						dirty |= 1 << (x + 1)
						touched |= 1 << (x + 1)
					}
				}
				n := int64(size)
				sq += (n - 2) * (n - 2)
				grouped += n
				pend &^= done[c]
			}
		}
	}
	for ; touched != 0; touched &= touched - 1 {
		done[bits.TrailingZeros64(touched)] = 0
	}
	return potentialOf(p, score, sq, grouped, iso)
}

// The beam drops duplicate positions by a hash built from columns: each
// column's contents hashed alone (colHash), then mixed with the column's
// index (mixCol), the mixed values XORed. A child differs from its parent
// only in the columns the move touched, and the columns right of them
// keep their contents when they move left, so a child's hash costs a few
// columns, not every bead (see beamHashes).

// colHash returns the hash of column c's contents.
func colHash(p *pos, c int) uint64 {
	col := &p.bits[c]
	var h uint64
	for k := 1; k < nColors; k++ {
		h ^= colKey[k][0].code(col[k])
	}
	return h
}

// colSalt are random keys by column for mixCol.
var colSalt [maxCols + 1]uint64

func init() {
	r := rand.New(rand.NewPCG(0x6265616d, 0x73616c74))
	for c := range colSalt {
		colSalt[c] = r.Uint64()
	}
}

// mixCol mixes a column's contents hash with its index (a MurmurHash3
// finaliser).
func mixCol(h uint64, c int) uint64 {
	x := h ^ colSalt[c]
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// beamHash returns p's hash as the beam computes it.
func beamHash(p *pos) uint64 {
	var h uint64
	for c := 0; c < int(p.width); c++ {
		h ^= mixCol(colHash(p, c), c)
	}
	return h
}

// beamHashes holds a parent's column hashes so its children's hashes
// (childHash) cost only the columns a move changed: pre[c] is the mixed
// hash of columns 0..c-1, suf[e][c] that of columns c.. after moving left
// by e columns (e = 0, 1).
type beamHashes struct {
	col [maxCols + 1]uint64
	pre [maxCols + 1]uint64
	suf [2][maxCols + 1]uint64
	w   int
}

// set prepares h for the children of p.
func (h *beamHashes) set(p *pos) {
	w := int(p.width)
	h.w = w
	for c := 0; c < w; c++ {
		h.col[c] = colHash(p, c)
		h.pre[c+1] = h.pre[c] ^ mixCol(h.col[c], c)
	}
	h.suf[0][w], h.suf[1][w] = 0, 0
	for c := w - 1; c >= 0; c-- {
		h.suf[0][c] = h.suf[0][c+1] ^ mixCol(h.col[c], c)
		if c > 0 {
			h.suf[1][c] = h.suf[1][c+1] ^ mixCol(h.col[c], c-1)
		}
	}
}

// childHash returns beamHash(child), child being the position set's left
// by removing a group spanning columns lo..hi.
func (h *beamHashes) childHash(child *pos, lo, hi int) uint64 {
	e := h.w - int(child.width) // columns emptied
	x := h.pre[lo]
	for c := lo; c <= hi-e; c++ {
		x ^= mixCol(colHash(child, c), c)
	}
	switch {
	case hi+1 >= h.w:
	case e < 2:
		x ^= h.suf[e][hi+1]
	default:
		for c := hi + 1; c < h.w; c++ {
			x ^= mixCol(h.col[c], c-e)
		}
	}
	return x
}

// expand generates the candidates of states cur[lo:hi] into cands[w].
func (bs *beamSearch) expand(w, lo, hi int, terminal *[]int32) int64 {
	g := bs.gs[w]
	out := bs.cands[w][:0]
	child := &bs.tmp[w]
	var nodes int64
	stop := false
	p := &bs.base[w]
	for i := lo; i < hi && !stop; i++ {
		st := &bs.cur[i]
		bs.unpack(bs.curP[i*bs.slot:], p)
		g.analyse(p)
		hs := &bs.hs[w]
		hs.set(p)
		if bs.potential {
			bs.sums[w].set(g, int(p.width))
		}
		if g.nmoves == 0 {
			*terminal = append(*terminal, int32(i))
			continue
		}
		for k := 0; k < g.nmoves && !stop; k++ {
			id := k
			*child = *p
			sc := int(st.score) + board.Score(child.remove(g, id))
			var ev int64
			if bs.pilot {
				_, rb, rs := rollout(child, bs.tabu, bs.rgs[w], false, nil)
				nodes++
				stop = stop || bs.clk[w].add(1)
				ev = bs.s.opt.Rank.Value(rb, sc+rs)
				if ev > bs.local[w] {
					// The layer's best rollout so far in this
					// worker's share, offered after the layer.
					bs.local[w] = ev
					c := bs.lineCells(bs.cells[w], st.node)
					c = append(c, g.first[id])
					c, _, _ = rollout(child, bs.tabu, bs.rgs[w], true, c)
					bs.cells[w] = c
					bs.moves[w] = cellsToMoves(bs.moves[w][:0], c)
					bs.layerB[w], bs.layerS[w] = rb, sc+rs
				}
			} else if bs.potential {
				ev = potentialAfter(child, g, &bs.sums[w], id, int(p.width), sc, bs.iso, &bs.done[w])
			} else {
				ev = eval(child, sc)
			}
			out = append(out, candidate{
				eval:   ev,
				hash:   hs.childHash(child, int(g.lo[id]), int(g.hi[id])),
				parent: int32(i),
				cell:   g.first[id],
				score:  int32(sc),
			})
		}
		nodes++
		stop = stop || bs.clk[w].add(1)
		// At trimAt times the width: keep the best width, which holds
		// every candidate the layer's selection could keep (see trim).
		if bs.trimAt > 0 && len(out) >= bs.trimAt*bs.width {
			out = trim(out, bs.width, &bs.wtable[w])
		}
	}
	bs.cands[w] = out
	return nodes
}

// trim drops from cands the candidates whose position repeats (keeping
// the better evaluation, the first on ties) and keeps the width best: a
// candidate it drops has width others of other positions above it, so
// the layer's selection would drop it too, and what trim keeps of a
// position is what the layer's dedupe would keep. So the layer's beam
// does not depend on when, or whether, a worker trims.
func trim(cands []candidate, width int, table *[]int32) []candidate {
	cands = dedupe(cands, table)
	if len(cands) > width {
		selectTop(cands, width)
		cands = cands[:width]
	}
	return cands
}

// pack writes p's masks to dst (bs.slot of them).
func (bs *beamSearch) pack(dst []uint32, p *pos) {
	dst = dst[:bs.slot]
	i := 0
	for c := 0; c < bs.packW; c++ {
		col := &p.bits[c]
		for _, k := range bs.cols {
			dst[i] = col[k]
			i++
		}
	}
}

// unpack sets p to the position packed in src. p's masks of colours
// absent at the root, and of columns past its width, are never written
// and stay 0.
func (bs *beamSearch) unpack(src []uint32, p *pos) {
	src = src[:bs.slot]
	i, w := 0, 0
	p.count = [nColors]int16{}
	for c := 0; c < bs.packW; c++ {
		col := &p.bits[c]
		var all uint32
		for _, k := range bs.cols {
			m := src[i]
			i++
			col[k] = m
			all |= m
			p.count[k] += int16(bits.OnesCount32(m))
		}
		p.height[c] = uint8(bits.OnesCount32(all))
		if all != 0 {
			w = c + 1
		}
	}
	p.width = uint8(w)
	p.beads = 0
	for _, k := range bs.cols {
		p.beads += p.count[k]
	}
}

// packedBeads returns the beads of the position packed in src.
func (bs *beamSearch) packedBeads(src []uint32) int {
	n := 0
	for _, m := range src[:bs.slot] {
		n += bits.OnesCount32(m)
	}
	return n
}

// lineCells returns the cells of the moves of history node n, in order,
// in dst's array.
func (bs *beamSearch) lineCells(dst []int16, n int32) []int16 {
	c := dst[:0]
	for n >= 0 {
		c = append(c, bs.hist[n].cell)
		n = bs.hist[n].prev
	}
	for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
		c[i], c[j] = c[j], c[i]
	}
	return c
}

// cellsToMoves appends the moves naming cells to dst.
func cellsToMoves(dst []board.Move, cells []int16) []board.Move {
	for _, c := range cells {
		dst = append(dst, board.Move{Row: uint8(int(c) % stride), Col: uint8(int(c) / stride)})
	}
	return dst
}

// run runs one beam search of the given width; it reports false when the
// budget ran out.
func (bs *beamSearch) run(width int) bool {
	s := bs.s
	bs.hist = bs.hist[:0]
	bs.width = width
	bs.cur = append(bs.cur[:0], beamState{node: -1})
	bs.curP = grow(bs.curP, bs.slot)
	bs.pack(bs.curP, &s.root)
	var terms [2][]int32
	for len(bs.cur) > 0 {
		// Expand, split across workers.
		n := len(bs.cur)
		nw := bs.nw
		if n < 64 {
			nw = 1
		}
		var counts [2]int64
		bs.local = [2]int64{bs.top, bs.top}
		parallel(nw, func(w int) {
			terms[w] = terms[w][:0]
			lo, hi := n*w/nw, n*(w+1)/nw
			counts[w] = bs.expand(w, lo, hi, &terms[w])
		})
		for w := 0; w < nw; w++ {
			for _, i := range terms[w] {
				st := &bs.cur[i]
				// In buffers of their own: moves[w] may hold the layer's
				// best rollout, offered below.
				bs.termCells = bs.lineCells(bs.termCells, st.node)
				bs.termMoves = cellsToMoves(bs.termMoves[:0], bs.termCells)
				s.offer(bs.termMoves, bs.packedBeads(bs.curP[int(i)*bs.slot:]), int(st.score), bs.name, 0)
			}
		}
		// The rollouts' best lines, in the order of the beam, whatever
		// its split: the line kept on a tie is the one a single worker
		// would have found first.
		for w := 0; w < nw; w++ {
			if bs.local[w] > bs.top {
				bs.top = bs.local[w]
				s.offer(bs.moves[w], bs.layerB[w], bs.layerS[w], bs.name, 0)
			}
		}
		bs.nodes += counts[0] + counts[1]
		if (bs.limit > 0 && bs.nodes >= bs.limit) || bs.s.stopped.Load() ||
			(bs.end > 0 && s.elapsed() >= bs.end) {
			return false
		}
		// Merge and drop duplicates, keeping the better evaluation.
		bs.all = bs.all[:0]
		for w := 0; w < nw; w++ {
			bs.all = append(bs.all, bs.cands[w]...)
		}
		if len(bs.all) == 0 {
			break
		}
		bs.all = dedupe(bs.all, &bs.table)
		// Keep the best width, in a canonical order (best first, ties by
		// hash): the next beam's order does not depend on how the workers
		// trimmed their candidates.
		if len(bs.all) > width {
			selectTop(bs.all, width)
			bs.all = bs.all[:width]
		}
		slices.SortFunc(bs.all, func(a, b candidate) int {
			if less(&a, &b) {
				return -1
			}
			if less(&b, &a) {
				return 1
			}
			return 0
		})
		// Build the next beam.
		bs.next = bs.next[:0]
		base := int32(len(bs.hist))
		for _, c := range bs.all {
			bs.hist = append(bs.hist, histNode{prev: bs.cur[c.parent].node, cell: c.cell})
		}
		m := len(bs.all)
		if cap(bs.next) < m {
			bs.next = make([]beamState, m, max(m, 2*cap(bs.next)))
		}
		bs.next = bs.next[:m]
		bs.nextP = grow(bs.nextP, m*bs.slot)
		nw = bs.nw
		if m < 64 {
			nw = 1
		}
		parallel(nw, func(w int) {
			g, p := bs.gs[w], &bs.base[w]
			for j := m * w / nw; j < m*(w+1)/nw; j++ {
				c := bs.all[j]
				st := &bs.next[j]
				bs.unpack(bs.curP[int(c.parent)*bs.slot:], p)
				g.analyse(p)
				p.remove(g, g.groupOf(int(c.cell)))
				bs.pack(bs.nextP[j*bs.slot:], p)
				st.score = c.score
				st.node = base + int32(j)
			}
		})
		bs.cur, bs.next = bs.next, bs.cur
		bs.curP, bs.nextP = bs.nextP, bs.curP
	}
	return true
}

// dedupe removes from all the candidates whose position hash repeats,
// keeping the one with the higher evaluation (the first on ties), in
// place, with table as scratch.
func dedupe(all []candidate, table *[]int32) []candidate {
	n := len(all)
	size := 1
	for size < 2*n {
		size <<= 1
	}
	if cap(*table) < size {
		*table = make([]int32, size)
	}
	t := (*table)[:size]
	for i := range t {
		t[i] = -1
	}
	mask := uint64(size - 1)
	k := 0
	for i := 0; i < n; i++ {
		c := all[i]
		j := c.hash & mask
		for {
			e := t[j]
			if e < 0 {
				t[j] = int32(k)
				all[k] = c
				k++
				break
			}
			if all[e].hash == c.hash {
				if c.eval > all[e].eval {
					all[e] = c
				}
				break
			}
			j = (j + 1) & mask
		}
	}
	return all[:k]
}

// grow returns buf with length n, reusing its array when it is large
// enough.
func grow(buf []uint32, n int) []uint32 {
	if cap(buf) < n {
		return make([]uint32, n, max(n, 2*cap(buf)))
	}
	return buf[:n]
}

// less orders candidates best first, ties by hash, so selection is
// deterministic.
func less(a, b *candidate) bool {
	if a.eval != b.eval {
		return a.eval > b.eval
	}
	return a.hash < b.hash
}

// selectTop moves the k best candidates to a[:k] (in no order).
func selectTop(a []candidate, k int) {
	lo, hi := 0, len(a)-1
	for lo < hi {
		// median of three pivot
		mid := lo + (hi-lo)/2
		if less(&a[mid], &a[lo]) {
			a[mid], a[lo] = a[lo], a[mid]
		}
		if less(&a[hi], &a[lo]) {
			a[hi], a[lo] = a[lo], a[hi]
		}
		if less(&a[hi], &a[mid]) {
			a[hi], a[mid] = a[mid], a[hi]
		}
		pivot := a[mid]
		i, j := lo, hi
		for i <= j {
			for less(&a[i], &pivot) {
				i++
			}
			for less(&pivot, &a[j]) {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		if k-1 <= j {
			hi = j
		} else if k-1 >= i {
			lo = i
		} else {
			return
		}
	}
}

func newBeamSearch(s *search, nw int) *beamSearch {
	bs := &beamSearch{s: s, nw: min(nw, 2), tabu: s.root.mostFrequent(), name: "beam"}
	bs.top = math.MinInt64
	bs.rgs = []*groups{new(groups), new(groups)}
	bs.clk = [2]*budget{s.newBudget(1), s.newBudget(1)}
	bs.clk[0].limit, bs.clk[1].limit = 0, 0
	bs.limit = s.opt.MaxNodes
	bs.cands = make([][]candidate, 2)
	bs.gs = []*groups{new(groups), new(groups)}
	bs.tmp = make([]pos, 2)
	bs.packW = int(s.root.width)
	for k := 1; k < nColors; k++ {
		if s.root.count[k] > 0 {
			bs.cols = append(bs.cols, uint8(k))
		}
	}
	bs.slot = max(bs.packW*len(bs.cols), 1)
	bs.trimAt = 2
	return bs
}

// maxBeamWidth returns the widest beam that fits in the memory cap, per
// unit of width: two beams of states (each a beamState and its packed
// masks), at most four candidates per worker's list (trimmed at twice
// the width) and as many merged, the dedupe tables for them (up to four
// int32 slots a candidate), and the history, one node a layer for at
// most beads/2 layers.
func maxBeamWidth(s *search) int {
	cols := 0
	for k := 1; k < nColors; k++ {
		if s.root.count[k] > 0 {
			cols++
		}
	}
	state := int(unsafe.Sizeof(beamState{})) + 4*max(int(s.root.width)*cols, 1)
	cand := int(unsafe.Sizeof(candidate{}))
	per := 2*state + 8*cand + 16*4 + int(unsafe.Sizeof(histNode{}))*(int(s.root.beads)/2+1)
	return max(s.opt.MemoryMB<<20/per, 16)
}

// newEvalBeam returns the beam search of --algo beam: positions judged
// by Params.BeamPotential and BeamIsolated.
func newEvalBeam(s *search, nw int) *beamSearch {
	bs := newBeamSearch(s, nw)
	bs.potential, bs.iso = s.prm.BeamPotential, s.prm.BeamIsolated
	return bs
}

// runBeam runs beam searches of widening width until the budget ends.
func runBeam(s *search) {
	bs := newEvalBeam(s, s.threads)
	beamWiden(s, bs, 1)
	bs.flush()
}

// flush counts the workers' nodes in the search's.
func (bs *beamSearch) flush() {
	bs.clk[0].flush()
	bs.clk[1].flush()
}

// beamWiden runs bs from width upward: doubling, and sizing the last run
// to what is left of the time budget.
func beamWiden(s *search, bs *beamSearch, width int) {
	maxW := maxBeamWidth(s)
	for {
		t0 := s.elapsed()
		n0 := bs.nodes
		if !bs.run(width) {
			return
		}
		if width >= maxW {
			// Widest allowed: a repeat would give the same line, but
			// not one judged otherwise.
			bs.retry(width, t0, n0)
			return
		}
		next := width * 2
		last := false
		if s.opt.Budget > 0 {
			spent := s.elapsed() - t0
			left := s.remaining()
			if bs.end > 0 {
				left = bs.end - s.elapsed()
			}
			if spent > 0 && left < 6*spent {
				// Doubling twice more would not finish: fit one last
				// run to the time left.
				fit := int(float64(width) * float64(left) / float64(spent) * 0.85)
				if fit <= width {
					return
				}
				next = fit
				last = true
			}
		}
		if s.opt.MaxNodes > 0 {
			used := bs.nodes - n0
			if bs.limit-bs.nodes < used*2 {
				return
			}
		}
		width = min(next, maxW)
		if last {
			t0, n0 = s.elapsed(), bs.nodes
			if bs.run(width) && width >= maxW {
				bs.retry(width, t0, n0)
			}
			return
		}
	}
}

// retry runs bs again at width, the width of its last run (which started
// at time t0 and node count n0), once with each of
// Params.BeamRetryIsolated in turn, while the budget left looks enough for
// a run as long as the last; bs keeps its evaluation afterwards.
func (bs *beamSearch) retry(width int, t0 time.Duration, n0 int64) {
	s := bs.s
	if !bs.potential {
		return
	}
	iso := bs.iso
	defer func() { bs.iso = iso }()
	for _, v := range s.prm.BeamRetryIsolated {
		if v == iso {
			continue
		}
		if s.opt.Budget > 0 {
			left := s.remaining()
			if bs.end > 0 {
				left = bs.end - s.elapsed()
			}
			if left < s.elapsed()-t0 {
				return
			}
		}
		if s.opt.MaxNodes > 0 && bs.limit-bs.nodes < bs.nodes-n0 {
			return
		}
		bs.iso = v
		t0, n0 = s.elapsed(), bs.nodes
		if !bs.run(width) {
			return
		}
	}
}

// runPilot runs beam searches whose children are judged by a greedy
// tabu-colour rollout to the end, widening until the budget ends.
func runPilot(s *search) {
	bs := newBeamSearch(s, s.threads)
	bs.pilot, bs.name = true, "pilot"
	beamWiden(s, bs, 1)
	bs.flush()
}
