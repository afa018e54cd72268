package solverun

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact"
	"chainshot/internal/iostreams"
)

func emptyBoard(t *testing.T, rows, cols int) chainreact.Position {
	t.Helper()
	pos, err := chainreact.NewPosition(rows, cols, 2)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// TestRunProves solves the empty 3x3 board, called without the binary:
// R wins on ply 13 with a principal variation that ends there, in text
// and in JSON.
func TestRunProves(t *testing.T) {
	var out bytes.Buffer
	o := Options{Cmd: "test", Pos: emptyBoard(t, 3, 3), MemoryMB: 16}
	if err := Run(context.Background(), iostreams.New(nil, &out, io.Discard), o); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3x3, empty board, R to move\n", "R wins under perfect play; the last move is ply 13, 13 plies from here\n", "principal variation: R "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	o.JSON = true
	if err := Run(context.Background(), iostreams.New(nil, &out, io.Discard), o); err != nil {
		t.Fatal(err)
	}
	var j JSON
	if err := json.Unmarshal(out.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if j.Result != "proved" || *j.Winner != "R" || *j.Plies != 13 || len(j.PV) != 13 {
		t.Errorf("JSON %+v", j)
	}
}

// TestRunStops: a node limit and a budget stop a solve too big for them,
// each saying why.
func TestRunStops(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{MaxNodes: 1000}, "max-nodes"},
		{Options{Budget: 50 * time.Millisecond, Wall: true}, "budget"},
	} {
		var out bytes.Buffer
		tc.o.Cmd, tc.o.Pos, tc.o.MemoryMB, tc.o.JSON = "test", emptyBoard(t, 5, 5), 16, true
		if err := Run(context.Background(), iostreams.New(nil, &out, io.Discard), tc.o); err != nil {
			t.Fatal(err)
		}
		var j JSON
		if err := json.Unmarshal(out.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		if j.Stopped != tc.want || j.Result == "proved" {
			t.Errorf("%+v: stopped %q, result %q; want stopped %q", tc.o, j.Stopped, j.Result, tc.want)
		}
	}
}

func TestTableMB(t *testing.T) {
	for _, tc := range []struct {
		memory int
		budget time.Duration
		want   int
	}{{256, 0, 256}, {256, time.Second, 256}, {256, 100 * time.Millisecond, 25}, {256, time.Millisecond, 1}} {
		if got := TableMB(tc.memory, tc.budget); got != tc.want {
			t.Errorf("TableMB(%d, %v) = %d, want %d", tc.memory, tc.budget, got, tc.want)
		}
	}
}
