package datasets

import (
	"fmt"
	"math/rand/v2"

	"chainshot/board"
)

// Generate returns a random rows x cols board of the first colors colours
// (R G B L O order), the same for the same seed on every machine.
func Generate(rows, cols, colors int, seed uint64) (board.Board, error) {
	if rows < 1 || cols < 1 || rows > board.MaxSize || cols > board.MaxSize {
		return board.Board{}, fmt.Errorf("datasets: size %dx%d: want 1 to %d rows and columns", rows, cols, board.MaxSize)
	}
	if colors < 1 || colors > board.NumColors {
		return board.Board{}, fmt.Errorf("datasets: %d colours: want 1 to %d", colors, board.NumColors)
	}
	r := rand.New(rand.NewPCG(seed, 0x67656e))
	grid := make([][]board.Color, rows)
	for i := range grid {
		grid[i] = make([]board.Color, cols)
		for j := range grid[i] {
			grid[i][j] = board.Color(1 + r.IntN(colors))
		}
	}
	return board.New(grid)
}

// GenerateFile returns a generated board as a data-set file, with a
// comment line saying how to make it again.
func GenerateFile(rows, cols, colors int, seed uint64) ([]byte, error) {
	b, err := Generate(rows, cols, colors, seed)
	if err != nil {
		return nil, err
	}
	head := fmt.Sprintf("# chainshot gen --size %dx%d --colors %d --seed %d\n", rows, cols, colors, seed)
	return []byte(head + b.Format()), nil
}
