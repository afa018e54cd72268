package react

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
	"chainshot/internal/render"
	"chainshot/internal/tui/tuitest"
)

// The tests' drivers (tuitest): messages sent with their commands run,
// keys, and clicks and hovers on the model's grid.
var (
	send  = tuitest.Send
	key   = tuitest.Key
	typed = tuitest.Typed
)

func click(m *Model, row, col int) tea.MouseMsg { return tuitest.Click(m.grid(), row, col) }

func golden(t *testing.T, name, got string) { t.Helper(); tuitest.Golden(t, name, got, *update) }

var update = flag.Bool("update", false, "rewrite the golden screens in testdata")

func clock() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

// newGame returns a rows x cols game of two: a person in seat 1 and
// the AI of spec in seat 2 ("" for hot-seat), 100x30, no colour.
func newGame(t testing.TB, rows, cols int, spec string) *Model {
	t.Helper()
	pos, err := chainreact.NewPosition(rows, cols, 2)
	if err != nil {
		t.Fatal(err)
	}
	ais := make([]ai.Player, 2)
	if spec != "" {
		if ais[1], err = ai.NewPlayer(spec, 7); err != nil {
			t.Fatal(err)
		}
	}
	hint, err := ai.NewPlayer("greedy", 1)
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Pos: pos, AIs: ais, Hint: hint, Rules: "The rules.\n", Now: clock})
	send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	return m
}

// TestScreens checks a hot-seat game's screens against the golden files
// (go test -update rewrites them): the start, a chain drawn wave by wave
// (the orb landing, each wave's exploded cells marked), the hint, the
// help, the end and its replay.
func TestScreens(t *testing.T) {
	m := newGame(t, 3, 3, "")
	var sb strings.Builder
	shot := func(what string) { fmt.Fprintf(&sb, "=== %s\n%s\n", what, m.View()) }
	shot("start")
	for _, rc := range chainOpening {
		send(m, typed(rc)...)
	}
	shot("six moves: R 1 1, G 3 3, R 1 2, G 3 2, R 1 2, G 3 1")
	_, cmd := m.Update(click(m, 1, 1))
	shot("R clicks 1 1: the orb lands")
	for i := 0; cmd != nil; i++ {
		if i > tuitest.MaxChain {
			t.Fatalf("more than %d frames from one move", tuitest.MaxChain)
		}
		_, cmd = m.Update(cmd())
		shot(fmt.Sprintf("frame %d", i+1))
	}
	send(m, key("H"))
	shot("H: the hint")
	send(m, key("?"))
	shot("?: help")
	send(m, key("x"))
	for i := 0; !m.Board().Over(); i++ {
		if i > 400 {
			t.Fatalf("no end after %d typed moves: are typed moves taken?", i)
		}
		var mv []chainreact.Move
		mv = m.Board().AppendMoves(mv)
		send(m, typed(m.Board().FormatMove(mv[0]))...)
	}
	shot("the end")
	send(m, key("left"), key("left"))
	shot("two moves back in the replay")
	golden(t, "hotseat3x3.golden", sb.String())
}

// chainOpening are moves on a 3x3 board after which R's 1 1 sets off a
// chain of two waves: 1 1, then 1 2.
var chainOpening = []string{"1 1", "3 3", "1 2", "3 2", "1 2", "3 1"}

// TestChainFrames checks that a chain is drawn from the engine's trace:
// the landing, then one frame a wave with the exploded cells and the
// wave's words as render writes them.
func TestChainFrames(t *testing.T) {
	m := newGame(t, 3, 3, "")
	for _, rc := range chainOpening {
		send(m, typed(rc)...)
	}
	before := *m.Board()
	after := before
	tr := after.PlayTrace(0)
	if len(tr.Waves) < 2 {
		t.Fatalf("1 1 sets off %d waves; the test wants a chain", len(tr.Waves))
	}
	_, cmd := m.Update(click(m, 1, 1))
	if m.anim == nil {
		t.Fatalf("no chain drawn")
	}
	if len(m.anim.frames) != 1+len(tr.Waves) {
		t.Fatalf("the chain has %d frames, want %d (the landing and each wave)", len(m.anim.frames), 1+len(tr.Waves))
	}
	for i, w := range tr.Waves {
		f := m.anim.frames[i+1]
		var sb strings.Builder
		render.ReactWave(&sb, &before, i, w)
		if !strings.HasPrefix(f.caption, strings.TrimSpace(sb.String())) || f.board != w.After || len(f.burst) != len(w.Exploded) {
			t.Errorf("wave %d: caption %q, board as the trace's %v, %d cells marked; want %q, true, %d", i+1, f.caption, f.board == w.After, len(f.burst), sb.String(), len(w.Exploded))
		}
	}
	tuitest.Run(m, cmd)
	if *m.Board() != after || m.anim != nil {
		t.Errorf("after the chain the board is not the trace's")
	}
}

