package exact

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/internal/ref"
)

// refSolve is the brute-force reference: plain minimax over every move of
// the reference rules (package ref, no code shared with the
// engine), memoised by position only, no pruning, no symmetry. It returns
// the winner under perfect play and the last ply, the winner taking the
// soonest win and the loser the latest loss.
func refSolve(g *ref.Game, memo map[string][2]int) (winner, end int) {
	k := g.Key()
	if v, ok := memo[k]; ok {
		return v[0], v[1]
	}
	mover := g.ToMove
	fastWin, slowLoss := -1, -1
	for _, mv := range g.Legal() {
		h := g.Clone()
		h.Play(mv[0], mv[1], func(int) int { return 0 })
		w, e := h.Winner, h.Ply
		if w < 0 {
			w, e = refSolve(h, memo)
		}
		if w == mover {
			if fastWin < 0 || e < fastWin {
				fastWin = e
			}
		} else if e > slowLoss {
			slowLoss = e
		}
	}
	winner, end = 1-mover, slowLoss
	if fastWin >= 0 {
		winner, end = mover, fastWin
	}
	memo[k] = [2]int{winner, end}
	return winner, end
}

// refFrom builds the reference game of a two-player board.
func refFrom(b *chainreact.Board) *ref.Game {
	g := ref.New(b.Rows(), b.Cols(), 2)
	for r := 0; r < b.Rows(); r++ {
		for c := 0; c < b.Cols(); c++ {
			g.Owner[r][c], g.Count[r][c] = b.Cell(r*b.Cols() + c)
		}
	}
	g.ToMove, g.Ply, g.Winner = b.ToMove(), b.Ply(), b.Winner()
	return g
}

// checkSolved fails unless res is exact, agrees with the reference
// (winner, end) and its principal variation, replayed with the engine,
// ends on that ply with that winner.
func checkSolved(t *testing.T, where string, b *chainreact.Board, res SolveResult, winner, end int) {
	t.Helper()
	if !res.Exact || res.Winner != winner || res.Plies != end || res.PliesMin != end || res.PliesMax != end {
		t.Fatalf("%s: solver says winner %d on ply %d (exact %v, plies %d..%d), brute force %d on ply %d\n%s",
			where, res.Winner, res.Plies, res.Exact, res.PliesMin, res.PliesMax, winner, end, debug(b))
	}
	c := *b
	for i, m := range res.PV {
		if c.Over() || !c.Legal(m) {
			t.Fatalf("%s: PV move %d (%s) is not legal", where, i+1, c.FormatMove(m))
		}
		c.Play(m)
	}
	if !c.Over() || c.Winner() != winner || c.Ply() != end {
		t.Fatalf("%s: the PV ends at ply %d, winner %d (over %v), want ply %d, winner %d", where, c.Ply(), c.Winner(), c.Over(), end, winner)
	}
}

// TestSolveEmptyBoards solves the smallest empty boards and compares
// with the brute-force reference.
func TestSolveEmptyBoards(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		w, e := refSolve(ref.New(sz[0], sz[1], 2), map[string][2]int{})
		res, err := NewSolver(SolveOptions{TableMB: 4}).Solve(context.Background(), &b)
		if err != nil {
			t.Fatal(err)
		}
		checkSolved(t, fmt.Sprintf("%dx%d", sz[0], sz[1]), &b, res, w, e)
		t.Logf("%dx%d: winner %d on ply %d, %d nodes", sz[0], sz[1], w, e, res.Nodes)
	}
}

