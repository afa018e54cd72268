package matchrun

import (
	"errors"
	"fmt"
	"io"

	"chainshot/chainreact"
	"chainshot/chainreact/match"
	"chainshot/internal/filekinds"
	"chainshot/internal/input"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// MaxOpenings is the most openings a file may hold: a match plays at
// most match.MaxGames/2 pairs, cycling through its openings.
const MaxOpenings = 100_000

// ReadOpenings reads the openings file of --openings (name, "-" for
// standard input) for a match on rows×cols boards, through the program's
// capped reader: a line at a time, each under its kind's cap, the file
// under its size, at most MaxOpenings openings. Every opening is checked
// (match.ParseOpening); a defect is bad input naming the line and column.
func ReadOpenings(src input.Source, cmd, name string, rows, cols int) ([][]chainreact.Move, error) {
	f, err := src.Open(name)
	if err != nil {
		return nil, status.BadInput("%s: --openings: %v", cmd, err)
	}
	defer f.Close()
	o, err := readOpenings(f, f.Name, rows, cols)
	if err != nil {
		return nil, status.BadInput("%s: --openings: %v", cmd, err)
	}
	return o, nil
}

// readOpenings reads the openings of r, named name in messages.
func readOpenings(r io.Reader, name string, rows, cols int) ([][]chainreact.Move, error) {
	k := filekinds.Openings
	var out [][]chainreact.Move
	err := input.Lines(r, name, k, func(l input.Line) error {
		if l.Offset+int64(len(l.Text)) > k.Max {
			return &input.Error{Path: name, Err: input.TooLarge(k)}
		}
		line := string(l.Text)
		if !match.IsOpening(line) {
			return nil
		}
		if len(out) == MaxOpenings {
			return fmt.Errorf("%s:%d: more than %s openings; a match takes at most %s (pair k plays opening k, cycling)",
				name, l.No, words.Thousands(MaxOpenings), words.Thousands(MaxOpenings))
		}
		moves, err := match.ParseOpening(line, rows, cols)
		var oe *match.OpeningError
		switch {
		case errors.As(err, &oe) && oe.Col > 0:
			return fmt.Errorf("%s:%d:%d: %v", name, l.No, oe.Col, oe.Err)
		case err != nil:
			return fmt.Errorf("%s:%d: %v", name, l.No, err)
		}
		out = append(out, moves)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no opening in the file (one a line: moves \"row col\" separated by commas)", name)
	}
	return out, nil
}
