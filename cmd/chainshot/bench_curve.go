package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/cmd/chainshot/chart"
	"chainshot/datasets"
	"chainshot/results"
)

// curveArgs checks bench's --budgets and --chart before any solving and
// returns the budgets in increasing order (none without --budgets).
func curveArgs(c *cli.Context) ([]time.Duration, error) {
	const cmd = "chainshot bench"
	if !c.IsSet("budgets") {
		if c.IsSet("chart") {
			return nil, badInput("%s: --chart draws the anytime curve of --budgets: give --budgets LIST, such as --budgets 1s,5s,30s", cmd)
		}
		return nil, nil
	}
	list := c.String("budgets")
	if c.IsSet("budget") {
		return nil, badInput("%s: --budgets %s: give --budget or --budgets, not both", cmd, list)
	}
	if c.IsSet("csv") {
		return nil, badInput("%s: --csv holds one budget's run: with --budgets %s, keep --out and write the CSV with chainshot results merge --csv", cmd, list)
	}
	var budgets []time.Duration
	for _, f := range strings.Split(list, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || d <= 0 {
			return nil, badInput("%s: --budgets %s: %q is not a duration above 0 with a unit, such as 5s", cmd, list, f)
		}
		if slices.Contains(budgets, d) {
			return nil, badInput("%s: --budgets %s: %s is there twice", cmd, list, d)
		}
		budgets = append(budgets, d)
	}
	slices.Sort(budgets)
	if path := c.String("chart"); path != "" {
		if err := checkChartPath(path); err != nil {
			return nil, badInput("%s: --chart: %v", cmd, err)
		}
	}
	return budgets, nil
}

// benchCurve runs the suite once at each budget, smallest first, and
// prints each run's table, then the anytime curve: the total in the
// literature's scoring, the data sets cleared and the mean beads left at
// each budget. All runs append to the one --out; the second and later
// runs resume it, so that a rerun of the same command skips every data
// set already finished at its budget. --chart draws the curve.
func benchCurve(c *cli.Context, sets []datasets.Set, cfg searchConfig, budgets []time.Duration) error {
	s := ioFrom(c)
	var curve []curvePoint
	var runErr error
	standard := false
	cfg.curve = budgets
	for i, b := range budgets {
		cfg.opt.Budget = b
		if i > 0 && c.String("out") != "" {
			if err := c.Set("resume", "true"); err != nil {
				return failed("chainshot bench: %v", err)
			}
		}
		recs, err := runSets(c, sets, cfg, "")
		if e, ok := err.(*exitError); ok && e.code == exitBad {
			return err
		}
		printf(s.out, "Budget %s a board:\n", b)
		results.WriteTable(s.out, recs)
		printf(s.out, "\n")
		if len(recs) == len(sets) {
			curve = append(curve, curvePoint{b, results.Sum(recs)})
			standard = standardSuite(recs)
		}
		if err != nil {
			runErr = err
			break
		}
	}
	printCurve(s, cfg, len(sets), curve)
	if standard {
		printf(s.out, "\n")
		printPublished(s, "")
	}
	if path := c.String("chart"); path != "" && len(curve) > 0 {
		title := fmt.Sprintf("Anytime curve: %s over %d boards, seed %d", cfg.algo, len(sets), cfg.opt.Seed)
		points := make([]chart.BudgetPoint, len(curve))
		for i, p := range curve {
			points[i] = chart.BudgetPoint{Seconds: p.budget.Seconds(), Total: p.t.Literature, Cleared: p.t.Cleared, Boards: p.t.Sets}
		}
		fig, err := anytimeFigure(title, "chainshot "+cfg.algo, points, standard)
		if err == nil {
			err = writeChart(path, fig)
		}
		if err != nil && runErr == nil {
			runErr = failed("chainshot bench: --chart: %v", err)
		}
	}
	return runErr
}

// curvePoint is one budget's run in the anytime curve.
type curvePoint struct {
	budget time.Duration
	t      results.Totals
}

// printCurve prints the anytime curve as a table.
func printCurve(s *streams, cfg searchConfig, sets int, curve []curvePoint) {
	printf(s.out, "Anytime curve: algorithm %s, seed %d, %s, literature scoring (+1000 a cleared board)\n", cfg.algo, cfg.opt.Seed, plural(sets, "data set"))
	printf(s.out, "%-10s %8s %9s %16s %10s\n", "budget", "total", "cleared", "mean beads left", "CPU s")
	for _, p := range curve {
		printf(s.out, "%-10s %8d %9s %16.2f %10.1f\n", p.budget, p.t.Literature,
			fmt.Sprintf("%d/%d", p.t.Cleared, p.t.Sets), float64(p.t.BeadsLeft)/float64(max(p.t.Sets, 1)), p.t.CPU)
	}
}
