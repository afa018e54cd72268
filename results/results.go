// Package results holds ChainShot result records (one per data set), their
// ranking, and reading and writing them as JSON Lines, CSV and text
// tables.
//
// A record's Moves replay on its data set, with the rules of package
// board, to exactly its Score and BeadsLeft; "chainshot verify" checks
// that.
package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"chainshot/board"
)

// Record is one data set's result: one JSON Lines object.
type Record struct {
	File      string   `json:"file"`
	Rows      int      `json:"rows"`
	Cols      int      `json:"cols"`
	Colors    int      `json:"colors"`
	Algorithm string   `json:"algorithm"`
	Budget    float64  `json:"budget_cpu_seconds"`
	CPU       float64  `json:"cpu_seconds"`
	Moves     [][2]int `json:"moves"`
	Score     int      `json:"score"`
	BeadsLeft int      `json:"beads_left"`
	Optimal   bool     `json:"optimal,omitempty"`
	Seed      uint64   `json:"seed,omitempty"`
	Nodes     int64    `json:"nodes,omitempty"`
	// Partial marks the best line found so far for a data set whose search
	// was interrupted.
	Partial bool `json:"partial,omitempty"`
}

// Better reports whether r ranks above o, by the game's rule
// (board.Better: fewer beads left, then the higher score).
func (r Record) Better(o Record) bool {
	return board.Better(r.BeadsLeft, r.Score, o.BeadsLeft, o.Score)
}

// Line is a record read from a file, with its line number.
type Line struct {
	No     int
	Record Record
}

// ReadJSONL reads JSON Lines records; blank lines are skipped. name is used
// in messages, which give the line and column of a defect.
func ReadJSONL(r io.Reader, name string) ([]Line, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	var out []Line
	no := 0
	for sc.Scan() {
		no++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var rec Record
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil {
			col := 1
			var se *json.SyntaxError
			var te *json.UnmarshalTypeError
			switch {
			case errors.Is(err, io.ErrUnexpectedEOF):
				col = len(text) + 1
				err = errors.New("json: the line ends inside a JSON object")
			case errors.As(err, &se):
				col = int(se.Offset)
			case errors.As(err, &te):
				col = int(te.Offset)
			}
			msg := err.Error()
			if strings.HasPrefix(msg, "json: unknown field") {
				// Other tools may add fields; accept them.
				if err2 := json.Unmarshal(text, &rec); err2 == nil {
					out = append(out, Line{no, rec})
					continue
				}
			}
			return nil, fmt.Errorf("results: %s:%d:%d: %s", name, no, col, strings.TrimPrefix(msg, "json: "))
		}
		if dec.More() {
			return nil, fmt.Errorf("results: %s:%d: more than one JSON object on the line", name, no)
		}
		out = append(out, Line{no, rec})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("results: %s: %v", name, err)
	}
	return out, nil
}

// MarshalLine returns r as one JSON line, newline included.
func MarshalLine(r Record) []byte {
	if r.Moves == nil {
		r.Moves = [][2]int{}
	}
	b, err := json.Marshal(r)
	if err != nil {
		panic(err) // a Record always marshals
	}
	return append(b, '\n')
}

// WriteFile writes a file whole or not at all: it writes a temporary file
// beside path and renames it into place.
func WriteFile(path string, write func(io.Writer) error) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	tmp := f.Name()
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	return nil
}
