package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/internal/status"
)

// evil is text that would drive a terminal: it sets the window's title
// and clears the screen.
const evil = "x\x1b]0;pwned\x07\x1b[2J"

// TestReactEscapesFileText: text a file gives (a record's player)
// reaches the terminal escaped, on standard
// output and standard error alike, whichever react command prints it
// (issue 38, item 4: react match --resume echoed a record's p1 raw).
func TestReactEscapesFileText(t *testing.T) {
	dir := t.TempDir()
	record := `{"game":1,"pair":1,"p1":"` + jsonEscape(evil) + `","p2":"random","size":"2x2","seed":1,"openings":"random:0","first":"p1","winner":"p1","plies":3,"opening":0,"moves":[[1,1],[1,2],[1,1]],"cpu_ms":[0.1,0,0.1],"wall_ms":[0.1,0,0.1],"cpu_seconds":[0,0]}` + "\n"
	files := map[string]string{"games.jsonl": record, "g2.jsonl": record}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, argv := range [][]string{
		{"react", "replay", "games.jsonl"},
		{"react", "replay", "--list", "games.jsonl"},
		{"react", "match", "--size", "2x2", "--games", "2", "--p1", "random", "--out", "g2.jsonl", "--resume"},
	} {
		code, stdout, stderr := runChainshot(t, dir, argv)
		if strings.ContainsAny(stdout+stderr, "\x1b\x07") {
			t.Errorf("chainshot %s: exit status %d; a terminal command passed through:\nstdout %q\nstderr %q", strings.Join(argv, " "), code, stdout, stderr)
		}
		if !strings.Contains(stdout+stderr, "pwned") {
			t.Errorf("chainshot %s: the file's text is not shown at all (nothing to escape):\nstdout %q\nstderr %q", strings.Join(argv, " "), stdout, stderr)
		}
	}
}

// jsonEscape writes s as the inside of a JSON string.
func jsonEscape(s string) string {
	r := strings.NewReplacer("\x1b", `\u001b`, "\x07", `\u0007`, "\n", `\n`, `"`, `\"`)
	return r.Replace(s)
}

// FuzzParseSize: --size of every react command (reactSizeFlag, over
// chainreact.ParseSize; run here through react perft) and of gen
// (parseRxC) read any text or refuse it with bad input before the command
// runs, never a panic; the one line of the message says the flag, the
// value and what it takes, never a Go error; a size read writes back to
// itself.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"9x6", "2X2", "16x16", "1x5", "17x3", "+5x6", "x", "", "9x6x2", " 3x3", "99999999999999999999x2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var stdout, stderr strings.Builder
		code := run([]string{"chainshot", "react", "perft", "--depth", "1", "--size=" + s}, strings.NewReader(""), &stdout, &stderr)
		rows, cols, err := chainreact.ParseSize(s)
		switch {
		case code == 0 && err != nil:
			t.Fatalf("%q: react perft ran with a size ParseSize refuses (%v)", s, err)
		case code == 0:
			if r2, c2, err := chainreact.ParseSize(chainreact.FormatSize(rows, cols)); err != nil || r2 != rows || c2 != cols {
				t.Fatalf("%q: %dx%d does not write back (%v)", s, rows, cols, err)
			}
		default:
			msg := stderr.String()
			if code != status.Bad || err == nil || stdout.Len() > 0 || strings.Count(msg, "\n") != 1 ||
				!strings.HasPrefix(msg, "chainshot react perft: --size ") || !strings.Contains(msg, "want RxC") || strings.Contains(msg, "strconv") {
				t.Fatalf("%q: exit %d, stdout %q, stderr %q", s, code, stdout.String(), msg)
			}
		}
		if r, c, ok := parseRxC(s, 1, 32, 32); ok {
			if r < 1 || c < 1 || r > 32 || c > 32 {
				t.Fatalf("%q: parseRxC read %dx%d", s, r, c)
			}
			if r2, c2, ok := parseRxC(chainreact.FormatSize(r, c), 1, 32, 32); !ok || r2 != r || c2 != c {
				t.Fatalf("%q: parseRxC's %dx%d does not write back", s, r, c)
			}
		}
	})
}
