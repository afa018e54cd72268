package chainreact

import (
	"fmt"
	"math/bits"
	"strings"
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
func (e Eval) Score(b *Board, p int) int {
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
		if b.masks {
			return staticMasks(b, p)
		}
		return weighted(b, p, false)
	case EvalTuned:
		// fitted on two players and read from masks (at most 64 cells):
		// elsewhere it is the static evaluation
		switch {
		case b.players != 2 || !b.geo.small:
			return EvalStatic.Score(b, p)
		case b.masks:
			return tuned(b, p)
		}
		c := *b
		c.trackMasks()
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

// readsMasks reports whether the evaluation is faster on boards that
// keep bit masks (trackMasks), so a search should give its boards them.
func (e Eval) readsMasks() bool { return e == EvalStatic || e == EvalTuned }

func (b *Board) critical(i int) bool { return b.count[i] == b.geo.cm[i]-1 }

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
func brilliant(b *Board, p int) int {
	g := b.geo
	own := uint8(p) + 1
	score := 0
	var inBlock [MaxCells]bool
	var stack [MaxCells]uint16
	for i := 0; i < g.cells; i++ {
		if b.owner[i] != own {
			continue
		}
		safe := true
		for k := uint8(0); k < g.cm[i]; k++ {
			j := g.nb[i][k]
			if o := b.owner[j]; o != own && o != 0 && b.critical(int(j)) {
				score -= 5 - int(g.cm[j])
				safe = false
			}
		}
		if safe {
			switch g.kind[i] {
			case 3:
				score += 2
			case 2:
				score += 3
			}
			if b.critical(i) {
				score += 2
			}
		}
		score += int(b.count[i])
		if b.critical(i) && !inBlock[i] {
			// flood the block of own critical cells holding i
			n, top := 0, 0
			stack[top] = uint16(i)
			top++
			inBlock[i] = true
			for top > 0 {
				top--
				c := stack[top]
				n++
				for k := uint8(0); k < g.cm[c]; k++ {
					j := g.nb[c][k]
					if !inBlock[j] && b.owner[j] == own && b.critical(int(j)) {
						inBlock[j] = true
						stack[top] = j
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
func h1Orbs(b *Board, p int) int {
	s := 0
	for q := 0; q < int(b.players); q++ {
		if q == p {
			s += int(b.orbs[q])
		} else {
			s -= int(b.orbs[q])
		}
	}
	return s
}

// h2Critical is +10 per critical cell of the player, −10 per enemy one.
func h2Critical(b *Board, p int) int {
	own := uint8(p) + 1
	s := 0
	for i := 0; i < b.geo.cells; i++ {
		if o := b.owner[i]; o != 0 && b.critical(i) {
			if o == own {
				s += 10
			} else {
				s -= 10
			}
		}
	}
	return s
}

// h3Control is the cells the player holds minus the cells others hold.
func h3Control(b *Board, p int) int {
	own := uint8(p) + 1
	s := 0
	for i := 0; i < b.geo.cells; i++ {
		if o := b.owner[i]; o == own {
			s++
		} else if o != 0 {
			s--
		}
	}
	return s
}

// phaseWeight is H4's weight 3.0 times the game phase, ×10: early (under a
// third of the cells occupied) 0.6, mid (under two thirds) 1.0, late 1.5.
func phaseWeight(b *Board) int {
	occ := 0
	for i := 0; i < b.geo.cells; i++ {
		if b.owner[i] != 0 {
			occ++
		}
	}
	switch {
	case 3*occ < b.geo.cells:
		return 18
	case 3*occ < 2*b.geo.cells:
		return 30
	}
	return 45
}

// h4Chain is the longest chain the player can set off with one move
// minus the longest any enemy can: for each connected block of a player's
// critical cells it simulates an orb added to the block's first cell and
// counts the cells whose owner or count changes (all of them if the move
// wins).
func h4Chain(b *Board, p int) int {
	var best [MaxPlayers]int
	g := b.geo
	var seen [MaxCells]bool
	var stack [MaxCells]uint16
	for i := 0; i < g.cells; i++ {
		o := b.owner[i]
		if o == 0 || seen[i] || !b.critical(i) {
			continue
		}
		// mark the block
		top := 0
		stack[top] = uint16(i)
		top++
		seen[i] = true
		for top > 0 {
			top--
			c := stack[top]
			for k := uint8(0); k < g.cm[c]; k++ {
				j := g.nb[c][k]
				if !seen[j] && b.owner[j] == o && b.critical(int(j)) {
					seen[j] = true
					stack[top] = j
					top++
				}
			}
		}
		c := *b
		c.toMove = int8(o - 1)
		c.Play(Move(i))
		n := 0
		if c.winner == int8(o-1) {
			n = g.cells
		} else {
			for j := 0; j < g.cells; j++ {
				if c.owner[j] != b.owner[j] || c.count[j] != b.count[j] {
					n++
				}
			}
		}
		if n > best[o-1] {
			best[o-1] = n
		}
	}
	enemy := 0
	for q := 0; q < int(b.players); q++ {
		if q != p && best[q] > enemy {
			enemy = best[q]
		}
	}
	return best[p] - enemy
}

// h5Safety scores the player's cells: +5 in a corner, +3 on an edge, −1
// for each enemy neighbour and −5 more when that neighbour is critical.
func h5Safety(b *Board, p int) int {
	g := b.geo
	own := uint8(p) + 1
	s := 0
	for i := 0; i < g.cells; i++ {
		if b.owner[i] != own {
			continue
		}
		switch g.kind[i] {
		case 2:
			s += 5
		case 3:
			s += 3
		}
		for k := uint8(0); k < g.cm[i]; k++ {
			j := g.nb[i][k]
			if o := b.owner[j]; o != own && o != 0 {
				s--
				if b.critical(int(j)) {
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
func weighted(b *Board, p int, chain bool) int {
	g := b.geo
	own := uint8(p) + 1
	h2, h3, h5, occ := 0, 0, 0, 0
	for i := 0; i < g.cells; i++ {
		o := b.owner[i]
		if o == 0 {
			continue
		}
		occ++
		crit := b.count[i] == g.cm[i]-1
		if o != own {
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
		switch g.kind[i] {
		case 2:
			h5 += 5
		case 3:
			h5 += 3
		}
		for k := uint8(0); k < g.cm[i]; k++ {
			j := g.nb[i][k]
			if oj := b.owner[j]; oj != own && oj != 0 {
				h5--
				if b.critical(int(j)) {
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
	case 3*occ < g.cells:
		phase = 18
	case 3*occ < 2*g.cells:
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
func reach(b *Board, p int) int {
	g := b.geo
	var mark [MaxCells]uint16 // block number + 1 for block cells, stamp for counted neighbours
	var stack [MaxCells]uint8
	var best [MaxPlayers]int
	block := uint16(0)
	for i := 0; i < g.cells; i++ {
		c := uint8(i)
		if b.owner[c] == 0 || mark[c] != 0 || b.count[c]+1 != g.cm[c] {
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
			x := stack[top]
			n++
			owners |= 1 << (b.owner[x] - 1)
			for k := uint8(0); k < g.cm[x]; k++ {
				j := uint8(g.nb[x][k&3])
				if mark[j] == id || mark[j] == id+1 {
					continue
				}
				if b.owner[j] != 0 && b.count[j]+1 == g.cm[j] && mark[j] == 0 {
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
		for q := 0; q < int(b.players)&7; q++ {
			if owners&(1<<q) != 0 && n > best[q] {
				best[q] = n
			}
		}
	}
	enemy := 0
	for q := 0; q < int(b.players)&7; q++ {
		if q != p && best[q] > enemy {
			enemy = best[q]
		}
	}
	return best[p] - enemy
}

// staticMasks is weighted(b, p, false) for boards that keep bit masks
// (trackMasks), computed on them: population counts of shifted masks
// count the neighbouring pairs of H5.
func staticMasks(b *Board, p int) int {
	g := b.geo
	mine, theirs := b.sides(p)
	crit := b.crit
	h2 := 10 * (bits.OnesCount64(mine&crit) - bits.OnesCount64(theirs&crit))
	h3 := bits.OnesCount64(mine) - bits.OnesCount64(theirs)
	h5 := 5*bits.OnesCount64(mine&g.corner) + 3*bits.OnesCount64(mine&g.edge) -
		pairs(g, mine, theirs) - 5*pairs(g, mine, theirs&crit)
	return 5*h1Orbs(b, p) + 20*h2 + 10*h3 + 10*h5
}

// sides returns the cells of player p and those of every other player,
// on a board that keeps masks.
func (b *Board) sides(p int) (mine, theirs uint64) {
	var all uint64
	for q := 1; q <= int(b.players); q++ {
		all |= b.occ[q]
	}
	mine = b.occ[p+1]
	return mine, all &^ mine
}

// pairs counts the pairs of neighbouring cells (i, j) with i in a and j
// in c, on a board of at most 64 cells.
func pairs(g *geometry, a, c uint64) int {
	cols := uint(g.cols)
	return bits.OnesCount64(a&(c<<cols)) + // j = i - cols
		bits.OnesCount64(a&(c>>cols)) + // j = i + cols
		bits.OnesCount64(a&(c<<1)&g.hasLeft) + // j = i - 1
		bits.OnesCount64(a&(c>>1)&g.hasRight) // j = i + 1
}
