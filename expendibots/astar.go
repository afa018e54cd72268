package expendibots

// AlgoAStar is A* over whole positions with an admissible, consistent
// lower bound (see lowerBound): it proves its answer shortest, as AlgoBFS
// does, usually storing fewer positions.
const AlgoAStar = "astar"

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
// A child's bound is raised to its parent's less one where it is lower
// (pathmax), so f never falls along a path, and a position found again
// by a shorter path is queued again even when expanded already, so the
// answer is shortest with any admissible bound.
func (s *search) astar(b Board) Result {
	r := compact(&b)
	if res, ok := settled(r, true); ok {
		return res
	}
	var t table
	var q bucketQueue
	b0 := newBounder()
	t.insert(&r)
	h0 := b0.lowerBound(&r)
	if h0 == dead {
		return Result{Status: Unsolvable, States: 1}
	}
	root := t.at(0)
	root.parent, root.h = -1, h0
	q.push(0, int(h0))
	s.states = 1
	for f := int(h0); f < len(q); f++ {
		for len(q[f]) > 0 {
			k := len(q[f]) - 1
			i := q[f][k]
			q[f] = q[f][:k]
			n := t.at(i)
			if n.closed || int(n.g)+int(n.h) != f {
				continue // expanded already, or queued again with a smaller g
			}
			if s.over() {
				return Result{Status: OutOfBudget, States: s.states}
			}
			n.closed = true
			s.expanded++
			p, g, hp := n.p, n.g+1, n.h
			for _, c := range s.children(&p, 0) {
				if c.act.Kind == Boom {
					if c.p.black == 0 {
						// This win has f = g; every queued position has
						// f >= the popped one's, g - 1 + its bound >= g.
						return Result{Status: Solved, Actions: append(t.path(i), c.act), Optimal: true, States: s.states}
					}
					if c.p.white == 0 {
						continue
					}
				}
				j, fresh := t.insert(&c.p)
				nn := t.at(j)
				if fresh {
					s.states++
					lb := b0.lowerBound(&c.p)
					nn.parent, nn.act, nn.g = i, c.act, g
					if lb == dead {
						// Kept in the table so it is not judged again.
						nn.h, nn.closed = dead, true
						continue
					}
					nn.h = max(lb, hp-1)
					q.push(j, int(g)+int(nn.h))
					continue
				}
				if nn.h != dead && g < nn.g {
					nn.g, nn.parent, nn.act, nn.closed = g, i, c.act, false
					q.push(j, int(g)+int(nn.h))
				}
			}
		}
	}
	return Result{Status: Unsolvable, States: s.states}
}
