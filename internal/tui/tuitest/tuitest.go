// Package tuitest drives the full-screen games' models without a
// terminal, for their tests: messages sent and every command they bring
// run to the end (bounded, so that a command that never ends fails a
// test instead of hanging it), keys and clicks made, screens compared
// with golden files.
package tuitest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"chainshot/internal/tui"
)

// MaxChain is the most messages one message may bring (frames, an AI's
// move, a hint) before Run gives up with a panic.
const MaxChain = 10000

// Send gives m the messages, each followed by every message its commands
// bring until none is left; it reports whether the game quit.
func Send(m tea.Model, msgs ...tea.Msg) (quit bool) {
	for _, msg := range msgs {
		_, cmd := m.Update(msg)
		if Run(m, cmd) {
			return true
		}
	}
	return false
}

// Run runs cmd and gives m what it brings, recursively; it reports
// whether the game quit.
func Run(m tea.Model, cmd tea.Cmd) (quit bool) { return run(m, cmd, 0) }

func run(m tea.Model, cmd tea.Cmd, depth int) bool {
	if cmd == nil {
		return false
	}
	if depth > MaxChain {
		panic(fmt.Sprintf("more than %d messages from one message: a command that never ends", MaxChain))
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			if run(m, c, depth+1) {
				return true
			}
		}
	case tea.QuitMsg:
		return true
	case nil:
	default:
		_, next := m.Update(msg)
		return run(m, next, depth+1)
	}
	return false
}

// Key is a key typed: "enter", "up", "home", "ctrl+r" and the like, or
// runes ("u", "3 4").
func Key(s string) tea.KeyMsg {
	if t, ok := named[s]; ok {
		if t == tea.KeySpace {
			return tea.KeyMsg{Type: t, Runes: []rune{' '}}
		}
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

var named = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft,
	"right": tea.KeyRight, "home": tea.KeyHome, "end": tea.KeyEnd, "esc": tea.KeyEsc,
	"backspace": tea.KeyBackspace, "ctrl+c": tea.KeyCtrlC, "ctrl+r": tea.KeyCtrlR,
	"ctrl+l": tea.KeyCtrlL, " ": tea.KeySpace,
}

// Keys are keys typed one after another.
func Keys(ss ...string) []tea.Msg {
	out := make([]tea.Msg, len(ss))
	for i, s := range ss {
		out[i] = Key(s)
	}
	return out
}

// Typed is a move typed "r c" and Enter.
func Typed(rc string) []tea.Msg { return []tea.Msg{Key(rc), Key("enter")} }

// Cell returns the screen place of the cell at row, col (1-based, row 1
// at the bottom) of g, for a mouse message.
func Cell(g tui.Grid, row, col int) (x, y int) {
	return g.X0 + (col-1)*g.CellW + 1, g.Y0 + g.Rows - row
}

// Click is a left click on the cell at row, col of g.
func Click(g tui.Grid, row, col int) tea.MouseMsg {
	x, y := Cell(g, row, col)
	return tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
}

// Hover is the pointer moved over the cell at row, col of g.
func Hover(g tui.Grid, row, col int) tea.MouseMsg {
	x, y := Cell(g, row, col)
	return tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionMotion}
}

// Golden compares got with the file testdata/name, or writes it there
// when update is set (go test -update); a difference names the first
// line that differs.
func Golden(t testing.TB, name, got string, update bool) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("the screens differ from %s (go test -update rewrites it; check the diff):\n%s", path, FirstDiff(string(want), got))
	}
}

// FirstDiff shows the first line where got differs from want.
func FirstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, w, g)
		}
	}
	return ""
}
