package proofcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/chainreact"
	"chainshot/chainreact/check"
	"chainshot/chainreact/exact"
	"chainshot/internal/iostreams"
	"chainshot/internal/proofrun"
	"chainshot/internal/shard"
	"chainshot/internal/status"
)

func solved(t *testing.T, rows, cols int) (chainreact.Board, exact.SolveResult) {
	t.Helper()
	b, err := chainreact.NewBoard(rows, cols, 2)
	if err != nil {
		t.Fatal(err)
	}
	res, err := exact.NewSolver(exact.SolveOptions{TableMB: 64}).Solve(context.Background(), &b)
	if err != nil || !res.Exact {
		t.Fatal(res, err)
	}
	return b, res
}

// The strategies the solver writes prove its value, winner and last ply,
// on every board that solves in seconds.
func TestVerifyAgreesWithExact(t *testing.T) {
	sizes := [][2]int{{2, 2}, {2, 3}, {2, 4}, {3, 3}, {2, 5}}
	if !testing.Short() {
		sizes = append(sizes, [2]int{2, 6}, [2]int{3, 4})
	}
	for _, sz := range sizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			b, res := solved(t, sz[0], sz[1])
			v, err := Verify(context.Background(), &b, Claim{res.Winner, res.Plies, res.Plies}, nil, 64, 0)
			if err != nil || v.Winner != res.Winner || v.PliesMin != res.Plies || v.PliesMax != res.Plies {
				t.Fatalf("Verify = %+v, %v; the solver: %c on ply %d", v, err, "RG"[res.Winner], res.Plies)
			}
			// the winner alone, as a proof to its winner only claims it
			v, err = Verify(context.Background(), &b, Claim{res.Winner, 1, b.Capacity() + 1}, nil, 64, 0)
			if err != nil || v.PliesMax < res.Plies || len(v.Parts) != 1 {
				t.Fatalf("the winner only: Verify = %+v, %v", v, err)
			}
		})
	}
}

// A claim of the wrong winner or the wrong last ply is refused by the
// checker: one too early by the winner's strategy (it has no move that
// wins by then), one too late by the loser's.
func TestVerifyRefusesWrongClaims(t *testing.T) {
	for _, sz := range [][2]int{{2, 4}, {3, 3}, {2, 5}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			b, res := solved(t, sz[0], sz[1])
			for _, c := range []Claim{
				{1 - res.Winner, res.Plies + 1, res.Plies + 1},
				{1 - res.Winner, 1, b.Capacity() + 1},
				{res.Winner, res.Plies - 2, res.Plies - 2},
				{res.Winner, res.Plies + 2, res.Plies + 2},
				{res.Winner, res.Plies + 2, b.Capacity() + 1},
			} {
				if _, err := Verify(context.Background(), &b, c, nil, 64, 0); !errors.Is(err, check.ErrRefused) {
					t.Errorf("claim %+v (the solver: %+v): err %v, want refused", c, res, err)
				}
			}
		})
	}
}

// The loser's strategy alone proves the lower bound of an exact claim
// and nothing more: a claimed last ply later than the true one is
// refused; one earlier, or the wrong winner's (who cannot win at all),
// is a true lower bound and agrees; the strategy is the loser's only.
func TestVerifyLoserProvesTheLowerBound(t *testing.T) {
	for _, sz := range [][2]int{{2, 4}, {3, 3}, {2, 5}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			b, res := solved(t, sz[0], sz[1])
			v, err := VerifyLoser(context.Background(), &b, Claim{res.Winner, res.Plies, res.Plies}, 64, 0)
			if err != nil || v.PliesMin != res.Plies || len(v.Parts) != 1 || !v.Parts[0].Delay {
				t.Fatalf("VerifyLoser = %+v, %v; the solver: %c on ply %d", v, err, "RG"[res.Winner], res.Plies)
			}
			for _, c := range []Claim{{res.Winner, res.Plies + 1, res.Plies + 1}, {res.Winner, res.Plies + 2, res.Plies + 2}} {
				if _, err := VerifyLoser(context.Background(), &b, c, 64, 0); !errors.Is(err, check.ErrRefused) {
					t.Errorf("claim %+v (the solver: %+v): err %v, want refused", c, res, err)
				}
			}
			for _, c := range []Claim{{res.Winner, res.Plies - 2, res.Plies - 2}, {1 - res.Winner, res.Plies + 1, res.Plies + 1}} {
				if v, err := VerifyLoser(context.Background(), &b, c, 64, 0); err != nil || v.PliesMin != c.PliesMin {
					t.Errorf("claim %+v (the solver: %+v): %+v, err %v; want ply %d proved", c, res, v, err, c.PliesMin)
				}
			}
			if _, err := VerifyLoser(context.Background(), &b, Claim{res.Winner, 1, b.Capacity() + 1}, 64, 0); err == nil {
				t.Error("a claim with no exact last ply: no error")
			}
		})
	}
}

