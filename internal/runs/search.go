package runs

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"chainshot/results"
	"chainshot/solver"
)

// Search is what the search flags say.
type Search struct {
	Algo string
	Opt  solver.Options
	// Params are the solver's tuning values as JSON when an experiment
	// replaced the shipped ones (bench --params; Opt.Params holds them).
	Params string
	// Siblings are the settings of every run of a bench with several
	// budgets or seeds, which records them all in one --out.
	Siblings []results.Settings
	// Seeds are the seeds of tournament --seeds, every data set solved
	// with each in one run; nil for one seed, Opt.Seed.
	Seeds []uint64
}

// Settings are the settings a search records in each line.
func (cfg Search) Settings() results.Settings {
	return results.Settings{Algo: cfg.Algo, Budget: cfg.Opt.Budget.Seconds(), Wall: cfg.Opt.Wall,
		MaxNodes: cfg.Opt.MaxNodes, Seed: cfg.Opt.Seed, Params: cfg.Params, Rank: results.RankField(cfg.Opt.Rank.String())}
}

// curveSibling reports whether a recorded line's settings are those of
// another run of the same bench (another of its budgets or seeds).
func (cfg Search) curveSibling(got results.Settings) bool {
	return got != cfg.Settings() && slices.Contains(cfg.Siblings, got)
}

// SettingsDiff names the flags whose values differ between a recorded
// line's settings and this run's: "--budget 20s (this run: 1s)".
func SettingsDiff(rec, run results.Settings) string {
	var diffs []string
	for _, d := range SettingsDiffs(rec, run) {
		diffs = append(diffs, fmt.Sprintf("%s %s (this run: %s)", d.Flag, d.A, d.B))
	}
	return strings.Join(diffs, ", ")
}

// SettingDiff is a flag whose value differs between two settings.
type SettingDiff struct{ Flag, A, B string }

// SettingsDiffs lists the flags whose values differ between a and b.
func SettingsDiffs(a, b results.Settings) []SettingDiff {
	dur := func(sec float64) string { return time.Duration(sec * float64(time.Second)).String() }
	var diffs []SettingDiff
	add := func(flag, x, y string) {
		if x != y {
			diffs = append(diffs, SettingDiff{flag, x, y})
		}
	}
	add("--algo", a.Algo, b.Algo)
	add("--budget", dur(a.Budget), dur(b.Budget))
	add("--wall", fmt.Sprint(a.Wall), fmt.Sprint(b.Wall))
	add("--max-nodes", fmt.Sprint(a.MaxNodes), fmt.Sprint(b.MaxNodes))
	add("--seed", fmt.Sprint(a.Seed), fmt.Sprint(b.Seed))
	shipped := func(p string) string {
		if p == "" {
			return "(the shipped values)"
		}
		return p
	}
	add("--params", shipped(a.Params), shipped(b.Params))
	rank := func(r string) string {
		if r == "" {
			return solver.RankBeads.String()
		}
		return r
	}
	add("--rank", rank(a.Rank), rank(b.Rank))
	return diffs
}
