package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/datasets"
	"chainshot/results"
)

func tournamentCommand() *cli.Command {
	return &cli.Command{
		Name:      "tournament",
		Usage:     "solve every data set of folders or files and print a results table",
		ArgsUsage: "DIR|FILE|NAME...",
		Description: "A folder stands for every *.txt file in it, sorted by name; \"samples\" and \"ladder\"\n" +
			"stand for the built-in groups. Each data set gets --budget CPU time. The table gives\n" +
			"data set, size, colours, beads left, score, CPU seconds and algorithm, with totals.\n" +
			"--out grows by one JSON line, fsynced, the moment each data set finishes, and --csv\n" +
			"is rewritten from those lines, so a crash or kill at any instant keeps every finished\n" +
			"data set. Run the same command again with --resume to skip those and run the rest;\n" +
			"without --resume, an --out that already holds results is refused. Ctrl-C records the\n" +
			"best line found so far for the data set in progress, marked partial (a resumed run\n" +
			"runs that data set again and replaces the line); a second Ctrl-C quits at once.\n" +
			"--shard K/N runs every N-th data set starting with the K-th, for batch systems\n" +
			"(a Slurm array, a Kubernetes indexed Job); \"chainshot results merge\" joins the shards.\n" +
			"--chart draws the table as a chart, the data sets of a resumed run included." +
			examples("chainshot tournament ladder --budget 2s",
				"chainshot tournament boards/ --out results.jsonl --csv results.csv",
				"chainshot tournament boards/ --out results.jsonl --resume",
				"chainshot tournament ladder --budget 2s --chart ladder.png",
				"chainshot tournament boards/ --shard 2/8 --out shard2.jsonl"),
		Flags: append(append(searchFlags(), resultFlags()...),
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines on stdout instead of the table"},
			&cli.StringFlag{Name: "shard", Usage: "run shard `K/N` of the data sets (K from 1 to N)"},
			&cli.StringFlag{Name: "gif-dir", Usage: "write an animated replay of each solution into `DIR` (made if missing)"},
			chartFlag(),
		),
		Action: doTournament,
	}
}

// parseShard reads "K/N".
func parseShard(s string) (k, n int, err error) {
	if s == "" {
		return 1, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, badInput("chainshot tournament: --shard %q: want K/N with 1 <= K <= N, like 2/8", s)
	}
	return k, n, nil
}

func doTournament(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() == 0 {
		return badInput("chainshot tournament: want folders, files or built-in names (try \"chainshot tournament ladder\")")
	}
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	k, n, err := parseShard(c.String("shard"))
	if err != nil {
		return err
	}
	sets, err := loadTournament(s, c.Args().Slice())
	if err != nil {
		return err
	}
	mine := shardOf(sets, k, n)
	if len(mine) == 0 {
		return badInput("chainshot tournament: shard %d/%d holds none of the %s", k, n, plural(len(sets), "data set"))
	}
	gifDir := c.String("gif-dir")
	if gifDir != "" {
		if err := makeFolder(gifDir); err != nil {
			return badInput("chainshot tournament: --gif-dir %s: %v", gifDir, err)
		}
	}
	chartPath, err := chartPathOf(c)
	if err != nil {
		return err
	}
	recs, runErr := runSets(c, mine, cfg, gifDir)
	if err, ok := runErr.(*exitError); ok && err.code == exitBad {
		return runErr
	}
	if !c.Bool("json") && len(recs) > 0 {
		if n > 1 {
			printf(s.out, "shard %d/%d: %d of %s\n", k, n, len(mine), plural(len(sets), "data set"))
		}
		results.WriteTable(s.out, recs)
	}
	return chartRun(c, chartPath, chartTitle("chainshot tournament", cfg, len(recs), k, n), mine, recs, runErr)
}

// shardOf returns shard k of n of sets: every n-th data set from the k-th.
func shardOf(sets []datasets.Set, k, n int) []datasets.Set {
	var mine []datasets.Set
	for i, set := range sets {
		if i%n == k-1 {
			mine = append(mine, set)
		}
	}
	return mine
}

