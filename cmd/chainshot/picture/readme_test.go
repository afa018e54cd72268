package picture

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"testing"
)

var readme = flag.String("readme", "", "write the README's sample pictures into this directory")

// TestReadmePictures writes the README's samples when -readme is given:
// go test ./cmd/chainshot/picture -run Readme -readme ../../../docs
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
	write(t, "chain-reaction.png", func(w io.Writer) error {
		return ChainReactionStripPNG(w, reaction(t), Options{Players: "RB", PerRow: 3, Cell: 32,
			Title: "Chain Reaction: R plays 5 2, wave by wave"})
	})
}

func write(t *testing.T, name string, f func(io.Writer) error) {
	if err := WriteFile(filepath.Join(*readme, name), f); err != nil {
		t.Fatal(err)
	}
}

// reaction plays R's move 5 2 on a 5x5 position and returns the board
// before, after the orb lands, and after each wave of explosions. All the
// squares at critical mass explode together in a wave; the chain stops
// when it is stable or one player is left.
func reaction(t *testing.T) []ChainReactionFrame {
	g := parseOrbs(t, "RB",
		"1R 2R 1B . .",
		"2B 3B 2R 1B .",
		"1R 2B 3R 2B 1B",
		". 1B 2B 3R 1R",
		"1B 1R . 1B .",
	)
	rows, cols := len(g), len(g[0])
	crit := func(i, j int) int {
		n := 4
		if i == 0 || i == rows-1 {
			n--
		}
		if j == 0 || j == cols-1 {
			n--
		}
		return n
	}
	clone := func() [][]Orbs {
		c := make([][]Orbs, rows)
		for i := range g {
			c[i] = append([]Orbs(nil), g[i]...)
		}
		return c
	}
	frames := []ChainReactionFrame{{Grid: clone(), Explode: []Cell{}, Caption: "R to play"}}
	g[0][1].Count++
	frames = append(frames, ChainReactionFrame{Grid: clone(), Move: Cell{5, 2}, Caption: "R plays 5 2"})
	for wave := 1; ; wave++ {
		var boom [][2]int
		owners := map[int]bool{}
		for i := range g {
			for j := range g[i] {
				if g[i][j].Count > 0 {
					owners[g[i][j].Owner] = true
				}
				if g[i][j].Count >= crit(i, j) {
					boom = append(boom, [2]int{i, j})
				}
			}
		}
		if len(boom) == 0 || len(owners) < 2 {
			frames[len(frames)-1].Explode = []Cell{}
			break
		}
		for _, b := range boom {
			o := g[b[0]][b[1]]
			g[b[0]][b[1]].Count -= crit(b[0], b[1])
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				i, j := b[0]+d[0], b[1]+d[1]
				if i >= 0 && i < rows && j >= 0 && j < cols {
					g[i][j] = Orbs{Count: g[i][j].Count + 1, Owner: o.Owner}
				}
			}
		}
		frames = append(frames, ChainReactionFrame{Grid: clone(), Caption: fmt.Sprintf("wave %d: %d exploded", wave, len(boom))})
	}
	return frames
}
