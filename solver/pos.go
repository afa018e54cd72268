package solver

// This file is the performance-critical core: a position laid out like
// board.Board (column-major, Stride cells a column, row 0 at the bottom,
// empty columns closed to the right), plus a one-pass analysis that labels
// every group and gives each its size, colour, a representative bead and
// a move code. Nothing here allocates.

import (
	"math/rand/v2"

	"chainshot/board"
)

const (
	stride   = board.Stride
	maxCols  = board.MaxSize
	numCells = board.MaxSize * board.Stride
	nColors  = board.NumColors + 1 // colour 0 is empty
)

// pos is a position for search: the same cells as a board.Board, without
// the hash bookkeeping on every move.
type pos struct {
	cells  [numCells]uint8
	height [maxCols]uint8
	width  uint8
	beads  int16
	count  [nColors]int16
}

// cellKey are Zobrist keys per cell and colour, from a fixed seed, used for
// position hashes and move codes.
var cellKey [numCells][nColors]uint64

func init() {
	r := rand.New(rand.NewPCG(0x736f6c766572, 0x636f646573))
	for i := range cellKey {
		for c := 1; c < nColors; c++ {
			cellKey[i][c] = r.Uint64()
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
			p.cells[c*stride+r] = col
			p.count[col]++
			p.beads++
		}
	}
	return p
}

// hash returns the position's Zobrist hash.
func (p *pos) hash() uint64 {
	var h uint64
	for c := 0; c < int(p.width); c++ {
		base := c * stride
		for r := 0; r < int(p.height[c]); r++ {
			h ^= cellKey[base+r][p.cells[base+r]]
		}
	}
	return h
}

// maxGroups bounds the groups (singletons included) of a position.
const maxGroups = numCells

// groups is the analysis of a position: every cell's group label, and per
// group its size, colour, lowest-leftmost bead, column span and code.
type groups struct {
	label  [numCells]int16
	n      int // groups, singletons included
	size   [maxGroups]int16
	color  [maxGroups]uint8
	first  [maxGroups]int16 // cell index of the lowest bead of the leftmost column
	lo, hi [maxGroups]uint8 // column span
	code   [maxGroups]uint64
	par    [maxGroups]int16
	// moves lists the groups of two or more beads.
	moves  [maxGroups]int16
	nmoves int
}

// analyse labels p's groups into g. One scan, column by column, bottom
// up, joins each bead to the equal beads below and to its left with
// union-find (the smaller label is always the root, so a root is the label
// of its group's first bead in scan order) and counts size, code and
// columns per label; then the labels are folded into their roots. Cells
// keep their raw labels: groupOf resolves them.
func (g *groups) analyse(p *pos) {
	w := int(p.width)
	par := &g.par
	nl := 0
	prevH := 0
	for c := 0; c < w; c++ {
		base := c * stride
		h := int(p.height[c])
		for r := 0; r < h; r++ {
			i := base + r
			color := p.cells[i]
			l := int16(-1)
			if r > 0 && p.cells[i-1] == color {
				l = g.label[i-1]
			}
			if r < prevH && p.cells[i-stride] == color {
				m := g.label[i-stride]
				for par[m] != m {
					m = par[m]
				}
				if l < 0 {
					l = m
				} else {
					for par[l] != l {
						l = par[l]
					}
					if l != m {
						if l < m {
							par[m] = l
						} else {
							par[l] = m
							l = m
						}
					}
				}
			}
			if l < 0 {
				l = int16(nl)
				nl++
				par[l] = l
				g.size[l] = 1
				g.color[l] = color
				g.first[l] = int16(i)
				g.lo[l] = uint8(c)
				g.hi[l] = uint8(c)
				g.code[l] = cellKey[i][color]
			} else {
				g.size[l]++
				g.hi[l] = uint8(c)
				g.code[l] ^= cellKey[i][color]
			}
			g.label[i] = l
		}
		prevH = h
	}
	g.n = nl
	// Fold labels into roots; par[l] <= l, so one pass in order leaves
	// every par pointing at its root.
	g.nmoves = 0
	for l := 0; l < nl; l++ {
		r := par[par[l]]
		par[l] = r
		if int(r) != l {
			g.size[r] += g.size[l]
			g.code[r] ^= g.code[l]
			if g.hi[l] > g.hi[r] {
				g.hi[r] = g.hi[l]
			}
		}
	}
	for l := 0; l < nl; l++ {
		if int(par[l]) == l && g.size[l] >= 2 {
			g.moves[g.nmoves] = int16(l)
			g.nmoves++
		}
	}
}

// cellOf returns the cell index of m's bead.
func cellOf(m board.Move) int { return int(m.Col)*stride + int(m.Row) }

// playMove analyses p into g, removes the group holding cell and returns
// the move's score. g is stale afterwards.
func (p *pos) playMove(g *groups, cell int) int {
	g.analyse(p)
	return board.Score(p.remove(g, g.groupOf(cell)))
}

// groupOf returns the group holding cell i.
func (g *groups) groupOf(i int) int { return int(g.par[g.label[i]]) }

// move returns the board move naming group id.
func (g *groups) move(id int) board.Move {
	i := int(g.first[id])
	return board.Move{Row: uint8(i % stride), Col: uint8(i / stride)}
}

// remove plays group id (analysed by g) on p and returns the beads removed.
// g is stale afterwards.
func (p *pos) remove(g *groups, id int) int {
	lo, hi := int(g.lo[id]), int(g.hi[id])
	lab := int16(id)
	for c := lo; c <= hi; c++ {
		base := c * stride
		h := int(p.height[c])
		wr := 0
		for r := 0; r < h; r++ {
			if g.par[g.label[base+r]] != lab {
				p.cells[base+wr] = p.cells[base+r]
				wr++
			}
		}
		for r := wr; r < h; r++ {
			p.cells[base+r] = 0
		}
		p.height[c] = uint8(wr)
	}
	w := int(p.width)
	dst := lo
	for c := lo; c < w; c++ {
		h := int(p.height[c])
		if h == 0 {
			continue
		}
		if dst != c {
			copy(p.cells[dst*stride:dst*stride+h], p.cells[c*stride:c*stride+h])
			clear(p.cells[c*stride : c*stride+h])
			p.height[dst] = uint8(h)
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

// value packs a final (beads left, score) into one number that orders
// lines as the game ranks them: fewer beads, then higher score.
func value(beads, score int) int64 { return int64(score) - int64(beads)<<32 }

// better reports whether (b1, s1) ranks above (b2, s2).
func better(b1, s1, b2, s2 int) bool { return b1 < b2 || (b1 == b2 && s1 > s2) }

// guidePenalties are the bead penalties of the Monte-Carlo searches'
// guidance, by worker (cycling). A search steers by score + 1000 for a
// cleared board - penalty per bead left (the literature's scoring with a
// bead penalty) rather than by the game's strict ranking, which on the
// standard boards gave about 10% higher scores with every board still
// cleared; the line returned is still the best by the game's ranking.
// A penalty <= 0 steers by the game's ranking.
var guidePenalties = []int64{5, 30}

// guide is the value the Monte-Carlo searches maximise.
func guide(beads, score int, penalty int64) int64 {
	if penalty <= 0 {
		return value(beads, score)
	}
	v := int64(score) - int64(beads)*penalty
	if beads == 0 {
		v += 1000
	}
	return v
}