// TestSolveRandomPositions solves positions from random games on larger
// boards, late enough for the brute force, and every position on the way
// to the end of each game, with one solver whose table is shared (and,
// being small, overwritten) from position to position.
func TestSolveRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	s := NewSolver(SolveOptions{TableMB: 1})
	sizes := [][2]int{{3, 4}, {4, 3}, {4, 4}, {2, 5}, {2, 6}, {3, 5}, {5, 3}, {2, 8}}
	solved := 0
	var buf []chainreact.Move
	for game := 0; game < 64; game++ {
		sz := sizes[game%len(sizes)]
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		start := b.Capacity() * (65 + game%4*5) / 100 // 65% to 80% full
		for !b.Over() && b.Ply() < start {
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
		memo := map[string][2]int{}
		for !b.Over() {
			w, e := refSolve(refFrom(&b), memo)
			res, err := s.Solve(context.Background(), &b)
			if err != nil {
				t.Fatal(err)
			}
			checkSolved(t, fmt.Sprintf("game %d (%dx%d) ply %d", game, sz[0], sz[1], b.Ply()), &b, res, w, e)
			solved++
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
	}
	if solved < 180 {
		t.Fatalf("only %d positions solved", solved)
	}
}

// TestSolveSymmetric solves each position of random games on square and
// rectangular boards together with its mirror images (and rotations):
// every image has the same value.
func TestSolveSymmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 55))
	for _, sz := range [][3]int{{3, 3, 0}, {3, 4, 8}, {4, 4, 18}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		s := NewSolver(SolveOptions{TableMB: 4})
		var buf []chainreact.Move
		for !b.Over() && b.Ply() < sz[2] { // from the empty board, or late enough
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
		for !b.Over() {
			want, err := s.Solve(context.Background(), &b)
			if err != nil {
				t.Fatal(err)
			}
			for _, img := range images(&b) {
				got, err := NewSolver(SolveOptions{TableMB: 1}).Solve(context.Background(), &img)
				if err != nil {
					t.Fatal(err)
				}
				if got.Winner != want.Winner || got.Plies != want.Plies {
					t.Fatalf("%dx%d ply %d: an image is won by %d on ply %d, the position by %d on ply %d\n%s\n%s",
						sz[0], sz[1], b.Ply(), got.Winner, got.Plies, want.Winner, want.Plies, debug(&b), debug(&img))
				}
			}
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
	}
}

// images returns b's mirror images (and, on a square board, rotations),
// rebuilt cell by cell from a position file.
func images(b *chainreact.Board) []chainreact.Board {
	R, C := b.Rows(), b.Cols()
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return R - 1 - r, c },
		func(r, c int) (int, int) { return r, C - 1 - c },
		func(r, c int) (int, int) { return R - 1 - r, C - 1 - c },
	}
	if R == C {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return R - 1 - c, C - 1 - r },
		)
	}
	var out []chainreact.Board
	for _, f := range maps {
		var sb strings.Builder
		fmt.Fprintf(&sb, "players: R G\nnext: %c\n", "RG"[b.ToMove()])
		for r := R - 1; r >= 0; r-- {
			for c := 0; c < C; c++ {
				// the image's cell (r, c) holds the cell f maps onto it
				var o, k int
				for r0 := 0; r0 < R; r0++ {
					for c0 := 0; c0 < C; c0++ {
						if r1, c1 := f(r0, c0); r1 == r && c1 == c {
							o, k = b.Cell(r0*C + c0)
						}
					}
				}
				if o < 0 {
					sb.WriteString(". ")
				} else {
					fmt.Fprintf(&sb, "%d%c ", k, "RG"[o])
				}
			}
			sb.WriteByte('\n')
		}
		p, err := chainreact.ParsePosition("image", strings.NewReader(sb.String()))
		if err != nil {
			panic(err)
		}
		out = append(out, p.Board)
	}
	return out
}

