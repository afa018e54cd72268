package shot

import (
	"context"
	"flag"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/play"
	"chainshot/internal/tui/tuitest"
	"chainshot/internal/verify"
	"chainshot/results"
	"chainshot/solver"
)

// The tests' drivers (tuitest): messages sent with their commands run,
// keys, and clicks and hovers on the model's grid.
var (
	send = tuitest.Send
	key  = tuitest.Key
	keys = tuitest.Keys
)

func click(m *Model, row, col int) tea.MouseMsg { return tuitest.Click(m.grid(), row, col) }
func hover(m *Model, row, col int) tea.MouseMsg { return tuitest.Hover(m.grid(), row, col) }

func golden(t *testing.T, name, got string) { t.Helper(); tuitest.Golden(t, name, got, *update) }

var update = flag.Bool("update", false, "rewrite the golden screens in testdata")

// hintOpt is a hint that needs no clock: a node budget, one worker.
var hintOpt = solver.Options{Budget: time.Hour, MaxNodes: 20000, Workers: 1, Seed: 1}

// clock is a fixed time, so that the screens say 0:00.
func clock() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

// newGame returns the game on a built-in board, 100x30, no colour.
func newGame(t testing.TB, name string) *Model {
	t.Helper()
	sets, err := datasets.LoadBuiltin(name)
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Name: name, Board: sets[0].Board, Hint: hintOpt, Rules: "The rules.\n", Now: clock})
	send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	return m
}

// at is the cursor's cell, as the game writes it: "3 4".
func at(m *Model) string { return m.Cursor().String() }

// TestScreens checks the screens of a short game against the golden
// files in testdata (go test -update rewrites them): the start, the
// group under the cursor lit, each frame of a removal (the burst, the
// holes, the fall, the columns closed), a move typed, undo, the hint,
// the help screen, a terminal too small, the end.
func TestScreens(t *testing.T) {
	m := newGame(t, "sample1")
	var sb strings.Builder
	shot := func(what string) {
		fmt.Fprintf(&sb, "=== %s\n%s\n", what, m.View())
	}
	shot("start: the cursor at the top left")
	send(m, keys("j", "j", "j", "l")...)
	shot("j j j l: the cursor on 2 2, its group of 7 lit (lower case)")
	_, cmd := m.Update(key("enter"))
	shot("enter: the group bursts")
	for i := 0; cmd != nil; i++ {
		if i > tuitest.MaxChain {
			t.Fatalf("more than %d frames from one move", tuitest.MaxChain)
		}
		msg := cmd()
		_, cmd = m.Update(msg)
		shot(fmt.Sprintf("frame %d", i+1))
	}
	send(m, keys("1 4", "enter")...)
	shot("1 4 typed and played")
	send(m, key("u"))
	shot("u: undone")
	send(m, key("H"))
	shot("H: the hint lit, its line said")
	send(m, key("?"))
	shot("?: help")
	send(m, key("x"), tea.WindowSizeMsg{Width: 30, Height: 10})
	shot("a 30x10 terminal")
	send(m, tea.WindowSizeMsg{Width: 100, Height: 30}, key("a"))
	shot("a: the solver played the rest")
	golden(t, "sample1.golden", sb.String())
}

// TestCursorKeys checks each key that moves the cursor, the edges, and
// several keys in one message.
func TestCursorKeys(t *testing.T) {
	tests := []struct {
		keys []string
		want string
	}{
		{nil, "5 1"},
		{[]string{"down"}, "4 1"},
		{[]string{"j"}, "4 1"},
		{[]string{"right"}, "5 2"},
		{[]string{"l"}, "5 2"},
		{[]string{"j", "up"}, "5 1"},
		{[]string{"j", "k"}, "5 1"},
		{[]string{"l", "left"}, "5 1"},
		{[]string{"l", "h"}, "5 1"},
		{[]string{"up", "left"}, "5 1"}, // the top left corner holds it
		{[]string{"jjjjjjj", "lllllll"}, "1 5"},
		{[]string{"jjj"}, "2 1"}, // one message, three keys
	}
	for _, tt := range tests {
		m := newGame(t, "sample1")
		send(m, keys(tt.keys...)...)
		if got := at(m); got != tt.want {
			t.Errorf("%q: cursor at %s, want %s", tt.keys, got, tt.want)
		}
	}
}

