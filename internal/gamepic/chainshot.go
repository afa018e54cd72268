// Package gamepic makes the pictures of the three games: each game's
// frames made by its own rules (board, chainreact, expendibots), drawn by
// package picture, written to an io.Writer. Where the file goes is the
// caller's (a claim of the output gate).
package gamepic

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"chainshot/board"
	"chainshot/internal/picture"
	"chainshot/internal/words"
)

// ReplayFrames returns the frames of a ChainShot replay picture: for each
// move, the board before it with the move's group highlighted and a
// caption of the move number, the move, its score and the running total;
// then the final board. A move that is not legal where it is played is an
// error naming it.
func ReplayFrames(start board.Board, moves []board.Move) ([]picture.ChainShotFrame, error) {
	b := start
	frames := make([]picture.ChainShotFrame, 0, len(moves)+1)
	total := 0
	for i, m := range moves {
		if err := b.Check(m); err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
		grid := strings.Fields(b.Format())
		gain := board.Score(b.Remove(m))
		total += gain
		frames = append(frames, picture.ChainShotFrame{
			Grid:    grid,
			Pick:    picture.Cell{Row: int(m.Row) + 1, Col: int(m.Col) + 1},
			Caption: fmt.Sprintf("move %d/%d: %s  +%d  total %d", i+1, len(moves), m, gain, total),
		})
	}
	frames = append(frames, picture.ChainShotFrame{
		Grid:    strings.Fields(b.Format()),
		Caption: fmt.Sprintf("end: %s, %s left", words.Plural(total, "point"), words.Plural(b.Beads(), "bead")),
	})
	return frames, nil
}

// FramesError is a line that cannot be drawn: a move not legal where it
// is played.
type FramesError struct{ Err error }

func (e *FramesError) Error() string { return e.Err.Error() }

// ReplayGIF makes the replay of moves on start and writes it to a
// writer as an animated GIF; title (the data set's name, its folders left
// out) heads every frame. The frames are made before anything is
// written, so an illegal move (a *FramesError) writes nothing.
func ReplayGIF(title string, start board.Board, moves []board.Move) (func(io.Writer) error, error) {
	frames, err := ReplayFrames(start, moves)
	if err != nil {
		return nil, &FramesError{err}
	}
	return func(w io.Writer) error {
		return picture.ChainShotGIF(w, frames, picture.Options{Title: filepath.Base(title)})
	}, nil
}

// GIFName is the file name of a data set's replay in a --gif-dir folder.
func GIFName(set string) string {
	base := strings.TrimSuffix(filepath.Base(strings.ReplaceAll(set, "#", "-")), ".txt")
	return base + ".gif"
}
