package solver

// Params are the search's tuning values. Solve uses DefaultParams unless
// Options.Params says otherwise; they are for experiments (a benchmark
// can try other values without touching the code), and a Params value is
// read, never written, by a search, so several solves in one process do
// not interfere.
type Params struct {
	// Level is NRPA's nesting level; a level-L search runs Iters
	// level-(L-1) searches, level 0 being a playout.
	Level int
	// Iters is NRPA's iterations per level.
	Iters int
	// Alpha is NRPA's learning rate: how far the policy moves toward the
	// best line at each adaptation.
	Alpha float64
	// Penalties are the bead penalties of the Monte-Carlo searches'
	// guidance, by worker (cycling): a search steers by score + 1000 for a
	// cleared board - penalty per bead left (the literature's scoring
	// with a bead penalty) rather than by the game's strict ranking; the
	// line returned is still the best by the game's ranking. A penalty
	// <= 0 steers by the game's ranking.
	Penalties []int64
	// TabuPairsFrom, when > 0, lets NRPA's playouts remove groups of two
	// beads of the tabu colour from that move on (Cazenave's selective
	// policy).
	TabuPairsFrom int
	// PortfolioPairs, when it lists more than one value, makes auto, on a
	// large board of at most PortfolioMaxBeads beads, run its tabu trials
	// and NRPA once for each value in turn (a part), each part an equal
	// share of the budget with that value as TabuPairsFrom, starting from
	// its own trials' line, with generators of its own; the best line of
	// every part is kept. A portfolio of playout rules: on 15x15 each rule
	// settles on a line of its own, and the better of two is kept.
	// Shipped: [0, 10] on boards of 200 to 225 beads (15x15, 18x12) with
	// at least 20 s a worker (PortfolioMinBeads, PortfolioMinSeconds): it
	// won there at 30 s and -j 1 (fresh five-colour 15x15 boards +57 ± 35
	// and +84 ± 32 a board, seeds 1 and 2; 18x12 +44 ± 47) and lost on the
	// standard set at 5 s with default jobs, 2.5 s a worker (median of
	// seeds 1-3 76,688 against 77,084; docs/history/solver-round15.md).
	PortfolioPairs    []int
	PortfolioMaxBeads int
	// PortfolioMinBeads and PortfolioMinSeconds narrow where the
	// portfolio runs: boards of at least PortfolioMinBeads beads, and a
	// time budget of at least PortfolioMinSeconds a worker (Options.Budget
	// over the workers; a search with no time budget, 0 seconds a worker,
	// runs it only when this is 0).
	PortfolioMinBeads   int
	PortfolioMinSeconds float64
	// PortfolioSideBySide runs the portfolio's parts at once instead of in
	// turn, each on an equal share of the workers for the whole of the
	// parts' time, under a time budget alone (no node budget) when the
	// workers divide evenly among the parts. The parts share the clock,
	// so each spends what it spends in turn; on two workers and two parts
	// each runs as one worker runs it, in half the wall time. The gate
	// then asks PortfolioMinSeconds of the budget over the workers a part
	// has, not over all of them (two workers at 30 s run it, as one does).
	// Off by default: on fresh five-colour 15x15 boards at 30 CPU-s on
	// two workers it scored +24 ± 30 a board over the shipped search (30
	// boards, seed 1) and +7 ± 30 (30 more, seed 2), +16 ± 21 pooled,
	// short of the one standard error its rules asked
	// (docs/history/solver-round15.md section 15).
	PortfolioSideBySide bool
	// Phases, when > 1, splits each NRPA worker's budget into phases:
	// phase k searches from the position after the first k*PhaseMoves
	// moves of the best line so far, for a share of the budget
	// proportional to PhaseDecay^k, warm (the top policy kept, the top
	// level seeded with the rest of the line).
	Phases     int
	PhaseMoves int
	PhaseDecay float64
	// TabuOffShare, when > 0, turns the tabu rule off in NRPA's
	// playouts once at most that share of the root's beads are left
	// (Klein's Tabu48: 48 of 225 beads).
	TabuOffShare float64
	// TabuTrials, when > 0, is the share of auto's budget (on a large
	// board) spent choosing the tabu colour: every colour with at least
	// the most frequent colour's count less TabuWithin beads gets an
	// NRPA search of level TrialLevel for an equal part of it (the
	// workers share the colours), and the main search holds back the
	// colour whose search found the line of the highest score less the
	// guidance's bead penalty (the clear bonus not counted), starting
	// from the best line found.
	TabuTrials float64
	TabuWithin int
	TrialLevel int
	// TabuColor, when it names a colour on the board (1-5: R, G, B, L,
	// O), is the tabu colour of every search, with no trials and no
	// choice by the beam (for experiments: what each colour is worth).
	TabuColor uint8
	// TrialHalving runs the trials in rounds, each keeping the better
	// half of the colours, each with an equal part of TabuTrials (with
	// two candidates one round: nothing changes). Off: it won on the
	// standard set (six seeds: +0.8% at 5 s, +0.45% at 30 s) and at -j 1
	// on the fresh suites, and lost on them at the default jobs
	// (docs/history/solver-round12.md).
	TrialHalving bool
	// SharedTop makes auto's workers, on a large board, run one NRPA
	// search together instead of one each: the top level adapts toward
	// the best line of all of them.
	SharedTop bool
	// EndShare is the share of auto's budget, on a large board, given to
	// the exhaustive search of the end of the best line (0 to 1).
	EndShare float64
	// BeamPotential makes beam judge a position by its groups as they
	// stand (score + (n-2)^2 a group, see potential) instead of by its
	// colour counts (eval).
	BeamPotential bool
	// BeamIsolated is what the potential takes off for each bead in no
	// group.
	BeamIsolated int64
	// BeamRetryIsolated are the isolated-bead penalties the beam runs
	// again with, one after another, when its widening reaches the
	// widest beam the memory cap allows with budget left (a repeat with
	// the same evaluation would find the same line).
	BeamRetryIsolated []int64
	// BeamFirst, when > 0, is the share of auto's budget (on a large
	// board with at most BeamColors colours) given first to the beam
	// search judged by its groups' potential; NRPA then starts warm from
	// the best line found so far (a portfolio: on boards of few colours
	// the beam's one large final group is often what NRPA misses).
	BeamFirst  float64
	BeamColors int
	// BeamMaxBeads is the most beads a board may have for BeamFirst to
	// run (on larger boards the beam's share costs NRPA more than the
	// beam's line gives).
	BeamMaxBeads int
	// BeamLarge, when > 0, is the beam's share of the budget (as
	// BeamFirst's) on a board where the portfolio runs (portfolioOn)
	// with at most BeamLargeColors colours: on 15x15 with three colours
	// the board is decided by its second largest group, which the beam's
	// line aims at and NRPA's does not (docs/history/solver-round15.md).
	BeamLarge       float64
	BeamLargeColors int
	// BeamTabu makes NRPA's tabu colour, after BeamFirst, the colour of
	// the largest group the best line removes.
	BeamTabu bool
	// BeadCodes makes NRPA's move codes name the beads a group removes
	// (each by the cell it started in) instead of the cells it covers now,
	// so that a group keeps its code when earlier moves drop or shift it.
	BeadCodes bool
	// SmallBoard is the most beads for which auto runs dfs, which may
	// prove its line optimal, beside NRPA.
	SmallBoard int
}

