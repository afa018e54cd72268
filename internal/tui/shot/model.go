// Package shot is ChainShot full screen: the board in the pictures'
// colours (a letter on every bead), a cursor moved by the arrows, h j k l
// or the mouse, the group under it lit with its size and score, Enter or
// a click to remove it, the removal, the fall and the column shift drawn
// frame by frame, undo and redo, the solver's hint and auto-play, and
// moves still typed "row col". Model is a bubbletea model: a test drives
// it with key, mouse and size messages and reads its View.
package shot

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"chainshot/board"
	"chainshot/internal/play"
	"chainshot/internal/termsafe"
	"chainshot/internal/tui"
	"chainshot/solver"
)

// Options are a game's settings.
type Options struct {
	// Name is the board's data set, shown in the title (escaped).
	Name  string
	Board board.Board
	// Hint is the solver's budget and settings for a hint, and for the
	// line auto-play plays.
	Hint solver.Options
	// Rules is the text the help screen shows under the keys.
	Rules string
	// Colour paints the beads; without it the letters alone show them.
	Colour bool
	// Frame is how long each frame of a removal shows; 0 moves on at
	// once (the tests).
	Frame time.Duration
	// Now is the clock of the elapsed time (time.Now when nil).
	Now func() time.Time
}

// DefaultFrame is a removal's frame: four frames, a third of a second in
// all, short enough never to hold a quick player up.
const DefaultFrame = 80 * time.Millisecond

// End says how a game ended.
type End int

const (
	Playing     End = iota // not yet
	Quit                   // q
	Interrupted            // Ctrl-C
)

// Model is a game of ChainShot on the screen.
type Model struct {
	opt   Options
	ctx   context.Context
	paint *tui.Paint
	game  *board.Game
	redo  []board.Move // moves undone, the next to redo last
	cur   board.Move   // the cursor: row 0 at the bottom
	w, h  int          // the terminal, 0 until told

	typed string // "row col" being typed
	msg   string // the last thing said: a move, a hint, a complaint
	help  bool   // the help screen is up

	anim    *removal // a removal being drawn
	frameID int      // the current animation's frames; older ticks are dropped

	hint     board.Move // the hint's move, lit while the board is as it was
	hintFor  int        // the move count the hint was for; -1 for none
	thinking string     // "hint" or "auto" while the solver searches
	auto     []board.Move

	start, now, over time.Time // the clock: the game's start, now, its end
	end              End
}

// New returns the game on opt.Board; ctx stops the solver's searches.
func New(ctx context.Context, opt Options) *Model {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	m := &Model{opt: opt, ctx: ctx, paint: tui.NewPaint(opt.Colour), game: board.NewGame(opt.Board), hintFor: -1}
	m.start = opt.Now()
	m.now = m.start
	m.cur = board.Move{Row: uint8(opt.Board.Rows() - 1)}
	return m
}

// Game returns the game as played so far.
func (m *Model) Game() *board.Game { return m.game }

// End says how the game ended: Playing while it goes on, or when it was
// left over.
func (m *Model) End() End { return m.end }

// Cursor returns the cell under the cursor.
func (m *Model) Cursor() board.Move { return m.cur }

// Redoable returns the moves that redo would play, the next one first.
func (m *Model) Redoable() []board.Move {
	out := make([]board.Move, len(m.redo))
	for i, mv := range m.redo {
		out[len(m.redo)-1-i] = mv
	}
	return out
}

// Message returns the last thing the game said.
func (m *Model) Message() string { return m.msg }

// Hint returns the hint's move while it is lit.
func (m *Model) Hint() (board.Move, bool) {
	return m.hint, m.hintFor == len(m.game.Moves)
}

type (
	clockMsg time.Time
	frameMsg int // the animation it belongs to
	// solvedMsg is the solver's line from the position from, for a hint
	// or for auto-play.
	solvedMsg struct {
		why  string
		from board.Board
		res  solver.Result
		err  error
	}
)

// Init starts the clock.
func (m *Model) Init() tea.Cmd { return m.clock() }

func (m *Model) clock() tea.Cmd {
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return clockMsg(t) })
}

