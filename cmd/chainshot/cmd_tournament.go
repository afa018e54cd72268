package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"chainshot/datasets"
	"chainshot/internal/figures"
	"chainshot/internal/outfile"
	"chainshot/internal/runs"
	"chainshot/internal/shard"
	"chainshot/internal/status"
	"chainshot/internal/words"
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
			"--seeds runs every data set with each seed, a line for each (data set, seed) pair.\n" +
			"--shard K/N runs every N-th data set (or pair) starting with the K-th, for batch\n" +
			"systems; inside a Slurm array task or a Kubernetes indexed Job, K and N come from the\n" +
			"scheduler (--shard auto, the default there) and a rerun of a task resumes its --out.\n" +
			"\"chainshot results merge\" joins the shards (--best: the best line across seeds).\n" +
			"--chart draws the table as a chart, the data sets of a resumed run included." +
			examples("chainshot tournament ladder --budget 2s",
				"chainshot tournament boards/ --out results.jsonl --csv results.csv",
				"chainshot tournament boards/ --out results.jsonl --resume",
				"chainshot tournament ladder --budget 2s --chart ladder.png",
				"chainshot tournament boards/ --shard 2/8 --out shard2.jsonl",
				"chainshot tournament ladder --seeds 1-8 --shard auto --out shard-$SLURM_ARRAY_TASK_ID.jsonl"),
		Flags: append(append(searchFlags(), resultFlags()...),
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines on stdout instead of the table"},
			&cli.StringFlag{Name: "shard", Usage: "run shard `K/N` of the data sets (K from 1 to N); auto: K and N from the Slurm array task or Kubernetes indexed Job this runs in (the default there)"},
			boundedList(&cli.StringFlag{Name: "seeds", Usage: "run every data set once with each of these seeds, a `LIST` such as 1-8 or 1,4,7 (instead of --seed); each line records its seed"}, seedsBound),
			folderFlag(&cli.StringFlag{Name: "gif-dir", Usage: "write an animated replay of each solution into `DIR` (made if missing)"}),
			chartFlag(),
		),
		Action: doTournament,
	}
}

// shardOfRun returns the shard --shard asks for: K/N as given, or, with
// "auto" (the default inside a Slurm array task or a Kubernetes indexed
// Job), the scheduler's (package shard), with a note on stderr.
func shardOfRun(c *cli.Context) (shard.Shard, error) {
	sh, err := shard.Resolve(c.String("shard"), true, os.Getenv)
	if err != nil {
		return sh, status.BadInput("chainshot tournament: %v", err)
	}
	if sh.From != "" {
		printf(ioFrom(c).Err, "note: shard %d/%d, from %s\n", sh.K, sh.N, sh.From)
	}
	return sh, nil
}

func doTournament(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() == 0 {
		return status.BadInput("chainshot tournament: want folders, files or built-in names (try \"chainshot tournament ladder\")")
	}
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	seeds, err := tournamentSeeds(c, &cfg)
	if err != nil {
		return err
	}
	sh, err := shardOfRun(c)
	if err != nil {
		return err
	}
	sets, err := runs.Load(s.IO, s.cmd, c.Args().Slice())
	if err != nil {
		return err
	}
	pairs, pairSeeds := runs.Work(sets, seeds)
	mine, mineSeeds := runs.Shard(pairs, pairSeeds, sh)
	if len(mine) == 0 {
		return status.BadInput("chainshot tournament: shard %d/%d holds none of the %s", sh.K, sh.N, words.Plural(len(pairs), runs.WorkName(seeds)))
	}
	if sh.From != "" && c.String("out") != "" && !c.Bool("resume") {
		// A task the scheduler runs again (requeued, or its index
		// resubmitted) resumes its shard's --out instead of refusing it.
		if err := c.Set("resume", "true"); err != nil {
			return status.Fail("chainshot tournament: %v", err)
		}
	}
	gifDir := c.String("gif-dir") // made before the action ran (claimOutputs)
	p := planFrom(c, mine, cfg)
	p.Seeds, p.GIFDir = mineSeeds, gifDir
	recs, runErr := runs.Run(c.Context, s.IO, p)
	if err, ok := runErr.(*status.Error); ok && err.Code == status.Bad {
		return runErr
	}
	if !c.Bool("json") && len(recs) > 0 {
		if sh.N > 1 {
			printf(s.Out, "shard %d/%d: %d of %s\n", sh.K, sh.N, len(mine), words.Plural(len(pairs), runs.WorkName(seeds)))
		}
		results.WriteTable(s.Out, recs)
	}
	return chartRun(c, chartTitle("chainshot tournament", cfg, len(recs), sh), mine, recs, runErr)
}

