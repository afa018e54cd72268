package main

import (
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/datasets"
	"chainshot/internal/bounds"
	"chainshot/internal/runs"
	"chainshot/internal/shard"
	"chainshot/internal/status"
	"chainshot/results"
)

func benchCommand() *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "measure: the board's playouts per second, then a tournament over a fixed suite",
		ArgsUsage: "[DIR|FILE|NAME...]",
		Description: "With no arguments the suite is the built-in ladder. Give the standard SameGame\n" +
			"set (20 boards of 15x15, 5 colours; StandardTestset.txt as published in\n" +
			"github.com/acatai/SameGame, src/test/java/) to compare with published totals.\n" +
			"--chart draws the table as a chart, as tournament --chart does. --budgets runs the\n" +
			"suite at several budgets and prints the anytime curve: the total, boards cleared\n" +
			"and mean beads left at each budget; --chart then draws the curve. --seeds repeats\n" +
			"each run with several seeds and reports the median; --params runs the solver with\n" +
			"other tuning values (solver.Params), to measure a lever.\n" +
			"Figures depend on the machine; BENCHMARKS.md records them with the command." +
			examples("chainshot bench --budget 30s StandardTestset.txt",
				"chainshot bench --budget 2s --chart bench.png",
				"chainshot bench --budgets 1s,5s,30s --seeds 1-3 --out curve.jsonl --chart curve.png StandardTestset.txt",
				"chainshot bench --budget 5s --seeds 1-3 --params '{\"TabuTrials\":0}' --out notrials.jsonl StandardTestset.txt"),
		Flags: append(append(searchFlags(), resultFlags()...),
			boundedDuration(&cli.DurationFlag{Name: "speed-time", Value: 2 * time.Second, Usage: "`DURATION` of CPU time for the playout-speed test (0 skips it)"}, bounds.Duration{Min: 0, Max: 10 * time.Minute}),
			boundedList(&cli.StringFlag{Name: "budgets", Usage: "run the suite once at each of these budgets a board, a comma-separated `LIST` such as 1s,5s,30s,120s (instead of --budget), and print the anytime curve"}, budgetsBound),
			boundedList(&cli.StringFlag{Name: "seeds", Usage: "run the suite once with each of these seeds, a `LIST` such as 1-3 or 1,4,7 (instead of --seed), and print each total and their median"}, seedsBound),
			&cli.StringFlag{Name: "params", Usage: "for experiments: the solver's tuning values, a `JSON` object of solver.Params fields such as {\"TabuTrials\":0}; the others keep their shipped values, and results lines record them all"},
			pictureFlag(&cli.StringFlag{Name: "chart", Usage: "also draw the run's score and beads left per data set in `FILE`, .png or .svg; with --budgets, the anytime curve (the standard set's published totals beside in both)"}),
		),
		Action: doBench,
	}
}

func doBench(c *cli.Context) error {
	s := ioFrom(c)
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	br, err := benchArgs(c, &cfg)
	if err != nil {
		return err
	}
	args := c.Args().Slice()
	if len(args) == 0 {
		args = []string{datasets.GroupLadder}
	}
	sets, err := runs.Load(s.IO, s.cmd, args)
	if err != nil {
		return err
	}
	ref, err := runs.SpeedBoard()
	if err != nil {
		return err
	}
	// The speed test runs once the results files and the profile are
	// checked: a bad --out is refused before it.
	speed := func() {
		if d := c.Duration("speed-time"); d > 0 {
			printf(s.Out, "speed: %.0f random playouts per CPU second on %s (%dx%d, %d colours)\n\n",
				runs.PlayoutSpeed(ref.Board, d), ref.Name, ref.Board.Rows(), ref.Board.Cols(), ref.Board.Colors())
		}
	}
	if c.IsSet("budgets") || c.IsSet("seeds") {
		return benchMany(c, sets, cfg, br, speed)
	}
	p := planFrom(c, sets, cfg)
	p.Before = speed
	recs, runErr := runs.Run(c.Context, s.IO, p)
	if err, ok := runErr.(*status.Error); ok && err.Code == status.Bad {
		return runErr
	}
	results.WriteTable(s.Out, recs)
	if results.StandardSuite(recs) {
		t := results.Sum(recs)
		printf(s.Out, "\nStandard SameGame benchmark, literature scoring: %d (budget %s per board, algorithm %s)\n", t.Literature, cfg.Opt.Budget, cfg.Algo)
		runs.PrintPublished(s.Out, "")
	}
	return chartRun(c, chartTitle("chainshot bench", cfg, len(recs), shard.One), sets, recs, runErr)
}
