package results

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRecordBetter(t *testing.T) {
	// The handout's ranking, best first.
	ranked := []Record{{BeadsLeft: 1, Score: 21450}, {BeadsLeft: 1, Score: 20100}, {BeadsLeft: 2, Score: 30423}, {BeadsLeft: 3, Score: 24567}}
	for i := range ranked {
		for j := range ranked {
			if got := ranked[i].Better(ranked[j]); got != (i < j) {
				t.Errorf("%+v.Better(%+v) = %v", ranked[i], ranked[j], got)
			}
		}
	}
}

func TestJSONLRoundTrip(t *testing.T) {
	recs := []Record{
		{File: "sets/hard1.txt", Rows: 15, Cols: 15, Colors: 5, Algorithm: "beam", Budget: 30, CPU: 29.4, Moves: [][2]int{{1, 3}, {2, 7}}, Score: 2211},
		{File: "x", Moves: nil, BeadsLeft: 3, Optimal: true},
	}
	var sb strings.Builder
	for _, r := range recs {
		sb.Write(MarshalLine(r))
	}
	if !strings.Contains(sb.String(), `"budget_cpu_seconds":30`) || !strings.Contains(sb.String(), `"moves":[]`) {
		t.Fatalf("fields: %s", sb.String())
	}
	lines, err := ReadJSONL(strings.NewReader("\n"+sb.String()), "r.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 || lines[0].No != 2 || lines[0].Record.Score != 2211 || lines[1].Record.BeadsLeft != 3 || !lines[1].Record.Optimal {
		t.Fatalf("read back %+v", lines)
	}
}

func TestReadJSONLErrors(t *testing.T) {
	cases := map[string]string{
		"{\"file\": 3}\n":          "r.jsonl:1:",
		"{}\n{\"file\": \"x\"\n":   "r.jsonl:2:13: the line ends inside a JSON object",
		"{}\n\n{\"score\": \"a\"}": "r.jsonl:3:",
		"{} {}\n":                  "r.jsonl:1: more than one JSON object",
	}
	for in, want := range cases {
		_, err := ReadJSONL(strings.NewReader(in), "r.jsonl")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	// Extra fields from other tools are accepted.
	lines, err := ReadJSONL(strings.NewReader(`{"file":"a","score":4,"by":"someone"}`), "r")
	if err != nil || lines[0].Record.Score != 4 {
		t.Fatalf("extra field: %v", err)
	}
}

func TestWriteFileWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	if err := WriteFile(path, func(w io.Writer) error { _, err := io.WriteString(w, "first\n"); return err }); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("interrupted")
	})
	if err == nil {
		t.Fatal("a failed write reported success")
	}
	data, _ := os.ReadFile(path)
	if string(data) != "first\n" {
		t.Fatalf("the old file was touched: %q", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %d entries", len(entries))
	}
	if err := WriteFile(filepath.Join(dir, "no", "such", "x"), func(io.Writer) error { return nil }); err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Fatalf("bad path: %v", err)
	}
}
