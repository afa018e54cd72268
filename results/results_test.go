package results

import (
	"bytes"
	"encoding/csv"
	"reflect"
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
	// A run ranked by the literature's score, best first: a clear is
	// worth 1000, beads left nothing.
	byScore := []Record{{BeadsLeft: 3, Score: 30423}, {BeadsLeft: 0, Score: 20101}, {BeadsLeft: 1, Score: 21100}, {BeadsLeft: 0, Score: 5000}}
	for i := range byScore {
		byScore[i].Rank = RankScore
	}
	for i := range byScore {
		for j := range byScore {
			if got := byScore[i].Better(byScore[j]); got != (i < j) {
				t.Errorf("%+v.Better(%+v) = %v", byScore[i], byScore[j], got)
			}
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

// full is a record with every field set to something other than its
// zero value.
var full = Record{
	File: "sets/hard1.txt#3", Rows: 15, Cols: 14, Colors: 5, Algorithm: "auto/nrpa",
	Budget: 30, CPU: 29.4, Moves: [][2]int{{1, 3}, {2, 7}}, Score: 2211, BeadsLeft: 2,
	Optimal: true, Seed: 7, Nodes: 123456, Partial: true,
	Requested: "auto", MaxNodes: 5000, Wall: true, Params: `{"TabuTrials":0}`, Rank: RankScore,
}

func TestSettings(t *testing.T) {
	tests := []struct {
		r    Record
		want Settings
	}{
		{full, Settings{Algo: "auto", Budget: 30, Wall: true, MaxNodes: 5000, Seed: 7, Params: `{"TabuTrials":0}`, Rank: RankScore}},
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
		{"file", "rows", "cols", "colors", "algorithm", "budget_cpu_seconds", "cpu_seconds", "beads_left", "score", "literature_score", "optimal", "partial", "moves", "seed"},
		{"sets/hard1.txt#3", "15", "14", "5", "auto/nrpa", "30", "29.400", "2", "2211", "2211", "true", "true", "1 3;2 7", "7"},
		{"b,c", "0", "0", "0", "", "0", "0.000", "0", "0", "1000", "false", "false", "", "0"},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("CSV\n got %q\nwant %q", rows, want)
	}
}

// TestMergeKeepsTheBetterLine: wherever two lines of one data set meet
// (in one file or two, in either order), the merge keeps the one the
// game's rule ranks higher: fewer beads left, then the higher score; a
// worse line never replaces a better one.
func TestMergeKeepsTheBetterLine(t *testing.T) {
	pairs := []struct{ worse, better Record }{
		{Record{File: "a", BeadsLeft: 2, Score: 900}, Record{File: "a", BeadsLeft: 1, Score: 5}},
		{Record{File: "a", BeadsLeft: 0, Score: 40}, Record{File: "a", BeadsLeft: 0, Score: 41}},
		{Record{File: "a", BeadsLeft: 9, Score: 0}, Record{File: "a", BeadsLeft: 0, Score: 0}},
	}
	for _, p := range pairs {
		for _, in := range [][][]Record{{{p.worse}, {p.better}}, {{p.better}, {p.worse}}, {{p.worse, p.better}}, {{p.better, p.worse}}} {
			got := Merge(in...)
			if len(got) != 1 || !reflect.DeepEqual(got[0], p.better) {
				t.Errorf("Merge(%+v) = %+v, want the better %+v", in, got, p.better)
			}
		}
	}
}
