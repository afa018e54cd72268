package picture

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"testing"
)

var readme = flag.String("readme", "", "write the README's sample pictures into this directory")

// TestReadmePictures writes the README's ChainShot replay when -readme is
// given:
//
//	go test ./cmd/chainshot/picture -run Readme -readme ../../../docs
//
// The README's Chain Reaction strip, docs/chain-reaction.png, is drawn by
// the command from the engine's trace ("chainshot react analyze
// docs/chain-reaction.txt --move '5 2' --png docs/chain-reaction.png";
// the readme_pictures script checks it), not here.
func TestReadmePictures(t *testing.T) {
	if *readme == "" {
		t.Skip("no -readme directory")
	}
	var frames []ChainShotFrame
	game := newSameGame(10, 10, 5, 1)
	total := 0
	for k := 1; ; k++ {
		c, h, ok := game.largest()
		if !ok {
			break
		}
		n := len(game.group(c, h))
		total += (n - 2) * (n - 2)
		frames = append(frames, ChainShotFrame{Grid: game.grid(10, 10), Pick: Cell{h + 1, c + 1},
			Caption: fmt.Sprintf("move %d: %d %d  +%d  total %d", k, h+1, c+1, (n-2)*(n-2), total)})
		game = game.remove(c, h)
	}
	left := 0
	for _, col := range game {
		left += len(col)
	}
	frames = append(frames, ChainShotFrame{Grid: game.grid(10, 10),
		Caption: fmt.Sprintf("end: %d moves, %d beads left, %d points", len(frames), left, total)})
	for k := range frames[:len(frames)-1] {
		frames[k].Caption = fmt.Sprintf("move %d/%d%s", k+1, len(frames)-1, frames[k].Caption[len(fmt.Sprintf("move %d", k+1)):])
	}
	write(t, "chainshot-replay.gif", func(w io.Writer) error {
		return ChainShotGIF(w, frames, Options{Title: "a 10x10 board, largest group first", Cell: 24})
	})
}

func write(t *testing.T, name string, f func(io.Writer) error) {
	if err := WriteFile(filepath.Join(*readme, name), f); err != nil {
		t.Fatal(err)
	}
}
