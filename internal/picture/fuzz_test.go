package picture

import (
	"io"
	"strings"
	"testing"
)

// FuzzPictures feeds arbitrary boards, moves and captions to the drawing
// functions: they may refuse the input with an error, never panic.
func FuzzPictures(f *testing.F) {
	f.Add("RGB\nRRB\nGRO", 2, 2, "move 1: 2 2", 12)
	f.Add("", 0, 0, "", 0)
	f.Add("..\n\x00☃", -1, 99, "日本\n\n", 9)
	f.Fuzz(func(t *testing.T, board string, row, col int, caption string, cell int) {
		if len(board) > 400 || len(caption) > 400 {
			return
		}
		cell = 8 + (cell&0x7fffffff)%16
		grid := strings.Split(board, "\n")
		opts := Options{Cell: cell, Title: caption, Players: caption, PerRow: row}
		ChainShotPNG(io.Discard, ChainShotFrame{Grid: grid, Pick: Cell{row, col}, Highlight: []Cell{{col, row}}, Caption: caption}, opts)
		var orbs [][]Orbs
		for _, line := range grid {
			var r []Orbs
			for _, b := range []byte(line) {
				r = append(r, Orbs{Count: int(b % 13), Owner: int(b%10) - 1})
			}
			orbs = append(orbs, r)
		}
		opts.Cell = 16 + cell
		frames := []ChainReactionFrame{{Grid: orbs, Move: Cell{row, col}, Caption: caption}, {Grid: orbs, Explode: []Cell{{row, col}}}}
		ChainReactionStripPNG(io.Discard, frames, opts)
		var stacks []Stack
		for i, b := range []byte(board) {
			stacks = append(stacks, Stack{X: int(b) % 9, Y: i % 9, N: int(b) % 4, Black: b%2 == 0})
		}
		ExpendibotsPNG(io.Discard, ExpendibotsFrame{Stacks: stacks, Boom: []Square{{row, col}}, From: &Square{row % 8, col % 8}, To: &Square{col % 8, row % 8}, Caption: caption}, opts)
	})
}
