package main

import (
	"errors"
	"fmt"
	"io"

	"chainshot/datasets"
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
			fmt.Fprintf(s.err, "warning: %s\n", w)
		}
		if len(set.Repairs) > 0 {
			fmt.Fprintf(s.err, "note: %s is defective as printed and was repaired (%d repairs; see \"chainshot datasets\")\n", set.Name, len(set.Repairs))
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
		return datasets.Set{}, badInput("%s holds %d boards; name one as %s#K (K from 1 to %d)", name, len(sets), name, len(sets))
	}
	return sets[0], nil
}

// printf writes to w, ignoring errors: the streams are the terminal or a
// pipe, and a failed write there has nowhere better to be reported.
func printf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, format, args...)
}
