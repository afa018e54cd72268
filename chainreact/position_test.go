package chainreact

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPositionRoundTrip formats positions from random games, parses them
// back and compares cells, player to move and hash.
func TestPositionRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for game := 0; game < 50; game++ {
		n := 2 + game%3
		p, _ := NewPosition(3+game%5, 2+game%7, n)
		var buf []Move
		for !p.Board.Over() {
			text := p.String()
			q, err := ParsePosition("rt", strings.NewReader(text))
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if q.Board.Hash() != p.Board.Hash() || q.Board.Ply() != p.Board.Ply() || q.String() != text {
				t.Fatalf("round trip changed the position:\n%s\nto\n%s", text, q.String())
			}
			buf = p.Board.AppendMoves(buf[:0])
			p.Board.Play(buf[rng.IntN(len(buf))])
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1R .\n. 1G 1G\n", "x:2:1: row has 3 cells, want 2 like line 1"},
		{". .\n. 2R\n", "x:2:3: cell holds 2 orbs: want fewer than its critical mass 2"},
		{". .\n. R\n", "x:2:3: cell \"R\": want \".\" or a count and a player letter"},
		{"players: R G\n1B .\n. .\n", "x:2:1: player B is not in \"players: R G\""},
		{"next: Q\n. .\n. .\n", "x:1:7: next player Q is not in"},
		{"size: 3\n. .\n", "x:1:1: unknown header \"size\""},
		{". . .\n", "board 1x3"},
		{"", "x: no rows"},
		{"players: R\n. .\n. .\n", "x:1:10: 1 players"},
		{"players : R\n. .\n. .\n", "x:1:11: 1 players"},         // the column counts the space before ':'
		{" players :R R\n. .\n", "x:1:13: player R named twice"}, // and the space before the key
		{"players: R G B\nnext: G\n1R 1B\n. .\n", "x:2:7: next player G has no orbs left"},
		{"0R .\n. .\n", "x:1:1: cell \"0R\": a cell with no orbs"},
	}
	for _, tc := range tests {
		_, err := ParsePosition("x", strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestParseDefaults(t *testing.T) {
	p := mustParse(t, "# a comment\n. 1G\n1R .  # trailing\n")
	if p.Names != "RG" || p.Board.ToMove() != 0 || p.Board.Ply() != 2 {
		t.Fatalf("names %q to move %d ply %d", p.Names, p.Board.ToMove(), p.Board.Ply())
	}
	p = mustParse(t, ". .\n. .\n")
	if p.Names != "RG" || p.Board.Over() {
		t.Fatalf("empty board: names %q over %v", p.Names, p.Board.Over())
	}
	p = mustParse(t, "1r .\n. 1b\n")
	if p.Names != "RB" || p.Board.ToMove() != 0 {
		t.Fatalf("names %q to move %d", p.Names, p.Board.ToMove())
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add("players: R G\nnext: G\n. 1R\n1G .\n")
	f.Add("1R 2G .\n. 3B 1Y\n. . 1R\n")
	f.Add("next: r\n. . .\n. . .\n")
	f.Add("players: A B C\n1A . 1C\n. . .\n")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := ParsePosition("fuzz", strings.NewReader(in))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chainreact: ") {
				t.Fatalf("error without context: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := p.Format(&buf); err != nil {
			t.Fatal(err)
		}
		if p.Board.Over() {
			return // who moves next is not kept once the game is over
		}
		q, err := ParsePosition("again", bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("formatted position does not parse: %v\n%s", err, buf.String())
		}
		if q.String() != buf.String() || q.Board.Hash() != p.Board.Hash() {
			t.Fatalf("round trip changed:\n%s\n%s", buf.String(), q.String())
		}
	})
}

// TestParseBinary checks that binary data is named as such, where it
// starts, rather than quoted back as a cell.
func TestParseBinary(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\x89PNG\r\n\x1a\n\x00\x00", "x:1:1: binary data, not a position file"},
		{". .\n. \x00\n", "x:2:3: binary data, not a position file"},
		{"# é ok\n. \xff\n", "x:2:3: binary data, not a position file"},
	}
	for _, tc := range tests {
		_, err := ParsePosition("x", strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
	// a byte-order mark and a replacement character in a comment are text
	if _, err := ParsePosition("x", strings.NewReader("\ufeff. . # \ufffd\n. .\n")); err != nil {
		t.Errorf("BOM: %v", err)
	}
}

// FuzzParseSize: any text is read or refused, never a panic; a size read
// is in range and writes back to a text that reads the same.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"9x6", "2X2", "16x16", "1x5", "17x3", "+5x6", "x", "", "9x6x2", "-3x4", "99999999999999999999x2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rows, cols, err := ParseSize(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chainreact: board size ") || strings.Contains(err.Error(), "strconv") {
				t.Fatalf("%q: the error %q is not in the file's terms", s, err)
			}
			return
		}
		if rows < 2 || cols < 2 || rows > MaxRows || cols > MaxCols {
			t.Fatalf("%q: read %dx%d, out of range", s, rows, cols)
		}
		r2, c2, err := ParseSize(FormatSize(rows, cols))
		if err != nil || r2 != rows || c2 != cols {
			t.Fatalf("%q: %dx%d writes back as %q, read %dx%d (%v)", s, rows, cols, FormatSize(rows, cols), r2, c2, err)
		}
	})
}
