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

// defaultParams are the shipped values. What chose them (docs/history/
// has the commands and the figures, round by round):
//
//   - Level 4, 100 iterations, alpha 1: the literature's NRPA; on the 20
//     standard boards, 50 iterations at levels 1 and 2 lost 6% at 5 s,
//     restarting level 3 every 4 iterations lost 2% at 30 s, alpha 0.5
//     and 2 were within noise.
//   - Penalties 5 and 30: steering by the literature's score less a bead
//     penalty scored 6-17% more than by the strict ranking at 60,000
//     playouts on boards 1-4 (penalty 3: +17%, 30: +13%, 100: +6%); two
//     workers with different penalties search differently.
//   - No tabu pairs: from move 10 they lost 7% at 5 s and 0.5% at 30 s.
//   - Tabu trials on 10% of the budget, among the colours within 5 beads
//     of the most frequent, level 2: +2.2% at 5 s (standard boards, seeds
//     1-3: 74,393 against 72,784), from the boards where several colours
//     tie (sg07 +2,398 over three seeds, sg10 +1,386); 20% of the budget
//     -0.8%, candidates within 10 beads -0.6% against 5. Since the
//     fourteenth round the trials compare colours by score less the bead
//     penalty, the clear bonus not counted: on the 11 standard boards with
//     trials, +996 a seed at 5 s (six seeds, 34 runs better, 21 worse);
//     on top of that, 20% of the budget lost 156 a seed, halving and
//     candidates within 10 beads were noise (+31, +50).
//   - Tabu off late (Klein's Tabu48) stays off: with the trials it
//     scored +1.6% at 5 s (48 beads of 225), but at 30 s the trials
//     alone beat trials + tabu off in the last 26% of the beads on the
//     20 standard boards, seeds 1-3: 79,158 / 79,522 / 79,020 against
//     78,440 / 78,996 / 78,490 (38 boards better, 21 worse), and on ten
//     fresh 5-colour boards, 35,738 against 34,676.
//   - EndShare 3%: 10% and 12% did no better at 30 s and 5 s.
//   - BeamPotential on: --algo beam judged by the groups as they stand
//     (score + (n-2)^2 a group, sgbust's "potential") instead of by the
//     colour counts scored 14,041 against 6,817 at 5 s on four tuning
//     boards (15x15, 4 and 5 colours, gen seeds 101-102), and at 30 s on
//     the fresh 15x15 4-colour boards 5,371 / 5,705 / 5,149 against
//     4,497 / 4,511 / 3,895 (sgbust at the same CPU: 5,169 / 5,617 /
//     5,149); it costs one analysis a child.
//   - BeamIsolated 20: the potential less 20 a bead in no group cleared
//     more: at 5 s on the standard boards 1-4, 9,449 with 1 bead left in
//     all against 7,804 with 16 (the colour counts: 4,796 with 6; 5 a
//     bead: 9,655 with 1); on the four tuning boards 15,038 against
//     14,041.
//   - BeamRetryIsolated [0]: on 10x10 boards the beam reaches the
//     widest the 256 MB cap allows in about a third of 30 s; run again
//     without the lone-bead term (which was tuned on 15x15 boards) it
//     found better lines on 4 of 5 boards (penalty 10 the same lines, 40
//     worse), and the ten fresh 10x10 boards went from 18,160 to 18,230.
//   - BeadCodes on: NRPA's move codes of the beads a group removes
//     rather than of the cells it covers scored +1.5% on the standard
//     set at 5 s (seeds 1-3: 75,590 / 74,970 / 76,772 against 74,832 /
//     74,142 / 74,890; 39 runs better, 21 worse), +0.4% at 30 s (78,910
//     / 79,150 / 80,120 against 79,352 / 78,828 / 78,968: noise), and on
//     the eight fresh suites at 30 s, -j 1, medians of two seeds, 48
//     boards better and 22 worse (15x15, 5 colours: 36,059 against
//     34,464; 25x25, 4 colours, the one suite behind: 304,497 against
//     304,977).
//   - SmallBoard 64: dfs proves 8x8 boards optimal within a second but
//     does not finish 9x9 ones (4 colours, gen seeds 1-2) in 20 s or
//     10x10 ones in 30 s, and beside it NRPA has half the budget with one
//     goroutine: 10x10 boards with 4 colours sent to the large boards'
//     search instead (SmallBoard 100 before) scored 17,556 against
//     17,160 on ten fresh boards at 30 s, -j 1 (7 better, none worse).
//   - BeamFirst a third, on boards of at most 4 colours (BeamColors) and
//     100 beads (BeamMaxBeads), with BeamTabu: on 10x10 boards NRPA
//     reaches the same line in every run and the potential beam alone in
//     10 s beats it (ten fresh 4-colour boards: 18,156 against 17,556).
//     On 15x15 with 3 and 4 colours it was noise (+1.8% / -1.9% and
//     +0.4% / +0.8% on two seeds), on 25x25 with 4 colours -8.9%, on 5
//     colours -3% (the standard set at 5 s) to -6.5% (fresh 20x20).
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

	BeamPotential: true,
	BeamIsolated:  20,

	BeamRetryIsolated: []int64{0},
}

// DefaultParams returns the shipped tuning values (a fresh copy).
func DefaultParams() Params {
	p := defaultParams
	p.Penalties = append([]int64(nil), defaultParams.Penalties...)
	p.BeamRetryIsolated = append([]int64(nil), defaultParams.BeamRetryIsolated...)
	return p
}

// penalty returns worker w's guidance bead penalty.
func (p *Params) penalty(w int) int64 {
	if len(p.Penalties) == 0 {
		return 0
	}
	return p.Penalties[w%len(p.Penalties)]
}
