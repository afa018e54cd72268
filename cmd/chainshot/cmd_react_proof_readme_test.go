package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact/exact"
	"chainshot/internal/input"
	"chainshot/internal/iostreams"
	"chainshot/internal/proofcheck"
	"chainshot/internal/proofrun"
	"chainshot/internal/solverun"
	"chainshot/internal/words"
)

// The README's table of solved Chain Reaction boards is made from the
// proof files in docs/proofs (each what "chainshot react solve --size RxC
// --proof docs/proofs/RxC.jsonl" wrote), read and combined by the same
// code as "react solve --proof FILE --resume": TestReadmeSolvedBoards
// checks it (-update rewrites it) and solves the small boards again.

const (
	solvedStart = "<!-- The solved boards are made from docs/proofs: go test ./cmd/chainshot -run TestReadmeSolvedBoards -update -->\n"
	solvedEnd   = "<!-- end of the solved boards -->"
	proofsDir   = "../../docs/proofs"
)

// checksSuffix ends the name of a proof's checks file in docs/proofs
// (RxC.checks.jsonl beside RxC.jsonl): what "chainshot react check
// docs/proofs/RxC.jsonl --winner-only --out docs/proofs/RxC.checks.jsonl
// --resume" keeps, line by line, across sittings.
const checksSuffix = ".checks.jsonl"

// proofFiles reads every proof file in docs/proofs, in the table's order:
// by cells, then rows.
func proofFiles(t *testing.T) []*proofrun.File {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(proofsDir, "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no proof files in %s (%v)", proofsDir, err)
	}
	var out []*proofrun.File
	for _, p := range paths {
		if strings.HasSuffix(p, checksSuffix) {
			continue
		}
		pf, err := proofrun.ReadFile(input.Source{}, "test", p)
		if err != nil {
			t.Fatal(err)
		}
		if pf.Empty {
			t.Fatalf("%s holds no proof", p)
		}
		out = append(out, pf)
	}
	slices.SortFunc(out, func(a, b *proofrun.File) int {
		ra, rb := &a.Split.Root, &b.Split.Root
		if d := ra.Cells() - rb.Cells(); d != 0 {
			return d
		}
		return ra.Rows() - rb.Rows()
	})
	return out
}

// checkedBy says how each board's proof was checked a second way: by
// "chainshot react check docs/proofs/RxC.jsonl" ("winner, ply": both
// strategies; "winner, by ply U": --winner-only, the winner's strategy
// alone, which wins by ply U at the latest; "line by line": checked with
// --line, "by ply U" each line that refutes a class of R's first moves,
// "not before ply P" the lower bound in each line after the loser's
// first move, --loser-only where the winner wins and --winner-only
// where the loser does), and its CPU time, as
// docs/history/react-round15.md records them. TestReadmeSolvedBoards
// checks the small boards again. A board with a checks file in
// docs/proofs has its column made from that file (checksText), this
// text after it.
var checkedBy = map[string]string{
	"2x2": "winner, ply (< 0.01 s)",
	"2x3": "winner, ply (< 0.01 s)",
	"2x4": "winner, ply (0.01 s)",
	"3x3": "winner, ply (0.02 s)",
	"2x5": "winner, ply (0.12 s)",
	"2x6": "winner, ply (2.1 s)",
	"3x4": "winner, ply (2.4 s)",
	"2x7": "winner, ply (31 s)",
	"3x5": "winner, ply (13.5 min)",
	"2x8": "winner, ply (17.4 min)",
	"4x4": "winner, ply, line by line: by ply 30 (41.4 min), not before ply 30 (194.4 min)",
}

// checksText says what the proof's checks file in docs/proofs holds, read
// as react check --resume reads it (the same proof, each line one the
// proof solves for the same winner), or "" when it has none.
func checksText(t *testing.T, pf *proofrun.File) string {
	t.Helper()
	path := strings.TrimSuffix(pf.Path, ".jsonl") + checksSuffix
	if _, err := os.Stat(path); err != nil {
		return ""
	}
	k, proved, complete, err := proofcheck.ReadChecks(iostreams.New(nil, io.Discard, io.Discard).Inputs, "test", path, pf)
	if err != nil {
		t.Fatal(err)
	}
	held := k.Held()
	var cpu float64
	var list []string
	for _, i := range held {
		cpu += k.Lines[i].SolverCPU + k.Lines[i].CheckCPU
		list = append(list, fmt.Sprint(i))
	}
	name := filepath.Base(path)
	link := fmt.Sprintf("[%s](proofs/%s)", name, name)
	mode := "winner, "
	if k.WinnerOnly {
		mode = "winner only, "
	}
	if complete {
		claim, _ := pf.Split.Combine(pf.Results)
		if proved.Winner != claim.Winner || proved.PliesMax < claim.PliesMin || proved.PliesMin > claim.PliesMax {
			t.Errorf("%s: the lines checked prove %+v, the proof says %+v", path, proved, claim)
		}
		ply := fmt.Sprintf("ply %d", proved.Plies)
		if !proved.Exact {
			ply = fmt.Sprintf("by ply %d", proved.PliesMax)
		}
		return fmt.Sprintf("%sline by line, %s: all %s, %s wins %s (%s)", mode, link, words.Plural(len(k.Todo), "line"), string(pf.Names[proved.Winner]), ply, cpuText(cpu))
	}
	return fmt.Sprintf("begun, %sline by line: %s holds %d of the %d lines (%s: %s)", mode, link, len(held), len(k.Todo), strings.Join(list, ", "), cpuText(cpu))
}

