package exact

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact"
)

// solveLines solves every line of p with one solver (lines next to each
// other share its table, as a proof run's worker does).
func solveLines(t *testing.T, p *ProofSplit) []*LineResult {
	t.Helper()
	s := NewSolver(SolveOptions{TableMB: 16})
	out := make([]*LineResult, len(p.Lines))
	for i := range p.Lines {
		res, err := s.Solve(context.Background(), &p.Lines[i].Board)
		if err != nil || !res.Exact {
			t.Fatalf("line %d: %+v %v", i, res, err)
		}
		out[i] = &LineResult{Winner: res.Winner, Exact: true, Plies: res.Plies, PV: res.PV}
	}
	return out
}

// TestSplitProofAgrees: the split path (solve each line, combine by
// minimax) gives what the direct solve and the brute-force reference give,
// on every small board and every split depth, and its principal variation
// replays to that winner on that ply.
func TestSplitProofAgrees(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {2, 5}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		direct, err := NewSolver(SolveOptions{}).Solve(context.Background(), &b)
		if err != nil || !direct.Exact {
			t.Fatal(direct, err)
		}
		winner, end := -1, -1
		if sz[0]*sz[1] <= 9 {
			winner, end = refSolve(refFrom(&b), map[string][2]int{})
			if winner != direct.Winner || end != direct.Plies {
				t.Fatalf("%dx%d: the direct solve says %d on ply %d, the brute force %d on %d", sz[0], sz[1], direct.Winner, direct.Plies, winner, end)
			}
		}
		for plies := 0; plies <= 4; plies++ {
			p, err := Split(&b, plies)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Combine(solveLines(t, p))
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%dx%d split after %d plies (%d lines)", sz[0], sz[1], plies, len(p.Lines))
			checkSolved(t, where, &b, res, direct.Winner, direct.Plies)
		}
	}
}

// TestSplitLines: the lines are the positions after the split's plies, one
// for each class of positions equal up to symmetry: each line's moves
// reach its board, no two lines are mirror images, every position the
// plies reach is one of them, and the split (and its digest) is the same
// every time.
func TestSplitLines(t *testing.T) {
	for _, sz := range [][2]int{{3, 3}, {3, 4}, {4, 4}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		p, err := Split(&b, 3)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := Split(&b, 3)
		if p.Digest() != q.Digest() || len(p.Lines) != len(q.Lines) {
			t.Fatalf("two splits differ: %s %s", p.Digest(), q.Digest())
		}
		if r, _ := Split(&b, 2); r.Digest() == p.Digest() {
			t.Fatal("splits after 2 and 3 plies have one digest")
		}
		images := map[string]int{}
		for i, l := range p.Lines {
			c := b
			for _, m := range l.Moves {
				c.Play(m)
			}
			if debug(&c) != debug(&l.Board) || len(l.Moves) != 3 || l.Index != i {
				t.Fatalf("line %d: its moves do not reach its board", i)
			}
			for _, img := range mirrorImages(&c) {
				if j, seen := images[img]; seen && j != i {
					t.Fatalf("lines %d and %d are mirror images", j, i)
				}
				images[img] = i
			}
		}
		var walk func(c chainreact.Board, d int)
		reached := 0
		walk = func(c chainreact.Board, d int) {
			if c.Over() {
				return
			}
			if d == 3 {
				if _, ok := images[debug(&c)]; !ok {
					t.Fatalf("a position after 3 plies is no line:\n%s", debug(&c))
				}
				reached++
				return
			}
			for _, m := range c.AppendMoves(nil) {
				k := c
				k.Play(m)
				walk(k, d+1)
			}
		}
		walk(b, 0)
		t.Logf("%dx%d: %d move sequences of 3 plies, %d lines", sz[0], sz[1], reached, len(p.Lines))
	}
}

