package check

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"chainshot/chainreact"
)

// MaxCells is the most cells a board checked here may have: a position's
// key holds 3 bits a cell and the player to move in 128 bits.
const MaxCells = 42

// Key is a position up to the board's mirror images: its cells, 3 bits
// each (0 empty, 1 to 3 orbs of the first player, 4 to 6 of the second),
// in the image that makes it smallest, and the player to move.
type Key [2]uint64

// Never is the ply Delay returns when the winner never wins against the
// loser's strategy.
const Never = 1 << 14

// ErrRefused is wrapped by every error that says a strategy or a claim is
// wrong (not that the check was stopped).
var ErrRefused = errors.New("refused")

// images are a board size's mirror images: image k sends cell i to
// to[k][i], and from[k] is its inverse.
type images struct {
	geo      *chainreact.Geometry
	to, from [][]int
}

func imagesOf(b *chainreact.Board) (*images, error) {
	g := b.Geometry()
	if g.Cells() > MaxCells {
		return nil, fmt.Errorf("check: a %dx%d board has more than %d cells", g.Rows(), g.Cols(), MaxCells)
	}
	if b.Players() != 2 {
		return nil, fmt.Errorf("check: %d players: only two-player games are checked", b.Players())
	}
	rows, cols := g.Rows(), g.Cols()
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return rows - 1 - r, c },
		func(r, c int) (int, int) { return r, cols - 1 - c },
		func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c },
	}
	if rows == cols {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return cols - 1 - c, rows - 1 - r },
			func(r, c int) (int, int) { return c, rows - 1 - r },
			func(r, c int) (int, int) { return cols - 1 - c, r },
		)
	}
	im := &images{geo: g}
	for _, f := range maps {
		to, from := make([]int, g.Cells()), make([]int, g.Cells())
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				r2, c2 := f(r, c)
				to[r*cols+c], from[r2*cols+c2] = r2*cols+c2, r*cols+c
			}
		}
		im.to, im.from = append(im.to, to), append(im.from, from)
	}
	return im, nil
}

// key returns b's key and the image that gives it.
func (im *images) key(b *chainreact.Board) (Key, int) {
	var best Key
	bestK := -1
	for k, from := range im.from {
		var key Key
		for j, i := range from {
			o, n := b.Cell(i)
			code := uint64(n)
			if o == 1 {
				code += 3
			}
			if n > 3 || (o < 0) != (n == 0) {
				panic(fmt.Sprintf("check: cell %d holds %d orbs of player %d: not a stable position", i, n, o))
			}
			key[j/21] |= code << (3 * (j % 21))
		}
		key[1] |= uint64(b.ToMove()) << 63
		if bestK < 0 || key[1] < best[1] || key[1] == best[1] && key[0] < best[0] {
			best, bestK = key, k
		}
	}
	return best, bestK
}

// Strategy is one move for each of a set of positions, up to the
// board's mirror images: a certificate that Win or Delay checks.
type Strategy struct {
	im    *images
	moves store // the move in the key's image
}

// NewStrategy returns an empty strategy for b's board size, or an error
// for a board this package does not check.
func NewStrategy(b *chainreact.Board) (*Strategy, error) {
	im, err := imagesOf(b)
	if err != nil {
		return nil, err
	}
	return &Strategy{im: im, moves: newStore(b.Geometry().Cells())}, nil
}

// Set makes m the strategy's move at b (and at b's mirror images).
func (s *Strategy) Set(b *chainreact.Board, m chainreact.Move) {
	k, img := s.im.key(b)
	s.moves.set(k, int16(s.im.to[img][m]))
}

// Move returns the strategy's move at b, if it has one.
func (s *Strategy) Move(b *chainreact.Board) (chainreact.Move, bool) {
	k, img := s.im.key(b)
	m, ok := s.moves.get(k)
	if !ok {
		return chainreact.NoMove, false
	}
	return chainreact.Move(s.im.from[img][m]), true
}

// NewVisited returns a Strategy that may forget (a cache of 1 GB at
// most on a board of up to NarrowCells cells): a set of positions kept
// only to save work, such as the positions a strategy's writer has
// visited, never a strategy to check.
func NewVisited(b *chainreact.Board) (*Strategy, error) {
	im, err := imagesOf(b)
	if err != nil {
		return nil, err
	}
	return &Strategy{im: im, moves: newCache(b.Geometry().Cells())}, nil
}

// Len returns the positions the strategy has a move for.
func (s *Strategy) Len() int { return s.moves.len() }

// Result is what a check proved: Ply (the latest last ply for Win, the
// earliest for Delay) and the positions visited.
type Result struct {
	Ply       int
	Positions uint64
}

// Win checks that s, a strategy of winner, wins b against every reply
// of the other player, and returns the latest ply the winner's last move
// may fall on. maxPositions (0: none) and ctx stop it early, with an
// error that does not wrap ErrRefused.
func Win(ctx context.Context, b *chainreact.Board, winner int, s *Strategy, maxPositions uint64) (Result, error) {
	return walk(ctx, b, winner, s, maxPositions, false, 0)
}

