package solver

import (
	"math"
	"math/rand/v2"
	"sort"
	"sync/atomic"
	"time"

	"chainshot/board"
)

// runAuto picks by board: on a small board (Params.SmallBoard), dfs
// (which may prove its line optimal) runs beside NRPA and stops it when
// the proof is done; on a large board every worker runs its own NRPA
// search (after the beam, on few colours: Params.BeamFirst; or after the
// tabu-colour trials, Params.TabuTrials; with Params.PortfolioPairs once
// for each playout rule, see runParts), and the last Params.EndShare of
// the budget goes to an exhaustive search of the end of the best line.
func runAuto(s *search) {
	nw := s.lw
	if int(s.root.beads) > s.prm.SmallBoard {
		main := 1 - s.prm.EndShare
		if share := s.beamShare(); share > 0 {
			beamFirst(s, nw, share)
			main -= share
		}
		if s.prm.TabuTrials > 0 && !s.fixedTabu {
			main -= s.prm.TabuTrials
		}
		runParts(s, nw, main)
		bd := s.newBudget(1)
		bd.limit = int64(float64(s.opt.MaxNodes)*s.prm.EndShare + 1e-9)
		if bd.limit == 0 && s.opt.MaxNodes > 0 {
			bd.limit = 1
		}
		polish(s, bd)
		return
	}
	// dfs starts from the best line before NRPA runs (the greedy one),
	// whether or not NRPA runs beside it, so that what it searches does
	// not depend on the number of goroutines.
	b0, s0, ok0 := s.bestKey()
	if s.threads < 2 {
		// One goroutine: dfs for half the budget, NRPA for the rest.
		bd := s.newBudget(2)
		bd.until = s.opt.Budget / 2
		if newDFS(s, bd, dfsBits).runFrom(b0, s0, ok0) {
			s.finished = true
			return
		}
		nrpaWorker(s, &s.base, 1, s.newBudget(2))
		return
	}
	var proved atomic.Bool
	parallel(2, func(w int) {
		if w == 0 {
			if newDFS(s, s.newBudget(2), dfsBits).runFrom(b0, s0, ok0) {
				s.finished = true
				proved.Store(true)
			}
			return
		}
		bd := s.newBudget(2)
		bd.quit = &proved
		nrpaWorker(s, &s.base, w, bd)
	})
}

// part is what one run of auto's tabu trials and NRPA workers starts
// from and what it chose (see runParts): a copy of the search's base,
// which the beam may have changed.
type part struct {
	// k is the part's index, which sets its generators apart
	// (partStream); pairs is NRPA's TabuPairsFrom in it
	// (Params.TabuPairsFrom, or the part's value of
	// Params.PortfolioPairs).
	k, pairs int
	// tabu is the colour NRPA's playouts hold back: the most frequent at
	// the root, unless auto chose another (Params.TabuTrials) or
	// Params.TabuColor names one.
	tabu uint8
	// warm makes NRPA's workers seed their top level with warmLine, the
	// best line when the tabu trials ended: a copy taken before the
	// workers start, so that what they start from does not depend on
	// which of them ran first.
	warm     bool
	warmLine []board.Move
	// trials, after the tabu trials ran, holds what each candidate
	// colour's trials found (by colour; see chooseTabu).
	trials []trial
	// workers is the number of workers the part ran on; from and to are
	// the budget's clock when it started and ended (see runPart).
	workers  int
	from, to time.Duration
}

// runParts runs auto's tabu trials (Params.TabuTrials) and NRPA workers
// on a large board for main of the budget, from now to the end search's
// share: once, or where the portfolio runs (portfolioOn) once for each
// value of Params.PortfolioPairs (a part), each part an equal share of
// that time and of main's nodes, with the value as NRPA's TabuPairsFrom
// (part.pairs) and generators of its own (part.k); a later part starts
// from its own trials' line. The parts run in turn on every worker, or
// at once, each on its share of the workers (sideBySide). The best line
// of every part is kept as the search's.
func runParts(s *search, nw int, main float64) {
	rules := []int{s.prm.TabuPairsFrom}
	if s.portfolioOn() {
		rules = s.prm.PortfolioPairs
	}
	parts := make([]*part, len(rules))
	for k, r := range rules {
		p := new(part)
		*p = s.base
		p.k, p.pairs = k, r
		parts[k] = p
	}
	s.parts = append(s.parts, parts...)
	share := 1 / float64(len(rules))
	t0, tEnd := s.elapsed(), time.Duration(float64(s.opt.Budget)*(1-s.prm.EndShare))
	if s.sideBySide(len(parts)) {
		// The parts share the clock: each, to the end, spends its share
		// of the time, trials and all, as it would in turn.
		parallel(len(parts), func(k int) { runPart(s, parts[k], nw/len(parts), 1, main, share, tEnd) })
		return
	}
	for k, p := range parts {
		until := tEnd
		if s.opt.Budget > 0 && k < len(parts)-1 {
			until = t0 + (tEnd-t0)*time.Duration(k+1)/time.Duration(len(parts))
		}
		runPart(s, p, nw, share, main, share, until)
		if s.stopped.Load() {
			return
		}
	}
}

