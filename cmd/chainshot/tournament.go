package main

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schollz/progressbar/v3"
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
			"--out and --csv files are written whole or not at all. Ctrl-C keeps every finished\n" +
			"line and the best line found so far for the data set in progress.\n" +
			"--shard K/N runs every N-th data set starting with the K-th, for batch systems\n" +
			"(a Slurm array, a Kubernetes indexed Job); \"chainshot results merge\" joins the shards.",
		Flags: append(searchFlags(),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the results as JSON Lines to `FILE`"},
			&cli.StringFlag{Name: "csv", Usage: "write the results as CSV to `FILE`"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines on stdout instead of the table"},
			&cli.StringFlag{Name: "shard", Usage: "run shard `K/N` of the data sets (K from 1 to N)"},
			&cli.StringFlag{Name: "gif-dir", Usage: "write an animated replay of each solution into `DIR` (made if missing)"},
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
	files, err := datasets.Files(c.Args().Slice())
	if err != nil {
		return badInput("%v", err)
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
	if len(defects) > 0 {
		return badInput("%s\nchainshot tournament: %d defective data set(s); nothing was run", strings.Join(defects, "\n"), len(defects))
	}
	var mine []datasets.Set
	for i, set := range sets {
		if i%n == k-1 {
			mine = append(mine, set)
		}
	}
	if len(mine) == 0 {
		return badInput("chainshot tournament: shard %d/%d holds none of the %d data sets", k, n, len(sets))
	}
	gifDir := c.String("gif-dir")
	if gifDir != "" {
		if err := os.MkdirAll(gifDir, 0o755); err != nil {
			return badInput("chainshot tournament: --gif-dir: %v", err)
		}
	}
	recs, runErr := runSets(c, mine, cfg, gifDir)
	if err, ok := runErr.(*exitError); ok && err.code == exitBad {
		return runErr
	}
	if !c.Bool("json") && len(recs) > 0 {
		if n > 1 {
			printf(s.out, "shard %d/%d: %d of %d data sets\n", k, n, len(mine), len(sets))
		}
		results.WriteTable(s.out, recs)
	}
	return runErr
}

// runSets solves sets in turn under the profile and interrupt handling of
// the command, with a progress bar on a terminal (a log line per data set
// otherwise), writing replays into gifDir if set, and JSON lines on stdout
// with --json. It writes --out and --csv with every finished record (and
// the best line so far of an interrupted one), and returns the records and
// what stopped the run early, if anything.
func runSets(c *cli.Context, sets []datasets.Set, cfg searchConfig, gifDir string) ([]results.Record, error) {
	s := ioFrom(c)
	// A results file that cannot be written is found before the search.
	for _, flag := range []string{"out", "csv"} {
		if path := c.String(flag); path != "" {
			if err := checkOutputDir(path); err != nil {
				return nil, badInput("chainshot %s: --%s: %v", c.Command.Name, flag, err)
			}
		}
	}
	stop, err := startProfile(c)
	if err != nil {
		return nil, err
	}
	ctx, cancel := interruptible(c.Context)
	defer cancel()
	var bar *progressbar.ProgressBar
	if s.errTTY && len(sets) > 1 {
		bar = progressbar.NewOptions(len(sets), progressbar.OptionSetWriter(s.err),
			progressbar.OptionSetDescription(c.Command.Name), progressbar.OptionShowCount(),
			progressbar.OptionSetVisibility(s.errTTY), progressbar.OptionClearOnFinish())
	}
	var recs []results.Record
	var runErr error
	for _, set := range sets {
		rec, moves, err := solveSet(ctx, s, set, cfg)
		if err != nil {
			runErr = err
			break
		}
		recs = append(recs, rec)
		if gifDir != "" {
			if err := writeReplayGIF(filepath.Join(gifDir, gifName(set.Name)), set.Name, set.Board, moves); err != nil {
				runErr = err
				break
			}
		}
		if c.Bool("json") {
			s.out.Write(results.MarshalLine(rec))
		}
		if bar != nil {
			bar.Add(1)
		} else {
			nps := 0.0
			if rec.CPU > 0 {
				nps = float64(rec.Nodes) / rec.CPU
			}
			printf(s.err, "%s: %d beads left, score %d, %.2f CPU s, %.0f nodes/s\n", rec.File, rec.BeadsLeft, rec.Score, rec.CPU, nps)
		}
		if ctx.Err() != nil {
			break
		}
	}
	if bar != nil {
		bar.Exit()
	}
	if err := stop(); err != nil && runErr == nil {
		runErr = err
	}
	// Whatever finished is written, even when interrupted.
	if err := writeResultFiles(c, recs); err != nil {
		return recs, err
	}
	if runErr == nil && ctx.Err() != nil {
		runErr = failed("chainshot %s: interrupted after %d of %d data sets; the last line is the best found so far", c.Command.Name, len(recs), len(sets))
	}
	return recs, runErr
}

// writeResultFiles writes --out and --csv, each whole or not at all.
func writeResultFiles(c *cli.Context, recs []results.Record) error {
	if path := c.String("out"); path != "" {
		err := results.WriteFile(path, func(w io.Writer) error {
			for _, r := range recs {
				if _, err := w.Write(results.MarshalLine(r)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return badInput("chainshot %s: --out: %v", c.Command.Name, err)
		}
	}
	if path := c.String("csv"); path != "" {
		if err := results.WriteFile(path, func(w io.Writer) error { return results.WriteCSV(w, recs) }); err != nil {
			return badInput("chainshot %s: --csv: %v", c.Command.Name, err)
		}
	}
	return nil
}

func resultsCommand() *cli.Command {
	return &cli.Command{
		Name:  "results",
		Usage: "work with results files (JSON Lines)",
		Subcommands: []*cli.Command{{
			Name:      "merge",
			Usage:     "merge the results of tournament shards into one table",
			ArgsUsage: "RESULTS.jsonl...",
			Description: "One line per data set is kept (the better one if a data set appears twice, a\n" +
				"finished line before an interrupted one), sorted by data set name.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the merged results as JSON Lines to `FILE`"},
				&cli.StringFlag{Name: "csv", Usage: "write the merged results as CSV to `FILE`"},
				&cli.BoolFlag{Name: "json", Usage: "print JSON Lines on stdout instead of the table"},
			},
			Action: doMerge,
		}},
	}
}

func doMerge(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() == 0 {
		return badInput("chainshot results merge: want one or more RESULTS.jsonl files")
	}
	var all [][]results.Record
	for _, path := range c.Args().Slice() {
		f, err := os.Open(path)
		if err != nil {
			return badInput("chainshot results merge: %v", err)
		}
		lines, err := results.ReadJSONL(f, path)
		f.Close()
		if err != nil {
			return badInput("%v", err)
		}
		recs := make([]results.Record, len(lines))
		for i, l := range lines {
			recs[i] = l.Record
		}
		all = append(all, recs)
	}
	merged := results.Merge(all...)
	if err := writeResultFiles(c, merged); err != nil {
		return err
	}
	if c.Bool("json") {
		for _, r := range merged {
			s.out.Write(results.MarshalLine(r))
		}
		return nil
	}
	return results.WriteTable(s.out, merged)
}
