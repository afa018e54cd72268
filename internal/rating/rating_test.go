package rating

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"chainshot/internal/iostreams"
	"chainshot/internal/status"
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

// TestOutRefusesForeignFiles: --out takes pairings only from a file of
// them; any other file, resumed or not, is refused and left as it is.
// Only a last line cut short is dropped, with a warning.
func TestOutRefusesForeignFiles(t *testing.T) {
	good := `{"a":"random","b":"greedy","games":4,"wins":[1,3],"size":"4x4","seed":1,"opening_plies":2,"moves":[20,22],"cpu_seconds":[0.001,0.002]}` + "\n"
	for _, tc := range []struct {
		name, text, want string // want: in the error when resumed; "" for none
	}{
		{"plain text", "notes to self\n", "not JSON"},
		{"plain text without its newline", "notes", "not JSON"},
		{"a JSON object of another kind", `{"name": "my settings", "important": true}`, `"name" is no field of a pairing`},
		{"wins that miss games", strings.Replace(good, `[1,3]`, `[1,1]`, 1), `"wins" are 1 and 1: want two counts that add up to the 4 games`},
		{"a huge count of games", strings.Replace(good, `"games":4`, `"games":99999999999`, 1), `1:36: "games" is 99999999999: want 2 to 100,000 games`},
		{"an empty spec", strings.Replace(good, `"a":"random"`, `"a":""`, 1), `"a" is 0 bytes: want a player's spec`},
		{"a pairing and a cut one", good + good[:30], ""},
	} {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		o := testOptions(path)
		o.Specs, o.Resume = []string{"random", "greedy"}, true
		_, errs, err := runList(t, o)
		data, _ := os.ReadFile(path)
		if tc.want == "" {
			if err != nil || !strings.Contains(errs, "the last line is cut short") || bytes.Count(data, []byte("\n")) != 1 {
				t.Errorf("%s: %v; stderr %q; the file:\n%s", tc.name, err, errs, data)
			}
			continue
		}
		if !status.Is(err, status.Bad) || !strings.Contains(err.Error(), tc.want) || string(data) != tc.text {
			t.Errorf("%s: %v, want %q; the file now:\n%s", tc.name, err, tc.want, data)
		}
	}
}

// FuzzDecodePairing: any line is read or refused, never a panic; an
// error says no Go type; a pairing read writes back to the same pairing.
func FuzzDecodePairing(f *testing.F) {
	f.Add([]byte(`{"a":"random","b":"greedy","games":4,"wins":[1,3],"size":"4x4","seed":1,"opening_plies":2,"moves":[20,22],"cpu_seconds":[0.001,0.002]}`))
	f.Add([]byte(`{"a":"x"}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		l, err := decodePairing(line)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "json:") || strings.Contains(msg, "[2]") || strings.Contains(msg, "float64") {
				t.Fatalf("%q: a message not in the file's terms: %s", line, msg)
			}
			return
		}
		again, _ := json.Marshal(l)
		back, err := decodePairing(again)
		if err != nil || back != l {
			t.Fatalf("%s written again reads as %+v (%v)", again, back, err)
		}
	})
}

// TestRunStopsOnInterrupt: a list whose context ends (Ctrl-C, SIGTERM)
// keeps the pairings finished, says how far it got and how to go on,
// with status 130; --resume plays the rest.
func TestRunStopsOnInterrupt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // the signal, once a pairing is recorded
		for {
			if data, _ := os.ReadFile(path); bytes.Count(data, []byte("\n")) >= 1 {
				cancel()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	o := testOptions(path)
	o.Specs, o.Games, o.Rows, o.Cols = []string{"random", "best:nodes=3000", "seed001"}, 20, 6, 6
	out, errs, err := runListCtx(t, ctx, o)
	if !status.Is(err, status.Interrupted) {
		t.Fatalf("interrupted: %v\n%s", err, errs)
	}
	want := regexp.MustCompile(`\ntest: interrupted during (random|best:nodes=3000) vs seed001, after ([12]) of 3 pairings \(the one under way is not kept\); every pairing finished is in ` +
		regexp.QuoteMeta(path) + `: the same command with --resume plays the rest\n$`)
	m := want.FindStringSubmatch(errs)
	// the list of the pairings finished, once they connect every player
	if m == nil || (m[2] == "1") != (out == "") {
		t.Fatalf("stdout %q, stderr %q; want it to end %s", out, errs, want)
	}
	o.Resume = true
	if _, errs, err := runListCtx(t, context.Background(), o); err != nil || strings.Count(errs, "recorded") != int(m[2][0]-'0') {
		t.Errorf("resumed: %v\n%s", err, errs)
	}
}

// runListCtx is runList with a context.
func runListCtx(t *testing.T, ctx context.Context, o Options) (string, string, error) {
	t.Helper()
	var out, errs bytes.Buffer
	ios := iostreams.New(nil, &out, &errs)
	err := Run(ctx, ios, o)
	ios.Close()
	return out.String(), errs.String(), err
}
