package chainreact

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"chainshot/chainreact/internal/ref"
)

func sameAsRef(t *testing.T, b *Board, g *ref.Game, where string) {
	t.Helper()
	if b.Winner() != g.Winner {
		t.Fatalf("%s: winner %d, reference %d\n%s", where, b.Winner(), g.Winner, b.debug())
	}
	if b.Over() {
		return // the stopped reaction may be cut at a different place
	}
	if b.ToMove() != g.ToMove || b.Ply() != g.Ply {
		t.Fatalf("%s: to move %d ply %d, reference %d ply %d", where, b.ToMove(), b.Ply(), g.ToMove, g.Ply)
	}
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			o, k := b.Cell(r*g.Cols + c)
			if o != g.Owner[r][c] || k != g.Count[r][c] {
				t.Fatalf("%s: cell row %d col %d is %d of %d, reference %d of %d\n%s", where, r+1, c+1, k, o, g.Count[r][c], g.Owner[r][c], b.debug())
			}
		}
	}
}

func (b *Board) debug() string {
	p := Position{Board: *b, Names: DefaultNames[:b.Players()]}
	return p.String()
}

// TestAgainstReference plays random games on several sizes and player
// counts, exploding the reference's cells in a random order, and compares
// every position: the order of explosions must not change the result.
func TestAgainstReference(t *testing.T) {
	// boards of at most 64 cells react through reactSmall, larger ones
	// through react's own loop: both are compared
	sizes := []struct{ r, c, n int }{{2, 2, 2}, {2, 3, 2}, {3, 3, 2}, {4, 4, 3}, {5, 4, 2}, {9, 6, 2}, {6, 6, 4}, {3, 5, 8}, {8, 8, 2}, {9, 8, 2}, {11, 7, 4}, {5, 16, 3}}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range sizes {
		for game := 0; game < 40; game++ {
			b, err := NewBoard(s.r, s.c, s.n)
			if err != nil {
				t.Fatal(err)
			}
			g := ref.New(s.r, s.c, s.n)
			for ply := 0; !b.Over(); ply++ {
				moves := g.Legal()
				bm := b.AppendMoves(nil)
				if len(moves) != len(bm) {
					t.Fatalf("%dx%d: %d legal moves, reference %d", s.r, s.c, len(bm), len(moves))
				}
				mv := moves[rng.IntN(len(moves))]
				m, _ := b.MoveAt(mv[0]+1, mv[1]+1)
				b.Play(m)
				g.Play(mv[0], mv[1], rng.IntN)
				sameAsRef(t, &b, g, "random game")
				if b.Ply() > b.Capacity()+1 {
					t.Fatalf("%dx%d: game longer than %d plies", s.r, s.c, b.Capacity()+1)
				}
			}
		}
	}
}

// TestInvariants checks, over random games, that the orbs on the board
// equal the moves played in every position (the last included), that every
// position before the end is stable, that the incremental hash equals a
// recomputed one, and that a two-player 9x6 game ends by ply 133.
func TestInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var buf []Move
	longest := 0
	for game := 0; game < 300; game++ {
		b, _ := NewBoard(9, 6, 2)
		if b.Capacity() != 132 {
			t.Fatalf("9x6 capacity %d, want 132", b.Capacity())
		}
		for !b.Over() {
			buf = b.AppendMoves(buf[:0])
			b.Play(buf[rng.IntN(len(buf))])
			total := 0
			for p := 0; p < b.Players(); p++ {
				total += b.Orbs(p)
			}
			cells := 0
			for i := 0; i < b.Cells(); i++ {
				o, k := b.Cell(i)
				if o >= 0 {
					cells += k
				}
				if k >= b.CriticalMass(i) && !b.Over() {
					t.Fatalf("unstable cell %d before the end", i)
				}
			}
			if total != b.Ply() || cells != b.Ply() {
				t.Fatalf("ply %d: orbs %d (cells say %d)", b.Ply(), total, cells)
			}
			c := b
			c.recount()
			if c.Hash() != b.Hash() && !b.Over() {
				t.Fatalf("ply %d: hash %x, recomputed %x", b.Ply(), b.Hash(), c.Hash())
			}
		}
		if b.Ply() > longest {
			longest = b.Ply()
		}
	}
	if longest > 133 {
		t.Fatalf("a 9x6 game lasted %d plies", longest)
	}
}