// Delay checks s, a strategy of the player who is not winner, against
// every move of winner from b, and returns the earliest ply the winner's
// last move may fall on (refused when the winner never wins against s).
//
// With before > 0 it proves no more than a lower bound of before: that
// the winner cannot win before ply before. A position whose next move
// is ply before or later is not followed (any win after it falls on
// ply before or later: its value is before), and s needs no moves
// there; the result is then at most before.
func Delay(ctx context.Context, b *chainreact.Board, winner int, s *Strategy, before int, maxPositions uint64) (Result, error) {
	return walk(ctx, b, winner, s, maxPositions, true, max(before, 0))
}

func walk(ctx context.Context, b *chainreact.Board, winner int, s *Strategy, maxPositions uint64, delay bool, before int) (Result, error) {
	if s.im.geo != b.Geometry() || b.Players() != 2 {
		return Result{}, errors.New("check: the strategy is for another board size")
	}
	if winner != 0 && winner != 1 {
		return Result{}, fmt.Errorf("check: no player %d", winner)
	}
	w := &walker{ctx: ctx, winner: winner, s: s, max: maxPositions, delay: delay, before: before, memo: newCache(b.Geometry().Cells()), root: *b}
	v := w.visit(b)
	if w.err == nil && delay && v == Never {
		w.err = w.refuse("the winner never wins against the loser's strategy")
	}
	if w.err != nil {
		return Result{Positions: w.positions}, w.err
	}
	return Result{Ply: v, Positions: w.positions}, nil
}

type walker struct {
	ctx       context.Context
	winner    int
	s         *Strategy
	max       uint64
	delay     bool
	before    int   // Delay's horizon: 0, or the ply not followed past
	memo      store // the value of each position visited
	positions uint64
	root      chainreact.Board
	path      []chainreact.Move // the moves from the root, for messages
	err       error
}

// refuse returns an error for the position the path reaches.
func (w *walker) refuse(format string, args ...any) error {
	b := w.root
	var moves []string
	for _, m := range w.path {
		moves = append(moves, strings.ReplaceAll(b.FormatMove(m), " ", ","))
		b.Play(m)
	}
	where := "at the root"
	if len(moves) > 0 {
		where = "after " + strings.Join(moves, " ")
	}
	return fmt.Errorf("check: %w: %s: %s", ErrRefused, where, fmt.Sprintf(format, args...))
}

// refuseIllegal refuses the strategy's move m at b, which is illegal (b
// a copy: the caller's board stays on its stack).
//
//go:noinline
func (w *walker) refuseIllegal(b chainreact.Board, m chainreact.Move) error {
	return w.refuse("the strategy's move %s is illegal", b.FormatMove(m))
}

// visit returns the value of b under the strategy: the latest (Win) or
// earliest (Delay) ply of the winner's last move.
func (w *walker) visit(b *chainreact.Board) int {
	if b.Over() {
		switch {
		case b.Winner() == w.winner:
			return b.Ply()
		case w.delay:
			return Never
		}
		w.err = w.refuse("the loser wins on ply %d", b.Ply())
		return 0
	}
	if w.before > 0 && b.Ply()+1 >= w.before {
		return w.before // the next move is ply before or later
	}
	k, _ := w.s.im.key(b)
	if v, ok := w.memo.get(k); ok {
		return int(v)
	}
	w.positions++
	if w.positions&0xffff == 0 && w.ctx.Err() != nil {
		w.err = fmt.Errorf("check: stopped after %d positions: %w", w.positions, context.Cause(w.ctx))
		return 0
	}
	if w.max > 0 && w.positions > w.max {
		w.err = fmt.Errorf("check: stopped after %d positions (the limit)", w.max)
		return 0
	}
	chooser := w.winner
	if w.delay {
		chooser = 1 - w.winner
	}
	var v int
	if b.ToMove() == chooser {
		m, ok := w.s.Move(b)
		if !ok && !w.delay {
			m, ok = winAtOnce(b)
		}
		switch {
		case !ok:
			w.err = w.refuse("the strategy has no move for %s", side(chooser))
			return 0
		case !b.Legal(m):
			w.err = w.refuseIllegal(*b, m)
			return 0
		}
		v = w.after(b, m)
	} else {
		var buf [chainreact.MaxCells]chainreact.Move
		v = 0
		if w.delay {
			v = Never
		}
		for _, m := range b.AppendMoves(buf[:0]) {
			x := w.after(b, m)
			if w.err != nil {
				return 0
			}
			if w.delay {
				v = min(v, x)
			} else {
				v = max(v, x)
			}
		}
	}
	if w.err != nil {
		return 0
	}
	w.memo.set(k, int16(v))
	return v
}

// after visits the position after move m at b (a function of its own:
// the board it plays on stays on its stack, where a loop's would not).
func (w *walker) after(b *chainreact.Board, m chainreact.Move) int {
	c := *b
	c.Play(m)
	w.path = append(w.path, m)
	x := w.visit(&c)
	w.path = w.path[:len(w.path)-1]
	return x
}

// winAtOnce returns a move of b's player that ends the game, if any.
func winAtOnce(b *chainreact.Board) (chainreact.Move, bool) {
	var buf [chainreact.MaxCells]chainreact.Move
	for _, m := range b.AppendMoves(buf[:0]) {
		c := *b
		c.Play(m)
		if c.Over() {
			return m, true
		}
	}
	return chainreact.NoMove, false
}

func side(p int) string { return string("RG"[p]) }
