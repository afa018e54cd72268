package resultsfile

import (
	"bytes"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"chainshot/internal/journal"
	"chainshot/results"
)

// file is what readJSONL read: the lines and a cut last line.
type file struct {
	Lines   []results.Line
	Partial *journal.Cut
}

// readJSONL reads every line of r, and the cut last line it skipped.
func readJSONL(r io.Reader, name string) (file, error) {
	lines, cut, err := Read(r, name)
	return file{lines, cut}, err
}

// full is a record with every field set to something other than its
// zero value, so that a round trip that drops or mixes up any field
// fails.
var full = results.Record{
	File: "sets/hard1.txt#3", Rows: 15, Cols: 14, Colors: 5, Algorithm: "auto/nrpa",
	Budget: 30, CPU: 29.4, Moves: [][2]int{{1, 3}, {2, 7}}, Score: 2211, BeadsLeft: 2,
	Optimal: true, Seed: 7, Nodes: 123456, Partial: true,
	Requested: "auto", MaxNodes: 5000, Wall: true, Params: `{"TabuTrials":0}`, Rank: results.RankScore,
}

func TestJSONLRoundTrip(t *testing.T) {
	if v := reflect.ValueOf(full); true {
		for i := range v.NumField() {
			if v.Field(i).IsZero() {
				t.Fatalf("full.%s is zero: give it a value so the round trip checks it", v.Type().Field(i).Name)
			}
		}
	}
	recs := []results.Record{full, {File: "x", Moves: [][2]int{}, BeadsLeft: 3}}
	var sb strings.Builder
	for _, r := range recs {
		sb.Write(results.MarshalLine(r))
	}
	if !strings.Contains(sb.String(), `"budget_cpu_seconds":30`) || !strings.Contains(sb.String(), `"moves":[]`) {
		t.Fatalf("fields: %s", sb.String())
	}
	f, err := readJSONL(strings.NewReader("\n"+sb.String()), "r.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if f.Partial != nil || len(f.Lines) != 2 {
		t.Fatalf("read back %+v", f)
	}
	for i, l := range f.Lines {
		if l.No != i+2 {
			t.Errorf("line %d numbered %d", i+2, l.No)
		}
		if !reflect.DeepEqual(l.Record, recs[i]) {
			t.Errorf("line %d:\n got %+v\nwant %+v", l.No, l.Record, recs[i])
		}
		if want := bytes.TrimSuffix(results.MarshalLine(recs[i]), []byte("\n")); !bytes.Equal(l.Raw, want) {
			t.Errorf("line %d raw %q, want %q", l.No, l.Raw, want)
		}
	}
	// A record with no moves marshals them as [] and reads back as [].
	f, _ = readJSONL(bytes.NewReader(results.MarshalLine(results.Record{File: "y"})), "r")
	if got := f.Lines[0].Record; !reflect.DeepEqual(got, results.Record{File: "y", Moves: [][2]int{}}) {
		t.Errorf("nil moves read back as %+v", got)
	}
}

