package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/datasets"
	"chainshot/internal/outfile"
	"chainshot/internal/runs"
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
			&cli.StringFlag{Name: "seeds", Usage: "run every data set once with each of these seeds, a `LIST` such as 1-8 or 1,4,7 (instead of --seed); each line records its seed"},
			folderFlag(&cli.StringFlag{Name: "gif-dir", Usage: "write an animated replay of each solution into `DIR` (made if missing)"}),
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
		return 0, 0, status.BadInput("chainshot tournament: --shard %q: want K/N with 1 <= K <= N, like 2/8, or auto", s)
	}
	return k, n, nil
}

// shardOfRun returns the shard --shard asks for: K/N as given, or, with
// "auto" (the default inside a Slurm array task or a Kubernetes indexed
// Job), the scheduler's (see schedulerShard), with a note on stderr; auto
// says it came from the scheduler.
func shardOfRun(c *cli.Context) (k, n int, auto bool, err error) {
	spec := c.String("shard")
	if spec != "" && spec != "auto" {
		k, n, err = parseShard(spec)
		return k, n, false, err
	}
	k, n, from, err := schedulerShard(os.Getenv)
	switch {
	case err != nil:
		return 0, 0, false, status.BadInput("chainshot tournament: --shard auto: %v", err)
	case from == "" && spec == "auto":
		return 0, 0, false, status.BadInput("chainshot tournament: --shard auto: this is no Slurm array task (no SLURM_ARRAY_TASK_ID) nor a Kubernetes indexed Job (no JOB_COMPLETION_INDEX); give --shard K/N")
	case from == "":
		return 1, 1, false, nil
	}
	printf(ioFrom(c).Err, "note: shard %d/%d, from %s\n", k, n, from)
	return k, n, true, nil
}

// schedulerShard returns the shard of the batch task this process runs
// in, from its environment (getenv): a Slurm array task is shard
// (ID-MIN)/STEP+1 of COUNT (SLURM_ARRAY_TASK_ID, _MIN, _STEP, _COUNT); a
// Kubernetes indexed Job's pod is shard JOB_COMPLETION_INDEX+1 of
// JOB_COMPLETIONS, which the Job's manifest sets to its completions
// (Kubernetes itself gives only the index). from says which, "" when
// neither.
func schedulerShard(getenv func(string) string) (k, n int, from string, err error) {
	num := func(name string) (int, error) {
		v, err := strconv.Atoi(getenv(name))
		if err != nil {
			return 0, fmt.Errorf("%s is %q, not a number", name, getenv(name))
		}
		return v, nil
	}
	switch {
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		vals := map[string]int{"SLURM_ARRAY_TASK_STEP": 1}
		for _, name := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_STEP"} {
			if name == "SLURM_ARRAY_TASK_STEP" && getenv(name) == "" {
				continue
			}
			v, err := num(name)
			if err != nil {
				return 0, 0, "", err
			}
			vals[name] = v
		}
		id, lo, count, step := vals["SLURM_ARRAY_TASK_ID"], vals["SLURM_ARRAY_TASK_MIN"], vals["SLURM_ARRAY_TASK_COUNT"], vals["SLURM_ARRAY_TASK_STEP"]
		if step < 1 || count < 1 || id < lo || (id-lo)%step != 0 || (id-lo)/step >= count {
			return 0, 0, "", fmt.Errorf("the Slurm array is not a range of indices (task %d, the lowest %d, step %d, %d tasks): submit it as --array=0-%d, or give --shard K/N", id, lo, step, count, max(count-1, 0))
		}
		if count == 1 && id > 0 {
			// "sbatch --array=1" makes a new array of that one task: it
			// cannot say which shard of the first array it stood for.
			return 0, 0, "", fmt.Errorf("a Slurm array of the one task %d (sbatch --array=%d?) cannot say which shard it is: to run a task of an array again, requeue it (scontrol requeue JOBID_%d), which keeps its array, or give --shard K/N", id, id, id)
		}
		k = (id-lo)/step + 1
		return k, count, fmt.Sprintf("the Slurm array (task %d of %d to %d)", id, lo, lo+(count-1)*step), nil
	case getenv("JOB_COMPLETION_INDEX") != "":
		idx, err := num("JOB_COMPLETION_INDEX")
		if err != nil {
			return 0, 0, "", err
		}
		if getenv("JOB_COMPLETIONS") == "" {
			return 0, 0, "", fmt.Errorf("JOB_COMPLETION_INDEX is %d but JOB_COMPLETIONS is not set: set it in the Job's manifest to spec.completions, or give --shard K/N", idx)
		}
		count, err := num("JOB_COMPLETIONS")
		if err != nil {
			return 0, 0, "", err
		}
		if idx < 0 || idx >= count {
			return 0, 0, "", fmt.Errorf("JOB_COMPLETION_INDEX %d is not below JOB_COMPLETIONS %d", idx, count)
		}
		return idx + 1, count, fmt.Sprintf("the Kubernetes indexed Job (index %d of %d)", idx, count), nil
	}
	return 1, 1, "", nil
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
	k, n, auto, err := shardOfRun(c)
	if err != nil {
		return err
	}
	sets, err := loadTournament(s, c.Args().Slice())
	if err != nil {
		return err
	}
	pairs, pairSeeds := runs.Work(sets, seeds)
	mine, mineSeeds := runs.Shard(pairs, pairSeeds, k, n)
	if len(mine) == 0 {
		return status.BadInput("chainshot tournament: shard %d/%d holds none of the %s", k, n, words.Plural(len(pairs), runs.WorkName(seeds)))
	}
	if auto && c.String("out") != "" && !c.Bool("resume") {
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
		if n > 1 {
			printf(s.Out, "shard %d/%d: %d of %s\n", k, n, len(mine), words.Plural(len(pairs), runs.WorkName(seeds)))
		}
		results.WriteTable(s.Out, recs)
	}
	return chartRun(c, chartTitle("chainshot tournament", cfg, len(recs), k, n), mine, recs, runErr)
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

// loadTournament loads the data sets of a tournament's arguments: every
// defect is reported, and any is bad input (exit status 2) before any
// solving.
func loadTournament(s *streams, args []string) ([]datasets.Set, error) {
	files, err := datasets.Files(args)
	if err != nil {
		return nil, status.BadInput("%v", err)
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
		return nil, status.BadInput("%s (nothing was run)", defects[0])
	case len(defects) > 1:
		return nil, status.BadInput("%s\nchainshot tournament: %d defective data sets; nothing was run", strings.Join(defects, "\n"), len(defects))
	}
	return runs.OnceEach(s.IO, sets), nil
}

// chartTitle is the title of the chart of a run of cmd (tournament or
// bench): what was run, under which budget.
func chartTitle(cmd string, cfg runs.Search, sets, k, n int) string {
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
	if n > 1 {
		title += fmt.Sprintf(" (shard %d/%d)", k, n)
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

// drawTournament draws the chart of a tournament's records (those of a
// resumed run included) into path; each record's board, for telling the
// standard SameGame boards by their content, comes from the run's sets.
func drawTournament(out *outfile.Claim, title string, sets []datasets.Set, recs []results.Record) error {
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
	return writeChart(out, f)
}
