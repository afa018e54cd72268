package main

import (
	"chainshot/datasets"
	"chainshot/internal/runs"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// loadSets loads the boards of a file or built-in data set
// (runs.LoadSets).
func loadSets(s *streams, name string) ([]datasets.Set, error) { return runs.LoadSets(s.IO, name) }

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
