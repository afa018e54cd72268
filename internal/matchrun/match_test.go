package matchrun

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact/match"
	"chainshot/internal/input"
	"chainshot/internal/iostreams"
	"chainshot/internal/status"
)

// testIO returns streams on buffers, closed at the end of the test.
func testIO(t *testing.T) (*iostreams.IO, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	var out, errs bytes.Buffer
	ios := iostreams.New(nil, &out, &errs)
	t.Cleanup(ios.Close)
	return ios, &out, &errs
}

func testOptions(out string, games int) Options {
	return Options{Cmd: "test", Specs: [2]string{"greedy", "random"}, Games: games, Rows: 4, Cols: 4, Seed: 3, Jobs: 2,
		OpeningPlies: 2, Out: out}
}

// TestRunRecordsAndResumes plays a match into a records file, then the
// same match with more games resumed from it: the games recorded count
// and are not played again, and the result is the straight run's.
func TestRunRecordsAndResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl")
	ios, _, _ := testIO(t)
	if err := Run(context.Background(), ios, testOptions(path, 4)); err != nil {
		t.Fatal(err)
	}
	ios.Close() // lets go of --out
	data, _ := os.ReadFile(path)
	if n := bytes.Count(data, []byte("\n")); n != 4 {
		t.Fatalf("%d records, want 4:\n%s", n, data)
	}
	resumed := func(o Options) matchJSON {
		t.Helper()
		ios, out, _ := testIO(t)
		o.JSON = true
		if err := Run(context.Background(), ios, o); err != nil {
			t.Fatal(err)
		}
		ios.Close()
		var j matchJSON
		if err := json.Unmarshal(out.Bytes(), &j); err != nil {
			t.Fatalf("%v: %s", err, out.String())
		}
		return j
	}
	o := testOptions(path, 8)
	o.Resume = true
	got := resumed(o)
	if got.ResumedGames != 4 || got.PlayedGames != 4 || got.Games != 8 {
		t.Errorf("resumed %d, played %d, of %d games", got.ResumedGames, got.PlayedGames, got.Games)
	}
	straight := resumed(testOptions("", 8))
	if got.Wins != straight.Wins || got.Penta != straight.Penta {
		t.Errorf("resumed: wins %v, pairs %v; straight: %v, %v", got.Wins, got.Penta, straight.Wins, straight.Penta)
	}
	ios, out, _ := testIO(t)
	if err := Replay(ios, ReplayOptions{Cmd: "test", Path: path, List: true}); err != nil {
		t.Fatal(err)
	}
	// The records are in the order the games finished (two jobs), and the
	// list streams them in that order: each game once, whatever the order.
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		game, _, _ := strings.Cut(l, ":")
		seen[game] = true
	}
	if len(lines) != 8 || len(seen) != 8 || !seen["game 1 (pair 1)"] || !seen["game 8 (pair 4)"] ||
		!strings.Contains(out.String(), "game 1 (pair 1): R greedy, G random: ") {
		t.Errorf("the list of the games:\n%s", out.String())
	}
}

// TestReadOpenings reads a file of openings.
func TestReadOpenings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.txt")
	if err := os.WriteFile(path, []byte("# two\n1 1, 4 4\n2 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := ReadOpenings(input.Source{}, "test", path, 4, 4)
	if err != nil || len(o) != 2 || len(o[0]) != 2 || len(o[1]) != 1 {
		t.Fatalf("%v %v", o, err)
	}
}

// TestRunStopsOnInterrupt: a match whose context ends (Ctrl-C, SIGTERM)
// reports the games finished by then and says how to go on, with status
// 130; every finished game is in the records, and --resume plays the
// rest.
func TestRunStopsOnInterrupt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // the signal, once two games are recorded
		for {
			data, _ := os.ReadFile(path)
			if bytes.Count(data, []byte("\n")) >= 2 {
				cancel()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	o := testOptions(path, 400)
	o.Specs, o.Rows, o.Cols, o.Jobs = [2]string{"best:nodes=2000", "seed001"}, 6, 6, 1
	sprt := match.SPRT{Elo0: 0, Elo1: 1000, Alpha: 0.05, Beta: 0.05}
	o.SPRT = &sprt
	ios, out, errs := testIO(t)
	err := Run(ctx, ios, o)
	ios.Close()
	if !status.Is(err, status.Interrupted) {
		t.Fatalf("interrupted: %v", err)
	}
	data, _ := os.ReadFile(path)
	games := bytes.Count(data, []byte("\n"))
	if !strings.HasPrefix(out.String(), fmt.Sprintf("%d games on 6x6", games)) || !strings.Contains(out.String(), "SPRT elo0 0 elo1 1000") {
		t.Errorf("the report of %d games:\n%s", games, out.String())
	}
	want := fmt.Sprintf("test: interrupted after %d of 400 games (a game under way is not kept); every game finished is in %s: the same command with --resume plays the rest\n", games, path)
	if errs.String() != want {
		t.Errorf("stderr %q, want %q", errs.String(), want)
	}
	o.Games, o.Resume, o.SPRT = games+2, true, nil
	ios, out, _ = testIO(t)
	if err := Run(context.Background(), ios, o); err != nil || !strings.Contains(out.String(), fmt.Sprintf("%d games read back from %s, 2 games played now", games, path)) {
		t.Errorf("resumed: %v\n%s", err, out.String())
	}
}
