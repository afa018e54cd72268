package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/cmd/chainshot/outfile"
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
			"(a Slurm array, a Kubernetes indexed Job); \"chainshot results merge\" joins the shards.",
		Flags: append(append(searchFlags(), resultFlags()...),
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
	switch {
	case len(defects) == 1:
		return badInput("%s (nothing was run)", defects[0])
	case len(defects) > 1:
		return badInput("%s\nchainshot tournament: %d defective data sets; nothing was run", strings.Join(defects, "\n"), len(defects))
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
	const cmd = "chainshot results merge"
	if c.NArg() == 0 {
		return badInput("%s: want one or more RESULTS.jsonl files", cmd)
	}
	for _, flag := range []string{"out", "csv"} {
		if path := c.String(flag); path != "" {
			if err := outfile.Check(path); err != nil {
				return badInput("%s: --%s: %v", cmd, flag, err)
			}
		}
	}
	var all [][]results.Record
	var empty []string
	for _, path := range c.Args().Slice() {
		f, err := readResults(s, cmd, path)
		if err != nil {
			return err
		}
		if len(f.Lines) == 0 {
			empty = append(empty, path)
		}
		recs := make([]results.Record, len(f.Lines))
		for i, l := range f.Lines {
			recs[i] = l.Record
		}
		all = append(all, recs)
	}
	merged := results.Merge(all...)
	if len(merged) == 0 {
		return badInput("%s: no results lines in %s", cmd, strings.Join(c.Args().Slice(), ", "))
	}
	for _, path := range empty {
		printf(s.err, "warning: %s holds no results lines\n", path)
	}
	werr := writeMerged(c, merged)
	if c.Bool("json") {
		for _, r := range merged {
			s.out.Write(results.MarshalLine(r))
		}
	} else {
		results.WriteTable(s.out, merged)
	}
	if werr != nil {
		return failed("%s: %v", cmd, werr)
	}
	return nil
}

// writeMerged writes merge's --out and --csv, each whole or not at all
// (merged results are made again from the shards at will).
func writeMerged(c *cli.Context, recs []results.Record) error {
	if path := c.String("out"); path != "" {
		err := outfile.WriteFile(path, func(w io.Writer) error {
			for _, r := range recs {
				if _, err := w.Write(results.MarshalLine(r)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("--out: %v", err)
		}
	}
	if path := c.String("csv"); path != "" {
		if err := outfile.WriteFile(path, func(w io.Writer) error { return results.WriteCSV(w, recs) }); err != nil {
			return fmt.Errorf("--csv: %v", err)
		}
	}
	return nil
}

// readResults reads a results file for cmd ("-" is standard input). A
// file that cannot be read or a bad line is bad input (exit status 2); a
// partial last line, left by a run killed while writing it, is skipped
// with a warning on stderr.
func readResults(s *streams, cmd, path string) (results.File, error) {
	var f results.File
	var err error
	if path == "-" {
		f, err = results.ReadJSONL(s.in, "stdin")
	} else if st, serr := os.Stat(path); serr == nil && st.IsDir() {
		return f, badInput("%s: %s is a folder; want a results file (JSON Lines)", cmd, path)
	} else {
		f, err = results.ReadFile(path)
	}
	if err != nil {
		return f, badInput("%s: %v", cmd, strings.TrimPrefix(err.Error(), "results: "))
	}
	if f.Partial != nil {
		printf(s.err, "warning: %s\n", f.Partial.Warning())
	}
	return f, nil
}
