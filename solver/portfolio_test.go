package solver

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"chainshot/board"
)

// TestLargestColor checks largestColor against the board package's own
// groups: on fresh boards of every colour count, along greedy and random
// lines, it names the colour of the first largest group the line removes.
func TestLargestColor(t *testing.T) {
	for colors := 1; colors <= 5; colors++ {
		for seed := uint64(1); seed <= 6; seed++ {
			b := randomBoard(t, 6+int(seed), 12-int(seed), colors, 100*seed+uint64(colors))
			for _, kind := range []string{"greedy", "random"} {
				var line []board.Move
				if kind == "greedy" {
					r, err := Solve(context.Background(), b, "greedy", Options{MaxNodes: 1, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					line = r.Moves
				} else {
					line = randomLine(b, seed)
				}
				root := fromBoard(&b)
				want := root.mostFrequent()
				most, cur := 0, b
				for _, m := range line {
					if n := cur.GroupSize(m); n > most {
						most, want = n, uint8(cur.At(int(m.Row), int(m.Col)))
					}
					cur.Remove(m)
				}
				if got := largestColor(fromBoard(&b), line); got != want {
					t.Errorf("%d colours, seed %d, %s line of %d moves: largestColor %d, want %d (largest group %d)",
						colors, seed, kind, len(line), got, want, most)
				}
			}
		}
	}
}

// randomLine plays uniformly random moves on b to the end.
func randomLine(b board.Board, seed uint64) []board.Move {
	var line, moves []board.Move
	x := seed*0x9E3779B97F4A7C15 + 1
	for {
		moves = b.AppendMoves(moves[:0])
		if len(moves) == 0 {
			return line
		}
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		m := moves[x%uint64(len(moves))]
		b.Remove(m)
		line = append(line, m)
	}
}

// TestBeamFirstKeepsTheBeamsLine runs auto with the beam first (a share f
// of a node budget N) on boards of two to five colours and three sizes,
// and the beam alone with f*N nodes. Where the beam runs (at most
// BeamColors colours and BeamMaxBeads beads) the portfolio's line must be
// at least as good as the beam's, since NRPA starts from it and the best
// line is never given up; elsewhere auto must give exactly the line it
// gives with the beam turned off.
func TestBeamFirstKeepsTheBeamsLine(t *testing.T) {
	// Under the race detector a fifth: 40,000 playouts of auto on a 20x20
	// board took over the solveWithin minute there on a loaded machine.
	const nodes = 40000 / raceScale
	for colors := 2; colors <= 5; colors++ {
		for _, size := range []int{11, 15, 20} {
			b := randomBoard(t, size, size, colors, uint64(31*colors+size))
			t.Run(fmt.Sprintf("%dx%d-%dc", size, size, colors), func(t *testing.T) {
				prm := DefaultParams()
				prm.BeamFirst, prm.BeamColors, prm.BeamTabu, prm.BeamMaxBeads = 0.25, 4, true, 300
				auto := solveOK(t, b, "auto", Options{MaxNodes: nodes, Seed: 3, Workers: 2, Params: &prm})
				if colors <= prm.BeamColors && size*size <= prm.BeamMaxBeads {
					beam := solveOK(t, b, "beam", Options{MaxNodes: nodes / 4, Seed: 3, Workers: 2, Params: &prm})
					if board.Better(beam.BeadsLeft, beam.Score, auto.BeadsLeft, auto.Score) {
						t.Errorf("auto with the beam first: %d beads, score %d; the beam alone on its share: %d beads, score %d",
							auto.BeadsLeft, auto.Score, beam.BeadsLeft, beam.Score)
					}
					return
				}
				off := prm
				off.BeamFirst = 0
				plain := solveOK(t, b, "auto", Options{MaxNodes: nodes, Seed: 3, Workers: 2, Params: &off})
				if plain.Score != auto.Score || plain.BeadsLeft != auto.BeadsLeft || len(plain.Moves) != len(auto.Moves) {
					t.Errorf("%d colours, %d beads: the beam ran (score %d, %d beads; without it %d, %d)",
						colors, size*size, auto.Score, auto.BeadsLeft, plain.Score, plain.BeadsLeft)
				}
			})
		}
	}
}

// solveOK is solveWithin, failing on an error or a line that does not
// replay.
func solveOK(t *testing.T, b board.Board, algo string, opt Options) Result {
	t.Helper()
	r, err := solveWithin(t, b, algo, opt)
	if err != nil {
		t.Fatal(err)
	}
	checkReplay(t, b, r)
	return r
}

// TestTabuTrialsChooseACandidate runs the tabu-colour trials alone, in
// one round and halving (Params.TrialHalving), on one and two workers,
// on boards where two to five colours are candidates: the colour held
// back must be a candidate (within TabuWithin beads of the most
// frequent), the main search's warm line must be the best line found and
// replay, and the trials must keep to their share of a node budget.
func TestTabuTrialsChooseACandidate(t *testing.T) {
	const maxNodes = 60000 / raceScale
	found := map[int]bool{}
	for seed := uint64(100); seed < 400 && len(found) < 4; seed++ {
		b := randomBoard(t, 15, 15, 5, seed)
		root := fromBoard(&b)
		most := int(root.count[root.mostFrequent()])
		within := defaultParams.TabuWithin
		cands := map[uint8]bool{}
		for c := 1; c < nColors; c++ {
			if n := int(root.count[c]); n > 0 && n >= most-within {
				cands[uint8(c)] = true
			}
		}
		if len(cands) < 2 || found[len(cands)] {
			continue
		}
		found[len(cands)] = true
		for _, halving := range []bool{false, true} {
			for _, nw := range []int{1, 2} {
				name := fmt.Sprintf("%d candidates, halving %v, %d workers", len(cands), halving, nw)
				prm := DefaultParams()
				prm.TrialHalving = halving
				s := newSearch(context.Background(), b, Options{Seed: seed, MaxNodes: maxNodes, Workers: nw, Params: &prm}, nil)
				s.threads, s.lw = nw, nw
				chooseTabu(s, &s.base, nw, 1)
				if !cands[s.base.tabu] {
					t.Errorf("%s: held back colour %d, not a candidate %v", name, s.base.tabu, cands)
				}
				if !s.base.warm || !slices.Equal(s.base.warmLine, s.best) || len(s.best) == 0 {
					t.Errorf("%s: warm %v, warm line %v, best line %v", name, s.base.warm, s.base.warmLine, s.best)
				}
				bb := b
				for i, m := range s.base.warmLine {
					if bb.Remove(m) < 2 {
						t.Fatalf("%s: move %d of the warm line, %v, is not a group", name, i+1, m)
					}
				}
				share := int64(float64(maxNodes) * prm.TabuTrials)
				if used := s.nodes.Load(); used > share+int64(3*len(cands)*nw) || used < share/2 {
					t.Errorf("%s: the trials used %d nodes of their share %d", name, used, share)
				}
			}
		}
	}
	if len(found) < 3 {
		t.Fatalf("boards with 2 to 5 candidate colours: found only %v", found)
	}
}

// TestTrialsCompareScoresNotClears checks what the tabu trials compare
// colours by, on fresh boards from 6x6 with 3 colours to 15x15 with 5,
// with and without halving: for every candidate colour the value kept is
// its line's score less the guidance's bead penalty, the clear bonus not
// counted (the line replayed by the board package), and the colour held
// back has the highest value. Over the boards some trial line must clear
// and some choice must differ from the one the clear bonus would make, or
// the test could not tell the two rules apart.
func TestTrialsCompareScoresNotClears(t *testing.T) {
	sizes := []struct{ rows, cols, colors int }{{6, 6, 3}, {8, 8, 3}, {10, 10, 4}, {15, 15, 5}}
	ran, cleared, differs := 0, 0, 0
	for _, sz := range sizes {
		for seed := uint64(1); seed <= 12; seed++ {
			b := randomBoard(t, sz.rows, sz.cols, sz.colors, 500+seed)
			for _, halving := range []bool{false, true} {
				name := fmt.Sprintf("%dx%d, %d colours, seed %d, halving %v", sz.rows, sz.cols, sz.colors, seed, halving)
				prm := DefaultParams()
				prm.TrialHalving = halving
				s := newSearch(context.Background(), b, Options{Seed: seed, MaxNodes: 20000 / raceScale, Workers: 2, Params: &prm}, nil)
				s.threads, s.lw = 2, 2
				chooseTabu(s, &s.base, 2, 1)
				if s.base.trials == nil {
					continue // fewer than two candidates
				}
				ran++
				pen := prm.penalty(0)
				top, topBonus := int64(math.MinInt64), int64(math.MinInt64)
				var choice, choiceBonus uint8
				for c, tr := range s.base.trials {
					if tr.val == math.MinInt64 {
						continue
					}
					end, score, err := board.Replay(b, tr.line)
					if err != nil {
						t.Fatalf("%s: colour %d's trial line does not replay: %v", name, c, err)
					}
					want := int64(score) - int64(end.Beads())*pen
					if tr.val != want {
						t.Errorf("%s: colour %d's trial value %d, its line replays to score %d with %d beads left: want %d", name, c, tr.val, score, end.Beads(), want)
					}
					bonus := want
					if end.Beads() == 0 {
						cleared++
						bonus += ClearBonus
					}
					if want > top {
						top, choice = want, uint8(c)
					}
					if bonus > topBonus {
						topBonus, choiceBonus = bonus, uint8(c)
					}
				}
				if s.base.trials[s.base.tabu].val != top {
					t.Errorf("%s: held back colour %d (value %d), colour %d has %d", name, s.base.tabu, s.base.trials[s.base.tabu].val, choice, top)
				}
				if choice != choiceBonus {
					differs++
				}
			}
		}
	}
	if ran < 40 || cleared == 0 || differs == 0 {
		t.Errorf("trials ran on %d boards, %d trial lines cleared, %d choices differ from the clear bonus's: want at least 40, 1, 1", ran, cleared, differs)
	}
	t.Logf("trials ran on %d boards, %d trial lines cleared, %d choices differ from the clear bonus's", ran, cleared, differs)
}

// TestTabuColorParam checks Params.TabuColor on the two kinds of board
// where auto chooses the tabu colour itself (15x15 with tied colours: the
// trials; 10x10 with 4 colours: the beam's largest group): every colour on
// the board stays the tabu colour through auto's whole run, with no
// trials run; a colour not on the board leaves the choice to auto.
func TestTabuColorParam(t *testing.T) {
	boards := []struct {
		rows, cols, colors int
		seed               uint64
	}{{15, 15, 5, 0}, {10, 10, 4, 0}}
	for i := range boards {
		for seed := uint64(100); seed < 400 && boards[i].seed == 0; seed++ {
			b := randomBoard(t, boards[i].rows, boards[i].cols, boards[i].colors, seed)
			root := fromBoard(&b)
			most := int(root.count[root.mostFrequent()])
			n := 0
			for c := 1; c < nColors; c++ {
				if int(root.count[c]) >= most-defaultParams.TabuWithin {
					n++
				}
			}
			if n >= 2 {
				boards[i].seed = seed
			}
		}
		if boards[i].seed == 0 {
			t.Fatalf("%dx%d, %d colours: no board of seeds 100-399 has two colours within TabuWithin beads", boards[i].rows, boards[i].cols, boards[i].colors)
		}
	}
	for _, bk := range boards {
		b := randomBoard(t, bk.rows, bk.cols, bk.colors, bk.seed)
		for c := uint8(0); c <= nColors; c++ {
			prm := DefaultParams()
			prm.TabuColor = c
			s := newSearch(context.Background(), b, Options{Seed: 1, MaxNodes: 20000 / raceScale, Workers: 2, Params: &prm}, nil)
			s.threads, s.lw = 2, 2
			onBoard := c >= 1 && int(c) < nColors && s.root.count[c] > 0
			runAuto(s)
			name := fmt.Sprintf("%dx%d, %d colours, TabuColor %d", bk.rows, bk.cols, bk.colors, c)
			if len(s.parts) == 0 {
				t.Fatalf("%s: auto ran no part", name)
			}
			for _, p := range append([]*part{&s.base}, s.parts...) {
				switch {
				case onBoard && (p.tabu != c || p.trials != nil):
					t.Errorf("%s: part %d held back colour %d, trials run: %v", name, p.k, p.tabu, p.trials != nil)
				case !onBoard && bk.colors == 5 && p != &s.base && p.trials == nil:
					t.Errorf("%s: part %d: a colour not on the board stopped the trials", name, p.k)
				}
			}
		}
	}
}

// TestPortfolioPartsKeepTheirPairsRule runs auto's parts (runParts) with
// Params.PortfolioPairs [0, 10] on 15x15 boards under a node budget and
// replays every line a worker offered (the tabu trials' and the main
// searches') against the playout rule of the part that offered it, with
// the board package's own groups: in part 0 every line holds some colour
// back by the strict tabu rule; in part 1 every line holds some colour
// back by the rule that lets its pairs go from move 10 on, and some of
// them play such a pair, which the strict rule holds back for every
// colour (else the test could not tell the parts' rules apart). Auto's
// line with the portfolio replays to its figures.
func TestPortfolioPartsKeepTheirPairsRule(t *testing.T) {
	rules := []int{0, 10}
	paired := 0
	for seed := uint64(1); seed <= 3; seed++ {
		b := randomBoard(t, 15, 15, 4+int(seed%2), 700+seed)
		for _, nw := range []int{1, 2} {
			name := fmt.Sprintf("seed %d, %d workers", seed, nw)
			prm := DefaultParams()
			prm.PortfolioPairs, prm.PortfolioMaxBeads = rules, 225
			prm.PortfolioMinSeconds = 0 // a node budget
			opt := Options{Seed: seed, MaxNodes: 12000 / raceScale, Workers: nw, Params: &prm}
			s := newSearch(context.Background(), b, opt, nil)
			s.threads, s.lw = nw, nw
			type offer struct {
				part  int
				moves []board.Move
			}
			var offers []offer
			s.offered = func(k int, m []board.Move, _, _ int) {
				offers = append(offers, offer{k, slices.Clone(m)})
			}
			runParts(s, nw, 1-prm.EndShare-prm.TabuTrials)
			seen := [2]int{}
			for i, o := range offers {
				seen[o.part]++
				if !keepsTabuRuleForSomeColour(b, o.moves, rules[o.part]) {
					t.Fatalf("%s: line %d, offered in part %d, breaks %s for every colour: %v",
						name, i, o.part, ruleName(rules[o.part]), o.moves)
				}
				if o.part == 1 && !keepsTabuRuleForSomeColour(b, o.moves, 0) {
					paired++
				}
			}
			if seen[0] == 0 || seen[1] == 0 {
				t.Fatalf("%s: lines offered by part: %v, want some in each", name, seen)
			}
			r, err := Solve(context.Background(), b, "auto", opt)
			if err != nil {
				t.Fatal(err)
			}
			checkReplay(t, b, r)
		}
	}
	if paired == 0 {
		t.Error("no line of part 1 played a tabu pair the strict rule holds back: its pairs rule is not seen at work")
	}
	t.Logf("%d lines of part 1 played a tabu pair", paired)
}

// TestPortfolioPartsSideBySide runs auto's parts under a CPU budget with
// Params.PortfolioSideBySide on and off, on one to four workers: side by
// side (on, an even number of workers) every part runs at once with it,
// on half the workers, its lines keeping its own playout rule; in turn
// (off, or one worker) each part has every worker and starts when the one
// before ended. Either way the parts end within the budget.
func TestPortfolioPartsSideBySide(t *testing.T) {
	rules := []int{0, 10}
	budget := 600 * time.Millisecond
	b := randomBoard(t, 15, 15, 5, 702)
	for _, c := range []struct {
		together   bool
		workers    int
		perPart    int
		sideBySide bool
	}{
		{true, 2, 1, true},
		{true, 4, 2, true},
		{false, 2, 2, false},
		{true, 1, 1, false},
	} {
		name := fmt.Sprintf("side by side %v, %d workers", c.together, c.workers)
		prm := DefaultParams()
		prm.PortfolioPairs, prm.PortfolioMaxBeads = rules, 225
		prm.PortfolioMinSeconds, prm.PortfolioSideBySide = 0, c.together
		opt := Options{Seed: 5, Budget: budget, Workers: c.workers, Params: &prm}
		s := newSearch(context.Background(), b, opt, nil)
		s.threads, s.lw = c.workers, c.workers
		var offers [2]int
		bad := 0
		s.offered = func(k int, m []board.Move, _, _ int) {
			offers[k]++
			if !keepsTabuRuleForSomeColour(b, m, rules[k]) {
				bad++
			}
		}
		runParts(s, c.workers, 1-prm.EndShare-prm.TabuTrials)
		if len(s.parts) != 2 {
			t.Fatalf("%s: %d parts ran, want 2", name, len(s.parts))
		}
		p0, p1 := s.parts[0], s.parts[1]
		if p0.workers != c.perPart || p1.workers != c.perPart {
			t.Errorf("%s: the parts ran on %d and %d workers, want %d each", name, p0.workers, p1.workers, c.perPart)
		}
		if at := p1.from < p0.to && p0.from < p1.to; at != c.sideBySide {
			t.Errorf("%s: part 0 ran %v to %v, part 1 %v to %v: at once %v, want %v", name, p0.from, p0.to, p1.from, p1.to, at, c.sideBySide)
		}
		if offers[0] == 0 || offers[1] == 0 || bad > 0 {
			t.Errorf("%s: lines offered by part %v, %d breaking their part's rule for every colour", name, offers, bad)
		}
		if end := max(p0.to, p1.to); end > budget+budget/50+50*time.Millisecond {
			t.Errorf("%s: the parts ended at %v of a %v budget", name, end, budget)
		}
	}
}

// keepsTabuRuleForSomeColour reports whether line, from b, keeps NRPA's
// tabu rule for some colour c: a group of c smaller than c's count of
// beads is played only when every group is such a group, or when it is
// a pair at move from or later (from > 0: Params.TabuPairsFrom).
func keepsTabuRuleForSomeColour(b board.Board, line []board.Move, from int) bool {
	for c := board.Color(1); c <= 5; c++ {
		if b.Count(c) > 0 && keepsTabuRule(b, line, c, from) {
			return true
		}
	}
	return false
}

// ruleName names the tabu rule with pairs from move from.
func ruleName(from int) string {
	if from == 0 {
		return "the strict tabu rule"
	}
	return fmt.Sprintf("the tabu rule with pairs from move %d", from)
}

// keepsTabuRule reports whether line, from b, keeps the tabu rule for
// colour tabu (see keepsTabuRuleForSomeColour).
func keepsTabuRule(b board.Board, line []board.Move, tabu board.Color, from int) bool {
	var gs []board.Group
	for i, m := range line {
		held := func(c board.Color, size int) bool {
			return c == tabu && size < b.Count(tabu) && (from == 0 || i < from || size != 2)
		}
		gs = b.AppendGroups(gs[:0])
		all := true
		for _, g := range gs {
			all = all && held(g.Color, g.Size)
		}
		if !all && held(b.At(int(m.Row), int(m.Col)), b.GroupSize(m)) {
			return false
		}
		if b.Remove(m) < 2 {
			return false
		}
	}
	return true
}

// TestPortfolioRunsWhereItsRuleSays checks the portfolio's gate
// (portfolioOn) over board sizes, budgets and workers: on from
// PortfolioMinBeads to PortfolioMaxBeads beads with PortfolioMinSeconds
// of budget a worker, off elsewhere and with fewer than two rules.
func TestPortfolioRunsWhereItsRuleSays(t *testing.T) {
	cases := []struct {
		rows, cols int
		rules      []int
		budget     time.Duration
		workers    int
		minSeconds float64
		want       bool
		together   bool // Params.PortfolioSideBySide
	}{
		{15, 15, []int{0, 10}, 30 * time.Second, 1, 20, true, false},
		{18, 12, []int{0, 10}, 30 * time.Second, 1, 20, true, false},
		{15, 15, []int{0, 10}, 30 * time.Second, 2, 20, false, false}, // 15 s a worker
		{15, 15, []int{0, 10}, 60 * time.Second, 2, 20, true, false},
		{15, 15, []int{0, 10}, 5 * time.Second, 1, 20, false, false},
		{15, 15, []int{0, 10}, 0, 1, 20, false, false}, // a node budget
		{15, 15, []int{0, 10}, 0, 1, 0, true, false},
		{12, 12, []int{0, 10}, 30 * time.Second, 1, 20, false, false}, // 144 beads
		{20, 20, []int{0, 10}, 30 * time.Second, 1, 20, false, false}, // 400 beads
		{15, 15, []int{10}, 30 * time.Second, 1, 20, false, false},
		{15, 15, nil, 30 * time.Second, 1, 0, false, false},
		{15, 15, []int{0, 10}, 30 * time.Second, 2, 20, true, true},  // 30 s a part's worker
		{15, 15, []int{0, 10}, 30 * time.Second, 4, 20, false, true}, // 15 s a part's worker
		{15, 15, []int{0, 10}, 40 * time.Second, 4, 20, true, true},
		{15, 15, []int{0, 10}, 30 * time.Second, 3, 20, false, true}, // in turn: 10 s a worker
		{15, 15, []int{0, 10}, 5 * time.Second, 2, 20, false, true},
		{15, 15, []int{0, 10}, 0, 2, 20, false, true}, // a node budget
		{15, 15, []int{0, 10, 20}, 60 * time.Second, 3, 20, true, true},
		{20, 20, []int{0, 10}, 60 * time.Second, 2, 20, false, true},
	}
	for i, c := range cases {
		b := randomBoard(t, c.rows, c.cols, 5, 900+uint64(i))
		prm := DefaultParams()
		prm.PortfolioPairs, prm.PortfolioMinBeads, prm.PortfolioMaxBeads = c.rules, 200, 225
		prm.PortfolioMinSeconds, prm.PortfolioSideBySide = c.minSeconds, c.together
		opt := Options{Seed: 1, Budget: c.budget, Workers: c.workers, Params: &prm}
		if c.budget == 0 {
			opt.MaxNodes = 1000
		}
		s := newSearch(context.Background(), b, opt, nil)
		s.lw = c.workers
		if got := s.portfolioOn(); got != c.want {
			t.Errorf("%dx%d (%d beads), rules %v, %v over %d workers (side by side %v), at least %gs a worker: portfolio %v, want %v",
				c.rows, c.cols, s.root.beads, c.rules, c.budget, c.workers, c.together, c.minSeconds, got, c.want)
		}
	}
}

// TestShippedPortfolioRule checks where the shipped values run the
// portfolio: 15x15 and 18x12 at 30 s on one worker; not at 30 s on two
// (15 s a worker), at 5 s, on 20x20 or 10x10, or under a node budget.
func TestShippedPortfolioRule(t *testing.T) {
	cases := []struct {
		rows, cols int
		budget     time.Duration
		workers    int
		want       bool
	}{
		{15, 15, 30 * time.Second, 1, true},
		{18, 12, 30 * time.Second, 1, true},
		{15, 15, 120 * time.Second, 2, true},
		{15, 15, 30 * time.Second, 2, false},
		{15, 15, 5 * time.Second, 1, false},
		{20, 20, 30 * time.Second, 1, false},
		{10, 10, 30 * time.Second, 1, false},
		{15, 15, 0, 1, false},
	}
	for i, c := range cases {
		b := randomBoard(t, c.rows, c.cols, 5, 950+uint64(i))
		opt := Options{Seed: 1, Budget: c.budget, MaxNodes: 1000, Workers: c.workers}
		s := newSearch(context.Background(), b, opt, nil)
		s.lw = c.workers
		if got := s.portfolioOn(); got != c.want {
			t.Errorf("%dx%d, %v over %d workers: portfolio %v, want %v", c.rows, c.cols, c.budget, c.workers, got, c.want)
		}
	}
}

// TestShippedBeamRule checks where the shipped values run the beam
// first, and for what share: BeamFirst on small boards of up to four
// colours; BeamLarge where the portfolio runs (15x15 and 18x12, 20 s a
// worker) on three colours or fewer; nowhere else.
func TestShippedBeamRule(t *testing.T) {
	prm := DefaultParams()
	cases := []struct {
		rows, cols, colors int
		budget             time.Duration
		workers            int
		want               float64
	}{
		{10, 10, 4, 5 * time.Second, 1, prm.BeamFirst},
		{10, 10, 5, 5 * time.Second, 1, 0},
		{15, 15, 3, 30 * time.Second, 1, prm.BeamLarge},
		{18, 12, 2, 30 * time.Second, 1, prm.BeamLarge},
		{15, 15, 4, 30 * time.Second, 1, 0},
		{15, 15, 5, 30 * time.Second, 1, 0},
		{15, 15, 3, 5 * time.Second, 1, 0},
		{15, 15, 3, 30 * time.Second, 2, 0}, // 15 s a worker
		{20, 20, 3, 30 * time.Second, 1, 0},
		{15, 15, 3, 0, 1, 0}, // a node budget
	}
	if prm.BeamLarge <= 0 || prm.BeamFirst <= 0 {
		t.Fatalf("the shipped shares: BeamFirst %g, BeamLarge %g", prm.BeamFirst, prm.BeamLarge)
	}
	for i, c := range cases {
		b := randomBoard(t, c.rows, c.cols, c.colors, 970+uint64(i))
		if b.Colors() != c.colors {
			t.Fatalf("board %d has %d colours, not %d", i, b.Colors(), c.colors)
		}
		opt := Options{Seed: 1, Budget: c.budget, MaxNodes: 1000, Workers: c.workers}
		s := newSearch(context.Background(), b, opt, nil)
		s.lw = c.workers
		if got := s.beamShare(); got != c.want {
			t.Errorf("%dx%d, %d colours, %v over %d workers: the beam first takes %g, want %g",
				c.rows, c.cols, c.colors, c.budget, c.workers, got, c.want)
		}
	}
}
