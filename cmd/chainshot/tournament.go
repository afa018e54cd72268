package main

import (
	"os"
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
			"(a Slurm array, a Kubernetes indexed Job); \"chainshot results merge\" joins the shards." +
			examples("chainshot tournament ladder --budget 2s",
				"chainshot tournament boards/ --out results.jsonl --csv results.csv",
				"chainshot tournament boards/ --out results.jsonl --resume",
				"chainshot tournament boards/ --shard 2/8 --out shard2.jsonl"),
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
		return badInput("chainshot tournament: shard %d/%d holds none of the %s", k, n, plural(len(sets), "data set"))
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
			printf(s.out, "shard %d/%d: %d of %s\n", k, n, len(mine), plural(len(sets), "data set"))
		}
		results.WriteTable(s.out, recs)
	}
	return runErr
}
