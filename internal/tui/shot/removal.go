package shot

import "chainshot/board"

// A removal is drawn in frames: the group burst where it stood, the
// holes it leaves, the beads above fallen into them, then the board
// after the move with its empty columns closed. The frames come from the
// boards before and after the move (board.Board.Remove is the one rule of
// the fall and the shift): a column of the board after the move is the
// next column of the board before that kept a bead, fallen; the fallen
// frame puts it back where it stood.
type removal struct {
	frames []grid // the burst, the holes, the fall
	k      int
}

// grid is a board drawn: cells[col][row], row 0 at the bottom, and the
// cells to show burst.
type grid struct {
	cells [board.MaxSize][board.MaxSize]board.Color
	burst [board.MaxSize][board.MaxSize]bool
}

// newRemoval returns the frames of mv played on before, giving after.
func newRemoval(before *board.Board, mv board.Move, after *board.Board) *removal {
	var burst, holes, fallen grid
	rows, cols := before.Rows(), before.Cols()
	for c := 0; c < cols; c++ {
		for r := 0; r < rows; r++ {
			burst.cells[c][r] = before.At(r, c)
		}
	}
	holes = burst
	var taken [board.MaxSize]int
	for _, cell := range before.AppendGroupCells(nil, mv) {
		burst.burst[cell.Col][cell.Row] = true
		holes.cells[cell.Col][cell.Row] = board.Empty
		taken[cell.Col]++
	}
	k := 0 // the column of after that the next column kept is
	for c := 0; c < cols; c++ {
		if before.Height(c) == taken[c] {
			continue // emptied: closed in after
		}
		for r := 0; r < rows; r++ {
			fallen.cells[c][r] = after.At(r, k)
		}
		k++
	}
	return &removal{frames: []grid{burst, holes, fallen}}
}

// frame returns the frame to draw.
func (a *removal) frame() *grid { return &a.frames[a.k] }

// next moves on to the next frame; false when the last has been shown.
func (a *removal) next() bool {
	a.k++
	return a.k < len(a.frames)
}