func mustParse(t *testing.T, s string) Position {
	t.Helper()
	p, err := ParsePosition("test", strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHandPositions checks reactions worked out by hand (rows top first).
func TestHandPositions(t *testing.T) {
	tests := []struct {
		name, before string
		move         [2]int
		after        string // the position after, when the game goes on
		winner       int
		waves        int
		stopped      bool
	}{
		{"corner explodes", "next: R\n. . .\n. . 1G\n1R . 1G\n", [2]int{1, 1},
			"next: G\n. . .\n1R . 1G\n. 1R 1G\n", -1, 1, false},
		{"conversion", "next: R\n. . 1G\n. . .\n1R 1G .\n", [2]int{1, 1},
			"next: G\n. . 1G\n1R . .\n. 2R .\n", -1, 1, false},
		{"chain of three waves", "next: R\n1G . 1G\n2R . .\n1R . .\n", [2]int{1, 1},
			"next: G\n. 1R 1G\n1R 1R .\n1R 1R .\n", -1, 3, false},
		{"win stops the reaction", "next: R\n. . .\n. . .\n1R 2G 1G\n", [2]int{1, 1}, "", 0, 2, true},
		{"surplus kept", "next: R\n. . 1G\n2R 3R .\n1R 2R .\n", [2]int{1, 1},
			"next: G\n1R 1R 1G\n2R 1R 1R\n. 2R 1R\n", -1, 3, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.before)
			m, _ := p.Board.MoveAt(tc.move[0], tc.move[1])
			if !p.Board.Legal(m) {
				t.Fatalf("move %v illegal", tc.move)
			}
			tr := p.Board.PlayTrace(m)
			if p.Board.Winner() != tc.winner {
				t.Fatalf("winner %d, want %d", p.Board.Winner(), tc.winner)
			}
			if tc.after != "" {
				want := mustParse(t, tc.after)
				if p.Board.ToMove() != want.Board.ToMove() || p.Board.Hash() != want.Board.Hash() || p.Board.Ply() != want.Board.Ply() {
					t.Errorf("after:\n%s\nwant:\n%s", p.String(), want.String())
				}
			}
			if len(tr.Waves) != tc.waves || tr.Stopped != tc.stopped {
				t.Errorf("%d waves stopped %v, want %d %v: %v", len(tr.Waves), tr.Stopped, tc.waves, tc.stopped, tr.Waves)
			}
		})
	}
}

// TestElimination checks turn order with three players once one is out.
func TestElimination(t *testing.T) {
	p := mustParse(t, "players: R G B\nnext: R\n. . 1B\n. . .\n1R 1G .\n")
	m, _ := p.Board.MoveAt(1, 1)
	p.Board.Play(m)
	if p.Board.Alive(1) || p.Board.Over() {
		t.Fatalf("G should be out and the game go on:\n%s", p.String())
	}
	if p.Board.ToMove() != 2 {
		t.Fatalf("to move %d, want B (2)", p.Board.ToMove())
	}
	m, _ = p.Board.MoveAt(3, 3)
	p.Board.Play(m)
	if p.Board.ToMove() != 0 {
		t.Fatalf("to move %d after B, want R (G skipped)", p.Board.ToMove())
	}
}

// TestFirstRound checks nobody is out before every player has moved.
func TestFirstRound(t *testing.T) {
	b, _ := NewBoard(3, 3, 4)
	for k := 0; k < 4; k++ {
		if b.ToMove() != k || b.Over() {
			t.Fatalf("move %d: to move %d over %v", k, b.ToMove(), b.Over())
		}
		b.Play(Move(2 * k))
	}
	if b.ToMove() != 0 {
		t.Fatalf("after the first round, to move %d", b.ToMove())
	}
}

