package solver

import (
	"math"
	"strings"
	"time"
	"unsafe"

	"chainshot/board"
)

// Depth-first branch and bound. A line is pruned when even the best case
// (every colour's remaining beads in one group; every colour with a single
// bead left stranded) cannot beat the best line found, and a position
// reached before with at least the same score is not searched again
// (transposition table). When the search ends on its own, the best line is
// optimal.

type ttEntry struct {
	key   uint64
	score int32
}

type dfs struct {
	s    *search
	bd   *budget
	tt   []ttEntry
	mask uint64
	// used counts the table's occupied entries; at growAt the table
	// doubles if it may (see grow), up to maxTT entries.
	used, growAt int
	maxTT        int
	gs           []*groups
	order        [][]int16
	path         []int16
	moves        []board.Move
	bestB        int
	bestS        int
	found        bool
	stop         bool
	// name is the algorithm named with the lines found: "dfs", or for an
	// end search the line's own search with "+dfs-end".
	name string
}

// dfsBits bounds a dfs's transposition table (2^dfsBits entries, 1 GB;
// the memory cap binds first on every board over 70 beads).
const dfsBits = 26

// endBits bounds the table of the end search of auto's line (4 MB): the
// ends it searches are short.
const endBits = 18

// ttStart is the transposition table's first size (entries): small, so
// that a short search does not pay for clearing a large table.
const ttStart = 1 << 12

// ttBytesPerNS is how fast, at worst, fresh memory is cleared and paged
// in (bytes per nanosecond): the table grows only when the time left
// covers several times that cost.
const ttBytesPerNS = 1

// newDFS returns a search whose transposition table grows as it fills, up
// to 2^maxBits entries, half the memory cap, and less on small boards.
func newDFS(s *search, bd *budget, maxBits int) *dfs {
	d := &dfs{s: s, bd: bd, name: "dfs"}
	d.maxTT = 1 << min(maxBits, 12+int(s.root.beads)/5)
	for d.maxTT > ttStart && d.maxTT*int(unsafe.Sizeof(ttEntry{})) > s.opt.MemoryMB<<20/2 {
		d.maxTT >>= 1
	}
	d.tt = make([]ttEntry, min(ttStart, d.maxTT))
	d.mask = uint64(len(d.tt) - 1)
	d.growAt = len(d.tt) / 2
	return d
}

// grow doubles the table (half of it is used) when there is room under
// maxTT and the time left covers clearing it many times over; otherwise
// it tries again later. An entry at i goes to i or i+len, so none is
// lost.
func (d *dfs) grow() {
	n := len(d.tt)
	if 2*n > d.maxTT {
		d.growAt = math.MaxInt
		return
	}
	bytes := 2 * n * int(unsafe.Sizeof(ttEntry{}))
	if d.s.remaining() < 8*time.Duration(bytes/ttBytesPerNS) {
		d.growAt = d.used + n/8
		return
	}
	tt := make([]ttEntry, 2*n)
	mask := uint64(2*n - 1)
	for _, e := range d.tt {
		if e.key != 0 {
			tt[e.key&mask] = e
		}
	}
	d.tt, d.mask = tt, mask
	d.growAt = n
}

// run searches from the root; it reports whether the search was complete.
func (d *dfs) run() bool {
	return d.runFrom(d.s.bestKey())
}

// runFrom searches from the root, pruning against a line of beads and
// score when found; it reports whether the search was complete.
func (d *dfs) runFrom(beads, score int, found bool) bool {
	d.bestB, d.bestS, d.found = beads, score, found
	d.search(&d.s.root, 0, 0)
	d.bd.flush()
	return !d.stop
}