// runPart runs part p on nw workers: its tabu trials for trials of their
// time (chooseTabu's share), then NRPA on every worker until the clock
// reads until, each worker with main times share of its node budget.
func runPart(s *search, p *part, nw int, trials, main, share float64, until time.Duration) {
	p.workers, p.from = nw, s.elapsed()
	defer func() { p.to = s.elapsed() }()
	if s.prm.TabuTrials > 0 && !s.fixedTabu {
		chooseTabu(s, p, nw, trials)
	}
	bds := make([]*budget, nw)
	for w := range bds {
		bd := s.newBudget(nw)
		if bd.limit > 0 {
			bd.limit = max(int64(float64(bd.limit)*main*share+1e-9), 1)
		}
		bd.until = until
		bds[w] = bd
	}
	if s.prm.SharedTop && nw > 1 {
		sharedNRPA(s, p, bds)
	} else {
		s.pool(nw, func(w int) { nrpaWorker(s, p, w, bds[w]) })
	}
}

// portfolioOn reports whether auto runs the portfolio of playout rules
// (Params.PortfolioPairs, two values or more) on this search: on a board
// of PortfolioMinBeads to PortfolioMaxBeads beads with a time budget of
// at least PortfolioMinSeconds a worker of a part (every worker, or a
// share of them when the parts run side by side).
func (s *search) portfolioOn() bool {
	workers := s.lw
	if n := len(s.prm.PortfolioPairs); s.sideBySide(n) {
		workers /= n
	}
	return s.prm.portfolioFits(int(s.root.beads), s.opt.Budget, workers)
}

// portfolioFits is the portfolio's one gate: two playout rules or more
// (PortfolioPairs), a board of PortfolioMinBeads to PortfolioMaxBeads
// beads, and a budget of at least PortfolioMinSeconds for each of the
// workers that share it. portfolioOn and defaultWorkers both ask it.
func (p *Params) portfolioFits(beads int, budget time.Duration, workers int) bool {
	if len(p.PortfolioPairs) < 2 || beads < p.PortfolioMinBeads || beads > p.PortfolioMaxBeads {
		return false
	}
	return budget.Seconds() >= p.PortfolioMinSeconds*float64(workers)
}

// sideBySide reports whether n parts of the portfolio run at once
// (Params.PortfolioSideBySide): under a time budget alone, so that the
// moves under a node budget do not depend on the goroutines, with the
// workers an equal number to a part.
func (s *search) sideBySide(n int) bool {
	return s.prm.PortfolioSideBySide && s.opt.Budget > 0 && s.opt.MaxNodes <= 0 &&
		n > 1 && s.lw >= n && s.lw%n == 0
}

// beamShare is the share of the budget the beam takes first on this
// search's board: Params.BeamFirst on a board of at most BeamColors
// colours and BeamMaxBeads beads, Params.BeamLarge where the portfolio
// runs on a board of at most BeamLargeColors colours, else none.
func (s *search) beamShare() float64 {
	colors, beads := s.start.Colors(), int(s.root.beads)
	switch {
	case colors <= s.prm.BeamColors && beads <= s.prm.BeamMaxBeads:
		return s.prm.BeamFirst
	case colors <= s.prm.BeamLargeColors && s.portfolioOn():
		return s.prm.BeamLarge
	}
	return 0
}

// beamFirst runs the beam search of --algo beam, widening, for share of
// the budget (time and nodes), and has NRPA start warm from the best
// line found so far.
func beamFirst(s *search, nw int, share float64) {
	bs := newEvalBeam(s, min(nw, s.threads))
	if s.opt.MaxNodes > 0 {
		bs.limit = max(int64(float64(s.opt.MaxNodes)*share), 1)
	}
	if s.opt.Budget > 0 {
		bs.end = max(time.Duration(float64(s.opt.Budget)*share), 1)
		bs.clk[0].until, bs.clk[1].until = bs.end, bs.end
	}
	beamWiden(s, bs, 1)
	bs.flush()
	s.mu.Lock()
	s.base.warmLine = append([]board.Move(nil), s.best...)
	s.mu.Unlock()
	s.base.warm = true
	if s.prm.BeamTabu && !s.fixedTabu {
		s.base.tabu = largestColor(s.root, s.base.warmLine)
	}
}

