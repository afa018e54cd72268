package main

import (
	"chainshot/cpuclock"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/expendibots"
)

func boomSolveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "print a shortest sequence of actions that removes every black token",
		ArgsUsage: "FILE.json",
		Description: "Prints one action a line on stdout, then a summary on stderr. Exit status 1 when the\n" +
			"case is unsolvable or the budget runs out first.\n\n" +
			"Examples:\n" +
			"  chainshot boom solve test-level-4.json > out.txt\n" +
			"  chainshot boom solve comments-2.json --json\n" +
			"  chainshot boom solve test-level-4.json --algo bfs",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object: actions, count, states, optimal, seconds, cpu_seconds, status"},
			budgetFlag(30*time.Second, "CPU time limit, a `DURATION` with a unit: 30s, 500ms (0: no time limit)"),
			wallFlag(),
			&cli.StringFlag{Name: "algo", Aliases: []string{"a"}, Value: expendibots.AlgoAStar, Usage: "search `NAME`: " + strings.Join(expendibots.Algos(), ", ") +
				"; astar: A* with a proven lower bound, shortest, the fewest positions;" +
				" bfs: breadth-first over whole positions, shortest, no bound to trust;" +
				" seed: the seed's search, breadth-first to each boom, depth-first between booms, not shortest"},
			bounded(&cli.IntFlag{Name: "max-states", Value: expendibots.DefaultMaxStates, Usage: "most positions to store, `N` (about 80 bytes each)"}, statesBound),
			pictureFlag(&cli.StringFlag{Name: "gif", Usage: "also write the actions as an animated GIF to `FILE`, booms marked"}),
		}, profileFlags()...),
		Action: profiled(boomSolve),
	}
}

// boomResult is the JSON form of "boom solve --json".
type boomResult struct {
	File          string   `json:"file"`
	Algorithm     string   `json:"algorithm"`
	Status        string   `json:"status"`
	Actions       []string `json:"actions"`
	Count         int      `json:"count"`
	States        int      `json:"states"`
	Expanded      int      `json:"expanded"`
	Optimal       bool     `json:"optimal"`
	Seconds       float64  `json:"seconds"`
	CPU           float64  `json:"cpu_seconds"`
	BudgetSeconds float64  `json:"budget_seconds"`
	Wall          bool     `json:"wall,omitempty"`
	MaxStates     int      `json:"max_states"`
	Limit         string   `json:"limit,omitempty"`
}

// boomRun is one "boom solve": the case, what the flags ask, and what
// the search found.
type boomRun struct {
	path string
	b    expendibots.Board
	opt  expendibots.Options
	wall bool
	gif  string
	res  expendibots.Result
	cpu  time.Duration // the search's CPU time
}

func boomSolve(c *cli.Context) error {
	r, err := boomSolveArgs(c)
	if err != nil {
		return err
	}
	s := ioFrom(c)
	r.search(s)
	if r.gif != "" && r.res.Status == expendibots.Solved {
		if err := writeBoomGIF(s.output("gif"), r.path, r.b, r.res.Actions); err != nil {
			return err
		}
	}
	return r.report(ioFrom(c), c.Bool("json"))
}

// boomSolveArgs reads the arguments and flags of "boom solve" and the
// case it names.
func boomSolveArgs(c *cli.Context) (*boomRun, error) {
	if err := wantArgs(c, "solve", "FILE.json"); err != nil {
		return nil, err
	}
	algo := c.String("algo")
	if !slices.Contains(expendibots.Algos(), algo) {
		return nil, flagError(c, findFlag(c, "algo"), fmt.Sprintf("%q", algo), "one of "+strings.Join(expendibots.Algos(), ", "))
	}
	r := &boomRun{path: c.Args().First(), wall: c.Bool("wall"), gif: c.String("gif"),
		opt: expendibots.Options{Algo: algo, Budget: c.Duration("budget"), MaxStates: c.Int("max-states")}}
	b, err := loadBoomCase(c, "solve", r.path)
	if err != nil {
		return nil, err
	}
	r.b = b
	if r.gif != "" {
		if err := checkOutputDir(r.gif); err != nil {
			return nil, status.BadInput("chainshot boom solve: --gif: %v", err)
		}
	}
	return r, nil
}

