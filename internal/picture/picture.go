package picture

import (
	"errors"
	"image"
)

// Options tune a picture. The zero value gives each game's defaults.
type Options struct {
	// Cell is the size of a board square in pixels: 0 picks the game's
	// default, which keeps the letter on a square readable (minLetter):
	// for ChainShot 44 on small boards down to 28 on 20x20 and larger;
	// for Chain Reaction 40 down to 32 on 15x15 and larger; 48 for
	// Expendibots.
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
	// ExplodeLabel is the Chain Reaction legend's text for the marked
	// squares (ChainReactionFrame.Explode): "" says "about to explode".
	ExplodeLabel string
	// MoveLabel is the Chain Reaction legend's text for the marker on the
	// square just played (ChainReactionFrame.Move): "" says "just played".
	MoveLabel string
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
	pad       = 8    // space around the picture's parts
	textPad   = 20   // at least this much paper left and right of a title or caption
	topPad    = 12   // above the title
	minWidth  = 360  // a picture is at least this wide, so that a title has room
	maxCapW   = 600  // captions wrap past this width, if the board is narrower
	maxWordW  = 1600 // a picture widens for a long word (a file name) up to this
	coordGap  = 4    // between the board and its margin numbers
	titleGap  = 8    // between the title, the caption lines and the board
	holdDelay = 400  // the last GIF frame, in 1/100 s
)

// minLetter is the least size, in pixels, of the letter on a square (a
// ChainShot bead's colour, a Chain Reaction owner): smaller reads badly
// at 100%. Default square sizes keep every letter at least this large.
const minLetter = 12

// header lays out the title and captions of a set of frames so that every
// frame has the same size: it returns the picture's width and the height
// of the header band, given the width the board needs. The picture is at
// least minW wide (minWidth for a whole picture, less for a panel of a
// strip), wide enough for the title and captions on one line
// each up to maxCapW, and at least as wide as their longest word (up to
// maxWordW), so that wrapping never cuts a word; they keep textPad of
// paper on each side.
func header(title string, captions []string, boardW, minW int) (width, height int) {
	natural := naturalWidth(title, titleStyle)
	words := longestWord(title, titleStyle)
	for _, c := range captions {
		natural = max(natural, naturalWidth(c, captionStyle))
		words = max(words, longestWord(c, captionStyle))
	}
	width = max(boardW, minW, min(natural+2*textPad, maxCapW), min(words+2*textPad, maxWordW))
	lines := 0
	for _, c := range captions {
		lines = max(lines, len(wrap(c, width-2*textPad, captionStyle).lines))
	}
	height = topPad
	if title != "" {
		height += wrap(title, width-2*textPad, titleStyle).height() + titleGap
	}
	if lines > 0 {
		height += (lines-1)*lineHeight(captionStyle) + textHeight(captionStyle) + titleGap
	}
	return width, height
}

// drawHeader draws the title and caption at the top of img.
func drawHeader(img *image.RGBA, title, caption string) {
	w := img.Rect.Dx()
	cx, y := img.Rect.Min.X+w/2, img.Rect.Min.Y+topPad
	if title != "" {
		t := wrap(title, w-2*textPad, titleStyle)
		t.draw(img, cx, y, ink)
		y += t.height() + titleGap
	}
	wrap(caption, w-2*textPad, captionStyle).draw(img, cx, y, ink)
}

// orDefault returns v, or def when v is zero or less.
func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// drawCoords draws the margin coordinates of a board of rows x cols
// squares of cell pixels whose top-left corner is (x0, y0): rowLabel(i)
// left of grid row i (counted from the top), colLabel(j) below column j.
func drawCoords(img *image.RGBA, x0, y0, rows, cols, cell int, rowLabel, colLabel func(int) string) {
	st := coordStyle(cell)
	for i := 0; i < rows; i++ {
		s := rowLabel(i)
		drawTextMiddle(img, x0-coordGap-textWidth(s, st), y0+i*cell+cell/2, s, st, coordInk)
	}
	bottom := y0 + rows*cell + coordGap
	for j := 0; j < cols; j++ {
		s := colLabel(j)
		drawText(img, x0+j*cell+(cell-textWidth(s, st))/2+1, bottom, s, st, coordInk)
	}
}

// coordMargins returns the width of the row numbers' margin (left of the
// board, with its gap) and the height of the column numbers' band (below
// it) for a board of rows rows whose largest label is widest.
func coordMargins(widest string, cell int) (side, below int) {
	st := coordStyle(cell)
	return textWidth(widest, st) + coordGap + pad, coordGap + textHeight(st) + pad
}
