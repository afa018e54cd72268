package rating

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/internal/iostreams"
)

// runList runs a rating list, called without the binary, and returns
// its standard output and error.
func runList(t *testing.T, o Options) (string, string, error) {
	t.Helper()
	var out, errs bytes.Buffer
	ios := iostreams.New(nil, &out, &errs)
	err := Run(context.Background(), ios, o)
	ios.Close()
	return out.String(), errs.String(), err
}

func testOptions(out string) Options {
	return Options{Cmd: "test", Specs: []string{"random", "greedy", "seed002"}, Games: 4, Neighbours: 2, Rows: 4, Cols: 4,
		Seed: 1, Jobs: 2, OpeningPlies: 2, Out: out}
}

// TestRunRecordsAndResumes rates three players into a file of pairings;
// resumed, nothing is played again and the list is the same.
func TestRunRecordsAndResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	first, errs, err := runList(t, testOptions(path))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(first, "Rating list on 4x4, 4 games a pairing (paired openings, seed 1), random at 0\n") || strings.Count(errs, " vs ") != 3 {
		t.Errorf("stdout:\n%s\nstderr:\n%s", first, errs)
	}
	data, _ := os.ReadFile(path)
	if n := bytes.Count(data, []byte(`"a":`)); n != 3 {
		t.Errorf("%d pairings recorded, want 3", n)
	}
	o := testOptions(path)
	o.Resume = true
	again, errs, err := runList(t, o)
	if err != nil || again != first || strings.Count(errs, "recorded") != 3 {
		t.Errorf("resumed: %v\n%s\n%s", err, again, errs)
	}
	o.JSON = true
	js, _, err := runList(t, o)
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Anchor  string      `json:"anchor"`
		Ratings []ratingRow `json:"ratings"`
	}
	if err := json.Unmarshal([]byte(js), &list); err != nil || list.Anchor != "random" || len(list.Ratings) != 3 {
		t.Errorf("JSON %s: %v", js, err)
	}
}
