package exact

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"chainshot/chainreact"
)

// tableFile returns the table file of t, a table of b's size.
func tableFile(t *testing.T, tab *SolveTable, b *chainreact.Board, cpu float64) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := tab.WriteTable(&buf, b, cpu); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestTableFileKeepsTheWork: a solve stopped half way, its table saved
// and read back into a new table of a new process's solver, finishes with
// the answer of a solve from nothing, and in fewer positions than the
// cold solve left to do; a table saved after a whole solve answers again
// at once.
func TestTableFileKeepsTheWork(t *testing.T) {
	sizes := [][2]int{{2, 6}, {3, 4}}
	if underRace {
		sizes = [][2]int{{2, 5}, {3, 3}}
	}
	for _, size := range sizes {
		b := emptyBoard(t, size[0], size[1])
		cold, err := NewSolver(SolveOptions{TableMB: 64}).Solve(context.Background(), &b)
		if err != nil || !cold.Exact {
			t.Fatalf("%dx%d: cold solve: %+v, %v", size[0], size[1], cold, err)
		}
		tab := NewSolveTable(64, &b)
		half, _ := NewSolver(SolveOptions{Table: tab, MaxNodes: cold.Nodes / 2}).Solve(context.Background(), &b)
		if half.Exact {
			t.Fatalf("%dx%d: the half solve finished", size[0], size[1])
		}
		file := tableFile(t, tab, &b, 12.5)
		back, h, err := ReadSolveTable(bytes.NewReader(file), &b, 64)
		if err != nil {
			t.Fatalf("%dx%d: %v", size[0], size[1], err)
		}
		if h.CPUSeconds != 12.5 || h.Size != fmt.Sprintf("%dx%d", size[0], size[1]) {
			t.Errorf("%dx%d: header %+v", size[0], size[1], h)
		}
		if !slicesEqual(back.words, tab.words) {
			t.Fatalf("%dx%d: the words read back differ from those written", size[0], size[1])
		}
		warm, err := NewSolver(SolveOptions{Table: back}).Solve(context.Background(), &b)
		if err != nil || !warm.Exact || warm.Winner != cold.Winner || warm.Plies != cold.Plies {
			t.Fatalf("%dx%d: warm solve %+v, %v; cold %+v", size[0], size[1], warm, err, cold)
		}
		left := cold.Nodes - half.Nodes
		t.Logf("%dx%d: cold %d positions; stopped at %d, then %d from the saved table", size[0], size[1], cold.Nodes, half.Nodes, warm.Nodes)
		if warm.Nodes > left+left/5 {
			t.Errorf("%dx%d: from the saved table %d positions, more than the %d the cold solve had left (+20%%): the table kept no work", size[0], size[1], warm.Nodes, left)
		}
		// Saved after the whole solve: the answer at once.
		again, _, err := ReadSolveTable(bytes.NewReader(tableFile(t, back, &b, 0)), &b, 64)
		if err != nil {
			t.Fatal(err)
		}
		res, _ := NewSolver(SolveOptions{Table: again}).Solve(context.Background(), &b)
		if !res.Exact || res.Plies != cold.Plies || res.Nodes > cold.Nodes/20 {
			t.Errorf("%dx%d: from a whole solve's table: %+v (%d positions; cold %d)", size[0], size[1], res, res.Nodes, cold.Nodes)
		}
	}
}

