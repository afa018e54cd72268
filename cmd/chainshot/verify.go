package main

import (
	"path/filepath"

	"github.com/urfave/cli/v2"
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
		return badInput("%s: want one or more RESULTS.jsonl files (\"-\" for standard input)", cmd)
	}
	bad, total := 0, 0
	for _, path := range c.Args().Slice() {
		f, err := readResults(s, cmd, path)
		if err != nil {
			return err
		}
		if len(f.Lines) == 0 {
			return badInput("%s: %s holds no results lines", cmd, path)
		}
		for _, l := range f.Lines {
			total++
			if msg := verifyRecord(l.Record, filepath.Dir(path)); msg != "" {
				bad++
				printf(s.out, "%s:%d: %s: FAIL: %s\n", path, l.No, l.Record.File, msg)
			} else {
				printf(s.out, "%s:%d: %s: ok (score %d, %s left, %s)\n", path, l.No, l.Record.File, l.Record.Score, plural(l.Record.BeadsLeft, "bead"), plural(len(l.Record.Moves), "move"))
			}
		}
	}
	if bad > 0 {
		printf(s.out, "%d of %s FAILED\n", bad, plural(total, "line"))
		return failedQuietly()
	}
	printf(s.out, "%s verified\n", allOf(total, "line"))
	return nil
}
