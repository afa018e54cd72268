package check

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"chainshot/chainreact"
)

// minimax is a plain reference for the tests, sharing nothing with the
// checker but the rules: every move of every position, memoised by the
// cells as text. value returns the winner and its last ply, the winner
// hurrying and the loser delaying.
type minimax map[string][2]int

func (mm minimax) value(b *chainreact.Board) (winner, ply int) {
	if b.Over() {
		return b.Winner(), b.Ply()
	}
	var sb strings.Builder
	for i := 0; i < b.Cells(); i++ {
		o, n := b.Cell(i)
		fmt.Fprintf(&sb, "%d.%d,", o, n)
	}
	fmt.Fprintf(&sb, "%d", b.ToMove())
	if v, ok := mm[sb.String()]; ok {
		return v[0], v[1]
	}
	best, bestPly := -1, 0
	for _, m := range b.AppendMoves(nil) {
		c := *b
		c.Play(m)
		w, p := mm.value(&c)
		if better(b.ToMove(), w, p, best, bestPly) {
			best, bestPly = w, p
		}
	}
	mm[sb.String()] = [2]int{best, bestPly}
	return best, bestPly
}

// better says whether (w, p) is better than (bw, bp) for player me.
func better(me, w, p, bw, bp int) bool {
	switch {
	case bw < 0:
		return true
	case (w == me) != (bw == me):
		return w == me
	case w == me:
		return p < bp
	}
	return p > bp
}

// perfect writes the strategy of player who, perfect moves, every move of
// the other followed from b; with before > 0 only where the next move
// falls before ply before.
func (mm minimax) perfect(s *Strategy, b chainreact.Board, who int, seen map[Key]bool, before int) {
	if b.Over() || before > 0 && b.Ply()+1 >= before {
		return
	}
	k, _ := s.im.key(&b)
	if seen[k] {
		return
	}
	seen[k] = true
	moves := b.AppendMoves(nil)
	if b.ToMove() == who {
		best, bw, bp := chainreact.NoMove, -1, 0
		for _, m := range moves {
			c := b
			c.Play(m)
			if w, p := mm.value(&c); better(who, w, p, bw, bp) {
				best, bw, bp = m, w, p
			}
		}
		s.Set(&b, best)
		moves = moves[:0]
		moves = append(moves, best)
	}
	for _, m := range moves {
		c := b
		c.Play(m)
		mm.perfect(s, c, who, seen, before)
	}
}

func strategies(t *testing.T, rows, cols int) (b chainreact.Board, winner, ply int, win, delay *Strategy, mm minimax) {
	t.Helper()
	b, err := chainreact.NewBoard(rows, cols, 2)
	if err != nil {
		t.Fatal(err)
	}
	mm = minimax{}
	winner, ply = mm.value(&b)
	win, _ = NewStrategy(&b)
	delay, _ = NewStrategy(&b)
	mm.perfect(win, b, winner, map[Key]bool{}, 0)
	mm.perfect(delay, b, 1-winner, map[Key]bool{}, 0)
	return b, winner, ply, win, delay, mm
}

// The strategies of perfect play prove the plain minimax's value.
func TestAgreesWithMinimax(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {2, 3}, {2, 4}, {3, 3}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			b, winner, ply, win, delay, _ := strategies(t, sz[0], sz[1])
			w, err := Win(context.Background(), &b, winner, win, 0)
			if err != nil || w.Ply != ply {
				t.Fatalf("Win = %+v, %v; want ply %d", w, err, ply)
			}
			d, err := Delay(context.Background(), &b, winner, delay, 0, 0)
			if err != nil || d.Ply != ply {
				t.Fatalf("Delay = %+v, %v; want ply %d", d, err, ply)
			}
		})
	}
}

// A strategy with one losing move, one move missing or one illegal move
// is refused, and so is a claim of the wrong winner.
func TestRefusesWrongStrategies(t *testing.T) {
	for _, sz := range [][2]int{{2, 4}, {3, 3}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			b, winner, _, win, delay, mm := strategies(t, sz[0], sz[1])
			ctx := context.Background()
			// the loser's strategy does not win for the loser, and the
			// winner's does not delay
			if _, err := Win(ctx, &b, 1-winner, delay, 0); !errors.Is(err, ErrRefused) {
				t.Errorf("the wrong winner: err %v, want refused", err)
			}
			if _, err := Delay(ctx, &b, 1-winner, win, 0, 0); !errors.Is(err, ErrRefused) {
				t.Errorf("the wrong loser: err %v, want refused", err)
			}
			// a winner's position the strategy reaches, with a losing move
			pos, lose := reachedWithLosingMove(t, mm, win, b, winner)
			// broken is win with the position's move: changed, or left out
			missing, _ := win.im.key(&pos)
			broken, _ := NewStrategy(&b)
			win.moves.each(func(k Key, m int16) {
				if k != missing {
					broken.moves.set(k, m)
				}
			})
			if _, err := Win(ctx, &b, winner, broken, 0); !errors.Is(err, ErrRefused) && !hasWinAtOnce(&pos) {
				t.Errorf("a move missing at ply %d: err %v, want refused", pos.Ply(), err)
			}
			broken.Set(&pos, lose)
			if _, err := Win(ctx, &b, winner, broken, 0); !errors.Is(err, ErrRefused) {
				t.Errorf("a losing move at ply %d: err %v, want refused", pos.Ply(), err)
			}
			for i := 0; i < pos.Cells(); i++ {
				if !pos.Legal(chainreact.Move(i)) {
					broken.Set(&pos, chainreact.Move(i))
					break
				}
			}
			if _, err := Win(ctx, &b, winner, broken, 0); !errors.Is(err, ErrRefused) {
				t.Errorf("an illegal move at ply %d: err %v, want refused", pos.Ply(), err)
			}
		})
	}
}

