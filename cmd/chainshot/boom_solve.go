package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"chainshot/expendibots"

	"github.com/urfave/cli/v2"
)

func boomSolveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "print a sequence of actions that removes every black token (shortest with bfs)",
		ArgsUsage: "FILE.json",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object: actions, count, states, optimal, seconds"},
			&cli.DurationFlag{Name: "budget", Value: 30 * time.Second, Usage: "wall-clock time limit, with a unit (30s, 500ms)"},
			&cli.StringFlag{Name: "algo", Value: expendibots.AlgoBFS, Usage: "search: " + strings.Join(expendibots.Algos(), ", ") +
				"; bfs: breadth-first over whole positions, shortest;" +
				" astar: A* with a proven lower bound, shortest, often fewer positions;" +
				" seed: the seed's search, breadth-first to each boom, depth-first between booms, not shortest"},
			&cli.IntFlag{Name: "max-states", Value: expendibots.DefaultMaxStates, Usage: "most positions to store (about 100 bytes each)"},
			&cli.StringFlag{Name: "gif", Usage: "also write the actions as an animated GIF to `FILE`, booms marked"},
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
	BudgetSeconds float64  `json:"budget_seconds"`
	MaxStates     int      `json:"max_states"`
	Limit         string   `json:"limit,omitempty"`
}

func boomSolve(c *cli.Context) error {
	if err := wantArgs(c, "solve", "FILE.json"); err != nil {
		return err
	}
	algo := c.String("algo")
	if !slices.Contains(expendibots.Algos(), algo) {
		return badInput("chainshot boom solve: --algo %q: want one of %s", algo, strings.Join(expendibots.Algos(), ", "))
	}
	budget := c.Duration("budget")
	if budget <= 0 {
		return badInput("chainshot boom solve: --budget %v: want a positive duration with a unit (30s, 500ms)", budget)
	}
	maxStates := c.Int("max-states")
	if maxStates <= 0 {
		return badInput("chainshot boom solve: --max-states %d: want a positive number", maxStates)
	}
	path := c.Args().First()
	b, err := loadBoomCase(c, "solve", path)
	if err != nil {
		return err
	}
	gif := c.String("gif")
	if gif != "" {
		if err := checkOutputDir(gif); err != nil {
			return badInput("chainshot boom solve: --gif: %v", err)
		}
	}
	s := ioFrom(c)
	opt := expendibots.Options{Algo: algo, Budget: budget, MaxStates: maxStates}
	progressShown := false
	if s.errTTY {
		// A long search shows its state count on the terminal, on one line.
		opt.Progress = func(states int) {
			fmt.Fprintf(s.err, "\rsearching (%s): %d states", algo, states)
			progressShown = true
		}
	}
	res, err := expendibots.Solve(b, opt)
	if progressShown {
		fmt.Fprint(s.err, "\r\x1b[K")
	}
	if err != nil {
		return badInput("%v", err)
	}
	if gif != "" && res.Status == expendibots.Solved {
		if err := writeBoomGIF(gif, path, b, res.Actions); err != nil {
			return err
		}
	}
	if c.Bool("json") {
		out := boomResult{File: path, Algorithm: algo, Status: res.Status.String(), Actions: []string{},
			Count: len(res.Actions), States: res.States, Expanded: res.Expanded, Optimal: res.Optimal,
			Seconds: res.Elapsed.Seconds(), BudgetSeconds: budget.Seconds(), MaxStates: maxStates, Limit: res.Limit}
		for _, a := range res.Actions {
			out.Actions = append(out.Actions, a.String())
		}
		enc := json.NewEncoder(s.out)
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else if res.Status == expendibots.Solved {
		if _, err := fmt.Fprint(s.out, expendibots.FormatActions(res.Actions)); err != nil {
			return err
		}
	}
	switch res.Status {
	case expendibots.Solved:
		kind := "not proven shortest"
		if res.Optimal {
			kind = "shortest"
		}
		fmt.Fprintf(s.err, "%s: %d actions, %s (%s, %d states, %.3fs)\n",
			path, len(res.Actions), kind, algo, res.States, res.Elapsed.Seconds())
		return nil
	case expendibots.Unsolvable:
		return failed("chainshot boom solve: %s: unsolvable: no sequence of actions removes every black token (%s searched all %d reachable positions)",
			path, algo, res.States)
	}
	what := fmt.Sprintf("--budget %v", budget)
	if res.Limit == "states" {
		what = fmt.Sprintf("--max-states %d", maxStates)
	}
	return failed("chainshot boom solve: %s: out of budget: %s ran out after %d states (%.1fs) with no solution found", path, what, res.States, res.Elapsed.Seconds())
}