func refPerft(g *ref.Game, depth int, counts []uint64) {
	moves := g.Legal()
	counts[len(counts)-depth] += uint64(len(moves))
	if depth == 1 {
		return
	}
	for _, mv := range moves {
		h := g.Clone()
		h.Play(mv[0], mv[1], func(int) int { return 0 })
		if h.Winner < 0 {
			refPerft(h, depth-1, counts)
		}
	}
}

// TestPerft compares move-sequence counts with the reference.
func TestPerft(t *testing.T) {
	for _, s := range []struct{ r, c, n, depth int }{{2, 2, 2, 6}, {3, 3, 2, 5}, {2, 3, 3, 5}, {4, 3, 2, 4}, {9, 6, 2, 3}} {
		b, _ := NewBoard(s.r, s.c, s.n)
		got := Perft(&b, s.depth)
		want := make([]uint64, s.depth)
		refPerft(ref.New(s.r, s.c, s.n), s.depth, want)
		for d := range want {
			if got[d] != want[d] {
				t.Errorf("%dx%d %d players depth %d: %d, reference %d", s.r, s.c, s.n, d+1, got[d], want[d])
			}
		}
	}
}

// A random game allocates nothing: Play, and AppendMoves into a buffer
// with room for every cell (MaxCells, or just the board's cells, which
// on a board of at most 64 cells is less than the 64 slots its fast
// path writes).
func TestPlayDoesNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sz := range [][2]int{{2, 2}, {3, 4}, {9, 6}, {8, 8}, {16, 16}} {
		for _, room := range []int{MaxCells, sz[0] * sz[1]} {
			buf := make([]Move, 0, room)
			allocs := testing.AllocsPerRun(20, func() {
				b, _ := NewBoard(sz[0], sz[1], 2)
				for !b.Over() {
					buf = b.AppendMoves(buf[:0])
					b.Play(buf[rng.IntN(len(buf))])
				}
			})
			if allocs != 0 || cap(buf) != room {
				t.Errorf("%dx%d, a buffer of %d: %v allocations per random game, the buffer grown to %d", sz[0], sz[1], room, allocs, cap(buf))
			}
		}
	}
}

// TestTraceWaves checks the trace of every move of random games against
// the rules read directly: wave k explodes exactly the cells unstable
// on the board wave k-1 left (the landed orb's board for wave 1), each
// giving up its critical mass and one orb to each neighbour, which
// becomes the mover's; the board after each wave is that; the last
// wave's board is the engine's own position after the move, and only a
// stopped reaction leaves unstable cells.
func TestTraceWaves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var buf []Move
	waves := 0
	for game := 0; game < 120; game++ {
		players := 2 + game%3
		b, _ := NewBoard(2+game%5, 2+game%4, players)
		for !b.Over() {
			buf = b.AppendMoves(buf[:0])
			m := buf[rng.IntN(len(buf))]
			before := b
			tr := b.PlayTrace(m)
			plain := before
			plain.Play(m)
			if plain != b {
				t.Fatalf("game %d: PlayTrace and Play reach different positions", game)
			}
			if tr.Move != m || tr.Player != before.ToMove() || tr.Before != before {
				t.Fatalf("game %d: trace of %d by %d says move %d by %d", game, m, before.ToMove(), tr.Move, tr.Player)
			}
			checkTrace(t, &tr, &b)
			waves += len(tr.Waves)
		}
	}
	if waves < 1000 {
		t.Fatalf("only %d waves checked", waves)
	}
}

