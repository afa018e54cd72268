package proofrun

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/internal/filekinds"
	"chainshot/internal/input"
	"chainshot/internal/iostreams"
	"chainshot/internal/shard"
	"chainshot/internal/status"
)

// testRun is a sitting of a proof of the empty rows×cols board into
// path, called without the binary; o's other fields are kept.
func testRun(t testing.TB, path string, rows, cols int, o Options) (string, error) {
	t.Helper()
	pos, err := chainreact.NewPosition(rows, cols, 2)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ios := iostreams.New(nil, &out, io.Discard)
	defer ios.Close()
	o.Cmd, o.Pos, o.What, o.Path = "test", pos, "the test's board", path
	if o.Shard.N == 0 {
		o.Shard = shard.Shard{K: 1, N: 1}
	}
	o.Jobs, o.MemoryMB = max(o.Jobs, 1), 16
	err = Run(context.Background(), ios, o)
	return out.String(), err
}

// TestRunProvesByLines proves the empty 3x3 board by lines, as the
// direct solve does; the file read back holds the same; a second sitting
// without Resume is refused, with it solves nothing.
func TestRunProvesByLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.jsonl")
	out, err := testRun(t, path, 3, 3, Options{Split: 3, SplitSet: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "R wins under perfect play; the last move is ply 13, 13 plies from here") {
		t.Errorf("the report:\n%s", out)
	}
	pf, err := ReadFile(input.Source{}, "test", path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := pf.Split.Combine(pf.Results)
	if err != nil || !res.Exact || res.Winner != 0 || res.Plies != 13 {
		t.Fatalf("the file proves %+v (%v)", res, err)
	}
	before, _ := os.ReadFile(path)
	if _, err := testRun(t, path, 3, 3, Options{}); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "already holds") {
		t.Errorf("a second sitting without Resume: %v", err)
	}
	out, err = testRun(t, path, 3, 3, Options{Resume: true})
	if err != nil || !strings.Contains(out, "(0 this sitting") {
		t.Errorf("resumed: %v\n%s", err, out)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("a sitting that solved nothing changed the file")
	}
}

// TestMergeShards: three shards, each into its own file, merged, prove
// the root.
func TestMergeShards(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for k := 1; k <= 3; k++ {
		p := filepath.Join(dir, "s"+string(rune('0'+k))+".jsonl")
		if _, err := testRun(t, p, 3, 3, Options{Split: 3, SplitSet: true, Shard: shard.Shard{K: k, N: 3}}); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	var out bytes.Buffer
	ios := iostreams.New(nil, &out, io.Discard)
	defer ios.Close()
	outPath := filepath.Join(dir, "all.jsonl")
	claim, err := ios.Claim("test", "--out", outPath, filekinds.MergedProof)
	if err != nil {
		t.Fatal(err)
	}
	if err := Merge(ios, MergeOptions{Cmd: "test", Paths: paths, Out: outPath, Claim: claim}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "proved: R wins on ply 13") {
		t.Errorf("merged:\n%s", out.String())
	}
}

// header is the header of a proof of the empty 3x3 board split after 2
// plies, as a proof file's first line.
func header(t testing.TB) string {
	t.Helper()
	pos, _ := chainreact.NewPosition(3, 3, 2)
	split, err := exact.Split(&pos.Board, 2)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(NewHeader(&pos, split))
	return string(data)
}

// TestHeaderBounds: every count a header gives is checked before any
// work, the message naming the field (a header of size 1000000x1000000
// was taken), and a header that is not this position's split refuses
// the file.
func TestHeaderBounds(t *testing.T) {
	h := header(t)
	if _, err := readProof(strings.NewReader(h+"\n"), "p", "test"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ from, to, want string }{
		{`"size":"3x3"`, `"size":"1000000x1000000"`, `"size" is "1000000x1000000": want RxC`},
		{`"split":2`, `"split":13`, `"split" is 13: want 0 to 12 plies`},
		{`"split":2`, `"split":-1`, `"split" is -1: want 0 to 12 plies`},
		{`"lines":`, `"x":1,"lines":`, `"x" is no field`},
		{`"format":1`, `"format":2`, `"format" is 2: this chainshot reads format 1`},
		{`"proof":"chainshot`, `"proof":"not chainshot`, `"proof" is "not chainshot`},
		{`"digest":`, `"digest":"0","y":`, `"y" is no field`},
		{`"split":2`, `"split":3`, `this chainshot splits that position after 3 plies`},
	} {
		bad := strings.Replace(h, tc.from, tc.to, 1)
		if bad == h {
			t.Fatalf("%q is not in the header %s", tc.from, h)
		}
		_, err := readProof(strings.NewReader(bad+"\n"), "p", "test")
		if !status.Is(err, status.Bad) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", bad, err, tc.want)
		}
	}
	many := regexp.MustCompile(`"lines":[0-9]+`).ReplaceAllString(h, `"lines":99999999`)
	if _, err := readProof(strings.NewReader(many+"\n"), "p", "test"); err == nil || !strings.Contains(err.Error(), `"lines" is 99999999: want 1 to 65,536 lines`) {
		t.Errorf("%s: %v", many, err)
	}
}

