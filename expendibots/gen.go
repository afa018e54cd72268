package expendibots

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// GenParams says what Generate places.
type GenParams struct {
	White, Black int // tokens of each colour, 1..MaxTokens
	// Clump is the chance, in percent, that a black stack is placed next
	// to one already placed, so that black comes in groups as in the
	// course's cases; Stack the chance that a token is added to a stack
	// of its colour instead of starting one.
	Clump, Stack int
	// MinActions is the fewest actions a case from GenerateWinnable must
	// need: it redraws cases won in fewer.
	MinActions int
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
	return generate(seed, 0, p), nil
}

// generate is Generate's draw number draw from seed.
func generate(seed, draw uint64, p GenParams) Board {
	r := rand.New(rand.NewPCG(seed, 0x626f6f6d67656e+draw))
	var b Board
	// Black first, so that white can be kept off black's zones.
	var blacks, whites []Square
	occupied := 0
	// empty returns a random empty square, or false when fewer than keep
	// squares are empty.
	empty := func(keep int) (Square, bool) {
		if occupied+keep > Size*Size {
			return 0, false
		}
		for {
			if s := Square(r.IntN(Size * Size)); b.sq[s] == 0 {
				return s, true
			}
		}
	}
	for range p.Black {
		if len(blacks) > 0 && r.IntN(100) < p.Stack {
			b.sq[blacks[r.IntN(len(blacks))]]--
			continue
		}
		var s Square
		ok := false
		if len(blacks) > 0 && occupied < Size*Size-1 && r.IntN(100) < p.Clump {
			s, ok = emptyNextTo(&b, blacks[r.IntN(len(blacks))], r)
		}
		if !ok {
			s, ok = empty(2) // one square kept for white
		}
		if !ok {
			b.sq[blacks[r.IntN(len(blacks))]]--
			continue
		}
		b.sq[s] = -1
		blacks = append(blacks, s)
		occupied++
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
		s, ok := empty(1)
		for try := 0; ok && zone>>uint(s)&1 != 0 && try < 100; try++ {
			s, ok = empty(1)
		}
		if !ok {
			b.sq[whites[r.IntN(len(whites))]]++ // the kept square holds white
			continue
		}
		b.sq[s] = 1
		whites = append(whites, s)
		occupied++
	}
	return b
}

// Draw is one board GenerateWinnable drew and what Solve found on it.
type Draw struct {
	Board  Board
	Result Result
}

// GenerateWinnable draws boards as Generate does, the first from seed
// exactly as Generate, the next ones from seed and the draw number, and
// solves each with opt until Solve wins one in p.MinActions actions or
// more. It returns every draw, the kept one last, or an error after
// maxDraws draws none of which was kept (each unsolvable, out of budget
// or won in fewer actions).
func GenerateWinnable(seed uint64, p GenParams, opt Options, maxDraws int) ([]Draw, error) {
	if _, err := Generate(seed, p); err != nil {
		return nil, err
	}
	var draws []Draw
	for d := range uint64(max(1, maxDraws)) {
		b := generate(seed, d, p)
		res, err := Solve(b, opt)
		if err != nil {
			return nil, err
		}
		draws = append(draws, Draw{Board: b, Result: res})
		if res.Status == Solved && len(res.Actions) >= p.MinActions {
			return draws, nil
		}
	}
	return draws, fmt.Errorf("expendibots: none of %d boards drawn from seed %d was won in %d actions or more within the budget", len(draws), seed, max(1, p.MinActions))
}

// FormatJSON returns b as a case file in the course's form, one line:
// {"white": [[n,x,y],...], "black": [[n,x,y],...]}, the stacks in square
// order (bottom row first, left to right), and a newline.
func FormatJSON(b Board) []byte {
	var white, black []string
	for _, st := range b.Stacks() {
		s := fmt.Sprintf("[%d,%d,%d]", st.N, st.X, st.Y)
		if st.Colour == White {
			white = append(white, s)
		} else {
			black = append(black, s)
		}
	}
	return []byte(`{"white": [` + strings.Join(white, ",") + `], "black": [` + strings.Join(black, ",") + "]}\n")
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
