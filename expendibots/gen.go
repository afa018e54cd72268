package expendibots

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// GenParams says what Generate places.
type GenParams struct {
	White, Black int // tokens of each colour, 1..MaxTokens
	// Clump is the chance, in percent, that a black stack is placed next
	// to one already placed, so that black comes in groups as in the
	// course's cases; Stack the chance that a token is added to a stack
	// of its colour instead of starting one.
	Clump, Stack int
}

// NewGenParams returns the parameters "boom gen" uses for white and
// black tokens: black in clumps, about one token in five on a stack.
func NewGenParams(white, black int) GenParams {
	return GenParams{White: white, Black: black, Clump: 55, Stack: 20}
}

// Generate returns a random board with p.White white and p.Black black
// tokens, the same board for the same seed and parameters. It does not
// check that the board can be won (see "boom gen", which solves it).
func Generate(seed uint64, p GenParams) (Board, error) {
	if p.White < 1 || p.White > MaxTokens || p.Black < 1 || p.Black > MaxTokens {
		return Board{}, fmt.Errorf("expendibots: %d white and %d black tokens: want 1 to %d of each", p.White, p.Black, MaxTokens)
	}
	if p.Clump < 0 || p.Clump > 100 || p.Stack < 0 || p.Stack > 100 {
		return Board{}, fmt.Errorf("expendibots: chances %d%% and %d%%: want 0 to 100", p.Clump, p.Stack)
	}
	r := rand.New(rand.NewPCG(seed, 0x626f6f6d67656e))
	var b Board
	// Black first, so that white can be kept off black's squares.
	var blacks, whites []Square
	empty := func() Square {
		for {
			if s := Square(r.IntN(Size * Size)); b.sq[s] == 0 {
				return s
			}
		}
	}
	for range p.Black {
		switch {
		case len(blacks) > 0 && r.IntN(100) < p.Stack:
			b.sq[blacks[r.IntN(len(blacks))]]--
			continue
		case len(blacks) > 0 && r.IntN(100) < p.Clump:
			if s, ok := emptyNextTo(&b, blacks[r.IntN(len(blacks))], r); ok {
				b.sq[s] = -1
				blacks = append(blacks, s)
				continue
			}
		}
		s := empty()
		b.sq[s] = -1
		blacks = append(blacks, s)
	}
	// White starts off every black stack's zone where it can, so that
	// every group costs moves.
	var zone uint64
	for _, s := range blacks {
		zone |= neighbours[s]
	}
	for range p.White {
		if len(whites) > 0 && r.IntN(100) < p.Stack {
			b.sq[whites[r.IntN(len(whites))]]++
			continue
		}
		s := empty()
		for try := 0; zone>>uint(s)&1 != 0 && try < 100; try++ {
			s = empty()
		}
		b.sq[s] = 1
		whites = append(whites, s)
	}
	return b, nil
}

// emptyNextTo returns a random empty square of the eight around s.
func emptyNextTo(b *Board, s Square, r *rand.Rand) (Square, bool) {
	var free []Square
	for m := neighbours[s]; m != 0; m &= m - 1 {
		t := Square(bits.TrailingZeros64(m))
		if b.sq[t] == 0 {
			free = append(free, t)
		}
	}
	if len(free) == 0 {
		return 0, false
	}
	return free[r.IntN(len(free))], true
}