// react check on a proof file: a proof by lines agrees; the same file
// with one line's winner changed is refused (exit 1).
func TestRunChecksAProofFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "3x3.jsonl")
	pos, _ := chainreact.NewPosition(3, 3, 2)
	ios := iostreams.New(nil, io.Discard, io.Discard)
	defer ios.Close()
	err := proofrun.Run(context.Background(), ios, proofrun.Options{Cmd: "test", Pos: pos, What: "3x3", Path: path,
		Split: 0, SplitSet: true, Shard: shard.Shard{K: 1, N: 1}, Jobs: 1, MemoryMB: 16, WinnerOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	out, err := run(t, path, -1)
	if err != nil || !strings.Contains(out, "agrees: checked: R wins, last ply 3 to 13") {
		t.Fatalf("err %v, out:\n%s", err, out)
	}
	// line 0 alone is the root, split after 0 plies; there is no line 1
	if out, err := run(t, path, 0); err != nil || !strings.Contains(out, "line 0: 3x3") {
		t.Fatalf("--line 0: err %v, out:\n%s", err, out)
	}
	if _, err := run(t, path, 1); !status.Is(err, status.Bad) {
		t.Fatalf("--line 1: err %v, want bad input", err)
	}
	// --loser-only wants a file that gives the last ply; not with --winner-only
	for _, o := range []Options{{LoserOnly: true}, {LoserOnly: true, WinnerOnly: true}} {
		o.Cmd, o.Path, o.MemoryMB = "test", path, 16
		if err := Run(context.Background(), ios, o); !status.Is(err, status.Bad) {
			t.Errorf("%+v: err %v, want bad input", o, err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, bytes.Replace(data, []byte(`"winner":"R"`), []byte(`"winner":"G"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run(t, bad, -1)
	if !status.Is(err, status.Failed) || !strings.Contains(err.Error(), "DISAGREES") {
		t.Fatalf("a file with the wrong winner: err %v, out:\n%s", err, out)
	}
}

func run(t *testing.T, path string, line int) (string, error) {
	var out bytes.Buffer
	ios := iostreams.New(nil, &out, io.Discard)
	defer ios.Close()
	err := Run(context.Background(), ios, Options{Cmd: "test", Path: path, MemoryMB: 16, Line: line, LineSet: line >= 0})
	return out.String(), err
}

// react check --table: the solver writing the strategies starts from the
// table a proof's sitting saved, and needs far fewer positions for the
// same agreement; a table of another --memory is bad input that says
// the --memory to give.
func TestRunStartsFromATable(t *testing.T) {
	dir := t.TempDir()
	path, table := filepath.Join(dir, "2x5.jsonl"), filepath.Join(dir, "2x5.table")
	pos, _ := chainreact.NewPosition(2, 5, 2)
	ios := iostreams.New(nil, io.Discard, io.Discard)
	defer ios.Close()
	err := proofrun.Run(context.Background(), ios, proofrun.Options{Cmd: "test", Pos: pos, What: "2x5", Path: path, Table: table,
		Split: 2, SplitSet: true, Shard: shard.Shard{K: 1, N: 1}, Jobs: 1, MemoryMB: 16, WinnerOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	nodes := func(o Options) uint64 {
		t.Helper()
		var out, errs bytes.Buffer
		ios := iostreams.New(nil, &out, &errs)
		defer ios.Close()
		o.Cmd, o.Path, o.MemoryMB, o.WinnerOnly = "test", path, 16, true
		if err := Run(context.Background(), ios, o); err != nil || !strings.Contains(out.String(), "agrees: checked: R wins") {
			t.Fatalf("%+v: err %v, out:\n%s", o, err, out.String())
		}
		if o.Table != "" && !strings.Contains(errs.String(), "the solver starts from the table in "+table) {
			t.Errorf("with --table, stderr says:\n%s", errs.String())
		}
		var n uint64
		_, rest, _ := strings.Cut(out.String(), "from the solver (")
		if _, err := fmt.Sscanf(strings.ReplaceAll(rest, ",", ""), "%d positions", &n); err != nil {
			t.Fatalf("no solver positions in:\n%s", out.String())
		}
		return n
	}
	cold, warm := nodes(Options{}), nodes(Options{Table: table})
	if warm*2 > cold {
		t.Errorf("the solver searched %d positions from the table, %d without: want fewer than half", warm, cold)
	}
	// A proof under way (its header and first solved line) proves no
	// winner yet: the root has nothing to check, that line has.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	partial := filepath.Join(dir, "partial.jsonl")
	if err := os.WriteFile(partial, []byte(lines[0]+lines[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	var first struct{ Line int }
	if err := json.Unmarshal([]byte(lines[1]), &first); err != nil {
		t.Fatal(err)
	}
	if out, err := run(t, partial, -1); !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "--line N") {
		t.Errorf("the root of a proof under way: err %v, out:\n%s", err, out)
	}
	if out, err := run(t, partial, first.Line); err != nil || !strings.Contains(out, "agrees: ") {
		t.Errorf("line %d of a proof under way: err %v, out:\n%s", first.Line, err, out)
	}
	err = Run(context.Background(), ios, Options{Cmd: "test", Path: path, MemoryMB: 8, Table: table})
	if !status.Is(err, status.Bad) || !strings.Contains(err.Error(), "--table") || !strings.Contains(err.Error(), "give --memory 16") {
		t.Errorf("a table of another size: err %v, want bad input naming --table and --memory 16", err)
	}
}

// Writing and checking a strategy allocates no board a position: the
// allocations are a small fraction of the positions the strategy reaches.
func TestVerifyAllocatesLittle(t *testing.T) {
	b, res := solved(t, 2, 5)
	var v Verdict
	allocs := testing.AllocsPerRun(1, func() {
		var err error
		if v, err = Verify(context.Background(), &b, Claim{res.Winner, res.Plies, res.Plies}, nil, 1, 0); err != nil {
			t.Fatal(err)
		}
	})
	positions := v.Parts[0].Positions + v.Parts[1].Positions
	if allocs*20 > float64(positions) {
		t.Errorf("%.0f allocations for %d positions checked: want under one in twenty", allocs, positions)
	}
}

// TestMaxPositionsStopsTheSolver: --max-positions bounds the solver's
// positions too, inside one of its calls: the first move of 3x4's
// winner takes the solver about a million positions from the empty
// board, and a limit of a few thousand stops it there.
func TestMaxPositionsStopsTheSolver(t *testing.T) {
	b, err := chainreact.NewBoard(3, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []uint64{1, 5000} {
		v, err := Verify(context.Background(), &b, Claim{0, 1, b.Capacity() + 1}, nil, 1, limit)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("stopped after %d positions (the limit)", limit)) {
			t.Fatalf("limit %d: err %v, want the limit's", limit, err)
		}
		if len(v.Parts) != 1 || v.Parts[0].SolverNodes > limit {
			t.Fatalf("limit %d: the solver searched %+v", limit, v.Parts)
		}
	}
}
