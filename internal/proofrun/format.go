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

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/internal/bounds"
	"chainshot/internal/strictjson"
	"chainshot/internal/words"
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
	Proof    string `json:"proof" strict:"required"`
	Format   int    `json:"format" strict:"required"`
	Size     string `json:"size" strict:"required"`
	Position string `json:"position" strict:"required"`
	Split    int    `json:"split" strict:"required"`
	Lines    int    `json:"lines" strict:"required"`
	Digest   string `json:"digest" strict:"required"`
}

// The bounds of the counts a proof file gives, checked before any work
// (a header of size 1000000x1000000 was taken): SplitBound is --split's
// too, IndexBound and PliesBound a checks file's (react check --out).
var (
	SplitBound = bounds.Int{Min: 0, Max: 12, Unit: "plies"}
	linesBound = bounds.Int{Min: 1, Max: exact.MaxSplitLines, Unit: "lines"}
	IndexBound = bounds.Int{Min: 0, Max: exact.MaxSplitLines - 1}
	// a line's last ply, and the moves of its principal variation: at
	// most a 16x16 board's capacity and one
	PliesBound = bounds.Int{Min: 0, Max: maxPlies, Unit: "plies"}
	// a line's table and solvers, 0 where a file does not say
	tableBound = bounds.Int{Min: 0, Max: 1 << 20, Unit: "MB"}
	jobsBound  = bounds.Int{Min: 0, Max: 256, Unit: "solvers"}
)

// maxPlies is the longest game on the largest board: one orb a move, at
// most 3 an inner cell, 2 an edge, 1 a corner of 16x16, and the last.
const maxPlies = 3*(chainreact.MaxRows-2)*(chainreact.MaxCols-2) + 2*2*(chainreact.MaxRows-2+chainreact.MaxCols-2) + 4 + 1

// Check says whether the header's fields are in range (for the strict
// decoder, which places the error at its field): the title, the format,
// the size, the split and the count of lines. That the split of the
// position gives those lines is checked after.
func (h *Header) Check() error {
	if h.Proof != HeaderTitle {
		return &strictjson.FieldError{Field: "proof", Msg: fmt.Sprintf("is %q: want %q (not a proof file's header)", words.Clip(h.Proof, 60), HeaderTitle)}
	}
	if h.Format != Format {
		return &strictjson.FieldError{Field: "format", Msg: fmt.Sprintf("is %d: this chainshot reads format %d", h.Format, Format)}
	}
	if _, _, err := chainreact.ParseSize(h.Size); err != nil {
		return &strictjson.FieldError{Field: "size", Msg: fmt.Sprintf("is %q: want %s", words.Clip(h.Size, 60), chainreact.SizeWant)}
	}
	return bounds.First(
		bounds.Field("split", SplitBound.Check(int64(h.Split))),
		bounds.Field("lines", linesBound.Check(int64(h.Lines))),
	)
}

// Check says whether a line's counts are in range (for the strict
// decoder). That its moves and principal variation replay is checked
// against the split after.
func (l *Line) Check() error {
	err := bounds.First(
		bounds.Field("line", IndexBound.Check(int64(l.Line))),
		bounds.Field("plies", PliesBound.Check(int64(l.Plies))),
		bounds.Field("plies_min", PliesBound.Check(int64(l.PliesMin))),
		bounds.Field("plies_max", PliesBound.Check(int64(l.PliesMax))),
		bounds.Field("table_mb", tableBound.Check(int64(l.TableMB))),
		bounds.Field("jobs", jobsBound.Check(int64(l.Jobs))),
	)
	switch {
	case err != nil:
		return err
	case int64(len(l.Moves)) > SplitBound.Max:
		return &strictjson.FieldError{Field: "moves", Msg: fmt.Sprintf("has %d moves: a split is at most %d plies", len(l.Moves), SplitBound.Max)}
	case len(l.PV) > maxPlies:
		return &strictjson.FieldError{Field: "pv", Msg: fmt.Sprintf("has %d moves: no game is longer than %d", len(l.PV), maxPlies)}
	case !(l.CPU >= 0 && l.CPU < 1e12):
		return &strictjson.FieldError{Field: "cpu_seconds", Msg: fmt.Sprintf("is %g: want a time of 0 or more", l.CPU)}
	case !(l.Seconds >= 0 && l.Seconds < 1e12):
		return &strictjson.FieldError{Field: "seconds", Msg: fmt.Sprintf("is %g: want a time of 0 or more", l.Seconds)}
	}
	return nil
}

// HeaderTitle is the header's "proof" field.
const HeaderTitle = "chainshot react solve: a split proof of Chain Reaction"

// Line is a solved line: its index, the moves from the root to
// its position, what its solve proved (the winner, the last ply counted
// from the empty board, a principal variation from the line's position;
// or the winner and bounds on the last ply), and what it cost.
type Line struct {
	Line   int     `json:"line" strict:"required"`
	Moves  [][]int `json:"moves" strict:"required"`
	Winner string  `json:"winner" strict:"required"`
	// Plies is the last ply of a line solved exactly, with PV; a line
	// solved only until its winner was proved (--winner-only) has
	// PliesMin and PliesMax instead, and no PV.
	Plies    int     `json:"plies,omitempty"`
	PliesMin int     `json:"plies_min,omitempty"`
	PliesMax int     `json:"plies_max,omitempty"`
	PV       [][]int `json:"pv,omitempty"`
	Nodes    uint64  `json:"nodes" strict:"required"`
	CPU      float64 `json:"cpu_seconds" strict:"required"`
	Seconds  float64 `json:"seconds" strict:"required"`
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
