package board

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// mustParse parses a board from rows given top first.
func mustParse(t testing.TB, rows ...string) Board {
	t.Helper()
	p, err := Parse([]byte(strings.Join(rows, "\n")), "test", Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Board
}

func randomBoard(r *rand.Rand, rows, cols, colors int) Board {
	grid := make([][]Color, rows)
	for i := range grid {
		grid[i] = make([]Color, cols)
		for j := range grid[i] {
			grid[i][j] = Color(1 + r.IntN(colors))
		}
	}
	b, err := New(grid)
	if err != nil {
		panic(err)
	}
	return b
}

// checkInvariants checks the doc comment's invariants and the counters.
func checkInvariants(t *testing.T, b *Board) {
	t.Helper()
	beads := 0
	var count [NumColors + 1]int
	for c := 0; c < MaxSize; c++ {
		h := 0
		for r := 0; r < MaxSize; r++ {
			col := b.At(r, c)
			if col == Empty {
				continue
			}
			if r != h {
				t.Fatalf("column %d has a hole below row %d", c, r)
			}
			h++
			beads++
			count[col]++
		}
		if c < MaxSize && h != int(b.height[c]) {
			t.Fatalf("column %d holds %d beads, height says %d", c, h, b.height[c])
		}
		if (c < b.Width()) != (h > 0) {
			t.Fatalf("column %d: width %d but height %d", c, b.Width(), h)
		}
	}
	if beads != b.Beads() {
		t.Fatalf("beads: counted %d, Beads() %d", beads, b.Beads())
	}
	for col := Red; col <= Orange; col++ {
		if count[col] != b.Count(col) {
			t.Fatalf("%s: counted %d, Count() %d", col.Name(), count[col], b.Count(col))
		}
	}
}

// TestAgainstReference plays random games on random boards with the fast
// board and the plain reference, move by move, and compares everything.
func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sizes := [][3]int{{1, 1, 1}, {2, 3, 2}, {5, 5, 3}, {7, 4, 2}, {10, 10, 4}, {15, 15, 5}, {25, 25, 5}, {32, 32, 5}, {3, 20, 3}}
	for _, sz := range sizes {
		for game := 0; game < 20; game++ {
			b := randomBoard(r, sz[0], sz[1], sz[2])
			ref := refFrom(&b)
			checkInvariants(t, &b)
			for {
				moves := b.AppendMoves(nil)
				if len(moves) != ref.groups() {
					t.Fatalf("%v: %d moves, reference %d groups", sz, len(moves), ref.groups())
				}
				if b.IsOver() != (len(moves) == 0) {
					t.Fatalf("IsOver %v with %d moves", b.IsOver(), len(moves))
				}
				if len(moves) == 0 {
					break
				}
				// Sometimes try a random cell, legal or not.
				m := moves[r.IntN(len(moves))]
				if r.IntN(4) == 0 {
					m = Move{Row: uint8(r.IntN(sz[0])), Col: uint8(r.IntN(sz[1]))}
				}
				want := len(ref.group(int(m.Row), int(m.Col)))
				if got := b.GroupSize(m); got != want {
					t.Fatalf("GroupSize(%v) = %d, reference %d", m, got, want)
				}
				if got := len(b.AppendGroupCells(nil, m)); got != want {
					t.Fatalf("AppendGroupCells(%v) has %d cells, reference %d", m, got, want)
				}
				var n int
				ref, n = ref.remove(int(m.Row), int(m.Col))
				if got := b.Remove(m); got != n {
					t.Fatalf("Remove(%v) = %d, reference %d", m, got, n)
				}
				if !ref.equal(&b) {
					t.Fatalf("after %v the boards differ:\n%s", m, b.Format())
				}
				checkInvariants(t, &b)
			}
		}
	}
}