// largestColor returns the colour of the largest group line removes from
// p (the first such), or p's most frequent colour for an empty line.
func largestColor(p pos, line []board.Move) uint8 {
	var g groups
	c, most := p.mostFrequent(), 0
	for _, m := range line {
		g.analyse(&p)
		id := g.groupOf(cellOf(m))
		if n := int(g.size[id]); n > most {
			c, most = g.color[id], n
		}
		p.remove(&g, id)
	}
	return c
}

// chooseTabu spends Params.TabuTrials of the budget choosing NRPA's tabu
// colour among those within Params.TabuWithin beads of the most frequent
// (nothing to choose: it returns at once): each gets an NRPA search of
// level Params.TrialLevel, the workers sharing the colours, and p.tabu
// becomes the colour whose search found the line of highest score less
// the guidance's bead penalty, the clear bonus not counted (in a search
// this short, whether one line happens to clear the board is chance, a
// jump of 1,000 that decided the choice more than the colour did); the
// main search then starts from the best line (p.warm). p.trials keeps
// what each colour's trials found.
func chooseTabu(s *search, p *part, nw int, share float64) {
	var cands []uint8
	most := s.root.count[s.root.mostFrequent()]
	for c := 1; c < nColors; c++ {
		if n := s.root.count[c]; n > 0 && int(n) >= int(most)-s.prm.TabuWithin {
			cands = append(cands, uint8(c))
		}
	}
	if len(cands) < 2 {
		return
	}
	// Rounds of trials: all candidates, then (halving) the better half,
	// and so on to one; each round gets an equal part of the span.
	nrounds := 1
	if s.prm.TrialHalving {
		for k := len(cands); k > 1; k = (k + 1) / 2 {
			nrounds++
		}
		nrounds--
	}
	span := time.Duration(float64(s.opt.Budget) * s.prm.TabuTrials * share / float64(nrounds))
	nodes := int64(float64(s.opt.MaxNodes) * s.prm.TabuTrials * share / float64(nrounds*nw))
	p.trials = make([]trial, nColors)
	for c := range p.trials {
		p.trials[c].val = math.MinInt64
	}
	for round := 0; round < nrounds && len(cands) > 1 && !s.stopped.Load(); round++ {
		trialRound(s, p, nw, cands, span, nodes, round)
		sort.SliceStable(cands, func(i, j int) bool { return p.trials[cands[i]].val > p.trials[cands[j]].val })
		cands = cands[:(len(cands)+1)/2]
	}
	s.mu.Lock()
	p.warmLine = append([]board.Move(nil), s.best...)
	s.mu.Unlock()
	if l := p.trials[cands[0]].line; p.k > 0 && len(l) > 0 {
		// A later part of the portfolio starts from its own trials'
		// line, not from the best of the parts before.
		p.warmLine = append(p.warmLine[:0], l...)
	}
	p.tabu, p.warm = cands[0], true
}

// trial is what the tabu trials of one colour found: the best score less
// the guidance's bead penalty (the clear bonus not counted) and its line.
type trial struct {
	val  int64
	line []board.Move
}

// trialRound runs one NRPA trial per candidate colour, the workers
// sharing them, for span of time or nodes nodes a worker in all, and
// keeps in p.trials[colour] the best each found (see chooseTabu).
func trialRound(s *search, p *part, nw int, cands []uint8, span time.Duration, nodes int64, round int) {
	slots := (len(cands) + nw - 1) / nw
	t0 := s.elapsed()
	s.pool(nw, func(w int) {
		for r, i := 0, w; i < len(cands); r, i = r+1, i+nw {
			bd := s.newBudget(nw)
			if bd.limit > 0 {
				bd.limit = max(nodes/int64(slots), 1)
			}
			if span > 0 {
				bd.until = t0 + span*time.Duration(r+1)/time.Duration(slots)
			}
			n := newNRPA(s, p, w, s.prm.TrialLevel, bd)
			a, b := workerSeed(s.opt.Seed, w+16*(int(cands[i])+8*round)+partStream*p.k)
			n.rng = rand.New(rand.NewPCG(a, b))
			n.tabu, n.pen, n.trial = cands[i], s.prm.penalty(0), true
			n.run()
			bd.flush()
			if t := &p.trials[cands[i]]; n.trialTop > t.val {
				t.val, t.line = n.trialTop, n.trialLine
			}
			if s.stopped.Load() {
				return
			}
		}
	})
}
