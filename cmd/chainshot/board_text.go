package main

import (
	"fmt"
	"io"
	"strings"

	"chainshot/board"
	"chainshot/internal/words"
)

// ansi colours for the beads: letters always printed, colour added on a
// terminal.
var beadANSI = [...]string{
	board.Red:    "\x1b[1;31m",
	board.Green:  "\x1b[1;32m",
	board.Blue:   "\x1b[1;34m",
	board.Black:  "\x1b[1;90m",
	board.Orange: "\x1b[1;33m",
}

const ansiReset = "\x1b[0m"

// renderBoard draws b with row numbers on the left (1 at the bottom) and
// column numbers below (1 at the left). Cells in mark are shown in
// reverse video (or lower case without colour).
func renderBoard(w io.Writer, b *board.Board, color bool, mark map[board.Move]bool) {
	rows, cols := b.Rows(), b.Cols()
	cw := 2 // cell width
	if cols >= 10 {
		cw = 3
	}
	rw := len(fmt.Sprint(rows))
	var sb strings.Builder
	for r := rows - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%*d |", rw, r+1)
		for c := 0; c < cols; c++ {
			col := b.At(r, c)
			letter := string(col.Letter())
			marked := mark[board.Move{Row: uint8(r), Col: uint8(c)}]
			if marked && !color {
				letter = strings.ToLower(letter)
			}
			sb.WriteString(strings.Repeat(" ", cw-1))
			switch {
			case col == board.Empty:
				sb.WriteString(".")
			case color && marked:
				sb.WriteString(beadANSI[col] + "\x1b[7m" + letter + ansiReset)
			case color:
				sb.WriteString(beadANSI[col] + letter + ansiReset)
			default:
				sb.WriteString(letter)
			}
		}
		sb.WriteString("\n")
	}
	fmt.Fprintf(&sb, "%s +%s\n", strings.Repeat(" ", rw), strings.Repeat("-", cols*cw))
	fmt.Fprintf(&sb, "%s  ", strings.Repeat(" ", rw))
	for c := 1; c <= cols; c++ {
		fmt.Fprintf(&sb, "%*d", cw, c)
	}
	sb.WriteString("\n")
	io.WriteString(w, sb.String())
}

// boardSummary is one line: beads left and beads per colour.
func boardSummary(b *board.Board) string {
	var parts []string
	for c := board.Red; c <= board.Orange; c++ {
		if n := b.Count(c); n > 0 {
			parts = append(parts, fmt.Sprintf("%c %d", c.Letter(), n))
		}
	}
	return fmt.Sprintf("%s (%s)", words.Plural(b.Beads(), "bead"), strings.Join(parts, ", "))
}