// TestProofRefusesForeignFiles: --proof resumes only a proof; any other
// file is refused and left as it is, whether resumed or not. Only a last
// line whose JSON ends early is dropped, with a warning.
func TestProofRefusesForeignFiles(t *testing.T) {
	h := header(t)
	for _, tc := range []struct{ name, text, want string }{
		{"a JSON object without its newline", `{"name": "my settings", "important": true}`, `"name" is no field of a proof file's header`},
		{"plain text", "notes\n", "not JSON"},
		{"a header, then text", h + "\nnotes", "2:2: not JSON"},
		{"a header, then a line of another kind", h + "\n{\"game\":1}\n", `"game" is no field of a proof line`},
	} {
		for _, resume := range []bool{false, true} {
			want := tc.want
			if !resume && strings.HasPrefix(tc.text, h) {
				want = "already holds proof lines" // without --resume, the header says enough
			}
			path := filepath.Join(t.TempDir(), "p.jsonl")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := testRun(t, path, 3, 3, Options{Resume: resume})
			data, _ := os.ReadFile(path)
			if !status.Is(err, status.Bad) || !strings.Contains(err.Error(), want) || string(data) != tc.text {
				t.Errorf("%s (resume %v): %v, want %q; the file now:\n%s", tc.name, resume, err, want, data)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "p.jsonl")
	if err := os.WriteFile(path, []byte(h+"\n"+`{"line":3,"moves":[[1,`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := testRun(t, path, 3, 3, Options{Resume: true})
	if err != nil || !strings.Contains(out, "R wins under perfect play") {
		t.Errorf("a cut line, resumed: %v\n%s", err, out)
	}
}

// FuzzReadProof: any file is read or refused, never a panic; an error
// says no Go type; a proof read writes back (as merge writes it) to a
// file that reads the same.
func FuzzReadProof(f *testing.F) {
	h := header(f)
	path := filepath.Join(f.TempDir(), "p.jsonl")
	if _, err := testRun(f, path, 3, 3, Options{Split: 2, SplitSet: true}); err != nil {
		f.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	f.Add(data)
	f.Add([]byte(h + "\n"))
	f.Add([]byte(h + "\n" + `{"line":0,"moves":[[1,1],[3,3]],"winner":"R","plies_min":5,"plies_max":9,"nodes":1,"cpu_seconds":0,"seconds":0,"table_mb":1,"jobs":1}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pf, err := readProof(bytes.NewReader(data), "p", "test")
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "json:") || strings.Contains(msg, "[]int") || strings.Contains(msg, "float64") || strings.Contains(msg, "bufio") {
				t.Fatalf("a message not in the file's terms: %s", msg)
			}
			return
		}
		if pf.Empty {
			return
		}
		var again bytes.Buffer
		if err := pf.write(&again); err != nil {
			t.Fatal(err)
		}
		back, err := readProof(&again, "p", "test")
		if err != nil || back.Solved != pf.Solved || back.Header != pf.Header {
			t.Fatalf("written again, it reads %v (%v)", back, err)
		}
		for i, r := range pf.Results {
			if b := back.Results[i]; (r == nil) != (b == nil) || r != nil && (r.Winner != b.Winner || r.Exact != b.Exact || r.Plies != b.Plies) {
				t.Fatalf("line %d reads back otherwise", i)
			}
		}
	})
}

// TestExactRunGoesToTheWinnerFirst: an exact run from an empty file
// solves each line to its winner first and exactly only while it can
// change the root. The root is exact and as the direct solve says; some
// lines stay only to their winner, and solving them exactly (each alone)
// leaves the root as it is.
func TestExactRunGoesToTheWinnerFirst(t *testing.T) {
	for _, c := range []struct{ rows, cols, split int }{{3, 3, 3}, {2, 5, 3}, {3, 3, 4}} {
		where := fmt.Sprintf("%dx%d split %d", c.rows, c.cols, c.split)
		path := filepath.Join(t.TempDir(), "p.jsonl")
		if _, err := testRun(t, path, c.rows, c.cols, Options{Split: c.split, SplitSet: true}); err != nil {
			t.Fatal(err)
		}
		pf, err := ReadFile(input.Source{}, "test", path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := pf.Split.Combine(pf.Results)
		b := pf.Split.Root
		direct, _ := exact.NewSolver(exact.SolveOptions{}).Solve(context.Background(), &b)
		if err != nil || !res.Exact || res.Winner != direct.Winner || res.Plies != direct.Plies {
			t.Fatalf("%s: the file proves %+v (%v), the direct solve %+v", where, res, err, direct)
		}
		if pf.WinnerOnlyLines() == 0 {
			t.Fatalf("%s: every line solved exactly: none was taken to its winner first", where)
		}
		all := slices.Clone(pf.Results)
		for i, r := range all {
			if r != nil && !r.Exact {
				l := pf.Split.Lines[i].Board
				e, _ := exact.NewSolver(exact.SolveOptions{}).Solve(context.Background(), &l)
				all[i] = &exact.LineResult{Winner: e.Winner, Exact: true, Plies: e.Plies, PliesMin: e.Plies, PliesMax: e.Plies, PV: e.PV}
			}
		}
		if again, _ := pf.Split.Combine(all); again.Plies != res.Plies || again.Winner != res.Winner {
			t.Fatalf("%s: the lines left to their winner change the root: %+v, not %+v", where, again, res)
		}
		t.Logf("%s: %d lines solved, %d only to the winner", where, pf.Solved, pf.WinnerOnlyLines())
	}
}

// tableRun is a sitting of a proof of the empty rows×cols board into path
// with the table file table; it returns standard error too.
func tableRun(t testing.TB, path, table string, rows, cols, mb int, o Options) (string, string, error) {
	t.Helper()
	pos, err := chainreact.NewPosition(rows, cols, 2)
	if err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	ios := iostreams.New(nil, &out, &errs)
	defer ios.Close()
	o.Cmd, o.Pos, o.What, o.Path, o.Table = "test", pos, "the test's board", path, table
	o.Shard, o.Jobs, o.MemoryMB = shard.Shard{K: 1, N: 1}, max(o.Jobs, 1), mb
	err = Run(context.Background(), ios, o)
	return out.String(), errs.String(), err
}

// TestRunKeepsTheTable: a sitting stopped before its lines are solved
// saves its table; the next sitting starts from it only with --resume
// and the same --memory, and proves what a proof without a table
// proves, in fewer positions than a sitting that starts afresh.
func TestRunKeepsTheTable(t *testing.T) {
	dir := t.TempDir()
	path, table := filepath.Join(dir, "p.jsonl"), filepath.Join(dir, "t.table")
	rows, cols := 3, 4
	if underRace {
		rows, cols = 2, 5
	}
	// Afresh, for the figures to compare with.
	fresh := filepath.Join(dir, "fresh.jsonl")
	if _, _, err := tableRun(t, fresh, "", rows, cols, 16, Options{Split: 1, SplitSet: true}); err != nil {
		t.Fatal(err)
	}
	all, _ := ReadFile(input.Source{}, "test", fresh)
	want, _ := all.Split.Combine(all.Results)
	// A first sitting stopped at a third of the positions.
	_, errs, err := tableRun(t, path, table, rows, cols, 16, Options{Split: 1, SplitSet: true, MaxNodes: all.Nodes / 3})
	if err != nil || !strings.Contains(errs, "saved the table to "+table) {
		t.Fatalf("first sitting: %v\n%s", err, errs)
	}
	first, _ := ReadFile(input.Source{}, "test", path)
	if first.Solved == len(first.Lines) {
		t.Fatalf("the first sitting solved every line: nothing is left to resume")
	}
	saved, _ := os.ReadFile(table)
	if !bytes.HasPrefix(saved, []byte(exact.TableMagic)) {
		t.Fatalf("the table file starts %.40q", saved)
	}
	// Refused: without --resume, with another --memory, with --check.
	if _, _, err := tableRun(t, path, table, rows, cols, 16, Options{}); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "add --resume to start from it") {
		t.Errorf("without --resume: %v", err)
	}
	if _, _, err := tableRun(t, path, table, rows, cols, 4, Options{Resume: true}); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "give --memory 16") {
		t.Errorf("with another --memory: %v", err)
	}
	if _, _, err := tableRun(t, path, table, rows, cols, 16, Options{Check: 1}); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "drop --table") {
		t.Errorf("with --check: %v", err)
	}
	if after, _ := os.ReadFile(table); !bytes.Equal(after, saved) {
		t.Error("a refused sitting changed the table file")
	}
	// Resumed from the table, and, to compare, from the proof alone.
	bare := filepath.Join(dir, "bare.jsonl")
	data, _ := os.ReadFile(path)
	os.WriteFile(bare, data, 0o644)
	_, errs, err = tableRun(t, path, table, rows, cols, 16, Options{Resume: true})
	if err != nil || !strings.Contains(errs, "started from the table in "+table) {
		t.Fatalf("resumed: %v\n%s", err, errs)
	}
	if _, _, err := tableRun(t, bare, "", rows, cols, 16, Options{Resume: true}); err != nil {
		t.Fatal(err)
	}
	warm, _ := ReadFile(input.Source{}, "test", path)
	cold, _ := ReadFile(input.Source{}, "test", bare)
	got, _ := warm.Split.Combine(warm.Results)
	if !got.Exact || got.Winner != want.Winner || got.Plies != want.Plies {
		t.Fatalf("from the table the proof says %+v, without one %+v", got, want)
	}
	// The lines the second sittings solved: positions of each.
	warmNodes, coldNodes := warm.Nodes-first.Nodes, cold.Nodes-first.Nodes
	t.Logf("second sitting: %d positions from the table, %d afresh (first sitting: %d of %d)", warmNodes, coldNodes, first.Nodes, all.Nodes)
	if warmNodes >= coldNodes {
		t.Errorf("from the table %d positions, afresh %d: the table kept no work", warmNodes, coldNodes)
	}
}

// TestTableIsSavedEverySoOften: while a sitting runs, its table is saved
// every TableEvery, each save a whole table file.
func TestTableIsSavedEverySoOften(t *testing.T) {
	table := filepath.Join(t.TempDir(), "t.table")
	pos, _ := chainreact.NewPosition(2, 4, 2)
	ios := iostreams.New(nil, io.Discard, io.Discard)
	defer ios.Close()
	o := Options{Cmd: "test", Pos: pos, Table: table, TableEvery: 20 * time.Millisecond}
	tf, warm, err := o.claimTable(ios)
	if err != nil || warm {
		t.Fatalf("claim: %v, warm %v", err, warm)
	}
	tab := exact.NewSolveTable(1, &pos.Board)
	stop, done := make(chan struct{}), make(chan struct{})
	go func() { defer close(done); tf.keepSaving(ios, tab, o, stop) }()
	time.Sleep(150 * time.Millisecond)
	close(stop)
	<-done
	if tf.saves < 2 {
		t.Errorf("%d saves in 150 ms at one every 20 ms", tf.saves)
	}
	f, _ := os.Open(table)
	defer f.Close()
	if _, _, err := exact.ReadSolveTable(f, &pos.Board, 1); err != nil {
		t.Errorf("the saved table: %v", err)
	}
}
