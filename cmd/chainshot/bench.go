package main

import (
	"math/rand/v2"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/results"
	"chainshot/solver"
)

func benchCommand() *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "measure: the board's playouts per second, then a tournament over a fixed suite",
		ArgsUsage: "[DIR|FILE|NAME...]",
		Description: "With no arguments the suite is the built-in ladder. Give the standard SameGame\n" +
			"benchmark's folder (20 boards of 15x15, 5 colours) to compare with published totals.\n" +
			"--chart draws the table as a chart, as tournament --chart does.\n" +
			"Figures depend on the machine; BENCHMARKS.md records them with the command." +
			examples("chainshot bench --budget 30s ../shared/data/samegame-standard",
				"chainshot bench --budget 2s --chart bench.png"),
		Flags: append(append(searchFlags(), resultFlags()...),
			&cli.DurationFlag{Name: "speed-time", Value: 2 * time.Second, Usage: "`DURATION` of CPU time for the playout-speed test (0 skips it)"},
			chartFlag(),
		),
		Action: doBench,
	}
}

// published are the standard benchmark's published totals (literature
// scoring), from ../shared/research/samegame.md.
var published = []struct {
	method string
	time   string
	total  int
}{
	{"SP-MCTS (Schadd et al. 2008)", "2 h/board", 73998},
	{"NMCS level 3 (Cazenave 2009)", "~2 h/board", 77934},
	{"SP-MCTS + CEM tuning (Schadd 2012)", "2 h/board", 78012},
	{"selective NRPA level 4 (Cazenave 2016)", "not stated", 80030},
	{"C++ NRPA level 4, one thread, a machine like ours", "30 s/board", 72000},
	{"js-games.de web records", "-", 87858},
}

// playoutSpeed plays uniformly random games on b for about d of CPU time
// and returns playouts per CPU second.
func playoutSpeed(b board.Board, d time.Duration) float64 {
	r := rand.New(rand.NewPCG(1, 2))
	moves := make([]board.Move, 0, 256)
	start := solver.ProcessCPU()
	n := 0
	for solver.ProcessCPU()-start < d {
		for k := 0; k < 100; k++ {
			bd := b
			for {
				moves = bd.AppendMoves(moves[:0])
				if len(moves) == 0 {
					break
				}
				bd.Remove(moves[r.IntN(len(moves))])
			}
		}
		n += 100
	}
	return float64(n) / (solver.ProcessCPU() - start).Seconds()
}

func doBench(c *cli.Context) error {
	s := ioFrom(c)
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	if d := c.Duration("speed-time"); d < 0 {
		return badInput("chainshot bench: --speed-time %v: want 0 (no speed test) or more", d)
	}
	chartPath, err := chartPathOf(c)
	if err != nil {
		return err
	}
	args := c.Args().Slice()
	if len(args) == 0 {
		args = []string{datasets.GroupLadder}
	}
	files, err := datasets.Files(args)
	if err != nil {
		return badInput("%v", err)
	}
	var sets []datasets.Set
	for _, f := range files {
		more, err := loadSets(s, f)
		if err != nil {
			return err
		}
		sets = append(sets, more...)
	}
	ref, err := speedBoard()
	if err != nil {
		return err
	}
	// The speed test runs once the results files and the profile are
	// checked: a bad --out is refused before it.
	speed := func() {
		if d := c.Duration("speed-time"); d > 0 {
			printf(s.out, "board: %.0f random playouts per CPU second on %s (%dx%d, %d colours)\n\n",
				playoutSpeed(ref.Board, d), ref.Name, ref.Board.Rows(), ref.Board.Cols(), ref.Board.Colors())
		}
	}
	recs, runErr := runSetsAfter(c, sets, cfg, speed)
	if err, ok := runErr.(*exitError); ok && err.code == exitBad {
		return runErr
	}
	results.WriteTable(s.out, recs)
	if standardSuite(recs) {
		t := results.Sum(recs)
		printf(s.out, "\nStandard SameGame benchmark, literature scoring: %d (budget %s per board, algorithm %s)\n", t.Literature, cfg.opt.Budget, cfg.algo)
		for _, p := range published {
			printf(s.out, "  %-52s %-11s %6d\n", p.method, p.time, p.total)
		}
	}
	return chartRun(c, chartPath, chartTitle("chainshot bench", cfg, len(recs), 1, 1), sets, recs, runErr)
}

// speedBoard is the board of the playout-speed test: always the built-in
// one, whatever the files in the current folder are called.
func speedBoard() (datasets.Set, error) {
	const name = "ladder08-15x15-5c"
	sets, err := datasets.LoadBuiltin(name)
	if err != nil || len(sets) != 1 {
		return datasets.Set{}, failed("chainshot bench: the built-in speed board %s does not load: %v", name, err)
	}
	return sets[0], nil
}

// standardSuite reports whether recs look like the standard benchmark: 20
// boards of 15x15 in 5 colours.
func standardSuite(recs []results.Record) bool {
	if len(recs) != 20 {
		return false
	}
	for _, r := range recs {
		if r.Rows != 15 || r.Cols != 15 || r.Colors != 5 {
			return false
		}
	}
	return true
}
