// Package results holds ChainShot result records (one per data set), their
// ranking, and reading and writing them as JSON Lines, CSV and text
// tables.
//
// A record's Moves replay on its data set, with the rules of package
// board, to exactly its Score and BeadsLeft; "chainshot verify" checks
// that.
package results

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"chainshot/board"
)

// Record is one data set's result: one JSON Lines object.
type Record struct {
	File      string  `json:"file" strict:"required"`
	Rows      int     `json:"rows"`
	Cols      int     `json:"cols"`
	Colors    int     `json:"colors"`
	Algorithm string  `json:"algorithm"`
	Budget    float64 `json:"budget_cpu_seconds"`
	CPU       float64 `json:"cpu_seconds"`
	Moves     Moves   `json:"moves" strict:"required"`
	Score     int     `json:"score" strict:"required"`
	BeadsLeft int     `json:"beads_left" strict:"required"`
	Optimal   bool    `json:"optimal,omitempty"`
	Seed      uint64  `json:"seed,omitempty"`
	Nodes     int64   `json:"nodes,omitempty"`
	// Partial marks the best line found so far for a data set whose search
	// was interrupted.
	Partial bool `json:"partial,omitempty"`
	// Requested is the algorithm asked for (--algo); Algorithm may add
	// the part of it that found the line ("auto/nrpa").
	Requested string `json:"requested_algorithm,omitempty"`
	// MaxNodes is the node budget asked for (--max-nodes), 0 for none.
	MaxNodes int64 `json:"max_nodes,omitempty"`
	// Params are the solver's tuning values when an experiment replaced
	// the shipped ones (chainshot bench --params), as JSON; empty for the
	// shipped values.
	Params string `json:"params,omitempty"`
	// Wall says Budget was wall-clock time, not CPU time (--wall).
	Wall bool `json:"wall,omitempty"`
	// Rank is how the search ranked lines (--rank): "score" for the
	// SameGame literature's (the highest score, +1000 for a clear); empty
	// for the handout's (fewest beads, then the highest score).
	Rank string `json:"rank,omitempty"`
}

// RankScore is Record.Rank of a run that ranked lines by the literature's
// score.
const RankScore = "score"

// RankField is what Record.Rank holds for the rank named name: nothing for
// the handout's ("beads"; lines from before ranks were recorded ranked
// that way), the name otherwise.
func RankField(name string) string {
	if name == "beads" {
		return ""
	}
	return name
}

// Settings are what a run asked of the solver for every data set. A
// resumed run skips a data set only if it was recorded with the same
// settings.
type Settings struct {
	Algo     string
	Budget   float64 // seconds
	Wall     bool
	MaxNodes int64
	Seed     uint64
	Params   string
	Rank     string
}

// Settings returns the settings r was made with. A record from before
// Requested was written names the algorithm asked for as the part of
// Algorithm before the first "/".
func (r Record) Settings() Settings {
	algo := r.Requested
	if algo == "" {
		algo, _, _ = strings.Cut(r.Algorithm, "/")
	}
	return Settings{Algo: algo, Budget: r.Budget, Wall: r.Wall, MaxNodes: r.MaxNodes, Seed: r.Seed, Params: r.Params, Rank: r.Rank}
}

// Better reports whether r ranks above o, by the game's rule
// (board.Better: fewer beads left, then the higher score), or, when r's
// run ranked by the literature's score (Rank "score"), by that.
func (r Record) Better(o Record) bool {
	if r.Rank == RankScore {
		return r.LiteratureScore() > o.LiteratureScore()
	}
	return board.Better(r.BeadsLeft, r.Score, o.BeadsLeft, o.Score)
}

// Line is a record read from a file, with its line number and its bytes
// as read (newline excluded), so that a file can be rewritten without
// losing fields other tools added.
type Line struct {
	No     int
	Record Record
	Raw    []byte
	// Unknown are the line's fields that are not a Record's, in the
	// order of the line: kept in Raw, otherwise ignored.
	Unknown []string
}

// MarshalLine returns r as one JSON line, newline included.
func MarshalLine(r Record) []byte {
	if r.Moves == nil {
		r.Moves = Moves{}
	}
	b, err := json.Marshal(r)
	if err != nil {
		panic(err) // a Record always marshals
	}
	return append(b, '\n')
}

// SettingsDiff names the flags whose values differ between a recorded
// line's settings and this run's: "--budget 20s (this run: 1s)".
func SettingsDiff(rec, run Settings) string {
	var diffs []string
	for _, d := range SettingsDiffs(rec, run) {
		diffs = append(diffs, fmt.Sprintf("%s %s (this run: %s)", d.Flag, d.A, d.B))
	}
	return strings.Join(diffs, ", ")
}

// SettingDiff is a flag whose value differs between two settings.
type SettingDiff struct{ Flag, A, B string }

// SettingsDiffs lists the flags whose values differ between a and b.
func SettingsDiffs(a, b Settings) []SettingDiff {
	dur := func(sec float64) string { return time.Duration(sec * float64(time.Second)).String() }
	var diffs []SettingDiff
	add := func(flag, x, y string) {
		if x != y {
			diffs = append(diffs, SettingDiff{flag, x, y})
		}
	}
	add("--algo", a.Algo, b.Algo)
	add("--budget", dur(a.Budget), dur(b.Budget))
	add("--wall", fmt.Sprint(a.Wall), fmt.Sprint(b.Wall))
	add("--max-nodes", fmt.Sprint(a.MaxNodes), fmt.Sprint(b.MaxNodes))
	add("--seed", fmt.Sprint(a.Seed), fmt.Sprint(b.Seed))
	shipped := func(p string) string {
		if p == "" {
			return "(the shipped values)"
		}
		return p
	}
	add("--params", shipped(a.Params), shipped(b.Params))
	rank := func(r string) string {
		if r == "" {
			return "beads"
		}
		return r
	}
	add("--rank", rank(a.Rank), rank(b.Rank))
	return diffs
}
