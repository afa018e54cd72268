package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"strings"
	"testing"
)

// decoded is a picture as a reader sees it: PNG, or a GIF's first frame.
func decoded(t *testing.T, data []byte) image.Image {
	t.Helper()
	if bytes.HasPrefix(data, []byte("GIF")) {
		g, err := gif.DecodeAll(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return g.Image[0]
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// inkRows returns the rows of r (and the columns) holding pixels that
// match; -1 when none do.
func inkBounds(img image.Image, r image.Rectangle, match func(r, g, b uint32) bool) (top, bottom, left, right int) {
	top, bottom, left, right = -1, -1, -1, -1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if !match(cr>>8, cg>>8, cb>>8) {
				continue
			}
			if top < 0 {
				top = y
			}
			bottom = y
			if left < 0 || x < left {
				left = x
			}
			right = max(right, x)
		}
	}
	return
}

func darkish(r, g, b uint32) bool { return r < 110 && g < 110 && b < 110 }
func whitish(r, g, b uint32) bool { return r > 200 && g > 200 && b > 200 }

// titleIsRoomy checks a picture's title band: the title is on one line
// and keeps at least 16 pixels of paper left and right.
func titleIsRoomy(t *testing.T, name string, img image.Image, title string) {
	t.Helper()
	band := image.Rect(0, 0, img.Bounds().Dx(), topPad+textHeight(titleStyle)+1)
	top, bottom, left, right := inkBounds(img, band, darkish)
	if top < 0 {
		t.Errorf("%s: no title drawn", name)
		return
	}
	if left < 16 || img.Bounds().Dx()-1-right < 16 {
		t.Errorf("%s: %d px wide, the title runs from x=%d to x=%d: want 16 px of paper each side", name, img.Bounds().Dx(), left, right)
	}
	if n := len(wrap(title, img.Bounds().Dx()-2*textPad, titleStyle).lines); n != 1 {
		t.Errorf("%s: the title %q takes %d lines", name, title, n)
	}
	if bottom-top+1 > textHeight(titleStyle) {
		t.Errorf("%s: the title is %d px high", name, bottom-top+1)
	}
}

// TestChainShotLettersReadableAtEverySize draws ChainShot boards of every
// size from 5x5 to 25x25 (and long thin ones) as a PNG and as a GIF, and
// measures them: a bead's letter is at least 8 pixels high (a 25x25 board
// once had 9-pixel letters, 6 high, in a 540-pixel picture), and the title
// is on one line with room on both sides (small GIFs had titles touching
// their edges).
func TestChainShotLettersReadableAtEverySize(t *testing.T) {
	sizes := [][2]int{{5, 25}, {25, 5}, {10, 20}}
	for n := 5; n <= 25; n++ {
		sizes = append(sizes, [2]int{n, n})
	}
	for _, sz := range sizes {
		rows, cols := sz[0], sz[1]
		grid := make([]string, rows)
		for i := range grid {
			grid[i] = strings.Repeat("B", cols)
		}
		title := fmt.Sprintf("ladder-%dx%d-5c", rows, cols)
		f := ChainShotFrame{Grid: grid, Caption: fmt.Sprintf("%d beads", rows*cols)}
		var p, g bytes.Buffer
		if err := ChainShotPNG(&p, f, Options{Title: title}); err != nil {
			t.Fatal(err)
		}
		if err := ChainShotGIF(&g, []ChainShotFrame{f, f}, Options{Title: title}); err != nil {
			t.Fatal(err)
		}
		l, err := newChainShotLayout([]ChainShotFrame{f}, Options{Title: title})
		if err != nil {
			t.Fatal(err)
		}
		for _, pic := range []struct {
			kind string
			data []byte
		}{{"PNG", p.Bytes()}, {"GIF", g.Bytes()}} {
			name := fmt.Sprintf("%dx%d %s", rows, cols, pic.kind)
			img := decoded(t, pic.data)
			titleIsRoomy(t, name, img, title)
			// The letter of the bead in the middle: white on blue.
			i, j := rows/2, cols/2
			c := l.cell
			// Inside the disc (radius 0.42 of a square) only.
			in := c * 3 / 10
			bead := image.Rect(l.x0+j*c+in, l.y0+i*c+in, l.x0+(j+1)*c-in, l.y0+(i+1)*c-in)
			top, bottom, _, _ := inkBounds(img, bead, whitish)
			if h := bottom - top + 1; top < 0 || h < 8 {
				t.Errorf("%s: a bead's letter is %d px high in %d-px squares, want 8 at least", name, h, c)
			}
			if w := img.Bounds().Dx(); w > 900 {
				t.Errorf("%s: %d px wide", name, w)
			}
		}
	}
}

// TestChainReactionLettersReadableAtEverySize draws Chain Reaction boards
// from 2x2 to 20x20 as a GIF: the owner's letter in a square's corner is
// at least 8 pixels high, and the title has room.
func TestChainReactionLettersReadableAtEverySize(t *testing.T) {
	for n := 2; n <= 20; n++ {
		grid := make([][]Orbs, n)
		for i := range grid {
			grid[i] = make([]Orbs, n)
			for j := range grid[i] {
				grid[i][j] = Orbs{Count: 1, Owner: (i + j) % 2}
			}
		}
		title := "Chain reaction after R plays 1 1"
		f := ChainReactionFrame{Grid: grid, Explode: []Cell{}, Caption: "R to play 1 1"}
		var g bytes.Buffer
		if err := ChainReactionGIF(&g, []ChainReactionFrame{f, f}, Options{Title: title, Players: "RB"}); err != nil {
			t.Fatal(err)
		}
		l, err := newChainReactionLayout([]ChainReactionFrame{f}, title, minWidth, Options{Players: "RB"})
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%dx%d GIF", n, n)
		img := decoded(t, g.Bytes())
		titleIsRoomy(t, name, img, title)
		// The owner letter: dark ink in the top-left corner of the
		// top-left square, above its orb.
		c := l.cell
		corner := image.Rect(l.x0+2, l.y0+1, l.x0+c/2, l.y0+4+faceFor(ownerStyle(c)).ascent)
		top, bottom, _, _ := inkBounds(img, corner, darkish)
		if h := bottom - top + 1; top < 0 || h < 8 {
			t.Errorf("%s: the owner's letter is %d px high in %d-px squares, want 8 at least", name, h, c)
		}
	}
}

// TestExpendibotsTitleHasRoom draws an Expendibots picture with a short
// and a long title: each on one line, with room on both sides.
func TestExpendibotsTitleHasRoom(t *testing.T) {
	for _, title := range []string{"a", "custom-test-level-9", "Expendibots: a rather long title for a board picture"} {
		var g bytes.Buffer
		f := ExpendibotsFrame{Stacks: []Stack{{X: 1, Y: 1, N: 1}}, Caption: "start"}
		if err := ExpendibotsGIF(&g, []ExpendibotsFrame{f, f}, Options{Title: title}); err != nil {
			t.Fatal(err)
		}
		titleIsRoomy(t, title, decoded(t, g.Bytes()), title)
	}
}

// TestLeastSquareSetsTheLeastLetter: the least default square is the
// least whose bead letter is minLetter pixels (a square one pixel smaller
// would set it smaller).
func TestLeastSquareSetsTheLeastLetter(t *testing.T) {
	if got := float64(chainShotMinCell) * beadLetter; got < minLetter {
		t.Errorf("a %d-px square sets a %.1f-px letter, under %d", chainShotMinCell, got, minLetter)
	}
	if got := float64(chainShotMinCell-1) * beadLetter; got >= minLetter {
		t.Errorf("a %d-px square would already set a %.1f-px letter: the least square is smaller", chainShotMinCell-1, got)
	}
}
