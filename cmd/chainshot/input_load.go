package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"chainshot/datasets"
	"chainshot/internal/status"
	"chainshot/results"
)

// loadSets loads the boards of a file or built-in data set. Warnings and
// repairs go to stderr; a defect is bad input (exit 2).
func loadSets(s *streams, name string) ([]datasets.Set, error) {
	sets, err := datasets.Load(name)
	if err != nil {
		if errors.Is(err, datasets.ErrNotFound) {
			return nil, status.BadInput("%v", err)
		}
		return nil, status.BadInput("%v", err)
	}
	for _, set := range sets {
		for _, w := range set.Warnings {
			warn(s.Err, "%s", w)
		}
		if len(set.Repairs) > 0 {
			fmt.Fprintf(s.Err, "note: %s is defective as printed and was repaired (%s; see \"chainshot datasets\")\n", set.Name, plural(len(set.Repairs), "repair"))
		}
	}
	return sets, nil
}

// loadOne loads a data set that must hold exactly one board.
func loadOne(s *streams, name string) (datasets.Set, error) {
	sets, err := loadSets(s, name)
	if err != nil {
		return datasets.Set{}, err
	}
	if len(sets) != 1 {
		return datasets.Set{}, status.BadInput("%s holds %s; name one as %s#K (K from 1 to %d)", name, plural(len(sets), "board"), name, len(sets))
	}
	return sets[0], nil
}

// scanResults reads a results file for cmd ("-" is standard input) one
// line at a time, calling fn with each: a file of any length is read in
// little memory. A file that cannot be read or a bad line is bad input
// (exit status 2), its message naming the file, line, column and field;
// a partial last line, left by a run killed while writing it, is skipped
// with a warning on stderr, and so is, once a file, each field name that
// is not chainshot's (another tool's or a later version's: the line is
// read without it). An error of fn is returned as it is.
func scanResults(s *streams, cmd, path string, fn func(results.Line) error) (*results.Partial, error) {
	name, r := path, s.In
	if path == "-" {
		name = "stdin"
	} else {
		if st, err := os.Stat(path); err == nil && st.IsDir() {
			return nil, status.BadInput("%s: %s is a folder; want a results file (JSON Lines)", cmd, path)
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, status.BadInput("%s: %v", cmd, err)
		}
		defer f.Close()
		r = f
	}
	warned := map[string]bool{}
	var fnErr error
	partial, err := results.Scan(r, name, func(l results.Line) error {
		for _, u := range l.Unknown {
			if !warned[u] {
				warned[u] = true
				warn(s.Err, "%s:%d: %q is not a field of chainshot's results lines; read past (it stays in the line)", name, l.No, u)
			}
		}
		fnErr = fn(l)
		return fnErr
	})
	switch {
	case err != nil && fnErr != nil:
		return nil, fnErr
	case err != nil:
		return nil, status.BadInput("%s: %v", cmd, strings.TrimPrefix(err.Error(), "results: "))
	}
	if partial != nil {
		warn(s.Err, "%s", partial.Warning())
	}
	return partial, nil
}
