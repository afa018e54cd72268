package main

import (
	"errors"
	"fmt"

	"chainshot/datasets"
	"chainshot/internal/resultsfile"
	"chainshot/internal/status"
	"chainshot/internal/words"
	"chainshot/results"
)

// loadSets loads the boards of a file or built-in data set. Warnings and
// repairs go to stderr; a defect is bad input (exit 2).
func loadSets(s *streams, name string) ([]datasets.Set, error) {
	sets, err := datasets.LoadFrom(s.Inputs, name)
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
			fmt.Fprintf(s.Err, "note: %s is defective as printed and was repaired (%s; see \"chainshot datasets\")\n", set.Name, words.Plural(len(set.Repairs), "repair"))
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
		return datasets.Set{}, status.BadInput("%s holds %s; name one as %s#K (K from 1 to %d)", name, words.Plural(len(sets), "board"), name, len(sets))
	}
	return sets[0], nil
}

// scanResults reads a results file for cmd ("-" is standard input) one
// line at a time through the journal's reader (resultsfile.ScanFile),
// calling fn with each: a file of any length is read in little memory. A
// file that cannot be read or a bad line is bad input (exit status 2),
// its message naming the file, line, column and field; a cut last line
// and each field that is not chainshot's are warned about on stderr. An
// error of fn is returned as it is.
func scanResults(s *streams, cmd, path string, fn func(results.Line) error) error {
	var fnErr error
	err := resultsfile.ScanFile(s.Inputs, path, func(msg string) { warn(s.Err, "%s", msg) }, func(l results.Line) error {
		fnErr = fn(l)
		return fnErr
	})
	switch {
	case err != nil && fnErr != nil:
		return fnErr
	case err != nil:
		return status.BadInput("%s: %v", cmd, err)
	}
	return nil
}
