package picture

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chainshot/board"
)

var readme = flag.String("readme", "", "write the README's replay GIF into this folder instead of comparing it with docs/")

// TestReadmePictures draws the README's ChainShot replay,
// docs/chainshot-replay.gif: a 10x10 board of five colours played largest
// group first, by the rules of package board. It checks that the file in
// docs/ is that picture, byte for byte; -readme DIR writes it into DIR
// instead:
//
//	go test ./internal/picture -run Readme -readme ../../docs
//
// The README's Chain Reaction picture, docs/chain-reaction.png, is drawn
// by the tool itself from docs/chain-reaction.txt (the command is in that
// file), with the engine's trace of the move; TestReadmeChainPicture in
// cmd/chainshot checks it.
func TestReadmePictures(t *testing.T) {
	b := randomBoard(t, 10, 10, 5, 1)
	var moves []board.Group
	var before []board.Board
	for {
		g, ok := pickGroup(&b, 1)
		if !ok {
			break
		}
		moves, before = append(moves, g), append(before, b)
		b.Remove(g.Move)
	}
	var frames []ChainShotFrame
	total := 0
	for k, g := range moves {
		gain := board.Score(g.Size)
		total += gain
		frames = append(frames, ChainShotFrame{Grid: strings.Fields(before[k].Format()),
			Pick:    Cell{Row: int(g.Move.Row) + 1, Col: int(g.Move.Col) + 1},
			Caption: fmt.Sprintf("move %d/%d: %v  +%d  total %d", k+1, len(moves), g.Move, gain, total)})
	}
	frames = append(frames, ChainShotFrame{Grid: strings.Fields(b.Format()),
		Caption: fmt.Sprintf("end: %d moves, %d beads left, %d points", len(moves), b.Beads(), total)})
	var got bytes.Buffer
	if err := ChainShotGIF(&got, frames, Options{Title: "a 10x10 board, largest group first"}); err != nil {
		t.Fatal(err)
	}
	if *readme != "" {
		if err := os.WriteFile(filepath.Join(*readme, "chainshot-replay.gif"), got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("../../docs/chainshot-replay.gif")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("docs/chainshot-replay.gif is not the replay this test draws; redraw it with -readme ../../docs and look at it")
	}
}