// search runs the search on the clock --wall asks for, showing the state
// count on a terminal.
func (r *boomRun) search(s *streams) {
	startCPU := cpuclock.Process()
	if !r.wall {
		r.opt.Clock = func() time.Duration { return cpuclock.Process() - startCPU }
	}
	progressShown := false
	if s.ErrTTY {
		// A long search shows its state count on the terminal, on one line.
		r.opt.Progress = func(states int) {
			s.Status("searching (%s): %d states", r.opt.Algo, states)
			progressShown = true
		}
	}
	r.res, _ = expendibots.Solve(r.b, r.opt) // the algorithm was checked
	r.cpu = cpuclock.Process() - startCPU
	if progressShown {
		s.Status("")
	}
}

// used is the time the search took on the budget's clock, for messages:
// "0.031 CPU s" or "0.031 s".
func (r *boomRun) used() string {
	if r.wall {
		return fmt.Sprintf("%.3f s", r.res.Elapsed.Seconds())
	}
	return fmt.Sprintf("%.3f CPU s", r.cpu.Seconds())
}

// report prints the actions (or the JSON object) on stdout and the
// outcome on stderr; an unsolvable case or a budget that ran out is exit
// status 1.
func (r *boomRun) report(s *streams, asJSON bool) error {
	res := r.res
	if asJSON {
		out := boomResult{File: r.path, Algorithm: r.opt.Algo, Status: res.Status.String(), Actions: []string{},
			Count: len(res.Actions), States: res.States, Expanded: res.Expanded, Optimal: res.Optimal,
			Seconds: res.Elapsed.Seconds(), CPU: r.cpu.Seconds(), BudgetSeconds: r.opt.Budget.Seconds(), Wall: r.wall,
			MaxStates: r.opt.MaxStates, Limit: res.Limit}
		for _, a := range res.Actions {
			out.Actions = append(out.Actions, a.String())
		}
		if err := json.NewEncoder(s.Out).Encode(out); err != nil {
			return err
		}
	} else if res.Status == expendibots.Solved {
		if _, err := fmt.Fprint(s.Out, expendibots.FormatActions(res.Actions)); err != nil {
			return err
		}
	}
	switch res.Status {
	case expendibots.Solved:
		kind := "not proven shortest"
		if res.Optimal {
			kind = "shortest"
		}
		fmt.Fprintf(s.Err, "%s: %s, %s (%s, %s, %s)\n",
			r.path, words.Plural(len(res.Actions), "action"), kind, r.opt.Algo, words.Plural(res.States, "state"), r.used())
		return nil
	case expendibots.Unsolvable:
		return status.Fail("chainshot boom solve: %s: unsolvable: no sequence of actions removes every black token (%s)", r.path, r.unsolvableProof())
	}
	what := fmt.Sprintf("--budget %v", r.opt.Budget)
	if r.wall {
		what += " --wall"
	}
	if res.Limit == "states" {
		what = fmt.Sprintf("--max-states %d", r.opt.MaxStates)
	}
	return status.Fail("chainshot boom solve: %s: out of budget: %s ran out after %s (%s) with no solution found", r.path, what, words.Plural(res.States, "state"), r.used())
}

// unsolvableProof says how the search proved the case unsolvable: bfs and
// seed by searching every reachable position, astar by searching those
// its lower bound could not prove lost.
func (r *boomRun) unsolvableProof() string {
	res := r.res
	if r.opt.Algo != expendibots.AlgoAStar {
		return fmt.Sprintf("%s searched all %s", r.opt.Algo, words.Plural(res.States, "reachable position"))
	}
	if res.States == 1 {
		return "astar's lower bound proves the start lost: the black groups need more tokens than White has"
	}
	return fmt.Sprintf("astar searched %s and proved every other reachable position lost", words.Plural(res.States, "position"))
}