// loadTournament loads the data sets of a tournament's arguments: every
// defect is reported, and any is bad input (exit status 2) before any
// solving.
func loadTournament(s *streams, args []string) ([]datasets.Set, error) {
	files, err := datasets.Files(args)
	if err != nil {
		return nil, badInput("%v", err)
	}
	var sets []datasets.Set
	var defects []string
	for _, f := range files {
		more, err := loadSets(s, f)
		if err != nil {
			defects = append(defects, err.Error())
			continue
		}
		sets = append(sets, more...)
	}
	switch {
	case len(defects) == 1:
		return nil, badInput("%s (nothing was run)", defects[0])
	case len(defects) > 1:
		return nil, badInput("%s\nchainshot tournament: %d defective data sets; nothing was run", strings.Join(defects, "\n"), len(defects))
	}
	return onceEach(s, sets), nil
}

// onceEach drops the data sets named a second time ("ladder
// ladder03-10x10-3c", "multi.txt#3 multi.txt"), with a note: a run
// records one line a data set.
func onceEach(s *streams, sets []datasets.Set) []datasets.Set {
	seen := map[string]bool{}
	var out []datasets.Set
	for _, set := range sets {
		if seen[set.Name] {
			printf(s.err, "note: %s is named twice; it runs once\n", set.Name)
			continue
		}
		seen[set.Name] = true
		out = append(out, set)
	}
	return out
}

// chartTitle is the title of the chart of a run of cmd (tournament or
// bench): what was run, under which budget.
func chartTitle(cmd string, cfg searchConfig, sets, k, n int) string {
	budget := fmt.Sprintf("%s of CPU time", cfg.opt.Budget)
	if cfg.opt.Wall {
		budget = fmt.Sprintf("%s of wall-clock time", cfg.opt.Budget)
	}
	if cfg.opt.Budget == 0 {
		budget = fmt.Sprintf("%d nodes", cfg.opt.MaxNodes)
	} else if cfg.opt.MaxNodes > 0 {
		budget += fmt.Sprintf(" or %d nodes", cfg.opt.MaxNodes)
	}
	title := fmt.Sprintf("%s: %s, --algo %s, %s a data set", cmd, plural(sets, "data set"), cfg.algo, budget)
	if n > 1 {
		title += fmt.Sprintf(" (shard %d/%d)", k, n)
	}
	return title
}

// chartFlag is the --chart flag of tournament and bench.
func chartFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "chart", Usage: "also draw the run's score and beads left per data set in `FILE`, .png or .svg (boards of the standard SameGame set get the published scores beside)"}
}

// chartPathOf returns --chart, checked before any solving: its extension
// and its folder.
func chartPathOf(c *cli.Context) (string, error) {
	path := c.String("chart")
	if err := checkChartPath(path); err != nil {
		return "", badInput("%s: --chart: %v", commandPath(c), err)
	}
	return path, nil
}

// chartRun draws the chart of a run's records into path, if one is asked
// for and there are records, and returns the run's error, or the chart's
// if the run had none.
func chartRun(c *cli.Context, path, title string, sets []datasets.Set, recs []results.Record, runErr error) error {
	if path == "" || len(recs) == 0 {
		return runErr
	}
	if err := drawTournament(path, title, sets, recs); err != nil && runErr == nil {
		return failed("%s: --chart: %v", commandPath(c), err)
	}
	return runErr
}

// drawTournament draws the chart of a tournament's records (those of a
// resumed run included) into path; each record's board, for telling the
// standard SameGame boards by their content, comes from the run's sets.
func drawTournament(path, title string, sets []datasets.Set, recs []results.Record) error {
	boards := map[string][]string{}
	for _, set := range sets {
		boards[set.Name] = strings.Fields(set.Board.Format())
	}
	grids := make([][]string, len(recs))
	for i, r := range recs {
		grids[i] = boards[r.File]
	}
	f, err := tournamentFigure(title, recs, grids)
	if err != nil {
		return err
	}
	return writeChart(path, f)
}
