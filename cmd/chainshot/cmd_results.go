package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/internal/filekinds"
	"chainshot/internal/outfile"
	"chainshot/internal/runs"
	"chainshot/internal/status"
	"chainshot/internal/verify"
	"chainshot/internal/words"
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
				&cli.StringFlag{Name: "labels", Usage: "name the files' columns: a comma-separated `LIST` such as ours,nrpa, one a file (default: each file's name without .jsonl)"},
				&cli.BoolFlag{Name: "markdown", Usage: "print the table as Markdown"},
				&cli.BoolFlag{Name: "cpu", Usage: "add each file's CPU seconds a data set (the median over its seeds)"},
			},
			Action: doCompare,
		}},
	}
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
	if err := distinctInputs(cmd, paths); err != nil {
		return err
	}
	labels, err := compareLabels(cmd, c.String("labels"), paths)
	if err != nil {
		return err
	}
	boards := verify.NewBoards(s.Inputs)
	// names gives each board the data-set name it was first seen
	// under: lines of the same board share a row whatever they call it.
	names := map[string]string{}
	var cols []results.Column
	var broken []string
	for i, path := range paths {
		col := results.Column{Label: labels[i]}
		type where struct {
			at  string
			run results.Settings
		}
		first := map[string]where{}
		seeds := map[string]map[uint64]string{}
		dir := filepath.Dir(path)
		err := scanResults(s, cmd, path, func(l results.Line) error {
			rec, at := l.Record, fmt.Sprintf("%s:%d", path, l.No)
			if msg := boards.Check(rec, dir); msg != "" {
				broken = append(broken, fmt.Sprintf("%s: %s: does not replay: %s", at, rec.File, msg))
				return nil
			}
			b, _ := boards.Find(rec.File, dir)
			key := b.Format()
			name, ok := names[key]
			if !ok {
				name = rec.File
				names[key] = name
			}
			if rec.Partial {
				warn(s.Err, "%s: %s: an interrupted line (\"partial\"); left out", at, rec.File)
				return nil
			}
			run := rec.Settings()
			run.Seed = 0
			if w, ok := first[key]; !ok {
				first[key] = where{at, run}
			} else if diffs := runs.SettingsDiffs(w.run, run); len(diffs) > 0 {
				var parts []string
				for _, d := range diffs {
					parts = append(parts, fmt.Sprintf("%s %s and %s", d.Flag, d.A, d.B))
				}
				return status.BadInput("%s: %s: %s and %s were run with %s: a file's lines of one data set may differ in --seed only; give each run its own file",
					cmd, rec.File, w.at, at, strings.Join(parts, ", "))
			}
			if seeds[key] == nil {
				seeds[key] = map[uint64]string{}
			}
			if prev, ok := seeds[key][rec.Seed]; ok {
				return status.BadInput("%s: %s and %s (%s) are both seed %d of one board: a file holds one line a data set and seed",
					cmd, prev, at, rec.File, rec.Seed)
			}
			seeds[key][rec.Seed] = fmt.Sprintf("%s (%s)", at, rec.File)
			rec.File = name
			col.Recs = append(col.Recs, rec)
			return nil
		})
		if err != nil {
			return err
		}
		cols = append(cols, col)
	}
	if len(broken) > 0 {
		what := words.Plural(len(broken), "line") + " do not replay to their figures"
		if len(broken) == 1 {
			what = "1 line does not replay to its figures"
		}
		return status.Fail("%s\n%s: %s; nothing was compared (a comparison counts only lines that replay)", strings.Join(broken, "\n"), cmd, what)
	}
	for i, col := range cols {
		if len(col.Recs) == 0 {
			return status.BadInput("%s: %s holds no finished results lines", cmd, paths[i])
		}
	}
	cmp := results.Compare(cols)
	return results.WriteComparison(s.Out, cmp, results.CompareOptions{Markdown: c.Bool("markdown"), CPU: c.Bool("cpu")})
}

