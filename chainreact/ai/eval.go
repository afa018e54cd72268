package ai

import (
	"fmt"
	"math/bits"
	"strings"

	"chainshot/chainreact"
)

// Eval names a static evaluation: a score of a position from one player's
// point of view, higher is better for that player.
type Eval uint8

// The evaluations. Seed 002's are integers scaled by ten so its weights
// (0.5, 2.0, 1.0, 3.0×phase, 1.0) stay exact.
const (
	EvalBrilliant Eval = iota // seed 001's heuristic (the Brilliant.org post)
	EvalWeighted              // seed 002's weighted sum of H1..H5 with phase scaling
	EvalOrbs                  // seed 002's H1 alone: orb difference
	EvalCritical              // seed 002's H2 alone: ±10 per critical cell
	EvalControl               // seed 002's H3 alone: cells held difference
	EvalChain                 // seed 002's H4 alone: longest chain a move can set off
	EvalSafety                // seed 002's H5 alone: corners, edges, threats
	EvalStatic                // seed 002's weights without H4: the chains are left to quiescence search
	EvalReach                 // seed 002's weights with H4 estimated from blocks of critical cells, without simulating
	EvalTuned                 // features of threats, tempo and capture fitted to self-play results, by game phase (two players, at most 64 cells; else EvalStatic)
	numEvals
)

var evalNames = [numEvals]string{"brilliant", "weighted", "orbs", "critical", "control", "chain", "safety", "static", "reach", "tuned"}

// String returns the evaluation's name as spec strings write it.
func (e Eval) String() string {
	if e < numEvals {
		return evalNames[e]
	}
	return fmt.Sprintf("Eval(%d)", uint8(e))
}

// Evals lists every evaluation, in declaration order.
func Evals() []Eval {
	out := make([]Eval, numEvals)
	for i := range out {
		out[i] = Eval(i)
	}
	return out
}

// ParseEval returns the evaluation with the given name.
func ParseEval(s string) (Eval, error) {
	for i, n := range evalNames {
		if n == s {
			return Eval(i), nil
		}
	}
	last := len(evalNames) - 1
	return 0, fmt.Errorf("unknown evaluation %q (want %s or %s)", s, strings.Join(evalNames[:last], ", "), evalNames[last])
}

// WinScore is the value of a won game for evaluations other than
// EvalBrilliant, which uses ±10000 as seed 001 does.
const WinScore = 1 << 24

// Score evaluates b for player p. A finished game scores ±10000 under
// EvalBrilliant and ±WinScore under the others.
func (e Eval) Score(b *chainreact.Board, p int) int {
	if b.Over() {
		w := WinScore
		if e == EvalBrilliant {
			w = 10000
		}
		if b.Winner() == p {
			return w
		}
		return -w
	}
	switch e {
	case EvalBrilliant:
		return brilliant(b, p)
	case EvalWeighted:
		return weighted(b, p, true)
	case EvalStatic:
		if b.MasksKept() {
			return staticMasks(b, p)
		}
		return weighted(b, p, false)
	case EvalTuned:
		// fitted on two players and read from masks (at most 64 cells):
		// elsewhere it is the static evaluation
		switch {
		case b.Players() != 2 || !b.Geometry().Small():
			return EvalStatic.Score(b, p)
		case b.MasksKept():
			return tuned(b, p)
		}
		c := *b
		c.TrackMasks()
		return tuned(&c, p)
	case EvalReach:
		return weighted(b, p, false) + 10*phaseWeight(b)*reach(b, p)/10
	case EvalOrbs:
		return h1Orbs(b, p)
	case EvalCritical:
		return h2Critical(b, p)
	case EvalControl:
		return h3Control(b, p)
	case EvalChain:
		return h4Chain(b, p)
	case EvalSafety:
		return h5Safety(b, p)
	}
	return 0
}

// critical reports whether cell i of b is one orb short of exploding
// (Board.Critical), with b's geometry g, which the caller's loop holds.
func critical(b *chainreact.Board, g *chainreact.Geometry, i int) bool {
	_, k := b.Cell(i)
	return k == g.CriticalMass(i)-1
}

// owner returns the player holding cell i of b, -1 if it is empty.
func owner(b *chainreact.Board, i int) int {
	o, _ := b.Cell(i)
	return o
}

// readsMasks reports whether the evaluation is faster on boards that
// keep bit masks (TrackMasks), so a search should give its boards them.
func (e Eval) readsMasks() bool { return e == EvalStatic || e == EvalTuned }

