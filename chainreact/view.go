package chainreact

import "math/bits"

// The board as searches and evaluations read it, outside this package:
// the geometry of a size, a cell's state, the bit masks of cells a board
// keeps, the Zobrist keys its hash is made of, and what a move would
// change (Changes, which plays it on a copy). Each of the others is a
// read of what the rules keep anyway, small enough to be inlined where it
// is called, so that a search in another package reads a board as fast
// as this package does. Nothing here changes a position.

// Geometry returns the geometry of b's size, shared by every board of
// that size.
func (b *Board) Geometry() *Geometry { return b.geo }

// Rows returns the number of rows.
func (g *Geometry) Rows() int { return g.rows }

// Cols returns the number of columns.
func (g *Geometry) Cols() int { return g.cols }

// Cells returns the number of cells, Rows()*Cols().
func (g *Geometry) Cells() int { return g.cells }

// Capacity returns the most orbs a stable board of this size holds (see
// Board.Capacity).
func (g *Geometry) Capacity() int { return g.capacity }

// CriticalMass returns the critical mass of cell i: its number of
// neighbours, 2 in a corner, 3 on an edge, 4 inside.
func (g *Geometry) CriticalMass(i int) int { return int(g.cm[i]) }

// Neighbour returns neighbour k of cell i, for k from 0 to
// CriticalMass(i)−1, in the order the rules visit them: below, left,
// right, above.
func (g *Geometry) Neighbour(i, k int) int { return int(g.nb[i][k]) }

// Small reports whether the board has at most 64 cells: the size whose
// cell sets are bit masks (bit i for cell i), the masks below are set
// and boards keep the masks of Board.Held.
func (g *Geometry) Small() bool { return g.small }

// All returns every cell, as a bit mask (Small boards only).
func (g *Geometry) All() uint64 { return g.all }

// Corners returns the corner cells, as a bit mask (Small boards only).
func (g *Geometry) Corners() uint64 { return g.corner }

// Edges returns the edge cells that are not corners, as a bit mask
// (Small boards only).
func (g *Geometry) Edges() uint64 { return g.edge }

// Around returns the cells next to a cell of set, as a bit mask (Small
// boards only).
func (g *Geometry) Around(set uint64) uint64 {
	cols := uint(g.cols)
	return (set<<cols | set>>cols | (set<<1)&g.hasLeft | (set>>1)&g.hasRight) & g.all
}

// Pairs counts the pairs of neighbouring cells (i, j) with i in a and j
// in c, both bit masks (Small boards only).
func (g *Geometry) Pairs(a, c uint64) int {
	cols := uint(g.cols)
	return bits.OnesCount64(a&(c<<cols)) + // j = i - cols
		bits.OnesCount64(a&(c>>cols)) + // j = i + cols
		bits.OnesCount64(a&(c<<1)&g.hasLeft) + // j = i - 1
		bits.OnesCount64(a&(c>>1)&g.hasRight) // j = i + 1
}

// Critical reports whether cell i holds one orb short of its critical
// mass: the next orb to land on it explodes it.
func (b *Board) Critical(i int) bool { return b.count[i] == b.geo.cm[i]-1 }

// Held returns the cells player p holds, as a bit mask, on a board of at
// most 64 cells (Geometry.Small); 0 on a larger one.
func (b *Board) Held(p int) uint64 { return b.occ[p+1] }

// CriticalCells returns the critical cells (see Critical) of every
// player, as a bit mask, on a board that keeps masks (MasksKept); 0 on
// one that does not.
func (b *Board) CriticalCells() uint64 { return b.crit }

// MasksKept reports whether b keeps the mask of its critical cells (see
// TrackMasks).
func (b *Board) MasksKept() bool { return b.masks }

// TrackMasks computes the bit masks of the cells and keeps them from now
// on, in this board and its copies, on boards of at most 64 cells: the
// cells each player holds (kept on such boards anyway) and the critical
// cells (CriticalCells), which only the boards of a search that reads
// them pay for. On a larger board it does nothing.
func (b *Board) TrackMasks() {
	if !b.geo.small {
		return
	}
	b.occ = [MaxPlayers + 1]uint64{}
	b.crit = 0
	for i := 0; i < b.geo.cells; i++ {
		if o := b.owner[i]; o != 0 {
			b.occ[o] |= 1 << i
			if b.count[i]+1 == b.geo.cm[i] {
				b.crit |= 1 << i
			}
		}
	}
	b.masks = true
}

// Changes returns what m, played by player p whoever is to move, would
// do to b: the cells whose owner or count it changes, and whether it wins
// the game (seed 002's chain term asks it of each player's reactions).
// It plays on a copy; m must be legal for p (empty, or p's).
func (b *Board) Changes(p int, m Move) (cells int, wins bool) {
	c := *b
	c.toMove = int8(p)
	c.Play(m)
	if c.winner == int8(p) {
		return 0, true
	}
	for j, n := 0, b.geo.cells; j < n; j++ {
		if c.owner[j] != b.owner[j] || c.count[j] != b.count[j] {
			cells++
		}
	}
	return cells, false
}

// CellKey returns the Zobrist key of cell i holding count orbs (1 to 7)
// of player p: Hash is the XOR of the keys of the cells held and of the
// player to move's, drawn once from a fixed-seed generator, so the same
// from run to run. A search that hashes positions its own way (the exact
// solver, under the board's symmetries) builds its keys from these.
func CellKey(i, p, count int) uint64 { return zobCell[i][p+1][count&(maxCount-1)] }
