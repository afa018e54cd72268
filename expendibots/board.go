package expendibots

import (
	"fmt"
	"math/bits"
)

// Size is the board's width and height.
const Size = 8

// MaxTokens is the most tokens of one colour a board may hold, so that
// merged stacks always fit a square's int8 count. The game itself has 12
// a side.
const MaxTokens = 64

// Square is a square's index, y*8 + x (see the package doc's diagram).
type Square int8

// Sq returns the square (x, y). x and y must be 0..7.
func Sq(x, y int) Square { return Square(y*Size + x) }

// X returns the square's column, 0..7.
func (s Square) X() int { return int(s) % Size }

// Y returns the square's row, 0..7.
func (s Square) Y() int { return int(s) / Size }

// String returns the square as the course writes it: "(x, y)".
func (s Square) String() string { return fmt.Sprintf("(%d, %d)", s.X(), s.Y()) }

// OnBoard reports whether x and y are both 0..7.
func OnBoard(x, y int) bool { return x >= 0 && x < Size && y >= 0 && y < Size }

// SquareSet is a set of squares, bit i standing for Square(i).
type SquareSet uint64

// Has reports whether s is in the set.
func (ss SquareSet) Has(s Square) bool { return ss>>uint(s)&1 != 0 }

// Len returns the number of squares in the set.
func (ss SquareSet) Len() int { return bits.OnesCount64(uint64(ss)) }

// Squares returns the set's squares in index order.
func (ss SquareSet) Squares() []Square {
	out := make([]Square, 0, ss.Len())
	for m := uint64(ss); m != 0; m &= m - 1 {
		out = append(out, Square(bits.TrailingZeros64(m)))
	}
	return out
}

// Colour is the colour of a stack.
type Colour uint8

const (
	// White is the side that acts.
	White Colour = iota + 1
	// Black never moves; part A is won when no black token is left.
	Black
)

// String returns "white" or "black".
func (c Colour) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Colour(%d)", uint8(c))
}

// Stack is one occupied square.
type Stack struct {
	Colour Colour
	N      int // tokens, >= 1
	X, Y   int // 0..7
}

// Board is a position: one signed count per square, white positive, black
// negative (see the package doc). The zero Board is empty. Board is a
// 64-byte value; copy it to keep a position.
type Board struct {
	sq [Size * Size]int8
}

// NewBoard builds a board from stacks. It fails on a square off the board,
// a count below 1, two stacks on one square, or more than MaxTokens tokens
// of one colour.
func NewBoard(stacks []Stack) (Board, error) {
	var b Board
	var total [3]int
	for _, s := range stacks {
		if !OnBoard(s.X, s.Y) {
			return Board{}, fmt.Errorf("expendibots: %s stack at (%d, %d) is off the board", s.Colour, s.X, s.Y)
		}
		if s.N < 1 {
			return Board{}, fmt.Errorf("expendibots: %s stack at (%d, %d) has %d tokens, want at least 1", s.Colour, s.X, s.Y, s.N)
		}
		if s.Colour != White && s.Colour != Black {
			return Board{}, fmt.Errorf("expendibots: stack at (%d, %d) has no colour", s.X, s.Y)
		}
		q := Sq(s.X, s.Y)
		if b.sq[q] != 0 {
			return Board{}, fmt.Errorf("expendibots: two stacks on %s", q)
		}
		total[s.Colour] += s.N
		if total[s.Colour] > MaxTokens {
			return Board{}, fmt.Errorf("expendibots: more than %d %s tokens", MaxTokens, s.Colour)
		}
		if s.Colour == White {
			b.sq[q] = int8(s.N)
		} else {
			b.sq[q] = -int8(s.N)
		}
	}
	return b, nil
}

// At returns the signed count at (x, y): n > 0 white, n < 0 black, 0
// empty or off the board.
func (b *Board) At(x, y int) int {
	if !OnBoard(x, y) {
		return 0
	}
	return int(b.sq[Sq(x, y)])
}

// Stacks returns every stack, in square order (bottom row first, left to
// right).
func (b *Board) Stacks() []Stack {
	var out []Stack
	for i, v := range b.sq {
		s := Square(i)
		switch {
		case v > 0:
			out = append(out, Stack{Colour: White, N: int(v), X: s.X(), Y: s.Y()})
		case v < 0:
			out = append(out, Stack{Colour: Black, N: int(-v), X: s.X(), Y: s.Y()})
		}
	}
	return out
}

// Tokens returns the number of white and black tokens.
func (b *Board) Tokens() (white, black int) {
	for _, v := range b.sq {
		if v > 0 {
			white += int(v)
		} else {
			black -= int(v)
		}
	}
	return white, black
}

// Won reports whether no black token is left.
func (b *Board) Won() bool {
	for _, v := range b.sq {
		if v < 0 {
			return false
		}
	}
	return true
}

// neighbours[s] is the set of the up to eight squares around s.
var neighbours = func() (nb [Size * Size]uint64) {
	for s := range nb {
		x, y := Square(s).X(), Square(s).Y()
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if (dx != 0 || dy != 0) && OnBoard(x+dx, y+dy) {
					nb[s] |= 1 << uint(Sq(x+dx, y+dy))
				}
			}
		}
	}
	return nb
}()

// explode removes the stack on s and, recursively, every stack on the
// eight squares around a removed one (see blast). It returns the set of
// squares removed; s itself is in it (even if it was empty).
func (b *Board) explode(s Square) SquareSet {
	var occ uint64
	for q, v := range b.sq {
		if v != 0 {
			occ |= 1 << uint(q)
		}
	}
	set := blast(occ, s)
	for m := set; m != 0; m &= m - 1 {
		b.sq[bits.TrailingZeros64(m)] = 0
	}
	return SquareSet(set)
}

// blast is the chain of a BOOM, the one place the rule lives: it returns
// s and, recursively, every square of occ (the occupied squares, either
// colour) among the eight around one already in the set.
func blast(occ uint64, s Square) uint64 {
	set := uint64(1) << uint(s)
	for {
		next := dilate(set)&occ | set
		if next == set {
			return set
		}
		set = next
	}
}

// Explosion returns the squares a BOOM at s would clear, without changing
// the board (empty if s holds no white stack).
func (b Board) Explosion(s Square) SquareSet {
	if s < 0 || int(s) >= Size*Size || b.sq[s] <= 0 {
		return 0
	}
	return b.explode(s)
}
