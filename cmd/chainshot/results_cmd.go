package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/cmd/chainshot/outfile"
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
				"finished line before an interrupted one), sorted by data set name." +
				examples("chainshot results merge shard*.jsonl --out all.jsonl --csv all.csv"),
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
	merged, err := mergeFiles(s, cmd, c.Args().Slice())
	if err != nil {
		return err
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

// mergeFiles reads results files and merges their lines; a file with no
// line is a warning, all of them empty bad input.
func mergeFiles(s *streams, cmd string, paths []string) ([]results.Record, error) {
	var all [][]results.Record
	var empty []string
	for _, path := range paths {
		f, err := readResults(s, cmd, path)
		if err != nil {
			return nil, err
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
		return nil, badInput("%s: no results lines in %s", cmd, strings.Join(paths, ", "))
	}
	for _, path := range empty {
		printf(s.err, "warning: %s holds no results lines\n", path)
	}
	return merged, nil
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
