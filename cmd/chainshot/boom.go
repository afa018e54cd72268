package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"chainshot/expendibots"

	"github.com/urfave/cli/v2"
)

// boomCommand is the "boom" group: Expendibots part A.
func boomCommand() *cli.Command {
	return &cli.Command{
		Name:  "boom",
		Usage: "Expendibots part A: find White actions that blow up every black token",
		Description: "Cases are JSON: {\"white\": [[n,x,y],...], \"black\": [[n,x,y],...]},\n" +
			"(x, y) with x the column and y the row, both 0..7, (0, 0) at the bottom left.\n" +
			"Actions are one a line: \"MOVE n from (x1, y1) to (x2, y2).\" or \"BOOM at (x, y).\"",
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return badInput("chainshot boom: unknown command %q (want solve, show or verify)", c.Args().First())
			}
			return cli.ShowSubcommandHelp(c)
		},
		Subcommands: []*cli.Command{
			{
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
			},
			{
				Name:      "show",
				Usage:     "draw the board with its coordinates",
				ArgsUsage: "FILE.json",
				Action:    boomShow,
			},
			{
				Name:      "verify",
				Usage:     "replay actions on a case: exit 0 if every black token is removed, 1 naming the first illegal action",
				ArgsUsage: "FILE.json ACTIONS.txt",
				Action:    boomVerify,
			},
		},
	}
}

// loadBoomCase reads and parses a case file, printing its warnings.
func loadBoomCase(c *cli.Context, cmd, path string) (expendibots.Board, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return expendibots.Board{}, badInput("chainshot boom %s: %v", cmd, err)
	}
	p, err := expendibots.ParseJSON(data, path)
	if err != nil {
		return expendibots.Board{}, badInput("%v", err)
	}
	for _, w := range p.Warnings {
		fmt.Fprintf(ioFrom(c).err, "warning: %s\n", w)
	}
	return p.Board, nil
}

// wantArgs checks the number of positional arguments.
func wantArgs(c *cli.Context, cmd string, names ...string) error {
	if c.NArg() != len(names) {
		return badInput("chainshot boom %s: want %s, got %d argument(s) (run \"chainshot boom %s --help\")",
			cmd, strings.Join(names, " "), c.NArg(), cmd)
	}
	return nil
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

// ANSI colours for "boom show" on a terminal.
const (
	ansiWhite = "\x1b[1;97m"
	ansiBlack = "\x1b[1;91m"
	ansiDim   = "\x1b[2m"
)

// drawBoard draws b with y = 7 at the top: "w2" is a white stack of 2,
// "b1" a black stack of 1, "." an empty square.
func drawBoard(b expendibots.Board, color bool) string {
	var sb strings.Builder
	paint := func(code, text string) {
		if color {
			sb.WriteString(code + text + ansiReset)
		} else {
			sb.WriteString(text)
		}
	}
	sb.WriteString("y\n")
	for y := expendibots.Size - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%d |", y)
		for x := range expendibots.Size {
			v := b.At(x, y)
			label, code := ".", ansiDim
			switch {
			case v > 0:
				label, code = fmt.Sprintf("w%d", v), ansiWhite
			case v < 0:
				label, code = fmt.Sprintf("b%d", -v), ansiBlack
			}
			sb.WriteByte(' ')
			paint(code, label)
			if x < expendibots.Size-1 {
				sb.WriteString(strings.Repeat(" ", max(0, 3-len(label))))
			}
		}
		sb.WriteString("\n")
	}
	sb.WriteString("  +" + strings.Repeat("-", 4*expendibots.Size) + "\n   ")
	for x := range expendibots.Size {
		fmt.Fprintf(&sb, " %d  ", x)
	}
	sb.WriteString("x\n")
	return sb.String()
}

func boomShow(c *cli.Context) error {
	if err := wantArgs(c, "show", "FILE.json"); err != nil {
		return err
	}
	path := c.Args().First()
	b, err := loadBoomCase(c, "show", path)
	if err != nil {
		return err
	}
	var ws, bs int
	for _, st := range b.Stacks() {
		if st.Colour == expendibots.White {
			ws++
		} else {
			bs++
		}
	}
	w, bl := b.Tokens()
	s := ioFrom(c)
	_, err = fmt.Fprintf(s.out, "%s: white %d tokens in %d stacks, black %d tokens in %d stacks\n%s",
		path, w, ws, bl, bs, drawBoard(b, s.color))
	return err
}

func boomVerify(c *cli.Context) error {
	if err := wantArgs(c, "verify", "FILE.json", "ACTIONS.txt"); err != nil {
		return err
	}
	path, actPath := c.Args().Get(0), c.Args().Get(1)
	b, err := loadBoomCase(c, "verify", path)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(actPath)
	if err != nil {
		return badInput("chainshot boom verify: %v", err)
	}
	acts, lines, err := expendibots.ParseActions(data, actPath)
	if err != nil {
		return badInput("%v", err)
	}
	boards, _, bad, err := expendibots.Replay(b, acts)
	if err != nil {
		reason := err.Error()
		if ie, ok := err.(*expendibots.IllegalError); ok {
			reason = ie.Reason
		}
		return failed("chainshot boom verify: %s:%d: illegal action %d, %q: %s", actPath, lines[bad], bad+1, acts[bad].String(), reason)
	}
	s := ioFrom(c)
	end := b
	if len(boards) > 0 {
		end = boards[len(boards)-1]
	}
	if !end.Won() {
		_, black := end.Tokens()
		return failed("chainshot boom verify: %s: %d black token(s) left after all %d actions", actPath, black, len(acts))
	}
	for i, nb := range boards {
		if nb.Won() && i < len(boards)-1 {
			fmt.Fprintf(s.err, "note: %s:%d: every black token is gone after action %d; the %d after it are not needed\n",
				actPath, lines[i], i+1, len(boards)-1-i)
			break
		}
	}
	_, err = fmt.Fprintf(s.out, "ok: %d actions remove every black token\n", len(acts))
	return err
}
