package runs

import (
	"fmt"
	"strings"

	"chainshot/datasets"
	"chainshot/internal/iostreams"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// LoadSets loads the boards of a file or built-in data set. Warnings and
// repairs go to stderr; a defect is bad input (exit 2).
func LoadSets(io *iostreams.IO, name string) ([]datasets.Set, error) {
	sets, err := datasets.LoadFrom(io.Inputs, name)
	if err != nil {
		return nil, status.BadInput("%v", err)
	}
	for _, set := range sets {
		for _, w := range set.Warnings {
			io.Warnf("%s", w)
		}
		if len(set.Repairs) > 0 {
			fmt.Fprintf(io.Err, "note: %s is defective as printed and was repaired (%s; see \"chainshot datasets\")\n", set.Name, words.Plural(len(set.Repairs), "repair"))
		}
	}
	return sets, nil
}

// Load loads the data sets of a run's arguments (files, folders,
// built-in names): every defect is reported, and any is bad input (exit
// status 2) before any solving; a data set named twice runs once
// (OnceEach). cmd starts the message that counts the defects.
func Load(io *iostreams.IO, cmd string, args []string) ([]datasets.Set, error) {
	files, err := datasets.Files(args)
	if err != nil {
		return nil, status.BadInput("%v", err)
	}
	var sets []datasets.Set
	var defects []string
	for _, f := range files {
		more, err := LoadSets(io, f)
		if status.Is(err, status.Interrupted) {
			return nil, err // Ctrl-C while a FIFO of the folder waited
		}
		if err != nil {
			defects = append(defects, err.Error())
			continue
		}
		sets = append(sets, more...)
	}
	switch {
	case len(defects) == 1:
		return nil, status.BadInput("%s (nothing was run)", defects[0])
	case len(defects) > 1:
		return nil, status.BadInput("%s\n%s: %d defective data sets; nothing was run", strings.Join(defects, "\n"), cmd, len(defects))
	}
	return OnceEach(io, sets), nil
}
