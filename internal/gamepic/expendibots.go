package gamepic

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"chainshot/expendibots"
	"chainshot/internal/picture"
)

// boomStacks converts a board's stacks for the picture package.
func boomStacks(b expendibots.Board) []picture.Stack {
	var out []picture.Stack
	for _, st := range b.Stacks() {
		out = append(out, picture.Stack{X: st.X, Y: st.Y, N: st.N, Black: st.Colour == expendibots.Black})
	}
	return out
}

// ExpendibotsFrames returns one frame for the start and one per action: a move
// marks where it came from and went, a boom every square that blew up.
func ExpendibotsFrames(start expendibots.Board, actions []expendibots.Action) ([]picture.ExpendibotsFrame, error) {
	boards, exploded, bad, err := expendibots.Replay(start, actions)
	if err != nil {
		return nil, fmt.Errorf("action %d (%s): %v", bad+1, actions[bad], err)
	}
	frames := []picture.ExpendibotsFrame{{Stacks: boomStacks(start), Caption: "start"}}
	for i, a := range actions {
		f := picture.ExpendibotsFrame{Stacks: boomStacks(boards[i]), Caption: fmt.Sprintf("%d/%d: %s", i+1, len(actions), a)}
		if a.Kind == expendibots.Boom {
			for sq := expendibots.Square(0); sq < expendibots.Size*expendibots.Size; sq++ {
				if exploded[i].Has(sq) {
					f.Boom = append(f.Boom, picture.Square{X: sq.X(), Y: sq.Y()})
				}
			}
		} else {
			from := picture.Square{X: a.From.X(), Y: a.From.Y()}
			to := picture.Square{X: a.To.X(), Y: a.To.Y()}
			f.From, f.To = &from, &to
		}
		if i == len(actions)-1 && boards[i].Won() {
			f.Caption += ": won, every black token gone"
		}
		frames = append(frames, f)
	}
	return frames, nil
}

// ExpendibotsTitle names a case in its pictures: the file's base name without
// ".json" ("test-level-4" for cases/test-level-4.json).
func ExpendibotsTitle(file string) string {
	return strings.TrimSuffix(filepath.Base(file), ".json")
}

// ExpendibotsGIF makes the actions on start, read from file, into an
// animated GIF titled by the case's name, to write to a writer. The
// frames are made before anything is written: an illegal action is a
// *FramesError and writes nothing.
func ExpendibotsGIF(file string, start expendibots.Board, actions []expendibots.Action) (func(io.Writer) error, error) {
	frames, err := ExpendibotsFrames(start, actions)
	if err != nil {
		return nil, &FramesError{err}
	}
	return func(w io.Writer) error {
		return picture.ExpendibotsGIF(w, frames, picture.Options{Title: ExpendibotsTitle(file)})
	}, nil
}
