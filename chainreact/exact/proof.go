package exact

import (
	"errors"
	"fmt"
	"hash/fnv"

	"chainshot/chainreact"
)

// A split proof: the positions a few plies after the root, one for each
// class of positions equal up to the board's symmetries (and reached by
// any order of moves), are solved one by one, each on its own, perhaps on
// different machines and over several sittings; the root's value then
// follows from theirs by minimax over those first plies. Split makes the
// lines, Combine does the minimax.

// ProofLine is one position of a split proof: the one Moves reach from
// the root, the first reached by a depth-first walk over the moves in
// cell order.
type ProofLine struct {
	// Index is the line's place in the split, from 0.
	Index int
	// Moves lead from the root to the line's position.
	Moves []chainreact.Move
	// Board is the line's position.
	Board chainreact.Board
	key   uint64
	sym   int
}

// ProofSplit is the lines of a split proof of Root after Plies plies.
type ProofSplit struct {
	Root  chainreact.Board
	Plies int
	Lines []ProofLine
	// sym is a solver used only for its symmetries and canonical keys.
	sym   *Solver
	index map[uint64]int // line index by canonical key
}

// MaxSplitLines caps the lines of a split: a proof file stays small, and
// a split held in memory (some 700 bytes a line on 16x16) stays under
// 50 MB, whatever a proof file's header asks.
const MaxSplitLines = 1 << 16

