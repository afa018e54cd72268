package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"chainshot/chainreact"
)

// TestReactChain draws a board with a cell marked, then the chain a move
// sets off: its waves, what it captures and the board after it, as the
// engine's trace has them (row 1 at the bottom).
func TestReactChain(t *testing.T) {
	pos, err := chainreact.ParsePosition("p", strings.NewReader("players: R B\nnext: R\n1R 2R .  1B\n.  2B 1B .\n1R .  .  1B\n"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := pos.Board.MoveAt(3, 1)
	var out bytes.Buffer
	ReactBoard(&out, &pos, false, map[chainreact.Move]bool{m: true})
	ReactChain(&out, &pos, m, false)
	want := `  3 | [1R]   2R    .   1B
  2 |    .   2B   1B    .
  1 |   1R    .    .   1B
    +--------------------
         1    2    3    4

R plays 3 1
wave 1: 3 1 explodes
wave 2: 3 2 explodes
captures 1 cell, 2 orbs: 2 2 (2B)
  3 |   1R    .   1R   1B
  2 |   1R   3R   1B    .
  1 |   1R    .    .   1B
    +--------------------
         1    2    3    4
`
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
	// In colour, the columns line up as without: a marked cell keeps its
	// brackets beside its orbs.
	out.Reset()
	ReactBoard(&out, &pos, true, map[chainreact.Move]bool{m: true})
	plain := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(out.String(), "")
	if !strings.HasPrefix(want, plain) || out.String() == plain {
		t.Errorf("in colour, without the colours:\n%s\nwant:\n%s", plain, want)
	}
}
