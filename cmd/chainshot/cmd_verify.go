package main

import (
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"chainshot/internal/resultsfile"
	"chainshot/internal/status"
	"chainshot/internal/verify"
	"chainshot/internal/words"
	"chainshot/results"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "replay every results line on its data set and check its score and beads left",
		ArgsUsage: "RESULTS.jsonl...",
		Description: "Each line's \"file\" is looked up as given, then beside the results file, then as a\n" +
			"built-in name; \"FILE#K\" names the K-th board of a multi-board file. Exit status 0\n" +
			"when every line replays to exactly its score and beads_left, 1 otherwise." +
			examples("chainshot verify results.jsonl", "chainshot solve sample1 --json | chainshot verify -"),
		Action: doVerify,
	}
}

func doVerify(c *cli.Context) error {
	s := ioFrom(c)
	const cmd = "chainshot verify"
	if c.NArg() == 0 {
		return status.BadInput("%s: want one or more RESULTS.jsonl files (\"-\" for standard input)", cmd)
	}
	bad, total := 0, 0
	boards := verify.NewBoards(s.Inputs)
	for _, path := range c.Args().Slice() {
		lines := 0
		// first holds the line of each data set and run settings: a run
		// writes one line for each, so a second is a fault (two writers,
		// or files joined by hand: "results merge" joins files).
		first := map[runKey]int{}
		err := resultsfile.ScanFor(s.IO, cmd, path, func(l results.Line) error {
			lines++
			total++
			msg := boards.Check(l.Record, filepath.Dir(path))
			key := runKey{l.Record.File, l.Record.Settings()}
			if no, twice := first[key]; twice && msg == "" {
				msg = fmt.Sprintf("this data set is there twice with the same settings (first at line %d): a run writes one line a data set; \"chainshot results merge\" keeps the better", no)
			} else if !twice {
				first[key] = l.No
			}
			if msg != "" {
				bad++
				printf(s.Out, "%s:%d: %s: FAIL: %s\n", path, l.No, l.Record.File, msg)
			} else {
				printf(s.Out, "%s:%d: %s: ok (score %d, %s left, %s)\n", path, l.No, l.Record.File, l.Record.Score, words.Plural(l.Record.BeadsLeft, "bead"), words.Plural(len(l.Record.Moves), "move"))
			}
			return nil
		})
		if err != nil {
			return err
		}
		if lines == 0 {
			return status.BadInput("%s: %s holds no results lines", cmd, path)
		}
	}
	if bad > 0 {
		printf(s.Out, "%d of %s FAILED\n", bad, words.Plural(total, "line"))
		return status.Quiet(status.Failed)
	}
	printf(s.Out, "%s verified\n", words.AllOf(total, "line"))
	return nil
}

// runKey is a data set and the settings of the run that made a line.
type runKey struct {
	file string
	run  results.Settings
}
