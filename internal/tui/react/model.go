// Package react is Chain Reaction full screen: the board in the
// pictures' player colours (each cell's count and owner's letter always
// written), the seats named, a cursor moved by the arrows, h j k l or
// the mouse, Enter or a click to play, each reaction drawn wave by wave
// from the engine's trace, the AI's thinking shown with its time, undo
// and redo, a hint, and at the end the winner and a replay stepped with
// the arrows. Model is a bubbletea model: a test drives it with key,
// mouse and size messages and reads its View.
package react

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/internal/reactplay"
	"chainshot/internal/tui"
	"chainshot/internal/words"
)

// Options are a game's settings.
type Options struct {
	// Pos is the position the game starts from.
	Pos chainreact.Position
	// AIs are the AI players by seat, nil for a person at the keyboard.
	AIs []ai.Player
	// Hint is the player whose move a hint suggests.
	Hint ai.Player
	// Rules is the text the help screen shows under the keys.
	Rules string
	// Colour paints the cells in the players' colours.
	Colour bool
	// Frame is how long each wave of a reaction shows (shorter for a long
	// chain); 0 moves on at once (the tests).
	Frame time.Duration
	// Now is the clock of the elapsed time and the AI's thinking
	// (time.Now when nil).
	Now func() time.Time
}

// DefaultFrame is a wave's frame: slow enough to follow a chain, and a
// long chain is drawn in at most longChain frames' time.
const (
	DefaultFrame = 250 * time.Millisecond
	longChain    = 12
)

// End says how a game ended.
type End int

const (
	Playing     End = iota // not yet, or over and being replayed
	Quit                   // q
	Interrupted            // Ctrl-C
)

// Model is a game of Chain Reaction on the screen.
type Model struct {
	opt   Options
	ctx   context.Context
	paint *tui.Paint
	pos   chainreact.Position // now
	start chainreact.Board
	past  []chainreact.Board // the board before each move
	moves []chainreact.Move
	redo  []chainreact.Move // moves undone, the next to redo last

	row, col int // the cursor, 0-based, row 0 at the bottom
	w, h     int
	typed    string
	msg      string
	help     bool

	anim    *chain // a reaction being drawn
	frameID int

	thinking  int       // the seat whose AI thinks, -1 for none
	hinting   bool      // the hint player thinks
	thinkFrom time.Time // when it began
	replay    int       // at the end: the moves shown, stepped with the arrows

	begin, now, over time.Time // the clock: the start, now, the end
	end              End
}

// New returns the game on opt.Pos; ctx stops the AI's searches. Its
// first command (Init) lets the first seat's AI move when it is one.
func New(ctx context.Context, opt Options) *Model {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	m := &Model{opt: opt, ctx: ctx, paint: tui.NewPaint(opt.Colour), pos: opt.Pos, start: opt.Pos.Board, thinking: -1}
	m.begin = opt.Now()
	m.now = m.begin
	m.row, m.col = opt.Pos.Board.Rows()-1, 0
	m.replay = -1
	return m
}

// Moves returns the moves played so far.
func (m *Model) Moves() []chainreact.Move { return m.moves }

// Board returns the position now.
func (m *Model) Board() *chainreact.Board { return &m.pos.Board }

// Start returns the position the game started from.
func (m *Model) Start() chainreact.Board { return m.start }

// End says how the game ended (Playing while it goes on or is over).
func (m *Model) End() End { return m.end }

// Message returns the last thing the game said.
func (m *Model) Message() string { return m.msg }

// Cursor returns the cell under the cursor.
func (m *Model) Cursor() chainreact.Move {
	mv, _ := m.pos.Board.MoveAt(m.row+1, m.col+1)
	return mv
}

// Thinking reports whether an AI player is choosing its move.
func (m *Model) Thinking() bool { return m.thinking >= 0 }

type (
	clockMsg time.Time
	frameMsg int
	// chosenMsg is a player's move chosen on the position from: an AI's
	// move (seat ≥ 0) or a hint (seat -1).
	chosenMsg struct {
		seat int
		from chainreact.Board
		move chainreact.Move
		took time.Duration
	}
)

// Init starts the clock and, when the first seat is an AI's, its move.
func (m *Model) Init() tea.Cmd { return tea.Batch(m.clock(), m.nextTurn()) }

func (m *Model) clock() tea.Cmd {
	return tea.Tick(200*time.Millisecond, func(t time.Time) tea.Msg { return clockMsg(t) })
}

// Update takes a message: a key, the mouse, a new size, a frame, the
// clock or a player's move.
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
			return m, tui.Tick(m.frame(), frameMsg(m.frameID))
		}
		m.anim = nil
		return m, m.nextTurn()
	case chosenMsg:
		return m, m.chosen(msg)
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

