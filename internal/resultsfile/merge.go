package resultsfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"chainshot/internal/iostreams"
	"chainshot/internal/status"
	"chainshot/internal/verify"
	"chainshot/internal/words"
	"chainshot/results"
)

// Compare reads the results files paths (each line replayed on its
// board, as "chainshot verify" does), matches their lines by board, and
// returns them as columns named labels: "results compare". A line that
// does not replay stops it (exit status 1), and so do lines of one data
// set in one file made with other settings than its seed.
func Compare(io *iostreams.IO, cmd string, paths, labels []string) (results.Comparison, error) {
	if err := distinctInputs(cmd, paths); err != nil {
		return results.Comparison{}, err
	}
	boards := verify.NewBoards(io.Inputs)
	// names gives each board the data-set name it was first seen
	// under: lines of the same board share a row whatever they call it.
	names := map[string]string{}
	var cols []results.Column
	broken := &brokenLines{}
	for i, path := range paths {
		col := results.Column{Label: labels[i]}
		type where struct {
			at  string
			run results.Settings
		}
		first := map[string]where{}
		seeds := map[string]map[uint64]string{}
		dir := filepath.Dir(path)
		err := ScanFor(io, cmd, path, func(l results.Line) error {
			rec, at := l.Record, fmt.Sprintf("%s:%d", path, l.No)
			if msg := boards.Check(rec, dir); msg != "" {
				broken.add(fmt.Sprintf("%s: %s: does not replay: %s", at, rec.File, msg))
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
				io.Warnf("%s: %s: an interrupted line (\"partial\"); left out", at, rec.File)
				return nil
			}
			run := rec.Settings()
			run.Seed = 0
			if w, ok := first[key]; !ok {
				first[key] = where{at, run}
			} else if diffs := results.SettingsDiffs(w.run, run); len(diffs) > 0 {
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
			return results.Comparison{}, err
		}
		cols = append(cols, col)
	}
	if err := broken.failure(cmd, "nothing was compared (a comparison counts only lines that replay)"); err != nil {
		return results.Comparison{}, err
	}
	for i, col := range cols {
		if len(col.Recs) == 0 {
			return results.Comparison{}, status.BadInput("%s: %s holds no finished results lines", cmd, paths[i])
		}
	}
	return results.Compare(cols), nil
}

// MaxLabels and MaxLabelLen bound --labels: how many columns, and the
// characters of each label.
const (
	MaxLabels   = 64
	MaxLabelLen = 40
)

// LabelsWant says what ParseLabels takes.
var LabelsWant = fmt.Sprintf("1 to %d labels of 1 to %d characters, no control characters", MaxLabels, MaxLabelLen)

// ParseLabels reads --labels: a comma-separated list of at most
// MaxLabels labels, each (spaces around it dropped) 1 to MaxLabelLen
// characters with no control character.
func ParseLabels(flag string) ([]string, error) {
	labels := strings.Split(flag, ",")
	if len(labels) > MaxLabels {
		return nil, fmt.Errorf("%d labels: want %s", len(labels), LabelsWant)
	}
	for i, l := range labels {
		labels[i] = strings.TrimSpace(l)
		n := utf8.RuneCountInString(labels[i])
		if n == 0 || n > MaxLabelLen || !utf8.ValidString(labels[i]) || strings.IndexFunc(labels[i], unicode.IsControl) >= 0 {
			return nil, fmt.Errorf("label %d: want %s", i+1, LabelsWant)
		}
	}
	return labels, nil
}

// Labels are the columns' names: --labels, one a file, or each
// file's name without ".jsonl" (the whole path where two names clash).
func Labels(cmd, flag string, paths []string) ([]string, error) {
	if flag != "" {
		labels, err := ParseLabels(flag)
		if err != nil {
			return nil, status.BadInput("%s: --labels %s: %v", cmd, words.Clip(flag, 80), err)
		}
		if len(labels) != len(paths) {
			return nil, status.BadInput("%s: --labels names %s for %s: give one a file", cmd, words.Plural(len(labels), "column"), words.Plural(len(paths), "file"))
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

// Merged is what Merge made: the kept lines, sorted by data set,
// and for each data set the seeds its lines were made with.
type Merged struct {
	Recs  []results.Record
	Seeds map[string][]uint64
}

// Merge reads results files, replays every line and merges them:
// a file with no line is a warning, all of them empty bad input; a line
// that does not replay stops the merge (exit status 1), and so do lines
// of one data set made with other settings (with best, other seeds are
// allowed: that is the sweep).
func Merge(io *iostreams.IO, cmd string, paths []string, best bool) (Merged, error) {
	if err := distinctInputs(cmd, paths); err != nil {
		return Merged{}, err
	}
	m := Merged{Seeds: map[string][]uint64{}}
	var all [][]results.Record
	var empty []string
	broken := &brokenLines{}
	// first is the first line of each data set, whose settings the
	// others must have.
	type where struct {
		at  string
		run results.Settings
	}
	first := map[string]where{}
	boards := verify.NewBoards(io.Inputs)
	for _, path := range paths {
		var recs []results.Record
		err := ScanFor(io, cmd, path, func(l results.Line) error {
			rec, at := l.Record, fmt.Sprintf("%s:%d", path, l.No)
			if msg := boards.Check(rec, filepath.Dir(path)); msg != "" {
				broken.add(fmt.Sprintf("%s: %s: does not replay: %s", at, rec.File, msg))
				return nil
			}
			run := rec.Settings()
			if best {
				run.Seed = 0
			}
			if w, ok := first[rec.File]; !ok {
				first[rec.File] = where{at, run}
			} else if diffs := results.SettingsDiffs(w.run, run); len(diffs) > 0 {
				return mixedRuns(cmd, rec.File, w.at, at, diffs, best)
			}
			if !slices.Contains(m.Seeds[rec.File], rec.Seed) {
				m.Seeds[rec.File] = append(m.Seeds[rec.File], rec.Seed)
			}
			recs = append(recs, rec)
			return nil
		})
		if err != nil {
			return m, err
		}
		if len(recs) == 0 && broken.n == 0 {
			empty = append(empty, path)
		}
		all = append(all, recs)
	}
	if err := broken.failure(cmd, "nothing was merged (a merge ranks only lines that replay)"); err != nil {
		return m, err
	}
	m.Recs = results.Merge(all...)
	if len(m.Recs) == 0 {
		return m, status.BadInput("%s: no results lines in %s", cmd, strings.Join(paths, ", "))
	}
	for _, path := range empty {
		io.Warnf("%s holds no results lines", path)
	}
	return m, nil
}

// mixedRuns is the error for two lines of one data set made with other
// settings.
func mixedRuns(cmd, file, a, b string, diffs []results.SettingDiff, best bool) error {
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

// PrintSeeds says, after merge --best's table, how many seeds each best
// line was chosen from, and its seed.
func (m Merged) PrintSeeds(w io.Writer) {
	fmt.Fprintf(w, "\nBest of the seeds:\n")
	for _, r := range m.Recs {
		seeds := slices.Clone(m.Seeds[r.File])
		slices.Sort(seeds)
		var list []string
		for _, sd := range seeds {
			list = append(list, fmt.Sprint(sd))
		}
		fmt.Fprintf(w, "  %s: seed %d, the best of %s (%s)\n", r.File, r.Seed, words.Plural(len(seeds), "seed"), strings.Join(list, ", "))
	}
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

// maxBroken is how many lines that do not replay a merge or a comparison
// lists; the rest are counted.
const maxBroken = 10

// brokenLines collects the lines that do not replay: the first
// maxBroken, and the count of all.
type brokenLines struct {
	first []string
	n     int
}

func (b *brokenLines) add(msg string) {
	if b.n < maxBroken {
		b.first = append(b.first, msg)
	}
	b.n++
}

// failure is the error of a merge or comparison with lines that do not
// replay (exit status 1): the first maxBroken, then what was not done.
func (b *brokenLines) failure(cmd, nothing string) error {
	if b.n == 0 {
		return nil
	}
	what := words.Plural(b.n, "line") + " do not replay to their figures"
	if b.n == 1 {
		what = "1 line does not replay to its figures"
	}
	list := strings.Join(b.first, "\n")
	if b.n > len(b.first) {
		list += fmt.Sprintf("\n(and %d more)", b.n-len(b.first))
	}
	return status.Fail("%s\n%s: %s; %s", list, cmd, what, nothing)
}