func (d *dfs) search(p *pos, score, depth int) {
	if d.stop {
		return
	}
	if d.bd.add(1) {
		d.stop = true
		return
	}
	if d.found && !d.mayBeat(p, score) {
		return
	}
	h := p.hash()
	e := &d.tt[h&d.mask]
	if e.key == h && int(e.score) >= score {
		return
	}
	if e.key == 0 {
		d.used++
		e.key, e.score = h, int32(score)
		if d.used >= d.growAt {
			d.grow()
		}
	} else {
		e.key, e.score = h, int32(score)
	}
	for len(d.gs) <= depth {
		d.gs = append(d.gs, new(groups))
		d.order = append(d.order, make([]int16, 0, 64))
	}
	g := d.gs[depth]
	g.analyse(p)
	if g.nmoves == 0 {
		if !d.found || d.s.opt.Rank.Better(int(p.beads), score, d.bestB, d.bestS) {
			d.found, d.bestB, d.bestS = true, int(p.beads), score
			d.moves = d.moves[:0]
			for _, c := range d.path[:depth] {
				d.moves = append(d.moves, board.Move{Row: uint8(int(c) % stride), Col: uint8(int(c) / stride)})
			}
			d.s.offer(d.moves, d.bestB, d.bestS, d.name, 0)
		}
		return
	}
	// Largest groups first.
	ord := d.order[depth][:0]
	for k := 0; k < g.nmoves; k++ {
		id := int16(k)
		j := len(ord)
		ord = append(ord, id)
		for j > 0 && g.size[ord[j-1]] < g.size[id] {
			ord[j] = ord[j-1]
			j--
		}
		ord[j] = id
	}
	d.order[depth] = ord
	for len(d.path) <= depth {
		d.path = append(d.path, 0)
	}
	var child pos
	for _, id := range ord {
		child = *p
		n := child.remove(g, int(id))
		d.path[depth] = g.first[id]
		d.search(&child, score+board.Score(n), depth+1)
		if d.stop {
			return
		}
	}
}

// mayBeat reports whether a line through p, reached with score, may still
// rank above the best line found: its best case (every colour's remaining
// beads in one group, a colour with a single bead left stranding it, so
// the fewest beads and the highest score together, and the clear bonus
// only where a clear is possible) ranks above the best line by the
// search's rank.
func (d *dfs) mayBeat(p *pos, score int) bool {
	r := d.s.opt.Rank
	return r.Value(p.lowerBeads(), score+p.upperScore()) > r.Value(d.bestB, d.bestS)
}

// runDFS runs the branch and bound from the best line so far;
// a complete search marks the result optimal.
func runDFS(s *search) {
	d := newDFS(s, s.newBudget(1), dfsBits)
	if d.run() {
		s.finished = true
	}
}

// endSearchName names a line that an end search improved: the search
// whose line it started from, then "+dfs-end".
func endSearchName(base string) string {
	if strings.HasSuffix(base, "+dfs-end") {
		return base
	}
	return base + "+dfs-end"
}

// polish searches the end of the best line exhaustively: from the first
// position on it with at most limit beads left, every continuation, for
// limits growing while bd lasts. It returns when bd runs out.
func polish(s *search, bd *budget) {
	// A small table: the tails searched are short, and a large one would
	// cost its allocation at the very end of the budget.
	d := newDFS(s, bd, endBits)
	var g groups
	for limit := 20; limit <= int(s.root.beads); limit += 8 {
		s.mu.Lock()
		moves := append([]board.Move(nil), s.best...)
		s.mu.Unlock()
		p := s.root
		score := 0
		d.path = d.path[:0]
		j := 0
		for ; j < len(moves) && int(p.beads) > limit; j++ {
			cell := cellOf(moves[j])
			score += p.playMove(&g, cell)
			d.path = append(d.path, int16(cell))
		}
		if j == len(moves) {
			continue // the line ends with more than limit beads
		}
		s.mu.Lock()
		d.bestB, d.bestS, d.found = s.bestB, s.bestS, s.found
		d.name = endSearchName(s.bestAlgo)
		s.mu.Unlock()
		d.search(&p, score, j)
		if d.stop {
			break
		}
		if j == 0 {
			s.finished = true // searched from the root: optimal
			break
		}
	}
	bd.flush()
}