// frame is how long a wave of the chain being drawn shows.
func (m *Model) frame() time.Duration {
	if m.anim != nil && len(m.anim.frames) > longChain {
		return m.opt.Frame * longChain / time.Duration(len(m.anim.frames))
	}
	return m.opt.Frame
}

// mouse moves the cursor to the cell under the pointer; a left click
// plays there.
func (m *Model) mouse(msg tea.MouseMsg) tea.Cmd {
	r, c, ok := m.grid().At(msg.X, msg.Y)
	if !ok || m.help || m.tooSmall() {
		return nil
	}
	m.row, m.col = r, c
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft {
		return nil
	}
	if m.finish() {
		return m.nextTurn() // a click, like a key, shows a chain's end
	}
	return m.human(m.Cursor())
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
	if m.help {
		m.help = false
		return nil
	}
	if k.String() == "?" {
		m.help = true
		return nil
	}
	if m.finish() {
		return m.nextTurn()
	}
	if m.replay >= 0 && m.replayKey(k) {
		return nil
	}
	b := &m.pos.Board
	if dr, dc, ok := tui.Step(k); ok && m.typed == "" {
		m.row, m.col = tui.Clamp(m.row+dr, b.Rows()), tui.Clamp(m.col+dc, b.Cols())
		return nil
	}
	switch s := k.String(); {
	case s == "enter" && m.typed != "":
		line := m.typed
		m.typed = ""
		mv, err := b.ParseMove(line)
		if err != nil {
			m.msg = err.Error()
			return nil
		}
		m.row, m.col = rowCol(b, mv)
		return m.human(mv)
	case s == "enter" || s == " " && m.typed == "":
		return m.human(m.Cursor())
	case m.edit(s):
	case s == "esc":
		m.typed, m.msg = "", ""
	case s == "u":
		m.undo()
	case s == "r" || s == "ctrl+r":
		return m.redoMove()
	case s == "H":
		return m.hint()
	}
	return nil
}

// rowCol returns mv's cell as the cursor counts: 0-based, row 0 at the
// bottom.
func rowCol(b *chainreact.Board, mv chainreact.Move) (int, int) {
	r, c := b.RowCol(mv)
	return r - 1, c - 1
}

// busy says why a person cannot move now, or "".
func (m *Model) busy() string {
	b := &m.pos.Board
	switch {
	case m.thinking >= 0:
		return fmt.Sprintf("wait: %c (%s) is thinking", m.pos.Names[m.thinking], m.opt.AIs[m.thinking].Spec())
	case b.Over():
		return fmt.Sprintf("the game is over: %c won (u undoes, q leaves)", m.pos.Names[b.Winner()])
	case m.opt.AIs[b.ToMove()] != nil:
		return fmt.Sprintf("wait: it is %c's turn (%s)", m.pos.Names[b.ToMove()], m.opt.AIs[b.ToMove()].Spec())
	}
	return ""
}

// human plays mv for the person to move, or says why not.
func (m *Model) human(mv chainreact.Move) tea.Cmd {
	if why := m.busy(); why != "" {
		m.msg = why
		return nil
	}
	b := &m.pos.Board
	if !b.Legal(mv) {
		o, _ := b.Cell(int(mv))
		m.msg = fmt.Sprintf("%s belongs to %c: play on an empty cell or one of yours", b.FormatMove(mv), m.pos.Names[o])
		return nil
	}
	m.redo = m.redo[:0]
	return m.play(mv, "")
}

// play plays mv for the player to move and starts drawing its reaction;
// how says how an AI chose it.
func (m *Model) play(mv chainreact.Move, how string) tea.Cmd {
	b := &m.pos.Board
	m.past = append(m.past, *b)
	tr := b.PlayTrace(mv)
	m.moves = append(m.moves, mv)
	m.replay = -1
	who := m.pos.Names[tr.Player]
	m.msg = fmt.Sprintf("move %d: %c plays %s", len(m.moves), who, tr.Before.FormatMove(mv)) + how
	m.anim = newChain(tr, m.pos.Names)
	if m.anim == nil {
		return m.nextTurn()
	}
	m.frameID++
	return tui.Tick(m.frame(), frameMsg(m.frameID))
}

// finish ends a reaction being drawn at once; it reports whether one
// was.
func (m *Model) finish() bool {
	if m.anim == nil {
		return false
	}
	m.anim = nil
	m.frameID++
	return true
}