// compareLabels are the columns' names: --labels, one a file, or each
// file's name without ".jsonl" (the whole path where two names clash).
func compareLabels(cmd, flag string, paths []string) ([]string, error) {
	if flag != "" {
		labels := strings.Split(flag, ",")
		if len(labels) != len(paths) {
			return nil, status.BadInput("%s: --labels names %s for %s: give one a file", cmd, words.Plural(len(labels), "column"), words.Plural(len(paths), "file"))
		}
		for i, l := range labels {
			labels[i] = strings.TrimSpace(l)
			if labels[i] == "" {
				return nil, status.BadInput("%s: --labels: label %d is empty", cmd, i+1)
			}
		}
		return labels, nil
	}
	labels := make([]string, len(paths))
	count := map[string]int{}
	for i, p := range paths {
		labels[i] = strings.TrimSuffix(filepath.Base(p), ".jsonl")
		if p == "-" {
			labels[i] = "stdin"
		}
		count[labels[i]]++
	}
	for i, p := range paths {
		if count[labels[i]] > 1 {
			labels[i] = p
		}
	}
	return labels, nil
}

func doMerge(c *cli.Context) error {
	s := ioFrom(c)
	const cmd = "chainshot results merge"
	if c.NArg() == 0 {
		return status.BadInput("%s: want one or more RESULTS.jsonl files", cmd)
	}
	paths := c.Args().Slice()
	if err := distinctInputs(cmd, paths); err != nil {
		return err
	}
	// The outputs are locked before any reading, so that a file that
	// cannot be written, or that another run is writing, is refused
	// before any work.
	outs, err := lockMergeOutputs(c, cmd)
	defer outs.unlock(s)
	if err != nil {
		return err
	}
	m, err := mergeFiles(s, cmd, paths, c.Bool("best"))
	if err != nil {
		return err
	}
	werr := outs.write(cmd, m.recs)
	if c.Bool("json") {
		for _, r := range m.recs {
			s.Out.Write(results.MarshalLine(r))
		}
	} else {
		results.WriteTable(s.Out, m.recs)
		if c.Bool("best") {
			m.printSeeds(s)
		}
	}
	return werr
}

// distinctInputs refuses a results file given twice (under one name or
// two): its lines would be counted twice.
func distinctInputs(cmd string, paths []string) error {
	for i, p := range paths {
		for _, q := range paths[:i] {
			if p == q || (p != "-" && q != "-" && sameFile(p, q)) {
				return status.BadInput("%s: %s and %s are the same file: give each file once", cmd, q, p)
			}
		}
	}
	return nil
}

// merged is what mergeFiles made: the kept lines, sorted by data set,
// and for each data set the seeds its lines were made with.
type merged struct {
	recs  []results.Record
	seeds map[string][]uint64
}

// mergeFiles reads results files, replays every line and merges them:
// a file with no line is a warning, all of them empty bad input; a line
// that does not replay stops the merge (exit status 1), and so do lines
// of one data set made with other settings (with best, other seeds are
// allowed: that is the sweep).
func mergeFiles(s *streams, cmd string, paths []string, best bool) (merged, error) {
	m := merged{seeds: map[string][]uint64{}}
	var all [][]results.Record
	var empty, broken []string
	// first is the first line of each data set, whose settings the
	// others must have.
	type where struct {
		at  string
		run results.Settings
	}
	first := map[string]where{}
	boards := verify.NewBoards(s.Inputs)
	for _, path := range paths {
		var recs []results.Record
		err := scanResults(s, cmd, path, func(l results.Line) error {
			rec, at := l.Record, fmt.Sprintf("%s:%d", path, l.No)
			if msg := boards.Check(rec, filepath.Dir(path)); msg != "" {
				broken = append(broken, fmt.Sprintf("%s: %s: does not replay: %s", at, rec.File, msg))
				return nil
			}
			run := rec.Settings()
			if best {
				run.Seed = 0
			}
			if w, ok := first[rec.File]; !ok {
				first[rec.File] = where{at, run}
			} else if diffs := runs.SettingsDiffs(w.run, run); len(diffs) > 0 {
				return mixedRuns(cmd, rec.File, w.at, at, diffs, best)
			}
			if !slices.Contains(m.seeds[rec.File], rec.Seed) {
				m.seeds[rec.File] = append(m.seeds[rec.File], rec.Seed)
			}
			recs = append(recs, rec)
			return nil
		})
		if err != nil {
			return m, err
		}
		if len(recs) == 0 && len(broken) == 0 {
			empty = append(empty, path)
		}
		all = append(all, recs)
	}
	if len(broken) > 0 {
		what := words.Plural(len(broken), "line") + " do not replay to their figures"
		if len(broken) == 1 {
			what = "1 line does not replay to its figures"
		}
		return m, status.Fail("%s\n%s: %s; nothing was merged (a merge ranks only lines that replay)", strings.Join(broken, "\n"), cmd, what)
	}
	m.recs = results.Merge(all...)
	if len(m.recs) == 0 {
		return m, status.BadInput("%s: no results lines in %s", cmd, strings.Join(paths, ", "))
	}
	for _, path := range empty {
		printf(s.Err, "warning: %s holds no results lines\n", path)
	}
	return m, nil
}

