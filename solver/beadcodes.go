package solver

import "math/bits"

// beadKeys are move-code keys by where the beads stand now: k[c][r] is
// the key of the bead at row r of column c. NRPA's move codes are the XOR
// of their group's keys (groups.scan), so with the fixed table colKey
// (a key per colour and cell) a code names the cells a group covers, and
// with a beadKeys that follows the beads as they fall and their columns
// close (Params.BeadCodes) it names the beads themselves: cellKey of the
// colour and the cell each bead started in. A group of the same beads
// then has the same code wherever earlier moves have dropped or shifted
// it. Rows at or above a column's height are stale and never read; every
// column's key at row stride stays 0 (what a group's empty mask reads).
type beadKeys [maxCols + 1]columnKeys

// init sets k to the keys of p's beads where they stand.
func (k *beadKeys) init(p *pos) {
	*k = beadKeys{}
	for c := 0; c < int(p.width); c++ {
		for r := 0; r < int(p.height[c]); r++ {
			k[c][r] = cellKey[p.at(c, r)][c*stride+r]
		}
	}
}

// remove moves the keys as p.remove(g, id) moves the beads; call it
// before p.remove (it reads p's heights and width before the move).
func (k *beadKeys) remove(p *pos, g *groups, id int) {
	lo, hi := int(g.lo[id]), int(g.hi[id])
	gm := g.mask[int(g.off[id]):]
	var emptied uint32 // bit c-lo: column c loses every bead
	for c := lo; c <= hi; c++ {
		rm := gm[c-lo]
		h := int(p.height[c])
		col := &k[c]
		// Close each run of removed beads, top run first.
		for rm != 0 {
			t := bits.Len32(rm) - 1
			b := bits.Len32(^rm & (uint32(1)<<t - 1))
			copy(col[b:h-(t+1-b)], col[t+1:h])
			h -= t + 1 - b
			rm &= uint32(1)<<b - 1
		}
		if h == 0 {
			emptied |= 1 << (c - lo)
		}
	}
	if emptied == 0 {
		return
	}
	w, dst := int(p.width), lo
	for c := lo; c < w; c++ {
		if c <= hi && emptied>>(c-lo)&1 != 0 {
			continue
		}
		if dst != c {
			k[dst] = k[c]
		}
		dst++
	}
	for c := dst; c < w; c++ {
		k[c] = columnKeys{}
	}
}

// table returns the keys the analysis of a bead of colour c reads: g's
// bead keys when it follows them, else the fixed keys of colour c.
func (g *groups) table(c int) *beadKeys {
	if g.keys != nil {
		return g.keys
	}
	return (*beadKeys)(&colKey[c])
}