// nextTurn follows a move once drawn: the winner and the replay, a move
// to redo, or the next AI's move.
func (m *Model) nextTurn() tea.Cmd {
	b := &m.pos.Board
	if m.anim != nil || m.thinking >= 0 {
		return nil
	}
	if b.Over() {
		if m.over.IsZero() {
			m.over = m.opt.Now()
		}
		m.replay = len(m.moves)
		m.msg = fmt.Sprintf("%c wins after %d moves. Replay: ←/→ step, Home/End; u undoes, q leaves.", m.pos.Names[b.Winner()], len(m.moves))
		return nil
	}
	p := b.ToMove()
	if m.opt.AIs[p] == nil {
		return nil
	}
	if n := len(m.redo); n > 0 {
		mv := m.redo[n-1]
		m.redo = m.redo[:n-1]
		return m.play(mv, " (redone)")
	}
	m.thinking, m.thinkFrom = p, m.opt.Now()
	return m.choose(p, m.opt.AIs[p])
}

// choose asks player (an AI's seat, or -1 for the hint) for its move on
// the position now, away from the screen's goroutine.
func (m *Model) choose(seat int, player ai.Player) tea.Cmd {
	b := m.pos.Board
	history := append([]chainreact.Move(nil), m.moves...)
	ctx, now, from := m.ctx, m.opt.Now, m.opt.Now()
	return func() tea.Msg {
		mv := reactplay.Choose(ctx, player, &b, history)
		return chosenMsg{seat: seat, from: b, move: mv, took: now().Sub(from)}
	}
}

// chosen takes a player's move: an AI's is played, a hint's lit.
func (m *Model) chosen(c chosenMsg) tea.Cmd {
	if c.from != m.pos.Board || m.ctx.Err() != nil {
		return nil
	}
	b := &m.pos.Board
	if c.seat < 0 {
		m.hinting = false
		if !b.Legal(c.move) {
			return nil
		}
		m.row, m.col = rowCol(b, c.move)
		m.msg = reactplay.HintText(b, c.move, m.opt.Hint.Spec())
		return nil
	}
	if c.seat != m.thinking {
		return nil
	}
	m.thinking = -1
	return m.play(c.move, fmt.Sprintf(" (%s, after %.1fs of thought)", m.opt.AIs[c.seat].Spec(), c.took.Seconds()))
}

// hint asks the hint player for a move for the person to move.
func (m *Model) hint() tea.Cmd {
	if why := m.busy(); why != "" || m.hinting {
		m.msg = why
		return nil
	}
	m.hinting = true
	m.msg = fmt.Sprintf("hint: %s is thinking...", m.opt.Hint.Spec())
	return m.choose(-1, m.opt.Hint)
}

// undo takes back the moves since the last turn of a person, so that it
// is a person's move again; they are kept for redo. The AI's moves before
// a person's first turn stay.
func (m *Model) undo() {
	if m.thinking >= 0 {
		m.msg = m.busy()
		return
	}
	k := len(m.past) - 1
	for k >= 0 && m.opt.AIs[m.past[k].ToMove()] != nil {
		k--
	}
	if k < 0 {
		m.msg = "nothing to undo"
		return
	}
	for i := len(m.moves) - 1; i >= k; i-- {
		m.redo = append(m.redo, m.moves[i])
	}
	n := len(m.moves) - k
	m.pos.Board, m.past, m.moves = m.past[k], m.past[:k], m.moves[:k]
	m.replay, m.over = -1, time.Time{}
	m.msg = fmt.Sprintf("undone: %s taken back; %c to move (r redoes)", words.Plural(n, "move"), m.pos.Names[m.pos.Board.ToMove()])
}

// redoMove plays again the moves last undone, up to a person's turn.
func (m *Model) redoMove() tea.Cmd {
	if why := m.busy(); why != "" {
		m.msg = why
		return nil
	}
	n := len(m.redo)
	if n == 0 {
		m.msg = "nothing to redo"
		return nil
	}
	mv := m.redo[n-1]
	m.redo = m.redo[:n-1]
	return m.play(mv, " (redone)")
}

// replayKey steps the replay at the end; it reports whether it took the
// key.
func (m *Model) replayKey(k tea.KeyMsg) bool {
	switch k.String() {
	case "left", "h":
		m.replay = max(0, m.replay-1)
	case "right", "l":
		m.replay = min(len(m.moves), m.replay+1)
	case "home":
		m.replay = 0
	case "end":
		m.replay = len(m.moves)
	default:
		return false
	}
	return true
}

// Replay returns the number of moves the replay shows, -1 while playing.
func (m *Model) Replay() int { return m.replay }

// edit applies key s to the move being typed (tui.EditTyped), reporting
// whether s was a key of typing.
func (m *Model) edit(s string) bool {
	typed, ok := tui.EditTyped(m.typed, s)
	m.typed = typed
	return ok
}
