package runs

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"chainshot/internal/iostreams"
	"chainshot/internal/status"
	"chainshot/internal/words"
	"chainshot/results"
)

// Curve is a bench over budgets and seeds: the plan's data sets solved
// once at each budget with each seed.
type Curve struct {
	Budgets []time.Duration // increasing
	Seeds   []uint64
}

// CurvePoint is one budget's runs in the anytime curve, one a seed.
type CurvePoint struct {
	Budget time.Duration
	Runs   []SeedTotals
}

// SeedTotals are the totals of one run of the curve.
type SeedTotals struct {
	Seed   uint64
	Totals results.Totals
}

// Median is the median of the point's runs: of the totals in the
// literature's scoring, the boards cleared and the beads left, each the
// middle one or the mean of the middle two (results.Median).
func (p CurvePoint) Median() (total, cleared, beadsLeft results.Half) {
	var ts, cs, bs []int
	for _, r := range p.Runs {
		ts, cs, bs = append(ts, r.Totals.Literature), append(cs, r.Totals.Cleared), append(bs, r.Totals.BeadsLeft)
	}
	return results.Median(ts), results.Median(cs), results.Median(bs)
}

// RunCurve runs p at each budget and seed of c, smallest budget first
// (p.Before ahead of the first only), printing a line for each run. All
// runs append to the one --out; the second and later resume it, so that
// a rerun of the same command skips every data set already finished in
// its run. It returns the curve (a budget's point holds the runs that
// finished), whether the data sets are the standard SameGame set, and
// the first run's error that stopped it.
func RunCurve(ctx context.Context, io *iostreams.IO, p Plan, c Curve) ([]CurvePoint, bool, error) {
	var curve []CurvePoint
	standard := false
	before := p.Before
	for i, b := range c.Budgets {
		pt := CurvePoint{Budget: b}
		for j, seed := range c.Seeds {
			run := p
			run.Search.Opt.Budget, run.Search.Opt.Seed = b, seed
			run.Before = nil
			if i == 0 && j == 0 {
				run.Before = before
			} else if p.Files.Out != "" {
				run.Files.Resume = true
			}
			recs, err := Run(ctx, io, run)
			if status.Is(err, status.Bad) {
				return nil, false, err
			}
			if len(recs) == len(p.Sets) {
				t := results.Sum(recs)
				pt.Runs = append(pt.Runs, SeedTotals{seed, t})
				standard = results.StandardSuite(recs)
				fmt.Fprintf(io.Out, "budget %s, seed %d: total %d (literature scoring), %d/%d cleared, %s left, %.1f CPU s\n",
					b, seed, t.Literature, t.Cleared, t.Sets, words.Plural(t.BeadsLeft, "bead"), t.CPU)
			}
			if err != nil {
				if len(pt.Runs) > 0 {
					curve = append(curve, pt)
				}
				return curve, standard, err
			}
		}
		curve = append(curve, pt)
	}
	return curve, standard, nil
}

// PrintCurve prints the anytime curve as a table: at each budget, each
// seed's total in the literature's scoring, their median, the boards
// cleared and the mean beads left.
func PrintCurve(w io.Writer, cfg Search, sets int, curve []CurvePoint) {
	fmt.Fprintf(w, "Anytime curve: algorithm %s, %s, literature scoring (+1000 a cleared board)\n", cfg.Algo, words.Plural(sets, "data set"))
	if cfg.Params != "" {
		fmt.Fprintf(w, "params %s\n", cfg.Params)
	}
	fmt.Fprintf(w, "%-10s %-28s %10s %9s %16s\n", "budget", "total by seed", "median", "cleared", "mean beads left")
	for _, p := range curve {
		var bySeed []string
		cleared, boards, left := 0, 0, 0
		for _, r := range p.Runs {
			bySeed = append(bySeed, fmt.Sprintf("%d:%d", r.Seed, r.Totals.Literature))
			cleared, boards, left = cleared+r.Totals.Cleared, boards+r.Totals.Sets, left+r.Totals.BeadsLeft
		}
		med, _, _ := p.Median()
		fmt.Fprintf(w, "%-10s %-28s %10s %9s %16.2f\n", p.Budget, strings.Join(bySeed, " "), med,
			fmt.Sprintf("%d/%d", cleared, boards), float64(left)/float64(max(boards, 1)))
	}
}

// PrintPublished lists the published totals on the standard set with
// their budgets, from results.StandardPublished.
func PrintPublished(w io.Writer, indent string) {
	pub, err := results.StandardPublished()
	if err != nil {
		return
	}
	fmt.Fprintf(w, "%sPublished on the same boards (literature scoring, the highest first; time a board as the source states it):\n", indent)
	methods := slices.Clone(pub.Methods)
	slices.SortStableFunc(methods, func(a, b results.Method) int { return b.Total - a.Total })
	for _, m := range methods {
		fmt.Fprintf(w, "%s  %6d  %s: %s\n", indent, m.Total, m.Name, m.Budget)
	}
}