// Update takes a message: a key, the mouse, a new size, a frame, the
// clock or the solver's line.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case clockMsg:
		m.now = m.opt.Now()
		return m, m.clock()
	case frameMsg:
		if m.anim == nil || int(msg) != m.frameID {
			return m, nil
		}
		if m.anim.next() {
			return m, tui.Tick(m.opt.Frame, frameMsg(m.frameID))
		}
		m.anim = nil
		return m, m.afterMove()
	case solvedMsg:
		return m, m.solved(msg)
	case tea.MouseMsg:
		return m, m.mouse(msg)
	case tea.KeyMsg:
		var cmds []tea.Cmd
		for _, k := range tui.Keys(msg) {
			cmds = append(cmds, m.key(k))
		}
		return m, tea.Batch(cmds...)
	}
	return m, nil
}

// mouse moves the cursor to the cell under the pointer; a left click
// takes the group there.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	r, c, ok := m.grid().At(msg.X, msg.Y)
	if !ok || m.help || m.tooSmall() {
		return nil
	}
	m.cur = board.Move{Row: uint8(r), Col: uint8(c)}
	if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft {
		m.finish()
		m.stopAuto()
		return m.take(m.cur, false)
	}
	return nil
}

// key carries out a key.
func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	switch k.String() {
	case "ctrl+c":
		m.end = Interrupted
		return tea.Quit
	case "q":
		m.end = Quit
		return tea.Quit
	case "ctrl+l":
		return tea.ClearScreen
	}
	m.finish()
	if m.stopAuto() {
		return nil
	}
	if m.help {
		m.help = false
		return nil
	}
	if dr, dc, ok := tui.Step(k); ok && m.typed == "" {
		m.cur.Row = uint8(tui.Clamp(int(m.cur.Row)+dr, m.game.Board.Rows()))
		m.cur.Col = uint8(tui.Clamp(int(m.cur.Col)+dc, m.game.Board.Cols()))
		return nil
	}
	switch s := k.String(); {
	case s == "enter" && m.typed != "":
		return m.typedMove()
	case s == "enter" || s == " " && m.typed == "":
		return m.take(m.cur, false)
	case m.edit(s):
	case s == "esc":
		m.typed, m.msg = "", ""
	case s == "u":
		m.undo()
	case s == "r" || s == "ctrl+r":
		return m.redoMove()
	case s == "H":
		return m.think("hint")
	case s == "a":
		return m.think("auto")
	case s == "?":
		m.help = true
	}
	return nil
}

// typedMove plays the move typed "row col".
func (m *Model) typedMove() tea.Cmd {
	line := m.typed
	m.typed = ""
	b := &m.game.Board
	mv, err := play.ParseMove(line, b.Rows(), b.Cols())
	if err != nil {
		m.msg = fmt.Sprintf("cannot take %q: %v", line, err)
		return nil
	}
	m.cur = mv
	return m.take(mv, false)
}

// take removes the group at mv, or says why it cannot. A redo keeps the
// moves left to redo; any other move drops them.
func (m *Model) take(mv board.Move, redo bool) tea.Cmd {
	before := m.game.Board
	n := before.GroupSize(mv)
	colour := before.At(int(mv.Row), int(mv.Col))
	score, err := m.game.Play(mv)
	if err != nil {
		m.msg = fmt.Sprintf("cannot take %s: %s", mv, err.(*board.MoveError).Reason)
		return nil
	}
	if !redo {
		m.redo = m.redo[:0]
	}
	m.hintFor = -1
	m.msg = fmt.Sprintf("move %d: %s removes %d %s beads: +%d, total %d", len(m.game.Moves), mv, n, colour.Name(), score, m.game.Total)
	m.anim = newRemoval(&before, mv, &m.game.Board)
	m.frameID++
	return tui.Tick(m.opt.Frame, frameMsg(m.frameID))
}

