package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"chainshot/board"
	"chainshot/internal/bounds"
	"chainshot/internal/strictjson"
)

// MaxLineBytes is the longest results line read. The longest line
// chainshot writes is under 8 KiB: a 32x32 board is cleared in at most
// 512 moves of at most 8 bytes each ("[32,32],"), and the other fields,
// bench's --params included, take under 2 KiB. The cap leaves room for
// fields other tools add.
const MaxLineBytes = 64 << 10

// maxMoves is the most moves a line can hold: every move removes two
// beads or more from at most MaxSize x MaxSize.
const maxMoves = board.MaxSize * board.MaxSize / 2

// DecodeLine reads one results line, text (newline excluded), strictly
// (package strictjson): one JSON object, each field once, "file",
// "moves", "score" and "beads_left" there, every value of its field's
// type and range (Record.Check), each move a [row, col] pair. Fields
// that are not a Record's are allowed (other tools and later versions
// add fields) and returned in unknown, for the caller to warn about.
// Errors are *strictjson.Error values: column, field and what is wrong,
// in the file's own terms.
func DecodeLine(text []byte) (rec Record, unknown []string, err error) {
	err = strictjson.Decode(text, &rec, strictjson.Options{Unknown: &unknown, What: "a results line"})
	if err != nil {
		return Record{}, nil, err
	}
	return rec, unknown, nil
}

// Check reports the first field of r outside its range (see DecodeLine).
func (r *Record) Check() error {
	if r.File == "" {
		return &strictjson.FieldError{Field: "file", Msg: "is empty: want the data set's file or built-in name"}
	}
	seconds := func(name string, v float64) error {
		if v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			return &strictjson.FieldError{Field: name, Msg: fmt.Sprintf("is %v: want seconds, 0 or more", v)}
		}
		return nil
	}
	if r.Rank != "" && r.Rank != RankScore {
		return &strictjson.FieldError{Field: "rank", Msg: fmt.Sprintf("is %q: want %q (or no rank: the handout's)", r.Rank, RankScore)}
	}
	size := bounds.Int{Min: 0, Max: board.MaxSize}
	return bounds.First(
		bounds.Field("rows", size.Check(int64(r.Rows))),
		bounds.Field("cols", size.Check(int64(r.Cols))),
		bounds.Field("colors", bounds.Int{Min: 0, Max: board.NumColors}.Check(int64(r.Colors))),
		seconds("budget_cpu_seconds", r.Budget),
		seconds("cpu_seconds", r.CPU),
		bounds.Field("score", bounds.Int{Min: 0, Max: math.MaxInt32}.Check(int64(r.Score))),
		bounds.Field("beads_left", bounds.Int{Min: 0, Max: board.MaxSize * board.MaxSize}.Check(int64(r.BeadsLeft))),
		bounds.Field("nodes", bounds.Int{Min: 0, Max: math.MaxInt64}.Check(r.Nodes)),
		bounds.Field("max_nodes", bounds.Int{Min: 0, Max: math.MaxInt64}.Check(r.MaxNodes)),
	)
}

// Moves are a line's moves, [row, col] each, 1-based, row 1 at the
// bottom. A results line holds them as a list of pairs, read strictly:
// exactly two whole numbers each, from 1 to board.MaxSize.
type Moves [][2]int

// UnmarshalJSON reads a list of [row, col] pairs; its errors say which
// move is wrong and how, in the file's terms.
func (m *Moves) UnmarshalJSON(v []byte) error {
	want := fmt.Sprintf("want a list of [row, col] pairs such as [[2,3],[1,1]], each from 1 to %d", board.MaxSize)
	v = bytes.TrimSpace(v)
	if len(v) == 0 || v[0] != '[' {
		return fmt.Errorf("is %s: %s", strictjson.Kind(v), want)
	}
	var list []json.RawMessage
	if err := json.Unmarshal(v, &list); err != nil {
		return fmt.Errorf("is not a list: %s", want)
	}
	if len(list) > maxMoves {
		return fmt.Errorf("holds %d moves: a board of at most %dx%d beads is over in at most %d", len(list), board.MaxSize, board.MaxSize, maxMoves)
	}
	out := make(Moves, len(list))
	for i, raw := range list {
		var pair []json.RawMessage
		if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &pair) != nil || len(pair) != 2 {
			return fmt.Errorf("move %d is %s: %s", i+1, compact(raw), want)
		}
		for j, x := range pair {
			var n int
			if err := json.Unmarshal(x, &n); err != nil || n < 1 || n > board.MaxSize {
				return fmt.Errorf("move %d is %s: %s", i+1, compact(raw), want)
			}
			out[i][j] = n
		}
	}
	*m = out
	return nil
}

// compact returns v without spaces, cut short if long, for messages.
func compact(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		b.Reset()
		b.Write(v)
	}
	s := b.String()
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
