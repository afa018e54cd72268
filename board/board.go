package board

import (
	"fmt"
)

// MaxSize is the largest number of rows or columns a board may have.
const MaxSize = 32

// Stride is the distance between the first cells of neighbouring columns.
const Stride = MaxSize

const numCells = MaxSize * Stride

// Color is a bead colour; Empty (0) is no bead.
type Color uint8

// The bead colours, with the handout's letters.
const (
	Empty  Color = iota // no bead
	Red                 // R
	Green               // G
	Blue                // B
	Black               // L
	Orange              // O
)

// NumColors is the number of bead colours.
const NumColors = 5

const colorLetters = ".RGBLO"

// Letter returns the colour's letter (R, G, B, L, O; '.' for Empty).
func (c Color) Letter() byte {
	if int(c) < len(colorLetters) {
		return colorLetters[c]
	}
	return '?'
}

// Name returns the colour's English name.
func (c Color) Name() string {
	switch c {
	case Red:
		return "red"
	case Green:
		return "green"
	case Blue:
		return "blue"
	case Black:
		return "black"
	case Orange:
		return "orange"
	}
	return "empty"
}

// ColorOf returns the colour for a letter, upper or lower case.
func ColorOf(letter byte) (Color, bool) {
	switch letter {
	case 'R', 'r':
		return Red, true
	case 'G', 'g':
		return Green, true
	case 'B', 'b':
		return Blue, true
	case 'L', 'l':
		return Black, true
	case 'O', 'o':
		return Orange, true
	}
	return Empty, false
}

// Move names a group by any one of its beads, 0-based, row 0 at the
// bottom and column 0 at the left.
type Move struct {
	Row, Col uint8
}

// MoveAt returns the move for the 1-based "row col" a user types.
func MoveAt(row, col int) Move { return Move{Row: uint8(row - 1), Col: uint8(col - 1)} }

// String returns the move as a user types it: "row col", 1-based.
func (m Move) String() string { return fmt.Sprintf("%d %d", int(m.Row)+1, int(m.Col)+1) }

func (m Move) index() int { return int(m.Col)*Stride + int(m.Row) }

// Group is a removable group: a move naming it, its colour and its size.
type Group struct {
	Move  Move
	Color Color
	Size  int
}

// Score returns the score for removing a group of n beads: (n-2)^2.
func Score(n int) int {
	if n < 2 {
		return 0
	}
	return (n - 2) * (n - 2)
}

// Board is a ChainShot position. The zero value is an empty 0x0 board.
type Board struct {
	cells  [numCells]Color
	height [MaxSize]uint8
	rows   uint8 // rows of the original board
	cols   uint8 // columns of the original board
	width  uint8 // non-empty columns
	beads  int16
	count  [NumColors + 1]int16
}

// New returns a board from a grid of colours given top row first, as in a
// data-set file. Every row must have the same length, between 1 and
// MaxSize, and every cell a colour.
func New(grid [][]Color) (Board, error) {
	var b Board
	if len(grid) == 0 || len(grid) > MaxSize {
		return b, fmt.Errorf("board: %d rows, want 1 to %d", len(grid), MaxSize)
	}
	cols := len(grid[0])
	if cols == 0 || cols > MaxSize {
		return b, fmt.Errorf("board: %d columns, want 1 to %d", cols, MaxSize)
	}
	rows := len(grid)
	b.rows, b.cols = uint8(rows), uint8(cols)
	for i, line := range grid {
		if len(line) != cols {
			return Board{}, fmt.Errorf("board: row %d has %d beads, want %d", rows-i, len(line), cols)
		}
		r := rows - 1 - i
		for c, color := range line {
			if color == Empty || color > NumColors {
				return Board{}, fmt.Errorf("board: row %d column %d has no bead", r+1, c+1)
			}
			b.cells[c*Stride+r] = color
		}
	}
	for c := 0; c < cols; c++ {
		b.height[c] = uint8(rows)
	}
	b.width = uint8(cols)
	b.recount()
	return b, nil
}

