package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// TestGridAt checks the cell under each corner of a 3x4 board of cells
// 3 wide and the points just off it.
func TestGridAt(t *testing.T) {
	g := Grid{X0: 4, Y0: 3, CellW: 3, Rows: 3, Cols: 4}
	tests := []struct {
		x, y     int
		row, col int
		ok       bool
	}{
		{4, 3, 2, 0, true},   // top left: the top row
		{6, 3, 2, 0, true},   // the same cell's last column
		{7, 3, 2, 1, true},   // the next cell
		{15, 5, 0, 3, true},  // bottom right
		{16, 5, 0, 0, false}, // right of it
		{4, 6, 0, 0, false},  // below
		{3, 3, 0, 0, false},  // left
		{4, 2, 0, 0, false},  // above
	}
	for _, tt := range tests {
		r, c, ok := g.At(tt.x, tt.y)
		if ok != tt.ok || ok && (r != tt.row || c != tt.col) {
			t.Errorf("At(%d, %d) = %d, %d, %v; want %d, %d, %v", tt.x, tt.y, r, c, ok, tt.row, tt.col, tt.ok)
		}
	}
}

// TestStep checks the keys that move a cursor, and one that does not.
func TestStep(t *testing.T) {
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	for _, tt := range []struct {
		k    tea.KeyMsg
		want string
	}{
		{tea.KeyMsg{Type: tea.KeyUp}, "1 0 true"},
		{runes("k"), "1 0 true"},
		{tea.KeyMsg{Type: tea.KeyDown}, "-1 0 true"},
		{runes("j"), "-1 0 true"},
		{tea.KeyMsg{Type: tea.KeyLeft}, "0 -1 true"},
		{runes("h"), "0 -1 true"},
		{tea.KeyMsg{Type: tea.KeyRight}, "0 1 true"},
		{runes("l"), "0 1 true"},
		{runes("H"), "0 0 false"},
	} {
		k, want := tt.k, tt.want
		dr, dc, ok := Step(k)
		if got := fmt.Sprint(dr, dc, ok); got != want {
			t.Errorf("Step(%q) = %s, want %s", k.String(), got, want)
		}
	}
}

// TestKeys checks that runes read together are split into keys, and
// that other keys pass as they are.
func TestKeys(t *testing.T) {
	got := Keys(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("j3 ")})
	if len(got) != 3 || got[0].String() != "j" || got[1].String() != "3" || got[2].String() != " " {
		t.Errorf("Keys(\"j3 \") = %v", got)
	}
	if got := Keys(tea.KeyMsg{Type: tea.KeyEnter}); len(got) != 1 || got[0].Type != tea.KeyEnter {
		t.Errorf("Keys(enter) = %v", got)
	}
}

func TestWrapAndFit(t *testing.T) {
	if got := strings.Join(Wrap("one two three four", 9, 2), "|"); got != "one two|three" {
		t.Errorf("Wrap = %q", got)
	}
	if got := Fit("abcdef\nxy\nz", 4, 2); got != "abcd\nxy" {
		t.Errorf("Fit = %q", got)
	}
	for d, want := range map[time.Duration]string{7 * time.Second: "0:07", 760 * time.Second: "12:40", 3723 * time.Second: "1:02:03"} {
		if got := Elapsed(d); got != want {
			t.Errorf("Elapsed(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestLayout checks the screen around a board: its least size, the
// terminals too small for it, and that Grid finds each cell where the
// row numbers end.
func TestLayout(t *testing.T) {
	l := Layout{Rows: 15, Cols: 15, CellW: 3, Top: 3, Below: 8, MinWidth: 40}
	if w, h := l.Need(); w != 2+2+45 || h != 3+15+8 {
		t.Errorf("Need = %d, %d, want 49, 26", w, h)
	}
	if w, _ := (Layout{Rows: 5, Cols: 5, CellW: 3, MinWidth: 40}).Need(); w != 40 {
		t.Errorf("a narrow board needs %d columns, want MinWidth 40", w)
	}
	for _, c := range []struct {
		w, h  int
		small bool
	}{{0, 0, false}, {49, 26, false}, {48, 26, true}, {49, 25, true}, {200, 80, false}} {
		if got := l.TooSmall(c.w, c.h); got != c.small {
			t.Errorf("TooSmall(%d, %d) = %v", c.w, c.h, got)
		}
	}
	g := l.Grid()
	if r, c, ok := g.At(4, 3); !ok || r != 14 || c != 0 {
		t.Errorf("the top-left cell at (4, 3): %d %d %v", r, c, ok)
	}
	if _, _, ok := g.At(3, 3); ok {
		t.Error("the row numbers taken for a cell")
	}
}