func TestGroupsName(t *testing.T) {
	b := mustParse(t,
		"RRG",
		"GRG",
		"GBB")
	got := b.AppendGroups(nil)
	// Column by column from the left, bottom up, each group named by the
	// first bead met: the greens of column 1 at 1 1, the three reds (3 1,
	// 3 2, 2 2) at 3 1, the blues of row 1 at 1 2, the greens of column 3
	// at 2 3.
	want := []Group{
		{MoveAt(1, 1), Green, 2},
		{MoveAt(3, 1), Red, 3},
		{MoveAt(1, 2), Blue, 2},
		{MoveAt(2, 3), Green, 2},
	}
	if len(got) != len(want) {
		t.Fatalf("groups %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("group %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestScore(t *testing.T) {
	for _, c := range []struct{ n, want int }{{0, 0}, {1, 0}, {2, 0}, {3, 1}, {4, 4}, {10, 64}, {20, 324}, {225, 49729}} {
		if got := Score(c.n); got != c.want {
			t.Errorf("Score(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

func TestNoDiagonalGroups(t *testing.T) {
	b := mustParse(t,
		"RG",
		"GR")
	if !b.IsOver() {
		t.Fatal("diagonal beads form no group, so the game is over")
	}
	if n := b.Remove(MoveAt(1, 1)); n != 0 {
		t.Fatalf("removed %d beads of a diagonal pair", n)
	}
}

func TestCheckReasons(t *testing.T) {
	b := mustParse(t,
		"RRB",
		"GBG")
	b.Remove(MoveAt(2, 1)) // the two reds go; column 1 keeps G, column 2 keeps B
	cases := []struct {
		m    Move
		want string
	}{
		{MoveAt(1, 1), "single green"},
		{MoveAt(2, 1), "empty"},
		{MoveAt(3, 1), "off the board"},
		{MoveAt(1, 4), "off the board"},
		{MoveAt(1, 2), "single blue"},
	}
	for _, c := range cases {
		err := b.Check(c.m)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check(%v) = %v, want %q", c.m, err, c.want)
		}
	}
}

func TestGameUndo(t *testing.T) {
	b := mustParse(t,
		"RRGG",
		"BBGG",
		"RRBB")
	g := NewGame(b)
	if _, err := g.Play(MoveAt(1, 1)); err != nil {
		t.Fatal(err)
	}
	// The blues of row 2 in columns 1-2 fell to row 1 beside the blues of
	// columns 3-4: one group of 4.
	if s, err := g.Play(MoveAt(1, 1)); err != nil || s != 4 || g.Total != 4 || g.Board.Beads() != 6 {
		t.Fatalf("second move: score %d, err %v, total %d, beads %d; want 4, nil, 4, 6", s, err, g.Total, g.Board.Beads())
	}
	for g.Undo() {
	}
	if g.Board != b || g.Total != 0 || len(g.Moves) != 0 {
		t.Fatalf("undo did not restore the start")
	}
	if _, err := g.Play(MoveAt(3, 3)); err != nil {
		t.Fatal(err)
	}
	if g.Total != 4 || g.Board.Beads() != 8 {
		t.Fatalf("after removing 4 greens: total %d, beads %d; want 4 and 8", g.Total, g.Board.Beads())
	}
}

func TestReplayError(t *testing.T) {
	b := mustParse(t, "RRG", "GBB")
	_, _, err := Replay(b, []Move{MoveAt(2, 1), MoveAt(1, 1)})
	re, ok := err.(*ReplayError)
	if !ok || re.Index != 1 {
		t.Fatalf("Replay error %v, want move 2 illegal", err)
	}
}

func BenchmarkAppendGroups15x15(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	bd := randomBoard(r, 15, 15, 5)
	buf := make([]Group, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = bd.AppendGroups(buf[:0])
	}
}

// BenchmarkPlayout15x15 plays random games to the end on a 15x15 board of
// 5 colours; playouts/s = 1e9 / ns/op.
func BenchmarkPlayout15x15(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	start := randomBoard(r, 15, 15, 5)
	moves := make([]Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		bd := start
		for {
			moves = bd.AppendMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			bd.Remove(moves[r.IntN(len(moves))])
		}
	}
}

func TestBetter(t *testing.T) {
	// The handout's ranking, best first.
	ranked := [][2]int{{1, 21450}, {1, 20100}, {2, 30423}, {2, 25678}, {2, 18927}, {3, 24567}}
	for i := range ranked {
		for j := range ranked {
			got := Better(ranked[i][0], ranked[i][1], ranked[j][0], ranked[j][1])
			if got != (i < j) {
				t.Errorf("Better(%v, %v) = %v", ranked[i], ranked[j], got)
			}
		}
	}
}