// TestAgainstAI plays whole games against AI players, by keys, clicks
// and typed moves, and replays their moves with the engine: each legal,
// the same end, the winner said.
func TestAgainstAI(t *testing.T) {
	for _, spec := range []string{"random", "greedy"} {
		m := newGame(t, 4, 4, spec)
		for i := 0; !m.Board().Over(); i++ {
			if i > 400 {
				t.Fatalf("%s: no end after %d turns", spec, i)
			}
			mv := m.Board().AppendMoves(nil)[0]
			r, c := m.Board().RowCol(mv)
			switch i % 3 {
			case 0:
				send(m, typed(m.Board().FormatMove(mv))...)
			case 1:
				send(m, click(m, r, c))
			default:
				m.row, m.col = 0, 0
				for range r - 1 {
					send(m, key("k"))
				}
				for range c - 1 {
					send(m, key("l"))
				}
				send(m, key("enter"))
			}
		}
		b := m.Start()
		for i, mv := range m.Moves() {
			if err := b.PlayChecked(mv); err != nil {
				t.Fatalf("%s: move %d: %v", spec, i+1, err)
			}
		}
		if b != *m.Board() {
			t.Errorf("%s: the moves replay to another board", spec)
		}
		if want := fmt.Sprintf("%c wins after %d moves", "RG"[b.Winner()], len(m.Moves())); !strings.HasPrefix(m.Message(), want) {
			t.Errorf("%s: says %q, want %q", spec, m.Message(), want)
		}
		if m.Replay() != len(m.Moves()) {
			t.Errorf("%s: the replay shows %d moves, want all %d", spec, m.Replay(), len(m.Moves()))
		}
		send(m, key("home"))
		if m.Replay() != 0 {
			t.Errorf("%s: home: replay at %d", spec, m.Replay())
		}
	}
}

// TestUndoRedoAI checks that undo takes back the AI's move and yours,
// so that it is your move again, and that redo plays both again without
// asking the AI.
func TestUndoRedoAI(t *testing.T) {
	m := newGame(t, 5, 5, "random")
	send(m, typed("3 3")...)
	send(m, typed("1 1")...)
	if len(m.Moves()) != 4 {
		t.Fatalf("%d moves after two of yours, want 4", len(m.Moves()))
	}
	end := *m.Board()
	moves := fmt.Sprint(m.Moves())
	send(m, key("u"))
	if len(m.Moves()) != 2 || m.Board().ToMove() != 0 {
		t.Fatalf("after undo: %d moves, %c to move; want 2, R", len(m.Moves()), "RG"[m.Board().ToMove()])
	}
	send(m, key("r"))
	if *m.Board() != end || fmt.Sprint(m.Moves()) != moves {
		t.Errorf("after redo: moves %v, want %s and the same board", m.Moves(), moves)
	}
	send(m, key("u"), key("u"), key("u"))
	if len(m.Moves()) != 0 || m.Message() != "nothing to undo" {
		t.Errorf("undone to the start: %d moves, says %q", len(m.Moves()), m.Message())
	}
}

// TestIllegal checks what a move on another's cell or off the board
// says, and that nothing is played.
func TestIllegal(t *testing.T) {
	m := newGame(t, 3, 3, "")
	send(m, typed("1 1")...)
	send(m, typed("1 1")...)
	send(m, typed("9 9")...)
	if len(m.Moves()) != 1 {
		t.Fatalf("%d moves, want 1", len(m.Moves()))
	}
	if !strings.Contains(m.Message(), "9 9") {
		t.Errorf("off the board says %q", m.Message())
	}
	send(m, click(m, 1, 1))
	if want := "1 1 belongs to R: play on an empty cell or one of yours"; m.Message() != want {
		t.Errorf("says %q, want %q", m.Message(), want)
	}
}

// TestThinking checks that the screen says the AI thinks, and refuses a
// move meanwhile.
func TestThinking(t *testing.T) {
	m := newGame(t, 3, 3, "random")
	_, cmd := m.Update(key("enter"))
	if !m.Thinking() || !strings.Contains(m.View(), "G (random) is thinking... 0.0s") {
		t.Fatalf("no thinking shown:\n%s", m.View())
	}
	send(m, key("enter"))
	if !strings.HasPrefix(m.Message(), "wait: G (random) is thinking") {
		t.Errorf("a move while the AI thinks says %q", m.Message())
	}
	tuitest.Run(m, cmd)
	if m.Thinking() || len(m.Moves()) != 2 || !strings.Contains(m.Message(), "(random, after 0.0s of thought)") {
		t.Errorf("after the AI's move: thinking %v, %d moves, says %q", m.Thinking(), len(m.Moves()), m.Message())
	}
}

