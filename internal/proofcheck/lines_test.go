package proofcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/internal/iostreams"
	"chainshot/internal/proofrun"
	"chainshot/internal/shard"
	"chainshot/internal/status"
)

// splitProof writes a proof of rows x cols split after 2 plies, winner
// only or exact, and returns its path.
func splitProof(t testing.TB, rows, cols int, winnerOnly bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.jsonl")
	pos, _ := chainreact.NewPosition(rows, cols, 2)
	ios := iostreams.New(nil, io.Discard, io.Discard)
	defer ios.Close()
	err := proofrun.Run(context.Background(), ios, proofrun.Options{Cmd: "test", Pos: pos, What: "p", Path: path,
		Split: 2, SplitSet: true, Shard: shard.Shard{K: 1, N: 1}, Jobs: 1, MemoryMB: 16, WinnerOnly: winnerOnly})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// checkLines runs react check --out on the proof at path.
func checkLines(t *testing.T, o Options) (string, error) {
	t.Helper()
	var out bytes.Buffer
	ios := iostreams.New(nil, &out, io.Discard)
	defer ios.Close()
	o.Cmd, o.MemoryMB = "test", 16
	err := Run(context.Background(), ios, o)
	return out.String(), err
}

// checkedLines returns the line indexes of a checks file's records, in
// order.
func checkedLines(t *testing.T, path string) []int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if i == 0 {
			if !strings.Contains(l, ChecksTitle) {
				t.Fatalf("%s: the first line is not the header: %s", path, l)
			}
			continue
		}
		var r CheckedLine
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%s: %v: %s", path, err, l)
		}
		got = append(got, r.Line)
	}
	return got
}

