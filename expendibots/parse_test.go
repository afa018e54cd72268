package expendibots

import (
	"errors"
	"strings"
	"testing"
)

func TestParseJSON(t *testing.T) {
	p, err := ParseJSON([]byte("{\n  \"white\": [[1,0,1],[2,1,0]],\n  \"black\": [[1,0,2], [3, 7, 7]]\n}\n"), "ok.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []Stack{{White, 2, 1, 0}, {White, 1, 0, 1}, {Black, 1, 0, 2}, {Black, 3, 7, 7}}
	got := p.Board.Stacks()
	if len(got) != len(want) {
		t.Fatalf("stacks %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("stack %d = %v, want %v", i, got[i], want[i])
		}
	}
	if len(p.Warnings) != 0 {
		t.Errorf("warnings %v", p.Warnings)
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		name, in  string
		line, col int
		msg       string
	}{
		{"empty", "", 1, 1, "unexpected end of file"},
		{"not an object", "[1]", 1, 1, "want an object"},
		{"syntax", "{\"white\": [[1,0,0]],\n \"black\": [[1,2,2]] x}", 2, 21, "bad JSON"},
		{"missing comma", "{\"white\": [[1,0,0]]\n \"black\": []}", 2, 2, "bad JSON"},
		{"bad literal", "{\"white\": [[1,0,0]], \"black\": [[1,2,trux]]}", 1, 40, "bad JSON"},
		{"truncated", "{\"white\": [[1,0,0]],\n \"black\": [[1,", 2, 15, "unexpected end of file"},
		{"unknown key", "{\"white\": [], \"blacks\": []}", 1, 15, `unknown key "blacks"`},
		{"repeated key", "{\"white\": [], \"white\": []}", 1, 15, `key "white" given twice`},
		{"missing key", "{\"white\": [[1,0,0]]}", 1, 1, `missing key "black"`},
		{"not a list", "{\"white\": 3, \"black\": []}", 1, 11, "want a list"},
		{"stack not a list", "{\"white\": [3], \"black\": []}", 1, 12, "want [n, x, y]"},
		{"two values", "{\"white\": [[1, 2]], \"black\": []}", 1, 12, "found 2 values"},
		{"four values", "{\"white\": [[1, 2, 3, 4]], \"black\": []}", 1, 22, "a fourth value"},
		{"fraction", "{\"white\": [[1.5, 2, 3]], \"black\": []}", 1, 13, "want a small whole number"},
		{"string", "{\"white\": [[\"1\", 2, 3]], \"black\": []}", 1, 13, "want a whole number"},
		{"zero count", "{\"white\": [[0, 2, 3]], \"black\": []}", 1, 12, "count 0, want at least 1"},
		{"off the board", "{\"white\": [[1,0,0]],\n\"black\": [[1, 2, 3], [1, 8, 0]]}", 2, 22, "(8, 0) is off the board"},
		{"negative", "{\"white\": [[1,-1,0]], \"black\": []}", 1, 12, "off the board"},
		{"overlap", "{\"white\": [[1,0,0], [1,0,0]], \"black\": []}", 1, 21, "a second white stack on (0, 0)"},
		{"white on black", "{\"white\": [[1,4,4]], \"black\": [[1,4,4]]}", 1, 32, "(4, 4) already holds a white stack"},
		{"too many tokens", "{\"white\": [[60,0,0], [5,1,0]], \"black\": []}", 1, 22, "more than 64 white tokens"},
		{"trailing text", "{\"white\": [], \"black\": []}\n{}", 2, 1, "text after the JSON object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseJSON([]byte(tc.in), "case.json")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if pe.File != "case.json" || pe.Line != tc.line || pe.Col != tc.col || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("err = %v, want case.json:%d:%d: ...%s...", err, tc.line, tc.col, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), "expendibots: case.json:") {
				t.Errorf("message %q lacks the package and file", err)
			}
		})
	}
}

func TestParseJSONWarnings(t *testing.T) {
	tests := []struct{ in, warn string }{
		{`{"white": [[2,0,0],[2,5,5]], "black": [[1,7,7]]}`, "4 white tokens, more than part A's 3"},
		{`{"white": [[1,0,0]], "black": [[13,7,7]]}`, "13 black tokens, more than the game's 12"},
		{`{"white": [[1,0,0]], "black": []}`, "no black token"},
		{`{"white": [], "black": [[1,0,0]]}`, "no white token"},
	}
	for _, tc := range tests {
		p, err := ParseJSON([]byte(tc.in), "w.json")
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0], tc.warn) {
			t.Errorf("%s: warnings %q, want one with %q", tc.in, p.Warnings, tc.warn)
		}
	}
}