func checkTrace(t *testing.T, tr *Trace, after *Board) {
	t.Helper()
	n := tr.Before.Cells()
	unstable := func(b *Board) []Move {
		var out []Move
		for i := 0; i < n; i++ {
			if _, k := b.Cell(i); k >= b.CriticalMass(i) {
				out = append(out, Move(i))
			}
		}
		return out
	}
	// the landed board: one more orb on the cell, now the mover's
	land := tr.Before
	o0, k0 := land.Cell(int(tr.Move))
	if o1, k1 := tr.Landed.Cell(int(tr.Move)); o1 != tr.Player || k1 != k0+1 || (o0 >= 0 && o0 != tr.Player) {
		t.Fatalf("landed cell %d: %d orbs of %d, before %d of %d", tr.Move, k1, o1, k0, o0)
	}
	for i := 0; i < n; i++ {
		if i == int(tr.Move) {
			continue
		}
		if a, b := sameCell(&tr.Before, &tr.Landed, i); !a {
			t.Fatalf("landing changed cell %d: %s", i, b)
		}
	}
	if len(tr.Waves) == 0 {
		if len(unstable(&tr.Landed)) != 0 || tr.Stopped {
			t.Fatalf("no waves, but the landed board is unstable (stopped=%v)", tr.Stopped)
		}
		return
	}
	prev := &tr.Landed
	var count [MaxCells]int
	var owner [MaxCells]int
	for i := 0; i < n; i++ {
		owner[i], count[i] = prev.Cell(i)
	}
	var nb []int
	for k := range tr.Waves {
		w := &tr.Waves[k]
		want := unstable(prev)
		last := k == len(tr.Waves)-1
		if !(last && tr.Stopped) && !sameSet(w.Exploded, want) {
			t.Fatalf("wave %d exploded %v, the board before it has %v unstable", k+1, w.Exploded, want)
		}
		if len(w.Exploded) == 0 || !subset(w.Exploded, want) {
			t.Fatalf("wave %d exploded %v, not among the unstable %v", k+1, w.Exploded, want)
		}
		for _, x := range w.Exploded {
			count[x] -= prev.CriticalMass(int(x))
			if count[x] == 0 {
				owner[x] = -1
			}
			nb = prev.Neighbours(nb[:0], int(x))
			for _, y := range nb {
				count[y]++
				owner[y] = tr.Player
			}
		}
		for i := 0; i < n; i++ {
			if o, c := w.After.Cell(i); c != count[i] || (c > 0 && o != owner[i]) {
				t.Fatalf("after wave %d cell %d holds %d of %d, the rules give %d of %d", k+1, i, c, o, count[i], owner[i])
			}
		}
		prev = &w.After
	}
	if last := tr.Waves[len(tr.Waves)-1].After; last != *after {
		t.Fatalf("the last wave's board is not the position after the move")
	}
	if rest := unstable(after); (len(rest) > 0) != tr.Stopped || (tr.Stopped && !after.Over()) {
		t.Fatalf("stopped=%v over=%v with %d unstable cells left", tr.Stopped, after.Over(), len(rest))
	}
}

func sameCell(a, b *Board, i int) (bool, string) {
	oa, ka := a.Cell(i)
	ob, kb := b.Cell(i)
	return oa == ob && ka == kb, fmt.Sprintf("%d of %d, then %d of %d", ka, oa, kb, ob)
}

func sameSet(a, b []Move) bool { return len(a) == len(b) && subset(a, b) }