// TestReadJSONLErrors: results lines are read strictly, and every defect
// is one message in the file's terms: file, line, column and the field,
// never the decoder's Go types.
func TestReadJSONLErrors(t *testing.T) {
	const ok = `"file":"a","moves":[[1,2]],"score":0,"beads_left":3`
	tests := []struct {
		name, in, want string
	}{
		{"file not a string", "{\"file\": 3," + `"moves":[],"score":0,"beads_left":0}` + "\n", `r.jsonl:1:10: "file" is the number 3: want a string`},
		{"cut line, not the last", "{" + ok + "}\n{\"file\": \"x\"\n", "r.jsonl:2:13: the JSON object ends early"},
		{"score a string", "{" + ok + "}\n\n{\"file\":\"b\",\"score\": \"a\"}", `r.jsonl:3:22: "score" is a string: want a whole number`},
		{"two objects", "{" + ok + "} {}\n", "r.jsonl:1:56: more than one JSON value"},
		{"cut line in the middle", "{" + ok + "}\n{\"file\":\"b\",\"sc\n{" + ok + "}\n", "r.jsonl:2:"},
		{"unclosed, then more", "{\"file\":\"a\"\n{\"file\":\"b\"}", "r.jsonl:1:"},
		{"a move of one number", `{"file":"a","moves":[[1]],"score":0,"beads_left":3}`, `r.jsonl:1:21: "moves" move 1 is [1]: want a list of [row, col] pairs`},
		{"a move of three numbers", `{"file":"a","moves":[[1,1,1]],"score":0,"beads_left":3}`, `"moves" move 1 is [1,1,1]: want a list of [row, col] pairs`},
		{"a move off any board", `{"file":"a","moves":[[2,2],[0,33]],"score":0,"beads_left":3}`, `"moves" move 2 is [0,33]: want a list of [row, col] pairs such as [[2,3],[1,1]], each from 1 to 32`},
		{"a move as text", `{"file":"a","moves":[["1","2"]],"score":0,"beads_left":3}`, `move 1 is ["1","2"]`},
		{"moves an object", `{"file":"a","moves":{"r":1},"score":0,"beads_left":3}`, `"moves" is an object: want a list`},
		{"moves null", `{"file":"a","moves":null,"score":0,"beads_left":3}`, `"moves" is null: want a list`},
		{"duplicate file", `{"file":"a","file":"b","moves":[],"score":0,"beads_left":3}`, `r.jsonl:1:13: "file" is there twice: each field once`},
		{"duplicate score", `{"file":"a","score":1,"moves":[],"score":9,"beads_left":3}`, `"score" is there twice`},
		{"no file", `{"moves":[],"score":0,"beads_left":3}`, `r.jsonl:1:1: "file" is missing`},
		{"no moves", `{"file":"a","score":0,"beads_left":3}`, `"moves" is missing`},
		{"no score", `{"file":"a","moves":[],"beads_left":3}`, `"score" is missing`},
		{"no beads_left", `{"file":"a","moves":[],"score":3}`, `"beads_left" is missing`},
		{"empty file", `{"file":"","moves":[],"score":0,"beads_left":3}`, `"file" is empty`},
		{"negative score", `{"file":"a","moves":[],"score":-4,"beads_left":3}`, `"score" is -4: want 0 to 2,147,483,647`},
		{"fractional beads", `{"file":"a","moves":[],"score":4,"beads_left":1.5}`, `"beads_left" is 1.5: want a whole number`},
		{"too many beads", `{"file":"a","moves":[],"score":4,"beads_left":2000}`, `"beads_left" is 2000`},
		{"rows past 32", `{"file":"a","rows":40,"moves":[],"score":4,"beads_left":2}`, `"rows" is 40: want 0 to 32`},
		{"optimal a string", `{"file":"a","moves":[],"score":4,"beads_left":2,"optimal":"yes"}`, `"optimal" is a string: want true or false`},
		{"seed negative", `{"file":"a","moves":[],"score":4,"beads_left":2,"seed":-1}`, `"seed" is -1: want a whole number from 0`},
		{"budget negative", `{"file":"a","moves":[],"score":4,"beads_left":2,"budget_cpu_seconds":-1}`, `"budget_cpu_seconds" is -1: want seconds`},
		{"an array", `[1,2]`, "r.jsonl:1:1: not a JSON object"},
		{"a number", `42`, "r.jsonl:1:1: not a JSON object"},
		{"binary", "\x00\x01\x02\n", "r.jsonl:1:1: not JSON"},
		{"too long", strings.Repeat("x", results.MaxLineBytes+1) + "\n", "r.jsonl:1: the line is over 64 KiB"},
		{"too long, no newline", strings.Repeat("{", 3*results.MaxLineBytes), "r.jsonl:1: the line is over 64 KiB"},
	}
	for _, tt := range tests {
		_, err := readJSONL(strings.NewReader(tt.in), "r.jsonl")
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "r.jsonl:") {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
			continue
		}
		for _, internal := range []string{"Go ", "struct", "[][2]int", "Record", "unmarshal", "json:"} {
			if strings.Contains(err.Error(), internal) {
				t.Errorf("%s: %v speaks of Go's internals (%s)", tt.name, err, internal)
			}
		}
	}
}

// TestReadJSONLUnknownFields: fields that are not chainshot's (another
// tool's, a later version's) are read past, kept in the line's bytes and
// named, for the caller to warn about; the line's own fields still read.
func TestReadJSONLUnknownFields(t *testing.T) {
	f, err := readJSONL(strings.NewReader(`{"file":"a","by":"someone","moves":[],"score":4,"beads_left":1,"note":{"x":1}}`), "r")
	if err != nil {
		t.Fatal(err)
	}
	l := f.Lines[0]
	if !reflect.DeepEqual(l.Record, results.Record{File: "a", Moves: [][2]int{}, Score: 4, BeadsLeft: 1}) || !reflect.DeepEqual(l.Unknown, []string{"by", "note"}) {
		t.Errorf("read %+v, unknown %q", l.Record, l.Unknown)
	}
}