// Split returns the lines of a proof of root, a two-player position, split
// after plies plies: every position reached after exactly that many moves
// whose game is not over, one for each class of positions equal up to the
// board's symmetries, in the order a depth-first walk over the moves (in
// cell order) first reaches them, so that lines next to each other share a
// beginning. The same root and plies give the same lines on any machine.
func Split(root *chainreact.Board, plies int) (*ProofSplit, error) {
	if root.Players() != 2 {
		return nil, ErrSolvePlayers
	}
	if plies < 0 {
		return nil, fmt.Errorf("chainreact: split after %d plies", plies)
	}
	sym := NewSolver(SolveOptions{TableMB: 1})
	sym.prepare(root)
	p := &ProofSplit{Root: *root, Plies: plies, sym: sym, index: map[uint64]int{}}
	var path []chainreact.Move
	// inner holds the positions before the split already walked: a
	// position met again (by another order of moves, or a symmetry) has
	// the same lines below it, found the first time, so the walk takes
	// time in the positions, not in the orders of moves that reach them.
	inner := map[uint64]bool{}
	var walk func(b *chainreact.Board, d int) error
	walk = func(b *chainreact.Board, d int) error {
		if b.Over() {
			return nil
		}
		if d < plies {
			key, _ := sym.canon(b)
			if inner[key] {
				return nil
			}
			inner[key] = true
		}
		if d == plies {
			key, s := sym.canon(b)
			if _, seen := p.index[key]; seen {
				return nil
			}
			if len(p.Lines) == MaxSplitLines {
				return fmt.Errorf("chainreact: a split after %d plies has more than %d lines", plies, MaxSplitLines)
			}
			p.index[key] = len(p.Lines)
			p.Lines = append(p.Lines, ProofLine{Index: len(p.Lines), Moves: append([]chainreact.Move(nil), path...), Board: *b, key: key, sym: s})
			return nil
		}
		for _, m := range b.AppendMoves(nil) {
			c := *b
			c.Play(m)
			path = append(path, m)
			err := walk(&c, d+1)
			path = path[:len(path)-1]
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root, 0); err != nil {
		return nil, err
	}
	return p, nil
}

// Digest is a fingerprint of the split's lines (their moves, in order):
// two splits with the same digest have the same lines, so proof files made
// on different machines or by different versions can be joined only when
// their digests agree.
func (p *ProofSplit) Digest() string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%dx%d %d\n", p.Root.Rows(), p.Root.Cols(), p.Plies)
	for _, l := range p.Lines {
		for _, m := range l.Moves {
			fmt.Fprintf(h, "%d ", m)
		}
		h.Write([]byte{'\n'})
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// LineResult is what a line's solve proved: the winner (0 or 1) and the
// last ply under perfect play (counted from the empty board, as every
// ply), or bounds on it when the solve stopped once the winner was proved,
// and, when exact, a principal variation from the line's position.
type LineResult struct {
	Winner int
	// Exact says the last ply is Plies and PV leads to it; otherwise it
	// lies in [PliesMin, PliesMax].
	Exact              bool
	Plies              int
	PliesMin, PliesMax int
	PV                 []chainreact.Move
}

// bounds returns the range of the line's last ply.
func (r *LineResult) bounds() (int, int) {
	if r.Exact {
		return r.Plies, r.Plies
	}
	return r.PliesMin, r.PliesMax
}

// ErrLineResult is returned by Combine for a line result that cannot be
// the value of its position.
var ErrLineResult = errors.New("chainreact: a proof line's result is impossible")

// Combine returns what the line results prove of the root by minimax over
// the split's first plies: results[i] is line i's, or nil when line i is
// not solved yet. With every line needed, the result is exact, with a
// principal variation (the first plies, then the line's own, mapped onto
// the orientation the walk reaches it in); otherwise it says what is
// proved so far (the winner and a range of last plies, or nothing). Its
// Nodes is 0: the caller knows what the lines cost.
func (p *ProofSplit) Combine(results []*LineResult) (SolveResult, error) {
	if len(results) != len(p.Lines) {
		return SolveResult{}, fmt.Errorf("chainreact: %d results for %d lines", len(results), len(p.Lines))
	}
	for i, r := range results {
		if r == nil {
			continue
		}
		b := &p.Lines[i].Board
		lo, hi := r.bounds()
		if (r.Winner != 0 && r.Winner != 1) || lo <= b.Ply() || lo > hi || hi > b.Capacity()+1 || (r.Exact && len(r.PV) == 0) {
			return SolveResult{}, fmt.Errorf("%w: line %d: winner %d on ply %d to %d from ply %d", ErrLineResult, i, r.Winner, lo, hi, b.Ply())
		}
	}
	c := &combiner{p: p, results: results, memo: map[uint64][2]int32{}}
	root := p.Root
	if root.Over() {
		w := root.Winner()
		return SolveResult{Exact: true, Winner: w, Plies: root.Ply(), PliesMin: root.Ply(), PliesMax: root.Ply()}, nil
	}
	lo, hi := c.bounds(&root, 0)
	var res SolveResult
	res.Winner, res.PliesMin, res.PliesMax = outcome(&root, lo, hi)
	if lo != hi {
		return res, nil
	}
	// exact only with a principal variation to the end: through lines
	// solved exactly
	if pv, ok := c.principal(root, lo); ok {
		res.Exact, res.Plies, res.PV = true, res.PliesMin, pv
	}
	return res, nil
}

// combiner does Combine's minimax over value bounds: a line not solved is
// worth anything from the soonest loss to the soonest win.
type combiner struct {
	p       *ProofSplit
	results []*LineResult
	memo    map[uint64][2]int32
}

// bounds returns the bounds [lo, hi] proved of b's value, b being d plies
// below the root and not over.
func (c *combiner) bounds(b *chainreact.Board, d int) (int32, int32) {
	key, _ := c.p.sym.canon(b)
	if d == c.p.Plies {
		i, ok := c.p.index[key]
		if !ok {
			panic("chainreact: a position after the split's plies is not one of its lines")
		}
		r := c.results[i]
		if r == nil {
			return solveLoss(soonest(int32(b.Ply()) + 2)), solveWinAt(soonest(int32(b.Ply()) + 1))
		}
		first, last := r.bounds()
		if r.Winner == b.ToMove() { // sooner is better
			return solveWinAt(int32(last)), solveWinAt(int32(first))
		}
		return solveLoss(int32(first)), solveLoss(int32(last))
	}
	if v, ok := c.memo[key]; ok {
		return v[0], v[1]
	}
	lo, hi := int32(-solveNoBound), int32(-solveNoBound)
	for _, m := range b.AppendMoves(nil) {
		k := *b
		k.Play(m)
		var klo, khi int32
		if k.Over() { // the mover won
			klo = solveLoss(int32(k.Ply()))
			khi = klo
		} else {
			klo, khi = c.bounds(&k, d+1)
		}
		lo, hi = max(lo, -khi), max(hi, -klo)
	}
	c.memo[key] = [2]int32{lo, hi}
	return lo, hi
}

// principal returns a principal variation from the root, whose value is
// v: the first move at each ply whose child has the value v implies, then
// at the split's depth the line's own variation; false if that line was
// not solved exactly.
func (c *combiner) principal(b chainreact.Board, v int32) ([]chainreact.Move, bool) {
	var line []chainreact.Move
	for d := 0; ; d++ {
		if b.Over() {
			return line, true
		}
		if d == c.p.Plies {
			key, sym := c.p.sym.canon(&b)
			l := &c.p.Lines[c.p.index[key]]
			r := c.results[l.Index]
			if !r.Exact {
				return nil, false
			}
			for _, m := range r.PV {
				// the line's orientation → canonical → this one
				line = append(line, chainreact.Move(c.p.sym.inv[sym][c.p.sym.perm[l.sym][m]]))
			}
			return line, true
		}
		next := chainreact.NoMove
		var after chainreact.Board
		for _, m := range b.AppendMoves(nil) {
			k := b
			k.Play(m)
			klo, khi := solveLoss(int32(k.Ply())), solveLoss(int32(k.Ply()))
			if !k.Over() {
				klo, khi = c.bounds(&k, d+1)
			}
			if klo == khi && -klo == v {
				next, after = m, k
				break
			}
		}
		if next == chainreact.NoMove {
			panic("chainreact: no move keeps the combined value")
		}
		line = append(line, next)
		b, v = after, -v
	}
}

// Needed says which lines may still change what the lines prove of the
// root: with winnerOnly, its winner; otherwise its exact value. A line is
// needed unless every way the walk reaches it passes a position already
// settled (its winner proved, or with !winnerOnly its value exact), or a
// move that cannot be better for its mover than what that position
// already has (so an exact run after a winner-only one does not solve
// the lines already proved lost for the player who chooses them): its
// value cannot change that position's, nor so the root's. Once the root
// is settled no line is needed.
func (p *ProofSplit) Needed(results []*LineResult, winnerOnly bool) []bool {
	needed := make([]bool, len(p.Lines))
	if len(results) != len(p.Lines) || p.Root.Over() {
		return needed
	}
	c := &combiner{p: p, results: results, memo: map[uint64][2]int32{}}
	settled := func(lo, hi int32) bool {
		if winnerOnly {
			return lo > 0 || hi < 0
		}
		return lo == hi
	}
	seen := map[uint64]bool{}
	var walk func(b *chainreact.Board, d int)
	walk = func(b *chainreact.Board, d int) {
		key, _ := p.sym.canon(b)
		if d == p.Plies {
			needed[p.index[key]] = true
			return
		}
		if seen[key] {
			return
		}
		seen[key] = true
		lo, hi := c.bounds(b, d)
		if settled(lo, hi) {
			return
		}
		for _, m := range b.AppendMoves(nil) {
			k := *b
			k.Play(m)
			if k.Over() {
				continue
			}
			// A move whose best for the mover is no more than what b
			// already has (a line proved lost where a win is known, or
			// a win known to come later than one proved) cannot change
			// b's value: b's is the best of its moves'.
			if klo, _ := c.bounds(&k, d+1); -klo <= lo {
				continue
			}
			walk(&k, d+1)
		}
	}
	root := p.Root
	walk(&root, 0)
	for i, r := range results {
		if r != nil && (r.Exact || winnerOnly) {
			needed[i] = false // solved as far as asked
		}
	}
	return needed
}

// Support returns the lines a proof of the root's winner rests on, given
// the lines' results (nil where not solved): from each of the winner's
// positions within the split, the first move the results prove wins,
// and from each of the loser's, every move; nil when the results do not
// prove the winner. These lines checked (their winner and a range of
// plies each), and combined by Combine, prove the root's winner again;
// the other lines cannot change it.
func (p *ProofSplit) Support(results []*LineResult) []bool {
	res, err := p.Combine(results)
	if err != nil || res.Winner < 0 || p.Root.Over() {
		return nil
	}
	c := &combiner{p: p, results: results, memo: map[uint64][2]int32{}}
	support := make([]bool, len(p.Lines))
	seen := map[uint64]bool{}
	var walk func(b *chainreact.Board, d int)
	walk = func(b *chainreact.Board, d int) {
		key, _ := p.sym.canon(b)
		if d == p.Plies {
			support[p.index[key]] = true
			return
		}
		if seen[key] {
			return
		}
		seen[key] = true
		winner := b.ToMove() == res.Winner
		for _, m := range b.AppendMoves(nil) {
			k := *b
			k.Play(m)
			switch {
			case k.Over() && winner:
				return // wins at once: no line needed
			case k.Over():
				continue // the loser cannot win at once: the results prove it
			case !winner:
				walk(&k, d+1)
				continue
			}
			if _, hi := c.bounds(&k, d+1); hi < 0 { // the loser's best at k is a loss
				walk(&k, d+1)
				return
			}
		}
	}
	root := p.Root
	walk(&root, 0)
	return support
}
