package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/chainreact/ai"
	"chainshot/internal/analysis"
	"chainshot/internal/bounds"
	"chainshot/internal/status"
)

func reactAnalyzeCommand() *cli.Command {
	return &cli.Command{
		Name:      "analyze",
		Aliases:   []string{"analyse"},
		Usage:     "scenario analysis of a position file: every move under each heuristic and under search, the best line, the census",
		ArgsUsage: "POSITION",
		Description: "POSITION is a text file: a players line, a next line, then the rows, top row\n" +
			"first, each cell \".\" or orbs and owner such as 2R (docs/chain-reaction.txt is one).\n\n" +
			"Examples:\n" +
			"  chainshot react analyze docs/chain-reaction.txt\n" +
			"  chainshot react analyze docs/chain-reaction.txt --move \"5 2\" --png chain.png",
		Flags: []cli.Flag{
			bounded(&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 3, Usage: "search depth, `N` plies"}, bounds.Int{Min: 1, Max: 8, Unit: "plies"}),
			&cli.StringFlag{Name: "eval", Value: "brilliant", Usage: "the search's evaluation, a `NAME`: " + evalChoices()},
			bounded(&cli.Uint64Flag{Name: "prove", Value: 20000, Usage: "`N` positions the exact solver may search for each move, to mark proved wins and losses (two players; 0: off)"}, bounds.Int{Min: 0, Max: 1e12, Unit: "positions"}),
			&cli.StringFlag{Name: "move", Usage: "show the chain this `MOVE` (\"r c\", row 1 at the bottom) sets off, wave by wave"},
			needs(pictureFlag(&cli.StringFlag{Name: "gif", Usage: "with --move, also draw the chain wave by wave as an animated GIF in `FILE`"}), "move"),
			needs(pictureFlag(&cli.StringFlag{Name: "png", Usage: "with --move, also draw the chain as a strip of frames in `FILE` (PNG)"}), "move"),
			budgetFlag(0, "stop the search after this much CPU time, a `DURATION` with a unit such as 5s (0: no limit): the moves are then valued at the last depth searched in full"),
			wallFlag(),
		},
		Action: doReactAnalyze,
	}
}

// evalChoices lists the evaluations --eval takes, from chainreact's own
// list: "brilliant, weighted, ... or tuned".
func evalChoices() string {
	var names []string
	for _, e := range ai.Evals() {
		names = append(names, e.String())
	}
	return orList(names)
}

// analyzeOptions are react analyze's flags, checked.
type analyzeOptions struct {
	depth    int
	eval     ai.Eval
	prove    uint64
	move     string
	pictures map[string]string // "gif", "png" → file
}

func analyzeOptionsFrom(cmd string, c *cli.Context) (analyzeOptions, error) {
	o := analyzeOptions{depth: c.Int("depth"), prove: c.Uint64("prove"), move: c.String("move"), pictures: map[string]string{}}
	if c.NArg() != 1 {
		return o, status.BadInput("%s: want one POSITION file, got %d arguments", cmd, c.NArg())
	}
	var err error
	if o.eval, err = ai.ParseEval(c.String("eval")); err != nil {
		return o, status.BadInput("%s: --eval: %v", cmd, err)
	}
	for _, flag := range []string{"gif", "png"} { // each with --move (needs)
		if path := c.String(flag); path != "" {
			o.pictures[flag] = path
		}
	}
	return o, nil
}

func doReactAnalyze(c *cli.Context) error {
	const cmd = "chainshot react analyze"
	s := ioFrom(c)
	o, err := analyzeOptionsFrom(cmd, c)
	if err != nil {
		return err
	}
	file := c.Args().First()
	p, err := loadPosition(s, cmd, file)
	if err != nil {
		return err
	}
	return analysis.Run(c.Context, s.IO, analysis.Options{Cmd: cmd, File: file, Pos: p, Depth: o.depth, Eval: o.eval, Prove: o.prove,
		Move: o.move, GIF: s.output("gif"), PNG: s.output("png"), Budget: c.Duration("budget"), Wall: c.Bool("wall")})
}