func hasWinAtOnce(b *chainreact.Board) bool { _, ok := winAtOnce(b); return ok }

// reachedWithLosingMove returns a position of the winner that win reaches
// and a move there that loses.
func reachedWithLosingMove(t *testing.T, mm minimax, win *Strategy, b chainreact.Board, winner int) (chainreact.Board, chainreact.Move) {
	t.Helper()
	var found chainreact.Board
	lose := chainreact.NoMove
	var walk func(b chainreact.Board)
	walk = func(b chainreact.Board) {
		if b.Over() || lose != chainreact.NoMove {
			return
		}
		if b.ToMove() == winner {
			for _, m := range b.AppendMoves(nil) {
				c := b
				c.Play(m)
				if w, _ := mm.value(&c); w != winner {
					found, lose = b, m
					return
				}
			}
			m, _ := win.Move(&b)
			c := b
			c.Play(m)
			walk(c)
			return
		}
		for _, m := range b.AppendMoves(nil) {
			c := b
			c.Play(m)
			walk(c)
		}
	}
	walk(b)
	if lose == chainreact.NoMove {
		t.Fatal("no winner's position with a losing move")
	}
	return found, lose
}

// Keys are the same for a position's mirror images, and moves map with
// them.
func TestKeysUpToMirrors(t *testing.T) {
	for _, sz := range [][2]int{{2, 3}, {3, 3}, {4, 4}, {3, 5}} {
		b, _ := chainreact.NewBoard(sz[0], sz[1], 2)
		s, _ := NewStrategy(&b)
		for img := range s.im.to {
			a, m := b, b
			for _, cell := range []int{0, 1, b.Cells() - 1} {
				a.Play(chainreact.Move(cell))
				m.Play(chainreact.Move(s.im.to[img][cell]))
			}
			ka, _ := s.im.key(&a)
			km, _ := s.im.key(&m)
			if ka != km {
				t.Errorf("%dx%d image %d: keys differ", sz[0], sz[1], img)
			}
			s.Set(&a, 1)
			if got, ok := s.Move(&m); !ok || got != chainreact.Move(s.im.to[img][1]) {
				t.Errorf("%dx%d image %d: move %d, want %d", sz[0], sz[1], img, got, s.im.to[img][1])
			}
		}
	}
}

// Delay with a horizon (before) follows the lines up to it and no
// further: a strategy with no moves past it proves the bound, which a
// full check refuses for the moves missing; a horizon past the true ply
// changes nothing, one before it proves no more than itself.
func TestDelayStopsAtBefore(t *testing.T) {
	for _, sz := range [][2]int{{2, 4}, {3, 3}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			b, winner, ply, _, delay, mm := strategies(t, sz[0], sz[1])
			ctx := context.Background()
			cut, _ := NewStrategy(&b)
			mm.perfect(cut, b, 1-winner, map[Key]bool{}, ply)
			if cut.Len() >= delay.Len() {
				t.Fatalf("the strategy up to ply %d has %d moves, the whole %d: nothing cut", ply, cut.Len(), delay.Len())
			}
			if d, err := Delay(ctx, &b, winner, cut, ply, 0); err != nil || d.Ply != ply {
				t.Errorf("up to ply %d: Delay = %+v, %v; want ply %d", ply, d, err, ply)
			}
			if _, err := Delay(ctx, &b, winner, cut, 0, 0); !errors.Is(err, ErrRefused) {
				t.Errorf("the cut strategy, every line followed: err %v, want refused", err)
			}
			for _, c := range [][2]int{{ply + 2, ply}, {ply - 2, ply - 2}} {
				if d, err := Delay(ctx, &b, winner, delay, c[0], 0); err != nil || d.Ply != c[1] {
					t.Errorf("before %d: Delay = %+v, %v; want ply %d", c[0], d, err, c[1])
				}
			}
		})
	}
}

// The checks above again with every board's positions in the wide store
// (a map of 128-bit keys), which the boards of more than NarrowCells
// cells use: the small boards tested take the narrow one.
func TestWideStore(t *testing.T) {
	if underRace {
		t.Skip("the tests above again: nothing for the race detector")
	}
	narrowCells = 0
	defer func() { narrowCells = NarrowCells }()
	t.Run("AgreesWithMinimax", TestAgreesWithMinimax)
	t.Run("RefusesWrongStrategies", TestRefusesWrongStrategies)
	t.Run("DelayStopsAtBefore", TestDelayStopsAtBefore)
}

// A check allocates no board a position: its allocations (the store's
// growth, the path) are a small fraction of the positions it visits.
func TestWalkAllocatesLittle(t *testing.T) {
	b, winner, _, win, _, _ := strategies(t, 3, 3)
	var r Result
	allocs := testing.AllocsPerRun(1, func() {
		var err error
		if r, err = Win(context.Background(), &b, winner, win, 0); err != nil {
			t.Fatal(err)
		}
	})
	if allocs*100 > float64(r.Positions) {
		t.Errorf("%.0f allocations checking %d positions: want under one a hundred", allocs, r.Positions)
	}
}

// The checks above again with a cache (the checker's memo) so small that
// it forgets all the time: forgetting costs time, never a wrong value.
func TestForgetfulCache(t *testing.T) {
	if underRace {
		t.Skip("the tests above again: nothing for the race detector")
	}
	defer func(n int) { cacheSlots = n }(cacheSlots)
	cacheSlots = 1 << 10
	t.Run("AgreesWithMinimax", TestAgreesWithMinimax)
	t.Run("RefusesWrongStrategies", TestRefusesWrongStrategies)
	t.Run("DelayStopsAtBefore", TestDelayStopsAtBefore)
}
