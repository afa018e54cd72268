package react

import (
	"fmt"
	"strings"

	"chainshot/chainreact"
	"chainshot/internal/picture"
	"chainshot/internal/reactplay"
	"chainshot/internal/termsafe"
	"chainshot/internal/tui"
	"chainshot/internal/words"
)

// The screen, top to bottom: the title; the seats; the status line (the
// move, who is to move, each player's orbs, the time); the board with its
// row numbers on the left (1 at the bottom) and column numbers below;
// the wave being drawn or what is under the cursor; the last message;
// the AI's thinking or the move being typed; the keys.
const (
	boardTop   = 4
	cellW      = 4 // a mark, the orbs and the owner's letter, a mark
	linesBelow = 8
	minWidth   = 50
)

// Keys is the key line at the foot of the screen.
const Keys = "arrows/hjkl move  Enter/click play  u undo  r redo  H hint  ? help  q quit"

// ReplayKeys is the key line once the game is over.
const ReplayKeys = "←/→ step the replay  Home/End first/last  u undo  ? help  q quit"

const helpText = `Keys
  arrows, h j k l     move the cursor (the mouse moves it too)
  Enter, Space, click play on the cell under the cursor (empty, or yours)
  row col + Enter     a move typed, as in the line interface: "3 4"
  u                   undo: back to your last turn (the AI's moves too)
  r, Ctrl-R           redo the moves undone
  H                   hint: the strongest player's move, lit, and why
  ←/→, Home/End       at the end: step through the game's moves
  ?                   this screen (any key closes it)
  q                   quit (the moves so far are listed)
  Ctrl-C              stop at once (the moves so far are listed)
  Any key while a chain is drawn shows its end at once.

A cell shows its orbs and its owner's letter: 2G is two orbs of G.
`

// humans counts the seats of people.
func (m *Model) humans() int {
	n := 0
	for _, p := range m.opt.AIs {
		if p == nil {
			n++
		}
	}
	return n
}

// layout is the screen around the board.
func (m *Model) layout() tui.Layout {
	b := &m.pos.Board
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
		return tui.Fit(helpText+"\nRules\n"+termsafe.String(m.opt.Rules), m.w, m.h)
	}
	b := &m.pos.Board
	var sb strings.Builder
	fmt.Fprintf(&sb, "chainshot react play  %dx%d, %d players\n", b.Rows(), b.Cols(), b.Players())
	sb.WriteString(reactplay.Seats(m.pos.Names, m.opt.AIs) + "\n")
	sb.WriteString(m.status() + "\n\n")
	shown, burst, caption := m.shown()
	m.drawBoard(&sb, shown, burst)
	sb.WriteString("\n" + caption + "\n")
	msg := tui.Wrap(m.msg, m.w, 2)
	sb.WriteString(strings.Join(append(msg, ""), "\n"))
	if len(msg) < 2 {
		sb.WriteString("\n")
	}
	switch {
	case m.thinking >= 0:
		fmt.Fprintf(&sb, "%c (%s) is thinking... %.1fs\n", m.pos.Names[m.thinking], m.opt.AIs[m.thinking].Spec(), m.now.Sub(m.thinkFrom).Seconds())
	case m.typed != "":
		sb.WriteString("move: " + m.typed + "_ (Enter plays it, Esc clears)\n")
	default:
		sb.WriteString("\n")
	}
	if m.replay >= 0 {
		sb.WriteString(ReplayKeys)
	} else {
		sb.WriteString(Keys)
	}
	return tui.Fit(sb.String(), m.w, m.h)
}

// status is the move, who is to move (or who won), each player's orbs
// and the time.
func (m *Model) status() string {
	b := &m.pos.Board
	var sb strings.Builder
	if b.Over() {
		fmt.Fprintf(&sb, "%c won after %s", m.pos.Names[b.Winner()], words.Plural(len(m.moves), "move"))
	} else {
		p := b.ToMove()
		who := "you"
		switch {
		case m.opt.AIs[p] != nil:
			who = m.opt.AIs[p].Spec()
		case m.humans() > 1:
			who = "human"
		}
		fmt.Fprintf(&sb, "move %d: %c to move (%s)", len(m.moves)+1, m.pos.Names[p], who)
	}
	sb.WriteString("   orbs")
	for p := 0; p < b.Players(); p++ {
		fmt.Fprintf(&sb, " %c %d", m.pos.Names[p], b.Orbs(p))
	}
	end := m.now
	if !m.over.IsZero() {
		end = m.over
	}
	fmt.Fprintf(&sb, "   time %s", tui.Elapsed(end.Sub(m.begin)))
	return sb.String()
}

