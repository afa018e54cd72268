// Package boomrun runs the Expendibots commands below the command line:
// a case solved and reported ("boom solve"), fresh cases drawn and
// checked ("boom gen"), a line of actions verified ("boom verify"), and
// the case and action files read through the one capped reader.
package boomrun

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"chainshot/cpuclock"
	"chainshot/expendibots"
	"chainshot/internal/filekinds"
	"chainshot/internal/iostreams"
	"chainshot/internal/render"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// LoadCase reads (capped: filekinds.Case) and parses a case file for
// cmd ("solve"), printing its warnings.
func LoadCase(io *iostreams.IO, cmd, path string) (expendibots.Board, error) {
	data, err := io.Inputs.ReadAll(path, filekinds.Case)
	if err != nil {
		return expendibots.Board{}, status.BadInput("chainshot boom %s: %v", cmd, err)
	}
	p, err := expendibots.ParseJSON(data, path)
	if err != nil {
		return expendibots.Board{}, status.BadInput("%v", err)
	}
	for _, w := range p.Warnings {
		io.Warnf("%s", w)
	}
	return p.Board, nil
}

// jsonResult is the JSON form of "boom solve --json".
type jsonResult struct {
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

// Solve is one "boom solve": the case, what the flags ask, and what the
// search found.
type Solve struct {
	Path string // the case's file
	B    expendibots.Board
	Opt  expendibots.Options
	// Wall makes the budget wall-clock time instead of CPU time.
	Wall bool
	Res  expendibots.Result
	cpu  time.Duration // the search's CPU time
}

// Search runs the search on the clock --wall asks for, showing the state
// count on a terminal.
func (r *Solve) Search(io *iostreams.IO) {
	startCPU := cpuclock.Process()
	r.Opt.Clock = cpuclock.Budget(r.Wall)
	progressShown := false
	if io.ErrTTY {
		// A long search shows its state count on the terminal, on one line.
		r.Opt.Progress = func(states int) {
			io.Status("searching (%s): %d states", r.Opt.Algo, states)
			progressShown = true
		}
	}
	r.Res, _ = expendibots.Solve(r.B, r.Opt) // the algorithm was checked
	r.cpu = cpuclock.Process() - startCPU
	if progressShown {
		io.Status("")
	}
}

// used is the time the search took on the budget's clock, for messages:
// "0.031 CPU s" or "0.031 s".
func (r *Solve) used() string {
	if r.Wall {
		return fmt.Sprintf("%.3f s", r.Res.Elapsed.Seconds())
	}
	return fmt.Sprintf("%.3f CPU s", r.cpu.Seconds())
}

// Report prints the actions (or the JSON object) on stdout and the
// outcome on stderr; an unsolvable case or a budget that ran out is exit
// status 1.
func (r *Solve) Report(io *iostreams.IO, asJSON bool) error {
	res := r.Res
	if asJSON {
		out := jsonResult{File: r.Path, Algorithm: r.Opt.Algo, Status: res.Status.String(), Actions: []string{},
			Count: len(res.Actions), States: res.States, Expanded: res.Expanded, Optimal: res.Optimal,
			Seconds: res.Elapsed.Seconds(), CPU: r.cpu.Seconds(), BudgetSeconds: r.Opt.Budget.Seconds(), Wall: r.Wall,
			MaxStates: r.Opt.MaxStates, Limit: res.Limit}
		for _, a := range res.Actions {
			out.Actions = append(out.Actions, a.String())
		}
		if err := json.NewEncoder(io.Out).Encode(out); err != nil {
			return err
		}
	} else if res.Status == expendibots.Solved {
		if _, err := fmt.Fprint(io.Out, expendibots.FormatActions(res.Actions)); err != nil {
			return err
		}
	}
	switch res.Status {
	case expendibots.Solved:
		kind := "not proven shortest"
		if res.Optimal {
			kind = "shortest"
		}
		fmt.Fprintf(io.Err, "%s: %s, %s (%s, %s, %s)\n",
			r.Path, words.Plural(len(res.Actions), "action"), kind, r.Opt.Algo, words.Plural(res.States, "state"), r.used())
		return nil
	case expendibots.Unsolvable:
		return status.Fail("chainshot boom solve: %s: unsolvable: no sequence of actions removes every black token (%s)", r.Path, r.unsolvableProof())
	}
	what := fmt.Sprintf("--budget %v", r.Opt.Budget)
	if r.Wall {
		what += " --wall"
	}
	if res.Limit == "states" {
		what = fmt.Sprintf("--max-states %d", r.Opt.MaxStates)
	}
	return status.Fail("chainshot boom solve: %s: out of budget: %s ran out after %s (%s) with no solution found", r.Path, what, words.Plural(res.States, "state"), r.used())
}

// unsolvableProof says how the search proved the case unsolvable: bfs and
// seed by searching every reachable position, astar by searching those
// its lower bound could not prove lost.
func (r *Solve) unsolvableProof() string {
	res := r.Res
	if r.Opt.Algo != expendibots.AlgoAStar {
		return fmt.Sprintf("%s searched all %s", r.Opt.Algo, words.Plural(res.States, "reachable position"))
	}
	if res.States == 1 {
		return "astar's lower bound proves the start lost: the black groups need more tokens than White has"
	}
	return fmt.Sprintf("astar searched %s and proved every other reachable position lost", words.Plural(res.States, "position"))
}

// Gen is one "boom gen": draw cases from a seed until one is won in at
// least MinActions actions, and print it.
type Gen struct {
	Seed   uint64
	Params expendibots.GenParams
	Opt    expendibots.Options // the check's search: its budget, its states
	Wall   bool
	Draws  int // the most cases drawn
}

// Run draws and checks cases, prints the kept one's JSON on standard
// output and what it took on standard error; no case kept is status 1.
func (g Gen) Run(io *iostreams.IO) error {
	seed, p, opt := g.Seed, g.Params, g.Opt
	opt.Algo = expendibots.AlgoAStar
	startCPU := cpuclock.Process()
	opt.Clock = cpuclock.Budget(g.Wall)
	start := time.Now()
	draws, err := expendibots.GenerateWinnable(seed, p, opt, g.Draws)
	used := fmt.Sprintf("%.3f CPU s", (cpuclock.Process() - startCPU).Seconds())
	if g.Wall {
		used = fmt.Sprintf("%.3f s", time.Since(start).Seconds())
	}
	if err != nil {
		return status.Fail("chainshot boom gen: seed %d: no case kept in %s (%s): %s",
			seed, words.Plural(len(draws), "draw"), used, drawOutcomes(draws, len(draws), p.MinActions))
	}
	won := draws[len(draws)-1]
	if _, err := io.Out.Write(expendibots.FormatJSON(won.Board)); err != nil {
		return err
	}
	res := won.Result
	kind := "not proven shortest"
	if res.Optimal {
		kind = "shortest"
	}
	if len(draws) == 1 {
		fmt.Fprintf(io.Err, "seed %d: %s; won in %s, %s (astar, %s, %s)\n",
			seed, render.ExpendibotsSummary(won.Board), words.Plural(len(res.Actions), "action"), kind, words.Plural(res.States, "state"), used)
		return nil
	}
	fmt.Fprintf(io.Err, "seed %d: %s; won in %s, %s (astar, %s); draw %d kept (%s), %s in all\n",
		seed, render.ExpendibotsSummary(won.Board), words.Plural(len(res.Actions), "action"), kind, words.Plural(res.States, "state"),
		len(draws), drawOutcomes(draws, len(draws)-1, p.MinActions), used)
	return nil
}

// drawOutcomes says why the first n draws were not kept: "draw 1
// unsolvable", "draws 1 to 3: 2 unsolvable, 1 won in fewer than 12
// actions".
func drawOutcomes(draws []expendibots.Draw, n, minActions int) string {
	why := func(d expendibots.Draw) string {
		if d.Result.Status == expendibots.Solved {
			return fmt.Sprintf("won in fewer than %d actions", minActions)
		}
		return d.Result.Status.String()
	}
	if n == 1 {
		return "draw 1 " + why(draws[0])
	}
	var order []string
	count := map[string]int{}
	for _, d := range draws[:n] {
		w := why(d)
		if count[w] == 0 {
			order = append(order, w)
		}
		count[w]++
	}
	var parts []string
	for _, w := range order {
		parts = append(parts, fmt.Sprintf("%d %s", count[w], w))
	}
	return fmt.Sprintf("draws 1 to %d: %s", n, strings.Join(parts, ", "))
}

// Verify replays the actions in actPath on the case b: each must be
// legal and the last must leave no black token ("boom verify"). It prints
// "ok" on standard output; an illegal action or black tokens left are
// status 1.
func Verify(io *iostreams.IO, b expendibots.Board, actPath string) error {
	acts, lines, err := LoadActions(io, actPath)
	if err != nil {
		return err
	}
	boards, _, bad, err := expendibots.Replay(b, acts)
	if err != nil {
		reason := err.Error()
		if ie, ok := err.(*expendibots.IllegalError); ok {
			reason = ie.Reason
		}
		return status.Fail("chainshot boom verify: %s:%d: illegal action %d, %q: %s", actPath, lines[bad], bad+1, acts[bad].String(), reason)
	}
	end := b
	if len(boards) > 0 {
		end = boards[len(boards)-1]
	}
	if !end.Won() {
		_, black := end.Tokens()
		return status.Fail("chainshot boom verify: %s: %s left after %s", actPath, words.Plural(black, "black token"), words.AllOf(len(acts), "action"))
	}
	noteWonEarly(io, actPath, boards, lines)
	verb := "remove"
	if len(acts) == 1 {
		verb = "removes"
	}
	_, err = fmt.Fprintf(io.Out, "ok: %s %s every black token\n", words.Plural(len(acts), "action"), verb)
	return err
}

// LoadActions reads (capped: filekinds.Actions) and parses an actions
// file: the actions and the line each is on.
func LoadActions(io *iostreams.IO, path string) ([]expendibots.Action, []int, error) {
	data, err := io.Inputs.ReadAll(path, filekinds.Actions)
	if err != nil {
		return nil, nil, status.BadInput("chainshot boom verify: %v", err)
	}
	acts, lines, err := expendibots.ParseActions(data, path)
	if err != nil {
		return nil, nil, status.BadInput("%v", err)
	}
	return acts, lines, nil
}

// noteWonEarly notes on stderr the actions after the one that won, which
// are not needed.
func noteWonEarly(io *iostreams.IO, path string, boards []expendibots.Board, lines []int) {
	for i, nb := range boards {
		if nb.Won() && i < len(boards)-1 {
			rest := len(boards) - 1 - i
			fmt.Fprintf(io.Err, "note: %s:%d: every black token is gone after action %d; the %s after it %s not needed\n",
				path, lines[i], i+1, words.Plural(rest, "action"), words.IsAre(rest))
			return
		}
	}
}
