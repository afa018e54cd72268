package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"chainshot/board"
	"chainshot/internal/outfile"
	"chainshot/internal/picture"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// replayFrames returns the frames of a ChainShot replay picture: for each
// move, the board before it with the move's group highlighted and a
// caption of the move number, the move, its score and the running total;
// then the final board. A move that is not legal where it is played is an
// error naming it.
func replayFrames(start board.Board, moves []board.Move) ([]picture.ChainShotFrame, error) {
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

// writeReplayGIF writes the replay of moves on start as an animated GIF
// in path, whole or not at all; title (the data set's name, its folders
// left out) heads every frame. A bad path is bad input (exit status 2).
func writeReplayGIF(out *outfile.Claim, title string, start board.Board, moves []board.Move) error {
	frames, err := replayFrames(start, moves)
	if err != nil {
		return status.Fail("%s: %v", title, err)
	}
	err = out.WriteFile(func(w io.Writer) error {
		return picture.ChainShotGIF(w, frames, picture.Options{Title: filepath.Base(title)})
	})
	if err != nil {
		return status.BadInput("%v", err)
	}
	return nil
}

// gifName is the file name of a data set's replay in a --gif-dir folder.
func gifName(set string) string {
	base := strings.TrimSuffix(filepath.Base(strings.ReplaceAll(set, "#", "-")), ".txt")
	return base + ".gif"
}
