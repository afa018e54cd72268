package main

import (
	"fmt"

	"chainshot/datasets"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// loadSets loads the boards of a file or built-in data set. Warnings and
// repairs go to stderr; a defect is bad input (exit 2).
func loadSets(s *streams, name string) ([]datasets.Set, error) {
	sets, err := datasets.LoadFrom(s.Inputs, name)
	if err != nil {
		return nil, status.BadInput("%v", err)
	}
	for _, set := range sets {
		for _, w := range set.Warnings {
			s.Warnf("%s", w)
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