// TestKeysPlay checks the keys that play: Enter, Space, a click, a move
// typed (in one message or key by key, with a correction), and what a
// move that cannot be played says.
func TestKeysPlay(t *testing.T) {
	tests := []struct {
		name  string
		input func(m *Model) []tea.Msg
		moves string // the moves played
		msg   string // the message after, in part
	}{
		{"enter", func(*Model) []tea.Msg { return keys("jjjl", "enter") }, "[2 2]", "move 1: 2 2 removes 7 blue beads: +25, total 25"},
		{"space", func(*Model) []tea.Msg { return keys("jjjl", " ") }, "[2 2]", "+25"},
		{"click", func(m *Model) []tea.Msg { return []tea.Msg{click(m, 2, 2)} }, "[2 2]", "+25"},
		{"typed", func(*Model) []tea.Msg { return keys("2 2", "enter") }, "[2 2]", "+25"},
		{"typed key by key", func(*Model) []tea.Msg { return keys("2", " ", "3", "backspace", "2", "enter") }, "[2 2]", "+25"},
		{"typed off the board", func(*Model) []tea.Msg { return keys("9 9", "enter") }, "[]", "9 9 is off the 5x5 board"},
		{"typed nonsense", func(*Model) []tea.Msg { return keys("2", "enter") }, "[]", `cannot take "2"`},
		{"a single bead", func(*Model) []tea.Msg { return keys("enter") }, "[]", "a single green bead cannot be removed"},
		{"esc clears", func(*Model) []tea.Msg { return keys("2 2", "esc", "enter") }, "[]", "a single green bead"},
	}
	for _, tt := range tests {
		m := newGame(t, "sample1")
		send(m, tt.input(m)...)
		if got := fmt.Sprint(m.Game().Moves); got != tt.moves {
			t.Errorf("%s: moves %s, want %s", tt.name, got, tt.moves)
		}
		if !strings.Contains(m.Message(), tt.msg) {
			t.Errorf("%s: says %q, want %q in it", tt.name, m.Message(), tt.msg)
		}
	}
}

// TestMouse checks that the pointer moves the cursor (and lights the
// group under it) and that a click takes it, on the cell the screen
// shows there.
func TestMouse(t *testing.T) {
	m := newGame(t, "sample1")
	send(m, hover(m, 4, 3))
	if at(m) != "4 3" {
		t.Fatalf("pointer on 4 3: cursor at %s", at(m))
	}
	if got, want := m.underCursor(), "at 4 3: a group of 3 green beads, +1"; got != want {
		t.Errorf("under the cursor: %q, want %q", got, want)
	}
	send(m, tea.MouseMsg{X: 0, Y: 0, Action: tea.MouseActionMotion})
	if at(m) != "4 3" {
		t.Errorf("pointer off the board moved the cursor to %s", at(m))
	}
	send(m, click(m, 4, 3))
	if got := fmt.Sprint(m.Game().Moves); got != "[4 3]" || m.Game().Total != 1 {
		t.Errorf("click on 4 3: moves %s, total %d; want [4 3], 1", got, m.Game().Total)
	}
}