// mirrorImages returns b and its images under the board's symmetries, as
// debug strings, built cell by cell without the solver's tables (b's
// game goes on, so every image is a position file's).
func mirrorImages(b *chainreact.Board) []string {
	rows, cols := b.Rows(), b.Cols()
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return rows - 1 - r, c },
		func(r, c int) (int, int) { return r, cols - 1 - c },
		func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c },
	}
	if rows == cols {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return rows - 1 - c, cols - 1 - r },
			func(r, c int) (int, int) { return c, cols - 1 - r },
			func(r, c int) (int, int) { return rows - 1 - c, r })
	}
	var out []string
	for _, f := range maps {
		var owner, count [chainreact.MaxCells]int
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				r2, c2 := f(r, c)
				owner[r2*cols+c2], count[r2*cols+c2] = b.Cell(r*cols + c)
			}
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "players: R G\nnext: %c\n", "RG"[b.ToMove()])
		for r := rows - 1; r >= 0; r-- {
			for c := 0; c < cols; c++ {
				if i := r*cols + c; owner[i] < 0 {
					sb.WriteString(". ")
				} else {
					fmt.Fprintf(&sb, "%d%c ", count[i], "RG"[owner[i]])
				}
			}
			sb.WriteByte('\n')
		}
		img, err := chainreact.ParsePosition("image", strings.NewReader(sb.String()))
		if err != nil {
			panic(err)
		}
		out = append(out, debug(&img.Board))
	}
	return out
}

// TestCombinePartial: with lines missing, Combine proves no more than the
// lines allow; each line added keeps what was proved; and a result that
// cannot be a line's value is refused.
func TestCombinePartial(t *testing.T) {
	b, _ := chainreact.NewBoard(3, 3, 2)
	p, _ := Split(&b, 2)
	all := solveLines(t, p)
	full, _ := p.Combine(all)
	got := make([]*LineResult, len(all))
	rng := rand.New(rand.NewPCG(1, 2))
	order := rng.Perm(len(all))
	wasWinner := false
	for n, i := range order {
		res, err := p.Combine(got)
		if err != nil {
			t.Fatal(err)
		}
		if res.Exact && n < len(all) && res.Plies != full.Plies {
			t.Fatalf("%d of %d lines: exact on ply %d, the full proof says %d", n, len(all), res.Plies, full.Plies)
		}
		if res.Winner >= 0 && (res.Winner != full.Winner || res.PliesMin > full.Plies || res.PliesMax < full.Plies) {
			t.Fatalf("%d of %d lines: winner %d, plies %d..%d; the full proof: %d on %d", n, len(all), res.Winner, res.PliesMin, res.PliesMax, full.Winner, full.Plies)
		}
		if wasWinner && res.Winner < 0 {
			t.Fatalf("%d of %d lines: the winner proved before is lost", n, len(all))
		}
		wasWinner = res.Winner >= 0
		got[i] = all[i]
	}
	if n := len(got) - 1; n >= 0 {
		if res, _ := p.Combine(got); !res.Exact {
			t.Fatal("every line solved, the root not exact")
		}
		bad := append([]*LineResult(nil), got...)
		bad[0] = &LineResult{Winner: 0, Exact: true, Plies: 1, PV: []chainreact.Move{0}}
		if _, err := p.Combine(bad); !errors.Is(err, ErrLineResult) {
			t.Fatalf("a line won on ply 1 after 2 plies: %v", err)
		}
	}
	none, _ := p.Combine(make([]*LineResult, len(all)))
	if none.Winner >= 0 || none.Exact {
		t.Fatalf("no line solved, yet %+v", none)
	}
}

