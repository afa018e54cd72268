package board

import (
	"strings"
	"testing"
)

func TestParseAccepts(t *testing.T) {
	want := "GBO\nBGG\nOBB\n"
	cases := map[string]string{
		"plain":           "GBO\nBGG\nOBB\n",
		"no final EOL":    "GBO\nBGG\nOBB",
		"CRLF":            "GBO\r\nBGG\r\nOBB\r\n",
		"BOM":             "\xef\xbb\xbfGBO\nBGG\nOBB\n",
		"lower case":      "gbo\nbgg\nobb\n",
		"spaces":          "G B O\n B  G G \nO\tB B\n",
		"comments":        "# a board\nGBO\n# inside\nBGG\nOBB\n# end\n",
		"blank lines":     "\n\nGBO\nBGG\n\nOBB\n\n\n",
		"numeric":         "1 2 4\n2 1 1\n4 2 2\n",
		"numeric + BOM":   "\xef\xbb\xbf1 2 4\r\n2 1 1\r\n4 2 2\r\n",
		"mixed case+CRLF": "gBo\r\nBgG\r\n# c\r\nObB\r\n",
	}
	for name, in := range cases {
		p, err := Parse([]byte(in), "t.txt", Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := p.Board.Format(); got != want {
			t.Errorf("%s: got\n%s", name, got)
		}
		if len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0], "outside the handout") {
			t.Errorf("%s: a 3x3 board should warn about its size, got %q", name, p.Warnings)
		}
	}
}

func TestParseRejects(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", "t.txt: empty file"},
		{"only comments", "# nothing\n\n", "t.txt: empty file"},
		{"ragged short", "GBOGG\nBGG\nOBBGG\n", "t.txt:2:4: ragged row: 3 beads, but most rows have 5"},
		{"ragged long", "GBO\nBGGRR\nOBB\n", "t.txt:2:4: ragged row: 5 beads, but most rows have 3"},
		{"unknown letter", "GBO\nBXG\nOBB\n", "t.txt:2:2: unknown bead 'X'"},
		{"digit zero", "GBO\nB0G\nOBB\n", "t.txt:2:2: unknown bead '0' (the digit zero)"},
		{"binary", "GBO\nB\x00G\nOBB\n", "t.txt:2:2: binary data"},
		{"bad utf8", "GBO\nBG\xffG\n", "t.txt:2:3: binary data"},
		{"text after grid", "GBO\nBGG\n\nthe end\n", "t.txt:4:1: text after the grid, which ended at line 2"},
		{"score after grid", "GBO\nBGG\nOBB\n  Score: 10\nmore text\n", "t.txt:4:3: text after the grid, which ended at line 3"},
		{"text between rows", "GBO\nBGG\nhello\nOBB\n", "t.txt:3:1: unknown bead 'h'"},
		{"only text", "hello\n", "t.txt:1:1: unknown bead 'h'"},
		{"typo in last row", "RRG\nXGB\n", "t.txt:2:1: unknown bead 'X'"},
		{"numeric bad", "1 2\n2 7\n", "t.txt:2:3: unknown bead '7' in a numeric board"},
		{"numeric ragged", "1 2 3\n2 1\n", "t.txt:2:4: ragged row"},
		{"too big", strings.Repeat(strings.Repeat("R", 33)+"\n", 2), "at most 32x32"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.in), "t.txt", Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", c.name, err, c.want)
		}
		if _, ok := err.(*ParseError); err != nil && !ok {
			t.Errorf("%s: error is %T, want *ParseError", c.name, err)
		}
	}
}

func TestParseWarnsOutsideHandout(t *testing.T) {
	p, err := Parse([]byte("RRGGR\nGGRRG\nRRGGR\nGGRRG\nRRGGR\n"), "two.txt", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0], "2 colours") {
		t.Fatalf("warnings %q, want one about 2 colours", p.Warnings)
	}
}

func TestParseAllNumericBlocks(t *testing.T) {
	in := "0 1\n1 0\n\n2 2\n3 4\n\n4 4\n4 4\n"
	all, err := ParseAll([]byte(in), "set.txt", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"RG\nGR\n", "BB\nLO\n", "OO\nOO\n"}
	if len(all) != len(want) {
		t.Fatalf("%d boards, want %d", len(all), len(want))
	}
	for i, p := range all {
		if p.Board.Format() != want[i] {
			t.Errorf("board %d:\n%s", i+1, p.Board.Format())
		}
	}
	if all[1].Line != 4 {
		t.Errorf("board 2 starts at line %d, want 4", all[1].Line)
	}
	if _, err := Parse([]byte(in), "set.txt", Options{}); err == nil || !strings.Contains(err.Error(), "set.txt:4:1: text after the grid: a second board") {
		t.Errorf("Parse of a 3-board file: %v", err)
	}
}

func TestRepair(t *testing.T) {
	in := "GBOB\nB0G\nOBBGG\nOBBG\n"
	if _, err := Parse([]byte(in), "r.txt", Options{}); err == nil {
		t.Fatal("defective board accepted without Repair")
	}
	p, err := Parse([]byte(in), "r.txt", Options{Repair: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "GBOB\nBOGG\nOBBG\nOBBG\n"
	if got := p.Board.Format(); got != want {
		t.Errorf("repaired:\n%s\nwant:\n%s", got, want)
	}
	if len(p.Repairs) != 3 {
		t.Errorf("repairs %q, want 3 (a zero, a short row, a long row)", p.Repairs)
	}
}

// FuzzParse: the parser never panics, its errors say where, and a board it
// accepts formats to a file that parses back to the same position.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"GBO\nBGG\nOBB\n", "1 2\n3 4\n\n0 0\n1 1\n", "G0O\n", "\xef\xbb\xbfrg\r\ngr\r\n", "#x\n\nRR\nG\n", ""} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, repair bool) {
		all, err := ParseAll(data, "f.txt", Options{Repair: repair})
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		for _, p := range all {
			again, err := Parse([]byte(p.Board.Format()), "g.txt", Options{})
			if err != nil {
				t.Fatalf("formatted board does not parse: %v\n%s", err, p.Board.Format())
			}
			if again.Board != p.Board {
				t.Fatalf("round trip changed the board:\n%s", p.Board.Format())
			}
		}
	})
}
