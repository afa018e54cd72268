package main

import (
	"fmt"
	"strings"

	"chainshot/internal/words"
)

// The project calls the documents it started from seed 000 to 004. A help
// text or an output that says "seed 002" says once which document that
// is: seedNote gives the line, and the tests want it wherever the name
// appears (TestHelpTermsExplained, checkMessages).

// seedSources are the seeds by name: the document, then what of it the
// tool implements.
var seedSources = []struct{ name, source, use string }{
	{"seed 000", `"Automata for Chain Reaction Game", a project report (NITK Surathkal, 2016)`,
		"the cell automaton"},
	{"seed 001", `"Artificial Intelligence for Chain Reaction", Agnishom's post (github.com/Agnishom/ChainReactionAI)`,
		"the brilliant evaluation, the seed001 player"},
	{"seed 002", `"Chain Reaction AI Bot: Experimentation and Analysis", Niloy Das Robin (2025)`,
		"heuristics H1 to H5, the weighted evaluation, the seed002 player, its Tables 1 and 2"},
	{"seed 003", `W. Lord and L. Hawkins, "Artificial Intelligence Project part-a Report" (COMP30024, 2020)`,
		"Expendibots part A as a search, --algo seed"},
	{"seed 004", `"Term Project Fall 2012", the ChainShot handout`,
		"the rules, the coordinates, the sample boards, play and play --auto"},
}

// seedNote is one line a seed: `seed 002 is "Chain Reaction AI Bot: ..."
// (2025): heuristics H1 to H5 ...`, for the seeds named.
func seedNote(names ...string) string {
	var lines []string
	for _, n := range names {
		for _, s := range seedSources {
			if s.name == n {
				lines = append(lines, words.Wrap(fmt.Sprintf("%s is %s: %s.", s.name, s.source, s.use), 88, "  "))
			}
		}
	}
	if len(lines) != len(names) {
		panic(fmt.Sprintf("seedNote(%q): a name is no seed", names)) // a programming error
	}
	return strings.Join(lines, "\n")
}

// seedTitle returns the document a seed is ("seed 002" → its source).
func seedTitle(name string) string {
	for _, s := range seedSources {
		if s.name == name {
			return s.source
		}
	}
	return ""
}
