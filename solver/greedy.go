package solver

import "chainshot/board"

// runGreedy plays two greedy lines (largest group first, with and without
// holding back the most frequent colour) and keeps the better.
func runGreedy(s *search) {
	bd := s.newBudget(1)
	for _, tabu := range []bool{true, false} {
		moves, beads, score := greedyLine(&s.root, tabu, nil)
		bd.add(1)
		s.offer(moves, beads, score, "greedy", 0)
	}
	bd.flush()
}

// greedyChoice returns the group a greedy player removes from q: the
// largest, but a group of the tabu colour t only when it is all of that
// colour's beads or nothing else can be removed. g holds q's analysis.
func greedyChoice(g *groups, q *pos, t uint8) int {
	best, bestT := -1, -1
	for k := 0; k < g.nmoves; k++ {
		id := k
		if g.color[id] == t && g.size[id] < q.count[t] {
			if bestT < 0 || g.size[id] > g.size[bestT] {
				bestT = id
			}
			continue
		}
		if best < 0 || g.size[id] > g.size[best] {
			best = id
		}
	}
	if best < 0 {
		best = bestT
	}
	return best
}

// greedyLine plays from p, always removing the largest group; with tabu it
// removes the colour most frequent in p last, unless it forms a single
// group or nothing else can be removed. It appends the moves to dst.
func greedyLine(p *pos, tabu bool, dst []board.Move) ([]board.Move, int, int) {
	q := *p
	var g groups
	t := uint8(0)
	if tabu {
		t = q.mostFrequent()
	}
	score := 0
	for {
		g.analyse(&q)
		if g.nmoves == 0 {
			break
		}
		best := greedyChoice(&g, &q, t)
		dst = append(dst, g.move(best))
		score += board.Score(q.remove(&g, best))
	}
	return dst, int(q.beads), score
}

// rollout plays the greedy tabu line from p with tabu colour t, using g as
// scratch, and returns the beads left and the score it makes. With record
// it appends the cells of its moves to dst.
func rollout(p *pos, t uint8, g *groups, record bool, dst []int16) ([]int16, int, int) {
	q := *p
	score := 0
	for {
		g.analyse(&q)
		if g.nmoves == 0 {
			break
		}
		best := greedyChoice(g, &q, t)
		if record {
			dst = append(dst, g.first[best])
		}
		score += board.Score(q.remove(g, best))
	}
	return dst, int(q.beads), score
}
