package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"chainshot/internal/filekinds"
	"chainshot/internal/resultsfile"
	"chainshot/internal/status"
	"chainshot/results"
)

func resultsCommand() *cli.Command {
	return &cli.Command{
		Name:  "results",
		Usage: "work with results files (JSON Lines)",
		Subcommands: []*cli.Command{{
			Name:      "merge",
			Usage:     "merge the results of tournament shards into one table",
			ArgsUsage: "RESULTS.jsonl...",
			Description: "One line per data set is kept (the better one if a data set appears twice, a\n" +
				"finished line before an interrupted one), sorted by data set name. Every line is\n" +
				"replayed first, its board found as \"chainshot verify\" finds it: a line that does not\n" +
				"replay to its figures stops the merge (exit status 1), so that no forged or broken\n" +
				"line is ranked. Lines of one data set made with other settings (--algo, --budget,\n" +
				"--wall, --max-nodes, --params, or --seed) are refused, and so is a file given twice.\n" +
				"--best keeps each data set's best line across seeds (a seed sweep: \"tournament\n" +
				"--seeds\" or one run a seed) and says how many seeds each best was chosen from.\n" +
				"\"-\" reads results lines from standard input." +
				examples("chainshot results merge shard*.jsonl --out all.jsonl --csv all.csv",
					"chainshot results merge --best seeds*.jsonl --out best.jsonl"),
			Flags: []cli.Flag{
				outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the merged results as JSON Lines to `FILE`"}, filekinds.Merged),
				outFlag(&cli.StringFlag{Name: "csv", Usage: "write the merged results as CSV to `FILE`"}, filekinds.ResultsCSV),
				&cli.BoolFlag{Name: "json", Usage: "print JSON Lines on stdout instead of the table"},
				&cli.BoolFlag{Name: "best", Usage: "keep each data set's best line across seeds (the lines may differ in --seed only)"},
			},
			Action: doMerge,
		}, {
			Name:      "compare",
			Usage:     "compare results files side by side, data set by data set",
			ArgsUsage: "RESULTS.jsonl RESULTS.jsonl...",
			Description: "The first file is compared with each of the others. One row a data set: each\n" +
				"file's literature score (+1000 for a cleared board) and beads left, for each seed\n" +
				"and their median where a file holds several seeds (bench --seeds, tournament\n" +
				"--seeds), the first file's ratio to each other file and which is ahead (fewer beads\n" +
				"left, then the higher score, on the medians); then the totals, and for each other\n" +
				"file how many data sets the first is ahead on, level and behind, the worst ratio and\n" +
				"where the first leaves more beads. Lines are matched by their board, so that runs\n" +
				"made from other folders, or another program's lines, line up. Every line is replayed\n" +
				"first, as \"chainshot verify\" does: a line that does not replay stops the comparison\n" +
				"(exit status 1). A file's lines of one data set may differ in --seed only; an\n" +
				"interrupted line is left out with a warning." +
				examples("chainshot results compare ours.jsonl peer.jsonl",
					"chainshot results compare --labels ours,nrpa,sgbust --markdown --cpu ours.jsonl nrpa.jsonl sgbust.jsonl"),
			Flags: []cli.Flag{
				boundedList(&cli.StringFlag{Name: "labels", Usage: "name the files' columns: a comma-separated `LIST` such as ours,nrpa, one a file (default: each file's name without .jsonl)"}, labelsBound),
				&cli.BoolFlag{Name: "markdown", Usage: "print the table as Markdown"},
				&cli.BoolFlag{Name: "cpu", Usage: "add each file's CPU seconds a data set (the median over its seeds)"},
			},
			Action: doCompare,
		}},
	}
}

// writeMerge writes --out and --csv, each whole or not at all (merged results
// are made again from the shards at will); a failure is the work failing
// (exit status 1).
func writeMerge(s *streams, cmd string, recs []results.Record) error {
	if out := s.output("out"); out != nil {
		err := out.WriteFile(func(w io.Writer) error {
			for _, r := range recs {
				if _, err := w.Write(results.MarshalLine(r)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return status.Fail("%s: --out: %v", cmd, err)
		}
	}
	if csv := s.output("csv"); csv != nil {
		if err := csv.WriteFile(func(w io.Writer) error { return results.WriteCSV(w, recs) }); err != nil {
			return status.Fail("%s: --csv: %v", cmd, err)
		}
	}
	return nil
}

// doCompare is "results compare": the files read and replayed, matched
// by board, and printed side by side.
func doCompare(c *cli.Context) error {
	s := ioFrom(c)
	const cmd = "chainshot results compare"
	paths := c.Args().Slice()
	if len(paths) < 2 {
		return status.BadInput("%s: want two or more RESULTS.jsonl files: the first is compared with each of the others", cmd)
	}
	labels, err := resultsfile.Labels(cmd, c.String("labels"), paths)
	if err != nil {
		return err
	}
	cmp, err := resultsfile.Compare(s.IO, cmd, paths, labels)
	if err != nil {
		return err
	}
	return results.WriteComparison(s.Out, cmp, results.CompareOptions{Markdown: c.Bool("markdown"), CPU: c.Bool("cpu")})
}

// doMerge is "results merge": the files read, replayed and merged, the
// merge written to --out and --csv (claimed before any reading) and
// printed.
func doMerge(c *cli.Context) error {
	s := ioFrom(c)
	const cmd = "chainshot results merge"
	if c.NArg() == 0 {
		return status.BadInput("%s: want one or more RESULTS.jsonl files", cmd)
	}
	m, err := resultsfile.Merge(s.IO, cmd, c.Args().Slice(), c.Bool("best"))
	if err != nil {
		return err
	}
	werr := writeMerge(s, cmd, m.Recs)
	if c.Bool("json") {
		for _, r := range m.Recs {
			s.Out.Write(results.MarshalLine(r))
		}
	} else {
		results.WriteTable(s.Out, m.Recs)
		if c.Bool("best") {
			m.PrintSeeds(s.Out)
		}
	}
	return werr
}
