package picture_test

import (
	"bytes"
	"fmt"
	"image/gif"
	"image/png"
	"log"

	"chainshot/internal/picture"
)

// A ChainShot board as a PNG, with the group that move "4 2" would remove
// highlighted.
func ExampleChainShotPNG() {
	var buf bytes.Buffer
	err := picture.ChainShotPNG(&buf, picture.ChainShotFrame{
		Grid: []string{ // top row first, as in a data-set file
			"RGB",
			"RRB",
			"GRO",
		},
		Pick:    picture.Cell{Row: 2, Col: 2},
		Caption: "move 1: 2 2  +1  total 1",
	}, picture.Options{})
	if err != nil {
		log.Fatal(err)
	}
	cfg, _ := png.DecodeConfig(&buf)
	fmt.Println(cfg.Width, "x", cfg.Height)
	// Output: 360 x 200
}

// A two-move ChainShot replay: one frame per move, then the final board.
func ExampleChainShotGIF() {
	frames := []picture.ChainShotFrame{
		{Grid: []string{"RB", "RB"}, Pick: picture.Cell{Row: 1, Col: 1}, Caption: "move 1/2: 1 1  +0  total 0"},
		{Grid: []string{".B", ".B"}, Pick: picture.Cell{Row: 1, Col: 2}, Caption: "move 2/2: 1 2  +0  total 0"},
		{Grid: []string{"..", ".."}, Caption: "cleared: 0 beads left, 0 points"},
	}
	var buf bytes.Buffer
	if err := picture.ChainShotGIF(&buf, frames, picture.Options{Title: "tiny.txt"}); err != nil {
		log.Fatal(err)
	}
	g, _ := gif.DecodeAll(&buf)
	fmt.Println(len(g.Image), "frames; the last held", g.Delay[len(g.Delay)-1], "hundredths of a second")
	// Output: 3 frames; the last held 400 hundredths of a second
}

// A chain reaction, wave by wave, as a strip: R adds an orb to the
// top-left corner, which reaches its critical mass of 2 and explodes.
func ExampleChainReactionStripPNG() {
	R, B := 0, 1 // indexes into Options.Players
	frames := []picture.ChainReactionFrame{
		{Grid: [][]picture.Orbs{
			{{Count: 2, Owner: R}, {Count: 1, Owner: B}},
			{{}, {Count: 1, Owner: B}},
		}, Move: picture.Cell{Row: 2, Col: 1}, Caption: "R plays 2 1"},
		{Grid: [][]picture.Orbs{
			{{}, {Count: 2, Owner: R}},
			{{Count: 1, Owner: R}, {Count: 1, Owner: B}},
		}, Caption: "wave 1"},
		{Grid: [][]picture.Orbs{
			{{Count: 1, Owner: R}, {}},
			{{Count: 1, Owner: R}, {Count: 2, Owner: R}},
		}, Explode: []picture.Cell{}, Caption: "wave 2: R wins"},
	}
	var buf bytes.Buffer
	err := picture.ChainReactionStripPNG(&buf, frames, picture.Options{Players: "RB", Title: "R plays 2 1"})
	if err != nil {
		log.Fatal(err)
	}
	cfg, _ := png.DecodeConfig(&buf)
	fmt.Println(cfg.Width, "x", cfg.Height)
	// Output: 498 x 226
}

// Expendibots actions: a move, then a boom that takes the black token.
func ExampleExpendibotsGIF() {
	frames := []picture.ExpendibotsFrame{
		{Stacks: []picture.Stack{{X: 0, Y: 0, N: 1}, {X: 2, Y: 2, N: 1, Black: true}}, Caption: "start"},
		{Stacks: []picture.Stack{{X: 1, Y: 1, N: 1}, {X: 2, Y: 2, N: 1, Black: true}},
			From: &picture.Square{X: 0, Y: 0}, To: &picture.Square{X: 1, Y: 1}, Caption: "1/2: MOVE 1 from (0, 0) to (1, 1)."},
		{Boom: []picture.Square{{X: 1, Y: 1}, {X: 2, Y: 2}}, Caption: "2/2: BOOM at (1, 1)."},
	}
	var buf bytes.Buffer
	if err := picture.ExpendibotsGIF(&buf, frames, picture.Options{}); err != nil {
		log.Fatal(err)
	}
	g, _ := gif.DecodeAll(&buf)
	fmt.Println(len(g.Image), "frames")
	// Output: 3 frames
}