// TestSplitProofWinnerOnly: lines solved only until their winner is proved
// (bounds on their last ply, no principal variation) prove the root's
// winner, the same as the direct solve, and bounds that hold its last
// ply; lines solved exactly later make the root exact again.
func TestSplitProofWinnerOnly(t *testing.T) {
	for _, sz := range [][2]int{{2, 4}, {3, 3}, {2, 5}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		direct, _ := NewSolver(SolveOptions{}).Solve(context.Background(), &b)
		for _, plies := range []int{1, 2, 3} {
			p, _ := Split(&b, plies)
			s := NewSolver(SolveOptions{TableMB: 16, WinnerOnly: true})
			results := make([]*LineResult, len(p.Lines))
			for i := range p.Lines {
				res, err := s.Solve(context.Background(), &p.Lines[i].Board)
				if err != nil || res.Winner < 0 {
					t.Fatalf("line %d: %+v %v", i, res, err)
				}
				results[i] = &LineResult{Winner: res.Winner, PliesMin: res.PliesMin, PliesMax: res.PliesMax}
			}
			res, err := p.Combine(results)
			where := fmt.Sprintf("%dx%d split after %d plies", sz[0], sz[1], plies)
			if err != nil || res.Exact || res.Winner != direct.Winner || res.PliesMin > direct.Plies || res.PliesMax < direct.Plies {
				t.Fatalf("%s, winner only: %+v %v; the direct solve: %d on ply %d", where, res, err, direct.Winner, direct.Plies)
			}
			exact := solveLines(t, p)
			for i := range results { // half the lines exact: still bounds that hold
				if i%2 == 0 {
					results[i] = exact[i]
				}
			}
			if res, err := p.Combine(results); err != nil || res.Winner != direct.Winner || res.PliesMin > direct.Plies || res.PliesMax < direct.Plies {
				t.Fatalf("%s, half exact: %+v %v", where, res, err)
			}
			res, _ = p.Combine(exact)
			checkSolved(t, where, &b, res, direct.Winner, direct.Plies)
		}
	}
}

// splitCase is a small board split after some plies, every line solved
// exactly, and what the lines prove of its root.
type splitCase struct {
	size  [2]int
	plies int
	p     *ProofSplit
	all   []*LineResult
	full  SolveResult
}

// smallSplits returns 2x4, 3x3 and 2x5 split after 1, 2 and 3 plies.
func smallSplits(t *testing.T) []splitCase {
	t.Helper()
	var cases []splitCase
	for _, sz := range [][2]int{{2, 4}, {3, 3}, {2, 5}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		for _, plies := range []int{1, 2, 3} {
			p, _ := Split(&b, plies)
			all := solveLines(t, p)
			full, _ := p.Combine(all)
			cases = append(cases, splitCase{sz, plies, p, all, full})
		}
	}
	return cases
}

// TestNeeded: solving only the lines Needed names, one at a time, each
// chosen as the first needed, settles the root as solving every line
// does, with fewer lines; a line not needed is never one whose value could
// change the root (every line filled in at random afterwards keeps it).
func TestNeeded(t *testing.T) {
	for _, sc := range smallSplits(t) {
		p, all, full, sz, plies := sc.p, sc.all, sc.full, sc.size, sc.plies
		for _, winnerOnly := range []bool{true, false} {
			got := make([]*LineResult, len(all))
			solved := 0
			for {
				needed := p.Needed(got, winnerOnly)
				i := slices.Index(needed, true)
				if i < 0 {
					break
				}
				got[i] = all[i]
				solved++
			}
			res, _ := p.Combine(got)
			where := fmt.Sprintf("%dx%d split %d winnerOnly %v (%d of %d lines)", sz[0], sz[1], plies, winnerOnly, solved, len(all))
			if res.Winner != full.Winner || (!winnerOnly && (!res.Exact || res.Plies != full.Plies)) {
				t.Fatalf("%s: %+v, every line solved: %+v", where, res, full)
			}
			// the lines left out cannot change it
			rest := append([]*LineResult(nil), got...)
			for i := range rest {
				if rest[i] == nil {
					rest[i] = all[i]
				}
			}
			if again, _ := p.Combine(rest); again.Winner != res.Winner || (!winnerOnly && again.Plies != res.Plies) {
				t.Fatalf("%s: the lines left out change the root", where)
			}
			t.Logf("%s", where)
		}
	}
}

