package main

import (
	"fmt"
	"io"

	"chainshot/chainreact"
	"chainshot/cmd/chainshot/picture"
)

// chainFrames returns the pictures of move m on p, as seed 002's Figure 1
// draws a chain reaction: the position before, the orb landing, then the
// board after each wave, the cells about to explode marked. The boards
// are rebuilt from the engine's trace (each exploding cell gives up its
// critical mass, one orb to each neighbour, which becomes the mover's); a
// reaction the engine cut at a win ends on the engine's own board.
func chainFrames(p *chainreact.Position, m chainreact.Move) []picture.ChainReactionFrame {
	b := p.Board
	mover := b.ToMove()
	n := b.Cells()
	owner, count := make([]int, n), make([]int, n)
	for i := 0; i < n; i++ {
		owner[i], count[i] = b.Cell(i)
	}
	grid := func() [][]picture.Orbs {
		g := make([][]picture.Orbs, b.Rows())
		for r := b.Rows(); r >= 1; r-- {
			row := make([]picture.Orbs, b.Cols())
			for c := 1; c <= b.Cols(); c++ {
				mv, _ := b.MoveAt(r, c)
				row[c-1] = picture.Orbs{Count: count[mv], Owner: max(owner[mv], 0)}
			}
			g[b.Rows()-r] = row
		}
		return g
	}
	cells := func(ms []chainreact.Move) []picture.Cell {
		out := []picture.Cell{}
		for _, x := range ms {
			r, c := b.RowCol(x)
			out = append(out, picture.Cell{Row: r, Col: c})
		}
		return out
	}
	after := b
	tr := after.PlayTrace(m)
	name := p.Names[mover]
	r, c := b.RowCol(m)
	frames := []picture.ChainReactionFrame{{Grid: grid(), Explode: []picture.Cell{}, Caption: fmt.Sprintf("%c to play %d %d", name, r, c)}}
	count[m]++
	owner[m] = mover
	next := func(i int) []picture.Cell {
		if i < len(tr.Waves) {
			return cells(tr.Waves[i])
		}
		return []picture.Cell{}
	}
	frames = append(frames, picture.ChainReactionFrame{Grid: grid(), Explode: next(0), Move: picture.Cell{Row: r, Col: c},
		Caption: fmt.Sprintf("%c plays %d %d", name, r, c)})
	var nb []int
	for w, wave := range tr.Waves {
		for _, x := range wave {
			count[x] -= b.CriticalMass(int(x))
			if count[x] <= 0 {
				count[x], owner[x] = 0, -1
			}
			nb = b.Neighbours(nb[:0], int(x))
			for _, y := range nb {
				count[y]++
				owner[y] = mover
			}
		}
		caption := fmt.Sprintf("wave %d: %d exploded", w+1, len(wave))
		if w == len(tr.Waves)-1 {
			if tr.Stopped {
				// The engine stops a reaction mid-wave once one player
				// is left: show its board.
				for i := 0; i < n; i++ {
					owner[i], count[i] = after.Cell(i)
				}
				caption += fmt.Sprintf("; %c has won", name)
			} else {
				caption += "; stable"
			}
		}
		frames = append(frames, picture.ChainReactionFrame{Grid: grid(), Explode: next(w + 1), Caption: caption})
	}
	return frames
}

// writeChainPicture writes the chain reaction of m on p as an animated
// GIF, or as a strip of frames in one PNG, whole or not at all.
func writeChainPicture(path string, strip bool, p *chainreact.Position, m chainreact.Move) error {
	frames := chainFrames(p, m)
	r, c := p.Board.RowCol(m)
	opts := picture.Options{Players: p.Names, Title: fmt.Sprintf("Chain reaction after %c plays %d %d", p.Names[p.Board.ToMove()], r, c)}
	err := picture.WriteFile(path, func(w io.Writer) error {
		if strip {
			return picture.ChainReactionStripPNG(w, frames, opts)
		}
		return picture.ChainReactionGIF(w, frames, opts)
	})
	if err != nil {
		return badInput("%v", err)
	}
	return nil
}