func (b *Board) recount() {
	b.beads = 0
	b.count = [NumColors + 1]int16{}
	for c := 0; c < int(b.width); c++ {
		base := c * Stride
		for r := 0; r < int(b.height[c]); r++ {
			color := b.cells[base+r]
			b.count[color]++
			b.beads++
		}
	}
}

// Rows returns the number of rows of the original board.
func (b *Board) Rows() int { return int(b.rows) }

// Cols returns the number of columns of the original board.
func (b *Board) Cols() int { return int(b.cols) }

// Width returns the number of non-empty columns.
func (b *Board) Width() int { return int(b.width) }

// Height returns the number of beads in column col (0-based).
func (b *Board) Height(col int) int { return int(b.height[col]) }

// At returns the colour at 0-based row and column (row 0 at the bottom);
// Empty outside the board.
func (b *Board) At(row, col int) Color {
	if row < 0 || col < 0 || row >= MaxSize || col >= MaxSize {
		return Empty
	}
	return b.cells[col*Stride+row]
}

// Beads returns the number of beads on the board.
func (b *Board) Beads() int { return int(b.beads) }

// Count returns the number of beads of colour c.
func (b *Board) Count(c Color) int { return int(b.count[c]) }

// Colors returns the number of colours with at least one bead.
func (b *Board) Colors() int {
	n := 0
	for c := 1; c <= NumColors; c++ {
		if b.count[c] > 0 {
			n++
		}
	}
	return n
}

// IsEmpty reports whether every bead has been removed.
func (b *Board) IsEmpty() bool { return b.beads == 0 }

// IsOver reports whether the game has ended: no group of two or more.
func (b *Board) IsOver() bool {
	w := int(b.width)
	for c := 0; c < w; c++ {
		base := c * Stride
		h := int(b.height[c])
		for r := 0; r < h; r++ {
			color := b.cells[base+r]
			if r+1 < h && b.cells[base+r+1] == color {
				return false
			}
			if c+1 < w && b.cells[base+Stride+r] == color {
				return false
			}
		}
	}
	return true
}

// marks is a set of cells: bit row of word col.
type marks [MaxSize]uint32

func (m *marks) has(i int) bool { return m[i/Stride]>>(uint(i)%Stride)&1 != 0 }
func (m *marks) set(i int)      { m[i/Stride] |= 1 << (uint(i) % Stride) }

// flood marks the group of cell start (breadth first) and leaves its
// cells in cells[0:n]; it returns n.
func (b *Board) flood(start int, mark *marks, cells *[numCells]uint16) int {
	color := b.cells[start]
	mark.set(start)
	cells[0] = uint16(start)
	head, n := 0, 1
	for head < n {
		i := int(cells[head])
		head++
		row, col := i%Stride, i/Stride
		// Cells above a column's height and columns beyond the width are
		// Empty, so the colour test is also the bounds test there.
		if row+1 < MaxSize {
			if j := i + 1; b.cells[j] == color && !mark.has(j) {
				mark.set(j)
				cells[n] = uint16(j)
				n++
			}
		}
		if row > 0 {
			if j := i - 1; b.cells[j] == color && !mark.has(j) {
				mark.set(j)
				cells[n] = uint16(j)
				n++
			}
		}
		if col+1 < MaxSize {
			if j := i + Stride; b.cells[j] == color && !mark.has(j) {
				mark.set(j)
				cells[n] = uint16(j)
				n++
			}
		}
		if col > 0 {
			if j := i - Stride; b.cells[j] == color && !mark.has(j) {
				mark.set(j)
				cells[n] = uint16(j)
				n++
			}
		}
	}
	return n
}

// scratch is per-call working memory for flood fills; it lives on the
// caller's stack.
type scratch struct {
	mark  marks
	stack [numCells]uint16
}

// single reports whether the bead at i has no neighbour of its colour.
func (b *Board) single(i int) bool {
	color := b.cells[i]
	row, col := i%Stride, i/Stride
	return (row+1 >= MaxSize || b.cells[i+1] != color) &&
		(row == 0 || b.cells[i-1] != color) &&
		(col+1 >= MaxSize || b.cells[i+Stride] != color) &&
		(col == 0 || b.cells[i-Stride] != color)
}