// TestNeededAfterWinnerOnly: an exact run resumed over a winner-only one
// (the lines solved so far known only by their winner and a range of
// plies) solves only the lines Needed names, and settles the root's exact
// value as solving every line exactly does; the lines left out, filled in
// with their exact values, do not change it.
func TestNeededAfterWinnerOnly(t *testing.T) {
	for _, sc := range smallSplits(t) {
		p, all, full, sz, plies := sc.p, sc.all, sc.full, sc.size, sc.plies
		got := make([]*LineResult, len(all))
		for { // the winner-only run, its lines bounded
			i := slices.Index(p.Needed(got, true), true)
			if i < 0 {
				break
			}
			lo := all[i].Plies - 2 // the same player's move, earlier
			if lo <= plies {
				lo = all[i].Plies
			}
			got[i] = &LineResult{Winner: all[i].Winner, PliesMin: lo, PliesMax: all[i].Plies}
		}
		bounded, exact := 0, 0
		for _, r := range got {
			if r != nil {
				bounded++
			}
		}
		for { // then the exact run
			i := slices.Index(p.Needed(got, false), true)
			if i < 0 {
				break
			}
			got[i] = all[i]
			exact++
		}
		where := fmt.Sprintf("%dx%d split %d (%d lines bounded, then %d exact, of %d)", sz[0], sz[1], plies, bounded, exact, len(all))
		res, err := p.Combine(got)
		if err != nil || !res.Exact || res.Winner != full.Winner || res.Plies != full.Plies {
			t.Fatalf("%s: %+v %v, every line solved: %+v", where, res, err, full)
		}
		rest := append([]*LineResult(nil), got...)
		for i := range rest {
			if rest[i] == nil || !rest[i].Exact {
				rest[i] = all[i]
			}
		}
		if again, _ := p.Combine(rest); again.Winner != res.Winner || again.Plies != res.Plies {
			t.Fatalf("%s: the lines left out change the root", where)
		}
		t.Logf("%s", where)
	}
}

// TestSplitIsQuick: a split takes time in the positions before it, not
// in the orders of moves that reach them, whatever plies a proof file's
// header asks: 3x3 after 12 plies is split, 16x16 after 12 refused for
// its lines, each within seconds (the walk of every order took 28 s for
// 3x3 after 9 plies, and never ended for 4x4 after 12).
func TestSplitIsQuick(t *testing.T) {
	for _, tc := range []struct {
		rows, cols, plies int
		refused           bool
	}{{3, 3, 12, false}, {4, 4, 12, true}, {16, 16, 12, true}} {
		b, _ := chainreact.NewBoard(tc.rows, tc.cols, 2)
		t0 := time.Now()
		_, err := Split(&b, tc.plies)
		// A hang guard, not a timing: the walk takes well under a
		// second alone, the race detector and a loaded machine make it
		// ten times slower (the CI's race run once took 6.6 s).
		if took := time.Since(t0); took > time.Minute || (err != nil) != tc.refused {
			t.Errorf("%dx%d after %d plies: %v in %v", tc.rows, tc.cols, tc.plies, err, took)
		}
	}
}

// TestSupport: the lines Support names prove the root's winner alone
// (Combine of them and no other gives it) on every small split, whether
// every line is solved or only those a winner-only run needed; they are
// lines the results solve; and results that prove no winner have none.
func TestSupport(t *testing.T) {
	for _, sc := range smallSplits(t) {
		p, all, full := sc.p, sc.all, sc.full
		where := fmt.Sprintf("%dx%d split %d", sc.size[0], sc.size[1], sc.plies)
		partial := make([]*LineResult, len(all)) // as a winner-only run leaves them
		for {
			i := slices.Index(p.Needed(partial, true), true)
			if i < 0 {
				break
			}
			partial[i] = all[i]
		}
		for _, results := range [][]*LineResult{all, partial} {
			support := p.Support(results)
			if support == nil {
				t.Fatalf("%s: no support for %+v", where, full)
			}
			only := make([]*LineResult, len(results))
			n := 0
			for i, in := range support {
				if in {
					if results[i] == nil {
						t.Fatalf("%s: line %d in the support is not solved", where, i)
					}
					only[i] = results[i]
					n++
				}
			}
			if res, _ := p.Combine(only); res.Winner != full.Winner {
				t.Fatalf("%s: the %d support lines prove %+v, want winner %d", where, n, res, full.Winner)
			}
			t.Logf("%s: %d of %d lines support the winner", where, n, len(all))
		}
		if s := p.Support(make([]*LineResult, len(all))); s != nil {
			t.Fatalf("%s: support %v without any line solved", where, s)
		}
	}
}
