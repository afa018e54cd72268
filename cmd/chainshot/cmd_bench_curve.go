package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/datasets"
	"chainshot/internal/chart"
	"chainshot/internal/filekinds"
	"chainshot/internal/outfile"
	"chainshot/internal/runs"
	"chainshot/internal/status"
	"chainshot/internal/words"
	"chainshot/results"
	"chainshot/solver"
)

// benchRuns are the runs of one bench: the suite at each budget and
// seed. A bench without --budgets or --seeds has one run.
type benchRuns struct {
	budgets []time.Duration
	seeds   []uint64
}

func (b benchRuns) many() bool { return len(b.budgets) > 1 || len(b.seeds) > 1 }

// benchArgs reads bench's --budgets, --seeds and --params before any
// solving: the runs, and cfg with the experiment's Params.
func benchArgs(c *cli.Context, cfg *runs.Search) (benchRuns, error) {
	const cmd = "chainshot bench"
	br := benchRuns{budgets: []time.Duration{cfg.Opt.Budget}, seeds: []uint64{cfg.Opt.Seed}}
	if c.IsSet("budgets") {
		list := c.String("budgets")
		if c.IsSet("budget") {
			return br, status.BadInput("%s: --budgets %s: give --budget or --budgets, not both", cmd, list)
		}
		budgets, err := parseBudgets(list)
		if err != nil {
			return br, status.BadInput("%s: --budgets %s: %v", cmd, list, err)
		}
		br.budgets = budgets
	}
	if c.IsSet("seeds") {
		list := c.String("seeds")
		if c.IsSet("seed") {
			return br, status.BadInput("%s: --seeds %s: give --seed or --seeds, not both", cmd, list)
		}
		seeds, err := parseSeeds(list)
		if err != nil {
			return br, status.BadInput("%s: --seeds %s: %v", cmd, list, err)
		}
		br.seeds = seeds
	}
	if c.IsSet("params") {
		prm, canon, err := parseParams(c.String("params"))
		if err != nil {
			return br, status.BadInput("%s: --params: %v", cmd, err)
		}
		cfg.Opt.Params, cfg.Params = &prm, canon
	}
	if br.many() && c.IsSet("csv") {
		return br, status.BadInput("%s: --csv holds one run: with several budgets or seeds, keep --out and write the CSV with chainshot results merge --csv", cmd)
	}
	if c.IsSet("chart") && c.IsSet("seeds") && !c.IsSet("budgets") {
		return br, status.BadInput("%s: --chart with --seeds draws the anytime curve of --budgets: give --budgets LIST too, or one --seed", cmd)
	}
	for _, b := range br.budgets {
		for _, s := range br.seeds {
			sib := *cfg
			sib.Opt.Budget, sib.Opt.Seed = b, s
			cfg.Siblings = append(cfg.Siblings, sib.Settings())
		}
	}
	return br, nil
}

// parseBudgets reads a comma-separated list of durations above 0, and
// returns them in increasing order.
func parseBudgets(list string) ([]time.Duration, error) {
	var budgets []time.Duration
	for _, f := range strings.Split(list, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("%q is not a duration above 0 with a unit, such as 5s", f)
		}
		if slices.Contains(budgets, d) {
			return nil, fmt.Errorf("%s is there twice", d)
		}
		budgets = append(budgets, d)
	}
	slices.Sort(budgets)
	return budgets, nil
}

// parseSeeds reads seeds as a comma-separated list of numbers and ranges:
// "1-3", "1,4,7", "1-3,10".
func parseSeeds(list string) ([]uint64, error) {
	var seeds []uint64
	for _, f := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(f), "-")
		a, errA := strconv.ParseUint(lo, 10, 64)
		b, errB := a, error(nil)
		if isRange {
			b, errB = strconv.ParseUint(hi, 10, 64)
		}
		if errA != nil || errB != nil || b < a || b-a >= 1000 {
			return nil, fmt.Errorf("%q is not a seed or a range of seeds such as 1-3", f)
		}
		for s := a; s <= b; s++ {
			if slices.Contains(seeds, s) {
				return nil, fmt.Errorf("seed %d is there twice", s)
			}
			seeds = append(seeds, s)
		}
	}
	return seeds, nil
}

