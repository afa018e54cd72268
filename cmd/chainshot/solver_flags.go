package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/internal/runs"
	"chainshot/internal/status"
	"chainshot/internal/words"
	"chainshot/solver"
)

// budgetFlag is --budget (-b), a CPU-time limit (wall-clock time with
// --wall) of value by default, refused below 0 with want.
func budgetFlag(value time.Duration, usage string) cli.Flag {
	return boundedDuration(&cli.DurationFlag{Name: "budget", Aliases: []string{"b"}, Value: value, Usage: usage}, budgetBound)
}

// wallFlag is --wall, which makes --budget wall-clock time.
func wallFlag() cli.Flag {
	return &cli.BoolFlag{Name: "wall", Usage: "make --budget wall-clock time instead of CPU time"}
}

// searchFlags are the flags of every command that runs the solver.
func searchFlags() []cli.Flag {
	return append([]cli.Flag{
		budgetFlag(30*time.Second, "`DURATION` of CPU time per data set, with a unit: 30s, 500ms, 2m (every goroutine counts; 0: no time limit, then --max-nodes must be given)"),
		&cli.StringFlag{Name: "algo", Aliases: []string{"a"}, Value: "auto", Usage: "search algorithm `NAME`: " + algoNames() + " (\"chainshot solve --help\" describes them)"},
		anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "random seed `N` (with --budget 0 and --max-nodes, the same seed gives the same moves on every machine and at every --jobs)"}),
		wallFlag(),
		bounded(&cli.Int64Flag{Name: "max-nodes", Usage: "stop after `N` nodes or playouts, a budget that does not depend on the machine (0: no limit); it is split into " + strconv.Itoa(solver.NodeBudgetWorkers) + " fixed parts, so with --budget 0 a run repeats exactly; a CPU or wall --budget that ends first makes it vary"}, nodesBound),
		bounded(&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "`N` search goroutines on each data set (0: one per CPU, but one where one worker with the whole CPU budget scores more: 200 to 225 beads, such as 15x15, at 20 s or more; with --max-nodes at most " + strconv.Itoa(solver.NodeBudgetWorkers) + ", and the moves do not depend on N)"}, searchJobsBound),
		&cli.StringFlag{Name: "rank", Value: solver.RankBeads.String(), Usage: "how lines rank, `RULE`: " + rankHelp()},
		bounded(&cli.IntFlag{Name: "memory", Value: 256, Usage: "memory cap for tables and beams, in `MB`"}, memoryBound()),
		// The old spelling, kept for a release (docs/command-line.md: Renamed flags).
		bounded(&cli.IntFlag{Name: "workers", Hidden: true, Usage: "old spelling of --jobs"}, searchJobsBound),
	}, profileFlags()...)
}

// jobs is --jobs, or its old spelling --workers when only that is given.
func jobs(c *cli.Context) int {
	if !c.IsSet("jobs") && c.IsSet("workers") {
		return c.Int("workers")
	}
	return c.Int("jobs")
}

func algoNames() string {
	var names []string
	for _, a := range solver.Algorithms() {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

// algoHelp lists the algorithms for --help, one paragraph each.
func algoHelp() string {
	var sb strings.Builder
	for _, a := range solver.Algorithms() {
		fmt.Fprintf(&sb, "  %-8s %s\n", a.Name, words.WrapAt(algoDescription(a), 88, 11, "           "))
	}
	return sb.String()
}

// algoDescription is what an algorithm does, as solve --help and the
// table in docs/chainshot.md say it: the solver's own words, and for auto the shares
// of the budget its shipped tuning (solver.DefaultParams) gives.
func algoDescription(a solver.Algorithm) string {
	if a.Name != "auto" {
		return a.Description
	}
	p := solver.DefaultParams()
	return fmt.Sprintf("%s (shipped tuning: the beam takes %.0f%% of the budget on boards of at most %d colours and %d beads, and %.0f%% where the portfolio runs on boards of at most %d colours; the tabu-colour searches %.0f%%, for the colours within %d beads of the most frequent; the end search the last %.0f%%)",
		a.Description, 100*p.BeamFirst, p.BeamColors, p.BeamMaxBeads, 100*p.BeamLarge, p.BeamLargeColors, 100*p.TabuTrials, p.TabuWithin, 100*p.EndShare)
}

func searchConfigFrom(c *cli.Context) (runs.Search, error) {
	algo := c.String("algo")
	known := false
	for _, a := range solver.Algorithms() {
		known = known || a.Name == algo
	}
	if !known {
		return runs.Search{}, flagError(c, findFlag(c, "algo"), fmt.Sprintf("%q", algo), "one of "+algoNames())
	}
	if c.Duration("budget") == 0 && c.Int64("max-nodes") == 0 {
		return runs.Search{}, status.BadInput("%s: %s 0 needs a --max-nodes limit", commandPath(c), typedFlag(c, []string{"budget", "b"}))
	}
	rank, err := solver.ParseRank(c.String("rank"))
	if err != nil {
		return runs.Search{}, flagError(c, findFlag(c, "rank"), fmt.Sprintf("%q", c.String("rank")), "one of "+strings.Join(solver.RankNames(), ", "))
	}
	return runs.Search{Algo: algo, Opt: solver.Options{
		Budget: c.Duration("budget"), Wall: c.Bool("wall"), MaxNodes: c.Int64("max-nodes"),
		Seed: c.Uint64("seed"), Workers: jobs(c), MemoryMB: c.Int("memory"), Rank: rank,
	}}, nil
}

// rankHelp says what each --rank value means.
func rankHelp() string {
	var parts []string
	for _, r := range solver.Ranks() {
		parts = append(parts, r.String()+", "+r.Describe())
	}
	return strings.Join(parts, "; ")
}
