package runs

import (
	"slices"

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