// TestReadJSONLPartialLastLine: a last line with no newline that does
// not parse (a run killed while writing it) is skipped and reported, with
// where it starts; a complete last line without a newline is a line.
func TestReadJSONLPartialLastLine(t *testing.T) {
	a := string(results.MarshalLine(results.Record{File: "a", Moves: [][2]int{}}))
	// b's cuts must all end inside the object: a line cut after its
	// closing brace is whole.
	b := string(results.MarshalLine(results.Record{File: "b", Moves: [][2]int{{1, 1}}, Score: 4}))
	tests := []struct {
		name    string
		in      string
		files   []string
		partial *journal.Cut
	}{
		{"whole", a + b, []string{"a", "b"}, nil},
		{"cut in the object", a + b[:10], []string{"a"}, &journal.Cut{Path: "r.jsonl", No: 2, Offset: int64(len(a)), Len: 10}},
		{"cut before the newline", a + strings.TrimSuffix(b, "}\n"), []string{"a"}, &journal.Cut{Path: "r.jsonl", No: 2, Offset: int64(len(a)), Len: len(b) - 2}},
		{"only line cut", b[:5], nil, &journal.Cut{Path: "r.jsonl", No: 1, Offset: 0, Len: 5}},
		{"last line complete, no newline", a + strings.TrimSuffix(b, "\n"), []string{"a", "b"}, nil},
		{"blank lines before the cut", a + "\n\n" + b[:3], []string{"a"}, &journal.Cut{Path: "r.jsonl", No: 4, Offset: int64(len(a) + 2), Len: 3}},
		{"empty", "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := readJSONL(strings.NewReader(tt.in), "r.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, l := range f.Lines {
				files = append(files, l.Record.File)
			}
			if !reflect.DeepEqual(files, tt.files) {
				t.Errorf("lines %q, want %q", files, tt.files)
			}
			if !reflect.DeepEqual(f.Partial, tt.partial) {
				t.Errorf("partial %+v, want %+v", f.Partial, tt.partial)
			}
			if f.Partial != nil {
				if rest := tt.in[f.Partial.Offset:]; len(rest) != f.Partial.Len || strings.Contains(rest, "\n") {
					t.Errorf("offset %d leaves %q", f.Partial.Offset, rest)
				}
				if w := f.Partial.Warning(); !strings.HasPrefix(w, "r.jsonl:"+strconv.Itoa(tt.partial.No)+": the last line is cut short") {
					t.Errorf("warning %q", w)
				}
			}
		})
	}
}

// TestEveryCutIsPartial: wherever a write of a line stops before its
// closing brace, what is left reads as a partial last line. (With the
// brace and no newline, the line is whole: TestReadJSONLPartialLastLine.)
func TestEveryCutIsPartial(t *testing.T) {
	a := results.MarshalLine(results.Record{File: "a", Moves: [][2]int{}})
	line := results.MarshalLine(full)
	for k := 1; k < len(line)-1; k++ {
		in := append(append([]byte{}, a...), line[:k]...)
		f, err := readJSONL(bytes.NewReader(in), "r.jsonl")
		want := &journal.Cut{Path: "r.jsonl", No: 2, Offset: int64(len(a)), Len: k}
		if err != nil || len(f.Lines) != 1 || !reflect.DeepEqual(f.Partial, want) {
			t.Fatalf("cut after %d bytes (%q): %+v, %v", k, line[:k], f.Partial, err)
		}
	}
}

// FuzzReadJSONL: whatever the bytes, the reader returns lines or one
// error naming the file and line, never panics; every line it accepts
// writes back (MarshalLine) to a line that reads as the same record; a
// partial line is only ever the last, with no newline after it.
func FuzzRead(f *testing.F) {
	f.Add(string(results.MarshalLine(full)))
	f.Add(string(results.MarshalLine(full)) + `{"file":"a","moves":[[1]],"score":0,"beads_left":3}`)
	f.Add(`{"file":"a","file":"b","moves":[],"score":0,"beads_left":3}` + "\n")
	f.Add(`{"file":"a","moves":[[1,1,1]],"score":"x","beads_left":3,"extra":[1,{"y":null}]}`)
	f.Add("\n\n{\"file\":\"a\",\"mo")
	f.Add("\x00\xff{}\r\n[]")
	f.Fuzz(func(t *testing.T, in string) {
		file, err := readJSONL(strings.NewReader(in), "f.jsonl")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.jsonl:") {
				t.Fatalf("error %q does not name the file and line", err)
			}
			return
		}
		last := 0
		for _, l := range file.Lines {
			if l.No <= last {
				t.Fatalf("line %d after line %d", l.No, last)
			}
			last = l.No
			back, _, err := results.DecodeLine(bytes.TrimSuffix(results.MarshalLine(l.Record), []byte("\n")))
			if err != nil {
				t.Fatalf("line %d (%q) read as %+v, which does not read back: %v", l.No, l.Raw, l.Record, err)
			}
			if !reflect.DeepEqual(back, l.Record) {
				t.Fatalf("line %d: %+v reads back as %+v", l.No, l.Record, back)
			}
		}
		if p := file.Partial; p != nil {
			if p.No <= last || strings.Contains(in[p.Offset:], "\n") {
				t.Fatalf("partial line %+v is not the last, in %q", p, in)
			}
		}
	})
}
