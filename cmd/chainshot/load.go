package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"chainshot/datasets"
	"chainshot/results"
)

// loadSets loads the boards of a file or built-in data set. Warnings and
// repairs go to stderr; a defect is bad input (exit 2).
func loadSets(s *streams, name string) ([]datasets.Set, error) {
	sets, err := datasets.Load(name)
	if err != nil {
		if errors.Is(err, datasets.ErrNotFound) {
			return nil, badInput("%v", err)
		}
		return nil, badInput("%v", err)
	}
	for _, set := range sets {
		for _, w := range set.Warnings {
			warn(s.err, "%s", w)
		}
		if len(set.Repairs) > 0 {
			fmt.Fprintf(s.err, "note: %s is defective as printed and was repaired (%s; see \"chainshot datasets\")\n", set.Name, plural(len(set.Repairs), "repair"))
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
		return datasets.Set{}, badInput("%s holds %s; name one as %s#K (K from 1 to %d)", name, plural(len(sets), "board"), name, len(sets))
	}
	return sets[0], nil
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
		warn(s.err, "%s", f.Partial.Warning())
	}
	return f, nil
}
