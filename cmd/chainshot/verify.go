package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/results"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "replay every results line on its data set and check its score and beads left",
		ArgsUsage: "RESULTS.jsonl...",
		Description: "Each line's \"file\" is looked up as given, then beside the results file, then as a\n" +
			"built-in name; \"FILE#K\" names the K-th board of a multi-board file. Exit status 0\n" +
			"when every line replays to exactly its score and beads_left, 1 otherwise.",
		Action: doVerify,
	}
}

func doVerify(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() == 0 {
		return badInput("chainshot verify: want one or more RESULTS.jsonl files (\"-\" for standard input)")
	}
	bad, total := 0, 0
	for _, path := range c.Args().Slice() {
		var lines []results.Line
		var err error
		if path == "-" {
			lines, err = results.ReadJSONL(s.in, "stdin")
		} else {
			f, ferr := os.Open(path)
			if ferr != nil {
				return badInput("chainshot verify: %v", ferr)
			}
			lines, err = results.ReadJSONL(f, path)
			f.Close()
		}
		if err != nil {
			return badInput("%v", err)
		}
		if len(lines) == 0 {
			return badInput("chainshot verify: %s holds no results lines", path)
		}
		for _, l := range lines {
			total++
			if msg := verifyRecord(l.Record, filepath.Dir(path)); msg != "" {
				bad++
				printf(s.out, "%s:%d: %s: FAIL: %s\n", path, l.No, l.Record.File, msg)
			} else {
				printf(s.out, "%s:%d: %s: ok (score %d, %d beads left, %d moves)\n", path, l.No, l.Record.File, l.Record.Score, l.Record.BeadsLeft, len(l.Record.Moves))
			}
		}
	}
	if bad > 0 {
		printf(s.out, "%d of %d lines FAILED\n", bad, total)
		return failedQuietly()
	}
	printf(s.out, "all %d lines verified\n", total)
	return nil
}

// findBoard loads the board a record names.
func findBoard(name, dir string) (board.Board, error) {
	k := 0
	base := name
	if i := strings.LastIndex(name, "#"); i >= 0 {
		if n, err := strconv.Atoi(name[i+1:]); err == nil && n >= 1 {
			base, k = name[:i], n
		}
	}
	var sets []datasets.Set
	var err error
	for _, cand := range []string{base, filepath.Join(dir, base)} {
		sets, err = datasets.Load(cand)
		if !errors.Is(err, datasets.ErrNotFound) {
			break
		}
	}
	if err != nil {
		return board.Board{}, err
	}
	switch {
	case k == 0 && len(sets) == 1:
		return sets[0].Board, nil
	case k >= 1 && k <= len(sets):
		return sets[k-1].Board, nil
	}
	return board.Board{}, fmt.Errorf("%s holds %d boards", base, len(sets))
}

// verifyRecord replays r and returns "" when it checks out, else what is
// wrong.
func verifyRecord(r results.Record, dir string) string {
	b, err := findBoard(r.File, dir)
	if err != nil {
		return err.Error()
	}
	if (r.Rows != 0 && r.Rows != b.Rows()) || (r.Cols != 0 && r.Cols != b.Cols()) {
		return fmt.Sprintf("the line says %dx%d but the data set is %dx%d", r.Rows, r.Cols, b.Rows(), b.Cols())
	}
	moves := make([]board.Move, len(r.Moves))
	for i, m := range r.Moves {
		if m[0] < 1 || m[1] < 1 || m[0] > board.MaxSize || m[1] > board.MaxSize {
			return fmt.Sprintf("move %d (%d %d): off the board", i+1, m[0], m[1])
		}
		moves[i] = board.MoveAt(m[0], m[1])
	}
	end, score, err := board.Replay(b, moves)
	if err != nil {
		var re *board.ReplayError
		if errors.As(err, &re) {
			return fmt.Sprintf("move %d (%s) is illegal: %v", re.Index+1, moves[re.Index], re.Err.(*board.MoveError).Reason)
		}
		return err.Error()
	}
	var diffs []string
	if score != r.Score {
		diffs = append(diffs, fmt.Sprintf("score is %d, the line says %d", score, r.Score))
	}
	if end.Beads() != r.BeadsLeft {
		diffs = append(diffs, fmt.Sprintf("beads left are %d, the line says %d", end.Beads(), r.BeadsLeft))
	}
	if len(diffs) > 0 {
		return "after all " + strconv.Itoa(len(moves)) + " moves the " + strings.Join(diffs, "; ")
	}
	return ""
}