// brilliant is seed 001's heuristic as its text describes it, reading
// "orb" in rules 3 to 5 as "cell holding the player's orbs" (as the
// original program does):
//  3. for each enemy critical cell next to it, subtract 5 minus that
//     enemy cell's critical mass;
//  4. if no enemy neighbour is critical, +2 on an edge, +3 in a corner;
//  5. if no enemy neighbour is critical, +2 if the cell itself is critical;
//  6. +1 per orb of the player;
//  7. +2 × size for every connected block of the player's critical cells.
//
// Won and lost games (rules 1 and 2) are handled by Score.
func brilliant(b *chainreact.Board, p int) int {
	g := b.Geometry()
	score := 0
	var inBlock [chainreact.MaxCells]bool
	var stack [chainreact.MaxCells]uint16
	for i := 0; i < g.Cells(); i++ {
		o, count := b.Cell(i)
		if o != p {
			continue
		}
		safe := true
		for k := 0; k < g.CriticalMass(i); k++ {
			j := g.Neighbour(i, k)
			if oj, _ := b.Cell(j); oj != p && oj >= 0 && critical(b, g, j) {
				score -= 5 - g.CriticalMass(j)
				safe = false
			}
		}
		if safe {
			switch g.CriticalMass(i) {
			case 3:
				score += 2
			case 2:
				score += 3
			}
			if critical(b, g, i) {
				score += 2
			}
		}
		score += count
		if critical(b, g, i) && !inBlock[i] {
			// flood the block of own critical cells holding i
			n, top := 0, 0
			stack[top] = uint16(i)
			top++
			inBlock[i] = true
			for top > 0 {
				top--
				c := int(stack[top])
				n++
				for k := 0; k < g.CriticalMass(c); k++ {
					j := g.Neighbour(c, k)
					if oj, _ := b.Cell(j); !inBlock[j] && oj == p && critical(b, g, j) {
						inBlock[j] = true
						stack[top] = uint16(j)
						top++
					}
				}
			}
			score += 2 * n
		}
	}
	return score
}

// h1Orbs is the player's orbs minus everyone else's.
func h1Orbs(b *chainreact.Board, p int) int {
	s := 0
	for q := 0; q < b.Players(); q++ {
		if q == p {
			s += b.Orbs(q)
		} else {
			s -= b.Orbs(q)
		}
	}
	return s
}

// h2Critical is +10 per critical cell of the player, −10 per enemy one.
func h2Critical(b *chainreact.Board, p int) int {
	g := b.Geometry()
	s := 0
	for i := 0; i < g.Cells(); i++ {
		if o, _ := b.Cell(i); o >= 0 && critical(b, g, i) {
			if o == p {
				s += 10
			} else {
				s -= 10
			}
		}
	}
	return s
}

// h3Control is the cells the player holds minus the cells others hold.
func h3Control(b *chainreact.Board, p int) int {
	s := 0
	for i := 0; i < b.Cells(); i++ {
		if o, _ := b.Cell(i); o == p {
			s++
		} else if o >= 0 {
			s--
		}
	}
	return s
}

// phaseWeight is H4's weight 3.0 times the game phase, ×10: early (under a
// third of the cells occupied) 0.6, mid (under two thirds) 1.0, late 1.5.
func phaseWeight(b *chainreact.Board) int {
	occ := 0
	for i := 0; i < b.Cells(); i++ {
		if o, _ := b.Cell(i); o >= 0 {
			occ++
		}
	}
	switch {
	case 3*occ < b.Cells():
		return 18
	case 3*occ < 2*b.Cells():
		return 30
	}
	return 45
}

// h4Chain is the longest chain the player can set off with one move
// minus the longest any enemy can: for each connected block of a player's
// critical cells it simulates an orb added to the block's first cell and
// counts the cells whose owner or count changes (all of them if the move
// wins).
func h4Chain(b *chainreact.Board, p int) int {
	var best [chainreact.MaxPlayers]int
	g := b.Geometry()
	var seen [chainreact.MaxCells]bool
	var stack [chainreact.MaxCells]uint16
	for i := 0; i < g.Cells(); i++ {
		o, _ := b.Cell(i)
		if o < 0 || seen[i] || !critical(b, g, i) {
			continue
		}
		// mark the block
		top := 0
		stack[top] = uint16(i)
		top++
		seen[i] = true
		for top > 0 {
			top--
			c := int(stack[top])
			for k := 0; k < g.CriticalMass(c); k++ {
				j := g.Neighbour(c, k)
				if oj, _ := b.Cell(j); !seen[j] && oj == o && critical(b, g, j) {
					seen[j] = true
					stack[top] = uint16(j)
					top++
				}
			}
		}
		n, wins := b.Changes(o, chainreact.Move(i))
		if wins {
			n = g.Cells()
		}
		if n > best[o] {
			best[o] = n
		}
	}
	enemy := 0
	for q := 0; q < b.Players(); q++ {
		if q != p && best[q] > enemy {
			enemy = best[q]
		}
	}
	return best[p] - enemy
}

// h5Safety scores the player's cells: +5 in a corner, +3 on an edge, −1
// for each enemy neighbour and −5 more when that neighbour is critical.
func h5Safety(b *chainreact.Board, p int) int {
	g := b.Geometry()
	s := 0
	for i := 0; i < g.Cells(); i++ {
		if o, _ := b.Cell(i); o != p {
			continue
		}
		switch g.CriticalMass(i) {
		case 2:
			s += 5
		case 3:
			s += 3
		}
		for k := 0; k < g.CriticalMass(i); k++ {
			j := g.Neighbour(i, k)
			if o, _ := b.Cell(j); o != p && o >= 0 {
				s--
				if critical(b, g, j) {
					s -= 5
				}
			}
		}
	}
	return s
}