// TestUndoRedo checks that undo takes moves back, that redo plays them
// again to the same boards and scores, and that a new move drops them.
func TestUndoRedo(t *testing.T) {
	m := newGame(t, "sample1")
	send(m, keys("2 2", "enter", "1 4", "enter", "2 3", "enter")...)
	g := m.Game()
	after := g.Board
	total, moves := g.Total, fmt.Sprint(g.Moves)
	b1, _, _ := board.Replay(g.Start, g.Moves[:1])
	send(m, keys("u", "u")...)
	if g.Board != b1 || len(g.Moves) != 1 || g.Total != 25 {
		t.Fatalf("after two undos: %d moves, total %d, board %v; want the board after 2 2, total 25", len(g.Moves), g.Total, g.Board == b1)
	}
	if got := fmt.Sprint(m.Redoable()); got != "[1 4 2 3]" {
		t.Errorf("redoable %s, want [1 4 2 3]", got)
	}
	send(m, key("r"), key("ctrl+r"))
	if g.Board != after || g.Total != total || fmt.Sprint(g.Moves) != moves {
		t.Errorf("after redo, redo: moves %v total %d; want %s total %d, the same board", g.Moves, g.Total, moves, total)
	}
	send(m, key("r"))
	if m.Message() != "nothing to redo" {
		t.Errorf("a third redo says %q", m.Message())
	}
	send(m, key("u"))
	send(m, keys("1 4", "enter")...)
	if len(g.Moves) != 3 || len(m.Redoable()) != 0 {
		t.Errorf("a new move kept the moves to redo: %v", m.Redoable())
	}
	for range 10 {
		send(m, key("u"))
	}
	if len(g.Moves) != 0 || g.Total != 0 || g.Board != g.Start || m.Message() != "nothing to undo" {
		t.Errorf("undone to the start: %d moves, total %d, says %q", len(g.Moves), g.Total, m.Message())
	}
}

// TestHint checks that the hint lights the solver's first move (the
// cursor on it) and says its line as the line interface does.
func TestHint(t *testing.T) {
	m := newGame(t, "sample5")
	send(m, key("H"))
	res, err := solver.Solve(context.Background(), m.Game().Board, "auto", hintOpt)
	if err != nil {
		t.Fatal(err)
	}
	hint, lit := m.Hint()
	if !lit || hint != res.Moves[0] || m.Cursor() != res.Moves[0] {
		t.Errorf("hint %v (lit %v), cursor %v; the solver's first move is %v", hint, lit, m.Cursor(), res.Moves[0])
	}
	if want := play.HintText(m.Game(), res, hintOpt.Budget); m.Message() != want {
		t.Errorf("hint says %q, want %q", m.Message(), want)
	}
	send(m, key("enter"))
	if _, lit := m.Hint(); lit {
		t.Errorf("the hint is still lit after its move")
	}
}

// TestAutoPlayVerifies lets the solver play a board to the end and
// replays the game's moves with verify, the code that checks results
// files: they give the score and beads left the screen reports.
func TestAutoPlayVerifies(t *testing.T) {
	for _, name := range []string{"sample1", "sample5", "ladder04-10x10-3c"} {
		m := newGame(t, name)
		send(m, keys("jjl", "enter")...) // a move of the player's first, maybe none
		send(m, key("a"))
		g := m.Game()
		if !g.Board.IsOver() {
			t.Fatalf("%s: auto-play left the game going after %d moves", name, len(g.Moves))
		}
		rec := results.Record{File: name, Score: g.Total, BeadsLeft: g.Board.Beads()}
		for _, mv := range g.Moves {
			rec.Moves = append(rec.Moves, [2]int{int(mv.Row) + 1, int(mv.Col) + 1})
		}
		if msg := verify.Replay(rec, g.Start); msg != "" {
			t.Errorf("%s: verify: %s", name, msg)
		}
		status := m.status()
		if want := fmt.Sprintf("score %d   beads %d of", g.Total, g.Board.Beads()); !strings.HasPrefix(status, want) {
			t.Errorf("%s: status %q, want it to start %q", name, status, want)
		}
	}
}

// TestAutoPlayStops checks that a key stops auto-play between moves.
func TestAutoPlayStops(t *testing.T) {
	m := newGame(t, "sample5")
	_, cmd := m.Update(key("a"))
	_, cmd = m.Update(cmd()) // the line: the first move starts
	if len(m.auto) == 0 {
		t.Fatal("auto-play holds no moves")
	}
	send(m, key("x"))
	tuitest.Run(m, cmd)
	if len(m.auto) != 0 || m.Game().Board.IsOver() || !strings.Contains(m.Message(), "auto-play stopped") {
		t.Errorf("after a key: %d moves to play, over %v, says %q", len(m.auto), m.Game().Board.IsOver(), m.Message())
	}
}

