package gamepic

import (
	"bytes"
	"errors"
	"image/gif"
	"strconv"
	"strings"
	"testing"

	"chainshot/expendibots"
)

func TestExpendibotsGIF(t *testing.T) {
	p, err := expendibots.ParseJSON([]byte(`{"white": [[1,1,4]], "black": [[1,4,6]]}`), "one.json")
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board
	res, err := expendibots.Solve(b, expendibots.Options{Algo: expendibots.AlgoBFS, MaxStates: 100000})
	if err != nil || res.Status != expendibots.Solved {
		t.Fatalf("solve: %v %v", res.Status, err)
	}
	frames, err := ExpendibotsFrames(b, res.Actions)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != len(res.Actions)+1 {
		t.Fatalf("%d frames for %d actions", len(frames), len(res.Actions))
	}
	last := frames[len(frames)-1]
	if len(last.Boom) == 0 || !strings.Contains(last.Caption, "BOOM") {
		t.Errorf("the last action is a boom and its frame must mark it: %+v", last)
	}
	for _, st := range last.Stacks {
		if st.Black {
			t.Errorf("black stack left on the last frame: %+v", st)
		}
	}
	if !strings.HasSuffix(last.Caption, "won, every black token gone") {
		t.Errorf("the last frame of a won case says so: %q", last.Caption)
	}
	draw, err := ExpendibotsGIF("one.json", b, res.Actions)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(res.Actions)+1 {
		t.Errorf("GIF has %d frames, want %d", len(g.Image), len(res.Actions)+1)
	}
	bad := append(append([]expendibots.Action{}, res.Actions...), expendibots.BoomAction(0, 0))
	_, err = ExpendibotsGIF("one.json", b, bad)
	var fe *FramesError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "action "+strconv.Itoa(len(bad))) {
		t.Errorf("illegal action: %v", err)
	}
}

func TestExpendibotsTitle(t *testing.T) {
	for file, want := range map[string]string{
		"one.json":                            "one",
		"/data/expendibots/test-level-4.json": "test-level-4",
		"cases/odd.name.txt":                  "odd.name.txt",
	} {
		if got := ExpendibotsTitle(file); got != want {
			t.Errorf("ExpendibotsTitle(%q) = %q, want %q", file, got, want)
		}
	}
}
