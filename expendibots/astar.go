package expendibots

import "math/bits"

// AlgoAStar is A* over whole positions with an admissible, consistent
// lower bound (see lowerBound): it proves its answer shortest, as AlgoBFS
// does, usually storing fewer positions.
const AlgoAStar = "astar"

// gap[p][q] is the Manhattan distance from square p to the nearest square
// next to q (the eight around it): max(0, |dx|-1) + max(0, |dy|-1).
var gap = func() (g [Size * Size][Size * Size]uint8) {
	for p := range g {
		for q := range g[p] {
			dx := Square(p).X() - Square(q).X()
			dy := Square(p).Y() - Square(q).Y()
			g[p][q] = uint8(max(0, max(dx, -dx)-1) + max(0, max(dy, -dy)-1))
		}
	}
	return g
}()

// cheb[p][q] is the Chebyshev (king-move) distance between p and q.
var cheb = func() (c [Size * Size][Size * Size]uint8) {
	for p := range c {
		for q := range c[p] {
			dx := Square(p).X() - Square(q).X()
			dy := Square(p).Y() - Square(q).Y()
			c[p][q] = uint8(max(dx, -dx, dy, -dy))
		}
	}
	return c
}()

// blackInfo is what lowerBound needs to know about a set of black squares
// and a number of white tokens.
type blackInfo struct {
	// gap[k][p] is square p's gap to the nearest black stack of cluster
	// k (see lowerBound).
	gap [][Size * Size]uint8
}

// blackKey names a set of black squares with a number of white tokens.
type blackKey struct {
	mask  uint64
	white uint8
}

// blackCache caches blackInfo: the black squares change only on booms,
// so a search meets few different sets.
type blackCache map[blackKey]*blackInfo

// blackMask returns the set of squares holding black.
func blackMask(b *Board) uint64 {
	var mask uint64
	for s, v := range b.sq {
		if v < 0 {
			mask |= 1 << uint(s)
		}
	}
	return mask
}

// get returns the blackInfo of the black squares mask with white tokens.
func (bc blackCache) get(mask uint64, white uint8) *blackInfo {
	k := blackKey{mask: mask, white: white}
	if bi, ok := bc[k]; ok {
		return bi
	}
	bi := new(blackInfo)
	var sq [Size * Size]int
	n := 0
	for m := k.mask; m != 0; m &= m - 1 {
		sq[n] = bits.TrailingZeros64(m)
		n++
	}
	// Clusters: black stacks joined when at most white+1 squares apart
	// (Chebyshev), transitively.
	var parent [Size * Size]int
	for i := range n {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if int(cheb[sq[i]][sq[j]]) <= int(white)+1 {
				if a, b := find(i), find(j); a != b {
					parent[a] = b
				}
			}
		}
	}
	index := map[int]int{}
	for i := range n {
		root := find(i)
		k, ok := index[root]
		if !ok {
			k = len(bi.gap)
			index[root] = k
			var g [Size * Size]uint8
			for p := range g {
				g[p] = 255
			}
			bi.gap = append(bi.gap, g)
		}
		for p := range bi.gap[k] {
			bi.gap[k][p] = min(bi.gap[k][p], gap[p][sq[i]])
		}
	}
	bc[k] = bi
	return bi
}

// dead is lowerBound's value for a position that cannot be won.
const dead = 255