// TestChecksLineByLine: react check --out checks the lines the root's
// claim rests on, one record each, and concludes what the file says of
// the root: winner only, the winner's support (no line twice); exact,
// every solved line and the exact last ply; one line at a time or
// several at once (--jobs: each line once, in the order they finish,
// each record saying the jobs).
func TestChecksLineByLine(t *testing.T) {
	for _, c := range []struct {
		winnerOnly bool
		jobs       int
	}{{true, 1}, {false, 1}, {true, 3}, {false, 2}} {
		winnerOnly := c.winnerOnly
		proof := splitProof(t, 2, 5, winnerOnly)
		pf, err := proofrun.ReadFile(iostreams.New(nil, io.Discard, io.Discard).Inputs, "test", proof)
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		if winnerOnly {
			for i, in := range pf.Split.Support(pf.Results) {
				if in {
					want = append(want, i)
				}
			}
		} else {
			for i, r := range pf.Results {
				if r != nil {
					want = append(want, i)
				}
			}
		}
		out := filepath.Join(t.TempDir(), "checks.jsonl")
		got, err := checkLines(t, Options{Path: proof, Out: out, WinnerOnly: winnerOnly, Jobs: c.jobs})
		conclusion := "agrees: line by line: checked: R wins on ply 15"
		if winnerOnly {
			conclusion = "agrees: line by line: checked: R wins, last ply 3 to 15"
		}
		if err != nil || !strings.Contains(got, conclusion) {
			t.Fatalf("winner only %v: err %v, out:\n%s", winnerOnly, err, got)
		}
		lines := checkedLines(t, out)
		if c.jobs > 1 {
			slices.Sort(lines)
		}
		if !slices.Equal(lines, want) {
			t.Fatalf("winner only %v, jobs %d: checked lines %v, want %v", winnerOnly, c.jobs, lines, want)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if n, jobs := strings.Count(string(data), `"jobs":`), min(c.jobs, len(want)); jobs > 1 && n != len(want) || jobs == 1 && n != 0 {
			t.Fatalf("jobs %d: %d records say their jobs, want %d:\n%s", c.jobs, n, len(want), data)
		}
	}
}

// TestChecksResume: a check stopped on a line keeps every line checked
// before it, fsynced; the file is not taken again without --resume, nor
// by another mode or another proof, and is left as it was; --resume
// checks only the lines it does not hold, and a cut last line is
// dropped with a warning and its line checked again; one line at a time
// or two at once.
func TestChecksResume(t *testing.T) {
	for _, jobs := range []int{1, 2} {
		t.Run(fmt.Sprintf("jobs %d", jobs), func(t *testing.T) { checksResume(t, jobs) })
	}
}

func checksResume(t *testing.T, jobs int) {
	proof := splitProof(t, 2, 5, true)
	out := filepath.Join(t.TempDir(), "checks.jsonl")
	// a strategy of more than 50 positions stops the run: the lines won
	// at once are checked first, then the first longer one stops it
	_, err := checkLines(t, Options{Path: proof, Out: out, WinnerOnly: true, MaxPositions: 50, Jobs: jobs})
	if !status.Is(err, status.Failed) {
		t.Fatalf("stopped by --max-positions: err %v", err)
	}
	first := checkedLines(t, out)
	if len(first) == 0 {
		t.Fatalf("no line kept before the stop")
	}
	before, _ := os.ReadFile(out)
	for _, o := range []Options{
		{Path: proof, Out: out, WinnerOnly: true},                                   // no --resume
		{Path: proof, Out: out, Resume: true},                                       // another mode
		{Path: splitProof(t, 3, 3, true), Out: out, Resume: true, WinnerOnly: true}, // another proof
	} {
		if _, err := checkLines(t, o); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), out) {
			t.Errorf("%+v: err %v, want bad input naming %s", o, err, out)
		}
		if after, _ := os.ReadFile(out); !bytes.Equal(after, before) {
			t.Fatalf("%+v: the file was changed", o)
		}
	}
	// a cut last line: the run was killed while writing it
	if err := os.WriteFile(out, append(before, `{"line":3,"winner":"R","plies_m`...), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := checkLines(t, Options{Path: proof, Out: out, WinnerOnly: true, Resume: true, Jobs: jobs})
	if err != nil || !strings.Contains(got, "agrees: line by line") {
		t.Fatalf("resumed: err %v, out:\n%s", err, got)
	}
	all := checkedLines(t, out)
	if !slices.Equal(all[:len(first)], first) {
		t.Fatalf("resumed: %v, the lines before %v", all, first)
	}
	seen := map[int]bool{}
	for _, l := range all {
		if seen[l] {
			t.Fatalf("line %d checked twice: %v", l, all)
		}
		seen[l] = true
		if slices.Contains(first, l) && strings.Contains(got, "line "+itoa(l)+": agrees") {
			t.Errorf("line %d was checked again on resume", l)
		}
	}
	// resumed once more: nothing to check, the same conclusion
	if got, err := checkLines(t, Options{Path: proof, Out: out, WinnerOnly: true, Resume: true, Jobs: jobs}); err != nil || strings.Contains(got, ": agrees: checked") || !strings.Contains(got, "agrees: line by line") {
		t.Fatalf("resumed when done: err %v, out:\n%s", err, got)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestReadChecks: ReadChecks reads a checks file in its header's mode,
// as react check --resume reads it: the lines held, and once it holds
// every line to check what they prove (the file's own conclusion); a
// file of another proof or with a cut last line is refused, naming it.
func TestReadChecks(t *testing.T) {
	src := iostreams.New(nil, io.Discard, io.Discard).Inputs
	for _, winnerOnly := range []bool{true, false} {
		proof := splitProof(t, 2, 5, winnerOnly)
		pf, err := proofrun.ReadFile(src, "test", proof)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "checks.jsonl")
		if _, err := checkLines(t, Options{Path: proof, Out: out, WinnerOnly: winnerOnly, MaxPositions: 50}); !status.Is(err, status.Failed) {
			t.Fatalf("stopped by --max-positions: err %v", err)
		}
		k, _, complete, err := ReadChecks(src, "test", out, pf)
		if err != nil || complete || k.WinnerOnly != winnerOnly {
			t.Fatalf("winner only %v, stopped: %+v complete %v, err %v", winnerOnly, k, complete, err)
		}
		if held := k.Held(); !slices.Equal(held, checkedLines(t, out)) || len(held) == len(k.Todo) {
			t.Fatalf("winner only %v, stopped: held %v of %v, the file has %v", winnerOnly, held, k.Todo, checkedLines(t, out))
		}
		if !slices.Equal(k.Todo, linesToCheck(pf, winnerOnly)) {
			t.Fatalf("winner only %v: to check %v", winnerOnly, k.Todo)
		}
		if _, err := checkLines(t, Options{Path: proof, Out: out, WinnerOnly: winnerOnly, Resume: true}); err != nil {
			t.Fatal(err)
		}
		k, proved, complete, err := ReadChecks(src, "test", out, pf)
		if err != nil || !complete || len(k.Held()) != len(k.Todo) {
			t.Fatalf("winner only %v, done: %+v complete %v, err %v", winnerOnly, k, complete, err)
		}
		root, _ := pf.Split.Combine(pf.Results)
		if proved.Winner != root.Winner || proved.PliesMax < root.PliesMin || proved.PliesMin > root.PliesMax {
			t.Fatalf("winner only %v: the checks prove %+v, the file says %+v", winnerOnly, proved, root)
		}
		// another proof's file, and a cut last line
		other, err := proofrun.ReadFile(src, "test", splitProof(t, 3, 3, winnerOnly))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := ReadChecks(src, "test", out, other); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), out) {
			t.Errorf("winner only %v, another proof: err %v, want bad input naming %s", winnerOnly, err, out)
		}
		data, _ := os.ReadFile(out)
		if err := os.WriteFile(out, append(data, `{"line":3,"win`...), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := ReadChecks(src, "test", out, pf); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "cut short") {
			t.Errorf("winner only %v, a cut last line: err %v", winnerOnly, err)
		}
	}
}