// TestQuit checks q and Ctrl-C: the game ends, saying how.
func TestQuit(t *testing.T) {
	for k, want := range map[string]End{"q": Quit, "ctrl+c": Interrupted} {
		m := newGame(t, "sample1")
		send(m, keys("2 2", "enter")...)
		if !send(m, key(k)) || m.End() != want || len(m.Game().Moves) != 1 {
			t.Errorf("%s: end %v, %d moves; want %v, 1", k, m.End(), len(m.Game().Moves), want)
		}
	}
}

// FuzzKeys types any keys and clicks: the game never breaks a rule
// (its moves replay to its score), the cursor stays on the board, and
// every screen fits the terminal.
func FuzzKeys(f *testing.F) {
	f.Add([]byte("jjjl\rualr\x12H?x"), uint8(100), uint8(30))
	f.Add([]byte("2 2\r1 4\ruuuurrrr"), uint8(20), uint8(8))
	sets, err := datasets.LoadBuiltin("sample1")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in []byte, w, h uint8) {
		m := New(context.Background(), Options{Name: "sample1", Board: sets[0].Board, Hint: solver.Options{MaxNodes: 200, Budget: time.Hour, Workers: 1}, Now: clock})
		send(m, tea.WindowSizeMsg{Width: int(w), Height: int(h)})
		for _, c := range in {
			var msg tea.Msg
			switch {
			case c == '\r':
				msg = key("enter")
			case c == 0x12:
				msg = key("ctrl+r")
			case c >= 0x80:
				msg = click(m, int(c>>3&7)+1, int(c&7)+1)
			case c == 'q' || c == 3:
				continue
			default:
				msg = key(string(rune(c)))
			}
			send(m, msg)
			g := m.Game()
			b, total, err := board.Replay(g.Start, g.Moves)
			if err != nil || b != g.Board || total != g.Total {
				t.Fatalf("after %q: the game's moves replay to %d (%v), the game says %d", in, total, err, g.Total)
			}
			if c := m.Cursor(); int(c.Row) >= b.Rows() || int(c.Col) >= b.Cols() {
				t.Fatalf("cursor off the board: %v", c)
			}
			for _, line := range strings.Split(m.View(), "\n") {
				if w > 0 && len([]rune(line)) > int(w) && !m.tooSmall() {
					t.Fatalf("a line of %d columns on a terminal of %d: %q", len([]rune(line)), w, line)
				}
			}
		}
	})
}

// TestStaleHint checks that a hint found for a position the game has
// left, even for as many moves, is dropped.
func TestStaleHint(t *testing.T) {
	m := newGame(t, "sample1")
	send(m, keys("2 2", "enter")...)
	_, search := m.Update(key("H"))
	send(m, key("u"))
	send(m, keys("4 3", "enter")...)
	said := m.Message()
	tuitest.Run(m, search)
	if _, lit := m.Hint(); lit || m.Message() != said {
		t.Errorf("a hint for the board after 2 2 was taken on the board after 4 3: says %q", m.Message())
	}
}

// TestColour checks the screen in colour: painted, and with the escapes
// taken out the same letters as without colour (but for the lit group's
// lower case, which colour shows instead).
func TestColour(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	sets, err := datasets.LoadBuiltin("sample1")
	if err != nil {
		t.Fatal(err)
	}
	plain := newGame(t, "sample1")
	colour := New(context.Background(), Options{Name: "sample1", Board: sets[0].Board, Colour: true, Now: clock})
	for _, m := range []*Model{plain, colour} {
		send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
		send(m, keys("jjjl")...)
	}
	got := colour.View()
	if !strings.Contains(got, "\x1b[") {
		t.Fatalf("no colour in the screen:\n%s", got)
	}
	stripped := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(got, "")
	if want := strings.ToUpper(plain.View()); strings.ToUpper(stripped) != want {
		t.Errorf("in colour, without the escapes:\n%s\nwant the plain screen:\n%s", stripped, plain.View())
	}
}
