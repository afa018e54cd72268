package results

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"strconv"
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

// full is a record with every field set to something other than its
// zero value, so that a round trip that drops or mixes up any field
// fails.
var full = Record{
	File: "sets/hard1.txt#3", Rows: 15, Cols: 14, Colors: 5, Algorithm: "auto/nrpa",
	Budget: 30, CPU: 29.4, Moves: [][2]int{{1, 3}, {2, 7}}, Score: 2211, BeadsLeft: 2,
	Optimal: true, Seed: 7, Nodes: 123456, Partial: true,
	Requested: "auto", MaxNodes: 5000, Wall: true, Params: `{"TabuTrials":0}`,
}

func TestJSONLRoundTrip(t *testing.T) {
	if v := reflect.ValueOf(full); true {
		for i := range v.NumField() {
			if v.Field(i).IsZero() {
				t.Fatalf("full.%s is zero: give it a value so the round trip checks it", v.Type().Field(i).Name)
			}
		}
	}
	recs := []Record{full, {File: "x", Moves: [][2]int{}, BeadsLeft: 3}}
	var sb strings.Builder
	for _, r := range recs {
		sb.Write(MarshalLine(r))
	}
	if !strings.Contains(sb.String(), `"budget_cpu_seconds":30`) || !strings.Contains(sb.String(), `"moves":[]`) {
		t.Fatalf("fields: %s", sb.String())
	}
	f, err := ReadJSONL(strings.NewReader("\n"+sb.String()), "r.jsonl")
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
		if want := bytes.TrimSuffix(MarshalLine(recs[i]), []byte("\n")); !bytes.Equal(l.Raw, want) {
			t.Errorf("line %d raw %q, want %q", l.No, l.Raw, want)
		}
	}
	// A record with no moves marshals them as [] and reads back as [].
	f, _ = ReadJSONL(bytes.NewReader(MarshalLine(Record{File: "y"})), "r")
	if got := f.Lines[0].Record; !reflect.DeepEqual(got, Record{File: "y", Moves: [][2]int{}}) {
		t.Errorf("nil moves read back as %+v", got)
	}
}

func TestReadJSONLErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"{\"file\": 3}\n", "results: r.jsonl:1:"},
		{"{}\n{\"file\": \"x\"\n", "results: r.jsonl:2:13: the line ends inside a JSON object"},
		{"{}\n\n{\"score\": \"a\"}", "results: r.jsonl:3:"},
		{"{} {}\n", "results: r.jsonl:1: more than one JSON object"},
		// A cut line that is not the last is an error, not a partial line.
		{"{\"file\":\"a\"}\n{\"file\":\"b\",\"sc\n{\"file\":\"c\"}\n", "results: r.jsonl:2:"},
		{"{\"file\":\"a\"\n{\"file\":\"b\"}", "results: r.jsonl:1:"},
	}
	for _, tt := range tests {
		_, err := ReadJSONL(strings.NewReader(tt.in), "r.jsonl")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.in, err, tt.want)
		}
	}
	// Extra fields from other tools are accepted.
	f, err := ReadJSONL(strings.NewReader(`{"file":"a","score":4,"by":"someone"}`), "r")
	if err != nil || !reflect.DeepEqual(f.Lines[0].Record, Record{File: "a", Score: 4}) {
		t.Fatalf("extra field: %+v %v", f, err)
	}
}