// defaultParams are the shipped values, each chosen by a measurement:
// NRPA at the literature's level 4, 100 iterations, alpha 1; guidance
// penalties 5 and 30 a bead; no tabu pairs and no Tabu48; tabu trials on
// 10% of the budget among colours within 5 beads, level 2, compared by
// score less the bead penalty; 3% for the end search; the potential beam
// less 20 a lone bead (retried without), first for a third of the budget
// on boards of at most 4 colours and 100 beads; bead codes; dfs beside
// NRPA up to 64 beads; the portfolio of no tabu pairs and pairs from
// move 10 on boards of 200 to 225 beads with 20 s a worker or more,
// after the beam for a fifth of the budget there on three colours. The
// figures behind each value are in
// docs/history/solver-defaults.md and the round files beside it.
var defaultParams = Params{
	Level:      4,
	Iters:      100,
	Alpha:      1,
	Penalties:  []int64{5, 30},
	Phases:     1,
	PhaseMoves: 3,
	PhaseDecay: 1,
	TabuTrials: 0.1,
	TabuWithin: 5,
	TrialLevel: 2,
	EndShare:   0.03,
	SmallBoard: 64,
	BeadCodes:  true,
	BeamFirst:  0.33,
	BeamColors: 4,
	BeamTabu:   true,

	BeamMaxBeads: 100,

	BeamLarge:       0.2,
	BeamLargeColors: 3,

	BeamPotential: true,
	BeamIsolated:  20,

	BeamRetryIsolated: []int64{0},

	PortfolioPairs:      []int{0, 10},
	PortfolioMinBeads:   200,
	PortfolioMaxBeads:   225,
	PortfolioMinSeconds: 20,
}

// DefaultParams returns the shipped tuning values (a fresh copy).
func DefaultParams() Params {
	p := defaultParams
	p.Penalties = append([]int64(nil), defaultParams.Penalties...)
	p.BeamRetryIsolated = append([]int64(nil), defaultParams.BeamRetryIsolated...)
	p.PortfolioPairs = append([]int(nil), defaultParams.PortfolioPairs...)
	return p
}

// penalty returns worker w's guidance bead penalty.
func (p *Params) penalty(w int) int64 {
	if len(p.Penalties) == 0 {
		return 0
	}
	return p.Penalties[w%len(p.Penalties)]
}
