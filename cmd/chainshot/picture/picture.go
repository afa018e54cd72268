package picture

import (
	"errors"
	"image"
	"image/color"
	"strings"
)

// Options tune a picture. The zero value gives each game's defaults.
type Options struct {
	// Cell is the size of a board square in pixels: 0 picks the game's
	// default (for ChainShot from 36 on small boards down to 20 on 24x24
	// and larger; for Chain Reaction 40, down to 24 on boards of 20 and
	// more; 48 for Expendibots).
	Cell int
	// Delay is how long each GIF frame shows, in hundredths of a second:
	// 0 picks the game's default (60 for ChainShot, 90 for the others).
	Delay int
	// Hold is how long the last GIF frame shows, in hundredths of a
	// second: 0 picks 400 (4 s).
	Hold int
	// Title is drawn above every frame, e.g. the file name; "" draws none.
	Title string
	// Players names the Chain Reaction players by index, one letter each
	// ("RG" means owner 0 is R, owner 1 is G). Known letters get their
	// colour (R red, G green, B blue, O orange, Y yellow, P purple,
	// S/C sky blue, K/L black); others get the colours left, in order.
	// "" names them 1 to 8.
	Players string
	// PerRow is how many frames a Chain Reaction strip puts in one row
	// before it starts another: 0 picks 5.
	PerRow int
}

// Cell is a square of a ChainShot or Chain Reaction board, numbered as
// the games number moves: 1-based, row 1 at the BOTTOM, column 1 at the
// LEFT. The zero Cell is no cell.
type Cell struct {
	Row, Col int
}

// errNoFrames is returned for an animation of no frames.
var errNoFrames = errors.New("picture: no frames to draw")

// Colours shared by all pictures.
var (
	paper     = rgb(0xffffff) // around the board
	ink       = rgb(0x1f1f1f) // captions
	coordInk  = rgb(0x707070) // margin coordinates
	boardBg   = rgb(0xeeeae0) // an empty square
	gridLine  = rgb(0xd6d0c2)
	white     = rgb(0xffffff)
	highlight = rgb(0xf0e442) // Okabe–Ito yellow
	burstOut  = rgb(0xe69f00) // Okabe–Ito orange
	burstIn   = rgb(0xd55e00) // Okabe–Ito vermillion
)

const (
	pad       = 8   // space around the picture's parts
	maxCapW   = 520 // captions wrap past this width, if the board is narrower
	capScale  = 2   // captions are drawn twice the font's size
	coordGap  = 4   // between the board and its margin numbers
	titleGap  = 4   // between caption lines and the board
	holdDelay = 400 // the last GIF frame, in 1/100 s
)

// textBlock is wrapped text: its lines and scale.
type textBlock struct {
	lines []string
	scale int
}

func (t textBlock) height() int {
	if len(t.lines) == 0 {
		return 0
	}
	return len(t.lines)*lineSpace*t.scale - (lineSpace-glyphH)*t.scale
}

// naturalWidth returns the width of the longest line of s, unwrapped.
func naturalWidth(s string, scale int) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, textWidth(l, scale))
	}
	return w
}

// wrap breaks s into lines no wider than width pixels at scale, at spaces
// where it can; "\n" always breaks.
func wrap(s string, width, scale int) textBlock {
	t := textBlock{scale: scale}
	if s == "" {
		return t
	}
	maxChars := max(1, (width/scale+1)/advance)
	for _, para := range strings.Split(s, "\n") {
		if len([]rune(para)) <= maxChars { // fits: keep its spacing
			t.lines = append(t.lines, para)
			continue
		}
		line := []rune{}
		for _, word := range strings.Fields(para) {
			w := []rune(word)
			switch {
			case len(line) == 0:
				line = append(line, w...)
			case len(line)+1+len(w) <= maxChars:
				line = append(append(line, ' '), w...)
			default:
				t.lines = append(t.lines, string(line))
				line = append(line[:0:0], w...)
			}
			for len(line) > maxChars {
				t.lines = append(t.lines, string(line[:maxChars]))
				line = line[maxChars:]
			}
		}
		t.lines = append(t.lines, string(line))
	}
	return t
}

// draw draws the block's lines centred on cx, the first line's top at y.
func (t textBlock) draw(img *image.RGBA, cx, y int, c color.RGBA) {
	for _, l := range t.lines {
		drawText(img, cx-textWidth(l, t.scale)/2, y, l, t.scale, c)
		y += lineSpace * t.scale
	}
}

// header lays out the title and captions of a set of frames so that every
// frame has the same size: it returns the picture's width and the height
// of the header band, given the width the board needs.
func header(title string, captions []string, boardW int) (width, height int) {
	width = boardW
	natural := max(naturalWidth(title, capScale), 0)
	for _, c := range captions {
		natural = max(natural, naturalWidth(c, capScale))
	}
	width = max(width, min(natural+2*pad, maxCapW))
	lines := 0
	for _, c := range captions {
		lines = max(lines, len(wrap(c, width-2*pad, capScale).lines))
	}
	height = pad
	if title != "" {
		height += wrap(title, width-2*pad, capScale).height() + lineSpace
	}
	if lines > 0 {
		height += lines*lineSpace*capScale - (lineSpace-glyphH)*capScale + titleGap
	}
	return width, height
}

// drawHeader draws the title and caption at the top of img.
func drawHeader(img *image.RGBA, title, caption string) {
	w := img.Rect.Dx()
	cx, y := img.Rect.Min.X+w/2, img.Rect.Min.Y+pad
	if title != "" {
		t := wrap(title, w-2*pad, capScale)
		t.draw(img, cx, y, coordInk)
		y += t.height() + lineSpace
	}
	wrap(caption, w-2*pad, capScale).draw(img, cx, y, ink)
}

// orDefault returns v, or def when v is zero or less.
func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}