// TestQuit checks q and Ctrl-C, even while the AI thinks.
func TestQuit(t *testing.T) {
	for k, want := range map[string]End{"q": Quit, "ctrl+c": Interrupted} {
		m := newGame(t, 3, 3, "random")
		m.Update(key("enter"))
		if !send(m, key(k)) || m.End() != want {
			t.Errorf("%s: end %v, want %v", k, m.End(), want)
		}
	}
}

// TestTooSmall checks the screen of a terminal too small, and the board
// back when it grows.
func TestTooSmall(t *testing.T) {
	m := newGame(t, 9, 6, "")
	send(m, tea.WindowSizeMsg{Width: 40, Height: 12})
	if !strings.HasPrefix(m.View(), "The terminal is 40x12;\nthis board needs 50x21.") {
		t.Errorf("too small:\n%s", m.View())
	}
	send(m, click(m, 1, 1))
	if len(m.Moves()) != 0 {
		t.Errorf("a click on a screen too small played")
	}
	send(m, tea.WindowSizeMsg{Width: 50, Height: 21})
	if !strings.HasPrefix(m.View(), "chainshot react play  9x6") {
		t.Errorf("grown:\n%s", m.View())
	}
}

// TestUndoAIFirst checks undo when the AI moves first: its first move
// stays, and undo goes back to your turn.
func TestUndoAIFirst(t *testing.T) {
	pos, _ := chainreact.NewPosition(4, 4, 2)
	bot, _ := ai.NewPlayer("random", 3)
	hint, _ := ai.NewPlayer("greedy", 1)
	m := New(context.Background(), Options{Pos: pos, AIs: []ai.Player{bot, nil}, Hint: hint, Now: clock})
	send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	tuitest.Run(m, m.nextTurn()) // what Init starts
	if len(m.Moves()) != 1 {
		t.Fatalf("the AI in seat 1 made %d moves, want 1", len(m.Moves()))
	}
	send(m, key("u"))
	if len(m.Moves()) != 1 || m.Message() != "nothing to undo" {
		t.Errorf("undo before your first move: %d moves, says %q", len(m.Moves()), m.Message())
	}
	first := *m.Board()
	send(m, typed("4 4")...)
	send(m, key("u"))
	if len(m.Moves()) != 1 || *m.Board() != first || m.Board().ToMove() != 1 {
		t.Errorf("after your move and undo: %d moves, says %q; want 1, your turn", len(m.Moves()), m.Message())
	}
}

// TestClickDuringChain checks that a click while your chain is drawn
// shows its end and lets the AI move, never playing for the AI.
func TestClickDuringChain(t *testing.T) {
	m := newGame(t, 3, 3, "random")
	// R 1 1 twice: the second sets off a chain (the AI's moves between
	// are random but seeded; skip the test if it took 1 1's neighbours).
	send(m, typed("1 1")...)
	_, cmd := m.Update(click(m, 1, 1))
	if m.anim == nil {
		t.Skip("no chain: the AI played beside 1 1")
	}
	ply := len(m.Moves())
	_, next := m.Update(click(m, 2, 2))
	if m.anim != nil || !m.Thinking() {
		t.Fatalf("after a click during the chain: chain drawn %v, AI thinking %v", m.anim != nil, m.Thinking())
	}
	tuitest.Run(m, next)
	tuitest.Run(m, cmd)
	if len(m.Moves()) != ply+1 || m.past[ply].ToMove() != 1 {
		t.Errorf("%d moves after the click, want %d, the last the AI's", len(m.Moves()), ply+1)
	}
}

// FuzzKeys types any keys and clicks against a random AI: the game's
// moves always replay on the engine to its board, and the cursor stays
// on the board.
func FuzzKeys(f *testing.F) {
	f.Add([]byte("\r\r\rlj\rk\ruurr\r H?x"))
	f.Add([]byte("1 1\r2 2\r\x80\x81\x82u"))
	f.Fuzz(func(t *testing.T, in []byte) {
		m := newGame(t, 3, 4, "random")
		for _, c := range in {
			var msg tea.Msg
			switch {
			case c == '\r':
				msg = key("enter")
			case c >= 0x80:
				msg = click(m, int(c>>3&3)+1, int(c&3)+1)
			case c == 'q' || c == 3:
				continue
			default:
				msg = key(string(rune(c)))
			}
			send(m, msg)
			b := m.Start()
			for i, mv := range m.Moves() {
				if err := b.PlayChecked(mv); err != nil {
					t.Fatalf("after %q: move %d: %v", in, i+1, err)
				}
			}
			if b != *m.Board() {
				t.Fatalf("after %q: the moves replay to another board", in)
			}
			if m.row < 0 || m.col < 0 || m.row >= b.Rows() || m.col >= b.Cols() {
				t.Fatalf("cursor off the board: %d %d", m.row, m.col)
			}
			_ = m.View()
		}
	})
}