// afterMove follows a removal once drawn: the game's end, or auto-play's
// next move.
func (m *Model) afterMove() tea.Cmd {
	b := &m.game.Board
	if b.IsOver() {
		m.auto = nil
		if m.over.IsZero() {
			m.over = m.opt.Now()
			m.now = m.over
		}
		if b.IsEmpty() {
			m.msg = fmt.Sprintf("Game over: every bead removed! Total %d. u undoes, q leaves.", m.game.Total)
		} else {
			m.msg = fmt.Sprintf("Game over: no group of two or more is left. Total %d, %d beads left. u undoes, q leaves.", m.game.Total, b.Beads())
		}
		return nil
	}
	if len(m.auto) > 0 {
		mv := m.auto[0]
		m.auto = m.auto[1:]
		m.cur = mv
		return m.take(mv, false)
	}
	return nil
}

// finish ends a removal being drawn at once, so that a key never waits
// for an animation.
func (m *Model) finish() {
	if m.anim != nil {
		m.anim = nil
		m.frameID++
		m.afterMoveQuiet()
	}
}

// afterMoveQuiet says the game's end after a removal cut short, but plays
// no auto-play move (the key that cut it stops auto-play).
func (m *Model) afterMoveQuiet() {
	auto := m.auto
	m.auto = nil
	m.afterMove()
	m.auto = auto
}

// stopAuto stops auto-play (or its search) and reports whether it was on.
func (m *Model) stopAuto() bool {
	if len(m.auto) == 0 && m.thinking != "auto" {
		return false
	}
	m.auto, m.thinking = nil, ""
	m.msg = fmt.Sprintf("auto-play stopped after move %d", len(m.game.Moves))
	return true
}

// undo takes back the last move, kept for redo.
func (m *Model) undo() {
	g := m.game
	if len(g.Moves) == 0 {
		m.msg = "nothing to undo"
		return
	}
	mv := g.Moves[len(g.Moves)-1]
	g.Undo()
	m.redo = append(m.redo, mv)
	m.cur, m.hintFor = mv, -1
	m.over = time.Time{}
	m.msg = fmt.Sprintf("undone: %s; total %d (r redoes)", mv, g.Total)
}

// redoMove plays again the last move undone.
func (m *Model) redoMove() tea.Cmd {
	if len(m.redo) == 0 {
		m.msg = "nothing to redo"
		return nil
	}
	mv := m.redo[len(m.redo)-1]
	m.redo = m.redo[:len(m.redo)-1]
	m.cur = mv
	return m.take(mv, true)
}

// think asks the solver for its line from here, for a hint or for
// auto-play, within the hint's budget.
func (m *Model) think(why string) tea.Cmd {
	if m.thinking != "" || m.game.Board.IsOver() {
		return nil
	}
	m.thinking = why
	m.msg = fmt.Sprintf("the solver is thinking (%v)...", m.opt.Hint.Budget)
	ctx, b, opt := m.ctx, m.game.Board, m.opt.Hint
	return func() tea.Msg {
		res, err := solver.Solve(ctx, b, "auto", opt)
		return solvedMsg{why: why, from: b, res: res, err: err}
	}
}

// solved takes the solver's line: a hint lights its first move; auto-play
// plays it move by move.
func (m *Model) solved(s solvedMsg) tea.Cmd {
	if m.thinking != s.why {
		return nil // stopped meanwhile
	}
	m.thinking = ""
	if s.from != m.game.Board {
		return nil // the board changed meanwhile
	}
	if s.err != nil || len(s.res.Moves) == 0 {
		m.msg = "hint: no move to suggest"
		return nil
	}
	m.msg = play.HintText(m.game, s.res, m.opt.Hint.Budget)
	m.cur = s.res.Moves[0]
	if s.why == "hint" {
		m.hint, m.hintFor = s.res.Moves[0], len(m.game.Moves)
		return nil
	}
	m.auto = append([]board.Move(nil), s.res.Moves...)
	m.msg = "auto-play: " + m.msg[len("hint: "):]
	return m.afterMove()
}

// title is the first line: the game and the board.
func (m *Model) title() string {
	b := &m.opt.Board
	return fmt.Sprintf("chainshot play  %s  %dx%d", termsafe.String(m.opt.Name), b.Rows(), b.Cols())
}

// edit applies key s to the move being typed (tui.EditTyped), reporting
// whether s was a key of typing.
func (m *Model) edit(s string) bool {
	typed, ok := tui.EditTyped(m.typed, s)
	m.typed = typed
	return ok
}
