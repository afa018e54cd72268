package picture

import (
	"image"
	"image/color"
	"testing"
)

// missing returns the colours of img that pal lacks, with how many
// pixels have each.
func missing(img *image.RGBA, pal color.Palette) map[color.RGBA]int {
	in := map[color.RGBA]bool{}
	for _, c := range pal {
		in[c.(color.RGBA)] = true
	}
	out := map[color.RGBA]int{}
	for i := 0; i < len(img.Pix); i += 4 {
		c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
		if !in[c] {
			out[c]++
		}
	}
	return out
}

// TestPalettesHoldDrawnColours checks that each game's palette holds the
// colours its pictures draw, text included, so that neither PNG nor GIF
// has to replace a colour by its nearest. A few pixels where two smoothed
// edges overlap (an arrow's head on its ring) blend twice and are let
// pass: at most one in 5,000.
func TestPalettesHoldDrawnColours(t *testing.T) {
	check := func(name string, img *image.RGBA, pal color.Palette) {
		t.Helper()
		m := missing(img, pal)
		n := 0
		for _, k := range m {
			n += k
		}
		if n*5000 > img.Rect.Dx()*img.Rect.Dy() {
			t.Errorf("%s: %d colours (%d pixels) are not in the palette, e.g. %v", name, len(m), n, m)
		}
	}
	cs := replay(t, 8, 9, 6)
	cl, err := newChainShotLayout(cs, Options{Title: "title"})
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, cl.width, cl.height))
	for _, f := range cs {
		cl.draw(img, f, "title", make([]bool, cl.rows*cl.cols))
		check("chainshot", img, chainShotPalette)
	}
	react := chainFrames(t)
	react = append(react, ChainReactionFrame{Grid: parseOrbs(t, "RBGOPSYK", "1R 2B 3G 4O", "5P 1S 2Y 3K", "12R 9B 7G 1K")})
	rl, err := newChainReactionLayout(react, "title", minWidth, Options{Players: "RBGOPSYK"})
	if err != nil {
		t.Fatal(err)
	}
	img = image.NewRGBA(rl.gifBounds())
	for _, f := range react {
		rl.drawGIFFrame(img, f, "title")
		check("chain reaction", img, chainReactionPalette)
	}
	boom := boomFrames()
	bl, err := newExpendibotsLayout(boom, Options{Title: "title"})
	if err != nil {
		t.Fatal(err)
	}
	img = image.NewRGBA(image.Rect(0, 0, bl.width, bl.height))
	for _, f := range boom {
		bl.draw(img, f, "title")
		check("expendibots", img, expendibotsPalette)
	}
}