// lowerBound is the heuristic: 0 when no black is left; otherwise C BOOMs
// plus M MOVEs. W is the white tokens; the black stacks fall into C
// clusters, two stacks sharing a cluster when a chain of stacks at most
// W+1 apart (Chebyshev) joins them; D(k) is the smallest gap (Manhattan
// distance to a square next to it) from a white stack to cluster k, and M
// the largest ceil(D(k)/W). It returns dead when C > W.
//
// Why it is admissible. A BOOM destroys exactly the 8-connected group of
// stacks around it. A group joining two black stacks k squares apart
// needs k-1 squares between them filled, by white tokens, one or more a
// square, and White has W; so no BOOM reaches two clusters, and every
// cluster costs a BOOM of its own. Each BOOM also costs at least one
// white token, hence dead when C > W. No BOOM reaches cluster k before a
// white stack stands next to it, so some token must first travel D(k)
// squares, and a MOVE carries a token at most n <= W squares.
//
// Why it is consistent (it never drops by more than 1 an action). A MOVE
// keeps the clusters and W and changes each D(k) by at most W. A BOOM
// that reaches black reaches one cluster k, for which D(k) = 0, and
// removes it; any BOOM lowers W and can remove white stacks, which can
// only raise the other clusters' D and ceil(D/W), or split clusters into
// more clusters.
func lowerBound(b *Board, bi *blackInfo, black, white uint8) uint8 {
	if black == 0 {
		return 0
	}
	if len(bi.gap) > int(white) {
		return dead
	}
	var ws [Size * Size]uint8
	nw := 0
	for s, v := range b.sq {
		if v > 0 {
			ws[nw] = uint8(s)
			nw++
		}
	}
	M := uint8(0)
	for k := range bi.gap {
		g := &bi.gap[k]
		D := uint8(255)
		for _, s := range ws[:nw] {
			D = min(D, g[s])
		}
		M = max(M, uint8((int(D)+int(white)-1)/int(white)))
	}
	return uint8(len(bi.gap)) + M
}

// anode is A*'s bookkeeping beside a table node.
type anode struct {
	black  uint64 // the black squares (see blackMask)
	g      int32  // actions from the start, the fewest found so far
	h      uint8  // lowerBound
	closed bool   // expanded
}

// bucketQueue holds node indices by f = g + h.
type bucketQueue [][]int32

func (q *bucketQueue) push(i int32, f int) {
	for len(*q) <= f {
		*q = append(*q, nil)
	}
	(*q)[f] = append((*q)[f], i)
}

// astar is A* with a bucket queue on f = g + h; within a bucket the
// position queued last comes out first, which favours deep positions.
func (s *search) astar(b Board) Result {
	r := s.root(b)
	if res, ok := settled(r, true); ok {
		return res
	}
	var t table
	var info []anode
	var q bucketQueue
	cache := blackCache{}
	t.insert(&r.b, r.hash)
	*t.at(0) = r
	mask0 := blackMask(&r.b)
	h0 := lowerBound(&r.b, cache.get(mask0, r.white), r.black, r.white)
	if h0 == dead {
		return Result{Status: Unsolvable, States: 1}
	}
	info = append(info, anode{black: mask0, h: h0})
	q.push(0, int(h0))
	s.states = 1
	acts := s.buf(0)
	var c Board
	for f := int(h0); f < len(q); f++ {
		for len(q[f]) > 0 {
			k := len(q[f]) - 1
			i := q[f][k]
			q[f] = q[f][:k]
			if info[i].closed || int(info[i].g)+int(info[i].h) != f {
				continue // expanded already, or queued again with a smaller g
			}
			if s.over() {
				return Result{Status: OutOfBudget, States: s.states}
			}
			info[i].closed = true
			s.expanded++
			n := *t.at(i)
			g := info[i].g + 1
			pmask := info[i].black
			biMoves := cache.get(pmask, n.white) // moves keep black and white counts
			acts = n.b.AppendActions(acts[:0])
			for _, a := range acts {
				h, bl, wt, set := child(&n, a, &c)
				bi, mask := biMoves, pmask
				if a.Kind == Boom {
					if bl == 0 {
						// This win has f = g, and every queued position
						// has f >= g: nothing shorter exists.
						return Result{Status: Solved, Actions: append(t.path(i), a), Optimal: true, States: s.states}
					}
					if wt == 0 {
						continue
					}
					mask = pmask &^ uint64(set)
					bi = cache.get(mask, wt)
				}
				j, fresh := t.insert(&c, h)
				if fresh {
					lb := lowerBound(&c, bi, bl, wt)
					nn := t.at(j)
					nn.parent, nn.act, nn.black, nn.white = i, a, bl, wt
					s.states++
					if lb == dead {
						// Kept in the table so it is not judged again.
						info = append(info, anode{black: mask, g: g, h: lb, closed: true})
						continue
					}
					info = append(info, anode{black: mask, g: g, h: lb})
					q.push(j, int(g)+int(lb))
					continue
				}
				if !info[j].closed && g < info[j].g {
					info[j].g = g
					t.at(j).parent, t.at(j).act = i, a
					q.push(j, int(g)+int(info[j].h))
				}
			}
		}
	}
	return Result{Status: Unsolvable, States: s.states}
}
