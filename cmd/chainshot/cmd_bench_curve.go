package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/datasets"
	"chainshot/internal/chart"
	"chainshot/internal/figures"
	"chainshot/internal/outfile"
	"chainshot/internal/runs"
	"chainshot/internal/status"
	"chainshot/internal/strictjson"
	"chainshot/internal/words"
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

// parseBudgets reads a comma-separated list of budgets (budgetsBound:
// each one budgetItem, budgetsCount of them, none twice), and returns
// them in increasing order.
func parseBudgets(list string) ([]time.Duration, error) {
	items := strings.Split(list, ",")
	if err := budgetsCount.Check(int64(len(items))); err != nil {
		return nil, fmt.Errorf("%d budgets: want %s", len(items), budgetsCount.Want())
	}
	var budgets []time.Duration
	for _, f := range items {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || budgetItem.Check(d) != nil {
			return nil, fmt.Errorf("%q: want a duration with a unit, such as 5s, of %s", words.Clip(f, 40), budgetItem.Want())
		}
		if slices.Contains(budgets, d) {
			return nil, fmt.Errorf("%s is there twice: want each budget once", d)
		}
		budgets = append(budgets, d)
	}
	slices.Sort(budgets)
	return budgets, nil
}

// parseSeeds reads seeds as a comma-separated list of numbers and ranges
// ("1-3", "1,4,7", "1-3,10"; seedsBound: seedsCount of them, none twice).
func parseSeeds(list string) ([]uint64, error) {
	var seeds []uint64
	seen := map[uint64]bool{}
	for _, f := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(f), "-")
		a, errA := strconv.ParseUint(lo, 10, 64)
		b, errB := a, error(nil)
		if isRange {
			b, errB = strconv.ParseUint(hi, 10, 64)
		}
		if errA != nil || errB != nil || b < a {
			return nil, fmt.Errorf("%q: want a seed or a range of seeds such as 1-3", words.Clip(f, 40))
		}
		if most := uint64(seedsCount.Max); b-a >= most || uint64(len(seeds))+(b-a)+1 > most {
			return nil, fmt.Errorf("more than %s: want %s", words.Thousands(uint64(seedsCount.Max)), seedsCount.Want())
		}
		for s := a; ; s++ {
			if seen[s] {
				return nil, fmt.Errorf("seed %d is there twice: want each seed once", s)
			}
			seen[s] = true
			seeds = append(seeds, s)
			if s == b { // not s <= b: the largest seed would wrap around
				break
			}
		}
	}
	return seeds, nil
}

// parseParams reads an experiment's solver tuning values: a JSON object
// whose fields replace those of solver.DefaultParams. It returns them and
// their canonical JSON (every field), which results lines record.
func parseParams(js string) (solver.Params, string, error) {
	prm := solver.DefaultParams()
	// The one strict decoder: each field once, none unknown, each within
	// its bound (solver.Params.Check), the column of a defect given.
	if err := strictjson.Decode([]byte(js), &prm, strictjson.Options{What: "a JSON object of solver.Params fields, such as {\"TabuTrials\":0}"}); err != nil {
		return prm, "", fmt.Errorf("%s: column %v", js, err)
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(prm); err != nil {
		return prm, "", err
	}
	return prm, strings.TrimSpace(buf.String()), nil
}

// benchMany runs the suite once at each budget and seed (runs.RunCurve),
// then prints the anytime curve; --chart draws the curve of the medians.
func benchMany(c *cli.Context, sets []datasets.Set, cfg runs.Search, br benchRuns, before func()) error {
	s := ioFrom(c)
	p := planFrom(c, sets, cfg)
	p.Before = before
	curve, standard, runErr := runs.RunCurve(c.Context, s.IO, p, runs.Curve{Budgets: br.budgets, Seeds: br.seeds})
	if status.Is(runErr, status.Bad) {
		return runErr
	}
	printf(s.Out, "\n")
	runs.PrintCurve(s.Out, cfg, len(sets), curve)
	if standard {
		printf(s.Out, "\n")
		runs.PrintPublished(s.Out, "")
	}
	if out := s.output("chart"); out != nil && len(curve) > 0 {
		if err := drawCurve(out, cfg, len(sets), curve, standard); err != nil && runErr == nil {
			runErr = status.Fail("chainshot bench: --chart: %v", err)
		}
	}
	return runErr
}

// drawCurve draws the anytime curve of the median runs.
func drawCurve(out *outfile.Claim, cfg runs.Search, sets int, curve []runs.CurvePoint, standard bool) error {
	points := make([]chart.BudgetPoint, len(curve))
	var seeds []string
	for _, r := range curve[0].Runs {
		seeds = append(seeds, strconv.FormatUint(r.Seed, 10))
	}
	for i, p := range curve {
		total, cleared, _ := p.Median()
		points[i] = chart.BudgetPoint{Seconds: p.Budget.Seconds(), Total: int(total.Float() + 0.5), Cleared: int(cleared.Float() + 0.5), Boards: p.Runs[0].Totals.Sets}
	}
	what := "seed " + seeds[0]
	if len(seeds) > 1 {
		what = "median of seeds " + strings.Join(seeds, ", ")
	}
	if cfg.Opt.Workers == 1 {
		what += ", one worker"
	}
	title := fmt.Sprintf("Anytime curve: chainshot %s on %s (%s)", cfg.Algo, words.Plural(sets, "board"), what)
	fig, err := figures.Anytime(title, "chainshot "+cfg.Algo, points, standard)
	if err != nil {
		return err
	}
	write, err := figures.Writer(out.Path, fig)
	if err != nil {
		return err
	}
	return out.WriteFile(write)
}