// parseParams reads an experiment's solver tuning values: a JSON object
// whose fields replace those of solver.DefaultParams. It returns them and
// their canonical JSON (every field), which results lines record.
func parseParams(js string) (solver.Params, string, error) {
	prm := solver.DefaultParams()
	dec := json.NewDecoder(strings.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&prm); err != nil {
		return prm, "", fmt.Errorf("%s: %v (a JSON object of solver.Params fields, such as {\"TabuTrials\":0})", js, err)
	}
	if dec.More() {
		return prm, "", fmt.Errorf("%s: more than one JSON object", js)
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(prm); err != nil {
		return prm, "", err
	}
	return prm, strings.TrimSpace(buf.String()), nil
}

// benchMany runs the suite once at each budget and seed, smallest budget
// first (before runs ahead of the first), printing a line for each run, then the anytime curve: at each
// budget, each seed's total in the literature's scoring, their median,
// the boards cleared and the mean beads left. All runs append to the one
// --out; the second and later resume it, so that a rerun of the same
// command skips every data set already finished in its run. --chart draws
// the curve of the medians.
func benchMany(c *cli.Context, sets []datasets.Set, cfg runs.Search, br benchRuns, before func()) error {
	s := ioFrom(c)
	// The runs hold --out's lock from the first to the last: no other run
	// slips in between two.
	if out := c.String("out"); out != "" && !outfile.SameFile(out, s.Stdout()) {
		lock, err := s.claim("chainshot bench", "out", out, filekinds.ResultsOut)
		if err != nil {
			return err
		}
		defer lock.Release()
	}
	var curve []curvePoint
	var runErr error
	standard := false
	first := true
runs:
	for _, b := range br.budgets {
		pt := curvePoint{budget: b}
		for _, seed := range br.seeds {
			cfg.Opt.Budget, cfg.Opt.Seed = b, seed
			if !first && c.String("out") != "" {
				if err := c.Set("resume", "true"); err != nil {
					return status.Fail("chainshot bench: %v", err)
				}
			}
			p := planFrom(c, sets, cfg)
			if first {
				p.Before = before
			}
			recs, err := runs.Run(c.Context, s.IO, p)
			first = false
			if e, ok := err.(*status.Error); ok && e.Code == status.Bad {
				return err
			}
			if len(recs) == len(sets) {
				t := results.Sum(recs)
				pt.runs = append(pt.runs, seedTotals{seed, t})
				standard = standardSuite(recs)
				printf(s.Out, "budget %s, seed %d: total %d (literature scoring), %d/%d cleared, %s left, %.1f CPU s\n",
					b, seed, t.Literature, t.Cleared, t.Sets, words.Plural(t.BeadsLeft, "bead"), t.CPU)
			}
			if err != nil {
				runErr = err
				if len(pt.runs) > 0 {
					curve = append(curve, pt)
				}
				break runs
			}
		}
		curve = append(curve, pt)
	}
	printf(s.Out, "\n")
	printCurve(s, cfg, len(sets), curve)
	if standard {
		printf(s.Out, "\n")
		printPublished(s, "")
	}
	if path := c.String("chart"); path != "" && len(curve) > 0 {
		if err := drawCurve(s.output("chart"), cfg, len(sets), curve, standard); err != nil && runErr == nil {
			runErr = status.Fail("chainshot bench: --chart: %v", err)
		}
	}
	return runErr
}

// curvePoint is one budget's runs in the anytime curve, one a seed.
type curvePoint struct {
	budget time.Duration
	runs   []seedTotals
}

type seedTotals struct {
	seed uint64
	t    results.Totals
}

// median returns the run of the median total (the lower middle one of an
// even count).
func (p curvePoint) median() results.Totals {
	ts := make([]results.Totals, len(p.runs))
	for i, r := range p.runs {
		ts[i] = r.t
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Literature < ts[j].Literature })
	return ts[(len(ts)-1)/2]
}

// printCurve prints the anytime curve as a table.
func printCurve(s *streams, cfg runs.Search, sets int, curve []curvePoint) {
	printf(s.Out, "Anytime curve: algorithm %s, %s, literature scoring (+1000 a cleared board)\n", cfg.Algo, words.Plural(sets, "data set"))
	if cfg.Params != "" {
		printf(s.Out, "params %s\n", cfg.Params)
	}
	printf(s.Out, "%-10s %-28s %8s %9s %16s\n", "budget", "total by seed", "median", "cleared", "mean beads left")
	for _, p := range curve {
		var bySeed []string
		cleared, boards, left := 0, 0, 0
		for _, r := range p.runs {
			bySeed = append(bySeed, fmt.Sprintf("%d:%d", r.seed, r.t.Literature))
			cleared, boards, left = cleared+r.t.Cleared, boards+r.t.Sets, left+r.t.BeadsLeft
		}
		printf(s.Out, "%-10s %-28s %8d %9s %16.2f\n", p.budget, strings.Join(bySeed, " "), p.median().Literature,
			fmt.Sprintf("%d/%d", cleared, boards), float64(left)/float64(max(boards, 1)))
	}
}

// drawCurve draws the anytime curve of the median runs.
func drawCurve(out *outfile.Claim, cfg runs.Search, sets int, curve []curvePoint, standard bool) error {
	points := make([]chart.BudgetPoint, len(curve))
	var seeds []string
	for _, r := range curve[0].runs {
		seeds = append(seeds, strconv.FormatUint(r.seed, 10))
	}
	for i, p := range curve {
		m := p.median()
		points[i] = chart.BudgetPoint{Seconds: p.budget.Seconds(), Total: m.Literature, Cleared: m.Cleared, Boards: m.Sets}
	}
	what := "seed " + seeds[0]
	if len(seeds) > 1 {
		what = "median of seeds " + strings.Join(seeds, ", ")
	}
	title := fmt.Sprintf("Anytime curve: chainshot %s on %s (%s)", cfg.Algo, words.Plural(sets, "board"), what)
	fig, err := anytimeFigure(title, "chainshot "+cfg.Algo, points, standard)
	if err != nil {
		return err
	}
	return writeChart(out, fig)
}