// tournamentSeeds reads --seeds: the seeds of the run (nil for one,
// --seed's), refusing --seed beside it, and --chart or --gif-dir, which
// draw one line a data set.
func tournamentSeeds(c *cli.Context, cfg *runs.Search) ([]uint64, error) {
	const cmd = "chainshot tournament"
	if !c.IsSet("seeds") {
		return nil, nil
	}
	list := c.String("seeds")
	seeds, err := parseSeeds(list)
	switch {
	case err != nil:
		return nil, status.BadInput("%s: --seeds %s: %v", cmd, list, err)
	case c.IsSet("seed"):
		return nil, status.BadInput("%s: --seeds %s: give --seed or --seeds, not both", cmd, list)
	case c.IsSet("chart") || c.IsSet("gif-dir"):
		return nil, status.BadInput("%s: --seeds %s: --chart and --gif-dir draw one line a data set: merge the seeds first (chainshot results merge --best), or give one --seed", cmd, list)
	}
	cfg.Seeds = seeds
	cfg.Opt.Seed = seeds[0]
	return seeds, nil
}

// chartTitle is the title of the chart of a run of cmd (tournament or
// bench): what was run, under which budget.
func chartTitle(cmd string, cfg runs.Search, sets int, sh shard.Shard) string {
	budget := fmt.Sprintf("%s of CPU time", cfg.Opt.Budget)
	if cfg.Opt.Wall {
		budget = fmt.Sprintf("%s of wall-clock time", cfg.Opt.Budget)
	}
	if cfg.Opt.Budget == 0 {
		budget = fmt.Sprintf("%d nodes", cfg.Opt.MaxNodes)
	} else if cfg.Opt.MaxNodes > 0 {
		budget += fmt.Sprintf(" or %d nodes", cfg.Opt.MaxNodes)
	}
	title := fmt.Sprintf("%s: %s, --algo %s, %s a data set", cmd, words.Plural(sets, "data set"), cfg.Algo, budget)
	if sh.N > 1 {
		title += fmt.Sprintf(" (shard %d/%d)", sh.K, sh.N)
	}
	return title
}

// chartFlag is the --chart flag of tournament and bench.
func chartFlag() *outputFlag {
	return pictureFlag(&cli.StringFlag{Name: "chart", Usage: "also draw the run's score and beads left per data set in `FILE`, .png or .svg (boards of the standard SameGame set get the published scores beside)"})
}

// chartRun draws the chart of a run's records into path, if one is asked
// for and there are records, and returns the run's error, or the chart's
// if the run had none.
func chartRun(c *cli.Context, title string, sets []datasets.Set, recs []results.Record, runErr error) error {
	if ioFrom(c).output("chart") == nil || len(recs) == 0 {
		return runErr
	}
	if err := drawTournament(ioFrom(c).output("chart"), title, sets, recs); err != nil && runErr == nil {
		return status.Fail("%s: --chart: %v", commandPath(c), err)
	}
	return runErr
}

// drawTournament draws the chart of a tournament's records into out.
func drawTournament(out *outfile.Claim, title string, sets []datasets.Set, recs []results.Record) error {
	f, err := figures.Tournament(title, sets, recs)
	if err != nil {
		return err
	}
	write, err := figures.Writer(out.Path, f)
	if err != nil {
		return err
	}
	return out.WriteFile(write)
}
