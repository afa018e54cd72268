package gamepic

import (
	"fmt"
	"io"

	"chainshot/chainreact"
	"chainshot/internal/picture"
)

// ChainReactionFrames returns the frames of move m on p, as seed 002's Figure 1
// draws a chain reaction, every board taken from the engine's trace of
// the move:
//
//	"R to play 3 1"               the position before
//	"R plays 3 1: 1 to explode"   the orb landed (marked), the cells of wave 1 marked
//	"after wave 1: 3 to explode"  the board wave 1 left, the cells of wave 2 marked
//	"after wave 2: stable"        the last wave's board, nothing marked
//
// Each frame marks exactly the cells its caption counts: the ones about to
// explode in the next wave (the picture legend's "about to explode"). A
// reaction the engine cut at a win ends on the engine's own board, "R has
// won".
func ChainReactionFrames(p *chainreact.Position, m chainreact.Move) []picture.ChainReactionFrame {
	b := p.Board
	tr := b.PlayTrace(m)
	name := p.Names[tr.Player]
	r, c := tr.Before.RowCol(m)
	toExplode := func(k int) (string, []picture.Cell) {
		if k < len(tr.Waves) {
			w := tr.Waves[k].Exploded
			return fmt.Sprintf("%d to explode", len(w)), pictureCells(&tr.Before, w)
		}
		if k == 0 {
			return "no explosion", []picture.Cell{}
		}
		if tr.Waves[k-1].After.Over() {
			return fmt.Sprintf("%c has won", name), []picture.Cell{}
		}
		return "stable", []picture.Cell{}
	}
	frames := []picture.ChainReactionFrame{{Grid: pictureGrid(&tr.Before), Explode: []picture.Cell{},
		Caption: fmt.Sprintf("%c to play %d %d", name, r, c)}}
	what, marks := toExplode(0)
	frames = append(frames, picture.ChainReactionFrame{Grid: pictureGrid(&tr.Landed), Explode: marks,
		Move: picture.Cell{Row: r, Col: c}, Caption: fmt.Sprintf("%c plays %d %d: %s", name, r, c, what)})
	for k := range tr.Waves {
		what, marks := toExplode(k + 1)
		frames = append(frames, picture.ChainReactionFrame{Grid: pictureGrid(&tr.Waves[k].After), Explode: marks,
			Caption: fmt.Sprintf("after wave %d: %s", k+1, what)})
	}
	return frames
}

// pictureGrid returns b's cells for a picture, top row first.
func pictureGrid(b *chainreact.Board) [][]picture.Orbs {
	g := make([][]picture.Orbs, b.Rows())
	for r := b.Rows(); r >= 1; r-- {
		row := make([]picture.Orbs, b.Cols())
		for c := 1; c <= b.Cols(); c++ {
			mv, _ := b.MoveAt(r, c)
			owner, count := b.Cell(int(mv))
			row[c-1] = picture.Orbs{Count: count, Owner: max(owner, 0)}
		}
		g[b.Rows()-r] = row
	}
	return g
}

// pictureCells returns the cells ms of board b as picture cells.
func pictureCells(b *chainreact.Board, ms []chainreact.Move) []picture.Cell {
	out := make([]picture.Cell, 0, len(ms))
	for _, x := range ms {
		r, c := b.RowCol(x)
		out = append(out, picture.Cell{Row: r, Col: c})
	}
	return out
}

// ChainReactionPicture makes the chain reaction of m on p as an animated
// GIF, or as a strip of frames in one PNG, and returns what writes it.
func ChainReactionPicture(strip bool, p *chainreact.Position, m chainreact.Move) func(io.Writer) error {
	frames := ChainReactionFrames(p, m)
	r, c := p.Board.RowCol(m)
	opts := picture.Options{Players: p.Names, Title: fmt.Sprintf("Chain reaction after %c plays %d %d", p.Names[p.Board.ToMove()], r, c)}
	return func(w io.Writer) error {
		if strip {
			return picture.ChainReactionStripPNG(w, frames, opts)
		}
		return picture.ChainReactionGIF(w, frames, opts)
	}
}