// TestReadJSONLPartialLastLine: a last line with no newline that does
// not parse (a run killed while writing it) is skipped and reported, with
// where it starts; a complete last line without a newline is a line.
func TestReadJSONLPartialLastLine(t *testing.T) {
	a := string(MarshalLine(Record{File: "a", Moves: [][2]int{}}))
	b := string(MarshalLine(Record{File: "b", Moves: [][2]int{{1, 1}}, Score: 4}))
	tests := []struct {
		name    string
		in      string
		files   []string
		partial *Partial
	}{
		{"whole", a + b, []string{"a", "b"}, nil},
		{"cut in the object", a + b[:10], []string{"a"}, &Partial{Name: "r.jsonl", No: 2, Offset: int64(len(a)), Len: 10}},
		{"cut before the newline", a + strings.TrimSuffix(b, "}\n"), []string{"a"}, &Partial{Name: "r.jsonl", No: 2, Offset: int64(len(a)), Len: len(b) - 2}},
		{"only line cut", b[:5], nil, &Partial{Name: "r.jsonl", No: 1, Offset: 0, Len: 5}},
		{"last line complete, no newline", a + strings.TrimSuffix(b, "\n"), []string{"a", "b"}, nil},
		{"blank lines before the cut", a + "\n\n" + b[:3], []string{"a"}, &Partial{Name: "r.jsonl", No: 4, Offset: int64(len(a) + 2), Len: 3}},
		{"empty", "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ReadJSONL(strings.NewReader(tt.in), "r.jsonl")
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
				if w := f.Partial.Warning(); !strings.HasPrefix(w, "results: r.jsonl:"+strconv.Itoa(tt.partial.No)+": the last line is cut short") {
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
	a := MarshalLine(Record{File: "a", Moves: [][2]int{}})
	line := MarshalLine(full)
	for k := 1; k < len(line)-1; k++ {
		in := append(append([]byte{}, a...), line[:k]...)
		f, err := ReadJSONL(bytes.NewReader(in), "r.jsonl")
		want := &Partial{Name: "r.jsonl", No: 2, Offset: int64(len(a)), Len: k}
		if err != nil || len(f.Lines) != 1 || !reflect.DeepEqual(f.Partial, want) {
			t.Fatalf("cut after %d bytes (%q): %+v, %v", k, line[:k], f.Partial, err)
		}
	}
}

func TestLiteratureScore(t *testing.T) {
	tests := []struct {
		r    Record
		want int
	}{
		{Record{Score: 2211, BeadsLeft: 0}, 2211 + ClearBonus},
		{Record{Score: 0, BeadsLeft: 0}, ClearBonus},
		{Record{Score: 2211, BeadsLeft: 1}, 2211},
		{Record{Score: 0, BeadsLeft: 25}, 0},
	}
	for _, tt := range tests {
		if got := tt.r.LiteratureScore(); got != tt.want {
			t.Errorf("%+v.LiteratureScore() = %d, want %d", tt.r, got, tt.want)
		}
	}
	if ClearBonus != 1000 {
		t.Errorf("ClearBonus = %d: the literature's bonus is 1000", ClearBonus)
	}
}

func TestSum(t *testing.T) {
	tests := []struct {
		name string
		recs []Record
		want Totals
	}{
		{"none", nil, Totals{}},
		{"one cleared, optimal", []Record{{Score: 100, CPU: 1.5, Optimal: true}},
			Totals{Sets: 1, Cleared: 1, Optimal: 1, Score: 100, Literature: 1100, CPU: 1.5}},
		{"mixed", []Record{
			{Score: 100, BeadsLeft: 0, CPU: 1},
			{Score: 50, BeadsLeft: 3, CPU: 2, Partial: true},
			{Score: 7, BeadsLeft: 1, CPU: 0.25, Optimal: true},
		}, Totals{Sets: 3, Cleared: 1, Optimal: 1, Partial: 1, BeadsLeft: 4, Score: 157, Literature: 1157, CPU: 3.25}},
	}
	for _, tt := range tests {
		if got := Sum(tt.recs); got != tt.want {
			t.Errorf("%s: Sum = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestMerge(t *testing.T) {
	a1 := Record{File: "a", Score: 10, BeadsLeft: 2}
	a2 := Record{File: "a", Score: 5, BeadsLeft: 1} // fewer beads: better
	a3 := Record{File: "a", Score: 99, BeadsLeft: 0, Partial: true}
	b1 := Record{File: "b", Score: 30, BeadsLeft: 0}
	b2 := Record{File: "b", Score: 40, BeadsLeft: 0} // same beads, higher score: better
	c1 := Record{File: "c", Score: 1, BeadsLeft: 9, Partial: true}
	c2 := Record{File: "c", Score: 2, BeadsLeft: 8, Partial: true}
	tests := []struct {
		name string
		in   [][]Record
		want []Record
	}{
		{"nothing", nil, []Record{}},
		{"disjoint shards, sorted by name", [][]Record{{b1}, {a1}}, []Record{a1, b1}},
		{"fewer beads left wins", [][]Record{{a1}, {a2}}, []Record{a2}},
		{"fewer beads left wins, either order", [][]Record{{a2}, {a1}}, []Record{a2}},
		{"then the higher score", [][]Record{{b2, b1}}, []Record{b2}},
		{"a finished line beats a better interrupted one", [][]Record{{a3}, {a1}}, []Record{a1}},
		{"a finished line beats a better interrupted one, either order", [][]Record{{a1, a3}}, []Record{a1}},
		{"two interrupted: the better", [][]Record{{c1}, {c2}}, []Record{c2}},
		{"all together", [][]Record{{c1, b1, a1}, {a3, c2}, {b2, a2}}, []Record{a2, b2, c2}},
	}
	for _, tt := range tests {
		if got := Merge(tt.in...); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Merge = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestSettings(t *testing.T) {
	tests := []struct {
		r    Record
		want Settings
	}{
		{full, Settings{Algo: "auto", Budget: 30, Wall: true, MaxNodes: 5000, Seed: 7, Params: `{"TabuTrials":0}`}},
		// Lines written before requested_algorithm: the part before "/".
		{Record{Algorithm: "auto/nrpa", Budget: 5, Seed: 1}, Settings{Algo: "auto", Budget: 5, Seed: 1}},
		{Record{Algorithm: "beam", Budget: 5}, Settings{Algo: "beam", Budget: 5}},
	}
	for _, tt := range tests {
		if got := tt.r.Settings(); got != tt.want {
			t.Errorf("%+v.Settings() = %+v, want %+v", tt.r, got, tt.want)
		}
	}
}

func TestWriteCSV(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteCSV(&buf, []Record{full, {File: "b,c", Moves: [][2]int{}}}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"file", "rows", "cols", "colors", "algorithm", "budget_cpu_seconds", "cpu_seconds", "beads_left", "score", "literature_score", "optimal", "partial", "moves"},
		{"sets/hard1.txt#3", "15", "14", "5", "auto/nrpa", "30", "29.400", "2", "2211", "2211", "true", "true", "1 3;2 7"},
		{"b,c", "0", "0", "0", "", "0", "0.000", "0", "0", "1000", "false", "false", ""},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("CSV\n got %q\nwant %q", rows, want)
	}
}