func TestParseActions(t *testing.T) {
	in := "# a comment\n\nMOVE 2 from (1, 0) to (1, 2).\r\n  BOOM at (1,2).  \n#MOVE junk\nMOVE 1 from ( 7 ,7 ) to (7, 5).\n"
	acts, lines, err := ParseActions([]byte(in), "a.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := []Action{MoveAction(2, 1, 0, 1, 2), BoomAction(1, 2), MoveAction(1, 7, 7, 7, 5)}
	wantLines := []int{3, 4, 6}
	if len(acts) != len(want) {
		t.Fatalf("actions %v, want %v", acts, want)
	}
	for i := range want {
		if acts[i] != want[i] || lines[i] != wantLines[i] {
			t.Errorf("action %d = %s on line %d, want %s on line %d", i, acts[i], lines[i], want[i], wantLines[i])
		}
	}
	// Round trip through the output form.
	again, _, err := ParseActions([]byte(FormatActions(acts)), "b.txt")
	if err != nil || len(again) != len(acts) {
		t.Fatalf("round trip: %v %v", again, err)
	}
	for i := range acts {
		if again[i] != acts[i] {
			t.Errorf("round trip %d: %s, want %s", i, again[i], acts[i])
		}
	}
	if got := FormatActions(want[:2]); got != "MOVE 2 from (1, 0) to (1, 2).\nBOOM at (1, 2).\n" {
		t.Errorf("FormatActions = %q", got)
	}
}

func TestParseActionsErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
		msg       string
	}{
		{"MOVE 1 from (0, 0) to (0, 1)\n", 1, 29, `want "."`},
		{"# ok\nJUMP at (1, 1).\n", 2, 1, "want MOVE or BOOM"},
		{"BOOM at (8, 1).", 1, 10, "x is 8, want 0..7"},
		{"BOOM at (1, x).", 1, 13, "want y"},
		{"MOVE 0 from (0, 0) to (0, 1).", 1, 6, "the number of tokens is 0"},
		{"MOVE 123456 from (0, 0) to (0, 1).", 1, 6, "the number of tokens is 123456, want 1..64"}, // quoted whole, not cut at 4 digits
		{"BOOM at (99999999999999999999, 0).", 1, 10, "x is 99999999999999999999, want 0..7"},
		{"MOVE 1 form (0, 0) to (0, 1).", 1, 8, `want "from"`},
		{"MOVE 1 from(0, 0) to (0, 1).", 1, 12, "want a space"},
		{"BOOM at (1, 1). BOOM", 1, 17, "unexpected text after the action"},
		{"boom at (1, 1).", 1, 1, "want MOVE or BOOM"},
	}
	for _, tc := range tests {
		_, _, err := ParseActions([]byte(tc.in), "a.txt")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || pe.Col != tc.col || !strings.Contains(pe.Msg, tc.msg) {
			t.Errorf("%q: err = %v, want a.txt:%d:%d: ...%s...", tc.in, err, tc.line, tc.col, tc.msg)
		}
	}
}

func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{"white": [[1,0,1]], "black": [[1,0,2],[2,1,1]]}`,
		`{"white": [], "black": []}`,
		`{"white": [[1,0,0],[1,0,0]], "black": [[1,8,2]]}`,
		"{\"white\": [[1,0,0]],\n \"black\": [[1,",
		`[[1,2,3]]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseJSON(data, "fuzz.json")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 0 || pe.Col < 0 {
				t.Fatalf("error %v is not a *ParseError with a position", err)
			}
			return
		}
		// A board that parses has only legal squares and sane counts, and
		// its own stacks rebuild it.
		w, b := p.Board.Tokens()
		if w > MaxTokens || b > MaxTokens {
			t.Fatalf("%d white, %d black tokens", w, b)
		}
		again, err := NewBoard(p.Board.Stacks())
		if err != nil || again != p.Board {
			t.Fatalf("NewBoard(Stacks()) = %v", err)
		}
	})
}

func FuzzParseActions(f *testing.F) {
	for _, s := range []string{
		"MOVE 1 from (1, 4) to (2, 4).\nBOOM at (3, 5).\n",
		"# note\n\nMOVE 12 from (0,0) to (0, 7).\r\n",
		"BOOM at (9, 9).",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		acts, lines, err := ParseActions(data, "fuzz.txt")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error %v is not a *ParseError with a position", err)
			}
			return
		}
		if len(acts) != len(lines) {
			t.Fatalf("%d actions, %d lines", len(acts), len(lines))
		}
		// Whatever parses prints back and parses to the same actions.
		again, _, err := ParseActions([]byte(FormatActions(acts)), "again.txt")
		if err != nil || len(again) != len(acts) {
			t.Fatalf("round trip: %v", err)
		}
		for i := range acts {
			if again[i] != acts[i] || !onBoardSq(acts[i].From) {
				t.Fatalf("round trip %d: %s became %s", i, acts[i], again[i])
			}
		}
	})
}

// FuzzReplay feeds any case and any action lines to the verifier's path:
// it must never panic, and every action it accepts must be one that
// AppendActions generates, keep the tokens (MOVE) or clear its own square
// (BOOM).
func FuzzReplay(f *testing.F) {
	f.Add([]byte(`{"white": [[2,0,0]], "black": [[1,1,1],[1,7,7]]}`), []byte("MOVE 1 from (0, 0) to (0, 2).\nBOOM at (0, 0).\nBOOM at (0, 2).\n"))
	f.Add([]byte(`{"white": [[1,3,3]], "black": [[1,3,4]]}`), []byte("MOVE 1 from (3, 3) to (3, 4).\n"))
	f.Fuzz(func(t *testing.T, js, acts []byte) {
		p, err := ParseJSON(js, "f.json")
		if err != nil {
			return
		}
		as, _, err := ParseActions(acts, "f.txt")
		if err != nil {
			return
		}
		b := p.Board
		for _, a := range as {
			next, set, err := b.Step(a)
			if err != nil {
				return
			}
			found := false
			for _, g := range b.AppendActions(nil) {
				found = found || g == a
			}
			if !found {
				t.Fatalf("%s accepted but not generated on %v", a, b.Stacks())
			}
			w0, b0 := b.Tokens()
			w1, b1 := next.Tokens()
			if a.Kind == Move && (w0 != w1 || b0 != b1 || set != 0) {
				t.Fatalf("%s changed tokens %d/%d to %d/%d", a, w0, b0, w1, b1)
			}
			if a.Kind == Boom && (!set.Has(a.From) || next.At(a.From.X(), a.From.Y()) != 0 || w1 >= w0) {
				t.Fatalf("%s: exploded %v", a, set.Squares())
			}
			b = next
		}
	})
}
