// Package render writes the games as text for a terminal: a ChainShot
// board with its row and column numbers, a solution replayed board by
// board, and the one-line summary of a board. Colour is ANSI, given only
// when the caller says the terminal takes it; a letter is on every bead
// either way.
package render

import (
	"fmt"
	"io"
	"strings"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/words"
	"chainshot/results"
)

// BeadANSI are the ANSI colours of the beads: letters always printed, colour added on a
// terminal.
var BeadANSI = [...]string{
	board.Red:    "\x1b[1;31m",
	board.Green:  "\x1b[1;32m",
	board.Blue:   "\x1b[1;34m",
	board.Black:  "\x1b[1;90m",
	board.Orange: "\x1b[1;33m",
}

// ANSIReset ends an ANSI colour.
const ANSIReset = "\x1b[0m"

// Board draws b with row numbers on the left (1 at the bottom) and
// column numbers below (1 at the left). Cells in mark are shown in
// reverse video (or lower case without colour).
func Board(w io.Writer, b *board.Board, color bool, mark map[board.Move]bool) {
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
				sb.WriteString(BeadANSI[col] + "\x1b[7m" + letter + ANSIReset)
			case color:
				sb.WriteString(BeadANSI[col] + letter + ANSIReset)
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

// Summary is one line: beads left and beads per colour.
func Summary(b *board.Board) string {
	var parts []string
	for c := board.Red; c <= board.Orange; c++ {
		if n := b.Count(c); n > 0 {
			parts = append(parts, fmt.Sprintf("%c %d", c.Letter(), n))
		}
	}
	return fmt.Sprintf("%s (%s)", words.Plural(b.Beads(), "bead"), strings.Join(parts, ", "))
}

// Solution replays a solution board by board (as the handout asks),
// then prints the moves, score, beads left and CPU time.
func Solution(w io.Writer, colored bool, set datasets.Set, rec results.Record, moves []board.Move, boards bool) {
	b := set.Board
	fmt.Fprintf(w, "%s: %dx%d, %s, %s\n", set.Name, b.Rows(), b.Cols(), words.Plural(b.Colors(), "colour"), Summary(&b))
	if boards {
		Board(w, &b, colored, nil)
	}
	total := 0
	for i, m := range moves {
		color := b.At(int(m.Row), int(m.Col))
		n := b.Remove(m)
		total += board.Score(n)
		if boards {
			fmt.Fprintf(w, "\nMove %d: %s removes %d %s beads: +%d, total %d\n", i+1, m, n, color.Name(), board.Score(n), total)
			Board(w, &b, colored, nil)
		}
	}
	fmt.Fprintf(w, "\nMoves (%d):", len(moves))
	for i, m := range moves {
		if i%10 == 0 {
			fmt.Fprintf(w, "\n ")
		}
		fmt.Fprintf(w, " %s", m)
		if i < len(moves)-1 {
			fmt.Fprintf(w, ",")
		}
	}
	fmt.Fprintf(w, "\n")
	opt := ""
	if rec.Optimal {
		opt = " (proved optimal)"
	}
	fmt.Fprintf(w, "Score: %d   Beads left: %d%s   CPU time: %.2f s   Algorithm: %s\n", rec.Score, rec.BeadsLeft, opt, rec.CPU, rec.Algorithm)
}