// shown is the board to draw, its marked cells and the line under it: a
// wave being drawn, a move of the replay, or the position now with the
// cell under the cursor.
func (m *Model) shown() (*chainreact.Board, map[chainreact.Move]bool, string) {
	if m.anim != nil {
		f := m.anim.frame()
		return &f.board, f.burst, f.caption
	}
	if m.replay >= 0 && m.replay < len(m.moves) {
		b := &m.past[m.replay]
		mv := m.moves[m.replay]
		return b, map[chainreact.Move]bool{mv: true}, fmt.Sprintf("replay: before move %d of %d, %c plays %s (←/→ step)", m.replay+1, len(m.moves), m.pos.Names[b.ToMove()], b.FormatMove(mv))
	}
	var marks map[chainreact.Move]bool
	if n := len(m.moves); n > 0 {
		marks = map[chainreact.Move]bool{m.moves[n-1]: true}
	}
	caption := m.underCursor()
	if m.replay >= 0 {
		caption = fmt.Sprintf("replay: the end, after move %d (←/→ step)", len(m.moves))
	}
	return &m.pos.Board, marks, caption
}

// underCursor says what is under the cursor: its orbs and owner, its
// critical mass, and whether the player to move may play there.
func (m *Model) underCursor() string {
	b := &m.pos.Board
	mv := m.Cursor()
	o, k := b.Cell(int(mv))
	at := fmt.Sprintf("at %s: ", b.FormatMove(mv))
	cm := fmt.Sprintf("critical mass %d", b.CriticalMass(int(mv)))
	switch {
	case o < 0:
		return at + "empty, " + cm
	case b.Legal(mv) || b.Over():
		return at + fmt.Sprintf("%s of %c, %s", words.Plural(k, "orb"), m.pos.Names[o], cm)
	}
	return at + fmt.Sprintf("%s of %c, %s (not %c's to play)", words.Plural(k, "orb"), m.pos.Names[o], cm, m.pos.Names[b.ToMove()])
}

// drawBoard draws b, its marked cells (the last move, or the cells a
// wave exploded) and the cursor, with the row and column numbers.
func (m *Model) drawBoard(sb *strings.Builder, b *chainreact.Board, marks map[chainreact.Move]bool) {
	rw := m.layout().RowLabel()
	cols := picture.PlayerColors(m.pos.Names)
	cursor := m.Cursor()
	for r := b.Rows(); r >= 1; r-- {
		fmt.Fprintf(sb, "%*d │", rw, r)
		for c := 1; c <= b.Cols(); c++ {
			mv, _ := b.MoveAt(r, c)
			o, k := b.Cell(int(mv))
			text := " ."
			if o >= 0 {
				text = fmt.Sprintf("%d%c", k, m.pos.Names[o])
			}
			left, right := " ", " "
			switch {
			case mv == cursor && m.anim == nil && m.replay < 0:
				left, right = "[", "]"
			case marks[mv] && m.anim != nil:
				left, right = "*", "*"
			case marks[mv]:
				left, right = "(", ")"
			}
			st := tui.Style{Faint: o < 0}
			if o >= 0 {
				st.Fg = &cols[o]
				st.Bold = k == b.CriticalMass(int(mv))-1
			}
			if marks[mv] && m.anim != nil {
				light := picture.HighlightColor()
				st.Bg = &light
			}
			sb.WriteString(m.paint.Text(st, left+text+right))
		}
		sb.WriteString("\n")
	}
	fmt.Fprintf(sb, "%s └%s\n", strings.Repeat(" ", rw), strings.Repeat("─", cellW*b.Cols()))
	fmt.Fprintf(sb, "%s  ", strings.Repeat(" ", rw))
	for c := 1; c <= b.Cols(); c++ {
		fmt.Fprintf(sb, "%*d ", cellW-1, c)
	}
	sb.WriteString("\n")
}