// TestSolveLimits checks a node limit and a cancelled context: the answer
// is not exact, and what it claims is true.
func TestSolveLimits(t *testing.T) {
	b, _ := chainreact.NewBoard(3, 3, 2)
	w, e := refSolve(ref.New(3, 3, 2), map[string][2]int{})
	for _, n := range []uint64{1, 1000, 5000, 20000} {
		res, err := NewSolver(SolveOptions{MaxNodes: n, TableMB: 1}).Solve(context.Background(), &b)
		if err != nil {
			t.Fatal(err)
		}
		if res.Exact && res.Nodes < n {
			checkSolved(t, "3x3", &b, res, w, e)
			continue
		}
		if res.Exact || len(res.PV) > 0 {
			t.Fatalf("limit %d: exact %v after %d nodes with PV %v", n, res.Exact, res.Nodes, res.PV)
		}
		if res.Winner >= 0 && (res.Winner != w || e < res.PliesMin || e > res.PliesMax) {
			t.Fatalf("limit %d: claims winner %d by plies %d..%d, the truth is %d on %d", n, res.Winner, res.PliesMin, res.PliesMax, w, e)
		}
	}
	// the mover loses on 2x4: what a stopped solve claims of the loser's
	// delay must hold too
	b24, _ := chainreact.NewBoard(2, 4, 2)
	w, e = refSolve(ref.New(2, 4, 2), map[string][2]int{})
	for n := uint64(100); n < 4000; n += 100 {
		res, err := NewSolver(SolveOptions{MaxNodes: n, TableMB: 1}).Solve(context.Background(), &b24)
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner >= 0 && (res.Winner != w || e < res.PliesMin || e > res.PliesMax || res.PliesMin > res.PliesMax) {
			t.Fatalf("2x4, limit %d: claims winner %d by plies %d..%d, the truth is %d on %d", n, res.Winner, res.PliesMin, res.PliesMax, w, e)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big, _ := chainreact.NewBoard(4, 4, 2)
	res, err := NewSolver(SolveOptions{TableMB: 1}).Solve(ctx, &big)
	if err != nil || res.Exact || res.Winner >= 0 || res.Nodes > 2048 {
		t.Fatalf("cancelled: %+v, %v", res, err)
	}
	three, _ := chainreact.NewBoard(3, 3, 3)
	if _, err := NewSolver(SolveOptions{}).Solve(context.Background(), &three); err != ErrSolvePlayers {
		t.Fatalf("three players: %v", err)
	}
}

var solveMB = flag.Int("solve-mb", 64, "table size for -solve")

var solveSize = flag.String("solve", "", "solve the empty board of this size (RxC) and log the result: go test -run SolveSize -solve 3x4 -v")

func TestSolveSize(t *testing.T) {
	if *solveSize == "" {
		t.Skip("no -solve size")
	}
	var r, c int
	if _, err := fmt.Sscanf(*solveSize, "%dx%d", &r, &c); err != nil {
		t.Fatal(err)
	}
	b, err := chainreact.NewBoard(r, c, 2)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	res, err := NewSolver(SolveOptions{TableMB: *solveMB}).Solve(context.Background(), &b)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%dx%d: exact %v winner %d plies %d (%d..%d) nodes %d, %.2fs, pv %v", r, c, res.Exact, res.Winner, res.Plies, res.PliesMin, res.PliesMax, res.Nodes, time.Since(t0).Seconds(), res.PV)
}

func TestSolveEntrySize(t *testing.T) {
	b, _ := chainreact.NewBoard(4, 4, 2)
	tab := NewSolveTable(1, &b)
	if n := len(tab.words) / int(tab.mask+1) * 8; n != 64 || solveBucket*solveEntryBytes != 64 {
		t.Fatalf("a bucket takes %d bytes, %d entries of %d; it should fill a 64-byte cache line", n, solveBucket, solveEntryBytes)
	}
	for _, e := range []solveEntry{{lo: -4000, hi: 4000, move: int16(chainreact.NoMove), work: 63}, {lo: 1, hi: -1, move: 255, work: 0}, {}} {
		if got := unpack(e.pack()); got != e || e.pack() == 0 {
			t.Errorf("%+v packs to %#x, unpacks to %+v", e, e.pack(), got)
		}
	}
	// compact entries: every bound a board of up to 63 plies has, in order
	bounds := []int32{-solveNoBound}
	for e := int32(1); e <= 63; e++ {
		bounds = append(bounds, solveLoss(e))
	}
	for e := int32(63); e >= 1; e-- {
		bounds = append(bounds, solveWinAt(e))
	}
	bounds = append(bounds, solveNoBound)
	for i, v := range bounds {
		if i > 0 && (v <= bounds[i-1] || boundCode(v) <= boundCode(bounds[i-1])) {
			t.Fatalf("bound %d (code %d) after %d (code %d): out of order", v, boundCode(v), bounds[i-1], boundCode(bounds[i-1]))
		}
		for _, mv := range []int16{0, 15, 62, int16(chainreact.NoMove)} {
			for _, w := range []uint8{0, 1, 30, 62, 64} {
				e := solveEntry{lo: int16(v), hi: int16(bounds[len(bounds)-1-i]), move: mv, work: w}
				key := uint64(0x9e3779b97f4a7c15) * uint64(i+1)
				d := packCompact(key, e)
				want := e
				want.work = min(w, 62)
				if got := unpackCompact(d); got != want || d == 0 || d&compactKey != key&compactKey {
					t.Fatalf("%+v packs to %#x, unpacks to %+v", e, d, got)
				}
			}
		}
	}
}

// TestSolveMoverInKey solves positions from random games with the player
// to move as played and, through the same solver, with the other player
// to move ("next:" says who): the table must keep them apart.
func TestSolveMoverInKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	s := NewSolver(SolveOptions{TableMB: 1})
	var buf []chainreact.Move
	checked := 0
	for game := 0; game < 30; game++ {
		b, _ := chainreact.NewBoard(3, 3, 2)
		for !b.Over() && b.Ply() < 6+game%5 {
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
		if b.Over() {
			continue
		}
		for _, flip := range []bool{false, true} {
			c := b
			if flip {
				p := chainreact.Position{Board: b, Names: "RG"}
				text := strings.Replace(p.String(), "next: "+string("RG"[b.ToMove()]), "next: "+string("RG"[1-b.ToMove()]), 1)
				q, err := chainreact.ParsePosition("flip", strings.NewReader(text))
				if err != nil || q.Board.Over() {
					continue
				}
				c = q.Board
			}
			w, e := refSolve(refFrom(&c), map[string][2]int{})
			res, err := s.Solve(context.Background(), &c)
			if err != nil {
				t.Fatal(err)
			}
			checkSolved(t, fmt.Sprintf("game %d flipped %v", game, flip), &c, res, w, e)
			checked++
		}
	}
	if checked < 40 {
		t.Fatalf("only %d positions", checked)
	}
}

// TestOutcome reads bounds on values back as winners and ply ranges.
func TestOutcome(t *testing.T) {
	b, _ := chainreact.NewBoard(3, 3, 2)
	b.Play(0) // ply 1, G to move
	tests := []struct {
		lo, hi           int32
		winner, lo1, hi1 int
	}{
		{solveWinAt(9), solveWinAt(5), 1, 5, 9},     // G wins, on ply 5 at the soonest, 9 at the latest
		{solveLoss(4), solveLoss(10), 0, 4, 10},     // G loses, not before ply 4, by ply 10
		{solveLoss(4), solveWinAt(7), -1, 0, 0},     // unknown
		{solveLoss(6), solveLoss(6), 0, 6, 6},       // exact
		{solveWinAt(11), solveWinAt(11), 1, 11, 11}, // exact
	}
	for _, tc := range tests {
		w, lo, hi := outcome(&b, tc.lo, tc.hi)
		if w != tc.winner || lo != tc.lo1 || hi != tc.hi1 {
			t.Errorf("bounds [%d, %d]: winner %d plies %d..%d, want %d %d..%d", tc.lo, tc.hi, w, lo, hi, tc.winner, tc.lo1, tc.hi1)
		}
	}
}

// After a solve to its winner only, the table's move wins: at the root
// of boards the first player wins, and after each first move on 2x4,
// which the second player wins.
func TestTableMoveWins(t *testing.T) {
	var cases []chainreact.Board
	for _, sz := range [][2]int{{2, 3}, {3, 3}, {2, 5}, {3, 4}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		cases = append(cases, b)
	}
	b24, _ := chainreact.NewBoard(2, 4, 2)
	for _, m := range b24.AppendMoves(nil) {
		c := b24
		c.Play(m)
		cases = append(cases, c)
	}
	for _, b := range cases {
		sv := NewSolver(SolveOptions{TableMB: 16, WinnerOnly: true})
		if m, ok := sv.TableMove(&b); ok {
			t.Fatalf("%dx%d: a move %d before any solve", b.Rows(), b.Cols(), m)
		}
		res, err := sv.Solve(context.Background(), &b)
		if err != nil || res.Winner != b.ToMove() {
			t.Fatalf("%dx%d ply %d: %+v %v", b.Rows(), b.Cols(), b.Ply(), res, err)
		}
		m, ok := sv.TableMove(&b)
		if !ok || !b.Legal(m) {
			t.Fatalf("%dx%d ply %d: TableMove = %d, %v", b.Rows(), b.Cols(), b.Ply(), m, ok)
		}
		c := b
		c.Play(m)
		if r, _ := NewSolver(SolveOptions{TableMB: 16}).Solve(context.Background(), &c); r.Winner != b.ToMove() {
			t.Errorf("%dx%d ply %d: the table's move %s loses", b.Rows(), b.Cols(), b.Ply(), b.FormatMove(m))
		}
	}
}

// TestHoldAgreesWithTheReference asks Hold, at every position of random
// games, for a move that keeps the other player from winning before each
// ply in turn, and WinBy for one that wins by each ply, and checks with
// the brute-force reference that one exists exactly when they say so, and
// that the move they give is one.
func TestHoldAgreesWithTheReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	s := NewSolver(SolveOptions{TableMB: 1})
	sizes := [][2]int{{3, 3}, {2, 5}, {3, 4}, {2, 6}}
	var asked, found [2]int
	var buf []chainreact.Move
	for game := 0; game < 36; game++ {
		sz := sizes[game%len(sizes)]
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		start := b.Capacity() * (55 + game%3*10) / 100
		for !b.Over() && b.Ply() < start {
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
		memo := map[string][2]int{}
		for !b.Over() {
			// does says whether the move m does what is asked at ply p:
			// hold (the other cannot win before p) or win by p
			does := func(win bool, m chainreact.Move, p int) bool {
				c := b
				c.Play(m)
				w, e := c.Winner(), c.Ply()
				if !c.Over() {
					w, e = refSolve(refFrom(&c), memo)
				}
				if win {
					return w == b.ToMove() && e <= p
				}
				return w == b.ToMove() || e >= p
			}
			moves := b.AppendMoves(nil)
			for k, win := range []bool{false, true} {
				for p := b.Ply() + 1; p <= b.Capacity()+2; p++ {
					want := false
					for _, m := range moves {
						want = want || does(win, m, p)
					}
					ask, name := s.Hold, "Hold"
					if win {
						ask, name = s.WinBy, "WinBy"
					}
					m, ok, _, err := ask(context.Background(), &b, p)
					where := fmt.Sprintf("game %d (%dx%d) ply %d, %s %d", game, sz[0], sz[1], b.Ply(), name, p)
					switch {
					case err != nil:
						t.Fatalf("%s: %v", where, err)
					case ok != want:
						t.Fatalf("%s: says %v, the reference %v\n%s", where, ok, want, debug(&b))
					case ok && (!b.Legal(m) || !does(win, m, p)):
						t.Fatalf("%s: the move %s does not do it\n%s", where, b.FormatMove(m), debug(&b))
					}
					asked[k]++
					if ok {
						found[k]++
					}
				}
			}
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
		}
	}
	for k, name := range []string{"Hold", "WinBy"} {
		if asked[k] < 800 || found[k] < 100 || asked[k]-found[k] < 100 {
			t.Fatalf("%s: only %d asked, %d found", name, asked[k], found[k])
		}
		t.Logf("%s: %d asked, %d found", name, asked[k], found[k])
	}
}

// Hold and WinBy, asked at every position a strategy reaches, allocate
// nothing once the solver is made.
func TestHoldDoesNotAllocate(t *testing.T) {
	b, _ := chainreact.NewBoard(3, 3, 2)
	s := NewSolver(SolveOptions{TableMB: 1})
	ctx := context.Background()
	s.Hold(ctx, &b, 10) // the tables, made once
	for name, ask := range map[string]func(context.Context, *chainreact.Board, int) (chainreact.Move, bool, uint64, error){"Hold": s.Hold, "WinBy": s.WinBy} {
		if a := testing.AllocsPerRun(20, func() { ask(ctx, &b, 13) }); a != 0 {
			t.Errorf("%s: %v allocations a call", name, a)
		}
	}
}
