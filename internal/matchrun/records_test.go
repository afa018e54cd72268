package matchrun

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/chainreact/match"
	"chainshot/internal/status"
)

// recordLines plays a short match and returns its record lines.
func recordLines(t testing.TB, games int) [][]byte {
	t.Helper()
	cfg := match.MatchConfig{Specs: [2]string{"greedy", "random"}, Games: games, Rows: 4, Cols: 4, Seed: 3, Jobs: 1, OpeningPlies: 2}
	var lines [][]byte
	cfg.Record = func(r match.GameRecord) error { lines = append(lines, cfg.RecordLine(r)); return nil }
	if _, err := match.RunMatch(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestDecodeRecord: a record line is read strictly, its messages in the
// file's terms (the column and the field, never a Go type).
func TestDecodeRecord(t *testing.T) {
	line := bytes.TrimSpace(recordLines(t, 1)[0])
	if _, err := DecodeRecord(line); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"an unknown field", `{`, `{"x":1,`, `2: "x" is no field of a game record`},
		{"a string for a number", `"game":1`, `"game":"1"`, `"game" is a string: want a whole number`},
		{"a field twice", `"game":1,`, `"game":1,"game":1,`, `"game" is there twice`},
		{"a field missing", `"seed":3,`, ``, `"seed" is missing`},
		{"a huge number", `"seed":3`, `"seed":1e400`, `"seed" is 1e400: want a whole number`},
		{"a size off the rules", `"size":"4x4"`, `"size":"1000000x1000000"`, `"size" is "1000000x1000000": want RxC`},
	} {
		bad := strings.Replace(string(line), tc.from, tc.to, 1)
		_, err := DecodeRecord([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "int") || strings.Contains(err.Error(), "json:") {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestOutRefusesForeignFiles: --out takes records only from a file of
// this match's records; any other file, whether resumed or not, is
// refused (bad input) and left as it is. Only a last line that is cut
// short (its JSON ends early, no newline) is dropped, with a warning.
func TestOutRefusesForeignFiles(t *testing.T) {
	lines := recordLines(t, 3)
	other := bytes.Replace(lines[0], []byte(`"seed":3`), []byte(`"seed":4`), 1)
	for _, tc := range []struct {
		name, text string
		want       string // in the error when resumed; "" for none
		// record says the first line is a record: without --resume, the
		// file "already holds game records"
		record bool
	}{
		{"one JSON line without its newline", `{"name": "my settings", "important": true}`, `"name" is no field of a game record`, false},
		{"the same with its newline", "{\"name\": \"my settings\", \"important\": true}\n", `"name" is no field of a game record`, false},
		{"plain text", "notes to self\n", "not JSON", false},
		{"plain text without a newline", "notes to self", "not JSON", false},
		{"an empty object", "{}", `"game" is missing`, false},
		{"another match's record", string(other), `seed "4", this match's is "3"`, true},
		{"a record, then text", string(lines[0]) + "notes", "2:2: not JSON", true},
		{"a record and a cut one", string(lines[0]) + string(lines[1][:40]), "", true},
	} {
		for _, resume := range []bool{false, true} {
			path := filepath.Join(t.TempDir(), "g.jsonl")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			ios, _, errs := testIO(t)
			o := testOptions(path, 4)
			o.Resume = resume
			err := Run(context.Background(), ios, o)
			ios.Close()
			data, _ := os.ReadFile(path)
			switch {
			case tc.record && !resume:
				if !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "already holds game records") || string(data) != tc.text {
					t.Errorf("%s, not resumed: %v", tc.name, err)
				}
			case tc.want == "":
				if err != nil || !strings.Contains(errs.String(), "the last line is cut short") || bytes.Count(data, []byte("\n")) != 4 {
					t.Errorf("%s, resumed: %v; stderr %q; the file:\n%s", tc.name, err, errs.String(), data)
				}
			default:
				if !status.Is(err, status.Bad) || !strings.Contains(err.Error(), tc.want) || string(data) != tc.text {
					t.Errorf("%s (resume %v): %v; the file now:\n%s", tc.name, resume, err, data)
				}
			}
		}
	}
}

// FuzzReadRecord: any line is read or refused, never a panic; an error
// says no Go type; what is read is a game that the rules end with its
// winner, and the record written again reads back to the same game.
func FuzzReadRecord(f *testing.F) {
	for _, l := range recordLines(f, 2) {
		f.Add(l)
	}
	f.Add([]byte(`{"game":1}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		l, err := DecodeRecord(line)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "json:") || strings.Contains(msg, "[]") || strings.Contains(msg, "float64") {
				t.Fatalf("%q: a message not in the file's terms: %s", line, msg)
			}
			return
		}
		info, r, err := match.ReadRecordJSON(&l)
		if err != nil {
			return
		}
		b, _ := chainreact.NewBoard(info.Rows, info.Cols, 2)
		for _, m := range r.Moves {
			if err := b.PlayChecked(m); err != nil {
				t.Fatalf("read an illegal game: %v", err)
			}
		}
		if !b.Over() || r.First^b.Winner() != r.Winner {
			t.Fatalf("read a game that does not end with its winner")
		}
		again, _ := json.Marshal(l)
		l2, err := DecodeRecord(again)
		if err != nil {
			t.Fatalf("%s written again does not read: %v", again, err)
		}
		if _, r2, err := match.ReadRecordJSON(&l2); err != nil || r2.Winner != r.Winner || len(r2.Moves) != len(r.Moves) {
			t.Fatalf("%s written again reads as another game: %v", again, err)
		}
	})
}
