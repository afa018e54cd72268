// Package ref is a plain reference implementation of the rules of Chain
// Reaction, written for the tests only: slices, no hashing, explosions one
// cell at a time in an order the caller chooses, and no code shared with
// the engine (package chainreact), whose tests, and the exact solver's,
// hold the engine to it.
//
// Rows and columns count from 0, row 0 at the bottom, as the engine's
// cells do.
package ref

// Game is a game of Chain Reaction.
type Game struct {
	Rows, Cols, Players int
	Count, Owner        [][]int // Owner -1 for empty
	ToMove, Ply, Winner int     // Winner -1 while the game goes on
}

// New returns the empty rows×cols game of the given players, player 0 to
// move.
func New(rows, cols, players int) *Game {
	g := &Game{Rows: rows, Cols: cols, Players: players, Winner: -1}
	g.Count = make([][]int, rows)
	g.Owner = make([][]int, rows)
	for r := range g.Count {
		g.Count[r] = make([]int, cols)
		g.Owner[r] = make([]int, cols)
		for c := range g.Owner[r] {
			g.Owner[r][c] = -1
		}
	}
	return g
}

// Clone returns a copy of g that shares nothing with it.
func (g *Game) Clone() *Game {
	h := *g
	h.Count = make([][]int, g.Rows)
	h.Owner = make([][]int, g.Rows)
	for r := range g.Count {
		h.Count[r] = append([]int(nil), g.Count[r]...)
		h.Owner[r] = append([]int(nil), g.Owner[r]...)
	}
	return &h
}

// critical is the number of neighbours of (r, c), counted by hand.
func (g *Game) critical(r, c int) int {
	n := 4
	if r == 0 || r == g.Rows-1 {
		n--
	}
	if c == 0 || c == g.Cols-1 {
		n--
	}
	return n
}

func (g *Game) neighbours(r, c int) [][2]int {
	var out [][2]int
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && rr < g.Rows && cc >= 0 && cc < g.Cols {
			out = append(out, [2]int{rr, cc})
		}
	}
	return out
}

func (g *Game) orbs(p int) int {
	n := 0
	for r := range g.Count {
		for c := range g.Count[r] {
			if g.Owner[r][c] == p {
				n += g.Count[r][c]
			}
		}
	}
	return n
}

func (g *Game) alive(p int) bool { return g.orbs(p) > 0 || p >= g.Ply }

func (g *Game) aliveCount() int {
	n := 0
	for p := 0; p < g.Players; p++ {
		if g.alive(p) {
			n++
		}
	}
	return n
}

// Legal returns the cells the player to move may play, as (row, col).
func (g *Game) Legal() [][2]int {
	var out [][2]int
	if g.Winner >= 0 {
		return nil
	}
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			if g.Owner[r][c] < 0 || g.Owner[r][c] == g.ToMove {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}

// Play plays (r, c); pick chooses which unstable cell explodes next.
func (g *Game) Play(r, c int, pick func(n int) int) {
	p := g.ToMove
	g.Count[r][c]++
	g.Owner[r][c] = p
	g.Ply++
	for {
		var unstable [][2]int
		for rr := 0; rr < g.Rows; rr++ {
			for cc := 0; cc < g.Cols; cc++ {
				if g.Count[rr][cc] >= g.critical(rr, cc) {
					unstable = append(unstable, [2]int{rr, cc})
				}
			}
		}
		if len(unstable) == 0 {
			break
		}
		if g.aliveCount() == 1 {
			g.Winner = p
			return
		}
		x := unstable[pick(len(unstable))]
		nb := g.neighbours(x[0], x[1])
		g.Count[x[0]][x[1]] -= len(nb)
		if g.Count[x[0]][x[1]] == 0 {
			g.Owner[x[0]][x[1]] = -1
		}
		for _, y := range nb {
			g.Count[y[0]][y[1]]++
			g.Owner[y[0]][y[1]] = p
		}
	}
	if g.aliveCount() == 1 {
		g.Winner = p
		return
	}
	for k := 1; k <= g.Players; k++ {
		q := (p + k) % g.Players
		if g.alive(q) {
			g.ToMove = q
			return
		}
	}
}

// Key returns the position as a string: cells, mover, ply.
func (g *Game) Key() string {
	k := make([]byte, 0, 2*g.Rows*g.Cols+3)
	for r := range g.Count {
		for c := range g.Count[r] {
			k = append(k, byte(g.Owner[r][c]+1), byte(g.Count[r][c]))
		}
	}
	return string(append(k, byte(g.ToMove), byte(g.Ply), byte(g.Ply>>8)))
}