// weighted is seed 002's full evaluation, ×10: 0.5·H1 + 2·H2 + 1·H3 +
// 3·phase·H4 + 1·H5, with H1, H2, H3, H5 and the phase in one pass.
// Without chain it leaves H4 out (EvalStatic).
func weighted(b *chainreact.Board, p int, chain bool) int {
	g := b.Geometry()
	h2, h3, h5, occ := 0, 0, 0, 0
	for i := 0; i < g.Cells(); i++ {
		o, _ := b.Cell(i)
		if o < 0 {
			continue
		}
		occ++
		crit := critical(b, g, i)
		if o != p {
			h3--
			if crit {
				h2 -= 10
			}
			continue
		}
		h3++
		if crit {
			h2 += 10
		}
		switch g.CriticalMass(i) {
		case 2:
			h5 += 5
		case 3:
			h5 += 3
		}
		for k := 0; k < g.CriticalMass(i); k++ {
			j := g.Neighbour(i, k)
			if oj, _ := b.Cell(j); oj != p && oj >= 0 {
				h5--
				if critical(b, g, j) {
					h5 -= 5
				}
			}
		}
	}
	if !chain {
		return 5*h1Orbs(b, p) + 20*h2 + 10*h3 + 10*h5
	}
	phase := 45
	switch {
	case 3*occ < g.Cells():
		phase = 18
	case 3*occ < 2*g.Cells():
		phase = 30
	}
	return 5*h1Orbs(b, p) + 20*h2 + 10*h3 + phase*h4Chain(b, p) + 10*h5
}

// reach estimates H4 without playing any move: a reaction started in a
// critical cell runs through every critical cell connected to it,
// whoever owns them, and changes those cells and their neighbours. For
// each block of critical cells (any owner) it counts the block and the
// cells next to it; a player's reach is the largest count among the
// blocks holding one of that player's critical cells. It returns the
// player's reach minus the largest enemy reach.
func reach(b *chainreact.Board, p int) int {
	g := b.Geometry()
	var mark [chainreact.MaxCells]uint16 // block number + 1 for block cells, stamp for counted neighbours
	var stack [chainreact.MaxCells]uint8
	var best [chainreact.MaxPlayers]int
	block := uint16(0)
	for i := 0; i < g.Cells(); i++ {
		c := uint8(i)
		if o, _ := b.Cell(i); o < 0 || mark[c] != 0 || !critical(b, g, i) {
			continue
		}
		block++
		id := block * 2 // even: in the block; odd: counted as a neighbour
		var owners uint16
		n, top := 0, 0
		stack[0] = c
		top = 1
		mark[c] = id
		for top > 0 {
			top--
			x := int(stack[top])
			n++
			ox, _ := b.Cell(x)
			owners |= 1 << ox
			for k := 0; k < g.CriticalMass(x); k++ {
				j := uint8(g.Neighbour(x, k&3))
				if mark[j] == id || mark[j] == id+1 {
					continue
				}
				if oj, _ := b.Cell(int(j)); oj >= 0 && critical(b, g, int(j)) && mark[j] == 0 {
					mark[j] = id
					stack[top] = j
					top++
				} else if mark[j] < id {
					// a cell not in any block yet, or in an earlier one
					// (never: blocks are maximal), counted once
					if mark[j] == 0 || mark[j]&1 == 1 {
						mark[j] = id + 1
						n++
					}
				}
			}
		}
		for q := 0; q < b.Players()&7; q++ {
			if owners&(1<<q) != 0 && n > best[q] {
				best[q] = n
			}
		}
	}
	enemy := 0
	for q := 0; q < b.Players()&7; q++ {
		if q != p && best[q] > enemy {
			enemy = best[q]
		}
	}
	return best[p] - enemy
}

// staticMasks is weighted(b, p, false) for boards that keep bit masks
// (TrackMasks), computed on them: population counts of shifted masks
// count the neighbouring pairs of H5.
func staticMasks(b *chainreact.Board, p int) int {
	g := b.Geometry()
	mine, theirs := sides(b, p)
	crit := b.CriticalCells()
	h2 := 10 * (bits.OnesCount64(mine&crit) - bits.OnesCount64(theirs&crit))
	h3 := bits.OnesCount64(mine) - bits.OnesCount64(theirs)
	h5 := 5*bits.OnesCount64(mine&g.Corners()) + 3*bits.OnesCount64(mine&g.Edges()) -
		g.Pairs(mine, theirs) - 5*g.Pairs(mine, theirs&crit)
	return 5*h1Orbs(b, p) + 20*h2 + 10*h3 + 10*h5
}

// sides returns the cells of player p and those of every other player,
// on a board of at most 64 cells.
func sides(b *chainreact.Board, p int) (mine, theirs uint64) {
	var all uint64
	for q := 0; q < b.Players(); q++ {
		all |= b.Held(q)
	}
	mine = b.Held(p)
	return mine, all &^ mine
}