// cpuText writes a CPU time as the table does.
func cpuText(sec float64) string {
	switch {
	case sec < 0.01:
		return "< 0.01 s"
	case sec < 10:
		return fmt.Sprintf("%.2f s", sec)
	case sec < 120:
		return fmt.Sprintf("%.0f s", sec)
	case sec < 7200:
		return fmt.Sprintf("%.1f min", sec/60)
	}
	return fmt.Sprintf("%.1f h", sec/3600)
}

// solvedBoards returns the README's table of solved boards.
func solvedBoards(t *testing.T) string {
	t.Helper()
	var sb strings.Builder
	sb.WriteString("| board | winner | last ply | positions | CPU time | proof file | checked |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	for _, pf := range proofFiles(t) {
		res, err := pf.Split.Combine(pf.Results)
		if err != nil {
			t.Fatalf("%s: %v", pf.Path, err)
		}
		nodes, cpu := pf.Nodes, pf.CPU
		b := &pf.Split.Root
		winner, ply := "not proved yet", ""
		switch {
		case res.Exact:
			winner, ply = string(pf.Names[res.Winner]), fmt.Sprint(res.Plies)
		case res.Winner >= 0:
			winner, ply = string(pf.Names[res.Winner]), fmt.Sprintf("%d to %d", res.PliesMin, res.PliesMax)
		}
		if res.Winner == 1 {
			winner = "**" + winner + "**" // the second player
		}
		how := "direct"
		if pf.Header.Split > 0 {
			how = fmt.Sprintf("%s, %s of %s", solverun.Plies(pf.Header.Split), words.Thousands(uint64(pf.Solved)), words.Plural(len(pf.Lines), "line"))
		}
		so := ""
		if !res.Exact {
			so = " so far"
		}
		name := filepath.Base(pf.Path)
		checked, ok := checkedBy[fmt.Sprintf("%dx%d", b.Rows(), b.Cols())]
		if !ok {
			checked = "not yet"
		}
		if kept := checksText(t, pf); kept != "" {
			checked = strings.TrimSuffix(kept+"; "+checked, "; not yet")
		}
		fmt.Fprintf(&sb, "| %dx%d | %s | %s | %s%s | %s%s | [%s](proofs/%s) (%s) | %s |\n", b.Rows(), b.Cols(), winner, ply,
			words.Thousands(nodes), so, cpuText(cpu), so, name, name, how, checked)
	}
	return sb.String()
}

// TestReadmeSolvedBoards: the solved-board table of docs/chain-reaction.md is what the
// proof files prove (-update rewrites it), each file is a proof of the
// empty board its name says, and the boards that take a few seconds are
// solved again: the same winner and last ply on every line, and the same
// positions where a line was solved by one solver with a table of its own
// (a direct solve).
func TestReadmeSolvedBoards(t *testing.T) {
	generatedBlock(t, "docs/chain-reaction.md", solvedStart, solvedEnd, solvedBoards(t))
	for _, pf := range proofFiles(t) {
		b := &pf.Split.Root
		size := fmt.Sprintf("%dx%d", b.Rows(), b.Cols())
		if name := filepath.Base(pf.Path); name != size+".jsonl" || b.Ply() != 0 {
			t.Errorf("%s: a proof of %s after %d plies, want the empty %s board", pf.Path, size, b.Ply(), strings.TrimSuffix(name, ".jsonl"))
		}
		if pf.Nodes > 2_000_000 {
			continue // beyond a test's time: react solve --proof FILE --check N
		}
		t0 := time.Now()
		for i, l := range pf.Lines {
			if l == nil {
				continue
			}
			// a direct solve's positions depend on its table; a line of a
			// split proof's are not compared, and its table may be one of
			// GBs sized for the whole proof (2x9's 4 GB)
			mb := l.TableMB
			if pf.Header.Split > 0 {
				mb = min(mb, 256)
			}
			sv := exact.NewSolver(exact.SolveOptions{TableMB: mb})
			res, err := sv.Solve(context.Background(), &pf.Split.Lines[i].Board)
			if err != nil || !res.Exact {
				t.Fatalf("%s line %d: %+v %v", pf.Path, i, res, err)
			}
			if l.Plies == 0 {
				continue // solved to its winner only: --check solves it so
			}
			if w := string(pf.Names[res.Winner]); w != l.Winner || res.Plies != l.Plies {
				t.Errorf("%s line %d: the file says %s on ply %d, solved again %s on ply %d", pf.Path, i, l.Winner, l.Plies, w, res.Plies)
			}
			if pf.Header.Split == 0 && l.Jobs == 1 && res.Nodes != l.Nodes {
				t.Errorf("%s: the file says %d positions, solved again %d", pf.Path, l.Nodes, res.Nodes)
			}
		}
		t.Logf("%s: solved again in %v", pf.Path, time.Since(t0).Round(time.Millisecond))
		// and checked a second way, as the table says
		res, err := pf.Split.Combine(pf.Results)
		if err != nil || !res.Exact {
			continue // not proved yet
		}
		if !strings.HasPrefix(checkedBy[size], "winner, ply (") {
			t.Errorf("%s: the table says it was checked: %q, want its winner and ply", pf.Path, checkedBy[size])
		}
		claim := proofcheck.Claim{Winner: res.Winner, PliesMin: res.Plies, PliesMax: res.Plies}
		if _, err := proofcheck.Verify(context.Background(), b, claim, nil, 64, 0); err != nil {
			t.Errorf("%s: react check: %v", pf.Path, err)
		}
	}
}
