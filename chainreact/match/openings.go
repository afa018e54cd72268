package match

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"chainshot/chainreact"
)

// ParseOpenings reads a file of openings for matches on rows×cols boards:
// one opening a line, its moves from the empty board written "row col"
// and separated by commas ("1 1, 9 6, 5 3"); blank lines and lines
// starting with "#" are skipped. An opening is given as the moves that
// reach its position, not as the position, because a player run by
// another program (engine:COMMAND) is told the game move by move. Every
// opening must be legal and leave the game going. name labels errors:
// "chainreact: NAME:LINE:COL: ...".
func ParseOpenings(name string, r io.Reader, rows, cols int) ([][]chainreact.Move, error) {
	empty, err := chainreact.NewBoard(rows, cols, 2)
	if err != nil {
		return nil, err
	}
	var out [][]chainreact.Move
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024)
	for no := 1; sc.Scan(); no++ {
		line := sc.Text()
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		b := empty
		var moves []chainreact.Move
		col := 1
		for _, field := range strings.Split(line, ",") {
			at := col + len(field) - len(strings.TrimLeft(field, " \t"))
			col += len(field) + 1
			m, err := b.ParseMove(field)
			if err != nil {
				return nil, fmt.Errorf("chainreact: %s:%d:%d: move %d: %w", name, no, at, len(moves)+1, err)
			}
			if err := b.PlayChecked(m); err != nil {
				return nil, fmt.Errorf("chainreact: %s:%d:%d: move %d, %s: %s", name, no, at, len(moves)+1, b.FormatMove(m), strings.TrimPrefix(err.Error(), "chainreact: "))
			}
			moves = append(moves, m)
		}
		if b.Over() {
			return nil, fmt.Errorf("chainreact: %s:%d: the opening ends the game: it must leave both players in", name, no)
		}
		out = append(out, moves)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("chainreact: %s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("chainreact: %s: no opening in the file (one a line: moves \"row col\" separated by commas)", name)
	}
	return out, nil
}

// FormatOpening writes an opening as ParseOpenings reads it.
func FormatOpening(rows, cols int, moves []chainreact.Move) string {
	b, _ := chainreact.NewBoard(rows, cols, 2)
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = b.FormatMove(m)
	}
	return strings.Join(parts, ", ")
}
