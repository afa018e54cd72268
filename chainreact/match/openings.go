package match

import (
	"fmt"
	"strings"

	"chainshot/chainreact"
	"chainshot/internal/textpos"
)

// A file of openings for matches holds one opening a line, its moves
// from the empty board written "row col" and separated by commas
// ("1 1, 9 6, 5 3"); blank lines and lines starting with "#" are
// skipped. An opening is given as the moves that reach its position, not
// as the position, because a player run by another program
// (engine:COMMAND) is told the game move by move. The file is read by
// the caller a line at a time (package internal/matchrun, with the
// program's capped reader); ParseOpening reads each line.

// OpeningError is a defect of an opening, at column Col (1-based) of its
// line, 0 for the line as a whole.
type OpeningError struct {
	Col int
	Err error
}

func (e *OpeningError) Error() string {
	if e.Col == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("%d: %v", e.Col, e.Err)
}

func (e *OpeningError) Unwrap() error { return e.Err }

// IsOpening reports whether a line of a file of openings holds one: it
// is neither blank nor a comment ("#").
func IsOpening(line string) bool {
	t := strings.TrimSpace(line)
	return t != "" && !strings.HasPrefix(t, "#")
}

// ParseOpening reads one opening for matches on rows×cols boards: legal
// moves from the empty board that leave the game going. An error is an
// *OpeningError whose column is the move's.
func ParseOpening(line string, rows, cols int) ([]chainreact.Move, error) {
	b, err := chainreact.NewBoard(rows, cols, 2)
	if err != nil {
		return nil, err
	}
	var moves []chainreact.Move
	off := 0 // the field's byte offset in line
	for _, field := range strings.Split(line, ",") {
		at := textpos.ColString(line, off+len(field)-len(strings.TrimLeft(field, " \t")))
		off += len(field) + 1
		m, err := b.ParseMove(field)
		if err != nil {
			return nil, &OpeningError{Col: at, Err: fmt.Errorf("move %d: %w", len(moves)+1, err)}
		}
		if err := b.PlayChecked(m); err != nil {
			return nil, &OpeningError{Col: at, Err: fmt.Errorf("move %d, %s: %s", len(moves)+1, b.FormatMove(m), strings.TrimPrefix(err.Error(), "chainreact: "))}
		}
		moves = append(moves, m)
	}
	if b.Over() {
		return nil, &OpeningError{Err: fmt.Errorf("the opening ends the game: it must leave both players in")}
	}
	return moves, nil
}

// FormatOpening writes an opening as ParseOpening reads it.
func FormatOpening(rows, cols int, moves []chainreact.Move) string {
	b, _ := chainreact.NewBoard(rows, cols, 2)
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = b.FormatMove(m)
	}
	return strings.Join(parts, ", ")
}