// TestChecksRefuseAWrongLine: a proof whose line claims a last ply the
// winner cannot reach is refused on that line (exit 1), and the lines
// checked before it are kept.
func TestChecksRefuseAWrongLine(t *testing.T) {
	proof := splitProof(t, 2, 5, true)
	data, _ := os.ReadFile(proof)
	// the last line's claim tightened to a win by ply 4: the checker refuses it
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	last := len(lines) - 1
	var r map[string]any
	if err := json.Unmarshal([]byte(lines[last]), &r); err != nil {
		t.Fatal(err)
	}
	if r["plies_max"] == nil {
		t.Skip("the last line is not a bounded one")
	}
	r["plies_max"] = 4
	forged, _ := json.Marshal(r)
	lines[last] = string(forged) + "\n"
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "checks.jsonl")
	got, err := checkLines(t, Options{Path: bad, Out: out, WinnerOnly: true})
	if !status.Is(err, status.Failed) || !strings.Contains(err.Error(), "DISAGREES") {
		t.Fatalf("a forged line: err %v, out:\n%s", err, got)
	}
	line := int(r["line"].(float64))
	if kept := checkedLines(t, out); slices.Contains(kept, line) {
		t.Fatalf("the refused line %d was recorded: %v", line, kept)
	}
}

// FuzzReadChecks: any file given as a proof's checks is read or refused,
// never a panic, and a refusal is in the file's terms.
func FuzzReadChecks(f *testing.F) {
	proof := splitProof(f, 2, 5, true)
	pf, err := proofrun.ReadFile(iostreams.New(nil, io.Discard, io.Discard).Inputs, "test", proof)
	if err != nil {
		f.Fatal(err)
	}
	h, _ := json.Marshal(ChecksHeader{Checks: ChecksTitle, Format: ChecksFormat, Size: pf.Header.Size, Digest: pf.Header.Digest, WinnerOnly: true})
	f.Add(append(h, '\n'))
	f.Add([]byte(string(h) + "\n" + `{"line":1,"winner":"R","plies_min":3,"plies_max":15,"strategy_moves":606,"solver_positions":7191,"solver_cpu_seconds":0.1,"checked_positions":1908,"check_cpu_seconds":0}` + "\n"))
	f.Add([]byte(string(h) + "\n" + `{"line":99,"winner":"G","plies_min":0,"plies_max":900}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "c.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ios := iostreams.New(nil, io.Discard, io.Discard)
		defer ios.Close()
		if _, _, _, err := ReadChecks(ios.Inputs, "test", path, pf); err != nil {
			if msg := err.Error(); strings.Contains(msg, "json:") || strings.Contains(msg, "proofcheck.") || !strings.Contains(msg, path) {
				t.Fatalf("ReadChecks: a message not in the file's terms: %s", msg)
			}
		}
		// a budget of a nanosecond: a file that is read stops at its first line to check
		err := Run(context.Background(), ios, Options{Cmd: "test", Path: proof, Out: path, Resume: true, WinnerOnly: true, MemoryMB: 1, MaxPositions: 1})
		if err == nil {
			return
		}
		if msg := err.Error(); strings.Contains(msg, "json:") || strings.Contains(msg, "float64") || strings.Contains(msg, "bufio") || strings.Contains(msg, "proofcheck.") {
			t.Fatalf("a message not in the file's terms: %s", msg)
		}
	})
}
