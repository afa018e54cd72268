package board

// A plain, obviously correct ChainShot implementation on a 2-D slice, used
// as the oracle for the fast board. grid[c][r]: column c, row r from the
// bottom.

type refBoard [][]Color

func refFrom(b *Board) refBoard {
	g := make(refBoard, b.Cols())
	for c := range g {
		for r := 0; r < b.Rows(); r++ {
			if col := b.At(r, c); col != Empty {
				g[c] = append(g[c], col)
			}
		}
	}
	return g
}

func (g refBoard) at(r, c int) Color {
	if c < 0 || c >= len(g) || r < 0 || r >= len(g[c]) {
		return Empty
	}
	return g[c][r]
}

// group returns the cells of the group at (r, c) by plain recursion.
func (g refBoard) group(r, c int) map[[2]int]bool {
	seen := map[[2]int]bool{}
	color := g.at(r, c)
	if color == Empty {
		return seen
	}
	var visit func(r, c int)
	visit = func(r, c int) {
		if seen[[2]int{r, c}] || g.at(r, c) != color {
			return
		}
		seen[[2]int{r, c}] = true
		visit(r+1, c)
		visit(r-1, c)
		visit(r, c+1)
		visit(r, c-1)
	}
	visit(r, c)
	return seen
}

// remove returns the board after removing the group at (r, c), and its size.
func (g refBoard) remove(r, c int) (refBoard, int) {
	cells := g.group(r, c)
	if len(cells) < 2 {
		return g, 0
	}
	var out refBoard
	for ci, col := range g {
		var kept []Color
		for ri, color := range col {
			if !cells[[2]int{ri, ci}] {
				kept = append(kept, color)
			}
		}
		if len(kept) > 0 { // an empty column closes: later columns shift left
			out = append(out, kept)
		}
	}
	return out, len(cells)
}

// groups returns the number of removable groups.
func (g refBoard) groups() int {
	seen := map[[2]int]bool{}
	n := 0
	for c := range g {
		for r := range g[c] {
			if seen[[2]int{r, c}] {
				continue
			}
			cells := g.group(r, c)
			for k := range cells {
				seen[k] = true
			}
			if len(cells) >= 2 {
				n++
			}
		}
	}
	return n
}

func (g refBoard) equal(b *Board) bool {
	for c := 0; c < MaxSize; c++ {
		for r := 0; r < MaxSize; r++ {
			if g.at(r, c) != b.At(r, c) {
				return false
			}
		}
	}
	return true
}