// AppendGroups appends every removable group (two or more beads) to dst
// and returns it. Each group is named by its lowest-leftmost bead, and
// groups come column by column from the left, bottom up.
func (b *Board) AppendGroups(dst []Group) []Group {
	var s scratch
	w := int(b.width)
	for c := 0; c < w; c++ {
		base := c * Stride
		h := int(b.height[c])
		for r := 0; r < h; r++ {
			i := base + r
			if s.mark.has(i) || b.single(i) {
				continue
			}
			n := b.flood(i, &s.mark, &s.stack)
			if n >= 2 {
				dst = append(dst, Group{Move: Move{Row: uint8(r), Col: uint8(c)}, Color: b.cells[i], Size: n})
			}
		}
	}
	return dst
}

// AppendMoves appends one move for every removable group to dst.
func (b *Board) AppendMoves(dst []Move) []Move {
	var s scratch
	w := int(b.width)
	for c := 0; c < w; c++ {
		base := c * Stride
		h := int(b.height[c])
		for r := 0; r < h; r++ {
			i := base + r
			if s.mark.has(i) || b.single(i) {
				continue
			}
			if b.flood(i, &s.mark, &s.stack) >= 2 {
				dst = append(dst, Move{Row: uint8(r), Col: uint8(c)})
			}
		}
	}
	return dst
}

// GroupSize returns the size of the group holding the bead at m: 0 for
// an empty cell or a cell off the board, 1 for a single bead.
func (b *Board) GroupSize(m Move) int {
	if int(m.Row) >= MaxSize || int(m.Col) >= MaxSize || b.cells[m.index()] == Empty {
		return 0
	}
	var s scratch
	return b.flood(m.index(), &s.mark, &s.stack)
}

// AppendGroupCells appends the moves naming every bead of the group at m
// (none for an empty cell) to dst.
func (b *Board) AppendGroupCells(dst []Move, m Move) []Move {
	if int(m.Row) >= MaxSize || int(m.Col) >= MaxSize || b.cells[m.index()] == Empty {
		return dst
	}
	var s scratch
	n := b.flood(m.index(), &s.mark, &s.stack)
	for _, i := range s.stack[:n] {
		dst = append(dst, Move{Row: uint8(int(i) % Stride), Col: uint8(int(i) / Stride)})
	}
	return dst
}

// Remove plays move m: it removes the group holding the bead at m, lets
// the beads above fall and closes empty columns. It returns the number of
// beads removed, or 0 (and leaves the board alone) when m names an empty
// cell, a cell off the board or a single bead.
func (b *Board) Remove(m Move) int {
	if int(m.Row) >= MaxSize || int(m.Col) >= MaxSize {
		return 0
	}
	start := m.index()
	color := b.cells[start]
	if color == Empty {
		return 0
	}
	var s scratch
	n := b.flood(start, &s.mark, &s.stack)
	if n < 2 {
		return 0
	}
	// Find the columns touched.
	first, last := MaxSize, -1
	for _, i := range s.stack[:n] {
		c := int(i) / Stride
		first = min(first, c)
		last = max(last, c)
	}
	w := int(b.width)
	// Gravity in the touched columns.
	for c := first; c <= last; c++ {
		base := c * Stride
		h := int(b.height[c])
		wr := 0
		for r := 0; r < h; r++ {
			if !s.mark.has(base + r) {
				b.cells[base+wr] = b.cells[base+r]
				wr++
			}
		}
		for r := wr; r < h; r++ {
			b.cells[base+r] = Empty
		}
		b.height[c] = uint8(wr)
	}
	// Close empty columns.
	dst := first
	for c := first; c < w; c++ {
		h := int(b.height[c])
		if h == 0 {
			continue
		}
		if dst != c {
			copy(b.cells[dst*Stride:dst*Stride+h], b.cells[c*Stride:c*Stride+h])
			clear(b.cells[c*Stride : c*Stride+h])
			b.height[dst] = uint8(h)
			b.height[c] = 0
		}
		dst++
	}
	b.width = uint8(dst)
	b.beads -= int16(n)
	b.count[color] -= int16(n)
	return n
}
