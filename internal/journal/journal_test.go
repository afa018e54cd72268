package journal

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/internal/outfile"
	"chainshot/internal/strictjson"
)

type game struct {
	Game   int    `json:"game" strict:"required"`
	Winner string `json:"winner" strict:"required"`
}

var games = Kind{Name: "game records", Line: "a game record", MaxLine: 256, Holds: "one game",
	Resume: "rerun with --resume to continue that match"}

func readGame(n *int) func(Line) error {
	return func(l Line) error {
		var g game
		if err := strictjson.Decode(l.Text, &g, strictjson.Options{What: "a game record"}); err != nil {
			return err
		}
		*n++
		return nil
	}
}

// TestOpen is the journal's table: what is in the file, resumed or not,
// and what Open does with it.
func TestOpen(t *testing.T) {
	const g1 = `{"game":1,"winner":"R"}`
	tests := []struct {
		name    string
		content string
		resume  bool
		header  string
		want    string // "" for opened; else a substring of the refusal
		records int
		after   string // the file after Open, if opened
		warned  bool
	}{
		{"new", "", false, "", "", 0, "", false},
		{"empty, resumed", "", true, "", "", 0, "", false},
		{"records without --resume", g1 + "\n", false, "", "already holds game records (24 bytes); rerun with --resume", 0, "", false},
		{"records resumed", g1 + "\n\n" + g1 + "\n", true, "", "", 2, g1 + "\n\n" + g1 + "\n", false},
		{"a cut last line", g1 + "\n" + `{"game":2,"win`, true, "", "", 1, g1 + "\n", true},
		{"a cut line with its newline", g1 + "\n" + `{"game":2,"win` + "\n" + g1 + "\n", true, "", `:2:15: the JSON object ends early`, 0, "", false},
		{"settings without a newline", `{"name": "my settings", "important": true}`, true, "", `cfg:1:2: "name" is no field of a game record`, 0, "", false},
		{"settings, not resumed", `{"name": "my settings", "important": true}`, false, "", `"name" is no field`, 0, "", false},
		{"plain text without a newline", "my notes", true, "", "cfg:1:1: not JSON", 0, "", false},
		{"plain text", "my notes\nmore\n", false, "", "cfg:1:1: not JSON", 0, "", false},
		{"a long line", strings.Repeat("x", 300) + "\n", true, "", "cfg:1: the line is over 256 bytes", 0, "", false},
		{"a header written", "", false, "#games", "", 0, "#games\n", false},
		{"a header read", "#games\n" + g1 + "\n", true, "#games", "", 1, "#games\n" + g1 + "\n", false},
		{"another header", "#other\n" + g1 + "\n", true, "#games", "its first line is not the header of game records", 0, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cfg")
			if tt.content != "" || tt.name == "empty, resumed" {
				os.WriteFile(path, []byte(tt.content), 0o644)
			}
			g := outfile.NewGate(nil)
			defer g.Close()
			n := 0
			warned := false
			j, err := Open(g, Options{Flag: "--out", Path: path, Kind: games, Resume: tt.resume, Read: readGame(&n),
				Header: []byte(tt.header), Warn: func(string) { warned = true }})
			got, _ := os.ReadFile(path)
			if tt.want != "" {
				if err == nil || !strings.Contains(strings.ReplaceAll(err.Error(), path, "cfg"), tt.want) {
					t.Fatalf("got %v, want %q", err, tt.want)
				}
				if string(got) != tt.content {
					t.Errorf("a refused file changed: %q, was %q", got, tt.content)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n != tt.records || j.Records != tt.records || warned != tt.warned {
				t.Errorf("read %d records (Records %d), warned %v; want %d, %v", n, j.Records, warned, tt.records, tt.warned)
			}
			if string(got) != tt.after {
				t.Errorf("the file holds %q, want %q", got, tt.after)
			}
			if err := j.Append([]byte(`{"game":9,"winner":"G"}`)); err != nil {
				t.Fatal(err)
			}
			j.Close()
			got, _ = os.ReadFile(path)
			if !strings.HasSuffix(string(got), tt.after+`{"game":9,"winner":"G"}`+"\n") {
				t.Errorf("after Append: %q", got)
			}
		})
	}
}

func TestScanSkipsACutLastLine(t *testing.T) {
	n := 0
	cut, err := Scan(strings.NewReader(`{"game":1,"winner":"R"}`+"\n"+`{"game":2`), "r", games, readGame(&n))
	if err != nil || cut == nil || cut.No != 2 || cut.Offset != 24 || cut.Len != 9 || n != 1 {
		t.Fatalf("Scan = %+v, %v (n %d)", cut, err, n)
	}
	if !strings.Contains(cut.Warning(), "r:2: the last line is cut short (9 bytes") {
		t.Errorf("warning %q", cut.Warning())
	}
}
