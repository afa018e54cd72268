package expendibots

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// board builds a board from a picture: 8 rows, top row (y = 7) first,
// each square "." or "w<n>" / "b<n>" separated by spaces.
func board(t testing.TB, rows ...string) Board {
	t.Helper()
	if len(rows) != Size {
		t.Fatalf("want %d rows, got %d", Size, len(rows))
	}
	var stacks []Stack
	for i, row := range rows {
		y := Size - 1 - i
		cells := strings.Fields(row)
		if len(cells) != Size {
			t.Fatalf("row y=%d has %d cells", y, len(cells))
		}
		for x, c := range cells {
			if c == "." {
				continue
			}
			col := White
			if c[0] == 'b' {
				col = Black
			}
			stacks = append(stacks, Stack{Colour: col, N: int(c[1] - '0'), X: x, Y: y})
		}
	}
	b, err := NewBoard(stacks)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCoordinates(t *testing.T) {
	b := board(t,
		"w1 . . . . . . b2", // y = 7
		". . . . . . . .",
		". . . . . . . .",
		". . . . . . . .",
		". . . . . . . .",
		". . . . . . . .",
		". . . . . . . .",
		"b1 . . . . . . w3", // y = 0
	)
	for _, c := range []struct{ x, y, want int }{{0, 7, 1}, {7, 7, -2}, {0, 0, -1}, {7, 0, 3}, {3, 3, 0}, {8, 0, 0}, {0, -1, 0}} {
		if got := b.At(c.x, c.y); got != c.want {
			t.Errorf("At(%d, %d) = %d, want %d", c.x, c.y, got, c.want)
		}
	}
	if s := Sq(7, 0); s.X() != 7 || s.Y() != 0 || s.String() != "(7, 0)" {
		t.Errorf("Sq(7, 0) = %d, X %d, Y %d, %s", s, s.X(), s.Y(), s)
	}
	want := []Stack{{Black, 1, 0, 0}, {White, 3, 7, 0}, {White, 1, 0, 7}, {Black, 2, 7, 7}}
	got := b.Stacks()
	if len(got) != len(want) {
		t.Fatalf("Stacks() = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Stacks()[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	again, err := NewBoard(got)
	if err != nil || again != b {
		t.Errorf("NewBoard(Stacks()) = %v, %v; want the same board", again, err)
	}
	if w, bl := b.Tokens(); w != 4 || bl != 3 {
		t.Errorf("Tokens() = %d, %d; want 4, 3", w, bl)
	}
}

func TestMoveRules(t *testing.T) {
	b := board(t,
		". . . . . . . .",
		". . . . . . . .",
		". . . w2 . . . .",  // (3, 5)
		". . . b1 . . . .",  // (3, 4)
		". . . w2 . w1 . .", // (3, 3) and (5, 3)
		". . . . . . . .",
		". . . . . . . .",
		"w3 b1 . . . . . .", // (0, 0), black (1, 0)
	)
	tests := []struct {
		name   string
		a      Action
		reason string // "" when legal
		from   int    // count left on the source after a legal move
		to     int    // count on the destination after a legal move
	}{
		{"one token one square", MoveAction(1, 3, 3, 3, 2), "", 1, 1},
		{"whole stack two squares", MoveAction(2, 3, 3, 1, 3), "", 0, 2},
		{"one token two squares: the bound is n, not m", MoveAction(1, 3, 3, 3, 1), "", 1, 1},
		{"three squares from a stack of two", MoveAction(1, 3, 3, 3, 0), "goes 3 squares but a stack of 2 goes at most 2", 0, 0},
		{"jump over a black stack", MoveAction(1, 3, 3, 3, 5), "", 1, 3},
		{"merge onto white", MoveAction(2, 3, 3, 5, 3), "", 0, 3},
		{"merge, then stacks pass over white", MoveAction(3, 0, 0, 0, 3), "", 0, 3},
		{"jump a black from the corner", MoveAction(1, 0, 0, 2, 0), "", 2, 1},
		{"onto black", MoveAction(1, 3, 3, 3, 4), "holds a black stack", 0, 0},
		{"onto black from a 3-stack", MoveAction(3, 0, 0, 1, 0), "holds a black stack", 0, 0},
		{"more tokens than the stack", MoveAction(3, 3, 3, 3, 2), "moves 3 tokens but the stack at (3, 3) has 2", 0, 0},
		{"zero tokens", MoveAction(0, 3, 3, 3, 2), "moves 0 tokens", 0, 0},
		{"diagonal", MoveAction(1, 3, 3, 4, 2), "not along a row or a column", 0, 0},
		{"nowhere", MoveAction(1, 3, 3, 3, 3), "the destination is the source square", 0, 0},
		{"from an empty square", MoveAction(1, 2, 2, 2, 3), "no stack at (2, 2)", 0, 0},
		{"a black stack", MoveAction(1, 3, 4, 2, 4), "is black", 0, 0},
		{"off the board", Action{Kind: Move, N: 1, From: Sq(0, 0), To: 64}, "off the board", 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			next, set, err := b.Step(tc.a)
			if tc.reason != "" {
				var ie *IllegalError
				if err == nil || !strings.Contains(err.Error(), tc.reason) {
					t.Fatalf("Step(%s) = %v, want an error with %q", tc.a, err, tc.reason)
				}
				if e, ok := err.(*IllegalError); !ok || e.Action != tc.a {
					t.Fatalf("error %T %v is not an *IllegalError for the action", err, ie)
				}
				return
			}
			if err != nil {
				t.Fatalf("Step(%s): %v", tc.a, err)
			}
			if set != 0 {
				t.Errorf("a move exploded %v", set.Squares())
			}
			f, d := tc.a.From, tc.a.To
			if got := next.At(f.X(), f.Y()); got != tc.from {
				t.Errorf("source holds %d, want %d", got, tc.from)
			}
			if got := next.At(d.X(), d.Y()); got != tc.to {
				t.Errorf("destination holds %d, want %d", got, tc.to)
			}
			w0, b0 := b.Tokens()
			w1, b1 := next.Tokens()
			if w0 != w1 || b0 != b1 {
				t.Errorf("tokens %d/%d became %d/%d", w0, b0, w1, b1)
			}
		})
	}
}

func TestBoomRules(t *testing.T) {
	b := board(t,
		". . . . . . . b1", // (7, 7) far away: stays
		". . . . . . . .",
		". . . . b2 . . .", // (4, 5): two squares from (3, 3)... reached through (4, 4)? no: (4, 4) is empty
		". . . . . . . .",
		". . . w1 . . . .",  // (3, 3)
		". . b1 . . . . .",  // (2, 2): chains from (1, 1)
		"w1 b3 . . . . . .", // (0, 1) white: destroyed; (1, 1) black 3
		"w1 . . . . . w2 .", // (0, 0) booms; (6, 0) white stays
	)
	next, set, err := b.Step(BoomAction(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	want := map[Square]bool{Sq(0, 0): true, Sq(0, 1): true, Sq(1, 1): true, Sq(2, 2): true, Sq(3, 3): true}
	if set.Len() != len(want) {
		t.Errorf("exploded %v, want %d squares", set.Squares(), len(want))
	}
	for s := range want {
		if !set.Has(s) {
			t.Errorf("%s did not explode", s)
		}
		if v := next.At(s.X(), s.Y()); v != 0 {
			t.Errorf("%s still holds %d", s, v)
		}
	}
	for _, s := range []Square{Sq(7, 7), Sq(4, 5), Sq(6, 0)} {
		if set.Has(s) || next.At(s.X(), s.Y()) != b.At(s.X(), s.Y()) {
			t.Errorf("%s exploded", s)
		}
	}
	if b.Explosion(Sq(0, 0)) != set {
		t.Errorf("Explosion(0, 0) = %v, want %v", b.Explosion(Sq(0, 0)).Squares(), set.Squares())
	}
	// White's last token may go in the winning boom.
	w := board(t,
		". . . . . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
		". . . . . . . .", ". . . . . . . .", "b1 b1 . . . . . .", "w1 b2 . . . . . .")
	after, err := w.Apply(BoomAction(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if !after.Won() || len(after.Stacks()) != 0 {
		t.Errorf("after the boom: %v, want an empty, won board", after.Stacks())
	}
	for _, a := range []Action{BoomAction(1, 0), BoomAction(5, 5)} {
		if _, err := w.Apply(a); err == nil {
			t.Errorf("%s: want illegal", a)
		}
	}
}

// TestAppendActions checks move generation against every action that
// Check accepts, enumerated blindly.
func TestAppendActions(t *testing.T) {
	boards := []Board{
		board(t,
			". . . . . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
			". . . w1 . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . ."),
		board(t,
			". . . . . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
			". . . w2 . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . ."),
		board(t,
			". . . . . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
			". . . . . . . .", ". . . . . . . .", "b1 . . . . . . .", "w3 w1 b2 . . . . ."),
	}
	// 3-stack: boom, up 2 and 3 (black at 1), right 1 and 3 (black at 2),
	// 3 tokens each; 1-stack: boom, up, left onto white.
	wantCounts := []int{5, 17, 1 + 2*3 + 2*3 + 3}
	for i, b := range boards {
		got := b.AppendActions(nil)
		if len(got) != wantCounts[i] {
			t.Errorf("board %d: %d actions, want %d: %v", i, len(got), wantCounts[i], got)
		}
		gen := map[Action]bool{}
		for _, a := range got {
			if gen[a] {
				t.Errorf("board %d: %s generated twice", i, a)
			}
			gen[a] = true
			if err := b.Check(a); err != nil {
				t.Errorf("board %d: generated %v", i, err)
			}
		}
		legal := 0
		for from := Square(0); from < 64; from++ {
			if b.Check(BoomAction(from.X(), from.Y())) == nil {
				legal++
			}
			for to := Square(0); to < 64; to++ {
				for n := 0; n <= 4; n++ {
					a := Action{Kind: Move, N: uint8(n), From: from, To: to}
					if b.Check(a) == nil {
						legal++
						if !gen[a] {
							t.Errorf("board %d: legal %s not generated", i, a)
						}
					}
				}
			}
		}
		if legal != len(got) {
			t.Errorf("board %d: %d legal actions, %d generated", i, legal, len(got))
		}
	}
}

// TestCompactChildren checks the searches' compact positions against the
// rules on Board: on random boards, the children appendChildren makes are,
// action by action, the positions Step makes, in AppendActions' order.
func TestCompactChildren(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		b := randomRulesBoard(r)
		p := compact(&b)
		if back := p.board(); compact(&back) != p {
			t.Fatalf("board %d: compact form does not survive a round trip", i)
		}
		var st stackList
		p.stacks(&st)
		children := p.appendChildren(&st, nil)
		acts := b.AppendActions(nil)
		if len(children) != len(acts) {
			t.Fatalf("board %d: %d children, %d actions", i, len(children), len(acts))
		}
		for k, a := range acts {
			next, set, err := b.Step(a)
			if err != nil {
				t.Fatal(err)
			}
			c := children[k]
			if c.act != a || c.p != compact(&next) {
				t.Errorf("board %d: child %d is %s, want %s and the position Step makes", i, k, c.act, a)
			}
			if a.Kind == Boom && SquareSet(p.blast(a.From)) != set {
				t.Errorf("board %d: %s: blast %v, Step clears %v", i, a, SquareSet(p.blast(a.From)).Squares(), set.Squares())
			}
			if c.p.tokens() != tokensOf(&next) {
				t.Errorf("board %d: %s: %d white tokens, want %d", i, a, c.p.tokens(), tokensOf(&next))
			}
		}
	}
}

func tokensOf(b *Board) int {
	w, _ := b.Tokens()
	return w
}

// randomRulesBoard places a few white stacks of 1 to 4 tokens and black
// stacks anywhere, black more often in clumps so that booms chain.
func randomRulesBoard(r *rand.Rand) Board {
	var b Board
	for range 1 + r.IntN(4) {
		b.sq[r.IntN(64)] = int8(1 + r.IntN(4))
	}
	for range r.IntN(20) {
		s := r.IntN(64)
		if b.sq[s] == 0 {
			b.sq[s] = -int8(1 + r.IntN(2))
		}
	}
	return b
}
