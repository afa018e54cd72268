package main

import (
	"image/gif"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"chainshot/expendibots"
	"chainshot/internal/filekinds"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
)

func TestWriteBoomGIF(t *testing.T) {
	p, err := expendibots.ParseJSON([]byte(`{"white": [[1,1,4]], "black": [[1,4,6]]}`), "one.json")
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board
	res, err := expendibots.Solve(b, expendibots.Options{Algo: expendibots.AlgoBFS, MaxStates: 100000})
	if err != nil || res.Status != expendibots.Solved {
		t.Fatalf("solve: %v %v", res.Status, err)
	}
	frames, err := boomFrames(b, res.Actions)
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
	path := filepath.Join(t.TempDir(), "b.gif")
	if err := writeBoomGIF(claimFor(t, path, filekinds.GIF), "one.json", b, res.Actions); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(res.Actions)+1 {
		t.Errorf("GIF has %d frames, want %d", len(g.Image), len(res.Actions)+1)
	}
	bad := append(append([]expendibots.Action{}, res.Actions...), expendibots.BoomAction(0, 0))
	if code, msg := status.Code(writeBoomGIF(claimFor(t, filepath.Join(t.TempDir(), "x.gif"), filekinds.GIF), "one.json", b, bad)); code != status.Failed || !strings.Contains(msg, "action "+strconv.Itoa(len(bad))) {
		t.Errorf("illegal action: status %d %q", code, msg)
	}
}

func TestBoomTitle(t *testing.T) {
	for file, want := range map[string]string{
		"one.json":                            "one",
		"/data/expendibots/test-level-4.json": "test-level-4",
		"cases/odd.name.txt":                  "odd.name.txt",
	} {
		if got := boomTitle(file); got != want {
			t.Errorf("boomTitle(%q) = %q, want %q", file, got, want)
		}
	}
}

// claimFor claims path as an output of kind k for a test, through a gate
// of its own that the test's end closes.
func claimFor(t *testing.T, path string, k outfile.Kind) *outfile.Claim {
	t.Helper()
	g := outfile.NewGate(nil)
	t.Cleanup(g.Close)
	c, err := g.Claim("--test", path, k)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