func subset(a, b []Move) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// TestWinStopsTheReaction checks the rule that a reaction stops the
// moment one player is left, over every game-ending move of random games
// on several sizes with two to four players: the explosions the trace
// lists, replayed one at a time by this test's own arithmetic from the
// board once the orb landed, leave one player on the board at the last
// of them and not before; the board after the move is that board (the
// unstable cells left as they are, Stopped saying so); and the orbs on
// it still equal the moves played.
func TestWinStopsTheReaction(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	cut := 0
	for _, s := range []struct{ rows, cols, players int }{{2, 2, 2}, {3, 3, 2}, {4, 5, 2}, {5, 5, 3}, {6, 4, 4}, {9, 6, 2}} {
		for game := 0; game < 60; game++ {
			b, _ := NewBoard(s.rows, s.cols, s.players)
			var buf []Move
			for !b.Over() {
				buf = b.AppendMoves(buf[:0])
				m := buf[rng.IntN(len(buf))]
				before := b
				tr := b.PlayTrace(m)
				if !b.Over() {
					continue
				}
				owner, count := [MaxCells]int{}, [MaxCells]int{}
				for i := 0; i < b.Cells(); i++ {
					owner[i], count[i] = tr.Landed.Cell(i)
				}
				left := func() int {
					seen := map[int]bool{}
					for i := 0; i < b.Cells(); i++ {
						if owner[i] >= 0 {
							seen[owner[i]] = true
						}
					}
					return len(seen)
				}
				var all []Move
				for _, w := range tr.Waves {
					all = append(all, w.Exploded...)
				}
				for k, c := range all {
					if left() == 1 {
						t.Fatalf("%dx%d, %d players: the reaction of %s goes on for %d explosions after one player is left\n%s",
							s.rows, s.cols, s.players, before.FormatMove(m), len(all)-k, before.debug())
					}
					count[c] -= b.CriticalMass(int(c))
					if count[c] == 0 {
						owner[c] = -1
					}
					for _, j := range b.Neighbours(nil, int(c)) {
						owner[j], count[j] = tr.Player, count[j]+1
					}
				}
				if left() != 1 {
					t.Fatalf("%dx%d: the game ends with %d players on the board", s.rows, s.cols, left())
				}
				unstable, orbs := false, 0
				for i := 0; i < b.Cells(); i++ {
					o, k := b.Cell(i)
					if o != owner[i] || k != count[i] {
						t.Fatalf("%dx%d: cell %d after the move is %d×%d, the explosions give %d×%d", s.rows, s.cols, i, k, o, count[i], owner[i])
					}
					unstable = unstable || k >= b.CriticalMass(i)
					orbs += k
				}
				if tr.Stopped != unstable || orbs != b.Ply() || b.Winner() != tr.Player {
					t.Fatalf("%dx%d: stopped %v with unstable cells %v, %d orbs at ply %d, winner %d", s.rows, s.cols, tr.Stopped, unstable, orbs, b.Ply(), b.Winner())
				}
				if unstable {
					cut++
				}
			}
		}
	}
	if cut < 20 {
		t.Fatalf("only %d games ended with the reaction cut short", cut)
	}
}

// TestIncrementalState checks what a board keeps move by move against
// the same recomputed from its cells, over random games on boards on
// both sides of 64 cells, two to eight players, with and without the
// masks the search keeps: orbs per player, the hash, the owners' masks
// and the critical cells; and that PlayTrace leaves the very board Play
// does.
func TestIncrementalState(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, s := range []struct{ rows, cols, players int }{{2, 2, 2}, {3, 4, 3}, {9, 6, 2}, {8, 8, 5}, {9, 8, 2}, {12, 12, 8}, {16, 16, 2}} {
		for game := 0; game < 12; game++ {
			b, _ := NewBoard(s.rows, s.cols, s.players)
			if game%2 == 1 {
				b.TrackMasks()
			}
			var buf []Move
			for !b.Over() {
				buf = b.AppendMoves(buf[:0])
				m := buf[rng.IntN(len(buf))]
				traced := b
				traced.PlayTrace(m)
				b.Play(m)
				if traced != b {
					t.Fatalf("%dx%d ply %d: PlayTrace and Play leave different boards", s.rows, s.cols, b.Ply())
				}
				var orbs [MaxPlayers]int
				for i := 0; i < b.Cells(); i++ {
					if o, k := b.Cell(i); o >= 0 {
						orbs[o] += k
					}
				}
				for p := 0; p < s.players; p++ {
					if orbs[p] != b.Orbs(p) {
						t.Fatalf("%dx%d ply %d: player %d holds %d orbs, the board says %d", s.rows, s.cols, b.Ply(), p, orbs[p], b.Orbs(p))
					}
				}
				fresh := b
				fresh.recount()
				if b.masks {
					fresh.TrackMasks()
				}
				fresh.occ[0], b.occ[0] = 0, 0 // empty cells: not kept
				if fresh.hash != b.hash || fresh.occ != b.occ || fresh.crit != b.crit {
					t.Fatalf("%dx%d ply %d: hash %x masks %x crit %x, recomputed %x %x %x",
						s.rows, s.cols, b.Ply(), b.hash, b.occ, b.crit, fresh.hash, fresh.occ, fresh.crit)
				}
			}
		}
	}
}
