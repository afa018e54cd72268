// Package proofrun is "chainshot react solve --proof": a proof by lines.
// The position's lines a few plies on (exact.Split) are solved one by
// one by a pool of workers sharing one table, each appended to the proof
// file the moment it is solved; the root's value follows from the lines
// (exact.ProofSplit.Combine). A run resumes from the file, solves a shard
// of the lines, checks lines drawn at random again, and joins the files
// of shards (Merge). This package keeps the proof file's format.
package proofrun

import (
	"fmt"
	"runtime/debug"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
)

// A proof file (react solve --proof FILE) is JSON Lines: a header, then one
// line for each solved line of a split proof, appended and fsynced the
// moment the line is solved, in the order they finish. See
// chainreact.Split and chainreact.ProofSplit.Combine.

// Format is the version of the proof file's format.
const Format = 1

// Header is the first line of a proof file: what is proved, and the
// split, so that a resumed run, a shard on another machine or a merge
// checks it solves the same lines.
type Header struct {
	Proof    string `json:"proof"`
	Format   int    `json:"format"`
	Size     string `json:"size"`
	Position string `json:"position"`
	Split    int    `json:"split"`
	Lines    int    `json:"lines"`
	Digest   string `json:"digest"`
}

// HeaderTitle is the header's "proof" field.
const HeaderTitle = "chainshot react solve: a split proof of Chain Reaction"

// Line is a solved line: its index, the moves from the root to
// its position, what its solve proved (the winner, the last ply counted
// from the empty board, a principal variation from the line's position;
// or the winner and bounds on the last ply), and what it cost.
type Line struct {
	Line   int     `json:"line"`
	Moves  [][]int `json:"moves"`
	Winner string  `json:"winner"`
	// Plies is the last ply of a line solved exactly, with PV; a line
	// solved only until its winner was proved (--winner-only) has
	// PliesMin and PliesMax instead, and no PV.
	Plies    int     `json:"plies,omitempty"`
	PliesMin int     `json:"plies_min,omitempty"`
	PliesMax int     `json:"plies_max,omitempty"`
	PV       [][]int `json:"pv,omitempty"`
	Nodes    uint64  `json:"nodes"`
	CPU      float64 `json:"cpu_seconds"`
	Seconds  float64 `json:"seconds"`
	// TableMB and Jobs are the table the line was solved with and the
	// solvers sharing it (the positions searched depend on both).
	TableMB int    `json:"table_mb"`
	Jobs    int    `json:"jobs"`
	Commit  string `json:"commit,omitempty"`
}

// DefaultSplit returns the split depth for root: the fewest plies that give
// at least 64 lines (enough to spread over a machine's cores and several
// machines), at most 6.
func DefaultSplit(root *chainreact.Board) int {
	for plies := 0; ; plies++ {
		p, err := exact.Split(root, plies)
		if err != nil || len(p.Lines) >= 64 || plies == 6 {
			return plies
		}
		if len(p.Lines) == 0 {
			return max(plies-1, 0)
		}
	}
}

// NewHeader is the header of a proof of pos split after plies.
func NewHeader(pos *chainreact.Position, split *exact.ProofSplit) Header {
	b := &pos.Board
	return Header{Proof: HeaderTitle, Format: Format, Size: fmt.Sprintf("%dx%d", b.Rows(), b.Cols()),
		Position: pos.String(), Split: split.Plies, Lines: len(split.Lines), Digest: split.Digest()}
}

// buildCommit may be set when building (go build -ldflags "-X
// chainshot/internal/proofrun.buildCommit=$(git rev-parse --short HEAD)") where the build does
// not record its revision itself.
var buildCommit string

// Commit is the version control revision the binary was built from, if
// the build recorded it, or buildCommit.
var Commit = func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return buildCommit
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return buildCommit
	}
	if dirty {
		rev += "+"
	}
	return rev
}()