// mixedRuns is the error for two lines of one data set made with other
// settings.
func mixedRuns(cmd, file, a, b string, diffs []runs.SettingDiff, best bool) error {
	var parts []string
	seedOnly := len(diffs) == 1 && diffs[0].Flag == "--seed"
	for _, d := range diffs {
		parts = append(parts, fmt.Sprintf("%s %s and %s", d.Flag, d.A, d.B))
	}
	hint := "a merge keeps one line a data set, so it joins the shards of one run; merge each run on its own"
	if seedOnly && !best {
		hint = "--best keeps the best line across seeds"
	}
	return status.BadInput("%s: %s: %s and %s were run with %s: %s", cmd, file, a, b, strings.Join(parts, ", "), hint)
}

// printSeeds says, after merge --best's table, how many seeds each best
// line was chosen from, and its seed.
func (m merged) printSeeds(s *streams) {
	printf(s.Out, "\nBest of the seeds:\n")
	for _, r := range m.recs {
		seeds := slices.Clone(m.seeds[r.File])
		slices.Sort(seeds)
		var list []string
		for _, sd := range seeds {
			list = append(list, fmt.Sprint(sd))
		}
		printf(s.Out, "  %s: seed %d, the best of %s (%s)\n", r.File, r.Seed, words.Plural(len(seeds), "seed"), strings.Join(list, ", "))
	}
}

// mergeOutputs are merge's --out and --csv, locked (see
// streams.claim) from before the inputs are read until they are
// written.
type mergeOutputs struct {
	out, csv *outfile.Claim
}

// lockMergeOutputs takes the locks of --out and --csv; the error is bad
// input (a missing folder, a file another run is writing).
func lockMergeOutputs(c *cli.Context, cmd string) (mergeOutputs, error) {
	s := ioFrom(c)
	var m mergeOutputs
	for _, flag := range []string{"out", "csv"} {
		path := c.String(flag)
		if path == "" {
			continue
		}
		kind := filekinds.Merged
		if flag == "csv" {
			kind = filekinds.ResultsCSV
		}
		lock, err := s.claim(cmd, flag, path, kind)
		if err != nil {
			return m, err
		}
		if flag == "out" {
			m.out = lock
		} else {
			m.csv = lock
		}
	}
	return m, nil
}

func (m mergeOutputs) unlock(s *streams) {
	m.out.Release()
	m.csv.Release()
}

// write writes --out and --csv, each whole or not at all (merged results
// are made again from the shards at will); a failure is the work failing
// (exit status 1).
func (m mergeOutputs) write(cmd string, recs []results.Record) error {
	if m.out != nil {
		err := m.out.WriteFile(func(w io.Writer) error {
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
	if m.csv != nil {
		if err := m.csv.WriteFile(func(w io.Writer) error { return results.WriteCSV(w, recs) }); err != nil {
			return status.Fail("%s: --csv: %v", cmd, err)
		}
	}
	return nil
}

// sameFile reports whether two paths name one file (after links), or
// are the same path where there is no file.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	absA, _ := filepath.Abs(a)
	absB, _ := filepath.Abs(b)
	return absA == absB
}
