package shot

import (
	"fmt"
	"strings"

	"chainshot/board"
	"chainshot/internal/picture"
	"chainshot/internal/termsafe"
	"chainshot/internal/tui"
	"chainshot/internal/words"
)

// The screen, top to bottom: the title; the status line (score, beads
// left, moves, time); the board with its row numbers on the left (1 at
// the bottom) and column numbers below; what is under the cursor; the
// last message; the move being typed; the keys.
const (
	boardTop = 3 // the screen line of the board's top row
	cellW    = 3 // a cell: a mark, the bead's letter, a mark
	// linesBelow are the lines under the board: its axis and numbers, a
	// blank, the cursor's group, the message, the typed move, the keys.
	linesBelow = 8
	minWidth   = 40
)

// Keys is the key line at the foot of the screen.
const Keys = "arrows/hjkl move  Enter/click take  u undo  r redo  H hint  a auto  ? help  q quit"

// helpText is the help screen's list of keys.
const helpText = `Keys
  arrows, h j k l     move the cursor (the mouse moves it too)
  Enter, Space, click remove the group under the cursor (two or more beads)
  row col + Enter     a move typed, as in the line interface: "3 4"
  u                   undo the last move
  r, Ctrl-R           redo the move undone
  H                   hint: the solver's next move lit, where its line ends
  a                   auto-play: the solver plays the rest (any key stops it)
  ?                   this screen (any key closes it)
  q                   quit: the moves so far are listed
  Ctrl-C              stop at once (the moves so far are listed)
  Ctrl-L              redraw the screen

`

// layout is the screen around the board.
func (m *Model) layout() tui.Layout {
	b := &m.game.Board
	return tui.Layout{Rows: b.Rows(), Cols: b.Cols(), CellW: cellW, Top: boardTop, Below: linesBelow, MinWidth: minWidth}
}

func (m *Model) grid() tui.Grid { return m.layout().Grid() }
func (m *Model) tooSmall() bool { return m.layout().TooSmall(m.w, m.h) }

// View draws the screen.
func (m *Model) View() string {
	if m.tooSmall() {
		w, h := m.layout().Need()
		return tui.TooSmall(w, h, m.w, m.h)
	}
	if m.help {
		return tui.Fit(helpText+"Rules\n"+termsafe.String(m.opt.Rules), m.w, m.h)
	}
	var sb strings.Builder
	sb.WriteString(m.title() + "\n")
	sb.WriteString(m.status() + "\n\n")
	m.drawBoard(&sb)
	sb.WriteString("\n" + m.underCursor() + "\n")
	msg := tui.Wrap(m.msg, m.w, 2)
	sb.WriteString(strings.Join(append(msg, ""), "\n"))
	if len(msg) < 2 {
		sb.WriteString("\n")
	}
	switch {
	case m.typed != "":
		sb.WriteString("move: " + m.typed + "_ (Enter plays it, Esc clears)\n")
	case m.thinking != "":
		sb.WriteString("(any key but q stops auto-play)\n")
	default:
		sb.WriteString("\n")
	}
	sb.WriteString(Keys)
	return tui.Fit(sb.String(), m.w, m.h)
}

// status is the score, beads left, moves and time.
func (m *Model) status() string {
	g := m.game
	end := m.now
	if !m.over.IsZero() {
		end = m.over
	}
	return fmt.Sprintf("score %d   beads %d of %d   moves %d   time %s",
		g.Total, g.Board.Beads(), g.Start.Beads(), len(g.Moves), tui.Elapsed(end.Sub(m.start)))
}

// underCursor says what the cursor is on: a group with its size and
// score, a single bead, or an empty cell.
func (m *Model) underCursor() string {
	b := &m.game.Board
	at := fmt.Sprintf("at %s: ", m.cur)
	switch n := b.GroupSize(m.cur); n {
	case 0:
		return at + "empty"
	case 1:
		return at + fmt.Sprintf("a single %s bead (a group needs two or more)", b.At(int(m.cur.Row), int(m.cur.Col)).Name())
	default:
		return at + fmt.Sprintf("a group of %s, +%d", words.Plural(n, b.At(int(m.cur.Row), int(m.cur.Col)).Name()+" bead"), board.Score(n))
	}
}

// cellKind is how a cell is drawn.
type cellKind int

const (
	plainCell cellKind = iota
	groupCell          // in the group under the cursor
	hintCell           // in the hint's group
	burstCell          // removed, in a removal's first frame
)

// drawBoard draws the board (or the removal's frame), its row numbers
// and its column numbers.
func (m *Model) drawBoard(sb *strings.Builder) {
	b := &m.game.Board
	rows, cols := b.Rows(), b.Cols()
	var g grid
	kinds := map[board.Move]cellKind{}
	if m.anim != nil {
		g = *m.anim.frame()
	} else {
		for c := 0; c < cols; c++ {
			for r := 0; r < rows; r++ {
				g.cells[c][r] = b.At(r, c)
			}
		}
		if hint, ok := m.Hint(); ok {
			for _, cell := range b.AppendGroupCells(nil, hint) {
				kinds[cell] = hintCell
			}
		}
		if b.GroupSize(m.cur) >= 2 {
			for _, cell := range b.AppendGroupCells(nil, m.cur) {
				kinds[cell] = groupCell
			}
		}
	}
	rw := m.layout().RowLabel()
	for r := rows - 1; r >= 0; r-- {
		fmt.Fprintf(sb, "%*d │", rw, r+1)
		for c := 0; c < cols; c++ {
			at := board.Move{Row: uint8(r), Col: uint8(c)}
			k := kinds[at]
			if g.burst[c][r] {
				k = burstCell
			}
			sb.WriteString(m.cell(g.cells[c][r], k, at == m.cur && m.anim == nil))
		}
		sb.WriteString("\n")
	}
	fmt.Fprintf(sb, "%s └%s\n", strings.Repeat(" ", rw), strings.Repeat("─", cellW*cols))
	fmt.Fprintf(sb, "%s  ", strings.Repeat(" ", rw))
	for c := 1; c <= cols; c++ {
		fmt.Fprintf(sb, "%*d ", cellW-1, c)
	}
	sb.WriteString("\n")
}

// cell draws one cell: the bead's letter (lower case in the lit group
// when there is no colour), between the cursor's brackets, the hint's
// parentheses or nothing; a burst bead is a star.
func (m *Model) cell(col board.Color, k cellKind, cursor bool) string {
	letter := string(col.Letter())
	left, right := " ", " "
	switch {
	case col == board.Empty:
		letter = "."
	case k == burstCell:
		letter = "*"
	case k == groupCell && !m.paint.On():
		letter = strings.ToLower(letter)
	case k == hintCell:
		left, right = "(", ")"
	}
	if cursor {
		left, right = "[", "]"
	}
	text := left + letter + right
	if !m.paint.On() {
		return text
	}
	bead, ink, _ := picture.BeadColor(col.Letter())
	light := picture.HighlightColor()
	st := tui.Style{Fg: &ink, Bg: &bead}
	switch {
	case col == board.Empty:
		st = tui.Style{Faint: true}
	case k == burstCell:
		st = tui.Style{Fg: &bead, Bg: &light, Bold: true}
	case k == groupCell:
		st = tui.Style{Fg: &bead, Bg: &light, Bold: true}
	case k == hintCell:
		st.Underline, st.Bold = true, true
	}
	if cursor {
		st.Bold = true
		if col == board.Empty {
			st = tui.Style{Bold: true}
		}
	}
	return m.paint.Text(st, text)
}