func slicesEqual(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func emptyBoard(t *testing.T, rows, cols int) chainreact.Board {
	t.Helper()
	p, err := chainreact.NewPosition(rows, cols, 2)
	if err != nil {
		t.Fatal(err)
	}
	return p.Board
}

// TestTableFileRefusesWhatIsNotItsOwn: each defect of a table file is a
// *TableError at its byte, and no table is made of it.
func TestTableFileRefusesWhatIsNotItsOwn(t *testing.T) {
	b := emptyBoard(t, 2, 5)
	tab := NewSolveTable(1, &b)
	NewSolver(SolveOptions{Table: tab}).Solve(context.Background(), &b)
	good := tableFile(t, tab, &b, 1)
	nl := bytes.IndexByte(good[len(TableMagic):], '\n') + len(TableMagic) + 1 // the end of the header
	other := emptyBoard(t, 2, 4)
	flip := func(at int) []byte {
		f := bytes.Clone(good)
		f[at] ^= 0x10
		return f
	}
	header := func(old, new string) []byte {
		return bytes.Replace(bytes.Clone(good), []byte(old), []byte(new), 1)
	}
	cases := []struct {
		name string
		file []byte
		b    *chainreact.Board
		mb   int
		want string
	}{
		{"empty", nil, &b, 1, "not a solver table"},
		{"a proof file", []byte(`{"proof":"chainshot react solve"}` + "\n"), &b, 1, "not a solver table"},
		{"the header cut", good[:len(TableMagic)+10], &b, 1, "ends inside the header"},
		{"a header too long", append([]byte(TableMagic), bytes.Repeat([]byte("x"), 2000)...), &b, 1, "longer than"},
		{"a header not JSON", append([]byte(TableMagic+"nope\n"), good[nl:]...), &b, 1, "the header"},
		{"a later format", header(`"format":1`, `"format":2`), &b, 1, "format"},
		{"buckets not a power of two", header(`"buckets":`, `"buckets":3`), &b, 1, "buckets"},
		{"another board size", good, &other, 1, "a table of 2x5 boards, not 2x4"},
		{"other keys", header(`"keys":"`, `"keys":"0`), &b, 1, "other keys"},
		{"the words cut", good[:nl+100], &b, 1, "ends inside the table"},
		{"no CRC", good[:len(good)-8], &b, 1, "cut short"},
		{"a word changed", flip(nl + 40), &b, 1, "the CRC"},
		{"no end", append(bytes.Clone(good[:len(good)-4]), "END\n"...), &b, 1, "after the CRC"},
		{"bytes after the end", append(bytes.Clone(good), 'x'), &b, 1, "after the end"},
	}
	if NewSolveTable(1, &b).MB() == NewSolveTable(4, &b).MB() {
		t.Fatal("2x5's table does not grow from 1 to 4 MB: the size case tests nothing")
	}
	cases = append(cases, struct {
		name string
		file []byte
		b    *chainreact.Board
		mb   int
		want string
	}{"another table size", good, &b, 4, "this run's is"})
	for _, c := range cases {
		tab, _, err := ReadSolveTable(bytes.NewReader(c.file), c.b, c.mb)
		var te *TableError
		if tab != nil || !errors.As(err, &te) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: table %v, error %v; want a *TableError saying %q", c.name, tab != nil, err, c.want)
		}
	}
	if _, _, err := ReadSolveTable(bytes.NewReader(good), &b, 1); err != nil {
		t.Errorf("the good file: %v", err)
	}
}

// TestTableFileWhileSolving saves a table that solvers are writing to:
// the file reads back whole, and the table read back solves to the same
// answer (run under -race by .ci/run).
func TestTableFileWhileSolving(t *testing.T) {
	b := emptyBoard(t, 3, 4)
	if underRace {
		b = emptyBoard(t, 2, 5)
	}
	cold, _ := NewSolver(SolveOptions{TableMB: 16}).Solve(context.Background(), &b)
	tab := NewSolveTable(16, &b)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			NewSolver(SolveOptions{Table: tab}).Solve(context.Background(), &b)
		}()
	}
	var files [][]byte
	for range 3 {
		files = append(files, tableFile(t, tab, &b, 0))
	}
	wg.Wait()
	for i, f := range files {
		back, _, err := ReadSolveTable(bytes.NewReader(f), &b, 16)
		if err != nil {
			t.Fatalf("file %d: %v", i, err)
		}
		res, _ := NewSolver(SolveOptions{Table: back}).Solve(context.Background(), &b)
		if !res.Exact || res.Winner != cold.Winner || res.Plies != cold.Plies {
			t.Errorf("file %d: %+v, want winner %d on ply %d", i, res, cold.Winner, cold.Plies)
		}
	}
}

// FuzzReadSolveTable: any bytes read as a 2x3 table either make a table
// or a *TableError, never a panic or a table of another size.
func FuzzReadSolveTable(f *testing.F) {
	p, _ := chainreact.NewPosition(2, 3, 2)
	b := p.Board
	tab := NewSolveTable(1, &b)
	NewSolver(SolveOptions{Table: tab}).Solve(context.Background(), &b)
	var buf bytes.Buffer
	tab.WriteTable(&buf, &b, 3)
	f.Add(buf.Bytes())
	f.Add([]byte(TableMagic + `{"format":1,"size":"2x3","compact":true,"buckets":1099511627776,"keys":"","cpu_seconds":0}` + "\n"))
	f.Add([]byte(TableMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, _, err := ReadSolveTable(bytes.NewReader(data), &b, 1)
		var te *TableError
		switch {
		case err != nil && !errors.As(err, &te):
			t.Fatalf("error %v is not a *TableError", err)
		case err == nil && len(got.words) != len(tab.words):
			t.Fatalf("a table of %d words, want %d", len(got.words), len(tab.words))
		}
	})
}
